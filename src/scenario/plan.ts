/**
 * Expand a validated scenario into studies of cells, each cell one situation compiled to its outcome
 * table (the exact enumeration happens here). Pure: no I/O, no randomness. Throws FieldError with the
 * path of anything whose meaning is wrong.
 */
import type { ExactEvent } from '../core/exact.ts';
import type { RuleSet } from '../core/ruleset.ts';
import { dbmRuleSetFor } from '../engine/dbm-version.ts';
import { compileTable, type OutcomeTable } from '../engine/table.ts';
import { baseCost, overrideCosts } from '../systems/dbm/costs.ts';
import type { DbmOutcome, DbmSituation } from '../systems/dbm/index.ts';
import { formatElement, NotationError, parseElement } from '../systems/dbm/notation.ts';
import { parseDbmSituation } from '../systems/dbm/situation-input.ts';
import { systemFor, type RuleSystem } from '../systems/registry.ts';
import type { Element } from '../systems/dbm/troops.ts';
import type { GbaCharts } from '../systems/gba/index.ts';
import { DBM_VERSIONS, deriveVersion, type DbmVersion, type DbmVersionId } from '../systems/dbm/versions.ts';
import { FieldError } from './errors.ts';
import { asField } from './field.ts';
import { planMatrix, type MatrixSystem } from './matrix.ts';
import { catalogueMatrixSystem } from './matrix-catalogue.ts';
import { dbmMatrixSystem } from './matrix-dbm.ts';
import type { ScenarioInput } from './schema.ts';

type Path = readonly (string | number)[];

export interface PlannedCell {
  /** Side A and B elements in notation. */
  readonly a: string;
  readonly b: string;
  /** Odds studies: "2. Reg Bd(O) v Irr Kn(S)". Matrix studies: "Reg Bd(O) v Irr Kn(S)". */
  readonly label: string;
  /** Element costs (AP) under the scenario's cost table, when the table has them. */
  readonly costA?: number;
  readonly costB?: number;
  /** The rule set's situation (a DbmSituation for DBM, a DbaSituation for DBA, ...). */
  readonly situation: unknown;
  readonly table: OutcomeTable;
  /** Exact odds of the rule set's events beyond outcomes (GBA breakthrough, leader casualty, supply). */
  readonly events?: readonly ExactEvent[];
}

export interface PlannedStudy {
  readonly name: string;
  readonly kind: 'odds' | 'matrix';
  readonly title: string;
  readonly samples: number;
  /** Matrix studies: row (A) and column (B) labels; cells are row-major. */
  readonly rows?: readonly string[];
  readonly cols?: readonly string[];
  readonly cells: readonly PlannedCell[];
}

export interface Plan {
  readonly name: string;
  readonly rules: string;
  /** Name of the version the cells were resolved under (house rules included). */
  readonly version: string;
  readonly houseRules: boolean;
  readonly seed: string;
  readonly outcomes: readonly string[];
  readonly studies: readonly PlannedStudy[];
}

/** Command-line overrides of the scenario's own seed and samples, and what load.ts read for the plan. */
export interface PlanOptions {
  readonly seed?: string | number;
  readonly samples?: number;
  /** GBA: the charts of the scenario's `charts` file (load.ts reads it); the bundled charts otherwise. */
  readonly gbaCharts?: GbaCharts;
}

const isDbm = (id: string): id is DbmVersionId => id in DBM_VERSIONS;

function versionFor(input: ScenarioInput, id: DbmVersionId): DbmVersion {
  const base = DBM_VERSIONS[id];
  const o = input.overrides;
  if (!o) return base;
  const costs = o.costs
    ? overrideCosts(
        base.costs,
        Object.entries(o.costs).map(([text, cost]) => {
          try {
            return { element: parseElement(text), cost };
          } catch (e) {
            if (e instanceof NotationError) throw new FieldError(['overrides', 'costs', text], e.message);
            throw e;
          }
        }),
      )
    : base.costs;
  return deriveVersion(base, {
    name: o.name ?? `${base.name} with house rules`,
    costs,
    ...(o.rules ? { rules: o.rules } : {}),
  });
}

function costs(version: DbmVersion, a: Element, b: Element): { costA?: number; costB?: number } {
  const ca = baseCost(version.costs, a);
  const cb = baseCost(version.costs, b);
  return { ...(ca !== undefined ? { costA: ca } : {}), ...(cb !== undefined ? { costB: cb } : {}) };
}

/**
 * The scenario's matrix system: DBM's own (versions, house rules), or the registry's element catalogue
 * of any other system; undefined where a system lists no elements (GBA).
 */
function matrixSystemFor(
  rules: string,
  system: RuleSystem,
  rulesFor: (id: DbmVersionId) => { version: DbmVersion; ruleset: RuleSet<DbmSituation, DbmOutcome> },
): MatrixSystem<unknown> | undefined {
  if (!isDbm(rules)) return catalogueMatrixSystem(system, rules);
  const { version, ruleset } = rulesFor(rules);
  return dbmMatrixSystem(rules, version, ruleset) as unknown as MatrixSystem<unknown>;
}

