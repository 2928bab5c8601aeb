/**
 * Validation of a DBA situation given as plain data (a scenario file, `odds --json` input): elements as
 * notation strings, every circumstance optional with its default. Errors name the field path first.
 */
import { z } from 'zod';
import { InputError } from '../../core/errors.ts';
import { field } from '../../core/fields.ts';
import { parseWith } from '../../core/schema-issues.ts';
import { formatDbaElement, parseDbaElement } from './notation.ts';
import { DBA_OUTCOMES } from './outcomes-types.ts';
import {
  DBA_DEFENDING,
  DBA_GOINGS,
  DEFAULT_DBA_SIDE,
  defaultShooters,
  type DbaGoing,
  type DbaSide,
  type DbaSituation,
  type DbaSupporter,
} from './situation.ts';
import { canShoot, DBA_TROOP_NAMES, type DbaElement } from './troops.ts';

const element = z
  .string()
  .describe('A DBA element: figure count and type, e.g. "4Bd", "3Kn", "2LH"')
  .transform((text, ctx): DbaElement => {
    try {
      return parseDbaElement(text);
    } catch (e) {
      ctx.addIssue({ code: 'custom', message: (e as Error).message });
      return z.NEVER;
    }
  });

const going = z.enum(DBA_GOINGS);
const GOING_LABELS: Record<DbaGoing, string> = {
  good: 'Good going',
  rough: 'Rough going',
  bad: 'Bad going',
  dunes: 'Dunes or oasis',
};
/** A supporter: its notation, or { element, going } where it stands in other going than the side's. */
const supporterInput = z.union([element, z.object({ element, going: going.optional() }).strict()]);
const upTo2 = z.number().int().min(0).max(2);
const bool = () => z.boolean().default(false);

const sideInput = z
  .object({
    element: field(element, { label: 'Element', kind: 'element', flag: false }),
    general: field(bool(), { label: 'General', kind: 'bool', help: "The general's element" }),
    going: field(going.default('good'), {
      label: 'Going',
      kind: 'choice',
      choices: DBA_GOINGS.map((g) => ({ value: g, label: GOING_LABELS[g] })),
      help: 'Good, rough or bad going, or dunes',
    }),
    overlaps: field(upTo2.default(0), {
      label: 'Overlaps',
      kind: 'int',
      flag: 'overlapped',
      help: 'Flanks overlapped by enemy (0-2)',
    }),
    flankContacts: field(upTo2.default(0), {
      label: 'Flank contacts',
      kind: 'int',
      help: 'Enemy front edges in contact with a flank (0-2)',
    }),
    rearContact: field(bool(), {
      label: 'Enemy on rear',
      kind: 'bool',
      help: 'An enemy front edge touches its rear',
    }),
    behind: field(supporterInput.nullable().default(null), {
      label: 'Element behind',
      kind: 'ranks',
      single: true,
      max: 1,
      flag: 'rear',
      help: 'The friendly element lined up behind it (rear support)',
    }),
    flankFriends: field(z.array(supporterInput).max(2).default([]), {
      label: 'Flank support',
      kind: 'ranks',
      max: 2,
      flag: 'flank-friend',
      help: 'Friendly elements beside it giving flank support (repeat for both flanks)',
    }),
    aiders: field(upTo2.default(0), {
      label: 'Elements aiding its shooting',
      kind: 'int',
      modes: ['shooting'],
      help: 'Shooting: 2nd and 3rd elements aiding this one (0-2)',
    }),
    uphill: field(bool(), {
      label: 'Uphill',
      kind: 'bool',
      group: 'more',
      help: 'In close combat with part of its front edge upslope of all of its opponent',
    }),
    riverBank: field(bool(), {
      label: 'Defending a river bank',
      kind: 'bool',
      group: 'more',
      help: 'Defending the bank of a river that is not paltry, away from a road',
    }),
    defending: field(z.enum(DBA_DEFENDING).default('none'), {
      label: 'Defending',
      kind: 'choice',
      group: 'more',
      choices: DBA_DEFENDING.map((d) => ({ value: d, label: d === 'none' ? 'Nothing' : `A ${d}` })),
      help: 'Garrison of a city or fort, or defending its camp',
    }),
    alsoAssaulting: field(upTo2.default(0), {
      label: 'Others assaulting',
      kind: 'int',
      group: 'more',
      modes: ['close'],
      help: 'Assaulting a city, fort or camp: further friends still assaulting it (0-2)',
    }),
    shotInRear: field(bool(), {
      label: 'Shot in rear',
      kind: 'bool',
      group: 'more',
      modes: ['shooting'],
      help: 'Shot at on its rear edge',
    }),
    blockedBehind: field(bool(), {
      label: 'Cannot give ground',
      kind: 'bool',
      group: 'more',
      help: 'Its rear is against something it cannot pass: it cannot recoil or flee',
    }),
    demoralised: field(bool(), {
      label: 'Command demoralised',
      kind: 'bool',
      group: 'more',
      modes: ['close'],
      help: 'Big battles: an element of a demoralised command (-2 in close combat unless in a city, fort or camp)',
    }),
    cInCPlusOne: field(bool(), {
      label: "C-in-C's +1",
      kind: 'bool',
      group: 'more',
      flag: 'c-in-c-plus-one',
      help: "Big battles: the C-in-C's element (a general) adds its once-per-game +1 to its combat score",
    }),
  })
  .strict();

