/**
 * The one contract a rule system implements (ARCHITECTURE.md "The system contract"). Each rule system
 * lives in `src/systems/<id>/` and its `index.ts` exports one SystemModule as `default`; nothing outside
 * the folder imports anything else from it. Everything the tool does with a rule system (odds, matrices,
 * engagements, balance studies, the CLI's flags, the web form, the JSON Schema, the docs table) goes
 * through this interface.
 *
 * S is the system's situation type, O its outcome ids, E its element type. All of them are plain data
 * (JSON-serialisable), so they can be sent to worker threads.
 */
import type { z } from 'zod';
import type { FittedArmy } from './army.ts';
import type { BoundsOdds, BoundsRequest } from './bounds.ts';
import type { RuleSet } from './ruleset.ts';

export interface VersionInfo {
  /** The `rules` id a user writes, e.g. "dbm-3.2". */
  readonly id: string;
  /** Printed name, e.g. "DBM 3.2". */
  readonly name: string;
}

/** One outcome a side can suffer, for reports and charts. */
export interface OutcomeInfo<O extends string = string> {
  readonly id: O;
  /** What happens to a side, in words: "destroyed", "recoils". */
  readonly label: string;
  /** "recoils or worse": the cumulative view from this outcome down; absent where it adds nothing. */
  readonly atLeast?: string;
  readonly color: string;
  /**
   * How much of the element this outcome takes off the table for points purposes (DBM destroyed 1;
   * B&B spent 0.5, since a spent base costs half its PoC; recoil 0). Used by balance studies.
   */
  readonly loss: number;
  /** False for the "nothing happens" outcome. */
  readonly effect: boolean;
}

/**
 * A rule version with a scenario's house rules: the version, replaced costs (notation -> AP), rule
 * switches (the system's `houseRules` schema) and replaced charts (the system's `charts` format).
 */
export interface VariantSpec {
  readonly version: string;
  readonly name?: string | undefined;
  readonly costs?: Readonly<Record<string, number>> | undefined;
  readonly rules?: Readonly<Record<string, unknown>> | undefined;
  readonly charts?: unknown;
}

/** A system under one variant: what resolves, parses and prices under it. */
export interface Variant<S = unknown, O extends string = string, E = unknown> {
  readonly spec: VariantSpec;
  /** Version name, with "with house rules" or the charts' id where those apply. */
  readonly name: string;
  /** Resolves every situation under this variant, whatever its `rules` field says. */
  readonly ruleset: RuleSet<S, O>;
  /**
   * A situation-file object (plain JSON, defaults may be left out) as a situation of this system.
   * Throws InputError with the path of the bad field.
   */
  parseSituation(input: unknown): S;
  /** Points cost of one element with the given cost options (catalogue.costOptions), or undefined. */
  cost?(element: E, options?: readonly string[]): number | undefined;
}

/** A system's elements as data: notation, the full list, what sweeps select by. */
export interface Catalogue<E = unknown> {
  /** Parse one element in the system's notation; throws InputError naming the bad part. */
  parse(text: string): E;
  /** Canonical notation: parse(format(e)) equals e. */
  format(e: E): string;
  /** Every element the rules allow, in table order. */
  all(): readonly E[];
  /** Troop type codes a sweep by type accepts, in table order, with their names. */
  readonly types: readonly { readonly id: string; readonly name: string }[];
  /** The types an element answers to (DBA 4Lb: "Bw" and "Lb"); the first is its own. */
  typesOf(e: E): readonly string[];
  /** Grades and regularities, for systems whose elements have them. */
  readonly grade?: { readonly all: readonly string[]; of(e: E): string };
  readonly reg?: { readonly all: readonly string[]; of(e: E): string };
  /** Selections a sweep may name besides types ("land": every type but naval). */
  readonly groups?: Readonly<Record<string, (e: E) => boolean>>;
  /**
   * How a situation side stands `depth` ranks deep, front rank included: the side field holding the
   * ranks behind, the largest depth, and that field's value for `depth - 1` copies of the element.
   */
  readonly depth?: {
    readonly field: string;
    readonly max: number;
    value(notation: string, depth: number): unknown;
  };
  /** Named cost options (DBM 3.2 p.10 "Adjust for all grades if"), for `debellator cost`. */
  readonly costOptions?: readonly { readonly id: string; readonly help: string }[];
}

/** The situation format: schema with field metadata (core/fields.ts) and what fills the defaults. */
export interface SituationFormat<S = unknown> {
  /** The whole situation-file object (JSON Schema, docs). */
  readonly schema: z.ZodType;
  /** One side's object (CLI `--a-*`/`--b-*` flags, form cards, docs table). */
  readonly side: z.ZodType;
  /** Combat-wide fields with metadata (CLI flags, the form's combat row): an object schema. */
  readonly combat: z.ZodType;
  /** Top-level fields a command line fills in when the user gives none (e.g. mode). */
  readonly defaults: Readonly<Record<string, unknown>>;
  /** The minimal situation-file object for a situation (defaults left out): links, exported files. */
  toInput(s: S): Record<string, unknown>;
  /** A starting situation for a form. */
  example(version: string): Record<string, unknown>;
  /** Describe a situation's mode for titles ("close combat", "shooting", "shock"). */
  modeName(s: S): string;
}

