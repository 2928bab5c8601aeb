/** Engagement and balance studies in scenario files: checked before any work starts. */
import { describe, expect, it } from 'vitest';
import { loadScenarioText } from '../../src/scenario/load.ts';

const scenario = (study: string) => `name: t\nrules: dbm-3.2\nstudies:\n${study}`;

describe('engagement and balance studies in scenarios', () => {
  it('an engagement study becomes a kernel config sized to its budget', () => {
    const l = loadScenarioText(
      scenario(
        '  - kind: engagement\n    name: e\n    budget: 48\n    a: as many Reg Bd(O) as the budget buys\n    b: 4 files of Irr Kn(O)\n',
      ),
      'x.yaml',
    );
    const e = l.long.engagements[0]!;
    expect(e.config.a.files).toHaveLength(8);
    expect(e.config.b.files).toHaveLength(4);
    expect(e.samples).toBe(10_000);
    expect(l.plan.studies).toHaveLength(0);
  });
  it('a balance study resolves its elements, field and showcase', () => {
    const l = loadScenarioText(
      scenario(
        '  - kind: balance\n    name: b\n    elements: [Reg Bd(O), Irr Kn(O), Irr Wb(O)]\n    field: [{element: Reg Sp(O), weight: 2}]\n',
      ),
      'x.yaml',
      { samples: 50 },
    );
    const b = l.long.balances[0]!;
    expect(b.elements).toHaveLength(3);
    expect(b.field).toEqual([{ element: 'Reg Sp(O)', weight: 2 }]);
    expect(b.engagements).toBe(50);
    expect(b.versions).toEqual(['dbm-3.1', 'dbm-3.2']);
  });
  it('refuses a bad element with file:line and path', () => {
    expect(() =>
      loadScenarioText(
        scenario('  - kind: balance\n    name: b\n    elements: [Reg Bd(O), Irr Kn(Q), Irr Wb(O)]\n'),
        'x.yaml',
      ),
    ).toThrow(/^x\.yaml:6 studies\[0\]\.elements\[1\]: "Q" in "Irr Kn\(Q\)" is not a grade/);
  });
  it('refuses an element dearer than the budget, a misspelt key, a bad depth type', () => {
    expect(() =>
      loadScenarioText(
        scenario(
          '  - kind: balance\n    name: b\n    budget: 10\n    elements: [Reg Bd(O), Reg Kn(O), Irr Wb(O)]\n',
        ),
        'x.yaml',
      ),
    ).toThrow(/elements\[1\]: one Reg Kn\(O\) costs more than the budget of 10 AP/);
    expect(() =>
      loadScenarioText(
        scenario(
          '  - kind: balance\n    name: b\n    budgt: 10\n    elements: [Reg Bd(O), Reg Kn(O), Irr Wb(O)]\n',
        ),
        'x.yaml',
      ),
    ).toThrow(/unknown key "budgt"|budgt/);
    expect(() =>
      loadScenarioText(
        scenario(
          '  - kind: balance\n    name: b\n    depth: {Qq: 2}\n    elements: [Reg Bd(O), Reg Kn(O), Irr Wb(O)]\n',
        ),
        'x.yaml',
      ),
    ).toThrow(/depth\.Qq: "Qq" is not a troop type of dbm-3\.2/);
  });
  it('refuses an engagement line it cannot read, naming the field', () => {
    expect(() =>
      loadScenarioText(
        scenario('  - kind: engagement\n    name: e\n    a: lots of blades\n    b: 4 files of Irr Kn(O)\n'),
        'x.yaml',
      ),
    ).toThrow(/studies\[0\]\.a/);
  });
});

