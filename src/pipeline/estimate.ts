/**
 * What a run will cost, estimated before it starts (docs/scenarios.md "How big a run may be").
 *
 * Work is counted per job kind (studies/job-kind.ts) as samples, setups and contexts: a setup is what a
 * kernel builds for one job before it samples (a balance job lays out a line-up per opponent); a context
 * is what jobs share and each thread builds once (a balance job's element against an opponent under a
 * variant and setting: their combat tables). A round's work is its jobs'; adaptive studies add what
 * their later stages are expected to ask for (Stage.later, Stage.laterSetups), on the contexts their
 * first stage met.
 *
 * Pilots in this thread measure, per kind, its processor seconds (their clock time less their waits
 * for a processor: not inflated by other processes) per sample, per setup and per context, and the
 * bytes a setup keeps. A pilot is a small job of the kind (its `pilot`) run three times: as itself (its
 * contexts new to the pilots), then on fresh setups (a balance job at another count), then the same
 * again, warm; the rates are sums over the pilots of warm, fresh - warm and first - fresh, over their
 * samples, setups and contexts (a pilot that met no new context counts first - warm to its setups: an
 * army job's set-up is only ever run first). The
 * first pilots of a kind only warm the JIT up; a few more jobs are weighed (live bytes after a
 * collection, the second time they are set up at another count). So
 *
 *   seconds = (JIT_GAIN x (samples x per sample + setups x per setup) x (1 + COLLECTOR_SHARE x pressure)
 *              + threads x (contexts x per context + WORKER_WARM_UP_SECONDS)) / speedUp
 *   (contexts of a kind with an affinity are built once, by the thread its jobs go to: shared work)
 *             + WORKER_START_SECONDS + REPORT_SECONDS
 *   memory  = this process after the pilots
 *             + per worker thread: WORKER_BASE_BYTES + min(its heap ceiling + WORKER_HEAP_OVERHEAD_BYTES,
 *                                  HEAP_FACTOR x bytes per setup x its share of the setups)
 *             + the counts the run keeps
 *
 * where pressure is how full the workers' heaps get (the memory model's heap over its ceiling, at most
 * 1): a full heap keeps the collector's helper threads busy.
 *
 * speedUp counts the machine's processors and the threads of other processes wanting one (othersOf:
 * the work other processes did while the pilots ran, over the share of a processor the pilots got).
 * With one thread the work runs in this (warm) thread, and its heap grows here, up to its limit. A kind's rates are measured once per run (a run's Estimator), in
 * the first round with jobs of that kind, and kept for the later rounds, whose memory is at least what
 * the process holds when they start. docs/scenarios.md says where the constants come from.
 *
 * A run whose estimate is above the ceilings is refused unless the user confirms it with --yes.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg, totalmem } from 'node:os';
import { getHeapStatistics } from 'node:v8';
import type { Job } from '../studies/index.ts';
import { jobKindOf, pilotTask, runShard, type ShardTask } from '../studies/kernels.ts';
import { fullCollection } from './collect.ts';
import { packedBytes } from './counts-store.ts';
import { SHARDS_IN_FLIGHT_PER_THREAD, WORKER_HEAP_MB } from './pool.ts';

/** Estimated time above which a run needs --yes. */
export const TIME_CEILING_SECONDS = 60 * 60;
/** Share of the machine's memory above which a run needs --yes. */
const MEMORY_CEILING_SHARE = 0.75;
/** Estimated time above which the estimate is printed before the run starts. */
export const ANNOUNCE_SECONDS = 20;

/**
 * Memory of a worker thread before it holds any setups: its V8 isolate, the kernels' bundle, the rule
 * systems' data and the heap it needs for the samples in flight.
 */
export const WORKER_BASE_BYTES = 80 * 1024 ** 2;
/**
 * A heap holds more than the data it keeps alive (what the collector has not freed yet, room to grow):
 * bytes per setup are weighed live, after a collection; a thread's heap is taken as this many times
 * its setups' bytes.
 */
export const HEAP_FACTOR = 1.1;
/**
 * A worker whose setups would more than fill its heap does not fill it: its caches are bounded (combat
 * tables, laid-out lines and line-ups, each kept up to a count), so its live data levels off, and the
 * collector lets the heap grow to about one and a half times what it keeps. On the bundled study a
 * worker's heap levelled off at 390 to 420 MB of its 1 GB ceiling (pool.ts WORKER_HEAP_MB), with 290
 * to 315 MB in use at most, once laid-out lines and pairs of templates kept their arrays on shared
 * buffers (before: 470 to 510 MB), hence 0.4 then. Since a thread keeps only a few configs by their
 * text (prepare.ts TEXT_MEMO), the army battles' layouts no longer stay through the balance stage: the
 * heap levels off at about 300 MB (297 to 301 MB measured). The model takes such a heap at this share
 * of its ceiling.
 */
