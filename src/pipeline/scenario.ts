/**
 * Read and check a scenario file before any work starts, then plan every study (pure after the read).
 * Every refusal is an InputError located as `file:line path: what is wrong`, and every bad field of the
 * file is reported, not only the first. Line numbers come from the YAML document (structured-file.ts).
 */
import { basename, dirname, extname, isAbsolute, relative, resolve, sep } from 'node:path';
import { z } from 'zod';
import { combined, InputError, InputErrors, throwAll, type FieldPath } from '../core/errors.ts';
import { allIssues, parseWith } from '../core/schema-issues.ts';
import { suggestion } from '../core/suggest.ts';
import type { AnySystem, Variant, VariantSpec } from '../core/system.ts';
import {
  MAX_SCENARIO_CELLS,
  STUDY_KINDS,
  studyKind,
  type AnyStudyKind,
  type StudyContext,
  type StudyHeader,
} from '../studies/index.ts';
import { allRulesIds, requireSystem } from '../systems/registry.ts';
import { loadChartsFile } from './charts-file.ts';
import { studyFiles } from './study-files.ts';
import { readStructuredFile, parseStructuredText, type StructuredFile } from './structured-file.ts';
import { toolInfo } from './tool.ts';

/** Letters, digits, '.', '_' and '-': it names report files and folders. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const nameField = z.string().regex(NAME, 'use letters, digits, ".", "_" or "-" (it names report files)');

const seedField = z
  .union([z.number().int(), z.string().min(1).max(200)], { error: 'expected a whole number or a word' })
  .describe('Random seed (default 1)');

/** The scenario's top level; studies are checked by their kinds afterwards. */
export const scenarioTopSchema = z
  .object({
    $schema: z.string().optional(),
    name: nameField.optional().describe('Report folder name; default: the file name'),
    description: z.string().max(10_000).optional(),
    rules: z.string().describe('Rule set and version, e.g. dbm-3.2, dba-3.0, bnb-0.7, gba-5'),
    seed: seedField.optional(),
    samples: z
      .number()
      .int()
      .min(0)
      .max(1e12)
      .optional()
      .describe('Monte Carlo samples per cell or engagements per study, unless a study says'),
    overrides: z
      .object({
        name: z.string().max(200).optional().describe('Name of the house-rule version in reports'),
        costs: z
          .record(
            z.string(),
            z
              .number()
              .positive()
              .max(10_000)
              // Losses in AP are sums of costs: in sixteenths they add exactly, whatever the order the
              // shards of a run (or the slices of a merge) are added in, so results stay byte-identical.
              .refine((x) => Number.isInteger(x * 16), {
                message: 'a cost in AP is a multiple of 1/16 (e.g. 6.5, 4.25, 3.125)',
              }),
          )
          .optional()
          .describe('Element costs in AP, multiples of 1/16, e.g. {"Reg Bd(O)": 6.5}'),
        rules: z.record(z.string(), z.unknown()).optional().describe('Rule switches of the rule system'),
      })
      .strict()
      .optional()
      .describe('House rules: costs and rule switches'),
    charts: z.string().min(1).optional().describe('GBA: your chart file (YAML/JSON), relative to this file'),
    studies: z.array(z.record(z.string(), z.unknown())).min(1).max(1000),
  })
  .strict();

type ScenarioTop = z.output<typeof scenarioTopSchema>;

const headerSchema = z.object({
  kind: z.string(),
  name: nameField.describe('Names the report files of this study'),
  title: z.string().max(500).optional(),
});

export interface PlannedStudy {
  readonly kind: AnyStudyKind;
  readonly header: StudyHeader;
  readonly plan: unknown;
}

export interface LoadedScenario {
  readonly file: string;
  /** The file's data as parsed (kept in results so every table can be reproduced). */
  readonly raw: unknown;
  readonly name: string;
  readonly rules: string;
  readonly system: AnySystem;
  /** The scenario's variant's name ("DBM 3.2 with house rules"). */
  readonly version: string;
  readonly houseRules: boolean;
  readonly seed: string;
  readonly studies: readonly PlannedStudy[];
}

