/**
 * What a round of work will cost, estimated before it starts (docs/scenarios.md "How big a run may
 * be"): samples and shards are counted, time is measured on a few short pilots of the round's jobs (a
 * stream of their own: the results do not change) and memory is what the process holds now plus the
 * workers and the counts. A run whose estimate is above the ceilings is refused unless the user
 * confirms it with --yes.
 */
import { median } from 'simple-statistics';
import { availableParallelism, totalmem } from 'node:os';
import type { Job } from '../studies/index.ts';
import { pilotTask, runShard } from '../studies/kernels.ts';

/** Estimated time above which a run needs --yes. */
export const TIME_CEILING_SECONDS = 60 * 60;
/** Share of the machine's memory above which a run needs --yes. */
const MEMORY_CEILING_SHARE = 0.75;
/** Estimated time above which the estimate is printed before the run starts. */
export const ANNOUNCE_SECONDS = 20;
/** Memory of one worker thread (its own heap and the rule systems' tables). */
const WORKER_BYTES = 64 * 1024 * 1024;
/** Time given to pilots per round. */
const PILOT_BUDGET_MS = 300;
/** Pilots of one kind. */
const PILOTS_PER_KIND = 12;

export interface RoundPlan {
  readonly jobs: readonly Job[];
  /** Samples each job draws in this round (a slice's share of a sliced final stage). */
  readonly samples: readonly number[];
  readonly shards: number;
  /** Samples the stages after this one are expected to draw, by job kind (each stage's `later`, by the kind of its jobs). */
  readonly later: ReadonlyMap<string, number>;
}

export interface Estimate {
  /** Samples of this round and the stages expected after it. */
  readonly samples: number;
  readonly shards: number;
  readonly seconds: number;
  readonly memoryBytes: number;
  /** The memory the ceiling allows (a share of the machine's, or of the process's limit). */
  readonly memoryCeiling: number;
}

/** The memory this process may use: the machine's, or less under a container's limit. */
function memoryAvailable(): number {
  const limit = (process as { constrainedMemory?: () => number | undefined }).constrainedMemory?.();
  const total = totalmem();
  return limit && limit > 0 && limit < total ? limit : total;
}

interface PilotTiming {
  readonly perSample: number;
  readonly countsLength: number;
}

/** Pilots run until one takes this long (shorter timings are mostly noise on a busy machine). */
const PILOT_MS = 20;

/** Seconds per sample of a job, timed on pilots of growing size until one takes PILOT_MS. */
async function timePilot(job: Job): Promise<PilotTiming> {
  for (let n = 1; ; n *= 4) {
    const task = pilotTask(job, n);
    // A cold pilot builds the combat tables and layouts a long run soon has cached (it makes a balance
    // study look four times longer than it is); the same pilot again, warm, makes it look three times
    // shorter (a run keeps meeting new line-ups). Their geometric mean is within some 20% of the runs.
    const t0 = performance.now();
    await runShard({ ...task, stream: 1 });
    const cold = performance.now() - t0;
    const t1 = performance.now();
    const counts = await runShard(task);
    const ms = Math.sqrt(cold * (performance.now() - t1));
    if (ms >= PILOT_MS || task.samples >= job.samples || task.samples < n || n >= 1 << 24)
      return { perSample: ms / 1000 / task.samples, countsLength: counts.length };
  }
}

/** Indexes of up to `k` jobs spread evenly over `of`. */
const spread = (of: readonly number[], k: number): number[] =>
  of.length <= k ? [...of] : Array.from({ length: k }, (_, i) => of[Math.floor((i * of.length) / k)]!);

/** Estimate a round on `threads` threads. */
export async function estimateRound(work: RoundPlan, threads: number): Promise<Estimate> {
  const byKind = new Map<string, number[]>();
  work.jobs.forEach((j, i) => {
    if ((work.samples[i] ?? 0) <= 0) return;
    const list = byKind.get(j.kind) ?? [];
    list.push(i);
    byKind.set(j.kind, list);
  });
  const total = new Map<string, number>(work.later);
  work.jobs.forEach((j, i) => total.set(j.kind, (total.get(j.kind) ?? 0) + (work.samples[i] ?? 0)));
  let seconds = 0;
  let countsBytes = 0;
  const start = performance.now();
  for (const [kind, samples] of total) {
    if (samples <= 0) continue;
    const picked = spread(byKind.get(kind) ?? [], PILOTS_PER_KIND);
    const timings: PilotTiming[] = [];
    for (const [k, i] of picked.entries()) {
      // One pilot of each kind at least (each timed warm: timePilot).
      if (k > 0 && performance.now() - start > PILOT_BUDGET_MS) break;
      timings.push(await timePilot(work.jobs[i]!));
    }
    // Work known only by its kind (later stages) is timed like this round's jobs of that kind; a kind
    // with no job to time yet is taken to cost a millisecond a sample (an engagement's order).
    seconds +=
      samples *
      (timings.length > 0
        ? median(timings.map((t) => t.perSample)) /* robust to a pilot slowed by the collector */
        : 1e-3);
    const jobs = byKind.get(kind)?.length ?? 0;
    countsBytes += jobs * (timings.length > 0 ? median(timings.map((t) => t.countsLength)) : 64) * 8 * 3;
  }
  const used = Math.min(threads, availableParallelism());
  return {
    samples: [...total.values()].reduce((t, x) => t + x, 0),
    shards: work.shards,
    // Threads share memory bandwidth and, often, the machine: count each thread after the first as 0.8.
    seconds: seconds / (1 + 0.8 * (Math.max(1, used) - 1)),
    memoryBytes: process.memoryUsage().rss + (threads > 1 ? threads * WORKER_BYTES : 0) + countsBytes,
    memoryCeiling: memoryAvailable() * MEMORY_CEILING_SHARE,
  };
}

/** "40 s", "12 min", "1 h", "3.5 h", "19 days", "3 years". */
export function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return 'forever';
  if (seconds < 90) return `${Math.max(1, Math.round(seconds))} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 48 * 3600) return `${(seconds / 3600).toFixed(1).replace(/\.0$/, '')} h`;
  if (seconds < 730 * 86400) return `${Math.round(seconds / 86400).toLocaleString('en-US')} days`;
  return `${Math.round(seconds / (365 * 86400)).toLocaleString('en-US')} years`;
}

const bytes = (b: number) =>
  b >= 1024 ** 3
    ? `${(b / 1024 ** 3).toFixed(1)} GB`
    : `${Math.ceil(b / 1024 ** 2).toLocaleString('en-US')} MB`;

const count = (n: number) =>
  n >= 1e7 ? n.toExponential(1).replace('e+', 'e') : Math.round(n).toLocaleString('en-US');

/** One line: "about 12 min on 2 threads: 4.0e9 samples in 4,000 shards, about 300 MB of memory". */
export function describeEstimate(e: Estimate, threads: number): string {
  return `about ${duration(e.seconds)} on ${threads} thread${threads === 1 ? '' : 's'}: ${count(e.samples)} samples in ${count(e.shards)} shards, about ${bytes(e.memoryBytes)} of memory`;
}

/** Why a run is over the ceilings (undefined when it is not). */
export function overCeiling(e: Estimate): string | undefined {
  if (e.seconds > TIME_CEILING_SECONDS) return `more than ${duration(TIME_CEILING_SECONDS)}`;
  if (e.memoryBytes > e.memoryCeiling) return `more than ${bytes(e.memoryCeiling)} of memory`;
  return undefined;
}
