/**
 * Matrix studies for DBA 3.0 and Blood and Blades 0.7: sweeps in each system's own notation, a context in
 * its situation format, every cell built by its own situation parser and equal to enumerate() of the
 * same situation; sampling agrees with the exact tables; costs from B&B 0.7 Table 5.4 and none for DBA.
 */
import { describe, expect, it } from 'vitest';
import { enumerate } from '../../src/core/exact.ts';
import type { RuleSet } from '../../src/core/ruleset.ts';
import { exactCounts } from '../../src/engine/table.ts';
import { studyCsv } from '../../src/report/tables.ts';
import { bnb, parseBnbSituation, type BnbSituation } from '../../src/systems/bnb/index.ts';
import { dba, parseDbaSituation, type DbaSituation } from '../../src/systems/dba/index.ts';
import { allElements } from '../../src/systems/dbm/notation.ts';
import { runScenario } from '../../src/run/run.ts';
import { loadScenarioText } from '../../src/scenario/load.ts';
import type { PlannedStudy } from '../../src/scenario/plan.ts';

const refused = (text: string): string => {
  try {
    loadScenarioText(text, 'x.yaml');
  } catch (e) {
    expect((e as Error).name).toBe('ScenarioError');
    return (e as Error).message;
  }
  throw new Error('scenario was accepted');
};

/** A one-study matrix scenario: line 5 is `a`, line 6 is `b`, the context (if any) starts on line 7. */
const matrix = (rules: string, a: string, b: string, context = '') =>
  `rules: ${rules}\nstudies:\n  - kind: matrix\n    name: m\n    a: ${a}\n    b: ${b}\n${context}`;

/** Joint counts of enumerate(), laid out like a compiled table (A's outcome * n + B's outcome). */
function enumeratedJoint<S, O extends string>(rules: RuleSet<S, O>, s: S): number[] {
  const n = rules.outcomes.length;
  const out = new Array<number>(n * n).fill(0);
  for (const j of enumerate(rules, s).joint) {
    out[rules.outcomes.indexOf(j.a) * n + rules.outcomes.indexOf(j.b)] = j.count;
  }
  return out;
}

/** Every cell of a study against enumerate() of the situation built independently from its elements. */
function expectCellsEqualEnumerate<S, O extends string>(
  study: PlannedStudy,
  rules: RuleSet<S, O>,
  situationOf: (a: string, b: string) => S,
): void {
  expect(study.cells).toHaveLength((study.rows?.length ?? 0) * (study.cols?.length ?? 0));
  study.cells.forEach((cell, k) => {
    const row = study.rows?.[Math.floor(k / (study.cols?.length ?? 1))];
    const col = study.cols?.[k % (study.cols?.length ?? 1)];
    expect([cell.a, cell.b]).toEqual([row, col]);
    const s = situationOf(cell.a, cell.b);
    expect(cell.situation).toEqual(s);
    expect(Array.from(exactCounts(cell.table))).toEqual(enumeratedJoint(rules, s));
  });
}

