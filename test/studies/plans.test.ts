/** Engagement and balance study blocks in scenario files: planned, or refused with file:line and path, before any work. */
import { describe, expect, it } from 'vitest';
import { loadScenarioText } from '../../src/pipeline/scenario.ts';
import type { LinesConfig } from '../../src/engine/lines/index.ts';
import { createRng } from '../../src/core/rng.ts';
import { requireSystem } from '../../src/systems/registry.ts';

const scenario = (study: string) => `name: t\nrules: dbm-3.2\nstudies:\n${study}`;
const planOf = (text: string, file = 'x.yaml', options = {}) =>
  loadScenarioText(text, file, options).studies[0]!.plan as Record<string, unknown>;
const configOf = (text: string, file = 'x.yaml') =>
  (planOf(text, file) as { payload: { config: unknown } }).payload.config;

describe('engagement and balance studies in scenarios', () => {
  it('an engagement study becomes a kernel config sized to its budget', () => {
    const p = planOf(
      scenario(
        '  - kind: engagement\n    name: e\n    budget: 48\n    a: as many Reg Bd(O) as the budget buys\n    b: 4 files of Irr Kn(O)\n',
      ),
    ) as { payload: { config: LinesConfig }; samples: number };
    // DBM 3.2 Reg Bd(O) 6 AP: 48 AP buys 8.
    expect(p.payload.config.a.files).toHaveLength(8);
    expect(p.payload.config.b.files).toHaveLength(4);
    expect(p.samples).toBe(10_000);
  });

  it('a balance study resolves its elements, field and versions', () => {
    const b = planOf(
      scenario(
        '  - kind: balance\n    name: b\n    versions: [dbm-3.1, dbm-3.2]\n    elements: [Reg Bd(O), Irr Kn(O), Irr Wb(O)]\n    field: [{element: Reg Sp(O), weight: 2}]\n',
      ),
      'x.yaml',
      { samples: 50 },
    ) as { elements: string[]; field: unknown[]; engagements: { final: number }; versions: { id: string }[] };
    expect(b.elements).toEqual(['Reg Bd(O)', 'Irr Kn(O)', 'Irr Wb(O)']);
    expect(b.field).toEqual([{ element: 'Reg Sp(O)', weight: 2 }]);
    expect(b.engagements.final).toBe(50);
    expect(b.versions.map((v) => v.id)).toEqual(['dbm-3.1', 'dbm-3.2']);
  });

  it('a balance study may turn a mechanism of the battle model off; the line-ups then play without it', () => {
    const block = (options: string) =>
      scenario(`  - kind: balance\n    name: b\n    elements: [Reg Kn(O)]\n${options}`);
    const plain = planOf(block('')) as { options: Record<string, unknown> };
    // No option named: the plan's options are those of a study before the field existed.
    expect(plain.options).toEqual({ optionalPursuit: 'stand' });
    const forced = planOf(block('    options: { refusals: never, flankContacts: false }\n')) as {
      options: Record<string, unknown>;
    };
    expect(forced.options).toEqual({ optionalPursuit: 'stand', refusals: 'never', flankContacts: false });
    // Knights against war wagons (which may not contact): refused fights with the default, none forced.
    const dbm = requireSystem('dbm-3.2');
    const variant = dbm.variant({ version: 'dbm-3.2' });
    const refused = (options: Record<string, unknown>) => {
      const setting = {
        boundLimit: 30,
        first: 'alternate' as const,
        options,
        battlefield: {
          distance: 600,
          shooters: 'halt' as const,
          terrain: { per: 'battle' as const, weights: { good: 1 } },
        },
      };
      const config = dbm.engagement!.lineUp!(
        variant,
        { element: 'Reg Kn(O)', count: 10, depth: 1 },
        { element: 'Irr WWg(O)', count: 12, depth: 1 },
        setting,
      );
      return dbm.engagement!.decide!(config, createRng('refusals', 0), 200)[5]!;
    };
    expect(refused(plain.options)).toBe(200);
    expect(refused(forced.options)).toBe(0);
    expect(() => planOf(block('    options: { refusals: sometimes }\n'))).toThrow(
      /^x\.yaml:7 studies\[0\]\.options\.refusals: /,
    );
    expect(() => planOf(block('    options: { flankContact: false }\n'))).toThrow(
      /^x\.yaml:7 studies\[0\]\.options\.flankContact: unknown key/,
    );
  });

  it('refuses a bad element with file:line and path', () => {
    expect(() =>
      planOf(scenario('  - kind: balance\n    name: b\n    elements: [Reg Bd(O), Irr Kn(Q), Irr Wb(O)]\n')),
    ).toThrow(/^x\.yaml:6 studies\[0\]\.elements\[1\]: "Q" in "Irr Kn\(Q\)" is not a grade/);
  });

  it('refuses a misspelt key on its line', () => {
    expect(() =>
      planOf(scenario('  - kind: balance\n    name: b\n    budgt: 10\n    elements: [Reg Bd(O)]\n')),
    ).toThrow(/^x\.yaml:6 studies\[0\]\.budgt: unknown key "budgt"/);
  });

  it('refuses an engagement line it cannot read, naming the field', () => {
    expect(() =>
      planOf(
        scenario('  - kind: engagement\n    name: e\n    a: lots of blades\n    b: 4 files of Irr Kn(O)\n'),
      ),
    ).toThrow(/^x\.yaml:6 studies\[0\]\.a: /);
  });
});

