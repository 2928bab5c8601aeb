/**
 * Validation of a GBA situation given as plain data (a situation file, a scenario, the web form): units
 * and leaders as objects, defaults filled in, then the rule-level checks of legality.ts. Every field
 * carries its metadata (core/fields.ts), so the form, the JSON Schema and the docs table come from here.
 */
import { z } from 'zod';
import { InputError } from '../../core/errors.ts';
import { field } from '../../core/fields.ts';
import { parseWith } from '../../core/schema-issues.ts';
import { DEFAULT_GBA_CHARTS, FACINGS, type Facing, type GbaCharts } from './charts.ts';
import { checkGbaSituation } from './legality.ts';
import type { GbaSide, GbaSituation, GbaUnit } from './situation.ts';
import {
  CLASS_OF_TYPE,
  isCavalry,
  MISSILE_CLASSES,
  MISSILE_SUPPLIES,
  UNIT_TYPES,
  type MissileClass,
  type MissileSupply,
  type UnitClass,
  type UnitType,
} from './units.ts';

const int = (min: number, max: number) => z.number().int().min(min).max(max);

/** GBA 5e 2.22 unit types, as the counters name them. */
const TYPE_NAMES: Record<UnitType, string> = {
  PH: 'PH phalanx',
  HI: 'HI heavy infantry',
  MI: 'MI medium infantry',
  LI: 'LI light infantry',
  LP: 'LP light phalanx',
  SK: 'SK skirmishers',
  'SK*': 'SK* shock skirmishers',
  HC: 'HC heavy cavalry',
  LN: 'LN lancers',
  LC: 'LC light cavalry',
  EL: 'EL elephants',
  CH: 'CH chariots',
  AT: 'AT artillery',
};
const CLASS_NAMES: Record<UnitClass, string> = {
  HO: 'HO hoplites',
  HY: 'HY hypaspists',
  CA: 'CA cardaces',
  CAT: 'CAT cataphracts',
};
const MISSILE_NAMES: Record<MissileClass, string> = {
  A: 'A archers',
  MA: 'MA mounted archers',
  S: 'S slingers',
  J: 'J javelins',
  MJ: 'MJ mounted javelins',
  ES: 'ES elephant screen',
  B: 'B bolts',
};
const SUPPLY_NAMES: Record<MissileSupply, string> = { full: 'full', low: 'Missile Low', no: 'Missile No' };
const typeIs =
  (...types: string[]) =>
  (unit: Readonly<Record<string, unknown>>) =>
    types.includes(String(unit.type));

const unitInput = z
  .object({
    name: field(z.string().max(60).optional(), {
      label: 'Name',
      kind: 'text',
      help: 'Counter name (reports only)',
    }),
    type: field(z.enum(UNIT_TYPES as [UnitType, ...UnitType[]]), {
      label: 'Type',
      kind: 'choice',
      choices: UNIT_TYPES.map((t) => ({ value: t, label: TYPE_NAMES[t] })),
      positional: true,
      help: 'Unit type (2.22)',
    }),
    class: field(z.enum(['HO', 'HY', 'CA', 'CAT']).optional(), {
      label: 'Class',
      kind: 'choice',
      choices: (Object.keys(CLASS_NAMES) as UnitClass[]).map((c) => ({ value: c, label: CLASS_NAMES[c] })),
      none: 'No class',
      offer: (u) => ['HI', 'LP', 'HC'].includes(String(u.type)) || u.class !== undefined,
      help: 'Class within the type (2.22), for description',
    }),
    tq: field(int(1, 9), { label: 'TQ', kind: 'int', help: 'Printed Troop Quality' }),
    size: field(int(0, 30), { label: 'Size', kind: 'int', help: 'Printed Size' }),
    hits: field(int(0, 9).default(0), {
      label: 'Hits',
      kind: 'int',
      help: 'Cohesion hits already on it (below TQ, 10.14)',
    }),
    missile: field(z.enum(MISSILE_CLASSES as [MissileClass, ...MissileClass[]]).optional(), {
      label: 'Missile',
      kind: 'choice',
      choices: MISSILE_CLASSES.map((m) => ({ value: m, label: MISSILE_NAMES[m] })),
      none: 'No missiles',
      help: 'Missile class (2.21)',
    }),
    supply: field(z.enum(MISSILE_SUPPLIES as [MissileSupply, ...MissileSupply[]]).default('full'), {
      label: 'Supply',
      kind: 'choice',
      group: 'more',
      choices: MISSILE_SUPPLIES.map((m) => ({ value: m, label: SUPPLY_NAMES[m] })),
      offer: (u) => u.missile !== undefined,
      help: 'Missile supply marker (8.17)',
    }),
    twoHex: field(z.boolean().optional(), {
      label: 'Two-hex',
      kind: 'bool',
      group: 'more',
      help: 'Two-hex counter (2.21); default: phalanxes',
    }),
    doubleDepth: field(z.boolean().default(false), {
      label: 'Double depth',
      kind: 'bool',
      group: 'more',
      offer: typeIs('PH'),
      help: 'Double-depth phalanx (9.13)',
    }),
    moved: field(z.boolean().default(false), {
      label: 'Moved',
      kind: 'bool',
      help: 'Attacker: moved to shock, Shock-Must Check (7.32)',
    }),
    longCharge: field(z.boolean().default(false), {
      label: 'Long charge',
      kind: 'bool',
      group: 'more',
      offer: typeIs('CH'),
      help: 'Chariot attacker that moved 4+ hexes: no pre-shock check (9.13)',
    }),
    ma: field(int(1, 12).optional(), {
      label: 'MA',
      kind: 'int',
      group: 'more',
      help: 'Printed Movement Allowance; needed for Harassment & Dispersal (8.31)',
    }),
    chargeFormation: field(z.boolean().default(false), {
      label: 'Charge Formation',
      kind: 'bool',
      group: 'more',
      offer: typeIs('HC', 'LN', 'LC'),
      help: 'Cavalry in Charge Formation (11.9): may pursue a routed defender (9.4)',
    }),
    advanceHits: field(int(0, 9).default(0), {
      label: 'Advance hits',
      kind: 'int',
      group: 'more',
      help: 'Attacker: hits it takes advancing after combat when the defender routs (10.15)',
    }),
  })
  .strict();

