/**
 * The kernel's input: two battle lines and the model's options, as plain JSON-serialisable data (it is
 * shipped to worker threads). docs/engagement-model.md explains every field.
 */
import type { BnbElement, BnbGoing, BnbWeapon } from '../systems/bnb/index.ts';
import type { DbaElement, DbaGoing } from '../systems/dba/index.ts';
import type { Going, PsiloiWeapon } from '../systems/dbm/situation.ts';
import type { Element } from '../systems/dbm/troops.ts';
import {
  DBM_VERSION_IDS,
  DBM_VERSIONS,
  deriveVersion,
  type DbmRules,
  type DbmVersion,
  type DbmVersionId,
} from '../systems/dbm/versions.ts';

export type LineId = 'a' | 'b';

/** The rule systems an engagement can be fought under (src/systems/<id>/engagement.ts). */
export const DBA_RULES_ID = 'dba-3.0';
export const BNB_RULES_ID = 'bnb-0.7';
export type EngagementRulesId = DbmVersionId | typeof DBA_RULES_ID | typeof BNB_RULES_ID;
export const ENGAGEMENT_RULES_IDS = [...DBM_VERSION_IDS, DBA_RULES_ID, BNB_RULES_ID] as const;

/** What every rule system's rank carries for the results and the break rule. */
export interface RankBase {
  /** Cost in AP (0 under DBA, which has no points). */
  readonly ap: number;
  /**
   * What losing it counts toward the break rule: DBM element equivalents (DBM 3.2 p.24 Losses), DBA
   * elements lost (DBA 3.0 victory), B&B Points of Confidence (B&B 0.7 ch.6 PoC).
   */
  readonly ee: number;
  /** Added once per side, to the first rank lost that carries it (DBA 3.0: the first double element lost counts 2). */
  readonly firstLossBonus?: number;
  /** Counts toward the side's original total (default `ee`): B&B baggage is lost at its PoC but not in the reference level. */
  readonly reference?: number;
}

/** One element of a DBM file, with what the results need to count its loss. */
export interface RankConfig extends RankBase {
  readonly element: Element;
  /** Psiloi only: their missile weapon (rear support rules). */
  readonly weapon?: PsiloiWeapon;
  /** The army list expressly permits this element's rear support. */
  readonly listPermitted?: boolean;
}

/** One DBA 3.0 element of a file (its double elements are single elements: 6Kn, 8Sp, ...). */
export interface DbaRankConfig extends RankBase {
  readonly element: DbaElement;
}

/** One B&B 0.7 base of a file. */
export interface BnbRankConfig extends RankBase {
  readonly element: BnbElement;
  /** Bw and Ps: their missile weapon (rear support, outcomes). */
  readonly weapon?: BnbWeapon;
  /** Ps(O): the army list allows its support. */
  readonly listPermitted?: boolean;
}

/** A column of elements, front to back (1 to 4). */
export interface FileOf<R extends RankBase> {
  readonly ranks: readonly R[];
  /** DBM only: the front element and its 2nd rank are one double element (only while both stand). */
  readonly doubleBased: boolean;
}
export type FileConfig = FileOf<RankConfig>;

export interface LineConfig {
  readonly name: string;
  readonly files: readonly FileConfig[];
  readonly going: Going;
  /** 3.2: the army list allows rear support by another grade of the same type. */
  readonly listGradeSupport: boolean;
}

export interface DbaLineConfig {
  readonly name: string;
  readonly files: readonly FileOf<DbaRankConfig>[];
  readonly going: DbaGoing;
}

export interface BnbLineConfig {
  readonly name: string;
  readonly files: readonly FileOf<BnbRankConfig>[];
  readonly going: BnbGoing;
}

/** A line of any system, for the parts of the kernel that only count. */
export type AnyLineConfig = LineConfig | DbaLineConfig | BnbLineConfig;

/** The named options of docs/engagement-model.md. */
export interface ModelOptions {
  readonly alignment: 'centre' | 'left';
  readonly combatOrder: 'owner-best-first' | 'sweep' | 'simultaneous';
  readonly renewContact: 'bound-owner' | 'attacker';
  readonly optionalPursuit: 'stand' | 'pursue';
  readonly fledLost: boolean;
  readonly breakFraction: number;
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
};

interface ConfigBase {
  /** Player bounds before the fight is called undecided. */
  readonly boundLimit: number;
  /** Who has the first bound; `alternate` = A in even-numbered engagements of a shard, B in odd ones. */
  readonly first: LineId | 'alternate';
  readonly options: ModelOptions;
}

export interface DbmEngagementConfig extends ConfigBase {
  readonly rules: DbmVersionId;
  /** House-rule switches over the version's rules (a scenario's `overrides.rules`). */
  readonly ruleChanges?: Partial<DbmRules>;
  readonly a: LineConfig;
  readonly b: LineConfig;
}

export interface DbaEngagementConfig extends ConfigBase {
  readonly rules: typeof DBA_RULES_ID;
  readonly a: DbaLineConfig;
  readonly b: DbaLineConfig;
}

export interface BnbEngagementConfig extends ConfigBase {
  readonly rules: typeof BNB_RULES_ID;
  readonly a: BnbLineConfig;
  readonly b: BnbLineConfig;
}

/** The kernel's input under any rule system, told apart by `rules`. */
export type EngagementConfig = DbmEngagementConfig | DbaEngagementConfig | BnbEngagementConfig;

export const isDbmConfig = (c: EngagementConfig): c is DbmEngagementConfig =>
  c.rules !== DBA_RULES_ID && c.rules !== BNB_RULES_ID;

/** How an engagement ended. */
export const DECISIONS = ['undecided', 'a-wins', 'b-wins', 'mutual'] as const;
export type Decision = (typeof DECISIONS)[number];

export interface SideTally {
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

/** The DBM version a config's combats are resolved under (house rules applied). */
export function versionOf(config: Pick<DbmEngagementConfig, 'rules' | 'ruleChanges'>): DbmVersion {
  const base = DBM_VERSIONS[config.rules];
  return config.ruleChanges ? deriveVersion(base, { rules: config.ruleChanges }) : base;
}
