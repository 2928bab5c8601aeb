/**
 * The one random number wrapper (ARCHITECTURE.md "Determinism"). Seeded with seedrandom's Alea
 * generator; every shard of a run gets its own stream derived from (seed, shard index), so results depend
 * only on (scenario, seed, samples), never on how many threads ran the shards.
 */
import seedrandom from 'seedrandom';

export interface Rng {
  /** Uniform in [0, 1), 32 bits of resolution (fast). */
  next(): number;
  /** Uniform in [0, 1) with 53 bits of resolution (for picking among up to 2^53 equally likely cases). */
  double(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  /** One roll of a die with `sides` faces: 1..sides. */
  die(sides: number): number;
}

/** A generator for stream `stream` of `seed` (streams of one seed are independent). */
export function createRng(seed: string | number, stream = 0): Rng {
  const prng = seedrandom.alea(`debellator:${seed}:${stream}`);
  return {
    next: () => prng(),
    double: () => prng.double(),
    int: (n) => Math.floor(prng() * n),
    die: (sides) => 1 + Math.floor(prng() * sides),
  };
}