const leaderInput = z
  .object({
    name: field(z.string().max(60).optional(), {
      label: 'Name',
      kind: 'text',
      help: 'Leader name (reports only)',
    }),
    charisma: field(int(0, 9), { label: 'Charisma', kind: 'int', help: 'Charisma rating (9.16 step 3)' }),
    personalCombat: field(int(0, 9).optional(), {
      label: 'Personal combat',
      kind: 'int',
      help: 'Personal Combat rating; leave out for leaders who have none (9.23)',
    }),
  })
  .strict();

const sideInput = z
  .object({
    units: field(z.array(unitInput).min(1).max(6), {
      label: 'Units',
      kind: 'list',
      help: 'The units in the combat; the first is the chosen one (9.15, 9.16)',
    }),
    leader: field(leaderInput.optional(), {
      label: 'Leader',
      kind: 'object',
      help: 'The leader whose Charisma this side uses',
    }),
    inEnemyZoc: field(z.boolean().optional(), {
      label: 'In enemy ZOC',
      kind: 'bool',
      group: 'more',
      help: 'Override whether its units are in an enemy ZOC for the 9.18 check',
    }),
  })
  .strict();

const bool = (label: string, help: string, modes: string[], group: 'main' | 'more' = 'main') =>
  field(z.boolean().optional(), { label, kind: 'bool', help, modes, group });

