/**
 * Runs shards and adds up their counts per job. One thread: in this process. More: a piscina pool of
 * worker threads (worker-bundle.ts), fed a bounded number of shards at a time. Results are identical for any
 * thread count because each shard's counts depend only on its task and counts add exactly.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { runShard, type ShardTask } from './kernels.ts';
import type { Job, ShardRef } from './shards.ts';
import { workerEntry } from './worker-bundle.ts';

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
  /** Called after each shard with the samples it drew. */
  readonly onShard?: (samples: number) => void;
}

export const defaultThreads = (): number => Math.max(1, availableParallelism());

const taskOf = (jobs: readonly Job[], r: ShardRef): ShardTask => {
  const j = jobs[r.job] as Job;
  return { kind: j.kind, payload: j.payload, seed: j.seed, stream: r.shard, samples: r.samples };
};

/** Summed counts per job index (only jobs with at least one shard in `refs`). */
export async function runShards(
  jobs: readonly Job[],
  refs: readonly ShardRef[],
  opts: PoolOptions,
): Promise<Map<number, Float64Array>> {
  const totals = new Map<number, Float64Array>();
  const add = (job: number, counts: Float64Array) => {
    const t = totals.get(job);
    if (!t) {
      totals.set(job, Float64Array.from(counts));
      return;
    }
    for (let i = 0; i < counts.length; i++) t[i] = (t[i] as number) + (counts[i] as number);
  };
  const cancelled = () => opts.signal?.aborted === true;
  if (!opts.forcePool && (opts.threads <= 1 || refs.length <= 1)) {
    for (const r of refs) {
      if (cancelled()) throw new CancelledError();
      add(r.job, runShard(taskOf(jobs, r)));
      opts.onShard?.(r.samples);
      // Let signals and the progress bar through between shards.
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (cancelled()) throw new CancelledError();
    return totals;
  }
  const entry = await workerEntry();
  const pool = new Piscina({ ...entry, minThreads: opts.threads, maxThreads: opts.threads });
  try {
    const window = opts.threads * 4;
    let next = 0;
    let failure: unknown;
    let cleanup = () => {};
    await new Promise<void>((resolve) => {
      let inFlight = 0;
      const pump = () => {
        while (failure === undefined && !cancelled() && inFlight < window && next < refs.length) {
          const r = refs[next++] as ShardRef;
          inFlight++;
          (pool.run(taskOf(jobs, r)) as Promise<Float64Array>).then(
            (counts) => {
              inFlight--;
              add(r.job, counts);
              opts.onShard?.(r.samples);
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
  } finally {
    await pool.destroy();
  }
}
