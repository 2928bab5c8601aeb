/** B&B 0.7 ch.7 "grade adjustments" (close combat, shooting, being shot at) and "cohesion effect". */
import { describe, expect, it } from 'vitest';
import { bnbCohesion, bnbGradeAdjustments } from '../../../src/systems/bnb/grading.ts';
import { compileBnb, resolveBnbRoll } from '../../../src/systems/bnb/resolve.ts';
import { close, shot, side, viewA, viewB } from './helpers.ts';

const adjA = (s: Parameters<typeof viewA>[0], own: number, theirs: number) =>
  bnbGradeAdjustments(viewA(s), own, theirs).reduce((t, f) => t + f.value, 0);

describe('grade adjustments for close combat', () => {
  it('scoring more against (I): +1 in either bound', () => {
    expect(adjA(close('Reg Cv(O)', 'Reg Cv(I)', 'a'), 5, 4)).toBe(1);
    expect(adjA(close('Reg Cv(O)', 'Reg Cv(I)', 'b'), 5, 4)).toBe(1);
    expect(adjA(close('Reg Cv(O)', 'Reg Cv(I)', 'a'), 4, 4)).toBe(0);
  });
  it('scoring more against (F): +1 only in its own bound', () => {
    expect(adjA(close('Reg Bd(O)', 'Reg Bd(F)', 'a'), 5, 4)).toBe(1);
    expect(adjA(close('Reg Bd(O)', 'Reg Bd(F)', 'b'), 5, 4)).toBe(0);
  });
  it('(S) scoring more in its own bound: +1; in the enemy bound: nothing', () => {
    expect(adjA(close('Reg Cv(S)', 'Reg Cv(O)', 'a'), 5, 4)).toBe(1);
    expect(adjA(close('Reg Cv(S)', 'Reg Cv(O)', 'b'), 5, 4)).toBe(0);
  });
  it("(S) scoring less in the opponent's bound: +1; in its own bound: nothing", () => {
    expect(adjA(close('Reg Cv(S)', 'Reg Cv(O)', 'b'), 3, 4)).toBe(1);
    expect(adjA(close('Reg Cv(S)', 'Reg Cv(O)', 'a'), 3, 4)).toBe(0);
  });
  it('(S) in own bound scoring more against (F): +2; against (I) +2 in own bound, +1 in the other', () => {
    expect(adjA(close('Reg Cv(S)', 'Reg Bd(F)', 'a'), 6, 4)).toBe(2);
    expect(adjA(close('Reg Cv(S)', 'Reg Cv(I)', 'a'), 6, 4)).toBe(2);
    expect(adjA(close('Reg Cv(S)', 'Reg Cv(I)', 'b'), 6, 4)).toBe(1);
  });
  it('equal first totals: no grade adjustment at all', () => {
    expect(adjA(close('Reg Cv(S)', 'Reg Cv(I)', 'a'), 4, 4)).toBe(0);
    expect(adjA(close('Reg Cv(S)', 'Reg Cv(I)', 'b'), 4, 4)).toBe(0);
  });
  it('LH(X) fight as (I), so their opponents get +1 scoring more; as (O) against Cm', () => {
    expect(adjA(close('Reg Cv(O)', 'Irr LH(X)'), 5, 4)).toBe(1);
    expect(adjA(close('Irr Cm(O)', 'Irr LH(X)'), 5, 4)).toBe(0);
    expect(adjA(close('Irr LH(X)', 'Irr LH(X)'), 5, 4)).toBe(0);
  });
  it('grade adjustments cite the close combat section', () => {
    expect(bnbGradeAdjustments(viewA(close('Reg Cv(O)', 'Reg Cv(I)')), 5, 4)[0]?.rule).toBe(
      'B&B 0.7 §7 Grade adjustments for close combat',
    );
  });
});

describe('grade adjustments for shooting and being shot at (bound does not matter)', () => {
  it('Bw(S) scoring more: +1', () => expect(adjA(shot('Reg Bw(S)', 'Reg Cv(O)'), 6, 4)).toBe(1));
  it('Bw scoring more against (I) or (F): +1', () => {
    expect(adjA(shot('Reg Bw(O)', 'Reg Cv(I)'), 6, 4)).toBe(1);
    expect(adjA(shot('Reg Bw(O)', 'Reg Bd(F)'), 6, 4)).toBe(1);
    expect(adjA(shot('Reg Bw(S)', 'Reg Bd(F)'), 6, 4)).toBe(2);
    expect(adjA(shot('Reg Bw(S)', 'Reg Bd(F)'), 4, 6)).toBe(0);
  });
  it('(S) shot at scoring less: +1, whose bound it is does not matter', () => {
    const s = shot('Reg Bw(O)', 'Reg Cv(S)');
    expect(bnbGradeAdjustments(viewB(s), 3, 5).map((f) => f.rule)).toEqual([
      'B&B 0.7 §7 Grade adjustments for being shot at',
    ]);
    expect(bnbGradeAdjustments(viewB({ ...s, bound: 'b' }), 3, 5)).toHaveLength(1);
    expect(bnbGradeAdjustments(viewB(s), 5, 3)).toHaveLength(0);
  });
  it('a target that scores more gets no shooting adjustment (it does not shoot)', () => {
    expect(bnbGradeAdjustments(viewB(shot('Reg Bw(O)', 'Reg Bw(S)')), 6, 4)).toHaveLength(0);
  });
  it('Bw(S) shooting at each other: +1 when more (shooting), +1 when less (shot at)', () => {
    const s = shot('Reg Bw(S)', 'Reg Bw(S)', { both: true });
    expect(adjA(s, 6, 4)).toBe(1);
    expect(adjA(s, 3, 4)).toBe(1);
  });
});

describe('cohesion effect', () => {
  it('+1 to a second total lower than the opponent', () => {
    const v = viewA(close(side('Reg Sp(O)', { cohesion: true }), 'Reg Cv(O)'));
    expect(bnbCohesion(v, 4, 5).map((f) => [f.value, f.rule])).toEqual([[1, 'B&B 0.7 §7 Cohesion effect']]);
    expect(bnbCohesion(v, 5, 5)).toHaveLength(0);
    expect(bnbCohesion(viewA(close('Reg Sp(O)', 'Reg Cv(O)')), 4, 5)).toHaveLength(0);
  });
  it('is applied after grading: (S) in the enemy bound 6 v 8 becomes 7 v 8, then cohesion 8 v 8, a draw', () => {
    // Reg Cv(S) (3) die 3 v Reg Cv(O) (3) die 5, in B's bound.
    const s = close(side('Reg Cv(S)', { cohesion: true }), 'Reg Cv(O)', 'b');
    const r = resolveBnbRoll(compileBnb(s), 3, 5);
    expect([r.a.first, r.a.second, r.a.final]).toEqual([6, 7, 8]);
    expect(r.b.final).toBe(8);
    expect(r.a.outcome).toBe('none');
    expect(r.b.outcome).toBe('none');
  });
});
