/**
 * What odds and matrix studies share: cells (one situation each, compiled to its outcome table, exact),
 * their sampling jobs, their results and their CSV. A cell's table is sampled on the `table` kernel.
 */
import type { ExactEvent } from '../core/exact.ts';
import { agreementZ } from '../core/statistics.ts';
import type { AnySystem, Variant } from '../core/system.ts';
import { cellResult, type CellResult } from '../engine/cell.ts';
import { compileTable, type OutcomeTable } from '../engine/table.ts';
import { roundPercent, suffers, verdict, type VerdictOutcome } from '../engine/verdict.ts';
import type { Block, Column, Table } from '../report/table.ts';
import { oneLine } from '../core/one-line.ts';
import type { Counts, Job } from './kind.ts';
import type { TablePayload } from './jobs/table.ts';

/** Samples per shard of a `table` job: part of the results' identity. */
export const TABLE_SHARD = 1_000_000;

export interface PlannedCell {
  /** Side A and B as the rule set describes them (notation). */
  readonly a: string;
  readonly b: string;
  /** The version the cell is resolved under: its id (`dbm-3.0`) and name ("DBM 3.0 with house rules"). */
  readonly rules: string;
  readonly version: string;
  /** Odds studies: "2. Reg Bd(O) v Irr Kn(S)". Matrix studies: "Reg Bd(O) v Irr Kn(S)". */
  readonly label: string;
  /** Element costs (AP) under the variant, where the system has points. */
  readonly costA?: number;
  readonly costB?: number;
  readonly table: OutcomeTable;
  /** Exact odds of the rule set's events beyond outcomes (GBA breakthrough, leader casualty, supply). */
  readonly events?: readonly ExactEvent[];
}

export interface CellStudyPlan {
  readonly name: string;
  readonly title: string;
  readonly seed: string;
  readonly samples: number;
  /** Outcome ids in the rule set's order. */
  readonly outcomes: readonly string[];
  /** The versions (and house rules) the cells were resolved under, in words: "DBM 3.0 and DBM 3.2". */
  readonly version: string;
  readonly cells: readonly PlannedCell[];
  /** The outcomes' labels, worst first, for the summary in words (the system's outcomes). */
  readonly outcomeInfo?: readonly VerdictOutcome[];
}

export interface CellRecord {
  readonly a: string;
  readonly b: string;
  readonly rules: string;
  readonly version: string;
  readonly label: string;
  readonly costA?: number;
  readonly costB?: number;
  readonly result: CellResult;
  readonly events?: readonly ExactEvent[];
}

export interface CellStudyResults {
  readonly samples: number;
  /** The versions the cells were resolved under, in words: "DBM 3.2", "DBM 3.0 and DBM 3.2". */
  readonly version: string;
  readonly outcomes: readonly string[];
  /** z of the Wilson interval the agreement check used (0 when nothing was sampled). */
  readonly agreementZ: number;
  readonly agrees: boolean;
  readonly cells: readonly CellRecord[];
}

/** A cell of a situation under a variant: the rule set describes it, compiles it, prices its elements. */
export function planCell(
  system: AnySystem,
  variant: Variant,
  situation: unknown,
  label: (a: string, b: string) => string,
): PlannedCell {
  const rules = variant.ruleset;
  const a = rules.describeSide(situation, 'a');
  const b = rules.describeSide(situation, 'b');
  const price = (text: string): number | undefined => {
    if (!system.catalogue || !variant.cost) return undefined;
    try {
      return variant.cost(system.catalogue.parse(text));
    } catch {
      return undefined;
    }
  };
  const costA = price(a);
  const costB = price(b);
  const events = rules.exact?.(situation).events;
  return {
    a,
    b,
    rules: variant.spec.version,
    version: variant.name,
    label: label(a, b),
    ...(costA !== undefined ? { costA } : {}),
    ...(costB !== undefined ? { costB } : {}),
    table: compileTable(rules, situation),
    ...(events && events.length > 0 ? { events } : {}),
  };
}

const jobId = (plan: CellStudyPlan, cell: number) => `${plan.name}|${cell}`;

