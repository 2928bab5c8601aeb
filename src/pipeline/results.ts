/**
 * The results of a run as plain data: everything needed to reproduce any table (the scenario as read,
 * seed, options, rule version, tool version) and each study's results. A pure function of (scenario,
 * counts): a single run and a merge of slices give the same object, hence the same bytes.
 */
import type { LoadedScenario } from './scenario.ts';
import type { RunOptionsRecord } from './slices.ts';
import type { ToolInfo } from './tool.ts';

export const RESULTS_FORMAT = 'debellator-results/2';

export interface StudyResults {
  readonly kind: string;
  readonly name: string;
  readonly title: string;
  readonly results: unknown;
}

export interface RunResults {
  readonly format: typeof RESULTS_FORMAT;
  readonly tool: ToolInfo;
  readonly scenario: { readonly file: string; readonly name: string; readonly input: unknown };
  /** Command-line overrides the run was given (null: the scenario's own). */
  readonly options: RunOptionsRecord;
  readonly rules: string;
  readonly version: string;
  readonly houseRules: boolean;
  readonly seed: string;
  readonly studies: readonly StudyResults[];
}

export function buildResults(
  loaded: LoadedScenario,
  counts: ReadonlyMap<string, Float64Array>,
  meta: { tool: ToolInfo; options: RunOptionsRecord },
): RunResults {
  return {
    format: RESULTS_FORMAT,
    tool: meta.tool,
    scenario: { file: loaded.file, name: loaded.name, input: loaded.raw },
    options: meta.options,
    rules: loaded.rules,
    version: loaded.version,
    houseRules: loaded.houseRules,
    seed: loaded.seed,
    studies: loaded.studies.map((s) => ({
      kind: s.kind.id,
      name: s.header.name,
      title: s.header.title,
      results: s.kind.results(s.plan, counts),
    })),
  };
}
