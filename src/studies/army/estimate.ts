/**
 * The army study's arithmetic (docs/armies.md "The army study"): every measure is a linear combination
 * of independent jobs' mean scores plus a constant (a side's score in a battle is the whole 10 VP less
 * its enemy's, so one mean per job carries both sides), its variance the sum of the squared weights times
 * each job's variance of the mean, with a normal 95% interval; and the worth of an element inside an
 * army as the ratio of two such measures, with Fieller's interval.
 */
import { Z95 } from '../../core/statistics.ts';

/** constant + sum of weight x job mean, over jobs by index. */
export interface Linear {
  readonly constant: number;
  readonly terms: ReadonlyMap<number, number>;
}

export const ZERO: Linear = { constant: 0, terms: new Map() };

/** x + w * y. */
export function plus(x: Linear, y: Linear, w = 1): Linear {
  const terms = new Map(x.terms);
  for (const [j, c] of y.terms) terms.set(j, (terms.get(j) ?? 0) + w * c);
  return { constant: x.constant + w * y.constant, terms };
}

/** w * x. */
export const times = (x: Linear, w: number): Linear => plus(ZERO, x, w);

/** The mean of several measures, equally weighted (ZERO for none). */
export function meanOfAll(xs: readonly Linear[]): Linear {
  let out = ZERO;
  for (const x of xs) out = plus(out, x, 1 / xs.length);
  return out;
}

/** One job's mean and the variance of that mean. */
export interface JobMean {
  readonly mean: number;
  readonly variance: number;
}

/** The value of a measure and its variance, given every job's mean and variance. */
export function evaluate(x: Linear, jobs: readonly JobMean[]): { mean: number; variance: number } {
  let mean = x.constant;
  let variance = 0;
  for (const [j, c] of x.terms) {
    const m = jobs[j]!;
    mean += c * m.mean;
    variance += c * c * m.variance;
  }
  return { mean, variance };
}

/** The covariance of two measures (their shared jobs). */
export function covariance(x: Linear, y: Linear, jobs: readonly JobMean[]): number {
  let c = 0;
  for (const [j, cx] of x.terms) {
    const cy = y.terms.get(j);
    if (cy !== undefined) c += cx * cy * jobs[j]!.variance;
  }
  return c;
}

/** An estimate with its 95% interval. */
export interface Estimate {
  readonly mean: number;
  readonly lo: number;
  readonly hi: number;
}

/** A measure's value with a normal 95% interval. */
export function estimate(x: Linear, jobs: readonly JobMean[]): Estimate {
  const e = evaluate(x, jobs);
  const half = Z95 * Math.sqrt(e.variance);
  return { mean: e.mean, lo: e.mean - half, hi: e.mean + half };
}

/**
 * The mean score of one job's side A and the variance of that mean, from the share of battles ending
 * with each score 0..most and the number of battles (sample variance with n - 1).
 */
export function scoreMean(distribution: readonly number[], n: number): JobMean {
  let m = 0;
  let m2 = 0;
  distribution.forEach((p, k) => {
    m += k * p;
    m2 += k * k * p;
  });
  const variance = n > 1 ? Math.max(0, (m2 - m * m) * (n / (n - 1))) / n : 0;
  return { mean: m, variance };
}

/** A ratio and its 95% interval; `lo`/`hi` null when the interval is unbounded (Fieller). */
export interface Ratio {
  readonly ratio: number;
  readonly lo: number | null;
  readonly hi: number | null;
}

/**
 * Fieller's 95% interval for a / b from estimates a and b with variances va, vb and covariance cab: the
 * values t with (a - t b)^2 <= z^2 (va - 2 t cab + t^2 vb). Bounded when b is clear of zero
 * (b^2 > z^2 vb); otherwise the interval is unbounded and `lo`, `hi` are null.
 */
export function fieller(a: number, b: number, va: number, vb: number, cab: number, z = Z95): Ratio {
  const ratio = a / b;
  const z2 = z * z;
  const qa = b * b - z2 * vb;
  if (qa <= 0) return { ratio, lo: null, hi: null };
  const qb = -2 * (a * b - z2 * cab);
  const qc = a * a - z2 * va;
  const disc = qb * qb - 4 * qa * qc;
  if (disc < 0) return { ratio, lo: null, hi: null };
  const r = Math.sqrt(disc);
  return { ratio, lo: (-qb - r) / (2 * qa), hi: (-qb + r) / (2 * qa) };
}
