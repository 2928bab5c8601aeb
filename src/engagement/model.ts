/**
 * The kernel's input: two battle lines and the model's options, as plain JSON-serialisable data (it is
 * shipped to worker threads). docs/engagement-model.md explains every field.
 */
import type { Going, PsiloiWeapon } from '../rules/dbm/situation.ts';
import type { Element } from '../rules/dbm/troops.ts';
import {
  DBM_VERSIONS,
  deriveVersion,
  type DbmRules,
  type DbmVersion,
  type DbmVersionId,
} from '../rules/dbm/versions.ts';

export type LineId = 'a' | 'b';

/** One element of a file, with what the results need to count its loss. */
export interface RankConfig {
  readonly element: Element;
  /** Psiloi only: their missile weapon (rear support rules). */
  readonly weapon?: PsiloiWeapon;
  /** The army list expressly permits this element's rear support. */
  readonly listPermitted?: boolean;
  /** Cost in AP (version cost, overrides and double-base adjustment applied). */
  readonly ap: number;
  /** Element equivalents (DBM 3.2 p.24 Losses). */
  readonly ee: number;
}

/** A column of elements, front to back (1 to 4). */
export interface FileConfig {
  readonly ranks: readonly RankConfig[];
  /** The front element and its 2nd rank are one double element (only while both stand). */
  readonly doubleBased: boolean;
}

export interface LineConfig {
  readonly name: string;
  readonly files: readonly FileConfig[];
  readonly going: Going;
  /** 3.2: the army list allows rear support by another grade of the same type. */
  readonly listGradeSupport: boolean;
}

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

export interface EngagementConfig {
  readonly rules: DbmVersionId;
  /** House-rule switches over the version's rules (a scenario's `overrides.rules`). */
  readonly ruleChanges?: Partial<DbmRules>;
  readonly a: LineConfig;
  readonly b: LineConfig;
  /** Player bounds before the fight is called undecided. */
  readonly boundLimit: number;
  /** Who has the first bound; `alternate` = A in even-numbered engagements of a shard, B in odd ones. */
  readonly first: LineId | 'alternate';
  readonly options: ModelOptions;
}

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
export function versionOf(config: Pick<EngagementConfig, 'rules' | 'ruleChanges'>): DbmVersion {
  const base = DBM_VERSIONS[config.rules];
  return config.ruleChanges ? deriveVersion(base, { rules: config.ruleChanges }) : base;
}
