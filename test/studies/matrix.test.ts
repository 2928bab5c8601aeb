/**
 * Matrix studies through the one pipeline, for every system with a catalogue: sweeps by type, grade and
 * regularity; every cell's compiled table equals enumerate() of the same situation built independently;
 * costs where the system has points; sampled cells agree with exact ones; bad input refused with
 * file:line and the field path.
 */
import { tableCsv } from '../../src/report/table.ts';
import { describe, expect, it } from 'vitest';
import { enumerate } from '../../src/core/exact.ts';
import type { AnySystem } from '../../src/core/system.ts';
import { exactCounts } from '../../src/engine/table.ts';
import { buildResults } from '../../src/pipeline/results.ts';
import { runScenario } from '../../src/pipeline/run.ts';
import { loadScenarioText } from '../../src/pipeline/scenario.ts';
import type { CellStudyResults, PlannedCell } from '../../src/studies/cells.ts';
import { requireSystem } from '../../src/systems/registry.ts';

const dba = requireSystem('dba-3.0');
const bnb = requireSystem('bnb-0.7');
const dbm = requireSystem('dbm-3.2');

const refused = (text: string): string => {
  try {
    loadScenarioText(text, 'x.yaml');
  } catch (e) {
    expect((e as Error).name).toBe('InputError');
    return (e as Error).message;
  }
  throw new Error('scenario was accepted');
};

/** A one-study matrix scenario: line 5 is `a`, line 6 is `b`, the context (if any) starts on line 7. */
const matrix = (rules: string, a: string, b: string, context = '') =>
  `rules: ${rules}\nstudies:\n  - kind: matrix\n    name: m\n    a: ${a}\n    b: ${b}\n${context}`;

interface MatrixPlan {
  readonly rows: readonly string[];
  readonly cols: readonly string[];
  readonly cells: readonly PlannedCell[];
}
const planOf = (text: string): MatrixPlan => loadScenarioText(text, 'x.yaml').studies[0]!.plan as MatrixPlan;

/** Joint counts of enumerate(), laid out like a compiled table (A's outcome * n + B's outcome). */
function enumeratedJoint(system: AnySystem, version: string, input: unknown): number[] {
  const v = system.variant({ version });
  const rules = v.ruleset;
  const n = rules.outcomes.length;
  const out = new Array<number>(n * n).fill(0);
  for (const j of enumerate(rules, v.parseSituation(input)).joint)
    out[rules.outcomes.indexOf(j.a) * n + rules.outcomes.indexOf(j.b)] = j.count;
  return out;
}

/** Every cell of a study against enumerate() of the situation built independently from its elements. */
function expectCellsEqualEnumerate(
  plan: MatrixPlan,
  system: AnySystem,
  version: string,
  inputOf: (a: string, b: string) => unknown,
): void {
  expect(plan.cells).toHaveLength(plan.rows.length * plan.cols.length);
  plan.cells.forEach((cell, k) => {
    const row = plan.rows[Math.floor(k / plan.cols.length)];
    const col = plan.cols[k % plan.cols.length];
    expect([cell.a, cell.b]).toEqual([row, col]);
    expect(Array.from(exactCounts(cell.table))).toEqual(
      enumeratedJoint(system, version, inputOf(cell.a, cell.b)),
    );
  });
}