/** One `table` job per cell when the study samples, seeded by (seed, study name, cell index). */
export function cellJobs(plan: CellStudyPlan, done: Counts): Job[] {
  if (plan.samples <= 0) return [];
  return plan.cells.flatMap((c, i): Job[] => {
    const id = jobId(plan, i);
    if (done.has(id)) return [];
    const payload: TablePayload = {
      codes: c.table.codes,
      ...(c.table.weights ? { weights: c.table.weights } : {}),
      jointSize: c.table.outcomes * c.table.outcomes,
    };
    return [
      {
        id,
        kind: 'table',
        payload,
        seed: `${plan.seed}|${plan.name}|${i}`,
        samples: plan.samples,
        shardSize: TABLE_SHARD,
      },
    ];
  });
}

export function cellResults(plan: CellStudyPlan, done: Counts): CellStudyResults {
  // Bonferroni over every sampled outcome of both sides of every cell.
  const z = plan.samples > 0 ? agreementZ(plan.cells.length * 2 * plan.outcomes.length) : 0;
  const cells = plan.cells.map((c, i): CellRecord => {
    const sampled = plan.samples > 0 ? done.get(jobId(plan, i)) : undefined;
    return {
      a: c.a,
      b: c.b,
      rules: c.rules,
      version: c.version,
      label: c.label,
      ...(c.costA !== undefined ? { costA: c.costA } : {}),
      ...(c.costB !== undefined ? { costB: c.costB } : {}),
      result: cellResult(c.table, plan.outcomes, sampled, plan.samples, z),
      ...(c.events ? { events: c.events } : {}),
    };
  });
  return {
    samples: plan.samples,
    version: plan.version,
    outcomes: plan.outcomes,
    agreementZ: z,
    agrees: cells.every((c) => c.result.agrees),
    cells,
  };
}

const dec = (p: number, digits: number): string => p.toFixed(digits);
const d6 = (p: number): string => dec(p, 6);

