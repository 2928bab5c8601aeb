/**
 * Studies that are not grids of single combats: `engagement` (two battle lines fought to a decision)
 * and `balance` (cost against effectiveness). Checked here before any work starts, turned into the
 * configs their runners take. Pure; errors are FieldErrors with the path of the bad field.
 */
import type { BalanceConfig } from '../balance/study.ts';
import { balanceSystemFor, type BalanceSystem } from '../balance/systems.ts';
import { EngagementStudyError, toEngagementConfig } from '../engagement/study-schema.ts';
import type { EngagementRulesId } from '../engagement/model.ts';
import type { EngagementConfig } from '../engagement/model.ts';
import { DBM_VERSIONS, type DbmRules } from '../systems/dbm/versions.ts';
import { FieldError } from './errors.ts';
import { isSituationError, situationErrorPath } from '../core/situation-error.ts';
import {
  checkRoutPoints,
  GbaEngagementOptionError,
  gbaEngagementOptions,
  type GbaEngagementOptions,
} from '../systems/gba/engagement/index.ts';
import {
  parseGbaSituation,
  type GbaCharts,
  type GbaShockSituation,
  type GbaSituation,
} from '../systems/gba/index.ts';

/** The message of a situation error without its leading field path (the path is reported separately). */
const detailOf = (e: Error): string => e.message.replace(/^[A-Za-z0-9_$.[\]]+:\s/, '');
import type { ScenarioInput } from './schema.ts';

type Path = readonly (string | number)[];

export interface PlannedEngagement {
  readonly name: string;
  readonly title: string;
  readonly samples: number;
  readonly config: EngagementConfig;
}

export interface PlannedGbaEngagement {
  readonly name: string;
  readonly title: string;
  readonly samples: number;
  readonly situation: GbaShockSituation;
  readonly options: GbaEngagementOptions;
  /** The scenario's own charts, if it names a chart file. */
  readonly charts?: GbaCharts | undefined;
}

export interface LongStudies {
  readonly engagements: readonly PlannedEngagement[];
  readonly balances: readonly BalanceConfig[];
  readonly gbaEngagements: readonly PlannedGbaEngagement[];
}

/** Engagements sampled when neither the study, the scenario nor the command line says. */
export const DEFAULT_ENGAGEMENTS = 10_000;

