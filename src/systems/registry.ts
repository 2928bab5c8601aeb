/**
 * The rule systems the tool knows, keyed by the `rules` ids a user writes (dbm-3.2, dba-3.0, ...).
 * Each entry turns a situation-file object into a situation and names its rule set. Adding a system is
 * one entry here.
 */
import type { RuleSet } from '../core/ruleset.ts';
import { dbm } from './dbm/index.ts';
import { parseDbmSituation } from './dbm/situation-input.ts';
import { DBM_VERSION_IDS, DBM_VERSIONS, type DbmVersionId } from './dbm/versions.ts';
import {
  allBnbElements,
  bnb,
  bnbElementCost,
  formatBnbElement,
  parseBnbElement,
  parseBnbSituation,
  type BnbElement,
} from './bnb/index.ts';
import { BNB_GRADES, BNB_REGULARITIES, BNB_TROOP_TYPES } from './bnb/troops.ts';
import {
  allDbaElements,
  dba,
  formatDbaElement,
  parseDbaElement,
  parseDbaSituation,
  type DbaElement,
} from './dba/index.ts';
import { DBA_TROOP_TYPES } from './dba/troops.ts';
import { gba, gbaRules, parseGbaSituation, type GbaCharts } from './gba/index.ts';

/**
 * A system's elements as data, for sweeps of elements (scenario `matrix` studies): its notation, its
 * catalogue in table order, and what a sweep by type, grade or regularity reads off an element.
 */
export interface ElementCatalogue<E> {
  /** Parse one element in the system's notation; throws an Error whose message names the bad part. */
  readonly parse: (text: string) => E;
  /** Canonical notation: parse(format(e)) is e. */
  readonly format: (e: E) => string;
  /** Every element the rules allow, in table order. */
  readonly all: () => readonly E[];
  /** Type names a sweep by type accepts, in table order. */
  readonly types: readonly string[];
  /** The type names an element answers to (DBA 4Lb: "Bw" and "Lb"). */
  readonly typesOf: (e: E) => readonly string[];
  /** Grades and regularities, for systems whose elements have them (DBM-style notation). */
  readonly grade?: { readonly all: readonly string[]; readonly of: (e: E) => string };
  readonly reg?: { readonly all: readonly string[]; readonly of: (e: E) => string };
  /** Cost of one element with no options, for systems with a points table. */
  readonly cost?: (e: E) => number;
  /**
   * How a situation side stands `depth` ranks deep, front rank included: the side field that holds the
   * ranks behind, the largest depth, and that field's value for `depth - 1` copies of the element.
   */
  readonly depth?: {
    readonly field: string;
    readonly max: number;
    readonly value: (notation: string, depth: number) => unknown;
  };
}

/** Forget a catalogue's element type: the scenario code only hands back elements the catalogue made. */
const catalogue = <E>(c: ElementCatalogue<E>): ElementCatalogue<unknown> =>
  c as unknown as ElementCatalogue<unknown>;

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
  /** The system's elements, where scenario matrix studies can sweep them (DBM has its own planner). */
  readonly elements?: ElementCatalogue<unknown>;
  /**
   * For systems whose charts a user may replace (GBA 9.5): the same system over the given charts (as
   * loaded by the system's own chart loader).
   */
  readonly withCharts?: (charts: GbaCharts) => RuleSystem;
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
  elements: catalogue<BnbElement>({
    parse: parseBnbElement,
    format: formatBnbElement,
    all: allBnbElements,
    types: BNB_TROOP_TYPES,
    typesOf: (e) => [e.type],
    grade: { all: BNB_GRADES, of: (e) => e.grade },
    reg: { all: BNB_REGULARITIES, of: (e) => e.reg },
    // B&B 0.7 Table 5.4: the base cost in AP, with no option (not mounted, no special support, not C-in-C).
    cost: (e) => bnbElementCost(e),
    // B&B 0.7 ch.7 support: up to two ranks behind the fighting base, in `rear`.
    depth: { field: 'rear', max: 3, value: (n, d) => Array.from({ length: d - 1 }, () => n) },
  }),
};

/** The type a DBA element is written with: 4Lb -> Lb, HCh -> HCh (DBA notation, src/systems/dba/notation.ts). */
const writtenDbaType = (e: DbaElement): string => e.code.replace(/^\d+/, '');

const DBA: RuleSystem = {
  ids: ['dba-3.0'],
  defaultId: 'dba-3.0',
  name: () => 'DBA 3.0',
  ruleset: dba as unknown as RuleSet<never, string>,
  defaults: { mode: 'close', bound: 'a' },
  parseSituation: parseDbaSituation,
  elements: catalogue<DbaElement>({
    parse: parseDbaElement,
    format: formatDbaElement,
    all: allDbaElements,
    types: [...new Set([...DBA_TROOP_TYPES, ...allDbaElements().map(writtenDbaType)])],
    typesOf: (e) => [...new Set([e.type, writtenDbaType(e)])],
    // DBA 3.0 rear support: one element behind, in `behind`. DBA has no points costs.
    depth: { field: 'behind', max: 2, value: (n) => n },
  }),
};

function gbaSystem(charts: GbaCharts | undefined): RuleSystem {
  return {
    ids: ['gba-5'],
    defaultId: 'gba-5',
    name: () => 'Great Battles of Alexander (5th ed.)',
    ruleset: (charts ? gbaRules(charts) : gba) as unknown as RuleSet<never, string>,
    defaults: { mode: 'shock' },
    parseSituation: (input) => parseGbaSituation(input, charts),
    withCharts: (c) => gbaSystem(c),
  };
}

const GBA: RuleSystem = gbaSystem(undefined);

export const RULE_SYSTEMS: readonly RuleSystem[] = [DBM, DBA, BNB, GBA];

export const ALL_RULES_IDS: readonly string[] = RULE_SYSTEMS.flatMap((s) => s.ids);

/** The system for a rules id, or undefined. */
export function systemFor(id: string): RuleSystem | undefined {
  return RULE_SYSTEMS.find((s) => s.ids.includes(id));
}
