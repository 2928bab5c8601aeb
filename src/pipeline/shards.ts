/**
 * The shard space of a run: every job is cut into fixed-size shards, each with its own random stream
 * (the job's seed, the shard index), so results depend only on (scenario, seed, samples), never on the
 * thread count or on which machine ran which slice (ARCHITECTURE.md "Determinism"). Shards are counted,
 * not listed: a slice walks its range lazily, so memory does not grow with the number of shards.
 */
import type { Job } from '../studies/index.ts';

export interface ShardRef {
  readonly job: number;
  readonly shard: number;
  readonly samples: number;
}

/** Number of shards of a job. */
export const shardCount = (j: Pick<Job, 'samples' | 'shardSize'>): number =>
  Math.ceil(j.samples / j.shardSize);

/** Number of shards of every job together. */
export const totalShards = (jobs: readonly Job[]): number => jobs.reduce((t, j) => t + shardCount(j), 0);

/**
 * Samples each job draws in shards [start, end) of the global order, in closed form (a range can hold
 * billions of shards: every shard is full but a job's last).
 */
export function samplesByJob(jobs: readonly Job[], start = 0, end = Infinity): number[] {
  let base = 0;
  return jobs.map((j) => {
    const n = shardCount(j);
    const from = Math.max(0, start - base);
    const to = Math.min(n, end - base);
    base += n;
    if (to <= from) return 0;
    const last = j.samples - (n - 1) * j.shardSize;
    return (to - from) * j.shardSize - (to === n ? j.shardSize - last : 0);
  });
}

/** Each job's own shards [from, to) within shards [start, end) of the global order (empty: from = to). */
export function shardsByJob(
  jobs: readonly Job[],
  start = 0,
  end = Infinity,
): { readonly from: number; readonly to: number }[] {
  let base = 0;
  return jobs.map((j) => {
    const n = shardCount(j);
    const from = Math.min(n, Math.max(0, start - base));
    const to = Math.max(from, Math.min(n, end - base));
    base += n;
    return { from, to };
  });
}

/** Samples of shards [start, end) of the global order (job by job). */
export function samplesIn(jobs: readonly Job[], start: number, end: number): number {
  return samplesByJob(jobs, start, end).reduce((t, x) => t + x, 0);
}

/** Shards [start, end) of the global order (every shard of job 0, then of job 1, ...), lazily. */
export function* shardRange(jobs: readonly Job[], start = 0, end = Infinity): Generator<ShardRef> {
  let base = 0;
  for (let job = 0; job < jobs.length && base < end; job++) {
    const j = jobs[job] as Job;
    const n = shardCount(j);
    const from = Math.max(0, start - base);
    const to = Math.min(n, end - base);
    for (let shard = from; shard < to; shard++)
      yield { job, shard, samples: Math.min(j.shardSize, j.samples - shard * j.shardSize) };
    base += n;
  }
}

/** A slice `index` of `count` (1-based, like `--shard 2/4`). */
export interface Slice {
  readonly index: number;
  readonly count: number;
}

/** The contiguous range of `total` shards slice `s` runs: slices are disjoint and cover everything. */
export function sliceRange(total: number, s: Slice): { start: number; end: number } {
  return {
    start: Math.floor((total * (s.index - 1)) / s.count),
    end: Math.floor((total * s.index) / s.count),
  };
}

/** Most slices a run may be cut into. */
export const MAX_SLICES = 100_000;

/** Parse `i/n` (1 <= i <= n <= MAX_SLICES). Returns undefined when malformed. */
export function parseSlice(text: string): Slice | undefined {
  const m = /^(\d{1,9})\/(\d{1,9})$/.exec(text.trim());
  if (!m) return undefined;
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1 || count > MAX_SLICES || index < 1 || index > count) return undefined;
  return { index, count };
}
