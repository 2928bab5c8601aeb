/**
 * The battle-line kernel's input: two lines of files and the model's options, as plain JSON-serialisable
 * data (it is shipped to worker threads). The elements are the rule system's own (plain objects); the
 * kernel never looks inside them, its system adapter does (adapter.ts). docs/engagement-model.md
 * explains every field.
 */
import type { VariantSpec } from '../../core/system.ts';

export type LineId = 'a' | 'b';

/** One element of a file, with what the results and the break rule count when it is lost. */
export interface RankConfig<E = unknown> {
  readonly element: E;
  /** Cost in AP (0 where the system has no points). */
  readonly ap: number;
  /**
   * What losing it counts toward the break rule: DBM element equivalents (DBM 3.2 p.24 Losses), DBA
   * elements lost (DBA 3.0 Winning and losing), B&B Points of Confidence (B&B 0.7 ch.6 PoC).
   */
  readonly ee: number;
  /** Added once per side, to the first rank lost that carries it (DBA 3.0: the first double element lost counts 2). */
  readonly firstLossBonus?: number;
  /** Counts toward the side's original total (default `ee`): B&B baggage is lost at its PoC but not in the reference level. */
  readonly reference?: number;
  /** The system's own per-rank fields (DBM psiloi weapon, list permission). */
  readonly extra?: Readonly<Record<string, unknown>>;
  /**
   * Once per engagement, the side may add this to the element's combat score after the dice (DBA 3.0 Big
   * battles: the C-in-C's +1). The kernel uses it when it improves the combat's result for the side.
   */
  readonly scoreBonus?: number;
  /**
   * Lines divided into commands: what losing it adds to each of the command break rule's loss counts
   * (adapter.ts CommandRule, `measures` of them); the first-loss bonus is then added once per command.
   * Absent: its element equivalents (`ee`) in the first count, nothing in the others.
   */
  readonly losses?: readonly number[];
}

/** A column of elements, front to back (1 to 4). */
export interface FileConfig<E = unknown> {
  readonly ranks: readonly RankConfig<E>[];
  /** DBM only: the front element and its 2nd rank are one double element (only while both stand). */
  readonly doubleBased: boolean;
  /** A reserve file: the front file it stands behind (index in the line's files); default: centred. */
  readonly behind?: number;
}

/**
 * A line divided into commands (DBA 3.0 Big battles): consecutive files from the left, each command
 * demoralised by its own losses, the army beaten by the system's command rule (adapter.ts CommandRule).
 */
export interface CommandsConfig {
  /** Files of each command, left to right; they add up to the line's front files. */
  readonly files: readonly number[];
  /** The C-in-C's command (index into `files`). */
  readonly cInC: number;
  /**
   * The command of each reserve file (in the order of the line's `reserves`, flattened); absent: the
   * command of the front file it stands behind. A command may stand wholly in reserve (0 front files).
   */
  readonly reserves?: readonly number[];
  /** Per command: its general's role (DBM 3.2 p.10 Army Size), for the PIP and score rules. */
  readonly roles?: readonly ('c-in-c' | 'sub-general' | 'ally')[];
  /** Per command: its general's element is regular (DBM 3.2 p.16: the colour of its PIP die). */
  readonly regular?: readonly boolean[];
  /** Per command: the competition points it is worth (ScoreRule); absent: no score. */
  readonly points?: readonly number[];
  /**
   * Per command: the file and rank (within the file; front line files first, then reserves) of its
   * general's element, or absent (DBM 3.2 p.25: its loss and the PIP test).
   */
  readonly generals?: readonly ({ readonly file: number; readonly rank: number } | null)[];
}

export interface LineConfig<E = unknown> {
  readonly name: string;
  /** The front line's files, left to right. */
  readonly files: readonly FileConfig<E>[];
  /**
   * Lines standing behind the front line (the second first), each a list of files left to right, centred
   * behind the front (docs/engagement-model.md "Second lines"): their elements are not swept away with
   * the front rank, and step forward into a gap left in the front line.
   */
  readonly reserves?: readonly (readonly FileConfig<E>[])[];
  /** Absent: the line is one command and the adapter's `breakRule` decides (both lines have it or neither). */
  readonly commands?: CommandsConfig;
  /** The line's going, in the system's terms. */
  readonly going: string;
  /** The system's own line-wide fields (DBM: the list allows rear support by another grade). */
  readonly extra?: Readonly<Record<string, unknown>>;
}

/** The named options of docs/engagement-model.md. */
export interface ModelOptions {
  readonly alignment: 'centre' | 'left';
  readonly combatOrder: 'owner-best-first' | 'sweep' | 'simultaneous';
  readonly renewContact: 'bound-owner' | 'attacker';
  readonly optionalPursuit: 'stand' | 'pursue';
  readonly fledLost: boolean;
  readonly breakFraction: number;
  /**
   * A free file with no enemy in front moves onto the flank of the enemy file beside it that is fighting a
   * friend (systems whose adapter has `flankAttacks`; DBA 3.0). Default false: no flank contacts (F4).
   */
  readonly flankAttacks?: boolean;
  /**
   * Flank contacts (DBM 3.2 p.21 Close Combat, p.23 Recoiling Elements): in its own bound a free file with
   * no enemy in its column moves onto the flank of the enemy element beside it that is in frontal combat.
   * Absent: the adapter's default (DBM on, DBA off: option flankAttacks).
   */
  readonly flankContacts?: boolean;
  /**
   * Gap between a line and the line behind it, in base depths of the element in front (DBM 3.2 p.25: the
   * rules' advice is two base depths, so that rear lines are not swept away with the front).
   */
  readonly secondLineGap: number;
  /**
   * Whether a side may refuse a fight (docs/engagement-model.md "Refusing a fight"): `expected` (default): a
   * side that can avoid contact holds off when its expected combat result is worse than not fighting;
   * `never`: every line closes (the model before refusals).
   */
  readonly refusals: 'expected' | 'never';
  /**
   * What a fled element does after its bound of flight (systems with a flight distance: DBM): `return`
   * (default): it moves back to its line at its tactical move and rejoins its column; an element whose
   * flight crosses its table edge is lost (DBM 3.2 p.24 Fleeing Elements, p.25 Losses). `gone`: it leaves
   * the fight for good (the model before).
   */
  readonly flight: 'return' | 'gone';
  /**
   * Paces of table behind each line's front edge at the start (default 900: DBM 3.2 p.9 ideal table 1.2 m
   * deep for 15 mm figures, 2,400p; p.14 deployment no closer than 300p short of the centre line). A line
   * gains what it advances; an element whose flight or recoil crosses the edge is lost.
   */
  readonly tableDepth: number;
}

