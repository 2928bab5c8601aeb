/**
 * The balance report's evidence (docs/balance.md "The evidence"): per element, the opponents it does best
 * and worst against at book cost and how its worst matchup goes; and the CSV of every element against
 * every opponent. Built from matchups worked out by hand.
 */
import { describe, expect, it } from 'vitest';
import { tableCsv, tableMarkdown } from '../../../src/report/table.ts';
import type { BalanceResults, ElementSummary } from '../../../src/studies/balance/analysis.ts';
import { elementMatchups, extremes, unitMatchups } from '../../../src/studies/balance/evidence.ts';
import { evidenceTable, matchupsTable } from '../../../src/studies/balance/report.ts';
import { PER_OPPONENT } from '../../../src/studies/balance/curves.ts';

const field = ['Irr Kn(O)', 'Reg Sp(O)', 'Irr Wb(O)', 'Reg Bw(O)'].map((element) => ({ element, weight: 1 }));

/** A unit's evidence counts: per opponent 20 engagements, `won` wins for A, the rest B wins, A's losses. */
function counts(won: readonly number[], frontal: readonly number[], flank: readonly number[]): Float64Array {
  const c = new Float64Array(field.length * PER_OPPONENT);
  won.forEach((w, k) => {
    const at = k * PER_OPPONENT;
    c[at] = 20;
    c[at + 1] = w;
    c[at + 2] = 20 - w;
    c[at + 6] = frontal[k]!; // A's elements lost in frontal combat
    c[at + 7] = flank[k]!; // ... by flank contacts
  });
  return c;
}

// Scores at book cost: a win counts 1, a loss 0 (curves.ts scoreOf): 18/20, 10/20, 2/20, 14/20.
const unit = unitMatchups(field.length, counts([18, 10, 2, 14], [10, 30, 60, 20], [0, 10, 20, 0]));
const matchups = elementMatchups(field, [unit]);
const summary = {
  element: 'Reg Bd(O)',
  breakEven: 6.5,
  matchups: { scores: matchups.map((m) => m.score), ...extremes(matchups, 5) },
} as unknown as ElementSummary;

describe('why an element costs what it costs', () => {
  it('the best three and worst three opponents with their scores, and how the worst is lost', () => {
    expect(matchups.map((m) => m.score)).toEqual([0.9, 0.5, 0.1, 0.7]);
    const md = tableMarkdown(evidenceTable([summary])).join('\n');
    expect(md).toContain('| Reg Bd(O) | 6.50 | Irr Kn(O) 90%, Reg Bw(O) 70%, Reg Sp(O) 50% |');
    expect(md).toContain('| Irr Wb(O) 10%, Reg Sp(O) 50%, Reg Bw(O) 70% |');
    // Against the warband A is broken 18 times in 20; its 80 losses: 60 frontal (75%), 20 flank (25%).
    expect(md).toContain(
      'Irr Wb(O): its losses: destroyed in frontal combat 75%, destroyed by flank contacts 25% |',
    );
  });

  it('an element with no evidence has no row', () => {
    const none = { element: 'Irr Ps(O)', breakEven: 2 } as unknown as ElementSummary;
    expect(evidenceTable([none, summary]).rows.map((r) => r[0])).toEqual(['Reg Bd(O)']);
  });

  it('the CSV: every element against every opponent, each version', () => {
    const r = {
      versions: [{ id: 'dbm-3.2', name: 'DBM 3.2' }],
      elements: [[summary]],
      field,
    } as unknown as BalanceResults;
    expect(tableCsv(matchupsTable(r)).trim().split(/\r?\n/)).toEqual([
      'version,element,opponent,score_at_book_cost',
      'dbm-3.2,Reg Bd(O),Irr Kn(O),0.9000',
      'dbm-3.2,Reg Bd(O),Reg Sp(O),0.5000',
      'dbm-3.2,Reg Bd(O),Irr Wb(O),0.1000',
      'dbm-3.2,Reg Bd(O),Reg Bw(O),0.7000',
    ]);
  });
});
