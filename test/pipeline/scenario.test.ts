/**
 * Scenario checking: every refusal names file:line and the field path before any work starts, and a
 * good scenario expands into the cells the element cost table allows (DBM 3.2 p.10).
 */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.ts';
import { loadScenarioText, type LoadedScenario } from '../../src/pipeline/scenario.ts';

const refused = (text: string): string => {
  try {
    loadScenarioText(text, 'x.yaml');
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as Error).message;
  }
  throw new Error('scenario was accepted');
};

interface CellPlan {
  readonly rows?: readonly string[];
  readonly samples: number;
  readonly version: string;
  readonly outcomes: readonly string[];
  readonly cells: readonly { costA?: number; table: { codes: Uint8Array } }[];
}
const planOf = (l: LoadedScenario, i = 0) => l.studies[i]!.plan as CellPlan;

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

  it('a wrong type of value, and the studies are still checked', () => {
    const text = 'rules: dbm-3.2\nsamples: lots\nstudies:\n  - { kind: odds, name: o, situations: [] }\n';
    expect(refused(text)).toBe(
      'x.yaml:2 samples: expected number, found the text "lots"\nx.yaml:4 studies[0].situations: must have at least 1 item',
    );
  });

  it('an unknown study kind, listing every kind and the one meant', () => {
    expect(refused('rules: dbm-3.2\nstudies:\n  - kind: matrice\n    name: d\n')).toBe(
      'x.yaml:3 studies[0].kind: must be one of "odds", "matrix", "engagement", "balance", "army"; did you mean "matrix"?',
    );
  });

  it('an unknown rules version, with the nearest', () => {
    expect(refused('rules: dbm3.2\nstudies: [{ kind: odds, name: o, situations: [{}] }]\n')).toMatch(
      /^x\.yaml:1 rules: unknown rules "dbm3\.2": did you mean dbm-3\.2\? \(dbm-3\.0, dbm-3\.1, dbm-3\.2,/,
    );
  });

  it('every bad study is reported, not the first only', () => {
    const text = `rules: dbm-3.2
studies:
  - { kind: odds, name: o, situations: [{ a: { element: Reg Bd(Q) }, b: { element: Irr Kn(S) } }] }
  - { kind: matrice, name: m }
`;
    const lines = refused(text).split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^x\.yaml:3 studies\[0\]\.situations\[0\]\.a\.element: /);
    expect(lines[1]).toMatch(/^x\.yaml:4 studies\[1\]\.kind: must be one of/);
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

  it('a cost that would not add up exactly (not a multiple of 1/16 AP) is refused at its line', () => {
    const text = (cost: string) => `rules: dbm-3.2
overrides:
  costs:
    Reg Bd(O): ${cost}
studies:
  - { kind: odds, name: o, situations: [{ a: { element: Reg Bd(O) }, b: { element: Irr Kn(S) } }] }
`;
    expect(refused(text('6.3'))).toMatch(
      /^x\.yaml:4 overrides\.costs\.Reg Bd\(O\): a cost in AP is a multiple of 1\/16/,
    );
    expect(() => loadScenarioText(text('6.25'), 'x.yaml')).not.toThrow();
  });

  it('two studies with one name', () => {
    const s =
      '  - { kind: odds, name: o, situations: [{ a: { element: Reg Bd(O) }, b: { element: Irr Kn(S) } }] }\n';
    expect(refused(`rules: dbm-3.2\nstudies:\n${s}${s}`)).toBe(
      'x.yaml:4 studies[1].name: "o" names study 1 too',
    );
  });
});

describe('expanding good scenarios', () => {
  it('Bd of every grade, both regularities: 10 elements; against 1 that is 10 cells', () => {
    const study = planOf(loadScenarioText(matrix('{ type: Bd }'), 'x.yaml'));
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

  it('depth 2 puts a second rank of the same element behind each cell element (+1 pike support, p.21)', () => {
    const deep = planOf(
      loadScenarioText(matrix('[Reg Pk(O)]', '    context: { a: { depth: 2 } }\n'), 'x.yaml'),
    );
    const flat = planOf(loadScenarioText(matrix('[Reg Pk(O)]'), 'x.yaml'));
    // Pk(O) 3 + 1 supported against Bd(O) 5: the table differs from the unsupported one.
    expect(Array.from(deep.cells[0]!.table.codes)).not.toEqual(Array.from(flat.cells[0]!.table.codes));
  });

  it('cost overrides reach the cells: Reg Bd(O) at 6.5', () => {
    const l = loadScenarioText(
      matrix('[Reg Bd(O)]', '').replace('studies:', 'overrides: { costs: { Reg Bd(O): 6.5 } }\nstudies:'),
      'x.yaml',
    );
    expect(planOf(l).cells[0]?.costA).toBe(6.5);
    expect(l.houseRules).toBe(true);
  });

  it('command-line samples and seed override the scenario', () => {
    const l = loadScenarioText(`samples: 5\nseed: 3\n${matrix('[Reg Bd(O)]')}`, 'x.yaml', {
      samples: 9,
      seed: 'z',
    });
    expect(planOf(l).samples).toBe(9);
    expect(l.seed).toBe('z');
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
    const l = loadScenarioText(text, 'x.yaml');
    expect(l.version).toBe('DBA 3.0');
    expect(planOf(l).cells[0]?.table.codes).toHaveLength(36);
    expect(planOf(l).outcomes.length).toBeGreaterThan(1);
  });

  it('matrix studies are refused for a system that lists no elements to sweep (GBA)', () => {
    expect(refused(matrix('[Reg Bd(O)]').replace('dbm-3.2', 'gba-5'))).toBe(
      'x.yaml:3 studies[0].kind: matrix studies need a rule system whose elements can be named and swept, not GBA',
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