export const WORKER_HEAP_LEVEL = 0.3;
/**
 * A worker's resident memory is its heap and this much more (young generation, code, typed arrays
 * outside the heap).
 */
export const WORKER_HEAP_OVERHEAD_BYTES = 128 * 1024 ** 2;
/**
 * Clock seconds to analyse the results and write the report after the sampling (a small balance study
 * takes 0.6 to 1 s; the bundled one about 10 s: a few percent of its time).
 */
export const REPORT_SECONDS = 1;
/** Clock seconds to start the worker threads of a run (bundling the kernels: pipeline/worker-bundle.ts). */
export const WORKER_START_SECONDS = 0.5;
/**
 * Processor seconds a worker thread spends loading the kernels and running them while the JIT compiles
 * them, beyond their work (calibrated: a 2-thread run's first round against the same jobs run warm).
 */
export const WORKER_WARM_UP_SECONDS = 1;
/**
 * The kernels run this much faster over a run than in the pilots: a run's seconds of JIT-compiled code
 * against a fraction of a second (calibrated: the same pilots in a fresh process and after a run).
 */
export const JIT_GAIN = 0.75;
/** Threads of one run share memory bandwidth and caches: several run at this share of one's speed each. */
export const PARALLEL_EFFICIENCY = 0.9;
/**
 * A worker thread whose heap is at its ceiling (its setups' bytes more than its heap holds: modelMemory)
 * has its collector mark a full heap again and again, on helper threads that want processors beside
 * the sampling: this much processor time more than its samples and setups take (in proportion below
 * the ceiling). Calibrated: the bundled study, each worker at its 1 GB ceiling, took 857 s of processor
 * time in all, 593 s of it in its kernels and about 25 s in its pilots and report.
 */
export const COLLECTOR_SHARE = 0.4;

/** Processor time the first pilots of a kind run to warm the JIT up, untimed: at least, ... */
const WARM_UP_MS = 150;
/** ... more while under this share of the time they estimate, ... */
const WARM_UP_SHARE = 0.01;
/** ... at most this. */
const WARM_UP_MAX_MS = 600;
/** Processor time given to the timed pilots of a kind: at least, ... */
const PILOT_BUDGET_MS = 300;
/** ... more while under this share of the time they estimate, ... */
const PILOT_SHARE = 0.01;
/** ... but never more than this. */
const PILOT_BUDGET_MAX_MS = 3_000;
/** Timed pilots of one kind at most. */
const PILOTS_PER_KIND = 24;
/** A pilot grows until its warm run takes this much processor time (shorter ones are mostly noise). */
const PILOT_MS = 20;
/** Jobs whose fresh setups are weighed (apart from the timed pilots: a collection slows what follows). */
const WEIGHED_PILOTS = 8;
/** Their `fresh` (other counts than the timed pilots'). */
const WEIGHED_FRESH = 7;

/** Work of one job kind: samples, setups and new contexts. */
export interface KindWork {
  readonly samples: number;
  readonly setups: number;
  /** Contexts no thread has built yet (later stages: none, they share their first stage's). */
  readonly contexts?: number;
  /**
   * Each context is built by one thread, not by every thread: the kind has an affinity, so the jobs that
   * share a context go to one thread (pipeline/lanes.ts).
   */
  readonly contextsOnce?: boolean;
}

export interface RoundPlan {
  readonly jobs: readonly Job[];
  /** Samples each job draws in this round (a slice's share of a sliced final stage). */
  readonly samples: readonly number[];
  readonly shards: number;
  /** What the stages after this one are expected to do, by job kind (the stages' `later` and `laterSetups`). */
  readonly later: ReadonlyMap<string, KindWork>;
}

