/**
 * One B&B combat as the rule set sees it (B&B 0.7 ch.7 "resolving a combat"): two bases and every
 * circumstance the combat factors, combat advantages, grade adjustments, cohesion effect and outcome
 * tables ask about. Plain data, JSON-serialisable. `parseBnbSituation` validates untrusted input.
 */
import { z } from 'zod';
import { parseBnbElement } from './notation.ts';
import type { BnbElement } from './troops.ts';

export const BNB_RULES_ID = 'bnb-0.7';
export type BnbRulesId = typeof BNB_RULES_ID;

export type BnbMode = 'close' | 'shooting';

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

export const DEFAULT_BNB_SIDE: Omit<BnbSide, 'element'> = {
  going: 'good',
  weapon: 'bow',
  rear: [],
  upperGround: false,
  defendingRiverEdge: false,
  wader: false,
  dazzled: false,
  recoilBlocked: false,
  recoilOffTable: false,
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

/** A situation error: `message` starts with the field path, e.g. "a.element: ...". */
export class SituationError extends Error {
  override readonly name = 'SituationError';
}

const elementSchema = z.string().transform((text, ctx): BnbElement => {
  try {
    return parseBnbElement(text);
  } catch (e) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: (e as Error).message });
    return z.NEVER;
  }
});

const goingSchema = z.enum(BNB_GOINGS);
const weaponSchema = z.enum(BNB_WEAPONS);
const count2 = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** A rear rank: a notation string, or an object with the rank's own circumstances. */
const rearSchema = z.union([
  z.string().transform((text, ctx) => {
    const r = elementSchema.safeParse(text);
    if (!r.success) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: r.error.issues[0]?.message ?? 'bad element' });
      return z.NEVER;
    }
    return { element: r.data };
  }),
  z
    .object({
      element: elementSchema,
      going: goingSchema.optional(),
      weapon: weaponSchema.optional(),
      listPermitted: z.boolean().optional(),
    })
    .strict(),
]);

const sideSchema = z
  .object({
    element: elementSchema,
    going: goingSchema.default('good'),
    weapon: weaponSchema.default('bow'),
    rear: z.array(rearSchema).max(2).default([]),
    upperGround: z.boolean().default(false),
    defendingRiverEdge: z.boolean().default(false),
    wader: z.boolean().default(false),
    dazzled: z.boolean().default(false),
    recoilBlocked: z.boolean().default(false),
    recoilOffTable: z.boolean().default(false),
    overlaps: count2.default(0),
    flankAttacked: z.boolean().default(false),
    rearAttacked: z.boolean().default(false),
    cohesion: z.boolean().default(false),
    inWoodOrBua: z.boolean().default(false),
    extraShooters: count2.default(0),
    shootingFromRear: z.boolean().default(false),
    againstWind: z.boolean().default(false),
  })
  .strict();

const situationSchema = z.discriminatedUnion('mode', [
  z
    .object({
      rules: z.literal(BNB_RULES_ID),
      mode: z.literal('close'),
      bound: z.enum(['a', 'b']),
      a: sideSchema,
      b: sideSchema,
    })
    .strict(),
  z
    .object({
      rules: z.literal(BNB_RULES_ID),
      mode: z.literal('shooting'),
      bound: z.enum(['a', 'b']),
      shooters: z.enum(['a', 'b', 'both']).optional(),
      raining: z.boolean().default(false),
      a: sideSchema,
      b: sideSchema,
    })
    .strict(),
]);

function issueMessage(issue: z.ZodIssue): string {
  const path = issue.path.join('.') || '(situation)';
  if (issue.code === z.ZodIssueCode.unrecognized_keys)
    return `${path}: unknown field(s) ${issue.keys.join(', ')}`;
  if (issue.code === z.ZodIssueCode.invalid_union_discriminator)
    return `${path}: must be "close" or "shooting"`;
  return `${path}: ${issue.message}`;
}

/**
 * Validate a plain object (elements as notation strings, circumstances optional) into a BnbSituation.
 * Shooting `shooters` defaults to the side(s) that are Bw. Throws a SituationError naming the field.
 */
export function parseBnbSituation(input: unknown): BnbSituation {
  const r = situationSchema.safeParse(input);
  if (!r.success) {
    const first = r.error.issues[0] as z.ZodIssue;
    throw new SituationError(issueMessage(first));
  }
  const d = r.data;
  const situation: BnbSituation =
    d.mode === 'close'
      ? { rules: d.rules, mode: 'close', bound: d.bound, a: d.a, b: d.b }
      : {
          rules: d.rules,
          mode: 'shooting',
          bound: d.bound,
          shooters: d.shooters ?? defaultShooters(d.a.element, d.b.element),
          raining: d.raining,
          a: d.a,
          b: d.b,
        };
  checkBnbSituation(situation);
  return situation;
}

function defaultShooters(a: BnbElement, b: BnbElement): 'a' | 'b' | 'both' {
  if (a.type === 'Bw' && b.type === 'Bw') return 'both';
  if (a.type === 'Bw') return 'a';
  if (b.type === 'Bw') return 'b';
  throw new SituationError('shooters: neither side is Bw, and only Bw shoot (B&B 0.7 ch.6 shooting)');
}

/** The checks across fields that a schema cannot express. Throws a SituationError. */
export function checkBnbSituation(s: BnbSituation): void {
  for (const id of ['a', 'b'] as const) {
    const side = s[id];
    const other = s[id === 'a' ? 'b' : 'a'];
    if (s.mode === 'shooting' && shoots(s, id) && side.element.type !== 'Bw')
      throw new SituationError(
        `shooters: ${id} is ${side.element.type}, and only Bw shoot (B&B 0.7 ch.6 shooting)`,
      );
    if (!shoots(s, id) && side.extraShooters > 0)
      throw new SituationError(`${id}.extraShooters: only a shooting side has extra shooters`);
    if (side.element.type === 'Bg') {
      if (side.overlaps > 0)
        throw new SituationError(`${id}.overlaps: Bg can never be overlapped (B&B 0.7 ch.4 Bg)`);
      if (side.flankAttacked || side.rearAttacked)
        throw new SituationError(
          `${id}.${side.flankAttacked ? 'flankAttacked' : 'rearAttacked'}: Bg always count as contacted to their front (B&B 0.7 ch.4 Bg)`,
        );
    }
    if (side.defendingRiverEdge && !other.wader)
      throw new SituationError(`${id}.defendingRiverEdge: only against a wading opponent (B&B 0.7 ch.6)`);
    if (side.defendingRiverEdge && side.wader)
      throw new SituationError(`${id}.defendingRiverEdge: a wader cannot defend a river edge`);
  }
}
