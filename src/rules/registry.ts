/**
 * The rule systems the tool knows, keyed by the `rules` ids a user writes (dbm-3.2, dba-3.0, ...).
 * Each entry turns a situation-file object into a situation and names its rule set. Adding a system is
 * one entry here.
 */
import type { RuleSet } from '../core/ruleset.ts';
import { dbm } from './dbm/index.ts';
import { parseDbmSituation } from './dbm/situation-input.ts';
import { DBM_VERSION_IDS, DBM_VERSIONS, type DbmVersionId } from './dbm/versions.ts';
import { bnb, parseBnbSituation } from './bnb/index.ts';
import { dba, parseDbaSituation } from './dba/index.ts';
import { gba, parseGbaSituation } from './gba/index.ts';

export interface RuleSystem {
  /** Versions (rules ids) this system answers to. */
  readonly ids: readonly string[];
  readonly defaultId: string;
  readonly name: (id: string) => string;
  readonly ruleset: RuleSet<never, string>;
  /** Top-level situation fields a command line fills in when the user gives none. */
  readonly defaults: Readonly<Record<string, unknown>>;
  /** Validate a situation-file object; throws an error naming the bad field. */
  readonly parseSituation: (
    input: unknown,
    prefix?: readonly (string | number)[],
  ) => { rules: string; mode: string };
}

const DBM: RuleSystem = {
  ids: DBM_VERSION_IDS,
  defaultId: 'dbm-3.2',
  name: (id) => DBM_VERSIONS[id as DbmVersionId].name,
  ruleset: dbm as unknown as RuleSet<never, string>,
  defaults: { mode: 'close', bound: 'a' },
  parseSituation: parseDbmSituation,
};

const BNB: RuleSystem = {
  ids: ['bnb-0.7'],
  defaultId: 'bnb-0.7',
  name: () => 'Blood and Blades 0.7',
  ruleset: bnb as unknown as RuleSet<never, string>,
  defaults: { mode: 'close', bound: 'a' },
  parseSituation: parseBnbSituation,
};

const DBA: RuleSystem = {
  ids: ['dba-3.0'],
  defaultId: 'dba-3.0',
  name: () => 'DBA 3.0',
  ruleset: dba as unknown as RuleSet<never, string>,
  defaults: { mode: 'close', bound: 'a' },
  parseSituation: parseDbaSituation,
};

const GBA: RuleSystem = {
  ids: ['gba-5'],
  defaultId: 'gba-5',
  name: () => 'Great Battles of Alexander (5th ed.)',
  ruleset: gba as unknown as RuleSet<never, string>,
  defaults: { mode: 'shock' },
  parseSituation: parseGbaSituation,
};

export const RULE_SYSTEMS: readonly RuleSystem[] = [DBM, DBA, BNB, GBA];

export const ALL_RULES_IDS: readonly string[] = RULE_SYSTEMS.flatMap((s) => s.ids);

/** The system for a rules id, or undefined. */
export function systemFor(id: string): RuleSystem | undefined {
  return RULE_SYSTEMS.find((s) => s.ids.includes(id));
}