/** What pilots measured of a job kind: processor seconds per sample, setup and context; bytes per setup. */
export interface KindRates {
  readonly perSample: number;
  readonly perSetup: number;
  /** Built once by each thread that meets it. */
  readonly perContext: number;
  /** Bytes a setup keeps alive (after a collection). */
  readonly bytesPerSetup: number;
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

/** A kind never measured: a millisecond a sample (an engagement's order). */
const UNMEASURED: KindRates = { perSample: 1e-3, perSetup: 0, perContext: 0, bytesPerSetup: 0 };

/** How the work runs: threads, the machine, and what starting worker threads costs. */
export interface RunShape {
  readonly threads: number;
  /** The machine's processors (default: as many as threads). */
  readonly cores?: number;
  /** Threads of other processes wanting a processor (default none). */
  readonly others?: number;
  /** Processor seconds each worker thread spends starting, beyond its work (none: threads started). */
  readonly warmUp?: number;
  /** Clock seconds to start the worker threads (none for one thread: the work runs in this one). */
  readonly start?: number;
  /** How full the threads' heaps get, 0 to 1 of their ceiling (heapPressure; default 0). */
  readonly heapPressure?: number;
}

/**
 * Processors' worth of work `threads` threads get done: each gets a whole processor while the machine
 * has one for every thread that wants one, else its share (cores / (others + threads)); several threads
 * of one run at PARALLEL_EFFICIENCY.
 */
export function speedUp(shape: RunShape): number {
  const n = Math.max(1, shape.threads);
  const share = Math.min(1, (shape.cores ?? n) / ((shape.others ?? 0) + n));
  return n * share * (n > 1 ? PARALLEL_EFFICIENCY : 1);
}

/**
 * Clock seconds for `work` at `rates`: the samples and setups are shared among the threads (and their
 * collectors take COLLECTOR_SHARE more, times the heaps' pressure); each thread builds every context
 * (one thread, for a kind with an affinity: pipeline/lanes.ts)
 * and (worker threads) warms its JIT up; all in processor seconds, over the threads' speed-up
 * (speedUp); plus the start.
 */
export function modelSeconds(
  work: ReadonlyMap<string, KindWork>,
  rates: ReadonlyMap<string, Omit<KindRates, 'bytesPerSetup'>>,
  shape: RunShape,
): number {
  let shared = 0;
  let everyThread = 0;
  for (const [kind, w] of work) {
    const r = rates.get(kind) ?? UNMEASURED;
    shared += w.samples * r.perSample + w.setups * r.perSetup;
    if (w.contextsOnce) shared += (w.contexts ?? 0) * r.perContext;
    else everyThread += (w.contexts ?? 0) * r.perContext;
  }
  const n = Math.max(1, shape.threads);
  if (n > 1) everyThread += shape.warmUp ?? 0;
  const pressure = Math.min(1, Math.max(0, shape.heapPressure ?? 0));
  const cpu = shared * (1 + COLLECTOR_SHARE * pressure) + n * everyThread;
  return cpu / speedUp(shape) + (n > 1 ? (shape.start ?? 0) : 0);
}

/**
 * Processor seconds one sample of each kind is expected to cost in `work`, its setups and contexts
 * spread over its samples (the progress bar's weights: pipeline/progress.ts).
 */
export function sampleWeights(
  work: ReadonlyMap<string, KindWork>,
  rates: ReadonlyMap<string, Omit<KindRates, 'bytesPerSetup'>>,
): Map<string, number> {
  const out = new Map<string, number>();
  for (const [kind, w] of work) {
    if (!(w.samples > 0)) continue;
    const r = rates.get(kind) ?? UNMEASURED;
    const seconds = w.samples * r.perSample + w.setups * r.perSetup + (w.contexts ?? 0) * r.perContext;
    out.set(kind, seconds / w.samples);
  }
  return out;
}

/** What the memory model starts from. */
export interface MemoryBase {
  /** This process (every thread) when the work starts. */
  readonly processBytes: number;
  /** The most one thread's heap may hold: a worker's ceiling, or this thread's limit. */
  readonly heapCeiling: number;
  /** The counts the run keeps. */
  readonly countsBytes: number;
}

/** Bytes the setups of `work` keep, at their kinds' bytes per setup (before HEAP_FACTOR). */
function keptBytes(work: ReadonlyMap<string, KindWork>, rates: ReadonlyMap<string, KindRates>): number {
  let kept = 0;
  for (const [kind, w] of work) kept += w.setups * (rates.get(kind)?.bytesPerSetup ?? 0);
  return kept;
}

/**
 * Peak memory of a run whose whole work (every round, done or to come) is `work`, on `threads` threads,
 * from `base`: the process; each worker thread's base and heap (HEAP_FACTOR x the bytes of its share of
 * the setups, at most WORKER_HEAP_LEVEL of its ceiling, and the overhead), or for one thread the heap
 * growing in this process (at most its ceiling); the counts.
 */
export function modelMemory(
  work: ReadonlyMap<string, KindWork>,
  rates: ReadonlyMap<string, KindRates>,
  threads: number,
  base: MemoryBase,
): number {
  const kept = keptBytes(work, rates);
  const n = Math.max(1, threads);
  const threadsBytes =
    n === 1
      ? Math.min(HEAP_FACTOR * kept, base.heapCeiling)
      : n *
        (WORKER_BASE_BYTES +
          Math.min(
            (HEAP_FACTOR * kept) / n,
            WORKER_HEAP_LEVEL * base.heapCeiling + WORKER_HEAP_OVERHEAD_BYTES,
          ));
  return base.processBytes + threadsBytes + base.countsBytes;
}

/**
 * How full each thread's heap gets over a run whose whole work is `work`, as a share of its ceiling
 * (0 to 1): HEAP_FACTOR x the bytes of its share of the setups over `heapCeiling`, a worker's at most
 * WORKER_HEAP_LEVEL.
 */
export function heapPressure(
  work: ReadonlyMap<string, KindWork>,
  rates: ReadonlyMap<string, KindRates>,
  threads: number,
  heapCeiling: number,
): number {
  const kept = keptBytes(work, rates);
  if (!(heapCeiling > 0)) return 0;
  const heap = (HEAP_FACTOR * kept) / Math.max(1, threads);
  // A worker's heap levels off below its ceiling (WORKER_HEAP_LEVEL); one thread's grows to its limit.
  return Math.min(threads > 1 ? WORKER_HEAP_LEVEL : 1, heap / heapCeiling);
}

/** The memory this process may use: the machine's, or less under a container's limit. */
function memoryAvailable(): number {
  const limit = (process as { constrainedMemory?: () => number | undefined }).constrainedMemory?.();
  const total = totalmem();
  return limit && limit > 0 && limit < total ? limit : total;
}

/** Bytes this thread keeps alive (its heap and typed arrays, after a full collection). */
function liveBytes(): number {
  fullCollection();
  fullCollection();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

/** One pilot's figures: its samples, setups and new contexts, and its runs' processor seconds. */
export interface PilotFigures {
  readonly samples: number;
  readonly setups: number;
  /** Contexts the first run met that no pilot had met before. */
  readonly contexts: number;
  /** The first run (its new contexts and its setups). */
  readonly first: number;
  /** The same work on fresh setups (its contexts built). */
  readonly fresh: number;
  /** That again (nothing new). */
  readonly warm: number;
  /** The three runs' seconds waiting for a processor (another process had it). */
  readonly wait: number;
}

/**
 * Seconds this thread has waited for a processor while it could run, so far: Linux says it
 * (/proc/thread-self/schedstat, its second field, in nanoseconds), exactly as the thread reads it
 * itself (a wait is added when the thread gets a processor back); undefined elsewhere.
 */
function waitedSoFar(): number | undefined {
  try {
    const wait = Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[1]);
    if (Number.isFinite(wait)) return wait / 1e9;
  } catch {
    // Not Linux.
  }
  return undefined;
}

/**
 * Processor seconds `task` takes in this thread, and seconds it waited for a processor: its clock time
 * less its wait (a pilot never sleeps). The same file's first field, the thread's processor time, is
 * not used: it is brought up to date only at the scheduler's ticks and switches (4 ms apart here), so
 * a pilot of a few milliseconds read 0 or 4 ms. Elsewhere, the process's processor time and no waiting.
 */
async function timed(task: ShardTask): Promise<{ cpu: number; wait: number }> {
  const w0 = waitedSoFar();
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await runShard(task);
  const clock = (performance.now() - t0) / 1000;
  const w1 = waitedSoFar();
  if (w0 !== undefined && w1 !== undefined) {
    const wait = Math.max(0, w1 - w0);
    return { cpu: Math.max(0, clock - wait), wait };
  }
  const c = process.cpuUsage(c0);
  return { cpu: (c.user + c.system) / 1e6, wait: 0 };
}

/**
 * Processor time so far, in clock ticks (Linux /proc): the machine's busy and in all, and this
 * process's own (every thread of it: its collector's helpers too); undefined elsewhere.
 */
export interface Ticks {
  readonly busy: number;
  readonly total: number;
  readonly own: number;
}

function ticksNow(): Ticks | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
    // cpu user nice system idle iowait irq softirq steal ...
    const t = line.trim().split(/\s+/).slice(1, 9).map(Number);
    // /proc/self/stat: utime and stime are the 12th and 13th fields after the command's closing ')'.
    const self = readFileSync('/proc/self/stat', 'utf8');
    const f = self.slice(self.lastIndexOf(')') + 2).split(' ');
    const own = Number(f[11]) + Number(f[12]);
    if (t.length < 8 || t.some((x) => !Number.isFinite(x)) || !Number.isFinite(own)) return undefined;
    const busy = t[0]! + t[1]! + t[2]! + t[5]! + t[6]! + t[7]!;
    return { busy, total: busy + t[3]! + t[4]!, own };
  } catch {
    return undefined;
  }
}

