/**
 * One B&B combat as the rule set sees it (B&B 0.7 ch.7 "resolving a combat"): two bases and every
 * circumstance the combat factors, combat advantages, grade adjustments, cohesion effect and outcome
 * tables ask about. Plain data, JSON-serialisable. `parseBnbSituation` validates plain data
 * (a situation file, `odds` flags) and `bnbToInput` writes it back.
 */
import { z } from 'zod';
import { InputError } from '../../core/errors.ts';
import { field } from '../../core/fields.ts';
import { parseWith } from '../../core/schema-issues.ts';
import { formatBnbElement, parseBnbElement } from './notation.ts';
import type { BnbElement } from './troops.ts';

export const BNB_RULES_ID = 'bnb-0.7';
type BnbRulesId = typeof BNB_RULES_ID;

/**
 * Going a base stands in (B&B 0.7 ch.5 terrain). `brush` is the rough going that camel-like troops do
 * not count as difficult; `dunes` count as good going for Cm and LH(X) and difficult for everyone else
 * (docs/rulings.md, Blood and Blades "Dunes").
 */
export const BNB_GOINGS = ['good', 'rough', 'brush', 'difficult', 'dunes'] as const;
export type BnbGoing = (typeof BNB_GOINGS)[number];

/** Missile weapon of Bw and Ps (Bw rank support, Ps(O) support, LH outcome against Ps). */
export const BNB_WEAPONS = ['bow', 'crossbow', 'sling', 'other'] as const;
export type BnbWeapon = (typeof BNB_WEAPONS)[number];

/**
 * What stands in the path of a flight that it cannot avoid by a pivot of up to 90 degrees (B&B 0.7 ch.7
 * flee): nothing; enemy (friends in close combat count as enemy), which destroys the fleeing base; or
 * only enemy Ps, which destroys the fleeing base and those Ps.
 */
const BNB_FLIGHT_BLOCKS = ['none', 'enemy', 'psiloi'] as const;
export type BnbFlightBlock = (typeof BNB_FLIGHT_BLOCKS)[number];

/** A base behind the fighting base, front edge against its rear edge (B&B 0.7 ch.7 "support"). */
export interface BnbRearRank {
  readonly element: BnbElement;
  /** Default: the front base's going. */
  readonly going?: BnbGoing;
  /** Default 'bow'. */
  readonly weapon?: BnbWeapon;
  /** The army list explicitly allows this Ps(O) support (B&B 0.7 ch.7 tactical factors). */
  readonly listPermitted?: boolean;
}

export interface BnbSide {
  readonly element: BnbElement;
  readonly going: BnbGoing;
  /** For Bw and Ps: what they shoot with. */
  readonly weapon: BnbWeapon;
  /** 2nd and 3rd ranks, front to back (at most 2). */
  readonly rear: readonly BnbRearRank[];
  /** Close combat: fighting from upper ground (ch.6); counts only in its own bound. */
  readonly upperGround: boolean;
  /** Close combat: defending a river edge against a wading opponent (ch.6). */
  readonly defendingRiverEdge: boolean;
  /** Crossing a river away from a bridge (ch.5 river): must flee becomes spent. */
  readonly wader: boolean;
  /** Victim of dazzle (ch.5 dazzle): an advantage for its opponent. */
  readonly dazzled: boolean;
  /** It could not complete a recoil, for a reason other than leaving the table: an advantage for its opponent. */
  readonly recoilBlocked: boolean;
  /** A recoil would take it even partly over a long table edge: a recoil destroys it (ch.7 recoil). */
  readonly recoilOffTable: boolean;
  /** What blocks its flight, should it flee (ch.7 flee). */
  readonly flightBlocked: BnbFlightBlock;
  /** Close combat: how many of its flanks are overlapped (0-2). */
  readonly overlaps: 0 | 1 | 2;
  /** Close combat: flank attacked (ch.6). */
  readonly flankAttacked: boolean;
  /** Close combat: rear attacked (ch.6). */
  readonly rearAttacked: boolean;
  /** In group with front corners touching, on both flanks, the C-in-C or a strictly identical base (ch.7). */
  readonly cohesion: boolean;
  /** Shooting: in a wood or a built-up area. */
  readonly inWoodOrBua: boolean;
  /** Shooting, as primary shooter: second and third shooters (0-2), each a shooting advantage (ch.6). */
  readonly extraShooters: 0 | 1 | 2;
  /** Shooting, as primary shooter: a shooter is completely behind the target and shoots at its rear edge. */
  readonly shootingFromRear: boolean;
  /** Shooting, as primary shooter: shooting against the wind (ch.6). */
  readonly againstWind: boolean;
}

