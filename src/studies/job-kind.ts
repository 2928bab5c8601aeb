/**
 * The contract of a job kind (ARCHITECTURE.md "Study kinds"): how one kind of Monte Carlo job is run,
 * checked and estimated, declared once per kind (studies/jobs/) like a StudyKind, and listed in
 * kernels.ts. Nothing else branches on a job kind's name.
 *
 * A kind is written against its own payload type P; `jobKind` wraps it so that every entry point takes
 * the payload as it arrives (a job's `unknown`, or a structured clone on a worker thread) and checks it
 * with the kind's guard before the kind's code sees it.
 */
import type { RandomSource } from '../core/system.ts';

/** A rule system as a payload names it: found by id, or imported from `source` on a worker thread. */
export interface SystemRef {
  readonly id: string;
  readonly source: string;
}

/** A small job of a kind, for timing (the run's estimate): its payload, samples and setups. */
export interface PilotWork<P> {
  readonly payload: P;
  readonly samples: number;
  readonly setups: number;
}

export interface JobKindSpec<P> {
  /** The `kind` of a Job (studies/kind.ts). */
  readonly id: string;
  /** What one sample is, for the progress bar: a draw from a table, or a whole engagement. */
  readonly unit: 'samples' | 'engagements';
  /** Is this a payload of the kind? (Cheap: it runs on every shard.) */
  isPayload(payload: unknown): payload is P;
  /** The rule system the payload names, if any (a worker thread imports one registered at run time). */
  system?(payload: P): SystemRef | undefined;
  /**
   * Play `samples` samples: counts whose layout the kind defines, whole numbers (the runner only adds
   * them element by element). Pure in (payload, rng, samples).
   */
  kernel(payload: P, rng: RandomSource, samples: number): Float64Array | Promise<Float64Array>;
  /** How many numbers a job's counts have (merge refuses a slice whose counts have another length). */
  countsLength(payload: P, seed: string): number | Promise<number>;
  /**
   * Optional, countsLength if not given: at most how many of a job's counts can be other than 0 (a
   * balance job's counts against opponents it does not fight stay 0). The run keeps counts packed
   * (pipeline/counts-store.ts), so the estimate counts these.
   */
  countsLive?(payload: P): number;
  /**
   * What is wrong with counts of the right length that no run of the job could give, or undefined
   * (merge refuses a slice whose counts were changed or damaged).
   */
  countsProblem(payload: P, counts: Float64Array): string | undefined | Promise<string | undefined>;
  /** How many samples counts of the kind hold (merge checks every slice against its shards). */
  samplesHeld(counts: ArrayLike<number>): number;
  /**
   * Setups a job of this payload needs: work its kernel does once per thread before sampling that
   * does not grow with the samples (a balance job lays out a line-up per opponent). The estimate
   * counts time per sample and per setup (pipeline/estimate.ts).
   */
  setups(payload: P): number;
  /**
   * Optional, 1 if not given: the share of a pilot's set-up time that a job of the kind pays in a run.
   * Below 1 where a pilot sets up cold what a run's jobs mostly find built by the jobs before them on
   * their thread (an army job's combat tables), so the pilots time more than a run pays.
   */
  readonly setupShare?: number;
  /**
   * Optional: what the job shares with other jobs, as keys (a balance job's element against each
   * opponent, under its variant and setting: the combat tables of that pair). A thread builds each
   * once, at a cost the estimate counts per distinct key of the run.
   */
  contexts?(payload: P): readonly string[];
  /**
   * Optional: what the job's thread caches mostly serve it and other jobs alike (a balance job: its
   * element's combat tables under its variant), as a key. Jobs with the same key run on the same worker
   * thread while the load allows (pipeline/lanes.ts), so one thread builds and keeps what they share.
   * It never changes a job's counts.
   */
  affinity?(payload: P): string;
  /**
   * A small job like this one for timing: about `samples` of its samples (never more than the job's
   * `jobSamples`). `fresh` = 0 gives the pilot itself; fresh = 1, 2, ... the same work on setups the
   * pilot did not need (a balance job at another count), so the estimate can time setups apart from
   * samples. A kind without setups returns the same work for every `fresh`.
   */
  pilot(payload: P, jobSamples: number, samples: number, fresh: number): PilotWork<P>;
}

/** A job kind with its payload checked at every entry point (payloads arrive as `unknown`). */
export interface JobKind {
  readonly id: string;
  readonly unit: 'samples' | 'engagements';
  system(payload: unknown): SystemRef | undefined;
  kernel(payload: unknown, rng: RandomSource, samples: number): Float64Array | Promise<Float64Array>;
  countsLength(payload: unknown, seed: string): Promise<number>;
  /** At most how many of the counts can be other than 0 (JobKindSpec.countsLive; undefined: all). */
  countsLive(payload: unknown): number | undefined;
  countsProblem(payload: unknown, counts: Float64Array): Promise<string | undefined>;
  samplesHeld(counts: ArrayLike<number>): number;
  setups(payload: unknown): number;
  readonly setupShare: number;
  contexts(payload: unknown): readonly string[];
  affinity(payload: unknown): string | undefined;
  /** The kind has an affinity (its jobs' shared contexts are each built by one thread). */
  readonly affine: boolean;
  pilot(payload: unknown, jobSamples: number, samples: number, fresh: number): PilotWork<unknown>;
}

/** A job kind from its typed declaration: every entry point checks the payload with `isPayload` first. */
export function jobKind<P>(spec: JobKindSpec<P>): JobKind {
  const check = (payload: unknown): P => {
    if (!spec.isPayload(payload)) throw new Error(`not the payload of a "${spec.id}" job`);
    return payload;
  };
  return {
    id: spec.id,
    unit: spec.unit,
    system: (payload) => spec.system?.(check(payload)),
    kernel: (payload, rng, samples) => spec.kernel(check(payload), rng, samples),
    countsLength: async (payload, seed) => spec.countsLength(check(payload), seed),
    countsLive: (payload) => spec.countsLive?.(check(payload)),
    countsProblem: async (payload, counts) => spec.countsProblem(check(payload), counts),
    samplesHeld: (counts) => spec.samplesHeld(counts),
    setups: (payload) => spec.setups(check(payload)),
    setupShare: spec.setupShare ?? 1,
    contexts: (payload) => spec.contexts?.(check(payload)) ?? [],
    affinity: (payload) => spec.affinity?.(check(payload)),
    affine: spec.affinity !== undefined,
    pilot: (payload, jobSamples, samples, fresh) => spec.pilot(check(payload), jobSamples, samples, fresh),
  };
}

/**
 * The pilot of a kind without setups: the job itself, about `samples` of its samples (at least one, at
 * most the job's).
 */
export const samplesPilot = <P>(payload: P, jobSamples: number, samples: number): PilotWork<P> => ({
  payload,
  samples: Math.max(1, Math.min(samples, jobSamples)),
  setups: 0,
});

/** Small guards for payload checks. */
export const isRecord = (x: unknown): x is Readonly<Record<string, unknown>> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

export const isSystemRef = (x: unknown): x is SystemRef =>
  isRecord(x) && typeof x.id === 'string' && typeof x.source === 'string';

/** A whole number at least `min`. */
export const isCount = (x: unknown, min = 0): x is number => Number.isInteger(x) && (x as number) >= min;
