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
