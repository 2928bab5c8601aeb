/**
 * What a rule system supplies to the battle-line kernel (docs/engagement-model.md "Rule systems"). The
 * kernel (prepare.ts, fight.ts) knows lines, files, columns, overlaps and bounds; a system supplies what
 * its rules say about them: its dice, the side a file presents, who may count as an overlap or a flank
 * friend, the combat table of a file-vs-file situation, who flees with a fleeing front element, the
 * break rule, and (for study blocks) what its elements cost and count when lost.
 *
 * E is the system's element, T its side template (the fixed part of a combat side), V what it makes of
 * a variant once per config (DBM: the version object with house rules applied).
 */
import type { z } from 'zod';
import type { DieSpec } from '../../core/ruleset.ts';
import type { Variant, VariantSpec } from '../../core/system.ts';
import type { LineId, LinesConfig, RankConfig } from './model.ts';

/** A file-vs-file combat as the kernel sees it, with each side's template (the file's current state). */
export interface CombatSignature<T> {
  readonly a: T;
  readonly b: T;
  readonly bound: LineId;
  readonly overlapsA: number;
  readonly overlapsB: number;
  readonly movedA: boolean;
  readonly movedB: boolean;
  /** The system's flank value of each side (see `flankValue`); 0 where the system has none. */
  readonly flankA: number;
  readonly flankB: number;
  /** Enemy files in contact with each side's flanks (option flankAttacks; 0 otherwise), 0-2. */
  readonly flankContactsA: number;
  readonly flankContactsB: number;
  /** Each side's front belongs to a demoralised command (lines with commands; false otherwise). */
  readonly shakenA: boolean;
  readonly shakenB: boolean;
  /** What each side adds to its combat score this once (RankConfig.scoreBonus; 0 otherwise). */
  readonly bonusA: number;
  readonly bonusB: number;
}

/**
 * Lines divided into commands (model.ts CommandsConfig; DBA 3.0 Big battles): each command is demoralised
 * by its own losses, and the army is beaten by this rule instead of `breakRule`. The kernel counts each
 * command's losses in `measures` counts (RankConfig.losses, plus the first-loss bonus once per command).
 * A demoralised command's files make no moves of their own (they do not step up to renew contact, nor
 * move onto an enemy flank) and its fronts fight `shaken`.
 */
export interface CommandRule {
  /** How many loss counts each rank carries. */
  readonly measures: number;
  /**
   * When a command's losses are read: at the start of each of its side's bounds (DBA 3.0 Big battles,
   * the default), or at the end of every bound of either side (DBM 3.2 p.25 Demoralised Commands).
   */
  readonly check?: 'own-bound' | 'every-bound';
  /**
   * Is a command with these losses (one per count) demoralised? Once it is, it stays so. `original`: the
   * total `reference` of its ranks.
   */
  demoralised(lost: ArrayLike<number>, original: number): boolean;
  /**
   * After its general's element is lost, a command is demoralised if its next PIP die is not greater than
   * its losses (DBM 3.2 p.25: once per command). Needs `pips`; absent: no such test.
   */
  panics?(pipScore: number, lost: ArrayLike<number>): boolean;
  /**
   * Elements of a demoralised command that are not in frontal contact flee toward their base edge each of
   * their side's bounds, unless halted with PIPs (DBM 3.2 p.25, p.18 Halts). Absent: they hold.
   */
  readonly retreat?: boolean;
  /** Is the army beaten at the end of a bound? */
  defeated(own: ArmyState, enemy: ArmyState): boolean;
}

/**
 * Player initiative points (DBM 3.2 p.16): each command throws a die at the start of its side's bound and
 * pays for the moves the model makes for it. The kernel asks what a move costs; a move it cannot pay for is
 * not made (docs/armies.md "Battles").
 */
export interface PipRule<E, T, V> {
  /**
   * The scores of one side's commands this bound, from one die roll per command (`rolls`, 1..6, in command
   * order): the C-in-C deals the regular generals' scores (DBM 3.2 p.16).
   */
  scores(ctx: AdapterContext<E, V>, line: LineId, rolls: readonly number[]): readonly number[];
  /**
   * What a template's elements bring to the cost of a move that includes them, as bits: a move's cost
   * may read only the OR of its elements' bits and whether it moves one element or a group (the kernel
   * remembers costs by them).
   */
  traits(ctx: AdapterContext<E, V>, t: T): number;
  /** What a move costs (DBM 3.2 p.16): what the move is, its elements' traits, and the state of the command's general. */
  cost(ctx: AdapterContext<E, V>, move: PipMove): number;
}

/**
 * The moves the model pays PIPs for: a second line or fled element moving up (`step-up`), files advancing
 * to renew contact (`renew`), a wheel onto an enemy flank (`flank`), a demoralised command halted (`halt`).
 */
export type PaidMove = 'step-up' | 'renew' | 'flank' | 'halt';