/** Plain-data results of a Monte Carlo kernel are whole-number counts in a Float64Array. */
export type Counts = Float64Array;

/** The seeded random source a kernel draws from (core/rng.ts). */
export interface RandomSource {
  next(): number;
  double(): number;
  int(n: number): number;
  die(sides: number): number;
}

/** A table of results a study writes (Markdown and CSV). Cells are already formatted. */
export interface DataTable {
  readonly title: string;
  readonly columns: readonly string[];
  readonly rows: readonly (readonly (string | number)[])[];
  /** One sentence under the title. */
  readonly note?: string;
}

/**
 * Why an element was lost in an engagement (docs/engagement-model.md "Results"): destroyed in its own
 * frontal combat, destroyed while an enemy was in contact with its flank, swept away with (or by) a
 * friend in front, lost off the table fleeing or recoiling, destroyed by distant shooting.
 */
export const LOSS_CAUSES = ['frontal', 'flank', 'sweep', 'table edge', 'shooting'] as const;
export type LossCause = (typeof LOSS_CAUSES)[number];

/**
 * What a balance study keeps of a batch of engagements (EngagementModel.decisions): engagements, A wins,
 * B wins, both broke, undecided (the bound limit, or nobody left face to face), refused (neither side
 * would close), then A's elements lost by cause (LOSS_CAUSES order), then B's.
 */
export const OUTCOME_RECORD_FIELDS = 6 + 2 * LOSS_CAUSES.length;
export type OutcomeRecord = Float64Array;

/**
 * How an engagement (a fight to a decision) works under a system: a model with its own study-block
 * fields, a kernel that plays `samples` engagements, and a summary. Line systems (DBM, DBA, B&B) use the
 * generic battle-line model of src/engine/lines with their adapter; GBA plugs in repeated shock.
 * C is the model's config: plain data, built once per study, sent to workers.
 */
export interface EngagementModel<C = unknown> {
  /** "lines", "repeated-shock". */
  readonly id: string;
  /** Fields of an engagement study block under this model (besides kind, name, title, samples, rules). */
  readonly block: z.ZodObject;
  /** The kernel config of a parsed block. Throws InputError with the block's field path. */
  configure(block: Readonly<Record<string, unknown>>, variant: Variant): C;
  /** Play `samples` engagements and count their results. Pure in (config, rng, samples). */
  kernel(config: C, rng: RandomSource, samples: number): Counts;
  /** The summary of merged counts. */
  summarise(config: C, counts: Counts): EngagementSummary;
  /**
   * Who won and why, read off counts without the whole summary (balance studies read thousands of small
   * count arrays): the OutcomeRecord (OUTCOME_RECORD_FIELDS numbers).
   */
  decisions(config: C, counts: Counts): OutcomeRecord;
  /**
   * Optional: play `samples` engagements counting only their outcome record (what `decisions` reads off
   * the kernel's counts), drawing the same random numbers as `kernel`, so the records are the same.
   */
  decide?(config: C, rng: RandomSource, samples: number): OutcomeRecord;
  /**
   * What is wrong with merged counts that no run of `config` could give (sums that do not add up),
   * or undefined; `merge` refuses a slice with such counts. Optional: without it only the decisions
   * are checked.
   */
  countsProblem?(config: C, counts: Counts): string | undefined;
  /** Engagements per shard (a fixed part of the results' identity). */
  readonly shardSize: number;
  /** The goings a battlefield's terrain may name, in the system's terms (models with terrain). */
  readonly goings?: readonly string[];
  /**
   * Balance studies: a fight of `a.count` elements of one type against `b.count` of another, each in
   * files `depth` deep, on a battlefield with the given settings (only models of lines of elements).
   */
  lineUp?(variant: Variant, a: LineUp, b: LineUp, setting: LineUpSetting): C;
  /**
   * Multi-bound odds (`odds --bounds N`, docs/situation.md "Several bounds"): the two sides of one
   * situation (a situation-file object, defaults filled in) fought on under this model, exactly, bound
   * by bound. Throws InputError with the situation's field path for what the model cannot carry, or
   * with ['options', key] for a bad option.
   */
  boundsOdds?(input: Readonly<Record<string, unknown>>, variant: Variant, request: BoundsRequest): BoundsOdds;
}

/** One side of a balance study's fight: `count` elements (notation) in files `depth` deep. */
export interface LineUp {
  readonly element: string;
  readonly count: number;
  readonly depth: number;
}

/** The settings of a balance study's fights (plain data; the model's own meaning). */
export interface LineUpSetting {
  readonly boundLimit: number;
  readonly first: 'a' | 'b' | 'alternate';
  readonly options: Readonly<Record<string, unknown>>;
  readonly battlefield?: unknown;
}

/** A proportion with its Wilson 95% interval. */
export interface Proportion {
  readonly count: number;
  readonly p: number;
  readonly lo: number;
  readonly hi: number;
}