/** Combat-wide fields: the mode, and each mode's own fields (refused in the other mode). */
const combatFields = {
  mode: field(z.enum(['shock', 'missile', 'harassment']).default('shock'), {
    label: 'Combat',
    kind: 'choice',
    choices: [
      { value: 'shock', label: 'Shock (9.0)' },
      { value: 'missile', label: 'Missile fire (8.0)' },
      { value: 'harassment', label: 'Harassment & Dispersal (8.3)' },
    ],
    help: 'Shock combat (default), missile fire or Harassment & Dispersal',
  }),
  facing: field(z.enum(FACINGS as [Facing, ...Facing[]]).optional(), {
    label: 'Facing',
    kind: 'choice',
    modes: ['shock'],
    choices: FACINGS.map((f) => ({ value: f, label: `${f[0]!.toUpperCase()}${f.slice(1)}` })),
    help: 'Shock: through which facing of the chosen defender it strikes (default front)',
  }),
  attackerFlankThreatened: bool(
    'Attacker flank threatened',
    'Shock: the attacker is in an enemy ZOC on its flank or rear',
    ['shock'],
    'more',
  ),
  entryFire: bool(
    'Entry Reaction Fire',
    "Shock: B's missile units fire at the attacker that moved into their ZOC, before the shock (8.21)",
    ['shock'],
  ),
  terrainShift: field(int(-12, 12).optional(), {
    label: 'Terrain shift',
    kind: 'int',
    group: 'more',
    modes: ['shock'],
    help: 'Shock: the terrain column shift from your Shock CRT card (+ is right)',
  }),
  defenderHitsTo: field(z.number().int().min(0).max(5).optional(), {
    label: 'Defender hits to',
    kind: 'int',
    group: 'more',
    modes: ['shock'],
    help: 'Shock: the defending unit (0-based) a two-hex attacker gives every hit to (10.13)',
  }),
  range: field(int(1, 10).optional(), {
    label: 'Range',
    kind: 'int',
    modes: ['missile', 'harassment'],
    help: 'Missile: range in hexes (1 = adjacent); H&D: hexes to the target (2, LC 2-4)',
  }),
  downhill: bool('Downhill', 'Missile: firing at a lower elevation (8.16)', ['missile']),
  targetInWoods: bool('Target in woods', 'Missile, H&D: the target is in woods', ['missile', 'harassment']),
  throughFront: bool(
    'Through front',
    "Missile, H&D: the fire comes through the target's front (default yes)",
    ['missile', 'harassment'],
  ),
  firerMoved: bool('Firer moved', 'Missile: the firer moved or will move this Orders Phase', ['missile']),
  returnFire: bool('Return Fire', 'Missile: the target fires back if it still stands (8.23)', ['missile']),
  firerInWoods: bool(
    'Firer in woods',
    'Missile: the firer is in woods (for the Return Fire)',
    ['missile'],
    'more',
  ),
  reaction: bool('Reaction fire', "H&D: B's units fire back at the same time (8.33; default yes)", [
    'harassment',
  ]),
};

/** The combat-wide fields each mode takes; any other mode's field is refused. */
const MODE_FIELDS = {
  shock: ['facing', 'attackerFlankThreatened', 'terrainShift', 'defenderHitsTo', 'entryFire'],
  missile: ['range', 'downhill', 'targetInWoods', 'throughFront', 'firerMoved', 'returnFire', 'firerInWoods'],
  harassment: ['range', 'targetInWoods', 'throughFront', 'reaction'],
} as const;
const ALL_MODE_FIELDS = [...new Set(Object.values(MODE_FIELDS).flat())];

export const gbaSideSchema = sideInput;
export const gbaCombatSchema = z.object(combatFields).strict();
export const gbaSituationSchema = z
  .object({ rules: z.literal('gba-5').default('gba-5'), ...combatFields, a: sideInput, b: sideInput })
  .strict();

type UnitInput = z.infer<typeof unitInput>;
type SideInput = z.infer<typeof sideInput>;

const fail = (path: readonly (string | number)[], detail: string): never => {
  throw new InputError(detail, { path });
};

function toUnit(u: UnitInput, path: readonly (string | number)[]): GbaUnit {
  if (u.hits >= u.tq) fail([...path, 'hits'], `must be below its TQ of ${u.tq} (10.14)`);
  if (u.class && CLASS_OF_TYPE[u.class] !== u.type)
    fail([...path, 'class'], `${u.class} is a class of ${CLASS_OF_TYPE[u.class]}`);
  if (u.doubleDepth && u.type !== 'PH') fail([...path, 'doubleDepth'], 'only a phalanx can be double depth');
  if (u.chargeFormation && !isCavalry(u.type))
    fail([...path, 'chargeFormation'], 'only cavalry (HC, LN, LC) form Charge Formation (9.4, 11.9)');
  const { twoHex, ...rest } = u;
  return { ...rest, twoHex: twoHex ?? u.type === 'PH' };
}

function toSide(s: SideInput, id: 'a' | 'b'): GbaSide {
  return {
    units: s.units.map((u, i) => toUnit(u, [id, 'units', i])),
    ...(s.leader ? { leader: s.leader } : {}),
    ...(s.inEnemyZoc !== undefined ? { inEnemyZoc: s.inEnemyZoc } : {}),
  };
}

/**
 * Validates and completes a GBA situation from plain data (JSON, YAML). Shape errors and the rule-level
 * checks of `checkGbaSituation` throw InputError with the field path.
 */