interface BnbSituationBase {
  readonly rules: BnbRulesId;
  /** Whose bound it is. */
  readonly bound: 'a' | 'b';
  readonly a: BnbSide;
  readonly b: BnbSide;
}

export interface BnbCloseSituation extends BnbSituationBase {
  readonly mode: 'close';
}

export interface BnbShootingSituation extends BnbSituationBase {
  readonly mode: 'shooting';
  /** Which sides shoot (only Bw shoot). A Bw shooting without being shot at ignores any outcome. */
  readonly shooters: 'a' | 'b' | 'both';
  /** It is raining (ch.5 rain): an advantage for whoever is shot at. */
  readonly raining: boolean;
}

export type BnbSituation = BnbCloseSituation | BnbShootingSituation;

const DEFAULT_BNB_SIDE: Omit<BnbSide, 'element'> = {
  going: 'good',
  weapon: 'bow',
  rear: [],
  upperGround: false,
  defendingRiverEdge: false,
  wader: false,
  dazzled: false,
  recoilBlocked: false,
  recoilOffTable: false,
  flightBlocked: 'none',
  overlaps: 0,
  flankAttacked: false,
  rearAttacked: false,
  cohesion: false,
  inWoodOrBua: false,
  extraShooters: 0,
  shootingFromRear: false,
  againstWind: false,
};

/** A side with every unspecified circumstance at its default. */
export function bnbSide(element: BnbElement, changes: Partial<Omit<BnbSide, 'element'>> = {}): BnbSide {
  return { ...DEFAULT_BNB_SIDE, ...changes, element };
}

/** Does side `id` shoot in this situation? */
export function shoots(s: BnbSituation, id: 'a' | 'b'): boolean {
  return s.mode === 'shooting' && (s.shooters === id || s.shooters === 'both');
}

const fail = (path: string, detail: string): never => {
  throw new InputError(detail, { path: path.split('.') });
};

const elementText = z.string().describe('A B&B base, e.g. "Reg Bd(O)" or "Irr Wb(S)"');
const element = elementText.transform((text, ctx): BnbElement => {
  try {
    return parseBnbElement(text);
  } catch (e) {
    ctx.addIssue({ code: 'custom', message: (e as Error).message });
    return z.NEVER;
  }
});

const GOING_LABELS: Record<BnbGoing, string> = {
  good: 'Good going',
  rough: 'Rough going',
  brush: 'Brush',
  difficult: 'Difficult going',
  dunes: 'Dunes',
};
const goingChoices = BNB_GOINGS.map((g) => ({ value: g, label: GOING_LABELS[g] }));
const weaponChoices = BNB_WEAPONS.map((w) => ({ value: w, label: w }));
const upTo2 = z.number().int().min(0).max(2);
const bool = () => z.boolean().default(false);
type TypeOf = (element: string) => string;
const typeIs =
  (...types: string[]) =>
  (o: Readonly<Record<string, unknown>>, typeOf: TypeOf) =>
    typeof o.element === 'string' && types.includes(typeOf(o.element));

