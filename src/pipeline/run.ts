/**
 * One run of a loaded scenario (ARCHITECTURE.md "The pipeline"): every study asks for its work in
 * stages; each round runs the stages of all unfinished studies together on the pool. A `--shard i/n`
 * run cuts the work two ways: a study whose kind splits into independent groups (a balance study's
 * units) does every stage of its share of the groups (g mod n = i - 1); any other study does its
 * earlier stages in full and only its slice of the shards of the final stage. The counts go to a slice
 * file; `merge` adds the slices up. Either way the counts per job, hence the results, are the same bytes.
 */
import type { Job, Stage } from '../studies/index.ts';
import type { Counts } from '../studies/kind.ts';
import type { LoadedScenario, PlannedStudy } from './scenario.ts';
import { closePools, runShards, type PoolOptions } from './pool.ts';
import { CountsStore, LayeredCounts } from './counts-store.ts';
import type { KindWork, RoundPlan } from './estimate.ts';
import {
  samplesByJob,
  samplesIn,
  shardCount,
  shardRange,
  shardsByJob,
  sliceRange,
  totalShards,
  type Slice,
} from './shards.ts';

interface RunOptions {
  readonly threads: number;
  readonly slice?: Slice | undefined;
  readonly signal?: AbortSignal | undefined;
  /** Told what a round is about to draw: samples (or engagements), of which job kinds, for which studies. */
  readonly onWork?: (work: RoundWork) => void;
  readonly onShard?: (job: Job, samples: number) => void;
  /**
   * Told what a round is about to run before it starts (its jobs, the samples each draws, its shards and
   * what later stages are expected to draw); may throw to stop the run before the round's work.
   */
  readonly beforeRound?: (work: RoundPlan, first: boolean) => Promise<void> | void;
}

/** A round of work about to run, for a progress bar. */
export interface RoundWork {
  readonly samples: number;
  readonly kinds: ReadonlySet<string>;
  /** The studies in the round, each with what its stage is when it says ("balance-costs: final"). */
  readonly studies: readonly string[];
  /** The studies' estimate of the samples their later stages will draw (0 when none say). */
  readonly later: number;
  /** `samples` and `later` by job kind (the progress bar weighs each kind's samples by their cost). */
  readonly samplesByKind: ReadonlyMap<string, number>;
  readonly laterByKind: ReadonlyMap<string, number>;
}

/** Samples of `jobs` by job kind (`samples[i]` of job i; default: each job's own). */
function byKind(jobs: readonly Job[], samples?: readonly number[]): Map<string, number> {
  const m = new Map<string, number>();
  jobs.forEach((j, i) => m.set(j.kind, (m.get(j.kind) ?? 0) + (samples ? (samples[i] ?? 0) : j.samples)));
  return m;
}

/**
 * Counts of every job run, by job id: `complete` ran whole (in a sliced run: the earlier stages every
 * slice repeats), `grouped` this slice's groups of grouped studies (every stage, whole jobs), `partial`
 * only this slice's shards of the final stage. Each is held packed for the whole run (counts-store.ts).
 */
interface RunCounts {
  readonly complete: CountsStore;
  readonly grouped: CountsStore;
  readonly partial: CountsStore;
  /** Shards this run ran, of how many the final stage has. */
  readonly shards: { readonly ran: number; readonly of: number };
  /** Groups this run did, of how many the grouped studies have, and what they are ("balance units"). */
  readonly groups: { readonly ran: number; readonly of: number; readonly noun: string };
  /** Every job counted: its seed key and the shards of it this run drew (a slice file's digests). */
  readonly keys: Map<string, JobKey>;
}

/** What a job's counts are the counts of: the job's seed key and its shards [from, to). */
export interface JobKey {
  readonly seed: string;
  readonly from: number;
  readonly to: number;
}

/** The key of a job run whole. */
export const wholeJob = (j: Job): JobKey => ({ seed: j.seed, from: 0, to: shardCount(j) });

/** Is a study cut by groups when the run is sliced? */
export const isGrouped = (s: PlannedStudy): boolean => s.kind.groups !== undefined;

