/** The balance study end to end on a tiny field: deterministic, thread-count independent, consistent. */
import { describe, expect, it } from 'vitest';
import { runBalanceStudy, type BalanceConfig } from '../../src/balance/study.ts';
import { balanceReport, balanceSummary, balanceTables } from '../../src/balance/report.ts';

const elements = ['Reg Bd(O)', 'Irr Kn(O)', 'Irr Wb(O)'];
const config: BalanceConfig = {
  name: 'tiny',
  seed: '3',
  versions: ['dbm-3.1', 'dbm-3.2'],
  elements,
  field: elements.map((e) => ({ element: e, weight: 1 })),
  budget: 24,
  depth: {},
  engagements: 60,
  boundLimit: 12,
  maxCountFactor: 2,
  showcase: { a: 'Reg Bd(O)', b: 'Irr Kn(O)' },
  costOverrides: {},
};

describe('balance study', () => {
  it('gives byte-identical results on 1 and 2 threads', async () => {
    const one = await runBalanceStudy(config, { threads: 1 });
    const two = await runBalanceStudy(config, { threads: 2 });
    expect(JSON.stringify(two)).toBe(JSON.stringify(one));
  });
  it('measures what the budget buys and reads the 3.2 Blades cut as a cost change', async () => {
    const r = await runBalanceStudy(config, { threads: 1 });
    const v31 = r.versions[0]!;
    const v32 = r.versions[1]!;
    // 24 AP: Reg Bd(O) 7 AP in 3.1 buys 3, 6 AP in 3.2 buys 4; Irr Kn(O) 10 AP buys 2.
    expect(v31.elements.find((e) => e.element === 'Reg Bd(O)')!.count).toBe(3);
    expect(v32.elements.find((e) => e.element === 'Reg Bd(O)')!.count).toBe(4);
    expect(v32.elements.find((e) => e.element === 'Irr Kn(O)')!.count).toBe(2);
    expect(r.changes.map((c) => [c.element, c.oldCost, c.newCost])).toEqual([['Reg Bd(O)', 7, 6]]);
    for (const e of v32.elements) {
      expect(e.breakEven.low).toBeLessThanOrEqual(e.breakEven.cost);
      expect(e.breakEven.high).toBeGreaterThanOrEqual(e.breakEven.cost);
      expect(e.flagged).toBe(e.cost < e.breakEven.low || e.cost > e.breakEven.high);
    }
    // The matrix is every element at its cost against every field element: 3 x 3, each a score in [0, 1].
    expect(v32.matrix).toHaveLength(9);
    const mirror = v32.matrix.find((c) => c.a === 'Irr Wb(O)' && c.b === 'Irr Wb(O)')!;
    expect(mirror.lo).toBeLessThan(0.5);
    expect(mirror.hi).toBeGreaterThan(0.5);
    // Exact effectiveness is the single-combat measure, the same whatever the costs.
    expect(v31.elements[0]!.effectiveness).toBe(v32.elements[0]!.effectiveness);
  });
  it('reports every table and a page section per question', async () => {
    const r = await runBalanceStudy(config, { threads: 1 });
    const t = balanceTables(r);
    expect(Object.keys(t).sort()).toEqual([
      'balance.md',
      'changes.csv',
      'elements-dbm-3.1.csv',
      'elements-dbm-3.2.csv',
      'matrix-dbm-3.1.csv',
      'matrix-dbm-3.2.csv',
    ]);
    expect(t['changes.csv']!.split('\n')[1]).toMatch(/^Reg Bd\(O\),7,6,/);
    // The terminal summary says the same as the CSV row: costs, break-even, interval, verdict.
    const c = r.changes.find((x) => x.element === 'Reg Bd(O)')!;
    expect(balanceSummary(r).split('\n')).toContain(
      `  Reg Bd(O)  7 -> 6 AP, break-even ${c.breakEven.toFixed(2)} [${c.low.toFixed(2)}, ${c.high.toFixed(2)}]: ${c.verdict}`,
    );
    const page = balanceReport(r, config, 'npx debellator run tiny.yaml');
    const charts = page.sections.flatMap((s) => (s.charts ?? []).map((c) => c.name));
    expect(charts).toEqual([
      'cost-effectiveness',
      'cost-changes',
      'matchups',
      'showcase-outcomes',
      'showcase-bounds',
    ]);
  });
});

describe('balance study for Blood and Blades', () => {
  it('uses table 5.4 costs and the B&B rule set', async () => {
    const r = await runBalanceStudy(
      {
        ...config,
        name: 'bnb',
        versions: ['bnb-0.7'],
        elements: ['Reg Bd(O)', 'Irr Wb(O)', 'Reg Sp(O)'],
        field: ['Reg Bd(O)', 'Irr Wb(O)', 'Reg Sp(O)'].map((e) => ({ element: e, weight: 1 })),
        budget: 40,
        showcase: { a: 'Reg Bd(O)', b: 'Irr Wb(O)' },
      },
      { threads: 1 },
    );
    const v = r.versions[0]!;
    expect(v.name).toBe('Blood and Blades 0.7');
    // Table 5.4: Reg Bd(O) 10 AP, so 40 AP buys 4.
    expect(v.elements[0]).toMatchObject({ element: 'Reg Bd(O)', cost: 10, count: 4 });
    expect(r.changes).toEqual([]);
  });
});
