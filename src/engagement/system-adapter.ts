/**
 * The rule-system adapter of the engagement kernel (docs/engagement-model.md "Rule systems"). The kernel
 * (prepare.ts, fight.ts) knows lines, files, columns, overlaps and bounds; a system supplies what its rules
 * say about them: the side a file presents, who may count as an overlap or a flank friend, the combat table
 * of a file-vs-file situation, who flees with a fleeing front element, and the break rule.
 */
import type { EngagementConfig } from './model.ts';

/** A file-vs-file combat as the kernel sees it, with each side's template (the file's current state). */
export interface CombatSignature<T> {
  readonly a: T;
  readonly b: T;
  readonly bound: 'a' | 'b';
  readonly overlapsA: number;
  readonly overlapsB: number;
  readonly movedA: boolean;
  readonly movedB: boolean;
  /** The system's flank value of each side (see `flankValue`); 0 where the system has none. */
  readonly flankA: number;
  readonly flankB: number;
}

/**
 * When a side breaks, at the end of a bound:
 * - `fraction`: its losses reach `options.breakFraction` of its original total (DBM element equivalents,
 *   B&B Points of Confidence);
 * - `against-enemy`: the rule set's own test of its losses against the enemy's (DBA 3.0: at least 4 lost
 *   and more than the enemy).
 */
export type BreakRule =
  | { readonly kind: 'fraction' }
  | { readonly kind: 'against-enemy'; readonly defeated: (lost: number, enemyLost: number) => boolean };

/** The templates of both sides, for systems whose flank values name a friend. */
export interface SideTemplates<T> {
  readonly a: readonly T[];
  readonly b: readonly T[];
}

export interface EngagementSystem<C extends EngagementConfig, T> {
  /** The side file `file` of line `line` presents when its rank `head` (0-based) is in front. */
  template(config: C, line: 'a' | 'b', file: number, head: number): T;
  /** May `overlapper` (a free file's front) count as an overlap for its friend `friend` in combat? */
  overlapCounts(overlapper: T, friend: T): boolean;
  /** Number of distinct flank values (1: the system has none; the kernel then skips the neighbours). */
  flankRange(templates: readonly T[]): number;
  /**
   * The flank value of a fighting file from its in-line neighbours' fronts (undefined where none), as an
   * index into `templates` space or a small code; below `flankRange`.
   */
  flankValue(
    templates: readonly T[],
    self: number,
    left: number | undefined,
    right: number | undefined,
  ): number;
  /** Does rank `rank` of the file, directly behind a front element that flees, flee with it? */
  fleesWithFront(config: C, line: 'a' | 'b', file: number, rank: number): boolean;
  /** The 36 packed results of a combat (situations.ts packTable). */
  table(config: C, s: CombatSignature<T>, templates: SideTemplates<T>): Uint16Array;
  readonly breakRule: BreakRule;
}