/** A rear rank: its notation, or an object with the rank's own circumstances (B&B 0.7 ch.7 support). */
const rearRank = z.union([
  element,
  z
    .object({
      element: field(element, { label: 'Element', kind: 'element', flag: false }),
      going: field(z.enum(BNB_GOINGS).optional(), {
        label: 'Going',
        kind: 'choice',
        flag: false,
        choices: goingChoices,
        help: "Where it stands when not in the front base's going",
      }),
      weapon: field(z.enum(BNB_WEAPONS).optional(), {
        label: 'Weapon',
        kind: 'choice',
        flag: false,
        choices: weaponChoices,
        offer: typeIs('Bw', 'Ps'),
        help: 'Bw and Ps: what they shoot with (default bow)',
      }),
      listPermitted: field(z.boolean().optional(), {
        label: 'List permits',
        kind: 'bool',
        flag: false,
        offer: typeIs('Ps'),
        help: 'Ps(O): the army list expressly allows this support',
      }),
    })
    .strict(),
]);

const sideInput = z
  .object({
    element: field(element, { label: 'Base', kind: 'element', flag: false }),
    going: field(z.enum(BNB_GOINGS).default('good'), {
      label: 'Going',
      kind: 'choice',
      choices: goingChoices,
      help: 'Good, rough, brush, difficult going or dunes (B&B 0.7 ch.5)',
    }),
    weapon: field(z.enum(BNB_WEAPONS).default('bow'), {
      label: 'Weapon',
      kind: 'choice',
      choices: weaponChoices,
      offer: (o, typeOf) => typeIs('Bw', 'Ps')(o, typeOf) || o.weapon !== undefined,
      help: 'Bw and Ps: what they shoot with (default bow)',
    }),
    overlaps: field(upTo2.default(0), {
      label: 'Overlaps',
      kind: 'int',
      flag: 'overlapped',
      modes: ['close'],
      help: 'Close combat: flanks overlapped by enemy (0-2)',
    }),
    rear: field(z.array(rearRank).max(2).default([]), {
      label: 'Ranks behind',
      kind: 'ranks',
      max: 2,
      help: 'Base in the rank behind (repeat for the 3rd rank)',
    }),
    cohesion: field(bool(), {
      label: 'Cohesion',
      kind: 'bool',
      help: 'Front corners touching, on both flanks, the C-in-C or strictly identical bases (ch.7)',
    }),
    flankAttacked: field(bool(), {
      label: 'Flank attacked',
      kind: 'bool',
      modes: ['close'],
      help: 'Close combat: attacked in flank (ch.6)',
    }),
    rearAttacked: field(bool(), {
      label: 'Rear attacked',
      kind: 'bool',
      modes: ['close'],
      help: 'Close combat: attacked in rear (ch.6)',
    }),
    extraShooters: field(upTo2.default(0), {
      label: 'Extra shooters',
      kind: 'int',
      modes: ['shooting'],
      help: 'Shooting, as primary shooter: second and third shooters (0-2)',
    }),
    upperGround: field(bool(), {
      label: 'Upper ground',
      kind: 'bool',
      group: 'more',
      modes: ['close'],
      help: 'Close combat: fighting from upper ground (counts only in its own bound)',
    }),
    defendingRiverEdge: field(bool(), {
      label: 'Defending river edge',
      kind: 'bool',
      group: 'more',
      modes: ['close'],
      help: 'Close combat: defending a river edge against a wading opponent',
    }),
    wader: field(bool(), {
      label: 'Wading',
      kind: 'bool',
      group: 'more',
      help: 'Crossing a river away from a bridge: must flee becomes spent',
    }),
    dazzled: field(bool(), {
      label: 'Dazzled',
      kind: 'bool',
      group: 'more',
      help: 'Victim of dazzle (ch.5)',
    }),
    recoilBlocked: field(bool(), {
      label: 'Recoil blocked',
      kind: 'bool',
      group: 'more',
      help: 'It could not complete a recoil (not for leaving the table)',
    }),
    recoilOffTable: field(bool(), {
      label: 'Recoil off table',
      kind: 'bool',
      group: 'more',
      help: 'A recoil would take it over a long table edge: a recoil destroys it',
    }),
    flightBlocked: field(z.enum(BNB_FLIGHT_BLOCKS).default('none'), {
      label: 'Flight blocked',
      kind: 'choice',
      group: 'more',
      choices: [
        { value: 'none', label: 'Flight path clear' },
        { value: 'enemy', label: 'Enemy it cannot avoid' },
        { value: 'psiloi', label: 'Only enemy Ps it cannot avoid' },
      ],
      help: 'Should it flee: enemy (or friends in close combat) in its path that it cannot avoid destroy it; enemy Ps are destroyed with it (ch.7 flee)',
    }),
    inWoodOrBua: field(bool(), {
      label: 'In wood or BUA',
      kind: 'bool',
      group: 'more',
      modes: ['shooting'],
      help: 'Shooting: in a wood or a built-up area',
    }),
    shootingFromRear: field(bool(), {
      label: 'Shooting from rear',
      kind: 'bool',
      group: 'more',
      modes: ['shooting'],
      help: 'Shooting, as primary shooter: a shooter is wholly behind the target, at its rear edge',
    }),
    againstWind: field(bool(), {
      label: 'Against the wind',
      kind: 'bool',
      group: 'more',
      modes: ['shooting'],
      help: 'Shooting, as primary shooter: shooting against the wind (ch.6)',
    }),
  })
  .strict();