/** The versions of some cells, in words and in their order: "DBM 3.0 and DBM 3.2". */
export function versionsOf(cells: readonly { readonly version: string }[]): string {
  const names = [...new Set(cells.map((c) => c.version))];
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * The study's CSV: one row per cell, side and outcome, with the version each cell is resolved under. The
 * cost columns are left out of a study none of whose cells has a cost (a rule system without points).
 */
export function cellsCsv(study: string, r: CellStudyResults): Table {
  const costs = r.cells.some((c) => c.costA !== undefined || c.costB !== undefined);
  const columns: Column[] = [
    { name: 'study' },
    { name: 'cell' },
    { name: 'a' },
    { name: 'b' },
    { name: 'version' },
    ...(costs ? [{ name: 'cost_a' }, { name: 'cost_b' }] : []),
    { name: 'side' },
    { name: 'outcome' },
    { name: 'exact_count' },
    { name: 'space' },
    { name: 'exact_p', csv: d6 },
    { name: 'samples' },
    { name: 'sampled_count' },
    { name: 'sampled_p', csv: d6 },
    { name: 'ci95_low', csv: d6 },
    { name: 'ci95_high', csv: d6 },
    { name: 'agrees' },
  ];
  const rows = r.cells.flatMap((c) =>
    (['a', 'b'] as const).flatMap((side) =>
      r.outcomes.map((o) => {
        const e = c.result[side].exact[o];
        const m = c.result[side].sampled?.[o];
        return [
          study,
          c.label,
          c.a,
          c.b,
          c.rules,
          ...(costs ? [c.costA, c.costB] : []),
          side.toUpperCase(),
          o,
          e?.count,
          e?.of,
          e?.p,
          c.result.samples,
          m?.count,
          m?.p,
          m?.lo,
          m?.hi,
          m ? m.agrees : undefined,
        ];
      }),
    ),
  );
  return { columns, rows };
}

/** The lead blocks of a cell study's Markdown: its title and how it was computed. */
export function cellsHeader(title: string, r: CellStudyResults, context: string): Block[] {
  const sampled =
    r.samples > 0
      ? `${r.samples.toLocaleString('en-US')} Monte Carlo samples per cell, 95% Wilson intervals in brackets. ` +
        `Exact and sampled ${r.agrees ? 'agree in every cell' : 'DISAGREE in some cells (marked !)'} ` +
        `(check at z = ${r.agreementZ.toFixed(2)}).`
      : 'Exact enumeration only (no sampling).';
  // The scenario's file and seed and the version name are the user's words: one line each.
  return [{ heading: title, level: 1 }, { text: `${oneLine(context)}, ${oneLine(r.version)}. ${sampled}` }];
}

/** Cells whose sampled and exact odds disagree, as problems for the run. */
export function cellProblems(study: string, r: CellStudyResults): string[] {
  const bad = r.cells.filter((c) => !c.result.agrees).map((c) => c.label);
  return bad.length === 0
    ? []
    : [`${study}: sampled and exact disagree in ${bad.length} cell(s): ${bad.slice(0, 5).join('; ')}`];
}

/** A system's outcomes as the summaries in words need them. */
export function outcomeInfo(system: AnySystem): VerdictOutcome[] {
  return system.outcomes.map((o) => ({ id: o.id, label: o.label, effect: o.effect }));
}

/** A cell's odds as the verdict reads them. */
const verdictInput = (c: CellRecord) => ({
  a: { element: c.a, outcomes: c.result.a.exact },
  b: { element: c.b, outcomes: c.result.b.exact },
});

const plural = (n: number, one: string) => `${n.toLocaleString('en-US')} ${one}${n === 1 ? '' : 's'}`;

/** How the cells were computed: exact, and how the sampled check went. */
function howComputed(r: CellStudyResults): string {
  if (r.samples <= 0) return `${r.version}, exact`;
  return `${r.version}, exact; ${r.samples.toLocaleString('en-US')} samples each ${r.agrees ? 'agree' : 'DISAGREE (see the report)'}`;
}

/** Lines an odds study prints after a run: how many situations, then each one's verdict (the first 8). */
export function oddsSummary(title: string, plan: CellStudyPlan, r: CellStudyResults): string {
  const head = `${title}: ${plural(r.cells.length, 'situation')} (${howComputed(r)})`;
  const info = plan.outcomeInfo;
  if (!info) return head;
  // "2. Reg Bd(O) v Irr Kn(S) (DBM 3.0, shooting)": the number and the note (the version where the
  // study compares versions, the mode) frame the verdict.
  const shown = r.cells.slice(0, 8).map((c) => {
    const number = /^\d+\. /.exec(c.label)?.[0] ?? '';
    const mode = / \([^()]+\)$/.exec(c.label)?.[0] ?? '';
    return `  ${number}${verdict(verdictInput(c), info)}${mode}`;
  });
  const more = r.cells.length > 8 ? [`  ... and ${r.cells.length - 8} more in ${plan.name}.md`] : [];
  return [head, ...shown, ...more].join('\n');
}

/**
 * Lines a matrix study prints after a run: its size, then the cells where A most often inflicts its
 * worst outcome on B and where A most often suffers it.
 */
export function matrixSummary(title: string, plan: CellStudyPlan, r: CellStudyResults): string {
  const as = new Set(r.cells.map((c) => c.a)).size;
  const bs = new Set(r.cells.map((c) => c.b)).size;
  const head = `${title}: ${as} x ${bs} = ${plural(r.cells.length, 'cell')} (${howComputed(r)})`;
  const worst =
    plan.outcomeInfo?.[0] ??
    (r.outcomes[0] ? { id: r.outcomes[0], label: r.outcomes[0], effect: true } : undefined);
  if (!worst || r.cells.length === 0) return head;
  const p = (c: CellRecord, side: 'a' | 'b') => c.result[side].exact[worst.id]?.p ?? 0;
  const best = r.cells.reduce((x, c) => (p(c, 'b') > p(x, 'b') ? c : x));
  const risk = r.cells.reduce((x, c) => (p(c, 'a') > p(x, 'a') ? c : x));
  const label = suffers(worst).replace(/^is /, '');
  return [
    head,
    p(best, 'b') > 0
      ? `  best for A: ${best.a} v ${best.b}, B ${label} ${roundPercent(p(best, 'b'))}`
      : `  B is never ${label}`,
    p(risk, 'a') > 0
      ? `  worst for A: ${risk.a} v ${risk.b}, A ${label} ${roundPercent(p(risk, 'a'))}`
      : `  A is never ${label}`,
  ].join('\n');
}
