/** DBM 3.2 p.22 Mitigating rear support factors (new in 3.1, end note lviii). */
import { describe, expect, it } from 'vitest';
import { roll, sit } from './helpers.ts';

describe('DBM 3.2 p.22 mitigating rear support factors', () => {
  it('-1 to any type except El or Art beating Cv(O) supported by Cv(O): a narrow win becomes a draw', () => {
    // Kn(O) 4+3 = 7 v Cv(O) 3+3 = 6: A wins by 1, then -1: equal.
    const s = sit('Reg Kn(O)', 'Reg Cv(O)', { b: { rear: ['Reg Cv(O)'] } });
    const r = roll(s, 3, 3);
    expect(r.a.afterGrading).toBe(7);
    expect(r.a.final).toBe(6);
    expect(r.b.outcome).toBe('none');
    expect(r.a.mitigating[0]?.value).toBe(-1);
  });
  it('no mitigation for Cv(S), for a wrong-grade 2nd rank, or against elephants', () => {
    expect(
      roll(sit('Reg Kn(O)', 'Reg Cv(S)', { b: { rear: ['Reg Cv(O)'] } }), 3, 3).a.mitigating,
    ).toHaveLength(0);
    expect(
      roll(sit('Reg Kn(O)', 'Reg Cv(O)', { b: { rear: ['Reg Cv(I)'] } }), 3, 3).a.mitigating,
    ).toHaveLength(0);
    expect(
      roll(sit('Irr El(O)', 'Reg Cv(O)', { b: { rear: ['Reg Cv(O)'] } }), 3, 3).a.mitigating,
    ).toHaveLength(0);
  });
  it('3.2: the cavalry mitigation applies when shot at too (rear support allowed for cavalry shot at)', () => {
    const s = sit('Reg Bw(O)', 'Reg Cv(O)', { b: { rear: ['Reg Cv(O)'] }, mode: 'shooting' });
    expect(roll(s, 4, 2).a.mitigating).toHaveLength(1);
  });
  it('3.0: no mitigating factors (replaced a rear support factor)', () => {
    const s = sit('Reg Kn(O)', 'Reg Cv(O)', { b: { rear: ['Reg Cv(O)'] }, rules: 'dbm-3.0' });
    expect(roll(s, 3, 3).a.mitigating).toHaveLength(0);
  });
  it('-1 to cavalry or Kn(X) beating Cv(O) supported by list-permitted Ps(S) or (I)', () => {
    const ps = { b: { rear: [{ element: 'Reg Ps(S)', listPermitted: true }] } };
    expect(roll(sit('Reg Cv(O)', 'Reg Cv(O)', ps), 4, 3).a.mitigating).toHaveLength(1);
    expect(roll(sit('Reg Kn(X)', 'Reg Cv(O)', ps), 4, 3).a.mitigating).toHaveLength(1);
    expect(roll(sit('Reg Kn(O)', 'Reg Cv(O)', ps), 4, 3).a.mitigating).toHaveLength(0);
    const unlisted = { b: { rear: ['Reg Ps(S)'] } };
    expect(roll(sit('Reg Cv(O)', 'Reg Cv(O)', unlisted), 4, 3).a.mitigating).toHaveLength(0);
  });
  it('-1 to warband or mounted (not Kn(X)) beating foot supported by list-permitted psiloi with bows', () => {
    const bows = { b: { rear: [{ element: 'Reg Ps(O)', weapon: 'bow' as const, listPermitted: true }] } };
    expect(roll(sit('Reg Kn(O)', 'Reg Sp(O)', bows), 5, 1).a.mitigating).toHaveLength(1);
    expect(roll(sit('Irr Wb(O)', 'Reg Bd(O)', bows), 6, 1).a.mitigating).toHaveLength(1);
    expect(roll(sit('Reg Kn(X)', 'Reg Sp(O)', bows), 5, 1).a.mitigating).toHaveLength(0);
    expect(roll(sit('Reg Bd(O)', 'Reg Sp(O)', bows), 6, 1).a.mitigating).toHaveLength(0);
  });
  it('psiloi with bows count as a 3rd rank behind a 2nd of the front type; crossbows only as a 2nd rank', () => {
    const third = {
      b: { rear: ['Reg Sp(O)', { element: 'Reg Ps(O)', weapon: 'bow' as const, listPermitted: true }] },
    };
    expect(roll(sit('Reg Kn(O)', 'Reg Sp(O)', third), 6, 1).a.mitigating).toHaveLength(1);
    const xbow3 = {
      b: { rear: ['Reg Sp(O)', { element: 'Reg Ps(O)', weapon: 'crossbow' as const, listPermitted: true }] },
    };
    expect(roll(sit('Reg Kn(O)', 'Reg Sp(O)', xbow3), 6, 1).a.mitigating).toHaveLength(0);
  });
});
