/**
 * The packed combat table of the battle-line kernel (ARCHITECTURE.md "Engagements"). A
 * file-vs-file combat depends only on a small signature (the two files' current ranks, whose bound,
 * overlaps, who moved into contact, flank friends); each distinct signature is resolved by the rule
 * system for every combination of its dice once (its engagement adapter) and packed here, so the hot
 * loop draws one uniform index into the table (all combinations are equally likely) and looks it up.
 */
import { forEachRoll, spaceSize } from '../../core/exact.ts';
import type { DieSpec } from '../../core/ruleset.ts';

/** What the kernel does with one side's result: the outcomes every supported rule system can give. */
export const ENGAGEMENT_OUTCOMES = ['none', 'recoil', 'flee', 'destroyed', 'spent'] as const;
export type EngagementOutcome = (typeof ENGAGEMENT_OUTCOMES)[number];

/** Outcome codes in a packed resolution (the index in ENGAGEMENT_OUTCOMES). */
export const NONE = 0;
export const RECOIL = 1;
export const FLEE = 2;
export const DESTROYED = 3;
/** B&B 0.7 ch.6 spent: the base leaves the table and costs half its PoC. */
export const SPENT = 4;
const OUTCOME_CODE: Readonly<Record<EngagementOutcome, number>> = {
  none: NONE,
  recoil: RECOIL,
  flee: FLEE,
  destroyed: DESTROYED,
  spent: SPENT,
};
/** Pursuit codes. */
const PURSUE_NO = 0;
export const PURSUE_MAY = 1;
export const PURSUE_MUST = 2;
const PURSUIT_CODE = { no: PURSUE_NO, may: PURSUE_MAY, must: PURSUE_MUST } as const;
export type EngagementPursuit = keyof typeof PURSUIT_CODE;

/**
 * One side's result packed in 7 bits: outcome (bits 0-2), rear ranks lost (3-4), pursuit (5-6).
 * Side A in bits 0-6, side B in bits 7-13.
 */
export const SIDE_BITS = 7;
export const SIDE_MASK = (1 << SIDE_BITS) - 1;
export const OUTCOME_MASK = 7;
export const REAR_SHIFT = 3;
export const PURSUIT_SHIFT = 5;

/** One side's part of a resolved roll, as the kernel needs it. */
export interface SideResult {
  readonly outcome: EngagementOutcome;
  /** Ranks behind the front element destroyed with it (DBM 3.2 p.23 Destroyed Elements); 0 elsewhere. */
  readonly rearLost: number;
  readonly pursuit: EngagementPursuit;
}

const packSide = (x: SideResult): number =>
  OUTCOME_CODE[x.outcome] |
  (Math.min(x.rearLost, 3) << REAR_SHIFT) |
  (PURSUIT_CODE[x.pursuit] << PURSUIT_SHIFT);

/** One roll's two side results packed as a table entry (side A in the low bits). */
export const packResult = (a: SideResult, b: SideResult): number => packSide(a) | (packSide(b) << SIDE_BITS);

/**
 * Every combination of `dice` resolved and packed, in forEachRoll (odometer) order: for two d6 the index
 * is (dieA-1)*6 + (dieB-1).
 */
export function packTable(
  dice: readonly DieSpec[],
  roll: (dice: readonly number[]) => { a: SideResult; b: SideResult },
): Uint16Array {
  const table = new Uint16Array(spaceSize(dice));
  let k = 0;
  forEachRoll(dice, (d) => {
    const r = roll(d);
    table[k++] = packResult(r.a, r.b);
  });
  return table;
}

/** The table index of one roll of `dice` (the inverse of forEachRoll's order). */
export function rollIndex(dice: readonly DieSpec[], roll: readonly number[]): number {
  let k = 0;
  dice.forEach((d, i) => {
    k = k * d.sides + ((roll[i] as number) - 1);
  });
  return k;
}

/** How bad each outcome code is for the side it befalls (none, recoil, flee, destroyed, spent). */
export const SEVERITY: readonly number[] = [0, 1, 2, 4, 3];

/**
 * What a packed resolution is worth to side s (0: A, 1: B): the severity of the enemy's outcome, with the
 * ranks it loses behind, less that of its own (the players' reading of a result: decide.ts).
 */
export function worthTo(r: number, s: 0 | 1): number {
  const own = s === 0 ? r & SIDE_MASK : r >> SIDE_BITS;
  const opp = s === 0 ? r >> SIDE_BITS : r & SIDE_MASK;
  return (
    SEVERITY[opp & OUTCOME_MASK]! +
    ((opp >> REAR_SHIFT) & 3) -
    SEVERITY[own & OUTCOME_MASK]! -
    ((own >> REAR_SHIFT) & 3)
  );
}

/** A packed resolution with its recoils read as no outcome (a recoil at a distance moves nothing). */
export function withoutRecoils(r: number): number {
  let out = r;
  if ((r & OUTCOME_MASK) === RECOIL) out &= ~OUTCOME_MASK;
  if (((r >> SIDE_BITS) & OUTCOME_MASK) === RECOIL) out &= ~(OUTCOME_MASK << SIDE_BITS);
  return out;
}