const combatFields = {
  mode: field(z.enum(['close', 'shooting']).default('close'), {
    label: 'Combat',
    kind: 'choice',
    choices: [
      { value: 'close', label: 'Close combat' },
      { value: 'shooting', label: 'Shooting' },
    ],
    help: 'Close combat (default) or shooting',
  }),
  bound: field(z.enum(['a', 'b']).default('a'), {
    label: 'Bound',
    kind: 'choice',
    choices: [
      { value: 'a', label: "A's bound" },
      { value: 'b', label: "B's bound" },
    ],
    help: "Whose bound it is; default A's",
  }),
  shooters: field(z.enum(['a', 'b', 'both']).optional(), {
    label: 'Shooting',
    kind: 'choice',
    modes: ['shooting'],
    choices: [
      { value: 'a', label: 'A shoots' },
      { value: 'b', label: 'B shoots' },
      { value: 'both', label: 'Both shoot' },
    ],
    help: 'Shooting: which side shoots; default every side that is Bw',
  }),
  raining: field(z.boolean().optional(), {
    label: 'Raining',
    kind: 'bool',
    modes: ['shooting'],
    help: 'Shooting: it is raining (an advantage for whoever is shot at)',
  }),
};

export const bnbSideSchema = sideInput;
export const bnbCombatSchema = z.object(combatFields).strict();
export const bnbSituationSchema = z
  .object({
    rules: z.literal(BNB_RULES_ID).default(BNB_RULES_ID),
    ...combatFields,
    a: sideInput,
    b: sideInput,
  })
  .strict();

type SideInput = z.infer<typeof sideInput>;

function toSide(x: SideInput): BnbSide {
  return {
    ...x,
    rear: x.rear.map((r): BnbRearRank => ('type' in r ? { element: r } : stripUndefined(r))),
    overlaps: x.overlaps as 0 | 1 | 2,
    extraShooters: x.extraShooters as 0 | 1 | 2,
  };
}

function stripUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

/**
 * Validate plain data (bases as notation, circumstances optional) as a B&B situation. Shooting `shooters`
 * defaults to the side(s) that are Bw. Throws InputError naming the field.
 */