describe('GBA engagement studies in scenarios', () => {
  const gba = (situation: string) =>
    `name: g\nrules: gba-5\nstudies:\n  - kind: gba-engagement\n    name: e\n    roundLimit: 5\n    situation:\n${situation}`;
  it('reads a shock situation and the round options', () => {
    const l = loadScenarioText(
      gba(
        '      a: { units: [{ type: PH, tq: 7, size: 10, moved: true }] }\n      b: { units: [{ type: HI, tq: 6, size: 8 }] }\n',
      ),
      'g.yaml',
    );
    const e = l.long.gbaEngagements[0]!;
    expect(e.situation.mode).toBe('shock');
    expect(e.options.roundLimit).toBe(5);
    expect(e.options.laterAttacker).toBe('same');
  });
  it('refuses a bad unit with the path inside the situation', () => {
    expect(() =>
      loadScenarioText(
        gba(
          '      a: { units: [{ type: QQ, tq: 7, size: 10 }] }\n      b: { units: [{ type: HI, tq: 6, size: 8 }] }\n',
        ),
        'g.yaml',
      ),
    ).toThrow(/^g\.yaml:\d+ studies\[0\]\.situation\.a\.units/);
  });
  it("routPoints 'tq' takes each unit's TQ; a withdrawal level is read per side", () => {
    const l = loadScenarioText(
      gba(
        '      a: { units: [{ type: PH, tq: 7, size: 10, moved: true }] }\n      b: { units: [{ type: HI, tq: 6, size: 8 }, { type: LI, tq: 4, size: 5 }] }\n',
      ).replace(
        '    roundLimit: 5\n',
        '    roundLimit: 5\n    routPoints: tq\n    withdrawalLevel: { b: 6 }\n',
      ),
      'g.yaml',
    );
    const o = l.long.gbaEngagements[0]!.options;
    expect(o.routPoints).toEqual({ a: [7], b: [6, 4] });
    expect(o.withdrawalLevel).toEqual({ b: 6 });
  });
  it('refuses Rout Points that do not fit the units, with file, line and field', () => {
    const text = gba(
      '      a: { units: [{ type: PH, tq: 7, size: 10, moved: true }] }\n      b: { units: [{ type: HI, tq: 6, size: 8 }] }\n',
    );
    expect(() =>
      loadScenarioText(
        text.replace('    roundLimit: 5\n', '    roundLimit: 5\n    routPoints: { a: [7], b: [6, 6] }\n'),
        'g.yaml',
      ),
    ).toThrow(/^g\.yaml:\d+ studies\[0\]\.routPoints\.b: give one value per unit of side b \(1\), got 2/);
    expect(() =>
      loadScenarioText(
        text.replace('    roundLimit: 5\n', '    roundLimit: 5\n    withdrawalLevel: { a: 4 }\n'),
        'g.yaml',
      ),
    ).toThrow(/^g\.yaml:\d+ studies\[0\]\.withdrawalLevel\.a: needs routPoints/);
  });
  it('needs rules: gba-5', () => {
    expect(() =>
      loadScenarioText(
        'name: g\nrules: dbm-3.2\nstudies:\n  - kind: gba-engagement\n    name: e\n    situation: {}\n',
        'g.yaml',
      ),
    ).toThrow(/gba-engagement studies need rules: gba-5/);
  });
});

describe('DBA and B&B engagement studies in scenarios', () => {
  it('a DBA engagement reads lines in DBA notation', () => {
    const l = loadScenarioText(
      'name: d\nrules: dba-3.0\nstudies:\n  - kind: engagement\n    name: e\n    a: 6 files of 4Pk, 2 deep\n    b: 6 files of 4Bd\n',
      'd.yaml',
    );
    const c = l.long.engagements[0]!.config;
    expect(c.rules).toBe('dba-3.0');
    expect(c.a.files).toHaveLength(6);
  });
  it('DBA has no points: a budget line is refused', () => {
    expect(() =>
      loadScenarioText(
        'name: d\nrules: dba-3.0\nstudies:\n  - kind: engagement\n    name: e\n    budget: 12\n    a: as many 4Bd as the budget buys\n    b: 6 files of 4Bd\n',
        'd.yaml',
      ),
    ).toThrow(/DBA 3.0 has no points/);
  });
  it('a B&B engagement sizes lines with table 5.4 costs; balance studies need points costs', () => {
    const l = loadScenarioText(
      'name: b\nrules: bnb-0.7\nstudies:\n  - kind: engagement\n    name: e\n    budget: 100\n    a: as many Reg Bd(O) as the budget buys\n    b: 4 files of Irr Wb(O)\n',
      'b.yaml',
    );
    // Reg Bd(O) costs 10 AP in B&B 0.7 table 5.4: 100 AP buys 10.
    expect(l.long.engagements[0]!.config.a.files).toHaveLength(10);
    const b = loadScenarioText(
      'name: b\nrules: bnb-0.7\nstudies:\n  - kind: balance\n    name: x\n    elements: [Reg Bd(O), Reg Sp(O), Reg Cv(O)]\n',
      'b.yaml',
    ).long.balances[0]!;
    expect(b.versions).toEqual(['bnb-0.7']);
    expect(() =>
      loadScenarioText(
        'name: d\nrules: dba-3.0\nstudies:\n  - kind: balance\n    name: x\n    elements: [4Bd, 4Sp, 3Kn]\n',
        'd.yaml',
      ),
    ).toThrow(/balance studies need a rule set with points costs/);
  });
});