describe('DBA 3.0 matrix studies', () => {
  const plan = planOf(
    matrix(
      'dba-3.0',
      '[4Bd, 3Kn, 2LH, 4Wb]',
      '{ type: [Sp, Pk] }',
      '    context:\n      bound: b\n      a: { going: rough }\n      b: { depth: 2 }\n',
    ),
  );

  it('a sweep by type takes every catalogue element of the type, in table order', () => {
    expect(plan.rows).toEqual(['4Bd', '3Kn', '2LH', '4Wb']);
    expect(plan.cols).toEqual(['4Sp', '8Sp', '4Pk', '3Pk']);
  });

  it('every cell equals enumerate() of the same DBA situation (depth 2: the same element behind)', () => {
    expectCellsEqualEnumerate(plan, dba, 'dba-3.0', (a, b) => ({
      rules: 'dba-3.0',
      mode: 'close',
      bound: 'b',
      a: { element: a, going: 'rough' },
      b: { element: b, behind: b },
    }));
  });

  it('DBA has no points costs: no cost in any cell', () => {
    expect(plan.cells.every((c) => c.costA === undefined && c.costB === undefined)).toBe(true);
  });

  it('4Bd v 4Bd in good going: +5 each, never doubled, so each recoils on 15 of 36 rolls', () => {
    const cell = planOf(matrix('dba-3.0', '[4Bd]', '[4Bd]')).cells[0]!;
    const v = dba.variant({ version: 'dba-3.0' });
    const d = enumerate(v.ruleset, v.parseSituation({ a: { element: '4Bd' }, b: { element: '4Bd' } }));
    const counts = d as unknown as Record<'a' | 'b', Record<string, { count: number }>>;
    expect([
      counts.a.recoil!.count,
      counts.b.recoil!.count,
      counts.a.none!.count,
      counts.a.destroyed!.count,
    ]).toEqual([15, 15, 21, 0]);
    expect(Array.from(exactCounts(cell.table))).toEqual(
      enumeratedJoint(dba, 'dba-3.0', { a: { element: '4Bd' }, b: { element: '4Bd' } }),
    );
  });

  it('"all" sweeps the whole catalogue (41 elements)', () => {
    const p = planOf(matrix('dba-3.0', 'all', '[4Bd]'));
    expect(p.rows).toHaveLength(41);
    expect(p.rows.slice(0, 4)).toEqual(['El', '3Kn', '4Kn', '6Kn']);
  });

  it('a written type selects its own elements: Lb gives the longbows only', () => {
    expect(planOf(matrix('dba-3.0', '{ type: Lb }', '[4Bd]')).rows).toEqual(['4Lb', '3Lb', '8Lb']);
  });
});

describe('Blood and Blades 0.7 matrix studies', () => {
  const plan = planOf(
    matrix(
      'bnb-0.7',
      '{ type: [Cv, Bd], grade: [S, O], reg: Reg }',
      '[Reg Bd(O), Irr Wb(S), Reg Pk(I)]',
      '    context:\n      a: { going: rough }\n      b: { depth: 3, cohesion: true }\n',
    ),
  );

  it('types x grades x regularities skip what Table 5.4 forbids (there is no Reg Bd(S))', () => {
    expect(plan.rows).toEqual(['Reg Cv(S)', 'Reg Cv(O)', 'Reg Bd(O)']);
  });

  it('every cell equals enumerate() of the same B&B situation (depth 3: two ranks behind)', () => {
    expectCellsEqualEnumerate(plan, bnb, 'bnb-0.7', (a, b) => ({
      rules: 'bnb-0.7',
      mode: 'close',
      bound: 'a',
      a: { element: a, going: 'rough' },
      b: { element: b, rear: [b, b], cohesion: true },
    }));
  });

  it('costs come from Table 5.4: Reg Cv(S) 13 AP, Reg Bd(O) 10, Irr Wb(S) 8, Reg Pk(I) 4', () => {
    expect(plan.cells.slice(0, 3).map((c) => [c.costA, c.costB])).toEqual([
      [13, 10],
      [13, 8],
      [13, 4],
    ]);
  });

  it('a shooting context: Bw shoot, every cell through the B&B parser', () => {
    const p = planOf(
      matrix(
        'bnb-0.7',
        '{ type: Bw, reg: Irr }',
        '[Reg Bd(O), Irr Ax(O)]',
        '    context: { mode: shooting }\n',
      ),
    );
    expect(p.rows).toEqual(['Irr Bw(S)', 'Irr Bw(O)', 'Irr Bw(I)']);
    expectCellsEqualEnumerate(p, bnb, 'bnb-0.7', (a, b) => ({
      rules: 'bnb-0.7',
      mode: 'shooting',
      a: { element: a },
      b: { element: b },
    }));
  });
});

