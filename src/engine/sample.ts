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
 * equally likely combinations of dice. A draw picks one combination r uniformly (53-bit uniform u, so
 * exact for spaces up to 2^53) and finds the first i whose cumulative weight exceeds r. A guide table
 * (one entry per code: the first i past each k/K of the space) starts that search next to its answer, so
 * a draw costs about one comparison.
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
  // guide[g]: first i with cum[i] > floor(g * space / k). For u in [g/k, (g+1)/k), r = floor(u * space) is
  // at least that bound, so the answer is at or after guide[g].
  const guide = new Int32Array(k);
  for (let g = 0, i = 0; g < k; g++) {
    const bound = Math.floor((g * space) / k);
    while ((cum[i] as number) <= bound) i++;
    guide[g] = i;
  }
  for (let s = 0; s < samples; s++) {
    const u = rng.double();
    const r = Math.floor(u * space);
    let i = guide[Math.floor(u * k)] as number;
    // Exact whatever the rounding of u * k: step back if the guide overshot, then forward to the answer.
    while (i > 0 && (cum[i - 1] as number) > r) i--;
    while ((cum[i] as number) <= r) i++;
    const code = codes[i] as number;
    counts[code] = (counts[code] as number) + 1;
  }
  return counts;
}
