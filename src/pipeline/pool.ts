/**
 * Runs shards and adds up their counts per job. One thread: in this process. More: worker threads
 * (worker-bundle.ts), each a one-thread piscina pool fed a bounded number of shards at a time from a lazy
 * iterator, a job's shards preferably on the thread of its affinity (lanes.ts).
 * Results are identical for any thread count because each shard's counts depend only on its task and
 * counts add exactly.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { BUILT_IN_SYSTEMS } from '../systems/index.ts';
import { jobKindOf, runShard, systemOf, type ShardTask } from '../studies/kernels.ts';
import type { Job } from '../studies/index.ts';
import type { ShardRef } from './shards.ts';
import { HeapKeeper } from './collect.ts';
import { Lanes } from './lanes.ts';
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
  /**
   * Called after each shard with its job's index and the job's counts so far (every shard of it done
   * so far, added up; the array is the pool's own and grows with the job's later shards).
   */
  readonly onCounts?: (job: number, counts: Float64Array) => void;
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
      opts.onCounts?.(r.job, totals.get(r.job)!);
      opts.onShard?.(jobs[r.job] as Job, r.samples);
      // Let signals and the progress bar through between shards.
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (cancelled()) throw new CancelledError();
    return totals;
  }
  const lanes = await poolFor(needsLoader(jobs), opts.threads);
  try {
    const queue = new Lanes(it, lanes.length, (job) => {
      const j = jobs[job] as Job;
      return jobKindOf(j.kind).affinity(j.payload);
    });
    let failure: unknown;
    let cleanup = () => {};
    await new Promise<void>((resolve) => {
      const inFlight = new Array<number>(lanes.length).fill(0);
      let running = 0;
      const pump = () => {
        for (let l = 0; l < lanes.length; l++)
          while (failure === undefined && !cancelled() && inFlight[l]! < SHARDS_IN_FLIGHT_PER_THREAD) {
            const r = queue.next(l);
            if (r === undefined) break;
            inFlight[l]!++;
            running++;
            (lanes[l]!.run(taskOf(jobs, r)) as Promise<Float64Array>).then(
              (counts) => {
                inFlight[l]!--;
                running--;
                try {
                  add(r.job, counts);
                  opts.onCounts?.(r.job, totals.get(r.job)!);
                } catch (e) {
                  failure ??= e;
                }
                opts.onShard?.(jobs[r.job] as Job, r.samples);
                heap.tick();
                pump();
              },
              (err: unknown) => {
                inFlight[l]!--;
                running--;
                failure ??= err;
                pump();
              },
            );
          }
        if (running === 0) resolve();
      };
      const onAbort = () => pump();
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      pump();
      // Once the threads have their first shards, so they do not wait for it (0.13-0.19 s on the bundled
      // study's main thread), unless the round left little to collect (HeapKeeper.settle).
      heap.settle(ROUND_SLACK_BYTES);
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
 * idle for a while end by themselves. Each thread is a pool of its own (a lane: lanes.ts), so a job's
 * shards can be sent to the thread that keeps what the job shares with others. Each thread's old
 * generation is capped, so a long study's memory stays bounded (its caches are bounded well below the cap).
 */
let shared: { key: string; lanes: Piscina[] } | undefined;

/**
 * This thread mostly waits while the workers sample: keep its heap from holding a round's set-up and the
 * shards' results long after they are garbage (collect.ts). One keeper for every round, so that a round
 * knows what the last collection kept.
 */
const heap = new HeapKeeper();
/** Growth since the last collection that a round's start collects (a big round's set-up is more). */
const ROUND_SLACK_BYTES = 32 * 1024 ** 2;

async function poolFor(loader: boolean, threads: number): Promise<Piscina[]> {
  const key = `${loader}|${threads}`;
  if (shared?.key === key) return shared.lanes;
  await closePools();
  const entry = loader ? FALLBACK : await workerEntry();
  const lanes = Array.from(
    { length: Math.max(1, threads) },
    () =>
      new Piscina({
        ...entry,
        minThreads: 0,
        maxThreads: 1,
        // The thread holds the shards it is given (one at a time runs), so it never waits on this
        // thread between two of them.
        concurrentTasksPerWorker: SHARDS_IN_FLIGHT_PER_THREAD,
        idleTimeout: IDLE_MS,
        resourceLimits: {
          maxOldGenerationSizeMb: WORKER_HEAP_MB,
          maxYoungGenerationSizeMb: WORKER_YOUNG_MB,
        },
      }),
  );
  shared = { key, lanes };
  return lanes;
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
/**
 * Young-generation cap of a worker thread, in MB (V8's default: 48). A line-up's setup outlives a
 * young-generation pass and is copied by it; those passes had come to a tenth of a worker's time with 16
 * MB. 32 MB halves their number (first 90 s of the bundled balance stage, per worker: 1,340 passes and
 * 7.4 s against 2,680 and 8.8 s). Paired runs of a third of that stage (3 each): 0.95 of the processor
 * time, peaking 61 MB higher (64 MB: also 0.95, 147 MB higher). On the bundled study: 0.95 of its time,
 * 1.17-1.19 GB at peak against 1.13-1.15 GB.
 */
export const WORKER_YOUNG_MB = 32;

/** End the worker threads kept between rounds (the end of a run). */
export async function closePools(): Promise<void> {
  const s = shared;
  shared = undefined;
  if (s) await Promise.all(s.lanes.map((l) => l.destroy()));
}