export interface PipMove {
  readonly line: LineId;
  readonly command: number;
  readonly kind: PaidMove;
  /** The OR of the moved elements' traits (PipRule.traits). */
  readonly traits: number;
  /** One element moves (a single element move); more: a group. */
  readonly single: boolean;
  /** The command's general's element is among those moved. */
  readonly withGeneral: boolean;
  /** The general's element is in frontal combat, or lost. */
  readonly generalEngaged: boolean;
  readonly generalLost: boolean;
  /** The command's general's discount (the C-in-C's -1) is already used this bound. */
  readonly discountUsed: boolean;
}

/** How a battle of commands is scored (DBM 3.2 p.25 Victory & Defeat: the competition score). */
export interface ScoreRule<E, V> {
  /** Most points a side can score; its score is a whole number from 0 to it. */
  readonly most: number;
  /**
   * A side's score at the end from every command of both sides: demoralised or not, losses (first count)
   * and original total.
   */
  score(ctx: AdapterContext<E, V>, own: readonly CommandEnd[], enemy: readonly CommandEnd[]): number;
}

export interface CommandEnd {
  readonly demoralised: boolean;
  readonly lost: number;
  readonly original: number;
  /** The competition points the command is worth. */
  readonly points: number;
}

/** One army at the end of a bound, for CommandRule.defeated. */
export interface ArmyState {
  /** Per count, the losses of all its commands. */
  readonly lost: ArrayLike<number>;
  /** Per command: its losses (first count), its original total, and whether it is demoralised. */
  readonly commandLost: ArrayLike<number>;
  readonly commandOriginal: ArrayLike<number>;
  readonly commandDemoralised: ArrayLike<number>;
  /** Per count, of which lost in this bound. */
  readonly lostThisBound: ArrayLike<number>;
  /** The total `reference` of its ranks. */
  readonly original: number;
  /** Its C-in-C's command is demoralised. */
  readonly cInCDemoralised: boolean;
}

/**
 * When a side breaks, at the end of a bound:
 * - `fraction`: its losses reach `options.breakFraction` of its original total (DBM element equivalents);
 * - `own`: the rule set's own test of its losses against its original total (B&B 0.7 ch.6 army moral:
 *   routed when the losses level reaches the routing level);
 * - `against-enemy`: the rule set's own test of its losses against the enemy's (DBA 3.0: at least 4 lost
 *   and more than the enemy).
 */
export type BreakRule =
  | { readonly kind: 'fraction' }
  | { readonly kind: 'own'; readonly broken: (lost: number, reference: number) => boolean }
  | { readonly kind: 'against-enemy'; readonly defeated: (lost: number, enemyLost: number) => boolean };

/** A distant shooting between two facing files, as the kernel sees it. */
interface ShotSignature<T> {
  readonly a: T;
  readonly b: T;
  readonly bound: LineId;
  readonly shooters: 'a' | 'b' | 'both';
  /** Other files' elements aiding each side's shooting at this target (0-2; DBM 3.2 p.20). */
  readonly aidersA: number;
  readonly aidersB: number;
}

/** What a system says about the approach (docs/engagement-model.md "Approach"). */
export interface ApproachRules<E, T, V> {
  /** Paces the element in front of this template moves in one tactical move (0: it cannot move). */
  move(t: T): number;
  /**
   * Paces it can shoot at a distance, 0 when it cannot: in its own bound or the enemy's, having moved
   * this bound or not (DBM artillery shoots only in its own bound and not after moving).
   */
  range(t: T, when: { readonly ownBound: boolean; readonly moved: boolean }): number;
  /** May it move into contact with the front of `enemy`? */
  mayCharge(t: T, enemy: T): boolean;
  /** The front element's base depth in paces (a recoil's length; the gap to a second line is in them). */
  baseDepth?(t: T): number;
  /**
   * Paces of a flight after its initial recoil (DBM 3.2 p.24: 50p more than a full tactical move). With
   * it, fled elements return to their line (model option `flight`) or are lost off the table edge.
   */
  flee?(t: T): number;
  /** Can it reach the flank of an enemy element beside it in one move (flank contacts)? Default yes. */
  flankReach?(t: T): boolean;
  /** May it move into contact with the flank of `enemy` (DBM 3.2 p.18: train may not)? Default yes. */
  mayContactFlank?(t: T, enemy: T): boolean;
  /**
   * A flank contact is made only on an enemy that was in frontal combat, level with the flanker, at the
   * start of the bound (DBM 3.2 p.19: the +50p into an adjacent enemy's flank needs front corner contact
   * at the start of the move). Absent: also on an enemy contacted earlier in the same bound (DBA 3.0).
   */
  readonly flankFromLevel?: boolean;
  /**
   * Every combination of the dice of a distant shooting, packed (pursuit always 'no'). The caller copies
   * the table before it asks for another (like `table`'s): an adapter may hand out one array each time.
   */
  shoot(ctx: AdapterContext<E, V>, s: ShotSignature<T>): Uint16Array;
}

/** The templates of both sides, for systems whose flank values name a friend. */
export interface SideTemplates<T> {
  readonly a: readonly T[];
  readonly b: readonly T[];
}

/** What one config's combats are resolved under: the config and the system's reading of its variant. */
export interface AdapterContext<E, V> {
  readonly config: LinesConfig<E>;
  readonly variant: V;
}

