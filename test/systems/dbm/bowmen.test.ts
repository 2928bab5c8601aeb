/**
 * Bowmen files: the type of bow a rank carries (DBM 3.2 p.21 Rear Support: "armed with the same type of
 * bow"), and Bw(X) double elements with further ranks behind them (p.6 Bowmen (X); p.9 Element Basing:
 * a double element makes its outcome moves as a single element of the front type, and what dies behind
 * it is measured from the rear of its front rank element).
 */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/core/errors.ts';
import { enumerate } from '../../../src/core/exact.ts';
import dbm from '../../../src/systems/dbm/index.ts';
import { situationToInput, type DbmSituationInput } from '../../../src/systems/dbm/situation-input.ts';
import { factorsOf, lossRoll, sit } from './helpers.ts';

const v = dbm.variant({ version: 'dbm-3.2' });
const exact = (s: DbmSituationInput) => enumerate(v.ruleset, v.parseSituation(s));
const refusedAt = (s: DbmSituationInput) => {
  try {
    v.parseSituation(s);
    return undefined;
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as InputError).path;
  }
};

describe('DBM 3.2 p.21 Rear Support: bowmen need the same type of bow', () => {
  const bw = (front: Record<string, unknown>, rank: string | Record<string, unknown>): DbmSituationInput => ({
    a: { element: 'Reg Bw(O)', ...front, rear: [rank] as never },
    b: { element: 'Reg Bd(O)' },
  });

  it('Reg Bw(O) longbow with Reg Bw(O) crossbow behind, v Reg Bd(O): no +1; recoil 18/36, destroyed 12/36', () => {
    // Bw +2 v foot, no rear support: 2+a v Bd +5: 5+b. Bowmen beaten when a <= b + 2: 3+4+5+6+6+6 = 30;
    // doubled when 2(2+a) <= 5+b, i.e. a <= (b+1)/2: 1+1+2+2+3+3 = 12 destroyed, 18 recoil.
    const d = exact(bw({ weapon: 'bow' }, { element: 'Reg Bw(O)', weapon: 'crossbow' }));
    expect([d.a.recoil.count, d.a.destroyed.count]).toEqual([18, 12]);
  });

  it('the same file with one type of bow: +1; recoil 20/36, destroyed 6/36', () => {
    // 3+a v 5+b. Beaten when a <= b + 1: 2+3+4+5+6+6 = 26; doubled when 2(3+a) <= 5+b, i.e.
    // a <= (b-1)/2: b=3: 1, b=4: 1, b=5: 2, b=6: 2 = 6 destroyed, 20 recoil.
    const d = exact(bw({ weapon: 'crossbow' }, { element: 'Reg Bw(O)', weapon: 'crossbow' }));
    expect([d.a.recoil.count, d.a.destroyed.count]).toEqual([20, 6]);
  });

  it("a rank's bow defaults to the front element's; the front's to a bow", () => {
    const plus = (s: DbmSituationInput) => factorsOf(v.parseSituation(s), 'a')['2nd rank bowmen'] ?? 0;
    expect(plus(bw({ weapon: 'crossbow' }, 'Reg Bw(O)'))).toBe(1);
    expect(plus(bw({}, 'Reg Bw(O)'))).toBe(1);
    expect(plus(bw({}, { element: 'Reg Bw(O)', weapon: 'bow' }))).toBe(1);
    expect(plus(bw({}, { element: 'Reg Bw(O)', weapon: 'crossbow' }))).toBe(0);
    expect(plus(bw({ weapon: 'handgun' }, { element: 'Reg Bw(O)', weapon: 'bow' }))).toBe(0);
  });

  it('Bw(X) never give rear support, even where the list allows another grade (p.6)', () => {
    const s = sit('Reg Bw(O)', 'Reg Bd(O)', { a: { listGradeSupport: true, rear: ['Reg Bw(X)'] } });
    expect(factorsOf(s, 'a')['2nd rank bowmen']).toBeUndefined();
    const same = sit('Reg Bw(O)', 'Reg Bd(O)', { a: { listGradeSupport: true, rear: ['Reg Bw(I)'] } });
    expect(factorsOf(same, 'a')['2nd rank bowmen']).toBe(1);
  });

  it('only bowmen carry a type of bow at the front; only bowmen and psiloi in rear ranks', () => {
    expect(refusedAt({ a: { element: 'Reg Kn(O)', weapon: 'bow' }, b: { element: 'Reg Bd(O)' } })).toEqual([
      'a',
      'weapon',
    ]);
    expect(
      refusedAt({
        a: { element: 'Reg Sp(O)', rear: [{ element: 'Reg Sp(O)', weapon: 'bow' }] },
        b: { element: 'Reg Bd(O)' },
      }),
    ).toEqual(['a', 'rear', 0, 'weapon']);
  });

  it('weapons survive a round trip through the situation file', () => {
    const s = v.parseSituation(bw({ weapon: 'crossbow' }, { element: 'Reg Bw(O)', weapon: 'bow' }));
    expect(situationToInput(s).a).toMatchObject({
      weapon: 'crossbow',
      rear: [{ element: 'Reg Bw(O)', weapon: 'bow' }],
    });
  });
});