describe('DBA 3.0 matrix studies', () => {
  const text = matrix(
    'dba-3.0',
    '[4Bd, 3Kn, 2LH, 4Wb]',
    '{ type: [Sp, Pk] }',
    '    context:\n      bound: b\n      a: { going: rough }\n      b: { depth: 2 }\n',
  );
  const study = loadScenarioText(text, 'x.yaml').plan.studies[0] as PlannedStudy;

  it('a sweep by type takes every catalogue element of the type, in table order', () => {
    expect(study.rows).toEqual(['4Bd', '3Kn', '2LH', '4Wb']);
    expect(study.cols).toEqual(['4Sp', '8Sp', '4Pk', '3Pk']);
  });

  it('every cell equals enumerate() of the same DBA situation (depth 2: the same element behind)', () => {
    expectCellsEqualEnumerate(study, dba, (a, b) =>
      parseDbaSituation({
        rules: 'dba-3.0',
        mode: 'close',
        bound: 'b',
        a: { element: a, going: 'rough' },
        b: { element: b, behind: b },
      }),
    );
    expect((study.cells[0]?.situation as DbaSituation).b.behind?.element.code).toBe('4Sp');
  });

  it('DBA has no points costs: no cost in any cell', () => {
    expect(study.cells.every((c) => c.costA === undefined && c.costB === undefined)).toBe(true);
  });

  it('4Bd v 4Bd in good going: +5 each, never doubled, so each recoils on 15 of 36 rolls', () => {
    const { plan } = loadScenarioText(matrix('dba-3.0', '[4Bd]', '[4Bd]'), 'x.yaml');
    const cell = plan.studies[0]?.cells[0];
    const d = enumerate(dba, cell?.situation as DbaSituation);
    expect([d.a.recoil.count, d.b.recoil.count, d.a.none.count, d.a.destroyed.count]).toEqual([
      15, 15, 21, 0,
    ]);
    expect(Array.from(exactCounts(cell!.table))).toEqual(
      enumeratedJoint(dba, cell?.situation as DbaSituation),
    );
  });

  it('"all" sweeps the whole catalogue (41 elements)', () => {
    const { plan } = loadScenarioText(matrix('dba-3.0', 'all', '[4Bd]'), 'x.yaml');
    expect(plan.studies[0]?.rows).toHaveLength(41);
    expect(plan.studies[0]?.rows?.slice(0, 4)).toEqual(['El', '3Kn', '4Kn', '6Kn']);
  });

  it('a written type selects its own elements: Lb gives the longbows only', () => {
    const { plan } = loadScenarioText(matrix('dba-3.0', '{ type: Lb }', '[4Bd]'), 'x.yaml');
    expect(plan.studies[0]?.rows).toEqual(['4Lb', '3Lb', '8Lb']);
  });
});

describe('Blood and Blades 0.7 matrix studies', () => {
  const text = matrix(
    'bnb-0.7',
    '{ type: [Cv, Bd], grade: [S, O], reg: Reg }',
    '[Reg Bd(O), Irr Wb(S), Reg Pk(I)]',
    '    context:\n      a: { going: rough }\n      b: { depth: 3, cohesion: true }\n',
  );
  const study = loadScenarioText(text, 'x.yaml').plan.studies[0] as PlannedStudy;

  it('types x grades x regularities skip what Table 5.4 forbids (there is no Reg Bd(S))', () => {
    expect(study.rows).toEqual(['Reg Cv(S)', 'Reg Cv(O)', 'Reg Bd(O)']);
  });

  it('every cell equals enumerate() of the same B&B situation (depth 3: two ranks behind)', () => {
    expectCellsEqualEnumerate(study, bnb, (a, b) =>
      parseBnbSituation({
        rules: 'bnb-0.7',
        mode: 'close',
        bound: 'a',
        a: { element: a, going: 'rough' },
        b: { element: b, rear: [b, b], cohesion: true },
      }),
    );
    expect((study.cells[2]?.situation as BnbSituation).b.rear).toHaveLength(2);
  });

  it('costs come from Table 5.4: Reg Cv(S) 13 AP, Reg Bd(O) 10, Irr Wb(S) 8, Reg Pk(I) 4', () => {
    expect(study.cells.slice(0, 3).map((c) => [c.costA, c.costB])).toEqual([
      [13, 10],
      [13, 8],
      [13, 4],
    ]);
  });

  it('a shooting context: Bw shoot, every cell through the B&B parser', () => {
    const { plan } = loadScenarioText(
      matrix(
        'bnb-0.7',
        '{ type: Bw, reg: Irr }',
        '[Reg Bd(O), Irr Ax(O)]',
        '    context: { mode: shooting }\n',
      ),
      'x.yaml',
    );
    const s = plan.studies[0] as PlannedStudy;
    expect(s.rows).toEqual(['Irr Bw(S)', 'Irr Bw(O)', 'Irr Bw(I)']);
    expectCellsEqualEnumerate(s, bnb, (a, b) =>
      parseBnbSituation({
        rules: 'bnb-0.7',
        mode: 'shooting',
        bound: 'a',
        a: { element: a },
        b: { element: b },
      }),
    );
  });
});

