/**
 * Bare seeded-PRNG draws per second (a d6 pair's 36 faces a draw), the yardstick of R in
 * bench/engagement.ts and bench/kernel-floor.ts: timed in the same process as what it is compared with.
 */
import { createRng } from '../src/core/rng.ts';

let sink = 0;

export function prngRate(draws: number): number {
  const rng = createRng('bench-prng', 0);
  const t0 = performance.now();
  let s = 0;
  for (let i = 0; i < draws; i++) s += rng.int(36);
  sink += s;
  const rate = draws / ((performance.now() - t0) / 1000);
  // The sum is read, so the loop is not optimised away.
  if (sink === 0.5) console.log('');
  return rate;
}
