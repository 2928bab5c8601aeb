/**
 * From a unit's counts to its score curves (docs/balance.md "How a break-even is measured"): a balance
 * job's counts hold, per field opponent, engagements, A wins, B wins, both broke and undecided; several
 * jobs at one element count (the final design and its refinements) add up; per opponent, a logistic
 * curve of score against the log of the price the count stands for.
 */
import { fitLogistic } from '../../core/logistic.ts';
import { OUTCOME_RECORD_FIELDS } from '../../core/system.ts';
import type { Counts, Job } from '../kind.ts';
import type { BalancePlan } from './plan.ts';
import type { MatchupCurve } from './prices.ts';

/**
 * Numbers per opponent in a balance job's counts: the outcome record (core/system.ts OutcomeRecord:
 * engagements, A wins, B wins, both broke, undecided, refused, then each side's losses by cause).
 */
export const PER_OPPONENT = OUTCOME_RECORD_FIELDS;

/** Largest line an element count may give (files times depth stay within the engine's limits). */
export const MAX_COUNT = 150;

/** Book count: the elements `budget` buys at `cost` (at least 1). */
export const bookCount = (budget: number, cost: number): number =>
  Math.max(1, Math.min(MAX_COUNT, Math.round(budget / cost)));

/** A's score (wins and half of draws) against opponent j of a job's counts, and its variance. */
export function scoreOf(counts: ArrayLike<number>, j: number): { p: number; n: number; variance: number } {
  const o = j * PER_OPPONENT;
  const n = counts[o] as number;
  if (n === 0) return { p: 0.5, n: 0, variance: 0.25 };
  const w = (counts[o + 1] as number) / n;
  const d = ((counts[o + 3] as number) + (counts[o + 4] as number) + (counts[o + 5] as number)) / n;
  const p = w + d / 2;
  // Per engagement a score is 1, 1/2 or 0: its variance is w + d/4 - p^2.
  return { p, n, variance: Math.max(0, w + d / 4 - p * p) / n };
}

/**
 * The same with z^2/2 pseudo-wins and z^2/2 pseudo-losses added (the Agresti-Coull form of the Wilson
 * interval): the estimate moves a little towards 50% and its variance is never zero, so an opponent beaten
 * (or lost to) every time still carries its uncertainty.
 */
export function adjustedScoreOf(
  counts: ArrayLike<number>,
  j: number,
  z: number,
): { p: number; n: number; variance: number } {
  const o = j * PER_OPPONENT;
  const n = counts[o] as number;
  const extra = (z * z) / 2;
  const m = n + 2 * extra;
  const w = ((counts[o + 1] as number) + extra) / m;
  const d = ((counts[o + 3] as number) + (counts[o + 4] as number) + (counts[o + 5] as number)) / m;
  const p = w + d / 2;
  return { p, n, variance: Math.max(0, w + d / 4 - p * p) / m };
}

/** The counts of every job at one element count, added up (the final design and its refinements). */
export function pooled(done: Counts, jobs: readonly JobRef[]): Float64Array {
  const first = done.get(jobs[0]!.id)!;
  const out = Float64Array.from(first);
  for (let i = 1; i < jobs.length; i++) {
    const c = done.get(jobs[i]!.id)!;
    for (let k = 0; k < out.length; k++) out[k]! += c[k]!;
  }
  return out;
}

/** A job as a design's results read it: by the id its counts are kept under. */
export type JobRef = Pick<Job, 'id'>;

/** One design point: an element count and the jobs fought at it. */
export interface DesignPoint<J extends JobRef = JobRef> {
  readonly count: number;
  readonly jobs: readonly J[];
}

/**
 * Per field opponent, the logistic curve of the unit's score against the log of its price: the count
 * ratio c/m against f's book count m at f's book price cf is what the element buys at price cf * m / c.
 */
export function matchupCurves(
  plan: BalancePlan,
  budget: number,
  costs: Readonly<Record<string, number>>,
  points: readonly DesignPoint[],
  done: Counts,
): MatchupCurve[] {
  const pools = points.map((pt) => pooled(done, pt.jobs));
  return plan.field.map((f, k) => {
    const cf = costs[f.element] as number;
    const m = bookCount(budget, cf);
    const fitted = points.map((pt, i) => {
      const s = scoreOf(pools[i]!, k);
      return { x: -Math.log((cf * m) / pt.count), p: s.p, n: s.n, variance: s.variance };
    });
    return { opponent: f.element, weight: f.weight, cost: cf, fit: fitLogistic(fitted) };
  });
}

/** The price range a design's counts cover, widened a little, for the break-even search. */
export function priceRange(budget: number, points: readonly DesignPoint[]): { min: number; max: number } {
  const prices = points.map((p) => budget / p.count);
  return { min: Math.min(...prices) * 0.8, max: Math.max(...prices) * 1.25 };
}