const outcome = z.enum(DBA_OUTCOMES);
const readingsInput = z
  .object({
    scythedChariotsEqual: outcome,
    artilleryBeatenInCloseCombat: outcome,
    artilleryBeatenWhenShotAt: outcome,
    allOthersDoubled: outcome,
    denizensDefendingCity: z.union([z.literal(2), z.literal(4)]),
    litterAndCommandWagonFactors: z.enum(['blades', 'war-wagons']),
  })
  .partial()
  .strict();

/** The combat-wide fields (the form's combat row, `--mode`, `--bound`, `--shooters`). */
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
    help: 'Shooting: which side shoots; default every side that can',
  }),
};

export const dbaSideSchema = sideInput;
export const dbaCombatSchema = z.object(combatFields).strict();

export const dbaSituationSchema = z
  .object({
    rules: z.literal('dba-3.0').default('dba-3.0'),
    ...combatFields,
    a: sideInput,
    b: sideInput,
    readings: readingsInput
      .optional()
      .describe('Overrides of the unconfirmed readings (docs/rulings.md, DBA 3.0)'),
  })
  .strict();

type SideInput = z.infer<typeof sideInput>;
type SupporterInput = z.infer<typeof supporterInput>;

const toSupporter = (x: SupporterInput, own: DbaGoing): DbaSupporter =>
  'code' in x ? { element: x, going: own } : { element: x.element, going: x.going ?? own };

function toSide(x: SideInput): DbaSide {
  return {
    ...x,
    behind: x.behind === null ? null : toSupporter(x.behind, x.going),
    flankFriends: x.flankFriends.map((f) => toSupporter(f, x.going)),
  };
}

const fail = (path: string, message: string): never => {
  throw new InputError(message, { path: path.split('.') });
};

