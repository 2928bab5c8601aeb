import { describe, expect, it } from 'vitest';
import dbm from '../../../src/systems/dbm/index.ts';
import { InputError } from '../../../src/core/errors.ts';
import { checkSystemContract } from '../contract.ts';

describe('the DBM system module', () => {
  it('meets the system contract', () => checkSystemContract(dbm as never));

  it('prices Reg Bd(O) at 7, 7 and 6 AP under 3.0, 3.1 and 3.2 (DBM 3.2 p.10, 3.2 amendments)', () => {
    const e = dbm.catalogue!.parse('Reg Bd(O)');
    expect(['dbm-3.0', 'dbm-3.1', 'dbm-3.2'].map((v) => dbm.variant({ version: v }).cost!(e))).toEqual([
      7, 7, 6,
    ]);
  });

  it('applies cost options: a C-in-C in Reg Kn(O) costs 12 + 20 AP (DBM 3.2 p.10)', () => {
    const e = dbm.catalogue!.parse('Reg Kn(O)');
    expect(dbm.variant({ version: 'dbm-3.2' }).cost!(e, ['cinCOrSubGeneral'])).toBe(32);
  });

  it('resolves under house rules: 3.0 warband in bad going take -2 when the switch says so', () => {
    const house = dbm.variant({ version: 'dbm-3.2', rules: { warbandBadGoing: -2 } });
    const s = house.parseSituation({
      a: { element: 'Irr Wb(O)', going: 'rough' },
      b: { element: 'Reg Bd(O)' },
    });
    const badGoing = house.ruleset.explain(s).a.find((f) => f.label.includes('bad going'));
    expect(badGoing?.value).toBe(-2);
    expect(house.name).toBe('DBM 3.2 with house rules');
  });

  it('refuses a bad house rule with its path', () => {
    try {
      dbm.variant({ version: 'dbm-3.2', rules: { warbandBadGoing: -3 } });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(InputError);
      expect((e as InputError).path).toEqual(['rules', 'warbandBadGoing']);
    }
  });
});

describe('DBM 3.2 p.21: no troops count as overlaps for friendly expendables', () => {
  const v = dbm.variant({ version: 'dbm-3.2' });
  it("Reg Sp(O) v Irr Exp(O) in the expendables' bound: the spears are destroyed 15/36 (no overlap can count)", async () => {
    const { enumerate } = await import('../../../src/core/exact.ts');
    const d = enumerate(
      v.ruleset,
      v.parseSituation({ bound: 'b', a: { element: 'Reg Sp(O)' }, b: { element: 'Irr Exp(O)' } }),
    );
    expect(d.a.destroyed.count).toBe(15);
  });
  it('an overlap on the element fighting expendables is refused, naming the field and the rule', () => {
    try {
      v.parseSituation({
        bound: 'b',
        a: { element: 'Reg Sp(O)', overlaps: 1 },
        b: { element: 'Irr Exp(O)' },
      });
      expect.unreachable();
    } catch (e) {
      expect((e as InputError).path).toEqual(['a', 'overlaps']);
      expect((e as InputError).detail).toMatch(
        /no troops count as overlapping for friendly expendables \(DBM 3\.2 p\.21\)/,
      );
    }
  });
});
