/**
 * Validation of a DBA situation given as plain data (a scenario file, `odds --json` input): elements as
 * notation strings, every circumstance optional with its default. Errors name the field path first.
 */
import { z } from 'zod';
import { parseDbaElement } from './notation.ts';
import { DBA_OUTCOMES } from './outcomes-types.ts';
import {
  DBA_DEFENDING,
  DBA_GOINGS,
  defaultShooters,
  type DbaGoing,
  type DbaSide,
  type DbaSituation,
  type DbaSupporter,
} from './situation.ts';
import { canShoot, DBA_TROOP_NAMES, type DbaElement } from './troops.ts';

/** A situation error: `message` is one line and starts with the field path, e.g. `a.element: ...`. */
export class SituationError extends Error {
  override readonly name = 'SituationError';
}

const element = z.string().transform((text, ctx): DbaElement => {
  try {
    return parseDbaElement(text);
  } catch (e) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: (e as Error).message });
    return z.NEVER;
  }
});

const going = z.enum(DBA_GOINGS);
/** A supporter: its notation, or { element, going } where it stands in other going than the side's. */
const supporterInput = z.union([element, z.object({ element, going: going.optional() }).strict()]);
const upTo2 = z.number().int().min(0).max(2);

const sideInput = z
  .object({
    element,
    general: z.boolean().default(false),
    going: going.default('good'),
    uphill: z.boolean().default(false),
    riverBank: z.boolean().default(false),
    defending: z.enum(DBA_DEFENDING).default('none'),
    overlaps: upTo2.default(0),
    flankContacts: upTo2.default(0),
    rearContact: z.boolean().default(false),
    behind: supporterInput.nullable().default(null),
    flankFriends: z.array(supporterInput).max(2).default([]),
    aiders: upTo2.default(0),
    alsoAssaulting: upTo2.default(0),
    shotInRear: z.boolean().default(false),
    blockedBehind: z.boolean().default(false),
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

const situationInput = z
  .object({
    rules: z.literal('dba-3.0').default('dba-3.0'),
    mode: z.enum(['close', 'shooting']).default('close'),
    bound: z.enum(['a', 'b']).default('a'),
    shooters: z.enum(['a', 'b', 'both']).optional(),
    a: sideInput,
    b: sideInput,
    readings: readingsInput.optional(),
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
  throw new SituationError(`${path}: ${message}`);
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
  if (s.mode === 'shooting' && (side.flankContacts > 0 || side.rearContact))
    fail(
      `${id}.${side.flankContacts > 0 ? 'flankContacts' : 'rearContact'}`,
      'an element in close combat cannot shoot or be shot at',
    );
}

/** Validate plain data as a DBA 3.0 situation. Throws SituationError naming the field. */
export function parseDbaSituation(input: unknown): DbaSituation {
  const r = situationInput.safeParse(input);
  if (!r.success) {
    const issue = r.error.issues[0] as z.ZodIssue;
    const path = issue.path.length > 0 ? issue.path.join('.') : 'situation';
    throw new SituationError(`${path}: ${issue.message}`);
  }
  const x = r.data;
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
