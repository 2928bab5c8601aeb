/**
 * Shard kernels: the work one shard of a Monte Carlo run does, by job kind. A kernel is a pure function
 * of plain data: it gets the job's payload (structured-cloneable, no closures), a seeded Rng for this
 * shard and the number of samples, and returns counts (a Float64Array whose layout the job kind
 * defines; the runner only adds counts element by element). Counts are whole numbers, so sums are exact
 * and do not depend on the order shards finish in.
 *
 * Adding a job kind is one line in KERNELS, e.g. `engagement: engagementKernel`. The worker
 * (worker.js) and the in-process runner both call runShard, so every kind runs on any thread count.
 */
import { createRng, type Rng } from '../core/rng.ts';
import { sampleCodes, sampleWeighted } from '../engine/sample.ts';
import { engagementKernel } from '../engagement/counts.ts';
import { gbaEngagementKernel } from '../systems/gba/engagement/counts.ts';

export type ShardKernel = (payload: unknown, rng: Rng, samples: number) => Float64Array;

/** Payload of a `table` job: a compiled outcome table (engine/table.ts). */
export interface TablePayload {
  readonly codes: Uint8Array;
  /** Present for a weighted table. */
  readonly weights?: Float64Array | undefined;
  readonly jointSize: number;
}

const tableKernel: ShardKernel = (payload, rng, samples) => {
  const p = payload as TablePayload;
  return p.weights
    ? sampleWeighted(p.codes, p.weights, p.jointSize, rng, samples)
    : sampleCodes(p.codes, p.jointSize, rng, samples);
};

export const KERNELS: Readonly<Record<string, ShardKernel>> = {
  table: tableKernel,
  engagement: engagementKernel,
  'gba-engagement': gbaEngagementKernel,
};

/** One shard as sent to a worker: plain data only. */
export interface ShardTask {
  readonly kind: string;
  readonly payload: unknown;
  /** The job's seed key; the shard's stream is its index within the job. */
  readonly seed: string;
  readonly stream: number;
  readonly samples: number;
}

export function runShard(task: ShardTask): Float64Array {
  const kernel = KERNELS[task.kind];
  if (!kernel) throw new Error(`unknown job kind "${task.kind}"`);
  return kernel(task.payload, createRng(task.seed, task.stream), task.samples);
}
