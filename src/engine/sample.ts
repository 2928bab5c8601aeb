/**
 * The Monte Carlo hot loop: draw a uniform index into a compiled outcome table and count its joint code.
 * No rule logic, no allocation, no strings inside the loop; counts live in one typed array.
 */
import type { Rng } from '../core/rng.ts';

/** Count `samples` draws from `codes` into a fresh array of `jointSize` counts. */
export function sampleCodes(codes: Uint8Array, jointSize: number, rng: Rng, samples: number): Float64Array {
  const counts = new Float64Array(jointSize);
  const m = codes.length;
  for (let i = 0; i < samples; i++) {
    const code = codes[rng.int(m)] as number;
    counts[code] = (counts[code] as number) + 1;
  }
  return counts;
}

/**
 * Count `samples` draws from a weighted table (engine/table.ts): codes[i] stands for weights[i] of the
 * equally likely combinations of dice. A draw picks one combination uniformly (53-bit uniform, so exact
 * for spaces up to 2^53) and finds its code by binary search on the cumulative weights.
 */
export function sampleWeighted(
  codes: Uint8Array,
  weights: Float64Array,
  jointSize: number,
  rng: Rng,
  samples: number,
): Float64Array {
  const counts = new Float64Array(jointSize);
  const k = codes.length;
  const cum = new Float64Array(k);
  let space = 0;
  for (let i = 0; i < k; i++) cum[i] = space += weights[i] as number;
  for (let i = 0; i < samples; i++) {
    const r = Math.floor(rng.double() * space);
    let lo = 0;
    let hi = k - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cum[mid] as number) > r) hi = mid;
      else lo = mid + 1;
    }
    const code = codes[lo] as number;
    counts[code] = (counts[code] as number) + 1;
  }
  return counts;
}
