/**
 * The job kinds (studies/job-kind.ts), the one list of them, and the shard runner. A job's kernel is a
 * function of plain data: the job's payload (structured-cloneable, no closures), a seeded random stream
 * for this shard and the number of samples; it returns counts (a Float64Array whose layout the job kind
 * defines; the runner only adds counts element by element). Counts are whole numbers, so sums are exact
 * and do not depend on the order shards finish in. The worker thread (src/pipeline/worker.js) and the
 * in-process runner both call runShard, so every kind runs on any thread count.
 */
import { createRng } from '../core/rng.ts';
import type { JobKind, SystemRef } from './job-kind.ts';
import { armyJobs } from './jobs/army.ts';
import { balanceJobs } from './jobs/balance.ts';
import { engagementJobs } from './jobs/engagement.ts';
import { tableJobs } from './jobs/table.ts';

export type { TablePayload } from './jobs/table.ts';
export type { EngagementPayload } from './jobs/engagement.ts';
export type { JobKind, PilotWork } from './job-kind.ts';

/** Every job kind, by its id. Adding one is its file under studies/jobs/ and a line here. */
export const JOB_KINDS: ReadonlyMap<string, JobKind> = new Map(
  [tableJobs, engagementJobs, balanceJobs, armyJobs].map((k) => [k.id, k]),
);

/** The job kind named `id` (an Error for an unknown one). */
export function jobKindOf(id: string): JobKind {
  const kind = JOB_KINDS.get(id);
  if (!kind) throw new Error(`unknown job kind "${id}"`);
  return kind;
}

interface JobLike {
  readonly kind: string;
  readonly payload: unknown;
  readonly seed: string;
}

/**
 * What is wrong with a job's counts that no run of it could give, or undefined (merge refuses a slice
 * whose counts were changed or damaged): the wrong number of counts for the job, or what its kind finds
 * impossible in them (job-kind.ts `countsProblem`). Counts are whole and non-negative already (the
 * slice schema).
 */
export async function countsProblem(job: JobLike, counts: ArrayLike<number>): Promise<string | undefined> {
  const kind = jobKindOf(job.kind);
  const want = await kind.countsLength(job.payload, job.seed);
  if (counts.length !== want) return `${counts.length} counts; its kind has ${want}`;
  return kind.countsProblem(job.payload, Float64Array.from(counts));
}

/** How many samples a job kind's counts hold (merge checks every slice against its shards). */
export function samplesHeld(kind: string, counts: ArrayLike<number>): number {
  return jobKindOf(kind).samplesHeld(counts);
}

/** How many numbers a job's counts have (merge refuses a slice whose counts have another length). */
export async function countsLength(job: JobLike): Promise<number> {
  return jobKindOf(job.kind).countsLength(job.payload, job.seed);
}

/** The rule system a job's payload names, if any (pool.ts: a system the worker bundle lacks). */
export function systemOf(job: { readonly kind: string; readonly payload: unknown }): SystemRef | undefined {
  return jobKindOf(job.kind).system(job.payload);
}

/**
 * A small task of a job's kind for timing it (a run's estimate before it starts): about `samples`
 * samples of the job, from a stream of its own (job-kind.ts `pilot`; `fresh` > 0: the same work on
 * setups the pilot did not need). `samples` on the result is what it draws, in the job's sample units;
 * `setups` what it sets up.
 */
export function pilotTask(
  job: JobLike & { readonly samples: number },
  samples: number,
  fresh = 0,
): ShardTask & { readonly setups: number } {
  const pilot = jobKindOf(job.kind).pilot(job.payload, job.samples, samples, fresh);
  return {
    kind: job.kind,
    payload: pilot.payload,
    seed: `${job.seed}|pilot`,
    stream: fresh,
    samples: pilot.samples,
    setups: pilot.setups,
  };
}

/** One shard as sent to a worker: plain data only. */
export interface ShardTask {
  readonly kind: string;
  readonly payload: unknown;
  /** The job's seed key; the shard's stream is its index within the job. */
  readonly seed: string;
  readonly stream: number;
  readonly samples: number;
}

/** The worker entry (pool.ts, worker.js): plain data in, counts out. */
export async function runShard(task: ShardTask): Promise<Float64Array> {
  return jobKindOf(task.kind).kernel(task.payload, createRng(task.seed, task.stream), task.samples);
}