/** Checks across fields that the schema cannot express. */
function checkSide(s: DbaSituation, id: 'a' | 'b'): void {
  const side = s[id];
  const other = s[id === 'a' ? 'b' : 'a'];
  const e = side.element;
  const name = `${e.code} (${DBA_TROOP_NAMES[e.type]})`;
  if (side.overlaps + side.flankContacts > 2)
    fail(
      `${id}.overlaps`,
      `${side.overlaps} overlaps and ${side.flankContacts} flank contacts: only one counts per flank`,
    );
  const d = side.defending;
  if (d !== 'none') {
    if (other.defending !== 'none') fail(`${id}.defending`, 'only one side can defend a city, fort or camp');
    if (e.type === 'Dz' && d !== 'city')
      fail(`${id}.defending`, `city denizens defend only a city, not a ${d}`);
    if (e.type === 'CF' && d !== 'camp')
      fail(`${id}.defending`, `camp followers defend only a camp, not a ${d}`);
    if (e.type === 'El' || e.type === 'SCh') fail(`${id}.defending`, `${name} cannot occupy a ${d}`);
    if (e.type === 'WWg' && d !== 'camp') fail(`${id}.defending`, `${name} cannot occupy a ${d}`);
  }
  const shooting = s.mode === 'shooting' && (s.shooters === 'both' || s.shooters === id);
  if (shooting && !canShoot(e))
    fail('shooters', `${name} cannot shoot (only Bows, Artillery and War Wagons shoot)`);
  // DBA 3.0 Shooting: artillery shoots in its own bound, or back at enemy artillery shooting at it.
  if (shooting && e.type === 'Art' && s.bound !== id && other.element.type !== 'Art')
    fail('shooters', `Artillery shoots only in its own bound, or back at artillery (bound is ${s.bound})`);
  if (side.aiders > 0 && !shooting)
    fail(`${id}.aiders`, 'only a shooting side has elements aiding its shooting');
  if (side.alsoAssaulting > 0 && !(s.mode === 'close' && other.defending !== 'none'))
    fail(`${id}.alsoAssaulting`, 'only when assaulting a defended city, fort or camp in close combat');
  if (side.cInCPlusOne && !side.general)
    fail(`${id}.cInCPlusOne`, "only the C-in-C's element, a general's element (`general: true`), has the +1");
  if (side.demoralised && s.mode !== 'close')
    fail(`${id}.demoralised`, 'the -2 of a demoralised command applies in close combat only');
  if (s.mode === 'shooting' && (side.flankContacts > 0 || side.rearContact))
    fail(
      `${id}.${side.flankContacts > 0 ? 'flankContacts' : 'rearContact'}`,
      'an element in close combat cannot shoot or be shot at',
    );
}

/** Validate plain data as a DBA 3.0 situation. Throws InputError naming the field. */
export function parseDbaSituation(input: unknown): DbaSituation {
  const x = parseWith(dbaSituationSchema, input);
  const a = toSide(x.a);
  const b = toSide(x.b);
  if (x.mode === 'close' && x.shooters !== undefined) fail('shooters', 'only for mode "shooting"');
  if (x.mode === 'shooting' && x.shooters === undefined && !canShoot(a.element) && !canShoot(b.element))
    fail('mode', `shooting needs a shooter, and neither ${a.element.code} nor ${b.element.code} can shoot`);
  const s: DbaSituation = {
    rules: x.rules,
    mode: x.mode,
    bound: x.bound,
    shooters: x.shooters ?? defaultShooters(a, b),
    a,
    b,
    ...(x.readings ? { readings: x.readings } : {}),
  };
  checkSide(s, 'a');
  checkSide(s, 'b');
  return s;
}

/** A supporter: its notation when it stands in its side's going, else { element, going }. */
function supporterToInput(x: DbaSupporter, own: DbaGoing): unknown {
  const element = formatDbaElement(x.element);
  return x.going === own ? element : { element, going: x.going };
}

function sideToInput(side: DbaSide): Record<string, unknown> {
  const out: Record<string, unknown> = { element: formatDbaElement(side.element) };
  for (const [key, value] of Object.entries(side)) {
    if (key === 'element' || key === 'behind' || key === 'flankFriends') continue;
    if (value !== DEFAULT_DBA_SIDE[key as keyof typeof DEFAULT_DBA_SIDE]) out[key] = value;
  }
  if (side.behind !== null) out.behind = supporterToInput(side.behind, side.going);
  if (side.flankFriends.length > 0)
    out.flankFriends = side.flankFriends.map((f) => supporterToInput(f, side.going));
  return out;
}

/** The minimal situation-file object for a situation: parseDbaSituation(dbaToInput(s)) gives s back. */
export function dbaToInput(s: DbaSituation): Record<string, unknown> {
  return {
    rules: s.rules,
    mode: s.mode,
    ...(s.bound === 'b' ? { bound: s.bound } : {}),
    ...(s.mode === 'shooting' ? { shooters: s.shooters } : {}),
    a: sideToInput(s.a),
    b: sideToInput(s.b),
    ...(s.readings ? { readings: s.readings } : {}),
  };
}
