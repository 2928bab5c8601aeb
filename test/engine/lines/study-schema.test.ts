/** The engagement study block: shorthand, equal points (DBM 3.2 p.10 costs), errors with paths. */
import { describe, expect, it } from 'vitest';
import { parseShorthand } from '../../../src/engine/lines/shorthand.ts';
import { offsets } from '../../../src/engine/lines/prepare.ts';
import { systemOfRules } from '../../../src/systems/registry.ts';
import type { LinesModel } from '../../../src/engine/lines/index.ts';
import type { VariantSpec } from '../../../src/core/system.ts';
import { config, type Block } from './helpers.ts';

/** A config inside a scenario: its variant spec (costs, house rules) under the study's own block. */
function configIn(block: Block, spec: VariantSpec) {
  const { rules, ...rest } = block;
  const system = systemOfRules(rules ?? spec.version)!;
  return (system.engagement as LinesModel<unknown>).configure(
    rest,
    system.variant({ ...spec, version: rules ?? spec.version }),
  );
}

describe('line shorthand', () => {
  it('reads files and depth', () => {
    expect(parseShorthand('8 files of Reg Bd(O), 2 deep')).toEqual({
      troops: 'Reg Bd(O)',
      depth: 2,
      count: 8,
    });
    expect(parseShorthand('as many Irr Kn(O) as 150 AP buys')).toEqual({
      troops: 'Irr Kn(O)',
      depth: 1,
      budget: 150,
    });
    expect(parseShorthand('as many Reg Pk(O), 4 deep, as the budget buys')).toEqual({
      troops: 'Reg Pk(O)',
      depth: 4,
      budget: 'study',
    });
    expect(parseShorthand('eight blades')).toMatch(/not a line shorthand/);
  });
});

describe('equal points (DBM 3.2 p.10 Element Cost)', () => {
  it('150 AP buys 15 Irr Kn(O) at 10 AP; 300 AP buys 25 files of two Reg Bd(O) at 6 AP', () => {
    const c = config({
      a: 'as many Irr Kn(O) as 150 AP buys',
      b: 'as many Reg Bd(O), 2 deep, as the budget buys',
      budget: 300,
    });
    expect(c.a.files).toHaveLength(15);
    expect(c.b.files).toHaveLength(25);
    expect(c.b.files[0]!.ranks.map((r) => r.ap)).toEqual([6, 6]);
  });

  it('3.0 costs Reg Bd(O) at 7 AP (inferred pre-3.2 cost); a scenario override replaces it', () => {
    expect(
      config({ rules: 'dbm-3.0', a: 'as many Reg Bd(O) as 70 AP buys', b: '1 file of Reg Bd(O)' }).a.files,
    ).toHaveLength(10);
    const c = config({
      a: 'as many Reg Bd(O) as 65 AP buys',
      b: '1 file of Reg Bd(O)',
      costs: { 'Reg Bd(O)': 6.5 },
    });
    expect(c.a.files).toHaveLength(10);
  });

  it('the rear element of a double base costs 2 AP less if regular, 1 if irregular', () => {
    const c = config({
      a: { column: ['Reg Bw(O)', 'Reg Bw(O)'], count: 2, doubleBased: true },
      b: '1 file of Irr Bd(O)',
    });
    expect(c.a.files[0]!.ranks.map((r) => r.ap)).toEqual([5, 3]);
    expect(c.a.files[0]!.doubleBased).toBe(true);
  });
});

describe('alignment', () => {
  it("centre splits the longer line's extra files between both ends", () => {
    const c = config({ a: '7 files of Reg Bd(O)', b: '4 files of Reg Bd(O)' });
    expect(offsets(c)).toEqual([0, 1]);
    expect(
      offsets(
        config({ a: '4 files of Reg Bd(O)', b: '7 files of Reg Bd(O)', options: { alignment: 'left' } }),
      ),
    ).toEqual([0, 0]);
  });
});

describe('errors name the field', () => {
  it('a bad element in a file', () => {
    expect(() => config({ a: { files: [['Reg Bd(O)'], ['Reg Zz(O)']] }, b: '1 file of Reg Bd(O)' })).toThrow(
      /^a\.files\[1\]\[0\]: "Zz" in "Reg Zz\(O\)" is not a DBM troop type/,
    );
  });
  it('a budget line without a budget', () => {
    expect(() => config({ a: 'as many Reg Bd(O) as the budget buys', b: '1 file of Reg Bd(O)' })).toThrow(
      /^a: no number of files/,
    );
  });
  it('an unknown option', () => {
    expect(() => config({ a: 'x', b: 'y', options: { wheel: true } })).toThrow(
      /^options\.wheel: unknown key "wheel"/,
    );
  });
  it('defaults: DBM 3.2, 20 bounds, alternate, model defaults', () => {
    const c = config({ a: '2 files of Reg Bd(O)', b: '2 files of Reg Bd(O)' });
    expect(c.variant.version).toBe('dbm-3.2');
    expect(c.boundLimit).toBe(20);
    expect(c.first).toBe('alternate');
    expect(c.options).toEqual({
      alignment: 'centre',
      combatOrder: 'owner-best-first',
      renewContact: 'bound-owner',
      optionalPursuit: 'stand',
      fledLost: false,
      breakFraction: 1 / 3,
      // DBM 3.2 p.25 advice: two base depths between lines; p.9 and p.14: 900p of table behind a line.
      secondLineGap: 2,
      refusals: 'expected',
      flight: 'return',
      tableDepth: 900,
    });
  });
});

describe('inside a scenario: its version, cost overrides and house rules', () => {
  const study = {
    a: 'as many Irr Ax(I) as 60 AP buys',
    b: '2 files of Reg Bd(O)',
    costs: { 'Reg Bd(O)': 9 },
  };

  it("scenario costs apply, the study's own costs on top; house rules change element equivalents", () => {
    const c = configIn(study, {
      version: 'dbm-3.2',
      costs: { 'Irr Ax(I)': 3, 'Reg Bd(O)': 8 },
      rules: { irregularAxIHalf: false },
    });
    expect(c.a.files).toHaveLength(20);
    expect(c.a.files[0]!.ranks[0]!.ee).toBe(1);
    expect(c.b.files[0]!.ranks[0]!.ap).toBe(9);
    expect(c.variant.rules).toEqual({ irregularAxIHalf: false });
  });

  it("the study's own rules win over the scenario's", () => {
    expect(configIn({ ...study, rules: 'dbm-3.0' }, { version: 'dbm-3.2' }).variant.version).toBe('dbm-3.0');
  });
});

describe('explicit files', () => {
  it('a double-based file and psiloi support written out', () => {
    const c = config({
      a: {
        files: [
          { ranks: ['Reg Bw(X)', 'Reg Bw(S)'], doubleBased: true },
          ['Reg Sp(O)', { element: 'Reg Ps(O)', weapon: 'bow', listPermitted: true }],
        ],
        going: 'rough',
      },
      b: '2 files of Reg Bd(O)',
    });
    expect(c.a.files[0]!.doubleBased).toBe(true);
    expect(c.a.files[1]!.doubleBased).toBe(false);
    expect(c.a.files[1]!.ranks[1]).toMatchObject({
      extra: { weapon: 'bow', listPermitted: true },
      ee: 0.5,
      ap: 2,
    });
    expect(c.a.going).toBe('rough');
  });
  it('`count` cannot go with `files`', () => {
    expect(() => config({ a: { files: [['Reg Bd(O)']], count: 3 }, b: '1 file of Reg Bd(O)' })).toThrow(
      /^a: `count`/,
    );
  });
});