describe('sampled matrices agree with the exact tables', () => {
  const run = async (text: string) => {
    const loaded = loadScenarioText(text, 'x.yaml');
    const out = await runScenario(loaded, { threads: 1, options: { seed: null, samples: null } });
    if (out.kind !== 'results') throw new Error('expected results');
    return out.results;
  };

  it('DBA: 20,000 samples a cell, every outcome inside its interval; CSV without cost columns', async () => {
    const r = await run(`samples: 20000\n${matrix('dba-3.0', '[4Bd, 3Kn]', '[4Sp, 2LH]')}`);
    const s = r.studies[0]!;
    expect(s.agrees).toBe(true);
    for (const c of s.cells) {
      for (const side of ['a', 'b'] as const) {
        const sampled = c.result[side].sampled ?? {};
        expect(Object.values(sampled).reduce((t, m) => t + m.count, 0)).toBe(20000);
        for (const [o, m] of Object.entries(sampled)) {
          expect(Math.abs(m.p - (c.result[side].exact[o]?.p ?? -1))).toBeLessThan(0.02);
        }
      }
    }
    const csv = studyCsv(r, s).split('\n');
    expect(csv[0]).toBe(
      'study,cell,a,b,side,outcome,exact_count,space,exact_p,samples,sampled_count,sampled_p,ci95_low,ci95_high,agrees',
    );
  });

  it('B&B: sampled agrees; the CSV carries the Table 5.4 costs', async () => {
    const r = await run(`samples: 20000\n${matrix('bnb-0.7', '[Reg Cv(S)]', '[Reg Bd(O), Irr Wb(S)]')}`);
    const s = r.studies[0]!;
    expect(s.agrees).toBe(true);
    expect(s.cells.every((c) => c.result.samples === 20000)).toBe(true);
    const csv = studyCsv(r, s).split('\n');
    expect(csv[0]?.startsWith('study,cell,a,b,cost_a,cost_b,side,outcome,')).toBe(true);
    expect(csv[1]?.startsWith('m,Reg Cv(S) v Reg Bd(O),Reg Cv(S),Reg Bd(O),13,10,A,destroyed,')).toBe(true);
  });
});