/** A generic odds cell: any rule system of the registry, its situation format and its rule set. */
function genericCell(system: RuleSystem, rulesId: string, raw: unknown, at: Path, j: number): PlannedCell {
  // The system's command-line defaults (GBA: mode shock) apply to a scenario's situations too.
  const input = { ...system.defaults, rules: rulesId, ...(raw as Record<string, unknown>) };
  const situation = asField(at, () => system.parseSituation(input));
  if (!system.ids.includes(situation.rules)) {
    throw new FieldError(
      [...at, 'rules'],
      `"${situation.rules}" is another rule system than the scenario's ${rulesId}`,
    );
  }
  const ruleset = system.ruleset as unknown as RuleSet<unknown, string>;
  const a = ruleset.describeSide(situation, 'a');
  const b = ruleset.describeSide(situation, 'b');
  const events = ruleset.exact?.(situation).events;
  return {
    a,
    b,
    label: `${j + 1}. ${a} v ${b}${situation.mode === 'close' ? '' : ` (${situation.mode})`}`,
    situation,
    table: compileTable(ruleset, situation),
    ...(events && events.length > 0 ? { events } : {}),
  };
}

/** Expand and compile every study. `input` has passed the zod schema. */
export function planScenario(input: ScenarioInput, name: string, options: PlanOptions = {}): Plan {
  const rules = input.rules;
  const known = systemFor(rules);
  if (!known) throw new FieldError(['rules'], `unknown rules "${rules}"`);
  if (options.gbaCharts && !known.withCharts) {
    throw new FieldError(['charts'], `${known.name(rules)} has no charts to replace (charts are for gba-5)`);
  }
  const system = options.gbaCharts && known.withCharts ? known.withCharts(options.gbaCharts) : known;
  const dbmScenario = isDbm(rules);
  if (!dbmScenario && input.overrides) {
    throw new FieldError(['overrides'], `house-rule overrides are for DBM scenarios only (rules: ${rules})`);
  }
  const versions = new Map<
    DbmVersionId,
    { version: DbmVersion; ruleset: RuleSet<DbmSituation, DbmOutcome> }
  >();
  const rulesFor = (id: DbmVersionId) => {
    let r = versions.get(id);
    if (!r) {
      const version = versionFor(input, id);
      r = { version, ruleset: dbmRuleSetFor(version) };
      versions.set(id, r);
    }
    return r;
  };
  let matrixSystem: MatrixSystem<unknown> | undefined;
  const seen = new Set<string>();
  const studies = input.studies.flatMap((study, i): PlannedStudy[] => {
    const path: Path = ['studies', i];
    if (study.kind === 'engagement' || study.kind === 'balance' || study.kind === 'gba-engagement') return [];
    if (seen.has(study.name))
      throw new FieldError([...path, 'name'], `"${study.name}" names another study too`);
    seen.add(study.name);
    const samples = options.samples ?? study.samples ?? input.samples ?? 0;
    const title = study.title ?? study.name;
    if (study.kind === 'matrix') {
      const matrix = matrixSystem ?? (matrixSystem = matrixSystemFor(rules, system, rulesFor));
      if (!matrix)
        throw new FieldError(
          [...path, 'kind'],
          `matrix studies need a rule system whose elements can be swept (DBM, DBA, B&B), not ${system.name(rules)}`,
        );
      return [{ name: study.name, kind: 'matrix', title, samples, ...planMatrix(study, path, matrix) }];
    }
    const cells = study.situations.map((raw, j): PlannedCell => {
      const at = [...path, 'situations', j];
      if (!dbmScenario) return genericCell(system, rules, raw, at, j);
      const situation = asField(at, () => parseDbmSituation({ rules, ...(raw as Record<string, unknown>) }));
      const { version, ruleset } = rulesFor(situation.rules);
      const a = formatElement(situation.a.element);
      const b = formatElement(situation.b.element);
      return {
        a,
        b,
        label: `${j + 1}. ${a} v ${b}${situation.mode === 'shooting' ? ' (shooting)' : ''}`,
        ...costs(version, situation.a.element, situation.b.element),
        situation,
        table: compileTable(ruleset, situation),
      };
    });
    return [{ name: study.name, kind: 'odds', title, samples, cells }];
  });
  return {
    name,
    rules,
    version: isDbm(rules)
      ? rulesFor(rules).version.name
      : `${system.name(rules)}${options.gbaCharts ? `, charts ${options.gbaCharts.id}` : ''}`,
    houseRules: input.overrides !== undefined,
    seed: String(options.seed ?? input.seed ?? 1),
    outcomes: system.ruleset.outcomes,
    studies,
  };
}