describe('sampled matrices agree with the exact tables', () => {
  const run = async (text: string) => {
    const loaded = loadScenarioText(text, 'x.yaml');
    const counts = await runScenario(loaded, { threads: 1 });
    const r = buildResults(loaded, counts.complete, {
      tool: { name: 'debellator', version: 'test' },
      options: { seed: null, samples: null },
    });
    return { loaded, results: r.studies[0]!.results as CellStudyResults };
  };

  it('DBA: 20,000 samples a cell, every outcome inside its interval; CSV without cost columns', async () => {
    const { loaded, results: s } = await run(
      `samples: 20000\n${matrix('dba-3.0', '[4Bd, 3Kn]', '[4Sp, 2LH]')}`,
    );
    expect(s.agrees).toBe(true);
    for (const c of s.cells) {
      for (const side of ['a', 'b'] as const) {
        const sampled = c.result[side].sampled ?? {};
        expect(Object.values(sampled).reduce((t, m) => t + m.count, 0)).toBe(20000);
        for (const [o, m] of Object.entries(sampled))
          expect(Math.abs(m.p - (c.result[side].exact[o]?.p ?? -1))).toBeLessThan(0.02);
      }
    }
    const study = loaded.studies[0]!;
    const csv = tableCsv([...study.kind.report(s, study.plan).data!.values()][0]!);
    expect(csv.split('\n')[0]).toBe(
      'study,cell,a,b,version,side,outcome,exact_count,space,exact_p,samples,sampled_count,sampled_p,ci95_low,ci95_high,agrees',
    );
  });

  it('B&B: sampled agrees; the CSV carries the Table 5.4 costs', async () => {
    const { loaded, results: s } = await run(
      `samples: 20000\n${matrix('bnb-0.7', '[Reg Cv(S)]', '[Reg Bd(O), Irr Wb(S)]')}`,
    );
    expect(s.agrees).toBe(true);
    expect(s.cells.every((c) => c.result.samples === 20000)).toBe(true);
    const study = loaded.studies[0]!;
    const csv = tableCsv([...study.kind.report(s, study.plan).data!.values()][0]!).split('\n');
    expect(csv[0]?.startsWith('study,cell,a,b,version,cost_a,cost_b,side,outcome,')).toBe(true);
    expect(csv[1]?.startsWith('m,Reg Cv(S) v Reg Bd(O),Reg Cv(S),Reg Bd(O),bnb-0.7,13,10,A,destroyed,')).toBe(
      true,
    );
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
      'x.yaml:5 studies[0].a.grade: DBA elements have no grade: sweep by type only',
    );
  });

  it('a B&B grade none of the types has', () => {
    expect(refused(matrix('bnb-0.7', '{ type: [Pk], grade: [I, S] }', '[Reg Bd(O)]'))).toBe(
      'x.yaml:5 studies[0].a.grade[1]: "S" is not a grade of Pk (I, F, X)',
    );
  });

  it('a troop type of another system', () => {
    expect(refused(matrix('bnb-0.7', '{ type: [Bd, Kn] }', '[Reg Bd(O)]'))).toMatch(
      /^x\.yaml:5 studies\[0\]\.a\.type\[1\]: "Kn" is not a Blood and Blades troop type \(El, HCh,/,
    );
  });

  it('a misspelt DBA context key, on its own line', () => {
    const text = matrix(
      'dba-3.0',
      '[4Bd]',
      '[3Kn]',
      '    context:\n      bound: a\n      a: { genral: true }\n',
    );
    expect(refused(text)).toBe('x.yaml:9 studies[0].context.a.genral: unknown key "genral"');
  });

  it('a bad DBA context value', () => {
    const text = matrix('dba-3.0', '[4Bd]', '[3Kn]', '    context:\n      b:\n        going: swamp\n');
    expect(refused(text)).toBe(
      'x.yaml:9 studies[0].context.b.going: must be one of "good", "rough", "bad", "dunes" (cell 4Bd v 3Kn)',
    );
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
    expect(refused(text)).toBe('x.yaml:8 studies[0].context.b.cohesoin: unknown key "cohesoin"');
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

describe('DBM matrices', () => {
  it('"all" sweeps every DBM element; a bad DBM context key is still refused before any cell', () => {
    const plan = planOf(matrix('dbm-3.2', 'all', '[Reg Bd(O)]'));
    expect(plan.rows).toHaveLength(dbm.catalogue!.all().length);
    expect(plan.cells[0]?.costA).toBeDefined();
    const bad = matrix('dbm-3.2', '[Reg Bd(O)]', '[Reg Bd(O)]', '    context:\n      a: { depht: 2 }\n');
    expect(refused(bad)).toBe('x.yaml:8 studies[0].context.a.depht: unknown key "depht"');
  });
});
