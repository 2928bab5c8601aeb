/**
 * The result of one cell of a study (one situation): exact marginal distributions from the compiled
 * table and, when sampled, Monte Carlo estimates with 95% Wilson intervals and an agreement check.
 * Plain data, JSON-serialisable.
 */
import { agrees, wilson, type Proportion } from '../core/statistics.ts';
import type { OutcomeTable } from './table.ts';
import { exactCounts, tableSpace } from './table.ts';

interface ExactOutcome {
  readonly count: number;
  readonly of: number;
  readonly p: number;
}

interface SampledOutcome extends Proportion {
  /** The exact probability lies inside the study's wide Wilson interval (statistics.ts agreementZ). */
  readonly agrees: boolean;
}

export interface SideResult {
  readonly exact: Record<string, ExactOutcome>;
  readonly sampled?: Record<string, SampledOutcome>;
}

export interface CellResult {
  readonly a: SideResult;
  readonly b: SideResult;
  /** Monte Carlo samples drawn (0 = exact only). */
  readonly samples: number;
  /** Every sampled outcome agrees with the exact one (true when nothing was sampled). */
  readonly agrees: boolean;
}

/** Marginal counts of side A (rows) or B (columns) from joint counts laid out as ia * n + ib. */
export function marginals(joint: ArrayLike<number>, n: number, side: 'a' | 'b'): number[] {
  const out = new Array<number>(n).fill(0);
  for (let ia = 0; ia < n; ia++) {
    for (let ib = 0; ib < n; ib++) {
      const c = joint[ia * n + ib] as number;
      const k = side === 'a' ? ia : ib;
      out[k] = (out[k] as number) + c;
    }
  }
  return out;
}

/** Build a cell's result from its table and (optionally) the merged sampled joint counts. */
export function cellResult(
  table: OutcomeTable,
  outcomes: readonly string[],
  sampled: ArrayLike<number> | undefined,
  samples: number,
  agreeZ: number,
): CellResult {
  const n = table.outcomes;
  const space = tableSpace(table);
  const exactJoint = exactCounts(table);
  let all = true;
  const side = (id: 'a' | 'b'): SideResult => {
    const ex = marginals(exactJoint, n, id);
    const exact: Record<string, ExactOutcome> = {};
    outcomes.forEach((o, i) => {
      const count = ex[i] as number;
      exact[o] = { count, of: space, p: count / space };
    });
    if (!sampled || samples === 0) return { exact };
    const mc = marginals(sampled, n, id);
    const out: Record<string, SampledOutcome> = {};
    outcomes.forEach((o, i) => {
      const count = mc[i] as number;
      const ok = agrees(count, samples, (ex[i] as number) / space, agreeZ);
      if (!ok) all = false;
      out[o] = { ...wilson(count, samples), agrees: ok };
    });
    return { exact, sampled: out };
  };
  const a = side('a');
  const b = side('b');
  return { a, b, samples: sampled ? samples : 0, agrees: all };
}