/** A mean with a 95% interval. */
export interface Mean {
  readonly mean: number;
  readonly lo: number;
  readonly hi: number;
}

/** What every engagement model reports, plus its own tables. */
export interface EngagementSummary {
  readonly samples: number;
  /** Side names as the study gave them. */
  readonly names: { readonly a: string; readonly b: string };
  readonly aWins: Proportion;
  readonly bWins: Proportion;
  readonly mutual: Proportion;
  readonly undecided: Proportion;
  /** Neither side would close (models with refusals); absent elsewhere. */
  readonly refused?: Proportion;
  /** What a bound (DBM) or a round (GBA) is called in this model. */
  readonly unit: 'bound' | 'round';
  /** Per bound or round k (1-based): P(decided in k), P(stopped undecided in k). */
  readonly histogram: readonly { readonly k: number; readonly decided: number; readonly undecided: number }[];
  readonly meanToDecision: number;
  /** Per side: named losses (elements, AP, element equivalents, Rout Points ...), means per engagement. */
  readonly losses: readonly {
    readonly id: string;
    readonly label: string;
    readonly a: Mean;
    readonly b: Mean;
  }[];
  /** The model's own tables (per file, per unit, events ...). */
  readonly tables: readonly DataTable[];
  /** The model's full detail as plain data, for results.json. */
  readonly detail?: unknown;
}

/** A system with points costs can be studied for balance (docs/balance.md). */
export interface BalanceAdapter {
  /** Versions a balance study compares when it names none, oldest first. */
  readonly defaultVersions: readonly string[];
  /** The reference field of opponents with weights (notation), when a study names none. */
  readonly defaultField: readonly { readonly element: string; readonly weight: number }[];
  /**
   * The depths (ranks per file) a line of this element may usefully fight at under a variant (a rank that
   * gives nothing under the version in play is never stood in), and the one it stands at under the
   * "support" policy.
   */
  depths(
    element: string,
    variant: Variant,
  ): { readonly allowed: readonly number[]; readonly support: number };
  /** Why an element cannot be assessed (baggage, naval), or undefined. */
  assessable(element: string): string | undefined;
}

export interface SystemModule<S = unknown, O extends string = string, E = unknown> {
  /** Short id, e.g. "dbm". */
  readonly id: string;
  /** Printed name, e.g. "DBM". */
  readonly name: string;
  /**
   * The URL of the module that exports this system as `default` (its `import.meta.url`): worker threads
   * import it from there, so a system registered at run time works on any number of threads.
   */
  readonly source: string;
  /** Every version, oldest first; the last is the default. */
  readonly versions: readonly VersionInfo[];
  /** Outcomes in the order of `ruleset.outcomes` (worst first). */
  readonly outcomes: readonly OutcomeInfo<O>[];
  readonly situation: SituationFormat<S>;
  /** The system's elements, where they can be named and swept (absent for GBA's units). */
  readonly catalogue?: Catalogue<E>;
  /** Rule switches a scenario's `overrides.rules` may set. */
  readonly houseRules?: z.ZodType;
  /** A user's replacement charts (GBA 9.5): validate a parsed file into the system's chart data. */
  readonly charts?: {
    /** Throws InputError with the path inside the file, never quoting the file's values. */
    load(data: unknown): { readonly id: string };
  };
  /** The system under a version and house rules. Throws InputError (path within the spec). */
  variant(spec: VariantSpec): Variant<S, O, E>;
  readonly engagement?: EngagementModel;
  readonly balance?: BalanceAdapter;
  /** Army files fitted to a points budget (docs/armies.md "The API"), for systems with armies. */
  readonly army?: ArmyBuilder;
}

/** A rule system's army files (docs/armies.md "The API"). */
export interface ArmyBuilder {
  /** The budget when neither the caller nor the file gives one. */
  readonly defaultBudget: number;
  /**
   * Fit an army file's parsed content to `budget` AP (default: the file's, else `defaultBudget`) under a
   * variant. Throws InputError (every problem of the file, each with its path within the content).
   */
  fit(content: unknown, variant: VariantSpec, budget?: number): FittedArmy;
  /**
   * Two fitted armies deployed against each other as the config of the system's engagement model
   * (docs/armies.md "Battles"), under one variant.
   */
  battle(a: FittedArmy, b: FittedArmy, variant: VariantSpec, setting?: ArmyBattleSetting): unknown;
}

/** The settings of a battle of armies (docs/armies.md "Battles"). */
export interface ArmyBattleSetting {
  /** Player bounds before the battle is called (default 40). */
  readonly boundLimit?: number;
  readonly first?: 'a' | 'b' | 'alternate';
  /** Paces between the armies, what shooters do, the terrain (the engagement model's battlefield). */
  readonly battlefield?: unknown;
  /** The engagement model's options. */
  readonly options?: Readonly<Record<string, unknown>>;
}

/** A system as the registry holds it (element and situation types erased). */
export type AnySystem = SystemModule<unknown, string, unknown>;
