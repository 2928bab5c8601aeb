/**
 * One run of a loaded scenario (ARCHITECTURE.md "The pipeline"): every study asks for its work in
 * stages; each round runs the stages of all unfinished studies together on the pool. A `--shard i/n`
 * run does every stage but the last in full (they are small: pilots of adaptive studies) and only its
 * slice of the shards of the final stage, and writes the counts to a slice file; `merge` adds the
 * slices up. Either way the counts per job, hence the results, are the same bytes.
 */
import type { Job, Stage } from '../studies/index.ts';
import { runShards, type PoolOptions } from './pool.ts';
import type { LoadedScenario } from './scenario.ts';
import type { RoundWork } from './estimate.ts';
import { samplesByJob, samplesIn, shardRange, sliceRange, totalShards, type Slice } from './shards.ts';

export interface RunOptions {
  readonly threads: number;
  readonly slice?: Slice | undefined;
  readonly signal?: AbortSignal | undefined;
  /** Told how many samples (or engagements) a round is about to draw, and of which job kinds. */
  readonly onWork?: (samples: number, kinds: ReadonlySet<string>) => void;
  readonly onShard?: (job: Job, samples: number) => void;
  /**
   * Told what a round is about to run before it starts (its jobs, the samples each draws, its shards and
   * what later stages are expected to draw); may throw to stop the run before the round's work.
   */
  readonly beforeRound?: (work: RoundWork, first: boolean) => Promise<void> | void;
}

/** Counts of every job run, by job id; `complete` ran whole, `partial` only this slice's shards. */
export interface RunCounts {
  readonly complete: Map<string, Float64Array>;
  readonly partial: Map<string, Float64Array>;
  /** Shards this run ran, of how many the final stage has. */
  readonly shards: { readonly ran: number; readonly of: number };
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
  into: Map<string, Float64Array>,
  opts: RunOptions,
  later: ReadonlyMap<string, number>,
  first: boolean,
): Promise<void> {
  if (jobs.length === 0) return;
  await opts.beforeRound?.({ jobs, samples: samplesByJob(jobs), shards: totalShards(jobs), later }, first);
  opts.onWork?.(
    jobs.reduce((t, j) => t + j.samples, 0),
    new Set(jobs.map((j) => j.kind)),
  );
  const totals = await runShards(jobs, shardRange(jobs), poolOptions(opts));
  jobs.forEach((j, i) => {
    const c = totals.get(i);
    if (c) into.set(j.id, c);
  });
}

/**
 * The final-stage jobs of every study, in study order, once the earlier stages' counts are known
 * (`complete`). A study's work depends only on its own jobs' counts, so a sliced run and its merge get
 * the same list, and slices cut the same shard order. Throws if a study still wants earlier stages.
 */
export function finalJobsOf(loaded: LoadedScenario, complete: ReadonlyMap<string, Float64Array>): Job[] {
  return loaded.studies.flatMap((s) => {
    const stage: Stage = s.kind.work(s.plan, complete);
    if (stage.jobs.length > 0 && !stage.final)
      throw new Error(`study ${s.header.name} still needs an earlier stage of work`);
    return [...stage.jobs];
  });
}

export async function runScenario(loaded: LoadedScenario, opts: RunOptions): Promise<RunCounts> {
  const complete = new Map<string, Float64Array>();
  const partial = new Map<string, Float64Array>();
  const finished = new Set<number>();
  const finalByStudy = new Map<number, readonly Job[]>();
  let ranAny = false;
  for (let round = 0; finished.size < loaded.studies.length; round++) {
    if (round > 1000) throw new Error('a study asked for more than 1000 stages of work');
    const now: Job[] = [];
    loaded.studies.forEach((s, i) => {
      if (finished.has(i)) return;
      const stage = s.kind.work(s.plan, complete);
      if (stage.jobs.length === 0) {
        finished.add(i);
        return;
      }
      if (stage.final) {
        finished.add(i);
        if (opts.slice) {
          finalByStudy.set(i, stage.jobs);
          return;
        }
      }
      now.push(...stage.jobs);
    });
    // What later stages will draw, by the studies' outlooks (a sliced run draws its share of them).
    const later = new Map<string, number>();
    const share = opts.slice ? 1 / opts.slice.count : 1;
    loaded.studies.forEach((s, i) => {
      if (finished.has(i)) return;
      for (const [k, n] of s.kind.outlook?.(s.plan, complete) ?? [])
        later.set(k, (later.get(k) ?? 0) + n * share);
    });
    await runWhole(now, complete, opts, later, !ranAny);
    ranAny ||= now.length > 0;
  }
  if (!opts.slice) return { complete, partial, shards: { ran: 0, of: 0 } };
  const finalJobs = [...finalByStudy.entries()].sort(([x], [y]) => x - y).flatMap(([, jobs]) => jobs);
  const total = totalShards(finalJobs);
  const { start, end } = sliceRange(total, opts.slice);
  const samples = samplesByJob(finalJobs, start, end);
  await opts.beforeRound?.({ jobs: finalJobs, samples, shards: end - start, later: new Map() }, !ranAny);
  opts.onWork?.(samplesIn(finalJobs, start, end), new Set(finalJobs.map((j) => j.kind)));
  const totals = await runShards(finalJobs, shardRange(finalJobs, start, end), poolOptions(opts));
  finalJobs.forEach((j, i) => {
    const c = totals.get(i);
    if (c) partial.set(j.id, c);
  });
  return { complete, partial, shards: { ran: end - start, of: total } };
}