export const DEFAULT_OPTIONS: ModelOptions = {
  alignment: 'centre',
  // DBM 3.2 p.15 Sequence of Play (4): combats are fought in an order the bound's owner decides.
  combatOrder: 'owner-best-first',
  renewContact: 'bound-owner',
  optionalPursuit: 'stand',
  fledLost: false,
  // DBM 3.2 p.25 Demoralised Commands: one third of the original element equivalents.
  breakFraction: 1 / 3,
  // DBM 3.2 p.25 (tactical advice): lines preferably two base depths apart.
  secondLineGap: 2,
  refusals: 'expected',
  flight: 'return',
  // DBM 3.2 p.9 (1.2 m for 15 mm = 2,400p) and p.14 (300p short of the centre line): 900p.
  tableDepth: 900,
};

/**
 * Options written out field by field, in the interface's order (an absent one undefined): whatever objects a
 * study built them from (spread over the defaults, sent between threads), every layout's options are then of
 * one hidden class with their fields inside the object, which the kernel reads every bound
 * (engine/lines/prepare.ts sideShape says why that matters).
 */
export function optionsShape(o: ModelOptions): ModelOptions {
  // Typed so that an option added to ModelOptions and not written here does not compile (optional ones too).
  const options: { [K in keyof Required<ModelOptions>]: ModelOptions[K] } = {
    alignment: o.alignment,
    combatOrder: o.combatOrder,
    renewContact: o.renewContact,
    optionalPursuit: o.optionalPursuit,
    fledLost: o.fledLost,
    breakFraction: o.breakFraction,
    flankAttacks: o.flankAttacks,
    flankContacts: o.flankContacts,
    secondLineGap: o.secondLineGap,
    refusals: o.refusals,
    flight: o.flight,
    tableDepth: o.tableDepth,
  };
  return options;
}

/**
 * The battlefield of an engagement (docs/engagement-model.md "Battlefield"): how far apart the lines
 * start, what going each column is in, and what shooters do while the lines close.
 */
export interface Battlefield {
  /** Paces between the lines at the start; 0: the first bound's owner charges at once. */
  readonly distance: number;
  /**
   * Going drawn at the start of each engagement with these weights: one going for the whole field
   * (`per: 'battle'`) or one per column (`per: 'file'`); absent: each line's own going.
   */
  readonly terrain?: { readonly per: 'battle' | 'file'; readonly weights: Readonly<Record<string, number>> };
  /**
   * What a line that can shoot does when it is in range and its shooting does better than the enemy's
   * reply: `halt` and keep shooting (a player's choice), or `advance` regardless.
   */
  readonly shooters: 'halt' | 'advance';
}

/** The kernel's input under any line system, told apart by `system`. */
export interface LinesConfig<E = unknown> {
  /** The rule system's id; its engagement adapter resolves every combat. */
  readonly system: string;
  /** Version and house rules the combats are resolved under. */
  readonly variant: VariantSpec;
  /** Player bounds before the fight is called undecided. */
  readonly boundLimit: number;
  /** Who has the first bound; `alternate` = A in even-numbered engagements of a shard, B in odd ones. */
  readonly first: LineId | 'alternate';
  readonly options: ModelOptions;
  /** Absent: no approach, each line in its own going. */
  readonly battlefield?: Battlefield;
  readonly a: LineConfig<E>;
  readonly b: LineConfig<E>;
}

/** How an engagement ended. */
export const DECISIONS = ['undecided', 'a-wins', 'b-wins', 'mutual', 'refused'] as const;
export type Decision = (typeof DECISIONS)[number];

export { LOSS_CAUSES, type LossCause } from '../../core/system.ts';

export interface SideTally {
  /** Elements lost by cause (LOSS_CAUSES order). */
  readonly causes: readonly number[];
  /** Lines with commands: per command, it is demoralised at the end. */
  readonly demoralised?: readonly boolean[];
  /** The side used its once-per-engagement score bonus (DBA 3.0 Big battles: the C-in-C's +1). */
  readonly scoreBonusUsed?: boolean;
  /** Lines whose commands are worth points: the side's score at the end (DBM competition VP). */
  readonly score?: number;
  readonly elementsLost: number;
  readonly apLost: number;
  readonly eeLost: number;
  readonly fled: number;
  /** Per file position: elements lost. */
  readonly fileElementsLost: readonly number[];
  readonly fileApLost: readonly number[];
  /** Per file position: nothing of the file is left in the fight. */
  readonly fileGone: readonly boolean[];
}

/** One engagement, compactly. */
export interface EngagementResult {
  readonly decision: Decision;
  /** The bound it ended in (1-based). */
  readonly bounds: number;
  readonly a: SideTally;
  readonly b: SideTally;
}
