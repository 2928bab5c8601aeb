/**
 * The numbers the page shows for one side: each outcome's exact chance and the cumulative "or worse"
 * views, both from the report's exact counts (never from rounded probabilities).
 */
import type { OddsSide } from '../../engine/odds.ts';
import type { OutcomeView } from '../rulesets/types.ts';

export interface ProbabilityRow {
  /** Outcome id, or "atleast:<id>" for a cumulative row. */
  readonly key: string;
  readonly label: string;
  readonly count: number;
  readonly of: number;
  readonly p: number;
}

function tallyOf(side: OddsSide<string>, id: string): { count: number; of: number } {
  const t = side.outcomes[id];
  if (!t) throw new Error(`report has no outcome "${id}"`);
  return t;
}

export function outcomeRows(outcomes: readonly OutcomeView[], side: OddsSide<string>): ProbabilityRow[] {
  return outcomes.map((o) => {
    const t = tallyOf(side, o.id);
    return { key: o.id, label: o.label, count: t.count, of: t.of, p: t.of === 0 ? 0 : t.count / t.of };
  });
}

/**
 * Outcomes are listed worst first, so "X or worse" sums X and everything before it. The last outcome
 * listed has none: it or worse is everything (with GBA's impossible hit counts left out, "2+ hits or
 * rout" can be the last, always 100%).
 */
export function atLeastRows(outcomes: readonly OutcomeView[], side: OddsSide<string>): ProbabilityRow[] {
  const rows: ProbabilityRow[] = [];
  let count = 0;
  let of = 0;
  for (const [i, o] of outcomes.entries()) {
    const t = tallyOf(side, o.id);
    count += t.count;
    of = t.of;
    if (o.atLeast !== undefined && i < outcomes.length - 1)
      rows.push({ key: `atleast:${o.id}`, label: o.atLeast, count, of, p: of === 0 ? 0 : count / of });
  }
  return rows;
}

/** "16.7%": one decimal, the precision a player can use at the table. */
export function formatPercent(p: number): string {
  return `${(p * 100).toFixed(1)}%`;
}

/** A difference in percentage points, signed: "+16.7", "−2.8", "0". */
export function formatPoints(d: number): string {
  const v = Math.round(d * 1000) / 10;
  if (v === 0) return '0';
  return `${v > 0 ? '+' : '\u2212'}${Math.abs(v).toFixed(1)}`;
}

/**
 * The outcomes worth a row: every one, unless the rule set has many (GBA's hit counts), when those that
 * cannot happen for either side in any matchup shown are left out (the tables say which).
 */
export function possibleOutcomes(
  outcomes: readonly OutcomeView[],
  sides: readonly OddsSide<string>[],
  many = 5,
): OutcomeView[] {
  if (outcomes.length <= many) return [...outcomes];
  return outcomes.filter((o) => sides.some((s) => (s.outcomes[o.id]?.count ?? 0) > 0));
}
