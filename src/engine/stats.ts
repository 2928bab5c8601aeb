/**
 * Confidence intervals and the exact-versus-sampled check. Wilson score intervals: well behaved for
 * proportions near 0 or 1, which combat outcomes often are.
 */
import { inverseErrorFunction } from 'simple-statistics';
import { wilson as wilsonInterval, Z95 } from '../core/statistics.ts';

export { Z95 };

/** Family-wise false-alarm rate of the agreement check over one study. */
export const AGREEMENT_ALPHA = 1e-3;

/**
 * z for the agreement check when a study makes `checks` comparisons: each exact probability must lie
 * inside the Wilson interval at this z. Bonferroni over the study, so a correct engine flags a study by
 * chance about once in 1,000 runs however many cells it has (one check: 3.3; 80,000 checks: 5.7).
 */
export function agreementZ(checks: number): number {
  return Math.SQRT2 * inverseErrorFunction(1 - AGREEMENT_ALPHA / Math.max(1, checks));
}

export interface Interval {
  readonly low: number;
  readonly high: number;
}

/** Wilson score interval for `count` successes in `n` trials (src/core/statistics.ts). */
export function wilson(count: number, n: number, z: number = Z95): Interval {
  const { low, high } = wilsonInterval(count, n, z);
  return { low, high };
}

/** Does a sampled count agree with the exact probability (inside the Wilson interval at `z`)? */
export function agrees(count: number, n: number, exactP: number, z: number): boolean {
  const { low, high } = wilson(count, n, z);
  // A tiny tolerance for probabilities exactly 0 or 1, where the interval touches the bound.
  return exactP >= low - 1e-12 && exactP <= high + 1e-12;
}