/** Command-line overrides of the scenario's own seed and samples. */
interface ScenarioOptions {
  readonly seed?: string | undefined;
  readonly samples?: number | undefined;
  /**
   * Read `charts` only from inside the scenario's own folder (a slice's scenario: the slice, not the
   * user, names the path, so it may not reach elsewhere on the merging machine); the files a study
   * names (army files) only by relative names without "..".
   */
  readonly confineCharts?: boolean | undefined;
}

/** Default scenario name: the file name without extension. */
const nameOf = (file: string): string => basename(file, extname(file));

/** The variant spec of the scenario's house rules; chart files are read relative to the scenario. */
function variantSpec(
  top: ScenarioTop,
  system: AnySystem,
  file: string,
  confineCharts: boolean,
): Omit<VariantSpec, 'version'> {
  const o = top.overrides;
  let charts: unknown;
  if (top.charts !== undefined) {
    if (!system.charts) throw new InputError(`${system.name} has no charts to replace`, { path: ['charts'] });
    const folder = dirname(resolve(file));
    const chartFile = resolve(folder, top.charts);
    const inside = relative(folder, chartFile);
    if (confineCharts && (isAbsolute(top.charts) || inside === '..' || inside.startsWith(`..${sep}`)))
      throw new InputError(
        `a slice's charts are read only from inside its scenario's folder (${folder}): give a path relative to it, without ".."`,
        { path: ['charts'] },
      );
    try {
      charts = loadChartsFile(system, chartFile);
    } catch (e) {
      // A chart file that cannot be read is the scenario's `charts` line at fault: say which file.
      if (e instanceof InputError && e.line === undefined)
        throw new InputError(`${e.detail.replace(/^cannot read: /, 'cannot read ')} (${chartFile})`, {
          path: ['charts'],
        });
      throw e;
    }
  }
  if (o?.rules && !system.houseRules)
    throw new InputError(`${system.name} has no rule switches to override`, { path: ['overrides', 'rules'] });
  return {
    ...(o?.name !== undefined ? { name: o.name } : {}),
    ...(o?.costs && Object.keys(o.costs).length > 0 ? { costs: o.costs } : {}),
    ...(o?.rules ? { rules: o.rules } : {}),
    ...(charts !== undefined ? { charts } : {}),
  };
}

/** A variant error's path as the scenario's field. */
function scenarioPath(e: InputError): InputError {
  const [head, ...rest] = e.path;
  if (head === 'costs' || head === 'rules' || head === 'name') return e.within(['overrides']);
  if (head === 'version') return new InputError(e.detail, { path: ['rules', ...rest] });
  return e;
}

function studyHeader(
  raw: Readonly<Record<string, unknown>>,
  i: number,
  seen: Map<string, number>,
): StudyHeader {
  const h = parseWith(headerSchema, { kind: raw.kind, name: raw.name, title: raw.title }, ['studies', i]);
  const other = seen.get(h.name);
  if (other !== undefined)
    throw new InputError(`"${h.name}" names study ${other + 1} too`, { path: ['studies', i, 'name'] });
  seen.set(h.name, i);
  return { kind: h.kind, name: h.name, title: h.title ?? h.name };
}

function kindOf(id: string, system: AnySystem, i: number): AnyStudyKind {
  const kind = studyKind(id);
  if (!kind) {
    const hint = suggestion(
      id,
      STUDY_KINDS.map((k) => k.id),
    );
    throw new InputError(
      `must be one of ${STUDY_KINDS.map((k) => `"${k.id}"`).join(', ')}${hint ? `; did you mean "${hint}"?` : ''}`,
      { path: ['studies', i, 'kind'] },
    );
  }
  if (!kind.fields(system)) throw new InputError(kind.unsupported(system), { path: ['studies', i, 'kind'] });
  return kind;
}