/** A grouped study's plan cut to slice i of n, with how many groups it kept of how many. */
export function slicePlan(s: PlannedStudy, slice: Slice): { plan: unknown; ran: number; of: number } {
  const groups = s.kind.groups!;
  const of = groups.count(s.plan);
  const keep = (g: number) => g % slice.count === slice.index - 1;
  let ran = 0;
  for (let g = 0; g < of; g++) if (keep(g)) ran++;
  return { plan: groups.only(s.plan, keep), ran, of };
}

function poolOptions(opts: RunOptions): PoolOptions {
  return {
    threads: opts.threads,
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(opts.onShard ? { onShard: opts.onShard } : {}),
  };
}

async function runWhole(
  jobs: readonly Job[],
  into: CountsStore,
  keys: Map<string, JobKey>,
  opts: RunOptions,
  round: { studies: string[]; later: number },
  later: ReadonlyMap<string, KindWork>,
  first: boolean,
  ahead?: (job: number, done: Counts) => void,
): Promise<void> {
  if (jobs.length === 0) return;
  await opts.beforeRound?.({ jobs, samples: samplesByJob(jobs), shards: totalShards(jobs), later }, first);
  opts.onWork?.({
    samples: jobs.reduce((t, j) => t + j.samples, 0),
    kinds: new Set(jobs.map((j) => j.kind)),
    ...round,
    samplesByKind: byKind(jobs),
    laterByKind: new Map([...later].map(([kind, w]) => [kind, w.samples])),
  });
  const totals = await runShards(jobs, shardRange(jobs), {
    ...poolOptions(opts),
    ...(ahead ? { onCounts: aheadOfRound(jobs, into, ahead) } : {}),
  });
  jobs.forEach((j, i) => {
    const c = totals.get(i);
    if (c) into.set(j.id, c);
    keys.set(j.id, wholeJob(j));
  });
}

/**
 * The pool's onCounts for a round that tells its studies each job done as it is done (StudyKind.ahead):
 * `ahead(job, done)` once the job's last shard is in, `done` being the earlier rounds' counts with this
 * round's jobs done so far. The round's counts still go into `into` only at its end, in job order.
 */
function aheadOfRound(
  jobs: readonly Job[],
  into: Counts,
  ahead: (job: number, done: Counts) => void,
): (job: number, counts: Float64Array) => void {
  const left = jobs.map(shardCount);
  const finished = new Map<string, Float64Array>();
  const done = new LayeredCounts(into, finished);
  return (job, counts) => {
    if (--left[job]! > 0) return;
    finished.set(jobs[job]!.id, counts);
    ahead(job, done);
  };
}

/**
 * The final-stage jobs of every study, in study order, once the earlier stages' counts are known
 * (`complete`), grouped studies left out (they are cut by groups). A study's work depends only on its
 * own jobs' counts, so a sliced run and its merge get the same list, and slices cut the same shard order.
 * Throws if a study still wants earlier stages.
 */
export function finalJobsOf(loaded: LoadedScenario, complete: ReadonlyMap<string, Float64Array>): Job[] {
  return loaded.studies.flatMap((s) => {
    if (isGrouped(s)) return [];
    const stage: Stage = s.kind.work(s.plan, complete);
    if (stage.jobs.length > 0 && !stage.final)
      throw new Error(`study ${s.header.name} still needs an earlier stage of work`);
    return [...stage.jobs];
  });
}

export async function runScenario(loaded: LoadedScenario, opts: RunOptions): Promise<RunCounts> {
  try {
    return await runRounds(loaded, opts);
  } finally {
    await closePools();
  }
}