/**
 * Processors' worth of work other processes did between two readings of ticksNow, plus one for this
 * thread (the load average's terms: othersOf), or undefined without readings or with too short a span.
 */
export function busyBetween(
  from: Ticks | undefined,
  to: Ticks | undefined,
  cores: number,
): number | undefined {
  if (!from || !to) return undefined;
  const total = to.total - from.total;
  // Under 50 ticks (half a second on one processor at 100 Hz) the count is too coarse.
  if (!(total >= 50)) return undefined;
  const others = Math.max(0, to.busy - from.busy - (to.own - from.own));
  return 1 + (others / total) * cores;
}

/** A pilot's first size: a quarter of its job, at most this many samples (then it grows). */
const PILOT_START = 64;

/**
 * Time pilots of `job`, from a small one growing until one takes PILOT_MS; `met`: contexts pilots have
 * met so far. Its processor seconds in all go to `spent`.
 */
async function pilot(job: Job, met: Set<string>, spent: { cpu: number }): Promise<PilotFigures> {
  const kind = jobKindOf(job.kind);
  for (let n = Math.max(1, Math.min(PILOT_START, Math.floor(job.samples / 4))), step = 0; ; n *= 4, step++) {
    const task = pilotTask(job, n, 0);
    let contexts = 0;
    for (const c of kind.contexts(task.payload))
      if (!met.has(c)) {
        met.add(c);
        contexts++;
      }
    const first = await timed(task);
    const again = pilotTask(job, n, 1 + step);
    const fresh = await timed(again);
    const warm = await timed(again);
    spent.cpu += first.cpu + fresh.cpu + warm.cpu;
    if (warm.cpu * 1000 >= PILOT_MS || again.samples >= job.samples || again.samples < n || n >= 1 << 24)
      return {
        samples: again.samples,
        setups: again.setups,
        contexts,
        first: first.cpu,
        fresh: fresh.cpu,
        warm: warm.cpu,
        wait: first.wait + fresh.wait + warm.wait,
      };
  }
}