describe('refusing bad DBA and B&B matrices with file:line and path', () => {
  it('a bad element in DBA notation', () => {
    expect(refused(matrix('dba-3.0', '[4Bd, 9Zz]', '[3Kn]'))).toMatch(
      /^x\.yaml:5 studies\[0\]\.a\[1\]: "9Zz" is not DBA element notation: "Zz" is not a troop type \(El, /,
    );
  });

  it('a DBA element with a figure count it never has', () => {
    expect(refused(matrix('dba-3.0', '[4Bd]', '[5Kn]'))).toBe(
      'x.yaml:6 studies[0].b[0]: "5Kn" is not a DBA element: 5 is not a figure count of Kn (3Kn, 4Kn, 6Kn)',
    );
  });

  it('a bad element in B&B notation: Table 5.4 has no Pk(O)', () => {
    expect(refused(matrix('bnb-0.7', '[Reg Bd(O)]', '[Irr Wb(S), Reg Pk(O)]'))).toBe(
      'x.yaml:6 studies[0].b[1]: "Reg Pk(O)": "O" is not a grade of Pk (I, F, X) (B&B 0.7 Table 5.4)',
    );
  });

  it('a DBM element in a B&B scenario is still checked by the B&B parser', () => {
    expect(refused(matrix('bnb-0.7', '[Reg Kn(O)]', '[Reg Bd(O)]'))).toMatch(
      /^x\.yaml:5 studies\[0\]\.a\[0\]: "Kn" in "Reg Kn\(O\)" is not a B&B troop type/,
    );
  });

  it('DBA elements have no grades', () => {
    expect(refused(matrix('dba-3.0', '{ type: Bd, grade: O }', '[3Kn]'))).toBe(
      'x.yaml:5 studies[0].a.grade: DBA 3.0 elements have no grade: sweep by type only',
    );
  });

  it('a B&B grade none of the types has', () => {
    expect(refused(matrix('bnb-0.7', '{ type: [Pk], grade: [I, S] }', '[Reg Bd(O)]'))).toBe(
      'x.yaml:5 studies[0].a.grade[1]: "S" is not a grade of Pk (I, F, X)',
    );
  });

  it('a troop type of another system', () => {
    expect(refused(matrix('bnb-0.7', '{ type: [Bd, Kn] }', '[Reg Bd(O)]'))).toMatch(
      /^x\.yaml:5 studies\[0\]\.a\.type\[1\]: "Kn" is not a Blood and Blades 0\.7 troop type \(El, HCh,/,
    );
  });

  it('a misspelt DBA context key, on its own line, with the cell', () => {
    const text = matrix(
      'dba-3.0',
      '[4Bd]',
      '[3Kn]',
      '    context:\n      bound: a\n      a: { genral: true }\n',
    );
    expect(refused(text)).toBe('x.yaml:9 studies[0].context.a.genral: unknown key "genral" (cell 4Bd v 3Kn)');
  });

  it('a bad DBA context value', () => {
    const text = matrix('dba-3.0', '[4Bd]', '[3Kn]', '    context:\n      b:\n        going: swamp\n');
    expect(refused(text)).toMatch(/^x\.yaml:9 studies\[0\]\.context\.b\.going: .*swamp/);
  });

  it('a B&B context that only some cells break: Bg is never overlapped', () => {
    const text = matrix(
      'bnb-0.7',
      '[Reg Bd(O), Irr Bg(O)]',
      '[Reg Bd(O)]',
      '    context:\n      a: { overlaps: 1 }\n',
    );
    expect(refused(text)).toBe(
      'x.yaml:8 studies[0].context.a.overlaps: Bg can never be overlapped (B&B 0.7 ch.4 Bg) (cell Irr Bg(O) v Reg Bd(O))',
    );
  });

  it('a misspelt B&B context key', () => {
    const text = matrix(
      'bnb-0.7',
      '[Reg Bd(O)]',
      '[Reg Bd(O)]',
      '    context:\n      b: { cohesoin: true }\n',
    );
    expect(refused(text)).toBe(
      'x.yaml:8 studies[0].context.b.cohesoin: unknown key "cohesoin" (cell Reg Bd(O) v Reg Bd(O))',
    );
  });

  it('depth beyond what the system supports (DBA: one element behind)', () => {
    const text = matrix('dba-3.0', '[4Pk]', '[3Kn]', '    context:\n      a: { depth: 3 }\n');
    expect(refused(text)).toBe('x.yaml:8 studies[0].context.a.depth: expected a whole number from 1 to 2');
  });

  it('depth and the explicit ranks together (B&B rear)', () => {
    const text = matrix(
      'bnb-0.7',
      '[Reg Pk(I)]',
      '[Reg Bd(O)]',
      '    context:\n      a: { depth: 2, rear: [Reg Pk(I)] }\n',
    );
    expect(refused(text)).toBe('x.yaml:8 studies[0].context.a.depth: give depth or rear, not both');
  });

  it('an element in the context', () => {
    const text = matrix('dba-3.0', '[4Bd]', '[3Kn]', '    context:\n      a: { element: 4Bd }\n');
    expect(refused(text)).toBe(
      'x.yaml:8 studies[0].context.a.element: the sweep gives each cell its element: leave it out here',
    );
  });
});

describe('DBM keeps its matrix', () => {
  it('"all" sweeps every DBM element; a bad DBM context key is still refused before any cell', () => {
    const { plan } = loadScenarioText(matrix('dbm-3.2', 'all', '[Reg Bd(O)]'), 'x.yaml');
    expect(plan.studies[0]?.rows).toHaveLength(allElements().length);
    expect(plan.studies[0]?.cells[0]?.costA).toBeDefined();
    const bad = matrix('dbm-3.2', '[Reg Bd(O)]', '[Reg Bd(O)]', '    context:\n      a: { depht: 2 }\n');
    expect(refused(bad)).toBe('x.yaml:8 studies[0].context.a.depht: unknown key "depht"');
  });
});
