/** The B&B rule set behind the RuleSet contract: exact odds by enumeration of one D6 each side. */
import { describe, expect, it } from 'vitest';
import { enumerate } from '../../../src/core/exact.ts';
import { bnb } from '../../../src/systems/bnb/ruleset.ts';
import { compileBnb, resolveBnbRoll } from '../../../src/systems/bnb/resolve.ts';
import { close, shot, side } from './helpers.ts';

describe('bnb rule set', () => {
  it('rolls one D6 each side and lists outcomes worst first', () => {
    expect(bnb.dice(close('Reg Bd(O)', 'Reg Bd(O)'))).toEqual([
      { label: 'A die', sides: 6 },
      { label: 'B die', sides: 6 },
    ]);
    expect(bnb.outcomes).toEqual(['destroyed', 'spent', 'flee', 'recoil', 'none']);
    expect(bnb.describeSide(close('Reg Bd(O)', 'Irr HCh(S)'), 'b')).toBe('Irr HCh(S)');
  });
  it('Bd(O) v Bd(O): 4+d each; the loser recoils by 1-3 (12/36) and is destroyed by 4-5 (3/36)', () => {
    const d = enumerate(bnb, close('Reg Bd(O)', 'Reg Bd(O)'));
    expect(d.space).toBe(36);
    expect([d.a.destroyed.count, d.a.recoil.count, d.a.none.count]).toEqual([3, 12, 21]);
    expect([d.b.destroyed.count, d.b.recoil.count, d.b.none.count]).toEqual([3, 12, 21]);
  });
  it('Irr HCh(O) v Reg Sp(O) with Sp(O) behind, in GGo: HCh destroyed 21/36, recoil 9/36; Sp destroyed 3/36', () => {
    const s = close(
      'Irr HCh(O)',
      side('Reg Sp(O)', { rear: [{ element: { reg: 'Reg', type: 'Sp', grade: 'O' } }] }),
    );
    const d = enumerate(bnb, s);
    expect([d.a.destroyed.count, d.a.recoil.count, d.a.none.count]).toEqual([21, 9, 6]);
    expect([d.b.destroyed.count, d.b.none.count]).toEqual([3, 33]);
  });
  it('Bw(O) shooting at Bd(O) (4 shot at): Bd recoil 6/36; the shooter, not shot at, never suffers', () => {
    const d = enumerate(bnb, shot('Reg Bw(O)', 'Reg Bd(O)'));
    expect(d.b.recoil.count).toBe(6);
    expect(d.b.none.count).toBe(30);
    expect(d.a.none.count).toBe(36);
  });
  it('Bw(S) with one extra shooter at LH(I): 5+d v 2+d, +2 when ahead, so any win is big: destroyed 30/36', () => {
    const d = enumerate(bnb, shot(side('Reg Bw(S)', { extraShooters: 1 }), 'Irr LH(I)'));
    expect(d.b.destroyed.count).toBe(30);
    expect(d.a.none.count).toBe(36);
  });
  it('resolve gives both sides every total: Bd(O) die 1 v Bd(O) die 6, 5 v 10, A destroyed (big), B may pursue', () => {
    const r = resolveBnbRoll(compileBnb(close('Reg Bd(O)', 'Reg Bd(O)')), 1, 6);
    expect([r.a.first, r.a.second, r.a.final, r.b.final]).toEqual([5, 5, 5, 10]);
    expect(r.a.outcome).toBe('destroyed');
    expect(r.a.difference).toBe('big');
    expect(r.a.rule).toBe('B&B 0.7 §7.3 Big difference');
    expect(r.b.outcome).toBe('none');
    expect(r.b.pursuit).toBe('may');
  });
  it('Bw shooting at each other: the loser suffers', () => {
    const r = resolveBnbRoll(compileBnb(shot('Reg Bw(O)', 'Reg Bw(O)', { both: true })), 1, 4);
    expect(r.a.outcome).toBe('destroyed');
  });
});

describe('explain', () => {
  it('lists every factor with its value and section, and grade lines as conditions', () => {
    const s = close(side('Reg Cv(S)', { cohesion: true }), side('Reg Bd(F)', { overlaps: 1 }));
    const e = bnb.explain(s);
    expect(e.a.map((f) => [f.label, f.value, f.rule, f.when])).toEqual([
      ['Cv v infantry', 3, 'B&B 0.7 §7.1 Combat factors', undefined],
      ['1 enemy flank overlapped', 1, 'B&B 0.7 §7 Tactical factors', undefined],
      ['mounted v Bd', 1, 'B&B 0.7 §7 Tactical factors', undefined],
      ['against (F) in own bound', 1, 'B&B 0.7 §7 Grade adjustments for close combat', 'if it scores more'],
      ['(S) in own bound', 1, 'B&B 0.7 §7 Grade adjustments for close combat', 'if it scores more'],
      ['cohesion effect', 1, 'B&B 0.7 §7 Cohesion effect', 'if its second total is less'],
    ]);
    expect(e.b.map((f) => f.value)).toEqual([4]);
  });
  it('notes LH(X) fighting as (I), a shooter not shot back, waders and bases that cannot recoil', () => {
    expect(bnb.explain(close('Irr LH(X)', side('Reg Cv(O)', { flankAttacked: true }))).notes).toEqual([
      'A Irr LH(X): fights as (I) against Cv (B&B 0.7 §4 LH(X))',
      'B Reg Cv(O): cannot recoil, so a recoil or flight destroys it (B&B 0.7 §7 Recoil)',
    ]);
    expect(bnb.explain(shot('Reg Bw(O)', side('Reg LH(O)', { wader: true }))).notes).toEqual([
      'A Reg Bw(O): shoots without being shot at, so disregards any outcome (B&B 0.7 §7 Combat outcome)',
      'B Reg LH(O): wader, so a flight becomes spent (B&B 0.7 §5 River)',
    ]);
  });
});