/**
 * Bytes kept per setup by fresh whole jobs like `jobs` (0: no setups), their contexts built first and
 * fresh setups once before: a run sets a unit up at count after count, and what a setup keeps (combat
 * tables of its files) falls once the unit's nearby counts are built (about 17 kB a setup the first
 * time on a small study against 12 kB the next, which is what the run goes on to keep).
 */
async function weigh(jobs: readonly Job[]): Promise<number> {
  const tasks = jobs.map((j) => pilotTask(j, j.samples, WEIGHED_FRESH + 1));
  const setups = sum(tasks.map((t) => t.setups));
  if (setups === 0) return 0;
  for (const j of jobs) await runShard(pilotTask(j, j.samples, 0));
  for (const j of jobs) await runShard(pilotTask(j, j.samples, WEIGHED_FRESH));
  const before = liveBytes();
  for (const t of tasks) await runShard(t);
  return Math.max(0, liveBytes() - before) / setups;
}

/** Indexes of up to `k` jobs spread evenly over `of`. */
const spread = (of: readonly number[], k: number): number[] =>
  of.length <= k ? [...of] : Array.from({ length: k }, (_, i) => of[Math.floor((i * of.length) / k)]!);

/**
 * The first `k` of `of` in an order whose every beginning is spread over the whole (0, 1/2, 1/4, 3/4,
 * 1/8, ...: pilots cut short by their budget still sample every part of the work).
 */
export function spreadOrder<T>(of: readonly T[], k: number): T[] {
  const out: T[] = [];
  const taken = new Set<number>();
  for (let i = 0; out.length < Math.min(k, of.length) && i < 4 * of.length + 64; i++) {
    // i's bits reversed: the van der Corput sequence in base 2.
    let x = 0;
    for (let b = i, f = 0.5; b > 0; b >>= 1, f /= 2) if (b & 1) x += f;
    const j = Math.floor(x * of.length);
    if (!taken.has(j)) {
      taken.add(j);
      out.push(of[j]!);
    }
  }
  return out;
}

const sum = (xs: readonly number[]) => xs.reduce((t, x) => t + x, 0);

/** The median (the mean of the middle two of an even number); 0 for none. */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((x, y) => x - y);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * What the pilots' rates (ratesOf) come to in a run: samples and setups at the JIT's gain, and a setup
 * at the kind's `setupShare` of what its pilots took (job-kind.ts: a run's jobs find built what a
 * pilot builds cold); a context as timed (each thread builds it once, cold).
 */
