/**
 * A rule system's combat resolution, as the engine enumerates and samples it (ARCHITECTURE.md
 * "The system contract"). A rule set is pure: no I/O, no randomness. The engine enumerates or samples its dice.
 */

/** One modifier that applied to a side's score, with the rule it comes from. */
export interface Factor {
  readonly label: string;
  readonly value: number;
  readonly rule: string;
  /** A condition on the dice, for factors that apply only for some rolls (grading, mitigating). */
  readonly when?: string;
}

/** One random input of a resolution: a die with `sides` faces numbered 1..sides. */
export interface DieSpec {
  readonly label: string;
  readonly sides: number;
}

/** Which side a per-side value belongs to. */
export type SideId = 'a' | 'b';

/** The outcome each side suffers from one resolution. */
export interface JointOutcome<O extends string> {
  readonly a: O;
  readonly b: O;
}

/** Everything a rule set says about a situation before any die is rolled. */
export interface Explanation {
  readonly a: readonly Factor[];
  readonly b: readonly Factor[];
  /** Rule readings that applied: "treated as", disregarded outcomes, consequences. */
  readonly notes: readonly string[];
  /**
   * Background for the curious, kept apart from the notes: where the charts used come from and which of
   * their cells are doubtful (GBA). Absent when there is none.
   */
  readonly details?: readonly string[];
}

/** A count out of a total, with its probability. Counts are exact; `p` is count / of. */
export interface Tally {
  readonly count: number;
  readonly of: number;
  readonly p: number;
}

/**
 * The exact odds of something a resolution can do besides its outcome pair (e.g. GBA breakthrough),
 * counted over the same dice space. Events need not exclude each other.
 */
export interface ExactEvent extends Tally {
  /** Stable id, e.g. 'breakthrough:b'. */
  readonly id: string;
  readonly label: string;
  readonly rule: string;
}

export interface ExactDistribution<O extends string> {
  /** Number of equally likely dice combinations. */
  readonly space: number;
  readonly a: Readonly<Record<O, Tally>>;
  readonly b: Readonly<Record<O, Tally>>;
  /** Every (outcome of A, outcome of B) pair with a non-zero count, in outcome order. */
  readonly joint: readonly (JointOutcome<O> & Tally)[];
  /** Events the rule set reports beyond outcomes (only rule sets with an `exact` hook give any). */
  readonly events?: readonly ExactEvent[];
}

export interface RuleSet<S, O extends string> {
  /** Short id of the system, e.g. "dbm". */
  readonly system: string;
  /** Every outcome a side can suffer, worst first. Reporting uses this order. */
  readonly outcomes: readonly O[];
  /** Name printed for a side's element in results. */
  describeSide(situation: S, side: SideId): string;
  /** The dice one resolution of this situation rolls, in the order `resolve` reads them. */
  dice(situation: S): readonly DieSpec[];
  /** Total and deterministic: the outcome for both sides for one roll of every die. */
  resolve(situation: S, dice: readonly number[]): JointOutcome<O>;
  /** Every factor that applies, with its rule section. */
  explain(situation: S): Explanation;
  /**
   * Optional: the exact distribution computed a faster way than resolving every combination of dice
   * (e.g. GBA, whose many d10s merge into few intermediate states). Must give the same counts as
   * `enumerate` would; tests check this.
   */
  exact?(situation: S): ExactDistribution<O>;
}
