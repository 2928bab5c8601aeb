/**
 * Read and check a scenario file before any work starts. Every refusal is one ScenarioError line:
 * `file:line path: what is wrong` (YAML syntax, unknown keys, wrong value types, unknown troop types,
 * impossible grades, bad situations). Line numbers come from the YAML document (src/io/structured-file.ts).
 */
import { existsSync } from 'node:fs';
import { basename, dirname, extname, resolve } from 'node:path';
import type { z } from 'zod';
import { readGbaChartsFile } from '../io/gba-charts-file.ts';
import { parseStructuredText, readStructuredFile, type StructuredFile } from '../io/structured-file.ts';
import type { GbaCharts } from '../systems/gba/index.ts';
import { formatPath } from '../systems/dbm/situation-input.ts';
import { FieldError, ScenarioError } from './errors.ts';
import { describeIssue } from './issues.ts';
import { planLongStudies, type LongStudies } from './long-studies.ts';
import { planScenario, type Plan, type PlanOptions } from './plan.ts';
import { scenarioInputSchema, type ScenarioInput } from './schema.ts';

type Path = readonly (string | number)[];

export interface LoadedScenario {
  readonly file: string;
  /** The file's data as parsed (kept in results so every table can be reproduced). */
  readonly raw: unknown;
  readonly input: ScenarioInput;
  readonly plan: Plan;
  /** Engagement and balance studies, checked and configured. */
  readonly long: LongStudies;
}

const located = (f: StructuredFile, path: Path, detail: string) =>
  new ScenarioError(`${f.file}:${f.lineOf(path)} ${path.length > 0 ? `${formatPath(path)}: ` : ''}${detail}`);

/**
 * The scenario's `charts` file (GBA 9.5 charts), relative to the scenario. A missing file is reported on
 * the scenario's `charts` line; a bad cell on the chart file's own line.
 */
function chartsOf(f: StructuredFile, charts: string): GbaCharts {
  const file = resolve(dirname(f.file), charts);
  if (!existsSync(file)) throw located(f, ['charts'], `no chart file ${file}`);
  return readGbaChartsFile(file);
}

/** Default scenario name: the file name without extension. */
export const nameOf = (file: string): string => basename(file, extname(file));

/** Validate and plan a parsed file. */
export function checkScenario(f: StructuredFile, options: PlanOptions = {}): LoadedScenario {
  if (typeof f.data !== 'object' || f.data === null || Array.isArray(f.data)) {
    throw new ScenarioError(`${f.file}:1 a scenario is a mapping with keys rules and studies`);
  }
  const r = scenarioInputSchema.safeParse(f.data);
  if (!r.success) {
    const { path, detail } = describeIssue(r.error.issues[0] as z.core.$ZodIssue, []);
    throw located(f, path, detail);
  }
  const withCharts =
    r.data.charts === undefined ? options : { ...options, gbaCharts: chartsOf(f, r.data.charts) };
  try {
    const plan = planScenario(r.data, r.data.name ?? nameOf(f.file), withCharts);
    const long = planLongStudies(r.data, withCharts);
    return { file: f.file, raw: f.data, input: r.data, plan, long };
  } catch (e) {
    if (e instanceof FieldError) throw located(f, e.path, e.detail);
    throw e;
  }
}

export function loadScenarioFile(file: string, options: PlanOptions = {}): LoadedScenario {
  return checkScenario(readStructuredFile(file), options);
}

export function loadScenarioText(text: string, file: string, options: PlanOptions = {}): LoadedScenario {
  return checkScenario(parseStructuredText(text, file), options);
}