export function runRates(
  r: Omit<KindRates, 'bytesPerSetup'>,
  setupShare: number,
): Omit<KindRates, 'bytesPerSetup'> {
  return {
    perSample: r.perSample * JIT_GAIN,
    perSetup: r.perSetup * JIT_GAIN * setupShare,
    perContext: r.perContext,
  };
}

/**
 * A kind's time rates from its pilots, in processor seconds: per sample (warm), per setup (fresh less
 * warm) and per context (first less fresh), each a sum over the pilots over their samples, setups or
 * contexts (jobs' costs differ widely; the pilots are a sample of the jobs). A pilot with setups whose
 * first run met no new context counts its first run less its fresh one to its setups: what its setups
 * found unbuilt in this thread's caches (an army job's combat tables, and its whole set-up: its kind
 * cannot set up again apart from sampling, so its fresh run is its warm one). A negative sum (noise)
 * counts as 0.
 */
export function ratesOf(pilots: readonly PilotFigures[]): Omit<KindRates, 'bytesPerSetup'> {
  const per = (of: (p: PilotFigures) => number, seconds: (p: PilotFigures) => number) => {
    const has = pilots.filter((p) => of(p) > 0);
    const n = sum(has.map(of));
    return n > 0 ? Math.max(0, sum(has.map(seconds)) / n) : 0;
  };
  return {
    perSample: per(
      (p) => p.samples,
      (p) => p.warm,
    ),
    perSetup: per(
      (p) => p.setups,
      (p) => (p.contexts > 0 ? p.fresh : p.first) - p.warm,
    ),
    perContext: per(
      (p) => p.contexts,
      (p) => p.first - p.fresh,
    ),
  };
}

/** Processor seconds the pilots must have run for their waits to say how busy the machine is. */
export const MIN_JUDGED_CPU_SECONDS = 0.02;

/**
 * Threads of other processes wanting a processor, judged from the pilots. `busy` is the processors'
 * worth of work other processes did while they ran, plus one for this thread (busyBetween), if the
 * machine's tick counts said it. Where the machine had a processor for everyone, that is what the
 * others wanted; where it had not, each of them got what this thread got while it could run, a share s
 * of a processor (its processor time over that and its waits), so there were (busy - 1) / s of them.
 * This process's own helper threads (the JIT compiling, the collector) are not others: they make the
 * pilots wait too, a sixth of their time and more on 2 processors with nothing else running, but
 * their work is this process's, left out of `busy`. Without tick counts, the load average less this
 * thread, at most a thread a processor beside it (it trails by a minute and counts this process).
 */
export function othersOf(
  pilots: readonly PilotFigures[],
  cores: number,
  busy: number | undefined,
  loadAverage: number,
): number {
  if (busy === undefined) return Math.min(cores - 1, Math.max(0, loadAverage - 1));
  return Math.max(0, busy - 1) / shareOf(pilots);
}

/**
 * The share of a processor the pilots got while they could run: their processor time over that and
 * their waits (1 for pilots of a few milliseconds, too short to judge by).
 */
function shareOf(pilots: readonly PilotFigures[]): number {
  const cpu = sum(pilots.map((p) => p.first + p.fresh + p.warm));
  const wait = sum(pilots.map((p) => p.wait));
  return cpu >= MIN_JUDGED_CPU_SECONDS ? cpu / (cpu + wait) : 1;
}

const addTo = (m: Map<string, KindWork>, kind: string, w: KindWork) => {
  const t = m.get(kind) ?? { samples: 0, setups: 0, contexts: 0 };
  m.set(kind, {
    samples: t.samples + w.samples,
    setups: t.setups + w.setups,
    contexts: (t.contexts ?? 0) + (w.contexts ?? 0),
    ...(t.contextsOnce || w.contextsOnce ? { contextsOnce: true } : {}),
  });
};

/** The estimates of one run, round by round: a kind's rates are measured once and kept. */
export class Estimator {
  private readonly rates = new Map<string, KindRates>();
  /** Every timed pilot (how busy the machine is). */
  private readonly timedPilots: PilotFigures[] = [];
  /** How busy the machine was while the pilots ran (busyBetween), if measured. */
  private busy: number | undefined;
  /** Have the worker threads started (a round estimated before this one)? */
  private started = false;
  /** Work of the rounds estimated so far (taken as done when the next is estimated). */
  private readonly done = new Map<string, KindWork>();
  /** Contexts of the rounds estimated so far (the worker threads have built them). */
  private readonly built = new Set<string>();
  /** Contexts this thread's pilots have met. */
  private readonly met = new Set<string>();
  /** This process before the first round's work (after its pilots). */
  private base: number | undefined;
  /** Bytes of the counts of the rounds estimated so far (a run keeps them all). */
  private countsBytes = 0;

