/** DBM 3.2 p.21 Rear Support, and the 3.0 wording (end notes xlviii-liii). */
import { describe, expect, it } from 'vitest';
import { factorsOf, fixedTotal, notes, sit } from './helpers.ts';

const support = (a: string, b: string, opts = {}) =>
  Object.entries(factorsOf(sit(a, b, opts), 'a'))
    .filter(([k]) => /rank|support/.test(k) && !/enemy pikes/.test(k))
    .reduce((t, [, v]) => t + v, 0);

describe('DBM 3.2 p.21 rear support factors', () => {
  it('Kn(I) required to be double-based add +1 for their 2nd rank against foot, not against elephants', () => {
    const dbe = { a: { doubleBased: true, rear: ['Reg Kn(I)'] } };
    expect(support('Reg Kn(I)', 'Reg Bd(O)', dbe)).toBe(1);
    expect(support('Reg Kn(I)', 'Reg Cv(O)', dbe)).toBe(1);
    expect(support('Reg Kn(I)', 'Irr El(O)', dbe)).toBe(0);
    expect(support('Reg Kn(I)', 'Reg Bd(O)', { a: { rear: ['Reg Kn(I)'] } })).toBe(0);
  });
  it('Kn(I) double element keeps its support when shot at by bowmen but not by artillery', () => {
    const dbe = {
      a: { doubleBased: true, rear: ['Reg Kn(I)'] },
      mode: 'shooting' as const,
      shooters: 'b' as const,
    };
    expect(support('Reg Kn(I)', 'Reg Bw(O)', dbe)).toBe(1);
    expect(support('Reg Kn(I)', 'Reg Art(O)', dbe)).toBe(0);
  });
  it('spears add +1 for a 2nd rank of spears of the same grade in good going', () => {
    expect(support('Reg Sp(O)', 'Reg Bd(O)', { a: { rear: ['Reg Sp(O)'] } })).toBe(1);
    expect(support('Reg Sp(O)', 'Reg Bd(O)', { a: { rear: ['Reg Sp(I)'] } })).toBe(0);
    expect(support('Reg Sp(O)', 'Reg Bd(O)', { a: { rear: ['Reg Sp(O)'], going: 'rough' } })).toBe(0);
  });
  it('3.2: spears get no rear support factor against elephants; 3.0 they do (end note l)', () => {
    expect(support('Reg Sp(O)', 'Irr El(O)', { a: { rear: ['Reg Sp(O)'] } })).toBe(0);
    expect(support('Reg Sp(O)', 'Irr El(O)', { a: { rear: ['Reg Sp(O)'] }, rules: 'dbm-3.0' })).toBe(1);
  });
  it('3.2: a different grade supports where the list allows it, except Sp(O) behind Sp(S) (003 "Page 22")', () => {
    expect(support('Reg Pk(O)', 'Reg Bd(O)', { a: { rear: ['Reg Pk(I)'], listGradeSupport: true } })).toBe(1);
    expect(
      support('Reg Pk(O)', 'Reg Bd(O)', {
        a: { rear: ['Reg Pk(I)'], listGradeSupport: true },
        rules: 'dbm-3.1',
      }),
    ).toBe(0);
    expect(support('Reg Sp(S)', 'Reg Bd(O)', { a: { rear: ['Reg Sp(O)'], listGradeSupport: true } })).toBe(0);
    expect(support('Reg Sp(O)', 'Reg Bd(O)', { a: { rear: ['Reg Sp(I)'], listGradeSupport: true } })).toBe(1);
  });
  it('pikes except (X) add +1 for each 2nd and 3rd rank; 3.0 also the 4th (end note li)', () => {
    const deep = { a: { rear: ['Reg Pk(O)', 'Reg Pk(O)', 'Reg Pk(O)'] } };
    expect(support('Reg Pk(O)', 'Reg Bd(O)', deep)).toBe(2);
    expect(support('Reg Pk(O)', 'Reg Bd(O)', { ...deep, rules: 'dbm-3.0' })).toBe(3);
    expect(support('Reg Pk(O)', 'Reg Bd(O)', { a: { rear: ['Reg Pk(O)'] } })).toBe(1);
    expect(support('Reg Pk(O)', 'Irr El(O)', deep)).toBe(0);
  });
  it('foot fighting pikes with a 4th rank of the same grade deduct 1 (3.1+); not in 3.0', () => {
    const deep = { b: { rear: ['Reg Pk(O)', 'Reg Pk(O)', 'Reg Pk(O)'] } };
    expect(factorsOf(sit('Reg Bd(O)', 'Reg Pk(O)', deep), 'a')['enemy pikes have a 4th rank']).toBe(-1);
    expect(
      factorsOf(sit('Reg Kn(O)', 'Reg Pk(O)', deep), 'a')['enemy pikes have a 4th rank'],
    ).toBeUndefined();
    expect(
      factorsOf(sit('Reg Bd(O)', 'Reg Pk(O)', { ...deep, rules: 'dbm-3.0' }), 'a')[
        'enemy pikes have a 4th rank'
      ],
    ).toBeUndefined();
    const mixed = { b: { rear: ['Reg Pk(O)', 'Reg Pk(O)', 'Reg Pk(I)'] } };
    expect(
      factorsOf(sit('Reg Bd(O)', 'Reg Pk(O)', mixed), 'a')['enemy pikes have a 4th rank'],
    ).toBeUndefined();
  });
  it('Pk(X) add +1 for each 2nd and 3rd rank of Pk(X) or Pk(I)', () => {
    expect(support('Reg Pk(X)', 'Reg Bd(O)', { a: { rear: ['Reg Pk(I)', 'Reg Pk(X)'] } })).toBe(2);
  });
  it('warband add +1 for a 2nd rank of warband', () => {
    expect(support('Irr Wb(O)', 'Reg Bd(O)', { a: { rear: ['Irr Wb(F)'] } })).toBe(1);
  });
  it('3.0/3.1: Wb(S)/(O) against mounted add +1 for each 3rd and 4th rank; 3.2 deleted this (003 "Page 22")', () => {
    const deep = { a: { rear: ['Irr Wb(S)', 'Irr Wb(S)', 'Irr Wb(S)'] } };
    expect(support('Irr Wb(S)', 'Reg Kn(O)', { ...deep, rules: 'dbm-3.1' })).toBe(3);
    expect(support('Irr Wb(S)', 'Reg Kn(O)', deep)).toBe(1);
    expect(support('Irr Wb(S)', 'Reg Bd(O)', { ...deep, rules: 'dbm-3.1' })).toBe(1);
  });
  it('Ax(X) add +1 for each 2nd and 3rd rank of Ax(X) if the 2nd is Ax(X)', () => {
    expect(support('Reg Ax(X)', 'Reg Kn(O)', { a: { rear: ['Reg Ax(X)', 'Reg Ax(X)'] } })).toBe(2);
    expect(support('Reg Ax(X)', 'Reg Kn(O)', { a: { rear: ['Reg Ax(O)', 'Reg Ax(X)'] } })).toBe(0);
  });
  it('other auxilia add +1 for a 2nd rank of the same grade only against Sp, Pk, Bd, Ax or Bw', () => {
    expect(support('Reg Ax(O)', 'Reg Bd(O)', { a: { rear: ['Reg Ax(O)'] } })).toBe(1);
    expect(support('Reg Ax(O)', 'Reg Kn(O)', { a: { rear: ['Reg Ax(O)'] } })).toBe(0);
  });
  it('bowmen in close combat against foot add +1 for a 2nd rank of the same grade; not when shooting', () => {
    expect(support('Reg Bw(O)', 'Reg Bd(O)', { a: { rear: ['Reg Bw(O)'] } })).toBe(1);
    expect(support('Reg Bw(O)', 'Reg Bd(O)', { a: { rear: ['Reg Bw(O)'] }, mode: 'shooting' })).toBe(0);
    expect(support('Reg Bw(O)', 'Reg Cv(O)', { a: { rear: ['Reg Bw(O)'] } })).toBe(0);
  });
  it('Ps(S)/(O) fighting skirmishers add +1 for a rank of psiloi of the same or (O) grade; 3.0 only Ps(O) behind', () => {
    expect(support('Reg Ps(S)', 'Reg LH(O)', { a: { rear: ['Reg Ps(O)'] } })).toBe(1);
    expect(support('Reg Ps(S)', 'Reg LH(O)', { a: { rear: ['Reg Ps(S)'] } })).toBe(1);
    expect(support('Reg Ps(S)', 'Reg LH(O)', { a: { rear: ['Reg Ps(S)'] }, rules: 'dbm-3.0' })).toBe(0);
    expect(support('Reg Ps(I)', 'Reg LH(O)', { a: { rear: ['Reg Ps(O)'] } })).toBe(0);
    expect(support('Reg Ps(I)', 'Reg LH(O)', { a: { rear: ['Reg Ps(O)'] }, rules: 'dbm-3.0' })).toBe(1);
  });
  it('3.0: cavalry against Cv or LH add +1 for a 2nd rank of Cv(O), Cv(I) if (I) (end note xlix)', () => {
    expect(support('Reg Cv(O)', 'Reg Cv(O)', { a: { rear: ['Reg Cv(O)'] }, rules: 'dbm-3.0' })).toBe(1);
    expect(support('Reg Cv(S)', 'Reg LH(O)', { a: { rear: ['Reg Cv(O)'] }, rules: 'dbm-3.0' })).toBe(1);
    expect(support('Reg Cv(O)', 'Reg Cv(O)', { a: { rear: ['Reg Cv(O)'] } })).toBe(0);
  });
  it('3.0: blades against knights add +1 for a 2nd rank of blades (end note lii)', () => {
    expect(support('Reg Bd(O)', 'Reg Kn(O)', { a: { rear: ['Reg Bd(O)'] }, rules: 'dbm-3.0' })).toBe(1);
    expect(support('Reg Bd(O)', 'Reg Kn(O)', { a: { rear: ['Reg Bd(O)'] } })).toBe(0);
  });
  it('3.0: foot supported by list-permitted psiloi with bows add +1 against mounted (end note liii)', () => {
    const ps = { a: { rear: [{ element: 'Reg Ps(O)', weapon: 'bow' as const, listPermitted: true }] } };
    expect(support('Reg Sp(O)', 'Reg Kn(O)', { ...ps, rules: 'dbm-3.0' })).toBe(1);
    expect(support('Reg Sp(O)', 'Reg Bd(O)', { ...ps, rules: 'dbm-3.0' })).toBe(0);
  });

  describe('rear support is not permitted', () => {
    const sp = { rear: ['Reg Sp(O)'] };
    it('in difficult going', () =>
      expect(support('Reg Sp(O)', 'Reg Bd(O)', { a: { ...sp, going: 'difficult' } })).toBe(0));
    it('defending fortifications', () =>
      expect(support('Reg Sp(O)', 'Reg Bd(O)', { a: { ...sp, fortification: 'temporary' } })).toBe(0));
    it('when shot at, unless cavalry or Kn(I)', () => {
      expect(
        support('Irr Wb(O)', 'Reg Bw(O)', { a: { rear: ['Irr Wb(O)'] }, mode: 'shooting', shooters: 'b' }),
      ).toBe(0);
    });
    it('in contact with expendables', () => expect(support('Reg Sp(O)', 'Irr Exp(O)', { a: sp })).toBe(0));
    it('for chariots', () =>
      expect(
        support('Reg Kn(I)', 'Reg Bd(O)', { a: { doubleBased: true, rear: ['Reg Kn(I)'], chariots: true } }),
      ).toBe(0));
    it('having just moved into close combat against Art(S)', () =>
      expect(support('Reg Sp(O)', 'Reg Art(S)', { a: { ...sp, movedIntoContact: true } })).toBe(0));
    it('for Kn(X), who cannot claim it (p.4)', () => {
      const s = sit('Reg Kn(X)', 'Reg Bd(O)', { a: { rear: ['Reg Kn(X)'] } });
      expect(notes(s).some((n) => n.includes('Kn(X) cannot claim rear support'))).toBe(true);
    });
  });
  it('the whole of a deep pike file: 3 + 2 = 5 against blades', () => {
    expect(
      fixedTotal(
        sit('Reg Pk(O)', 'Reg Bd(O)', { a: { rear: ['Reg Pk(O)', 'Reg Pk(O)', 'Reg Pk(O)'] } }),
        'a',
      ),
    ).toBe(5);
  });
});