/** Validate and plan a parsed file. */
export function checkScenario(f: StructuredFile, options: ScenarioOptions = {}): LoadedScenario {
  const located = (e: InputError) => e.inFile(f.file, f.lineOf);
  if (typeof f.data !== 'object' || f.data === null || Array.isArray(f.data))
    throw new InputError('a scenario is a mapping with keys rules and studies', { file: f.file, line: 1 });
  const topErrors = allIssues(scenarioTopSchema, f.data).map((e) =>
    // `rules: 3.2` is a version without its rule set: list the rule sets.
    e.path.length === 1 && e.path[0] === 'rules' && e.detail.startsWith('expected ')
      ? new InputError(
          `${e.detail.replace(/^expected string/, 'expected a rule set')}; one of ${allRulesIds().join(', ')}`,
          {
            path: e.path,
          },
        )
      : e,
  );
  // The studies are still checked when only keys they do not depend on are wrong (an unknown key,
  // `samples`, `seed`, `name`, `description`), so one run reports every problem of the file.
  const blocking = new Set(['rules', 'studies', 'overrides', 'charts', '$schema']);
  if (topErrors.some((e) => e.path.length === 0 || blocking.has(String(e.path[0]))))
    throw located(combined(topErrors));
  const bad = new Set(topErrors.map((e) => String(e.path[0])));
  const lenient = scenarioTopSchema.safeParse(
    Object.fromEntries(Object.entries(f.data).filter(([k]) => !bad.has(k))),
  );
  if (!lenient.success) throw located(combined(topErrors));
  const top = lenient.data;
  try {
    const system = requireSystem(top.rules);
    const spec = variantSpec(top, system, f.file, options.confineCharts === true);
    const variants = new Map<string, Variant>();
    const variant = (version: string = top.rules): Variant => {
      let v = variants.get(version);
      if (!v) {
        try {
          v = system.variant({ ...spec, version });
        } catch (e) {
          if (e instanceof InputError) throw scenarioPath(e);
          throw e;
        }
        variants.set(version, v);
      }
      return v;
    };
    const main = variant();
    const seed = String(options.seed ?? top.seed ?? 1);
    const name = top.name ?? nameOf(f.file);
    const tool = toolInfo();
    const seen = new Map<string, number>();
    const errors: InputError[] = [];
    let cells = 0;
    const claimCells = (n: number, path: FieldPath) => {
      cells += n;
      if (cells > MAX_SCENARIO_CELLS)
        throw new InputError(
          `${n.toLocaleString('en-US')} cells take the scenario to ${cells.toLocaleString('en-US')}; at most ${MAX_SCENARIO_CELLS.toLocaleString('en-US')} (split it into several scenarios)`,
          { path },
        );
    };
    const studies: PlannedStudy[] = [];
    top.studies.forEach((raw, i) => {
      try {
        const header = studyHeader(raw, i, seen);
        const kind = kindOf(header.kind, system, i);
        const schema = kind.fields(system)!.strict();
        const { kind: _k, name: _n, title: _t, ...rest } = raw;
        const issues = allIssues(schema, rest).map((e) => e.within(['studies', i]));
        if (issues.length > 0) throw combined(issues);
        const block = schema.parse(rest);
        const ctx: StudyContext = {
          system,
          rules: top.rules,
          variant,
          spec: { ...spec, version: top.rules },
          seed,
          about: `Scenario \`${name}\` (${f.file}), seed ${seed}, ${tool.name} ${tool.version}`,
          samples: options.samples,
          scenarioSamples: top.samples,
          path: ['studies', i],
          claimCells,
          files: studyFiles(f.file, options.confineCharts === true),
        };
        let plan: unknown;
        try {
          plan = kind.plan(block, header, ctx);
        } catch (e) {
          if (e instanceof InputError) throw e.within(['studies', i]);
          throw e;
        }
        studies.push({ kind, header, plan });
      } catch (e) {
        if (e instanceof InputErrors) errors.push(...e.errors);
        else if (e instanceof InputError) errors.push(e);
        else throw e;
      }
    });
    throwAll([...topErrors, ...errors]);
    return {
      file: f.file,
      raw: f.data,
      name,
      rules: top.rules,
      system,
      version: main.name,
      houseRules: spec.costs !== undefined || spec.rules !== undefined,
      seed,
      studies,
    };
  } catch (e) {
    if (e instanceof InputError) throw located(e);
    throw e;
  }
}

export function loadScenarioFile(file: string, options: ScenarioOptions = {}): LoadedScenario {
  return checkScenario(readStructuredFile(file), options);
}

export function loadScenarioText(text: string, file: string, options: ScenarioOptions = {}): LoadedScenario {
  return checkScenario(parseStructuredText(text, file), options);
}
