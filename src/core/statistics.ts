/**
 * The statistics the tool needs on top of simple-statistics, one function each with an example in its
 * test: a normal quantile, the Wilson interval for proportions, a mean's interval, a Student t quantile,
 * the agreement check of sampled against exact odds. Every confidence interval in the tool comes from
 * here, in one shape ({p, lo, hi} for proportions, {mean, lo, hi} for means).
 * (simple-statistics' `probit` gives 1.9572 for the 97.5% point instead of 1.95996, too coarse for
 * confidence intervals, hence `normalQuantile`.)
 */

const A = [
  -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
  2.506628277459239,
];
const B = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
const C = [
  -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
  2.938163982698783,
];
const D = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];

/**
 * Quantile of the standard normal distribution (Acklam's rational approximation, relative error
 * below 1.2e-9).
 * @example normalQuantile(0.975) // 1.959963...
 */
export function normalQuantile(p: number): number {
  if (p <= 0) return -Infinity;
  if (p >= 1) return Infinity;
  const [a0, a1, a2, a3, a4, a5] = A as [number, number, number, number, number, number];
  const [b0, b1, b2, b3, b4] = B as [number, number, number, number, number];
  const [c0, c1, c2, c3, c4, c5] = C as [number, number, number, number, number, number];
  const [d0, d1, d2, d3] = D as [number, number, number, number];
  const tail = (q: number) =>
    (((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) / ((((d0 * q + d1) * q + d2) * q + d3) * q + 1);
  if (p < 0.02425) return tail(Math.sqrt(-2 * Math.log(p)));
  if (p > 1 - 0.02425) return -tail(Math.sqrt(-2 * Math.log(1 - p)));
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a0 * r + a1) * r + a2) * r + a3) * r + a4) * r + a5) * q) /
    (((((b0 * r + b1) * r + b2) * r + b3) * r + b4) * r + 1)
  );
}

/** z for a two-sided 95% interval (the normal quantile at 0.975). */
export const Z95 = 1.959963984540054;

/** A proportion with its interval: `count` successes, estimate `p`, bounds `lo` and `hi`. */
export interface Proportion {
  readonly count: number;
  readonly p: number;
  readonly lo: number;
  readonly hi: number;
}

/** A mean with its interval. */
export interface Mean {
  readonly mean: number;
  readonly lo: number;
  readonly hi: number;
}

/**
 * Wilson score interval for `successes` of `n` at normal quantile `z` (default 95%). Behaves well at p
 * near 0 or 1, unlike the normal interval, and never collapses to zero width; the bound that an
 * all-or-nothing count touches is exact.
 * @example wilson(50, 100) // { count: 50, p: 0.5, lo: 0.4038..., hi: 0.5961... }
 */
export function wilson(successes: number, n: number, z: number = Z95): Proportion {
  if (n === 0) return { count: successes, p: 0, lo: 0, hi: 1 };
  const p = successes / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return {
    count: successes,
    p,
    lo: successes === 0 ? 0 : Math.max(0, centre - half),
    hi: successes === n ? 1 : Math.min(1, centre + half),
  };
}

/**
 * Mean of n observations from their sum and sum of squares, with a normal 95% interval (the tool's
 * means are over thousands of independent engagements).
 * @example meanOf(10, 30, 5) // { mean: 2, lo: 0.76..., hi: 3.24... }
 */
export function meanOf(sum: number, sumSq: number, n: number, z: number = Z95): Mean {
  if (n === 0) return { mean: 0, lo: 0, hi: 0 };
  const m = sum / n;
  const variance = n > 1 ? Math.max(0, (sumSq - n * m * m) / (n - 1)) : 0;
  const half = z * Math.sqrt(variance / n);
  return { mean: m, lo: m - half, hi: m + half };
}

/** Family-wise false-alarm rate of the exact-versus-sampled agreement check over one study. */
const AGREEMENT_ALPHA = 1e-3;

/**
 * z for the agreement check when a study makes `checks` comparisons: each exact probability must lie
 * inside the Wilson interval at this z. Bonferroni over the study, so a correct engine flags a study by
 * chance about once in 1,000 runs however many cells it has (one check: 3.29; 80,000 checks: 5.7).
 * @example agreementZ(1) // 3.2905...
 */
export function agreementZ(checks: number): number {
  return normalQuantile(1 - AGREEMENT_ALPHA / Math.max(1, checks) / 2);
}

/** Does a sampled count agree with the exact probability (inside the Wilson interval at `z`)? */
export function agrees(count: number, n: number, exactP: number, z: number): boolean {
  const { lo, hi } = wilson(count, n, z);
  // A tiny tolerance for probabilities exactly 0 or 1, where the interval touches the bound.
  return exactP >= lo - 1e-12 && exactP <= hi + 1e-12;
}

/**
 * Two-sided Student t quantile for `df` degrees of freedom (Cornish-Fisher expansion around the normal
 * quantile; within 0.001 of tables for df >= 4, exact normal for large df).
 * @example tQuantile(0.975, 10) // 2.228
 */
export function tQuantile(q: number, df: number): number {
  const z = normalQuantile(q);
  const z3 = z ** 3;
  const z5 = z ** 5;
  const z7 = z ** 7;
  const z9 = z ** 9;
  return (
    z +
    (z3 + z) / (4 * df) +
    (5 * z5 + 16 * z3 + 3 * z) / (96 * df ** 2) +
    (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * df ** 3) +
    (79 * z9 + 776 * z7 + 1482 * z5 - 1920 * z3 - 945 * z) / (92160 * df ** 4)
  );
}