describe('DBM 3.2 p.6 Bowmen (X) on a double base, with further ranks behind', () => {
  const x = (rear: string[], b = 'Reg Bd(O)', more: Record<string, unknown> = {}): DbmSituationInput => ({
    a: { element: 'Reg Bw(X)', doubleBased: true, rear, ...more },
    b: { element: b },
  });

  it('the double element needs (O) or (S) bowmen as its rear rank', () => {
    expect(refusedAt(x([]))).toEqual(['a', 'rear']);
    expect(refusedAt(x(['Reg Ps(O)', 'Reg Bw(S)']))).toEqual(['a', 'rear']);
    expect(refusedAt(x(['Reg Bw(I)']))).toEqual(['a', 'rear']);
    expect(refusedAt(x(['Reg Bw(S)', 'Reg Bw(S)', 'Reg Ps(O)']))).toBeUndefined();
  });

  it('Reg Bw(X) + Bw(S), with Bw(S) and Ps(O) behind, v Reg Bd(O): spears (O), no support: 4+a v 5+b', () => {
    // p.6: a front rank of Bw(X) in close combat against foot counts as spears, (O) with (S) bowmen on
    // the base; it neither receives nor gives rear support, so the ranks behind add nothing. Sp +4 v
    // Bd +5, Bd(O) v Sp(O): no grading. Spears beaten when 4+a < 5+b, a <= b: 21; doubled when
    // 2(4+a) <= 5+b: a=1 with b=5 or 6: 2 destroyed ("other troops on land"), 19 recoil (the double
    // element pushes back the bowmen behind it).
    const s = x(['Reg Bw(S)', 'Reg Bw(S)', 'Reg Ps(O)']);
    expect(factorsOf(v.parseSituation(s), 'a')).toEqual({ 'Sp v foot': 4 });
    const d = exact(s);
    expect([d.a.recoil.count, d.a.destroyed.count]).toEqual([19, 2]);
  });

  it('destroyed, the double element takes its rear rank only: the 3rd rank is a base depth behind the front element (p.9)', () => {
    const r = lossRoll(v.parseSituation(x(['Reg Bw(S)', 'Reg Bw(S)'], 'Reg Kn(O)')), 'a', 'less');
    // Bowmen beaten by mounted in contact are destroyed (p.23).
    expect(r.a.outcome).toBe('destroyed');
    expect(r.a.rearLost).toBe(1);
  });

  it('recoiling, the double element meets the rank behind it: elephants there destroy it (p.23 Recoiling)', () => {
    // Bw(X) beaten by less by blades recoil as spears would; infantry pass through train, not elephants,
    // and elephants cannot be pushed back.
    expect(lossRoll(v.parseSituation(x(['Reg Bw(S)', 'Irr El(O)'])), 'a', 'less').a.outcome).toBe(
      'destroyed',
    );
    expect(lossRoll(v.parseSituation(x(['Reg Bw(S)', 'Reg Art(O)'])), 'a', 'less').a.outcome).toBe('recoil');
    expect(lossRoll(v.parseSituation(x(['Reg Bw(S)'])), 'a', 'less').a.outcome).toBe('recoil');
  });
});