async function runRounds(loaded: LoadedScenario, opts: RunOptions): Promise<RunCounts> {
  const complete = new CountsStore();
  const grouped = new CountsStore();
  const partial = new CountsStore();
  const finished = new Set<number>();
  const finalByStudy = new Map<number, readonly Job[]>();
  const groups = { ran: 0, of: 0, noun: 'groups' };
  const plans = loaded.studies.map((s) => {
    if (!opts.slice || !isGrouped(s)) return s.plan;
    const cut = slicePlan(s, opts.slice);
    groups.ran += cut.ran;
    groups.of += cut.of;
    groups.noun = s.kind.groups!.noun;
    return cut.plan;
  });
  const groupedIds = new Set<string>();
  const keys = new Map<string, JobKey>();
  let ranAny = false;
  for (let round = 0; finished.size < loaded.studies.length; round++) {
    if (round > 1000) throw new Error('a study asked for more than 1000 stages of work');
    const now: Job[] = [];
    /** The study of each job of `now` (its index in loaded.studies). */
    const owners: number[] = [];
    const work = { studies: [] as string[], later: 0 };
    // What later stages will draw, by job kind, for the estimate (a sliced run draws its share of it).
    const later = new Map<string, KindWork>();
    const share = opts.slice ? 1 / opts.slice.count : 1;
    loaded.studies.forEach((s, i) => {
      if (finished.has(i)) return;
      const stage = s.kind.work(plans[i], complete);
      if (stage.jobs.length === 0) {
        finished.add(i);
        return;
      }
      const cutByGroups = opts.slice !== undefined && isGrouped(s);
      work.later += stage.later ?? 0;
      if (stage.later) {
        const kind = stage.jobs[0]!.kind;
        const part = isGrouped(s) ? 1 : share;
        const was = later.get(kind) ?? { samples: 0, setups: 0 };
        later.set(kind, {
          samples: was.samples + stage.later * part,
          setups: was.setups + (stage.laterSetups ?? 0) * part,
        });
      }
      if (!(stage.final && opts.slice && !cutByGroups))
        work.studies.push(`${s.header.name}${stage.label ? `: ${stage.label}` : ''}`);
      if (stage.final) {
        finished.add(i);
        if (opts.slice && !cutByGroups) {
          finalByStudy.set(i, stage.jobs);
          return;
        }
      }
      if (cutByGroups) for (const j of stage.jobs) groupedIds.add(j.id);
      now.push(...stage.jobs);
      for (let k = 0; k < stage.jobs.length; k++) owners.push(i);
    });
    // Studies that look ahead (StudyKind.ahead) are told each job done as it is done.
    const ahead = (job: number, done: Counts) => {
      const i = owners[job]!;
      loaded.studies[i]!.kind.ahead?.(plans[i], done, now[job]!.id);
    };
    const looksAhead = owners.some((i) => loaded.studies[i]!.kind.ahead !== undefined);
    await runWhole(now, complete, keys, opts, work, later, !ranAny, looksAhead ? ahead : undefined);
    ranAny ||= now.length > 0;
  }
  if (!opts.slice) return { complete, grouped, partial, shards: { ran: 0, of: 0 }, groups, keys };
  for (const id of groupedIds) {
    grouped.set(id, complete.get(id)!);
    complete.delete(id);
  }
  const finalJobs = [...finalByStudy.entries()].sort(([x], [y]) => x - y).flatMap(([, jobs]) => jobs);
  const total = totalShards(finalJobs);
  const { start, end } = sliceRange(total, opts.slice);
  const samples = samplesByJob(finalJobs, start, end);
  await opts.beforeRound?.({ jobs: finalJobs, samples, shards: end - start, later: new Map() }, !ranAny);
  opts.onWork?.({
    samples: samplesIn(finalJobs, start, end),
    kinds: new Set(finalJobs.map((j) => j.kind)),
    studies: [...finalByStudy.keys()].sort((x, y) => x - y).map((i) => loaded.studies[i]!.header.name),
    later: 0,
    samplesByKind: byKind(finalJobs, samples),
    laterByKind: new Map(),
  });
  const totals = await runShards(finalJobs, shardRange(finalJobs, start, end), poolOptions(opts));
  const ranges = shardsByJob(finalJobs, start, end);
  finalJobs.forEach((j, i) => {
    const c = totals.get(i);
    if (c) {
      partial.set(j.id, c);
      keys.set(j.id, { seed: j.seed, ...ranges[i]! });
    }
  });
  return { complete, grouped, partial, shards: { ran: end - start, of: total }, groups, keys };
}