  /** The whole run's work, by kind, as the last estimate expected it (the rounds done and ahead). */
  private wholeRun: ReadonlyMap<string, KindWork> = new Map();

  /** What pilots measured, by kind. */
  get measured(): ReadonlyMap<string, KindRates> {
    return this.rates;
  }

  /** The whole run's work, by kind, as the last estimate expected it. */
  get expected(): ReadonlyMap<string, KindWork> {
    return this.wholeRun;
  }

  /** What a sample of each kind is expected to cost over the whole run (sampleWeights). */
  get sampleWeights(): ReadonlyMap<string, number> {
    return sampleWeights(this.wholeRun, this.rates);
  }

  /** The model's inputs in a line (DEBELLATOR_ESTIMATE=always). */
  describe(): string {
    const us = (s: number) => `${(s * 1e6).toFixed(1)} us`;
    const kinds = [...this.rates].map(
      ([kind, r]) =>
        `${kind}: ${us(r.perSample)} a sample, ${us(r.perSetup)} a setup, ${us(r.perContext)} a context, ${Math.round(r.bytesPerSetup).toLocaleString('en-US')} bytes a setup`,
    );
    const work = [...this.done].map(
      ([kind, w]) =>
        `${kind} so far ${Math.round(w.samples).toLocaleString('en-US')} samples, ${Math.round(w.setups).toLocaleString('en-US')} setups, ${(w.contexts ?? 0).toLocaleString('en-US')} contexts`,
    );
    return [
      ...kinds,
      ...work,
      `${this.others.toFixed(1)} other threads ${
        this.busy === undefined
          ? '(the load average)'
          : `(their work ${(this.busy - 1).toFixed(2)} processors over the pilots' share of one, ${shareOf(this.timedPilots).toFixed(2)})`
      }`,
      `process ${bytes(this.base ?? 0)}`,
      `counts ${bytes(this.countsBytes)}`,
    ].join('; ');
  }

  /** Threads of other processes wanting a processor, as the pilots found the machine. */
  get others(): number {
    return othersOf(this.timedPilots, availableParallelism(), this.busy, loadavg()[0] ?? 0);
  }

  /** Time and weigh pilots of the jobs `picked` of one kind, whose work ahead is `ahead`. */
  private async measure(kind: string, jobs: readonly Job[], picked: readonly number[], ahead: KindWork) {
    // The load average trails by a minute (a run just ended still counts): the machine's own tick
    // counts over the pilots say how busy it is now.
    const ticks = ticksNow();
    // Jobs for the warm-up and the timed pilots, each its own while there are enough.
    const order = spreadOrder(picked, 2 * PILOTS_PER_KIND);
    const work = new Map([[kind, ahead]]);
    const estimate = (pilots: readonly PilotFigures[]) =>
      modelSeconds(work, new Map([[kind, ratesOf(pilots)]]), { threads: 1 });
    const within = (min: number, share: number, max: number, ps: readonly PilotFigures[]) =>
      Math.min(max, Math.max(min, estimate(ps) * 1000 * share));
    // Warm the JIT up: longer for a longer run (judged on the first, slow pilots).
    // A warm-up pilot's clock less its waits also counts the time it sleeps loading modules, which on a
    // first run (an empty transpile cache) used up the warm-up before the JIT was warm, and the timed
    // pilots then ran slow (about 7 min estimated against 5 min after): the warm-up counts the lesser
    // of that and the process's processor time.
    const warmUp: PilotFigures[] = [];
    const warming = { cpu: 0 };
    const started = process.cpuUsage();
    let k = 0;
    while (k < order.length) {
      warmUp.push(await pilot(jobs[order[k++]!]!, this.met, warming));
      const used = process.cpuUsage(started);
      const spent = Math.min(warming.cpu, (used.user + used.system) / 1e6);
      if (spent * 1000 >= within(WARM_UP_MS, WARM_UP_SHARE, WARM_UP_MAX_MS, warmUp)) break;
    }
    const pilots: PilotFigures[] = [];
    const timing = { cpu: 0 };
    const most = Math.min(PILOTS_PER_KIND, order.length);
    for (const end = k + most; k < end && pilots.length < most; k++) {
      if (pilots.length > 0) {
        const budget = within(PILOT_BUDGET_MS, PILOT_SHARE, PILOT_BUDGET_MAX_MS, pilots);
        if (timing.cpu * 1000 > budget) break;
      }
      const p = await pilot(jobs[order[k % order.length]!]!, this.met, timing);
      // A job piloted before (few jobs) has its setups built: its runs time its samples only.
      pilots.push(k < order.length ? p : { ...p, setups: 0, contexts: 0, first: p.fresh });
    }
    const used = pilots.length > 0 ? pilots : warmUp;
    const weighed = spread(picked, WEIGHED_PILOTS).map((i) => jobs[i]!);
    this.rates.set(kind, {
      ...runRates(ratesOf(used), jobKindOf(kind).setupShare),
      bytesPerSetup: await weigh(weighed),
    });
    this.timedPilots.push(...used);
    this.busy = busyBetween(ticks, ticksNow(), availableParallelism()) ?? this.busy;
  }

  /** Estimate a round (and the stages expected after it) on `threads` threads. */
  async round(work: RoundPlan, threads: number): Promise<Estimate> {
    const byKind = new Map<string, number[]>();
    const now = new Map<string, KindWork>();
    work.jobs.forEach((j, i) => {
      const samples = work.samples[i] ?? 0;
      if (samples <= 0) return;
      const list = byKind.get(j.kind) ?? [];
      list.push(i);
      byKind.set(j.kind, list);
      const kind = jobKindOf(j.kind);
      let contexts = 0;
      for (const c of kind.contexts(j.payload))
        if (!this.built.has(c)) {
          this.built.add(c);
          contexts++;
        }
      // A slice's share of a job's shards needs the job's setups (once per thread that runs some).
      addTo(now, j.kind, {
        samples,
        setups: kind.setups(j.payload),
        contexts,
        ...(kind.affine ? { contextsOnce: true } : {}),
      });
    });
    const ahead = new Map<string, KindWork>();
    for (const [kind, w] of now) addTo(ahead, kind, w);
    for (const [kind, w] of work.later) addTo(ahead, kind, w);
    for (const [kind, picked] of byKind)
      if (!this.rates.has(kind)) await this.measure(kind, work.jobs, picked, ahead.get(kind)!);
    this.base ??= process.memoryUsage().rss;
    // Worker threads start with the first round and warm up on each kind they meet.
    const starting = !this.started;
    this.started = true;
    const whole = new Map<string, KindWork>(this.done);
    for (const [kind, w] of ahead) addTo(whole, kind, w);
    this.wholeRun = whole;
    for (const [kind, w] of now) addTo(this.done, kind, w);
    // Each job's summed counts, kept for the run packed (counts-store.ts: the counts that can be other
    // than 0); while the round runs, the round's jobs' counts whole (8 bytes a number, pool.ts totals)
    // and those of the shards in flight, a few per thread, as the worker returns them and as this thread
    // adds them.
    let longest = 0;
    let round = 0;
    for (const j of work.jobs) {
      const kind = jobKindOf(j.kind);
      const length = await kind.countsLength(j.payload, j.seed);
      this.countsBytes += packedBytes(length, kind.countsLive(j.payload) ?? length);
      round += 8 * length;
      longest = Math.max(longest, length);
    }
    const inFlight = round + 2 * SHARDS_IN_FLIGHT_PER_THREAD * Math.max(1, threads) * 8 * longest;
    const heapCeiling = threads > 1 ? WORKER_HEAP_MB * 1024 ** 2 : getHeapStatistics().heap_size_limit;
    const modelled = modelMemory(whole, this.rates, threads, {
      processBytes: this.base,
      heapCeiling,
      countsBytes: this.countsBytes + inFlight,
    });
    return {
      samples: sum([...ahead.values()].map((w) => w.samples)),
      shards: work.shards,
      seconds:
        REPORT_SECONDS +
        modelSeconds(ahead, this.rates, {
          threads,
          cores: availableParallelism(),
          others: this.others,
          warmUp: starting ? WORKER_WARM_UP_SECONDS : 0,
          start: starting ? WORKER_START_SECONDS : 0,
          heapPressure: heapPressure(whole, this.rates, threads, heapCeiling),
        }),
      memoryBytes: Math.max(modelled, process.memoryUsage().rss),
      memoryCeiling: memoryAvailable() * MEMORY_CEILING_SHARE,
    };
  }
}

/** Estimate one round on its own (a fresh Estimator). */
export async function estimateRound(work: RoundPlan, threads: number): Promise<Estimate> {
  return new Estimator().round(work, threads);
}

/**
 * "40 s", "4.5 min", "12 min", "1 h", "3.5 h", "19 days", "3 years". Under 10 minutes, to the half minute:
 * at 4 minutes a whole minute is 12% either way, a good part of the estimate's ±30%.
 */
export function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return 'forever';
  if (seconds < 90) return `${Math.max(1, Math.round(seconds))} s`;
  if (seconds < 600) return `${Math.round(seconds / 30) / 2} min`;
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