export function parseGbaSituation(input: unknown, charts: GbaCharts = DEFAULT_GBA_CHARTS): GbaSituation {
  const x = parseWith(gbaSituationSchema, input);
  const own: readonly string[] = MODE_FIELDS[x.mode];
  for (const k of ALL_MODE_FIELDS)
    if (x[k] !== undefined && !own.includes(k)) {
      const modes = Object.entries(MODE_FIELDS)
        .filter(([, fs]) => (fs as readonly string[]).includes(k))
        .map(([m]) => `"${m}"`);
      fail([k], `only for mode ${modes.join(' or ')}`);
    }
  const a = toSide(x.a, 'a');
  const b = toSide(x.b, 'b');
  let s: GbaSituation;
  if (x.mode === 'shock') {
    s = {
      rules: 'gba-5',
      mode: 'shock',
      a,
      b,
      facing: x.facing ?? 'front',
      attackerFlankThreatened: x.attackerFlankThreatened ?? false,
      terrainShift: x.terrainShift ?? 0,
      ...(x.defenderHitsTo !== undefined ? { defenderHitsTo: x.defenderHitsTo } : {}),
      entryFire: x.entryFire ?? false,
    };
  } else if (x.mode === 'harassment') {
    s = {
      rules: 'gba-5',
      mode: 'harassment',
      a,
      b,
      range: x.range ?? 2,
      targetInWoods: x.targetInWoods ?? false,
      throughFront: x.throughFront ?? true,
      reaction: x.reaction ?? true,
    };
  } else {
    if (x.range === undefined) fail(['range'], 'missile fire needs a range in hexes');
    s = {
      rules: 'gba-5',
      mode: 'missile',
      a,
      b,
      range: x.range as number,
      downhill: x.downhill ?? false,
      targetInWoods: x.targetInWoods ?? false,
      throughFront: x.throughFront ?? true,
      firerMoved: x.firerMoved ?? false,
      returnFire: x.returnFire ?? false,
      firerInWoods: x.firerInWoods ?? false,
    };
  }
  checkGbaSituation(s, charts);
  return s;
}

const UNIT_DEFAULTS: Readonly<Record<string, unknown>> = {
  hits: 0,
  supply: 'full',
  doubleDepth: false,
  moved: false,
  longCharge: false,
  chargeFormation: false,
  advanceHits: 0,
};

function unitToInput(u: GbaUnit): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(u)) {
    if (v === undefined || UNIT_DEFAULTS[k] === v) continue;
    if (k === 'twoHex' && v === (u.type === 'PH')) continue;
    out[k] = v;
  }
  return out;
}

/** The minimal situation-file object: parseGbaSituation(gbaToInput(s)) equals s. */
export function gbaToInput(s: GbaSituation): Record<string, unknown> {
  const side = (x: GbaSide) => ({
    units: x.units.map(unitToInput),
    ...(x.leader ? { leader: x.leader } : {}),
    ...(x.inEnemyZoc !== undefined ? { inEnemyZoc: x.inEnemyZoc } : {}),
  });
  const common = { rules: s.rules, mode: s.mode };
  if (s.mode === 'shock')
    return {
      ...common,
      ...(s.facing !== 'front' ? { facing: s.facing } : {}),
      ...(s.attackerFlankThreatened ? { attackerFlankThreatened: true } : {}),
      ...(s.terrainShift !== 0 ? { terrainShift: s.terrainShift } : {}),
      ...(s.defenderHitsTo !== undefined ? { defenderHitsTo: s.defenderHitsTo } : {}),
      ...(s.entryFire ? { entryFire: true } : {}),
      a: side(s.a),
      b: side(s.b),
    };
  if (s.mode === 'harassment')
    return {
      ...common,
      ...(s.range !== 2 ? { range: s.range } : {}),
      ...(s.targetInWoods ? { targetInWoods: true } : {}),
      ...(!s.throughFront ? { throughFront: false } : {}),
      ...(!s.reaction ? { reaction: false } : {}),
      a: side(s.a),
      b: side(s.b),
    };
  return {
    ...common,
    range: s.range,
    ...(s.downhill ? { downhill: true } : {}),
    ...(s.targetInWoods ? { targetInWoods: true } : {}),
    ...(!s.throughFront ? { throughFront: false } : {}),
    ...(s.firerMoved ? { firerMoved: true } : {}),
    ...(s.returnFire ? { returnFire: true } : {}),
    ...(s.firerInWoods ? { firerInWoods: true } : {}),
    a: side(s.a),
    b: side(s.b),
  };
}