export function parseBnbSituation(input: unknown): BnbSituation {
  const d = parseWith(bnbSituationSchema, input);
  const a = toSide(d.a);
  const b = toSide(d.b);
  if (d.mode === 'close') {
    if (d.shooters !== undefined) fail('shooters', 'only for mode "shooting"');
    if (d.raining !== undefined) fail('raining', 'only for mode "shooting"');
  }
  const situation: BnbSituation =
    d.mode === 'close'
      ? { rules: d.rules, mode: 'close', bound: d.bound, a, b }
      : {
          rules: d.rules,
          mode: 'shooting',
          bound: d.bound,
          shooters: d.shooters ?? defaultShooters(a.element, b.element),
          raining: d.raining ?? false,
          a,
          b,
        };
  checkBnbSituation(situation);
  return situation;
}

function defaultShooters(a: BnbElement, b: BnbElement): 'a' | 'b' | 'both' {
  if (a.type === 'Bw' && b.type === 'Bw') return 'both';
  if (a.type === 'Bw') return 'a';
  if (b.type === 'Bw') return 'b';
  return fail(
    'mode',
    'shooting needs a shooter: neither side is Bw, and only Bw shoot (B&B 0.7 ch.6 shooting)',
  );
}

/** The checks across fields that a schema cannot express. Throws InputError naming the field. */
function checkBnbSituation(s: BnbSituation): void {
  for (const id of ['a', 'b'] as const) {
    const side = s[id];
    const other = s[id === 'a' ? 'b' : 'a'];
    if (s.mode === 'shooting' && shoots(s, id) && side.element.type !== 'Bw')
      fail('shooters', `${id} is ${side.element.type}, and only Bw shoot (B&B 0.7 ch.6 shooting)`);
    if (!shoots(s, id) && side.extraShooters > 0)
      fail(`${id}.extraShooters`, 'only a shooting side has extra shooters');
    if (side.element.type === 'Bg') {
      if (side.overlaps > 0) fail(`${id}.overlaps`, 'Bg can never be overlapped (B&B 0.7 ch.4 Bg)');
      if (side.flankAttacked || side.rearAttacked)
        fail(
          `${id}.${side.flankAttacked ? 'flankAttacked' : 'rearAttacked'}`,
          'Bg always count as contacted to their front (B&B 0.7 ch.4 Bg)',
        );
    }
    side.rear.forEach((r, i) => {
      if (r.element.type === 'Bg')
        fail(`${id}.rear.${i}`, 'Bg never move (B&B 0.7 ch.4 Bg): they cannot stand behind a base');
    });
    if (side.defendingRiverEdge && !other.wader)
      fail(`${id}.defendingRiverEdge`, 'only against a wading opponent (B&B 0.7 ch.6)');
    if (side.defendingRiverEdge && side.wader)
      fail(`${id}.defendingRiverEdge`, 'a wader cannot defend a river edge');
  }
}

function rankToInput(r: BnbRearRank): unknown {
  const text = formatBnbElement(r.element);
  const { element: _e, ...rest } = r;
  return Object.keys(rest).length === 0 ? text : { element: text, ...rest };
}

function sideToInput(side: BnbSide): Record<string, unknown> {
  const out: Record<string, unknown> = { element: formatBnbElement(side.element) };
  for (const [key, value] of Object.entries(side)) {
    if (key === 'element' || key === 'rear') continue;
    if (value !== DEFAULT_BNB_SIDE[key as keyof typeof DEFAULT_BNB_SIDE]) out[key] = value;
  }
  if (side.rear.length > 0) out.rear = side.rear.map(rankToInput);
  return out;
}

/** The minimal situation-file object for a situation: parseBnbSituation(bnbToInput(s)) equals s. */
export function bnbToInput(s: BnbSituation): Record<string, unknown> {
  return {
    rules: s.rules,
    mode: s.mode,
    ...(s.bound === 'b' ? { bound: s.bound } : {}),
    ...(s.mode === 'shooting' ? { shooters: s.shooters, ...(s.raining ? { raining: true } : {}) } : {}),
    a: sideToInput(s.a),
    b: sideToInput(s.b),
  };
}
