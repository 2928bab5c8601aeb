/**
 * Matrix studies for any rule system: every element of side A's sweep (rows) against every element of
 * side B's (columns), under one context, each cell compiled to its outcome table. What differs between
 * systems (notation, sweeps, how a context becomes a situation, costs) is a MatrixSystem: DBM's is
 * matrix-dbm.ts, and any system whose registry entry lists its elements (DBA, B&B) gets
 * matrix-catalogue.ts.
 */
import type { RuleSet } from '../core/ruleset.ts';
import { compileTable } from '../engine/table.ts';
import type { PlannedCell } from './plan.ts';
import type { StudyInput, SweepInput } from './schema.ts';

type Path = readonly (string | number)[];

/** One rule system's part in a matrix study. E is its element type. */
export interface MatrixSystem<E> {
  /** The elements of one side's sweep, in the system's table order; FieldError on a bad entry. */
  readonly sweep: (input: SweepInput, path: Path) => readonly E[];
  /** Canonical notation of an element (rows, columns, cells). */
  readonly format: (e: E) => string;
  /** Element cost, where the system has a points table. */
  readonly cost?: (e: E) => number | undefined;
  /**
   * Check the study's context (FieldError under `path`.context) and return what builds one cell's
   * situation from its two elements. `first` is the study's first cell.
   */
  readonly prepare: (
    context: Readonly<Record<string, unknown>> | undefined,
    path: Path,
    first: { readonly a: E; readonly b: E },
  ) => (a: E, b: E) => unknown;
  readonly ruleset: RuleSet<never, string>;
}

export interface PlannedMatrix {
  readonly rows: readonly string[];
  readonly cols: readonly string[];
  /** Row-major: row i, column j is cell i * cols.length + j. */
  readonly cells: readonly PlannedCell[];
}

type MatrixStudy = Extract<StudyInput, { kind: 'matrix' }>;

/** Expand both sweeps and compile every cell (exact enumeration happens in compileTable). */
export function planMatrix<E>(study: MatrixStudy, path: Path, system: MatrixSystem<E>): PlannedMatrix {
  const as = system.sweep(study.a, [...path, 'a']);
  const bs = system.sweep(study.b, [...path, 'b']);
  const build = system.prepare(study.context, path, { a: as[0] as E, b: bs[0] as E });
  const ruleset = system.ruleset as unknown as RuleSet<unknown, string>;
  const costOf = (e: E) => system.cost?.(e);
  const cells: PlannedCell[] = [];
  for (const ea of as) {
    for (const eb of bs) {
      const a = system.format(ea);
      const b = system.format(eb);
      const costA = costOf(ea);
      const costB = costOf(eb);
      const situation = build(ea, eb);
      cells.push({
        a,
        b,
        label: `${a} v ${b}`,
        ...(costA !== undefined ? { costA } : {}),
        ...(costB !== undefined ? { costB } : {}),
        situation,
        table: compileTable(ruleset, situation),
      });
    }
  }
  return { rows: as.map(system.format), cols: bs.map(system.format), cells };
}
