/**
 * Scenario checking: every refusal names file:line and the field path before any work starts, and a
 * good scenario expands into the cells the element cost table allows (DBM 3.2 p.10).
 */
import { describe, expect, it } from 'vitest';
import type { DbmSituation } from '../../src/systems/dbm/index.ts';
import { loadScenarioText } from '../../src/scenario/load.ts';

const refused = (text: string): string => {
  try {
    loadScenarioText(text, 'x.yaml');
  } catch (e) {
    expect((e as Error).name).toBe('ScenarioError');
    return (e as Error).message;
  }
  throw new Error('scenario was accepted');
};

const matrix = (a: string, extra = '') => `rules: dbm-3.2
studies:
  - kind: matrix
    name: m
    a: ${a}
    b: [Reg Bd(O)]
${extra}`;

describe('refusing bad scenarios', () => {
  it('an impossible grade: "Q" is not a grade of Bd', () => {
    expect(refused(matrix('{ type: Bd, grade: Q }'))).toBe(
      'x.yaml:5 studies[0].a.grade: "Q" is not a grade of Bd (S, O, I, F, X)',
    );
  });

  it('a grade no selected type has: Pk(F) does not exist', () => {
    expect(refused(matrix('{ type: [Pk], grade: [O, F] }'))).toBe(
      'x.yaml:5 studies[0].a.grade[1]: "F" is not a grade of Pk (S, O, I, X)',
    );
  });

  it('an unknown troop type', () => {
    expect(refused(matrix('{ type: [Bd, Lancers] }'))).toMatch(
      /^x\.yaml:5 studies\[0\]\.a\.type\[1\]: "Lancers" is not a DBM troop type \(El, Kn,/,
    );
  });

  it('an element that cannot exist, in notation', () => {
    expect(refused(matrix('[Reg Wb(O)]'))).toBe(
      'x.yaml:5 studies[0].a[0]: "Reg Wb(O)": Warband are never regular',
    );
  });

  it('a misspelt key, on its own line', () => {
    const text = matrix('[Reg Bd(O)]', '    context:\n      bound: a\n      a: { depht: 2 }\n');
    expect(refused(text)).toBe('x.yaml:9 studies[0].context.a.depht: unknown key "depht"');
  });

  it('a wrong type of value', () => {
    const text = 'rules: dbm-3.2\nsamples: lots\nstudies:\n  - { kind: odds, name: o, situations: [] }\n';
    expect(refused(text)).toBe('x.yaml:2 samples: expected number, received string');
  });

  it('an unknown study kind', () => {
    expect(refused('rules: dbm-3.2\nstudies:\n  - kind: duel\n    name: d\n')).toBe(
      'x.yaml:3 studies[0].kind: must be "odds" or "matrix"',
    );
  });

  it('an unknown rules version', () => {
    expect(refused('rules: dbm-4.0\nstudies: []\n')).toMatch(/^x\.yaml:1 rules: must be one of "dbm-3\.0"/);
  });

  it('a YAML syntax error', () => {
    expect(refused('rules: dbm-3.2\nstudies:\n  - kind: odds\n    name: [unclosed\n')).toMatch(
      /^x\.yaml:\d+ syntax error: /,
    );
  });

  it('a bad situation field inside an odds study, with its path', () => {
    const text = `rules: dbm-3.2
studies:
  - kind: odds
    name: o
    situations:
      - a: { element: Reg Bd(O) }
        b: { element: Irr Kn(S), overlaps: 3 }
`;
    expect(refused(text)).toMatch(/^x\.yaml:7 studies\[0\]\.situations\[0\]\.b\.overlaps: /);
  });

  it('a bad cost override names the element key', () => {
    const text = `rules: dbm-3.2
overrides:
  costs:
    Reg Bd(Q): 6.5
studies:
  - { kind: odds, name: o, situations: [{ a: { element: Reg Bd(O) }, b: { element: Irr Kn(S) } }] }
`;
    expect(refused(text)).toMatch(/^x\.yaml:4 overrides\.costs\.Reg Bd\(Q\): .*not a grade/);
  });

  it('two studies with one name', () => {
    const s =
      '  - { kind: odds, name: o, situations: [{ a: { element: Reg Bd(O) }, b: { element: Irr Kn(S) } }] }\n';
    expect(refused(`rules: dbm-3.2\nstudies:\n${s}${s}`)).toBe(
      'x.yaml:4 studies[1].name: "o" names another study too',
    );
  });
});

describe('expanding good scenarios', () => {
  it('Bd of every grade, both regularities: 10 elements; against 1 that is 10 cells', () => {
    const { plan } = loadScenarioText(matrix('{ type: Bd }'), 'x.yaml');
    const study = plan.studies[0];
    expect(study?.rows).toEqual([
      'Reg Bd(S)',
      'Reg Bd(O)',
      'Reg Bd(I)',
      'Reg Bd(F)',
      'Reg Bd(X)',
      'Irr Bd(S)',
      'Irr Bd(O)',
      'Irr Bd(I)',
      'Irr Bd(F)',
      'Irr Bd(X)',
    ]);
    expect(study?.cells).toHaveLength(10);
    expect(study?.cells[1]?.costA).toBe(6);
  });

  it('depth 2 puts a second rank of the same element behind each cell element', () => {
    const { plan } = loadScenarioText(
      matrix('[Reg Sp(O), Reg Pk(O)]', '    context: { a: { depth: 2 } }\n'),
      'x.yaml',
    );
    const cell = plan.studies[0]?.cells[1];
    expect((cell?.situation as DbmSituation).a.rear.map((r) => r.element)).toEqual([
      { type: 'Pk', grade: 'O', reg: 'Reg' },
    ]);
  });

  it('cost overrides reach the cells: Reg Bd(O) at 6.5', () => {
    const { plan } = loadScenarioText(
      matrix('[Reg Bd(O)]', '').replace('studies:', 'overrides: { costs: { Reg Bd(O): 6.5 } }\nstudies:'),
      'x.yaml',
    );
    expect(plan.studies[0]?.cells[0]?.costA).toBe(6.5);
    expect(plan.houseRules).toBe(true);
  });

  it('command-line samples and seed override the scenario', () => {
    const { plan } = loadScenarioText(`samples: 5\nseed: 3\n${matrix('[Reg Bd(O)]')}`, 'x.yaml', {
      samples: 9,
      seed: 'z',
    });
    expect(plan.studies[0]?.samples).toBe(9);
    expect(plan.seed).toBe('z');
  });
});

describe('other rule systems', () => {
  it('a DBA 3.0 odds study runs through the same engine with the DBA outcomes', () => {
    const text = `rules: dba-3.0
studies:
  - kind: odds
    name: d
    situations:
      - { a: { element: 4Bd }, b: { element: 3Kn } }
`;
    const { plan } = loadScenarioText(text, 'x.yaml');
    expect(plan.version).toBe('DBA 3.0');
    expect(plan.studies[0]?.cells[0]?.table.codes).toHaveLength(36);
    expect(plan.outcomes.length).toBeGreaterThan(1);
  });

  it('matrix studies are refused for a system that lists no elements to sweep (GBA)', () => {
    expect(refused(matrix('[Reg Bd(O)]').replace('dbm-3.2', 'gba-5'))).toBe(
      'x.yaml:3 studies[0].kind: matrix studies need a rule system whose elements can be swept (DBM, DBA, B&B), not Great Battles of Alexander (5th ed.)',
    );
  });

  it('a bad DBA situation field is located like a DBM one', () => {
    const text = `rules: dba-3.0
studies:
  - kind: odds
    name: d
    situations:
      - a: { element: 4Bd }
        b: { element: 9Zz }
`;
    expect(refused(text)).toMatch(/^x\.yaml:7 studies\[0\]\.situations\[0\]\.b\.element: /);
  });
});
