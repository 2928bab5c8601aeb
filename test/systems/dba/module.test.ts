import { describe, expect, it } from 'vitest';
import dba from '../../../src/systems/dba/index.ts';
import { enumerate } from '../../../src/core/exact.ts';
import { InputError } from '../../../src/core/errors.ts';
import { createRng } from '../../../src/core/rng.ts';
import { checkSystemContract } from '../contract.ts';

describe('the DBA 3.0 system module', () => {
  it('meets the system contract', () => checkSystemContract(dba as never));

  it('through the module: 4Sp (+4) v 2Ps (+2): Ps recoil 21/36, flee 9/36 (doubled); Sp recoil 6/36 (DBA 3.0 outcomes)', () => {
    const v = dba.variant({ version: 'dba-3.0' });
    const d = enumerate(v.ruleset, v.parseSituation({ a: { element: '4Sp' }, b: { element: '2Ps' } }));
    expect(d.space).toBe(36);
    expect(d.b.recoil.count).toBe(21);
    expect(d.b.flee.count).toBe(9);
    expect(d.a.recoil.count).toBe(6);
  });

  it('has no points: a cost override and a budgeted line are refused with their paths', () => {
    try {
      dba.variant({ version: 'dba-3.0', costs: { '4Bd': 2 } });
      expect.unreachable();
    } catch (e) {
      expect((e as InputError).path).toEqual(['costs']);
    }
    const v = dba.variant({ version: 'dba-3.0' });
    expect(() =>
      dba.engagement!.configure({ a: 'as many 4Bd as 100 AP buys', b: '4 files of 4Bd' }, v),
    ).toThrow(/DBA has no points|no points/);
  });

  it('an engagement of 8 files of 4Bd against 8 of 3Kn: every engagement has one decision', () => {
    const v = dba.variant({ version: 'dba-3.0' });
    const model = dba.engagement!;
    const config = model.configure({ a: '8 files of 4Bd', b: '8 files of 3Kn' }, v);
    const s = model.summarise(config, model.kernel(config, createRng(1, 0), 2000));
    expect(s.aWins.count + s.bWins.count + s.mutual.count + s.undecided.count).toBe(2000);
    expect(s.samples).toBe(2000);
  });
});
