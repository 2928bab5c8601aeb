/**
 * The contract of a study kind (ARCHITECTURE.md "Study kinds"): odds, matrix, engagement, balance. A
 * scenario lists studies; each kind validates its block, plans it (pure), asks for Monte Carlo work as
 * jobs, turns the merged counts into results and the results into report files. The pipeline
 * (src/pipeline) runs every kind the same way: one runner, one slice format, one merge.
 */
import type { z } from 'zod';
import type { FieldPath } from '../core/errors.ts';
import type { AnySystem, Variant, VariantSpec } from '../core/system.ts';
import type { ReportPart } from '../report/part.ts';

/** One unit of Monte Carlo work: a job kind's kernel, its payload and the samples wanted. */
export interface Job {
  /** Unique within the run; the key of its counts. */
  readonly id: string;
  /** The job kind whose kernel runs it (kernels.ts). */
  readonly kind: string;
  /** Plain data (structured-cloneable, no closures). */
  readonly payload: unknown;
  /** Seed key of this job; shard k draws from stream k of it. */
  readonly seed: string;
  readonly samples: number;
  /** Samples per shard: part of the results' identity. */
  readonly shardSize: number;
}

/**
 * The work a study asks for, given the counts of the jobs done so far. `final`: these are the last jobs
 * (a `--shard` run cuts only final jobs; earlier stages run whole in every slice, so they must be cheap,
 * unless the kind splits its work into independent `groups`).
 */
export interface Stage {
  readonly jobs: readonly Job[];
  readonly final: boolean;
  /**
   * An estimate of the samples the stages after this one will ask for (adaptive studies, in the unit of
   * this stage's jobs), so a progress bar's total and time left, and the run's estimate before it
   * starts, account for them. Not part of the results.
   */
  readonly later?: number;
  /**
   * Of those, the setups (studies/job-kind.ts: a balance job's line-ups), for the run's estimate of
   * time and memory. Not part of the results.
   */
  readonly laterSetups?: number;
  /** What this stage is, for the progress bar ("pilot and bracket", "final"). */
  readonly label?: string;
}

/** What a study's plan can use: the scenario's rule system, its variants and the run's settings. */
export interface StudyContext {
  readonly system: AnySystem;
  /** The scenario's rules id. */
  readonly rules: string;
  /** The scenario's variant (house rules, charts) of a version (default: the scenario's). */
  variant(version?: string): Variant;
  /** The spec the scenario's variants are made from (its version replaced per call). */
  readonly spec: VariantSpec;
  readonly seed: string;
  /** One sentence naming the scenario, its file, seed and tool version, for report headers. */
  readonly about: string;
  /** Command-line override of every study's sample count. */
  readonly samples?: number | undefined;
  /** The scenario's own `samples` (a study's own count overrides it). */
  readonly scenarioSamples?: number | undefined;
  /** Where the study is in the scenario (for messages): ['studies', i]. */
  readonly path: FieldPath;
  /**
   * Book `n` cells (each an exact enumeration and a compiled table) against the scenario's ceiling
   * before planning them; throws an InputError (path within the block) when the scenario would pass it.
   */
  claimCells?(n: number, path: FieldPath): void;
  /**
   * Files a study names besides the scenario (army studies' army files), read by the pipeline: absent
   * where the caller reads no files.
   */
  readonly files?: StudyFiles;
}

/** A YAML or JSON file as a study reads it: its name as shown, its data and the line of each field. */
export interface StudyFile {
  readonly file: string;
  readonly data: unknown;
  lineOf(path: FieldPath): number;
}

/**
 * Reading the files a study names: a relative name is looked for in the scenario's folder, then in the
 * tool's own folder (its bundled files, e.g. `armies/`). Each throws an InputError with no path (the
 * caller places it) when the file cannot be read or parsed.
 */
export interface StudyFiles {
  read(name: string): StudyFile;
  /** The YAML and JSON files of a folder, as names `read` takes, sorted. */
  list(folder: string): readonly string[];
}

/** Most cells (matrix and odds situations) of one scenario: planning them takes seconds per 10,000. */
export const MAX_SCENARIO_CELLS = 100_000;

/** Fields every study block has besides its kind's own. */
export interface StudyHeader {
  readonly kind: string;
  readonly name: string;
  readonly title: string;
}

export type Counts = ReadonlyMap<string, Float64Array>;

export interface StudyKind<P = unknown, R = unknown> {
  /** The `kind` value of a study block. */
  readonly id: string;
  /** One line for docs and messages. */
  readonly describe: string;
  /** The kind's own fields (not kind, name, title) for a system, or undefined if it cannot study it. */
  fields(system: AnySystem): z.ZodObject | undefined;
  /** The fields as the JSON Schema describes them (situations in full); default `fields`. */
  jsonFields?(system: AnySystem): z.ZodObject | undefined;
  /** Why a system cannot be studied this way (when `fields` gives undefined). */
  unsupported(system: AnySystem): string;
  /** Check the block's meaning and expand it. Pure; InputErrors carry paths within the block. */
  plan(block: Readonly<Record<string, unknown>>, header: StudyHeader, ctx: StudyContext): P;
  /** The jobs to run next, given the counts of the jobs already done (empty when done). Pure. */
  work(plan: P, done: Counts): Stage;
  /**
   * Told, while a stage runs, that job `finished` of the last `work` is done, its counts in `done` (with
   * those of every job done before it): a kind may work out now what its next `work` will need of them,
   * while the other jobs still run. It must never change what `work` returns.
   */
  ahead?(plan: P, done: Counts, finished: string): void;
  /**
   * For adaptive kinds whose work falls into independent groups (a balance study's units, each with its
   * own pilot, bracket and final design): how many groups a plan has, and the plan cut down to some of
   * them (the same job ids and seeds as in the whole plan). A `--shard i/n` run then does every stage of
   * the groups g with g mod n = i - 1, so no slice repeats another's early stages.
   */
  readonly groups?: {
    /** What a group is, in the plural, for messages ("balance units"). */
    readonly noun: string;
    count(plan: P): number;
    only(plan: P, keep: (group: number) => boolean): P;
  };
  /** Results (plain JSON data) from the plan and every job's merged counts. Pure. */
  results(plan: P, done: Counts): R;
  /** The study's part of the report: tables, charts, HTML sections, a line for the terminal. Pure. */
  report(results: R, plan: P): ReportPart;
}

export type AnyStudyKind = StudyKind<unknown, unknown>;