export function planLongStudies(
  input: ScenarioInput,
  options: { seed?: string | number; samples?: number; gbaCharts?: GbaCharts } = {},
): LongStudies {
  const isDbm = (DBM_VERSIONS as Record<string, unknown>)[input.rules] !== undefined;
  const costs = input.overrides?.costs ?? {};
  const ruleChanges = input.overrides?.rules as Partial<DbmRules> | undefined;
  const seed = String(options.seed ?? input.seed ?? 1);
  const engagements: PlannedEngagement[] = [];
  const balances: BalanceConfig[] = [];
  const gbaEngagements: PlannedGbaEngagement[] = [];
  input.studies.forEach((study, i) => {
    const path: Path = ['studies', i];
    if (study.kind === 'gba-engagement') {
      if (input.rules !== 'gba-5')
        throw new FieldError(
          [...path, 'kind'],
          `gba-engagement studies need rules: gba-5 (rules: ${input.rules})`,
        );
      let situation: GbaSituation;
      try {
        situation = parseGbaSituation(
          { rules: 'gba-5', mode: 'shock', ...study.situation },
          options.gbaCharts,
        );
      } catch (e) {
        if (isSituationError(e))
          throw new FieldError([...path, 'situation', ...situationErrorPath(e)], detailOf(e));
        throw e;
      }
      if (situation.mode !== 'shock')
        throw new FieldError(
          [...path, 'situation', 'mode'],
          'a GBA engagement repeats shock combat: mode must be shock',
        );
      const rp = study.routPoints;
      const gbaOptions = gbaEngagementOptions({
        ...(study.roundLimit !== undefined ? { roundLimit: study.roundLimit } : {}),
        ...(study.laterAttacker ? { laterAttacker: study.laterAttacker } : {}),
        ...(study.laterMoved ? { laterMoved: study.laterMoved } : {}),
        ...(rp
          ? {
              routPoints:
                rp === 'tq'
                  ? { a: situation.a.units.map((u) => u.tq), b: situation.b.units.map((u) => u.tq) }
                  : rp,
            }
          : {}),
        ...(study.withdrawalLevel ? { withdrawalLevel: study.withdrawalLevel } : {}),
      });
      try {
        checkRoutPoints(situation, gbaOptions);
      } catch (e) {
        if (e instanceof GbaEngagementOptionError) throw new FieldError([...path, ...e.path], e.detail);
        throw e;
      }
      gbaEngagements.push({
        name: study.name,
        title: study.title ?? study.name,
        samples: options.samples ?? study.samples ?? input.samples ?? DEFAULT_ENGAGEMENTS,
        situation,
        options: gbaOptions,
        ...(options.gbaCharts ? { charts: options.gbaCharts } : {}),
      });
      return;
    }
    if (study.kind !== 'engagement' && study.kind !== 'balance') return;
    const engagementRules = isDbm || input.rules === 'dba-3.0' || input.rules === 'bnb-0.7';
    if (study.kind === 'engagement' ? !engagementRules : !balanceSystemFor(input.rules))
      throw new FieldError(
        [...path, 'kind'],
        study.kind === 'engagement'
          ? `engagement studies are for DBM, DBA 3.0 and Blood and Blades 0.7 (rules: ${input.rules})`
          : `balance studies need a rule set with points costs: DBM or Blood and Blades (rules: ${input.rules})`,
      );
    if (study.kind === 'engagement') {
      const { kind: _k, name, title, samples, ...block } = study;
      let config: EngagementConfig;
      try {
        config = toEngagementConfig(block, {
          rules: input.rules as EngagementRulesId,
          ...(Object.keys(costs).length > 0 ? { costs } : {}),
          ...(ruleChanges ? { ruleChanges } : {}),
        });
      } catch (e) {
        if (e instanceof EngagementStudyError) throw new FieldError([...path, ...e.path], e.detail);
        throw e;
      }
      engagements.push({
        name,
        title: title ?? name,
        samples: options.samples ?? samples ?? input.samples ?? DEFAULT_ENGAGEMENTS,
        config,
      });
      return;
    }
    const system = balanceSystemFor(input.rules) as BalanceSystem;
    const versions = study.versions ?? system.defaultVersions;
    versions.forEach((v, j) => {
      if (!system.versions.includes(v))
        throw new FieldError(
          [...path, 'versions', j],
          `${v} is not a version of the scenario's rules (${system.versions.join(', ')})`,
        );
    });
    const notation = (text: string, at: Path): string => {
      try {
        return system.canonical(text);
      } catch (e) {
        if (e instanceof Error && e.name === 'NotationError') throw new FieldError(at, e.message);
        throw e;
      }
    };
    const elements = study.elements.map((t, j) => notation(t, [...path, 'elements', j]));
    const field = (study.field ?? study.elements).map((f, j) =>
      typeof f === 'string'
        ? { element: notation(f, [...path, 'field', j]), weight: 1 }
        : { element: notation(f.element, [...path, 'field', j, 'element']), weight: f.weight },
    );
    for (const t of Object.keys(study.depth))
      if (!system.troopTypes.includes(t))
        throw new FieldError(
          [...path, 'depth', t],
          `"${t}" is not a troop type of ${input.rules} (${system.troopTypes.join(', ')})`,
        );
    for (const k of Object.keys(costs)) notation(k, ['overrides', 'costs', k]);
    const house = { costOverrides: costs, ...(ruleChanges ? { ruleChanges } : {}) };
    for (const id of versions)
      for (const [j, e] of elements.entries())
        if (system.cost(id, e, house) > study.budget)
          throw new FieldError(
            [...path, 'elements', j],
            `one ${e} costs more than the budget of ${study.budget} AP`,
          );
    const showcase = study.showcase
      ? {
          a: notation(study.showcase.a, [...path, 'showcase', 'a']),
          b: notation(study.showcase.b, [...path, 'showcase', 'b']),
        }
      : { a: elements[0] as string, b: (field[0] as { element: string }).element };
    balances.push({
      name: study.name,
      seed,
      versions,
      elements,
      field,
      budget: study.budget,
      depth: study.depth,
      engagements: options.samples ?? study.engagements,
      boundLimit: study.boundLimit,
      maxCountFactor: study.maxCountFactor,
      showcase,
      costOverrides: costs,
      ...(ruleChanges ? { ruleChanges } : {}),
    });
  });
  return { engagements, balances, gbaEngagements };
}
