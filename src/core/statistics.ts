/**
 * The statistics the tool needs on top of simple-statistics, one function each with an example in its
 * test: a normal quantile, the Wilson interval for proportions, a Student t quantile. Every confidence
 * interval in the tool comes from here.
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

/**
 * Wilson score interval for `successes` of `n` at normal quantile `z` (default 95%). Behaves well at p
 * near 0 or 1, unlike the normal interval; the bound that an all-or-nothing count touches is exact.
 * @example wilson(50, 100) // { p: 0.5, low: 0.4038..., high: 0.5961... }
 */
export function wilson(
  successes: number,
  n: number,
  z: number = Z95,
): { p: number; low: number; high: number } {
  if (n === 0) return { p: 0, low: 0, high: 1 };
  const p = successes / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return {
    p,
    low: successes === 0 ? 0 : Math.max(0, centre - half),
    high: successes === n ? 1 : Math.min(1, centre + half),
  };
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
