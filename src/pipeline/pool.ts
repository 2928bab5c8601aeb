/**
 * Runs shards and adds up their counts per job. One thread: in this process. More: a piscina pool of
 * worker threads (worker-bundle.ts), fed a bounded number of shards at a time from a lazy iterator.
 * Results are identical for any thread count because each shard's counts depend only on its task and
 * counts add exactly.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { BUILT_IN_SYSTEMS } from '../systems/index.ts';
import { runShard, systemOf, type ShardTask } from '../studies/kernels.ts';
import type { Job } from '../studies/index.ts';
import type { ShardRef } from './shards.ts';
import { FALLBACK, workerEntry } from './worker-bundle.ts';

export class CancelledError extends Error {
  override readonly name = 'CancelledError';
  constructor() {
    super('cancelled');
  }
}

export interface PoolOptions {
  /** Worker threads; 1 runs in this thread. */
  readonly threads: number;
  readonly signal?: AbortSignal;
  /** Use worker threads even for one thread (benchmarks compare 1 and 2 workers like for like). */
  readonly forcePool?: boolean;
  /** Called after each shard with the job and the samples it drew. */
  readonly onShard?: (job: Job, samples: number) => void;
}

export const cores = (): number => Math.max(1, availableParallelism());

const taskOf = (jobs: readonly Job[], r: ShardRef): ShardTask => {
  const j = jobs[r.job] as Job;
  return { kind: j.kind, payload: j.payload, seed: j.seed, stream: r.shard, samples: r.samples };
};

/** Does any job need a rule system the worker bundle does not contain (one registered at run time)? */
function needsLoader(jobs: readonly Job[]): boolean {
  const builtIn = new Set(BUILT_IN_SYSTEMS.map((s) => s.id));
  return jobs.some((j) => {
    const system = systemOf(j);
    return system !== undefined && !builtIn.has(system.id);
  });
}

/** Summed counts per job index (only jobs with at least one shard in `refs`). */
export async function runShards(
  jobs: readonly Job[],
  refs: Iterable<ShardRef>,
  opts: PoolOptions,
): Promise<Map<number, Float64Array>> {
  const totals = new Map<number, Float64Array>();
  const add = (job: number, counts: Float64Array) => {
    const t = totals.get(job);
    if (!t) {
      totals.set(job, Float64Array.from(counts));
      return;
    }
    if (t.length !== counts.length) throw new Error(`job ${job}: shards of different sizes`);
    for (let i = 0; i < counts.length; i++) t[i] = (t[i] as number) + (counts[i] as number);
  };
  const cancelled = () => opts.signal?.aborted === true;
  const it = refs[Symbol.iterator]();
  if (!opts.forcePool && opts.threads <= 1) {
    for (let n = it.next(); !n.done; n = it.next()) {
      if (cancelled()) throw new CancelledError();
      const r = n.value;
      add(r.job, await runShard(taskOf(jobs, r)));
      opts.onShard?.(jobs[r.job] as Job, r.samples);
      // Let signals and the progress bar through between shards.
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (cancelled()) throw new CancelledError();
    return totals;
  }
  const pool = await poolFor(needsLoader(jobs), opts.threads);
  try {
    const window = opts.threads * SHARDS_IN_FLIGHT_PER_THREAD;
    let failure: unknown;
    let cleanup = () => {};
    let exhausted = false;
    await new Promise<void>((resolve) => {
      let inFlight = 0;
      const pump = () => {
        while (failure === undefined && !cancelled() && inFlight < window && !exhausted) {
          const n = it.next();
          if (n.done) {
            exhausted = true;
            break;
          }
          const r = n.value;
          inFlight++;
          (pool.run(taskOf(jobs, r)) as Promise<Float64Array>).then(
            (counts) => {
              inFlight--;
              try {
                add(r.job, counts);
              } catch (e) {
                failure ??= e;
              }
              opts.onShard?.(jobs[r.job] as Job, r.samples);
              pump();
            },
            (err: unknown) => {
              inFlight--;
              failure ??= err;
              pump();
            },
          );
        }
        if (inFlight === 0) resolve();
      };
      const onAbort = () => pump();
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      pump();
      cleanup = () => opts.signal?.removeEventListener('abort', onAbort);
    });
    cleanup();
    if (failure !== undefined) throw failure;
    if (cancelled()) throw new CancelledError();
    return totals;
  } catch (e) {
    // A failed or cancelled round may leave work on the threads: do not hand them to the next run.
    await closePools();
    throw e;
  }
}

/**
 * The worker threads of a run, kept from one round to the next (a balance study has a dozen rounds, and
 * each thread keeps its caches of combat tables and line-ups); closePools() ends them, and threads left
 * idle for a while end by themselves. Each thread's old generation is capped, so a long study's memory
 * stays bounded (its caches are bounded well below the cap).
 */
let shared: { key: string; pool: Piscina } | undefined;

async function poolFor(loader: boolean, threads: number): Promise<Piscina> {
  const key = `${loader}|${threads}`;
  if (shared?.key === key) return shared.pool;
  await closePools();
  const entry = loader ? FALLBACK : await workerEntry();
  const pool = new Piscina({
    ...entry,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: IDLE_MS,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  shared = { key, pool };
  return pool;
}

/** Shards handed to the pool at a time, per thread (enough to keep every thread busy). */
export const SHARDS_IN_FLIGHT_PER_THREAD = 4;

/** A worker idle this long ends (rounds of one run follow each other within seconds). */
const IDLE_MS = 30_000;
/**
 * Old-generation cap of a worker thread, in MB (estimate.ts: a worker's memory stops growing near it).
 * A worker's live data is about 300 MB on the bundled study (its caches are bounded); with room to 1.5 GB
 * its heap grew to about 1.1 GB before the collector worked at it, and with 1 GB the study ran a little
 * faster (7:00 against 7:21) and peaked at 2.2 GB against 2.7 GB.
 */
export const WORKER_HEAP_MB = 1024;

/** End the worker threads kept between rounds (the end of a run). */
export async function closePools(): Promise<void> {
  const s = shared;
  shared = undefined;
  if (s) await s.pool.destroy();
}
