import type { ExactDistribution } from './exact.ts';

/**
 * The contract every rule system implements (see DESIGN.md "Rule sets").
 * A rule set is pure: no I/O, no randomness. The engine enumerates or samples its dice.
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
