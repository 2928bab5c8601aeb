/**
 * The shard space of a run: every job is cut into fixed-size shards, each with its own random stream
 * (seed of the job, shard index), so results depend only on (scenario, seed, samples), never on thread
 * count or on which machine ran which slice (DESIGN.md "Determinism").
 */

/** Samples per shard. Part of the results' identity: changing it changes every sampled count. */
export const SHARD_SIZE = 1_000_000;

/** One unit of Monte Carlo work: a kind, its payload and the samples wanted. */
export interface Job {
  readonly kind: string;
  readonly payload: unknown;
  /** Seed key of this job (derived from the run seed and the job's place in the scenario). */
  readonly seed: string;
  readonly samples: number;
}

export interface ShardRef {
  readonly job: number;
  readonly shard: number;
  readonly samples: number;
}

/** Number of shards of a job. */
export const shardCount = (samples: number, size = SHARD_SIZE): number => Math.ceil(samples / size);

/** Every shard of every job, job by job: the global shard order slices cut. */
export function allShards(jobs: readonly Job[], size = SHARD_SIZE): ShardRef[] {
  const out: ShardRef[] = [];
  jobs.forEach((j, job) => {
    const n = shardCount(j.samples, size);
    for (let shard = 0; shard < n; shard++) {
      out.push({ job, shard, samples: Math.min(size, j.samples - shard * size) });
    }
  });
  return out;
}

/** A slice `index` of `count` (1-based, like `--shard 2/4`). */
export interface Slice {
  readonly index: number;
  readonly count: number;
}

/** The contiguous part of `items` slice `s` runs: slices are disjoint and cover everything. */
export function sliceOf<T>(items: readonly T[], s: Slice): T[] {
  const start = Math.floor((items.length * (s.index - 1)) / s.count);
  const end = Math.floor((items.length * s.index) / s.count);
  return items.slice(start, end);
}

/** Parse `i/n` (1 <= i <= n). Returns undefined when malformed. */
export function parseSlice(text: string): Slice | undefined {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!m) return undefined;
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1 || index < 1 || index > count) return undefined;
  return { index, count };
}
