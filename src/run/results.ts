/**
 * The results of a run as plain data: everything needed to reproduce any table (scenario as read, seed,
 * samples, rule version, tool version, shard size) and, per cell, exact and sampled distributions.
 * A pure function of (plan, counts): a single run and a merge of slices give the same object.
 */
import type { ExactEvent } from '../core/exact.ts';
import { cellResult, type CellResult } from '../engine/cell.ts';
import { agreementZ } from '../engine/stats.ts';
import type { Plan } from '../scenario/plan.ts';
import type { TablePayload } from './kernels.ts';
import { SHARD_SIZE, type Job } from './shards.ts';

export interface ToolInfo {
  readonly name: string;
  readonly version: string;
}

export interface CellRecord {
  readonly a: string;
  readonly b: string;
  readonly label: string;
  readonly costA?: number;
  readonly costB?: number;
  readonly result: CellResult;
  /** Exact odds of events beyond outcomes, for rule sets that report them (GBA). */
  readonly events?: readonly ExactEvent[];
}

export interface StudyResults {
  readonly name: string;
  readonly kind: 'odds' | 'matrix';
  readonly title: string;
  readonly samples: number;
  /** z of the Wilson interval the agreement check used (0 when nothing was sampled). */
  readonly agreementZ: number;
  readonly agrees: boolean;
  readonly rows?: readonly string[];
  readonly cols?: readonly string[];
  readonly cells: readonly CellRecord[];
}

export interface RunResults {
  readonly format: 'debellator-results/1';
  readonly tool: ToolInfo;
  readonly scenario: { readonly file: string; readonly name: string; readonly input: unknown };
  /** Command-line overrides the run was given (null: the scenario's own). */
  readonly options: { readonly seed: string | null; readonly samples: number | null };
  readonly rules: string;
  readonly version: string;
  readonly houseRules: boolean;
  readonly seed: string;
  readonly shardSize: number;
  readonly outcomes: readonly string[];
  readonly studies: readonly StudyResults[];
}

/** Where each sampled job belongs. */
export interface JobPlace {
  readonly study: number;
  readonly cell: number;
}

/** One `table` job per cell of every study that samples, seeded by (seed, study name, cell index). */
export function jobsOf(plan: Plan): { jobs: Job[]; places: JobPlace[] } {
  const jobs: Job[] = [];
  const places: JobPlace[] = [];
  plan.studies.forEach((s, study) => {
    if (s.samples <= 0) return;
    s.cells.forEach((c, cell) => {
      const payload: TablePayload = {
        codes: c.table.codes,
        ...(c.table.weights ? { weights: c.table.weights } : {}),
        jointSize: c.table.outcomes * c.table.outcomes,
      };
      jobs.push({ kind: 'table', payload, seed: `${plan.seed}|${s.name}|${cell}`, samples: s.samples });
      places.push({ study, cell });
    });
  });
  return { jobs, places };
}

export function buildResults(
  plan: Plan,
  counts: ReadonlyMap<number, ArrayLike<number>>,
  meta: { tool: ToolInfo; file: string; input: unknown; options: RunResults['options'] },
): RunResults {
  const { places } = jobsOf(plan);
  const byPlace = new Map<string, ArrayLike<number>>();
  places.forEach((p, j) => {
    const c = counts.get(j);
    if (c) byPlace.set(`${p.study}/${p.cell}`, c);
  });
  const studies = plan.studies.map((s, si): StudyResults => {
    const z = s.samples > 0 ? agreementZ(s.cells.length * 2 * plan.outcomes.length) : 0;
    const cells = s.cells.map((c, ci): CellRecord => {
      const sampled = s.samples > 0 ? byPlace.get(`${si}/${ci}`) : undefined;
      if (s.samples > 0 && !sampled) throw new Error(`missing counts for ${s.name} cell ${ci}`);
      return {
        a: c.a,
        b: c.b,
        label: c.label,
        ...(c.costA !== undefined ? { costA: c.costA } : {}),
        ...(c.costB !== undefined ? { costB: c.costB } : {}),
        result: cellResult(c.table, plan.outcomes, sampled, s.samples, z),
        ...(c.events ? { events: c.events } : {}),
      };
    });
    return {
      name: s.name,
      kind: s.kind,
      title: s.title,
      samples: s.samples,
      agreementZ: z,
      agrees: cells.every((c) => c.result.agrees),
      ...(s.rows ? { rows: s.rows, cols: s.cols } : {}),
      cells,
    };
  });
  return {
    format: 'debellator-results/1',
    tool: meta.tool,
    scenario: { file: meta.file, name: plan.name, input: meta.input },
    options: meta.options,
    rules: plan.rules,
    version: plan.version,
    houseRules: plan.houseRules,
    seed: plan.seed,
    shardSize: SHARD_SIZE,
    outcomes: plan.outcomes,
    studies,
  };
}