/** The values a rank carries, as the system prices and counts it (RankConfig without the element). */
export type RankValues = Omit<RankConfig, 'element'>;

export interface LineAdapter<E = unknown, T = unknown, V = unknown> {
  /** The dice of one combat, as the system's rule set rolls them (DBM, DBA, B&B: one d6 a side). */
  readonly dice: readonly DieSpec[];
  /** What the system makes of a variant, once per config (resolved in the worker, so plain data in). */
  resolveVariant(spec: VariantSpec): V;
  /**
   * The side file `file` of line `line` presents when its rank `head` (0-based) is in front, standing
   * in `going` (the line's going, or its column's when the battlefield mixes terrain). It may read only
   * that file's ranks and doubling, the line's `extra` and the going: the kernel reuses the templates of
   * identical files, within a config and across every config of one variant (as it does for `templateOf`, `recoil` and `fleesWithFront`).
   */
  template(ctx: AdapterContext<E, V>, line: LineId, file: number, head: number, going: string): T;
  /**
   * The side a file presents when only `ranks` (indices into the file's ranks, front first) stand, in an
   * order that is not simply the file from one rank on. Only a system whose `recoil` destroys ranks
   * behind a front that stands, or reorders them, reaches such a file; it must then supply this.
   */
  templateOf?(
    ctx: AdapterContext<E, V>,
    line: LineId,
    file: number,
    ranks: readonly number[],
    going: string,
  ): T;
  /**
   * What the recoil of a file's front (and the recoil a flight starts with) does to the ranks behind it
   * (B&B 0.7 ch.7 push back: a recoiling elephant destroys the bases it would push back; a base that would
   * push back an elephant is destroyed). `ranks`: the file's ranks still standing, front first. Returns
   * the ranks standing afterwards in their new order, and those destroyed (the front among them when it
   * is lost). Absent: the file falls back as one, nothing lost (DBM, DBA: their rule sets decide a recoil
   * blocked by the file behind).
   */
  recoil?(
    ctx: AdapterContext<E, V>,
    line: LineId,
    file: number,
    ranks: readonly number[],
  ): { readonly ranks: readonly number[]; readonly lost: readonly number[] };
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
  fleesWithFront(ctx: AdapterContext<E, V>, line: LineId, file: number, rank: number): boolean;
  /**
   * Every combination of the dice of a combat, packed (pack.ts packTable). The caller copies the table
   * before it asks for another (prepare.ts: into the variant's TableStore), so an adapter may hand out the
   * same array each time instead of allocating one a table.
   */
  table(ctx: AdapterContext<E, V>, s: CombatSignature<T>, templates: SideTemplates<T>): Uint16Array;
  readonly breakRule: BreakRule;
  /** The system's rule for lines divided into commands; absent: lines are single commands. */
  readonly commandRule?: CommandRule;
  /** PIPs for lines with commands (DBM armies); absent: every move the model calls for is made. */
  readonly pips?: PipRule<E, T, V>;
  /** The score of a battle of commands (DBM competition VP); absent: none. */
  readonly score?: ScoreRule<E, V>;
  /**
   * The system's combat tables know flank contacts (`flankContactsA/B`), and an element in contact with an
   * enemy flank recoils when the friend fighting that enemy's front recoils, flees or is destroyed (DBA 3.0
   * Combat outcome). Absent: option flankAttacks is refused.
   */
  readonly flankAttacks?: boolean;
  /** Flank contacts are made unless a study turns them off (DBM: true); absent: only when asked for. */
  readonly flankContactsDefault?: boolean;
  /** Moving and shooting before the lines meet (a battlefield with an approach); absent: no approach. */
  readonly approach?: ApproachRules<E, T, V>;

  // Study blocks (block.ts): how lines written in a scenario become a LinesConfig.

  /** The goings a line may be in, in the system's terms; the first is the default. */
  readonly goings: readonly string[];
  /** Extra fields a rank object may carry (DBM: psiloi weapon, list permission), as zod fields. */
  readonly rankFields?: Readonly<Record<string, z.ZodType>>;
  /** Extra fields a line may carry (DBM: listGradeSupport). */
  readonly lineFields?: Readonly<Record<string, z.ZodType>>;
  /** Extra fields of the study block (DBA: bigBattle), applied by `finish`. */
  readonly blockFields?: Readonly<Record<string, z.ZodType>>;
  /**
   * The config with the block's own fields applied (their parsed values in `fields`, absent ones left
   * out). Throws InputError with the path within the block.
   */
  finish?(config: LinesConfig<E>, fields: Readonly<Record<string, unknown>>): LinesConfig<E>;
  /** The system has double elements of two ranks (DBM 3.2 p.10). */
  readonly doubleBasing: boolean;
  /** A line can be bought to an AP budget (false for DBA 3.0, which has no points). */
  readonly points: boolean;
  /**
   * Cost and loss values of `element` as rank `index` of a file (doubleBased: the file is a double
   * element), with its extra fields checked. Throws InputError (path within the rank).
   */
  rank(
    variant: Variant,
    element: E,
    index: number,
    doubleBased: boolean,
    extra: Readonly<Record<string, unknown>>,
  ): RankValues;
}