describe('GBA engagement studies in scenarios', () => {
  const gba = (situation: string) =>
    `name: g\nrules: gba-5\nstudies:\n  - kind: engagement\n    name: e\n    roundLimit: 5\n    situation:\n${situation}`;
  const units =
    '      a: { units: [{ type: PH, tq: 7, size: 10, moved: true }] }\n      b: { units: [{ type: HI, tq: 6, size: 8 }] }\n';
  type GbaConfig = {
    situation: { mode: string };
    options: { roundLimit: number; laterAttacker: string; routPoints?: unknown; withdrawalLevel?: unknown };
  };

  it('reads a shock situation and the round options', () => {
    const c = configOf(gba(units), 'g.yaml') as GbaConfig;
    expect(c.situation.mode).toBe('shock');
    expect(c.options.roundLimit).toBe(5);
    expect(c.options.laterAttacker).toBe('same');
  });

  it('refuses a bad unit with the path inside the situation', () => {
    expect(() => planOf(gba(units.replace('type: PH', 'type: QQ')), 'g.yaml')).toThrow(
      /^g\.yaml:8 studies\[0\]\.situation\.a\.units\[0\]\.type: must be one of "PH"/,
    );
  });

  it("routPoints 'tq' takes each unit's TQ; a withdrawal level is read per side", () => {
    const text = gba(
      units.replace(
        '{ type: HI, tq: 6, size: 8 }',
        '{ type: HI, tq: 6, size: 8 }, { type: LI, tq: 4, size: 5 }',
      ),
    ).replace(
      '    roundLimit: 5\n',
      '    roundLimit: 5\n    routPoints: tq\n    withdrawalLevel: { b: 6 }\n',
    );
    const c = configOf(text, 'g.yaml') as GbaConfig;
    expect(c.options.routPoints).toEqual({ a: [7], b: [6, 4] });
    expect(c.options.withdrawalLevel).toEqual({ b: 6 });
  });

  it('refuses Rout Points that do not fit the units, with file, line and field', () => {
    const text = gba(units);
    expect(() =>
      planOf(
        text.replace('    roundLimit: 5\n', '    roundLimit: 5\n    routPoints: { a: [7], b: [6, 6] }\n'),
        'g.yaml',
      ),
    ).toThrow(/^g\.yaml:7 studies\[0\]\.routPoints\.b: give one value per unit of side b \(1\), got 2/);
    expect(() =>
      planOf(
        text.replace('    roundLimit: 5\n', '    roundLimit: 5\n    withdrawalLevel: { a: 4 }\n'),
        'g.yaml',
      ),
    ).toThrow(/^g\.yaml:7 studies\[0\]\.withdrawalLevel\.a: needs routPoints/);
  });

  it('a GBA block under DBM rules is refused by the DBM engagement model', () => {
    expect(() =>
      planOf(
        'name: g\nrules: dbm-3.2\nstudies:\n  - kind: engagement\n    name: e\n    situation: {}\n',
        'g.yaml',
      ),
    ).toThrow(/^g\.yaml:4 studies\[0\]\.a: missing \(required\)/);
  });
});

describe('DBA engagement studies in scenarios', () => {
  it('a DBA engagement reads lines in DBA notation', () => {
    const c = configOf(
      'name: d\nrules: dba-3.0\nstudies:\n  - kind: engagement\n    name: e\n    a: 6 files of 4Pk, 2 deep\n    b: 6 files of 4Bd\n',
      'd.yaml',
    ) as LinesConfig;
    expect(c.variant.version).toBe('dba-3.0');
    expect(c.a.files).toHaveLength(6);
    expect(c.a.files[0]!.ranks).toHaveLength(2);
  });

  it('DBA has no points: a budget line is refused', () => {
    expect(() =>
      planOf(
        'name: d\nrules: dba-3.0\nstudies:\n  - kind: engagement\n    name: e\n    budget: 12\n    a: as many 4Bd as the budget buys\n    b: 6 files of 4Bd\n',
        'd.yaml',
      ),
    ).toThrow(/DBA has no points/);
  });
});
