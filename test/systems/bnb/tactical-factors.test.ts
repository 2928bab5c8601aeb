/** B&B 0.7 ch.7 "tactical factors": one combat advantage per item, +2 flank attack, +3 rear attack. */
import { describe, expect, it } from 'vitest';
import type { BnbCloseSituation, BnbShootingSituation } from '../../../src/systems/bnb/situation.ts';
import { bnbTacticalFactors } from '../../../src/systems/bnb/tactical-factors.ts';
import { close, el, shot, side, viewA, viewB } from './helpers.ts';

type S = BnbCloseSituation | BnbShootingSituation;
const totalA = (s: S) => bnbTacticalFactors(viewA(s)).reduce((t, f) => t + f.value, 0);
const totalB = (s: S) => bnbTacticalFactors(viewB(s)).reduce((t, f) => t + f.value, 0);
const rank = (text: string, more: object = {}) => ({ element: el(text), ...more });

describe('terrain and weather advantages', () => {
  it('upper ground counts only in its own bound', () => {
    const a = side('Reg Cv(O)', { upperGround: true });
    expect(totalA(close(a, 'Reg Cv(O)', 'a'))).toBe(1);
    expect(totalA(close(a, 'Reg Cv(O)', 'b'))).toBe(0);
    expect(bnbTacticalFactors(viewA(close(a, 'Reg Cv(O)')))[0]?.rule).toBe('B&B 0.7 §7 Tactical factors');
  });
  it('defending a river edge: +1', () => {
    const s = close(side('Reg Cv(O)', { defendingRiverEdge: true }), side('Reg Cv(O)', { wader: true }));
    expect(totalA(s)).toBe(1);
    expect(totalB(s)).toBe(0);
  });
  it('shot at in the rain or by a shooter against the wind: +1, once even when both', () => {
    expect(totalB(shot('Reg Bw(O)', 'Reg Cv(O)', { raining: true }))).toBe(1);
    expect(totalB(shot(side('Reg Bw(O)', { againstWind: true }), 'Reg Cv(O)'))).toBe(1);
    expect(totalB(shot(side('Reg Bw(O)', { againstWind: true }), 'Reg Cv(O)', { raining: true }))).toBe(1);
    expect(totalA(shot('Reg Bw(O)', 'Reg Cv(O)', { raining: true }))).toBe(0);
  });
  it('an opponent victim of dazzle gives +1', () => {
    expect(totalB(close(side('Reg Cv(O)', { dazzled: true }), 'Reg Cv(O)'))).toBe(1);
    expect(totalB(shot(side('Reg Bw(O)', { dazzled: true }), 'Reg Cv(O)'))).toBe(1);
  });
  it('shot at with the shooter or the target in a wood or BUA: +1, once', () => {
    expect(totalB(shot(side('Reg Bw(O)', { inWoodOrBua: true }), 'Reg Ax(O)'))).toBe(1);
    expect(totalB(shot('Reg Bw(O)', side('Reg Ax(O)', { inWoodOrBua: true })))).toBe(1);
    expect(
      totalB(shot(side('Reg Bw(O)', { inWoodOrBua: true }), side('Reg Ax(O)', { inWoodOrBua: true }))),
    ).toBe(1);
  });
});

describe("the opponent's position", () => {
  it('an enemy unable to complete a recoil gives +1', () => {
    expect(totalA(close('Reg Cv(O)', side('Reg Cv(O)', { recoilBlocked: true })))).toBe(1);
  });
  it('+1 for each overlapped flank of the main opponent', () => {
    expect(totalA(close('Reg Cv(O)', side('Reg Cv(O)', { overlaps: 1 })))).toBe(1);
    expect(totalA(close('Reg Cv(O)', side('Reg Cv(O)', { overlaps: 2 })))).toBe(2);
  });
  it('+2 if the main opponent is flank attacked, +3 if rear attacked', () => {
    expect(totalA(close('Reg Cv(O)', side('Reg Cv(O)', { flankAttacked: true })))).toBe(2);
    expect(totalA(close('Reg Cv(O)', side('Reg Cv(O)', { rearAttacked: true })))).toBe(3);
  });
  it('shooting advantages: +1 per 2nd and 3rd shooter and +1 shooting from the rear', () => {
    expect(totalA(shot(side('Reg Bw(O)', { extraShooters: 2 }), 'Reg Cv(O)'))).toBe(2);
    expect(totalA(shot(side('Reg Bw(O)', { extraShooters: 1, shootingFromRear: true }), 'Reg Cv(O)'))).toBe(
      2,
    );
  });
});

describe('troop type advantages', () => {
  for (const t of ['Reg Ax(O)', 'Irr Wb(O)', 'Reg Sp(O)', 'Reg Pk(I)']) {
    it(`Bd against ${t}: +1`, () => expect(totalA(close('Reg Bd(O)', side(t, { going: 'rough' })))).toBe(1));
  }
  it('Bd against Bw: nothing', () => expect(totalA(close('Reg Bd(O)', 'Reg Bw(O)'))).toBe(0));
  it('mounted against Bd: +1 (Cv, HCh, El)', () => {
    for (const t of ['Reg Cv(O)', 'Reg HCh(O)', 'Irr El(O)']) expect(totalA(close(t, 'Reg Bd(O)'))).toBe(1);
  });
  it('Sp in GGo in close combat against any but skirmishers: +1', () => {
    expect(totalA(close('Reg Sp(O)', 'Reg Cv(O)'))).toBe(1);
    expect(totalA(close(side('Reg Sp(O)', { going: 'rough' }), 'Reg Cv(O)'))).toBe(0);
    expect(totalA(close('Reg Sp(O)', 'Reg LH(O)'))).toBe(0);
    expect(totalB(shot('Reg Bw(O)', 'Reg Sp(O)'))).toBe(0);
  });
});

describe('rank support', () => {
  it('Ps supported by Ps(O) against skirmishers, neither in DGo: +1', () => {
    expect(totalA(close(side('Reg Ps(I)', { rear: [rank('Irr Ps(O)')] }), 'Reg LH(O)'))).toBe(1);
    expect(totalA(close(side('Reg Ps(I)', { rear: [rank('Irr Ps(O)')] }), 'Reg Ax(O)'))).toBe(0);
    expect(
      totalA(close(side('Reg Ps(I)', { rear: [rank('Irr Ps(O)', { going: 'difficult' })] }), 'Reg LH(O)')),
    ).toBe(0);
  });
  it('Pk(I/X) with a 2nd rank Pk(I) in GGo: +1; with a 3rd rank Pk(I) too: +2', () => {
    const two = side('Reg Pk(X)', { rear: [rank('Reg Pk(I)')] });
    const three = side('Reg Pk(I)', { rear: [rank('Reg Pk(I)'), rank('Reg Pk(I)')] });
    expect(totalA(close(two, 'Reg Cv(O)'))).toBe(1);
    expect(totalA(close(three, 'Reg Cv(O)'))).toBe(2);
    expect(totalA(close(three, 'Reg Ps(O)'))).toBe(0);
    expect(totalA(close({ ...three, going: 'rough' }, 'Reg Cv(O)'))).toBe(0);
    expect(totalA(close(side('Reg Pk(I)', { rear: [rank('Reg Pk(X)')] }), 'Reg Cv(O)'))).toBe(0);
  });
  it('Pk(F) with a 2nd rank Pk(F) in GGo: +1, no 3rd rank bonus', () => {
    expect(totalA(close(side('Reg Pk(F)', { rear: [rank('Irr Pk(F)')] }), 'Reg Cv(O)'))).toBe(1);
    expect(
      totalA(close(side('Reg Pk(F)', { rear: [rank('Irr Pk(F)'), rank('Irr Pk(F)')] }), 'Reg Cv(O)')),
    ).toBe(1);
  });
  it('Sp with a 2nd rank Sp of the same grade and regularity in GGo: +1 (plus +1 Sp in GGo)', () => {
    expect(totalA(close(side('Reg Sp(O)', { rear: [rank('Reg Sp(O)')] }), 'Reg Cv(O)'))).toBe(2);
    expect(totalA(close(side('Reg Sp(O)', { rear: [rank('Irr Sp(O)')] }), 'Reg Cv(O)'))).toBe(1);
    expect(totalA(close(side('Reg Sp(O)', { rear: [rank('Reg Sp(I)')] }), 'Reg Cv(O)'))).toBe(1);
  });
  it('Wb with a 2nd rank Wb of the same grade, neither in DGo: +1 (rough going is fine)', () => {
    expect(totalA(close(side('Irr Wb(O)', { going: 'rough', rear: [rank('Irr Wb(O)')] }), 'Reg Cv(O)'))).toBe(
      1,
    );
    expect(
      totalA(close(side('Irr Wb(O)', { going: 'difficult', rear: [rank('Irr Wb(O)')] }), 'Reg Cv(O)')),
    ).toBe(0);
    expect(totalA(close(side('Irr Wb(O)', { rear: [rank('Irr Wb(S)')] }), 'Reg Cv(O)'))).toBe(0);
  });
  it('Bw with a 2nd rank Bw, same grade, regularity and weapon, against infantry but Ps: +1', () => {
    const bw = side('Reg Bw(O)', { rear: [rank('Reg Bw(O)')] });
    expect(totalA(close(bw, 'Reg Ax(O)'))).toBe(1);
    expect(totalA(close(bw, 'Reg Ps(O)'))).toBe(0);
    expect(totalA(close(bw, 'Reg Cv(O)'))).toBe(0);
    expect(
      totalA(close(side('Reg Bw(O)', { rear: [rank('Reg Bw(O)', { weapon: 'crossbow' })] }), 'Reg Ax(O)')),
    ).toBe(0);
  });
  it('Ax, Bd or Sp with a list-permitted 2nd rank Ps(O), against mounted or Wb: +1', () => {
    const ps = [rank('Reg Ps(O)', { listPermitted: true })];
    expect(totalA(close(side('Reg Ax(O)', { rear: ps }), 'Irr Wb(O)'))).toBe(1);
    expect(totalA(close(side('Reg Ax(O)', { rear: ps }), 'Reg Bd(O)'))).toBe(0);
    expect(totalA(close(side('Reg Ax(O)', { rear: [rank('Reg Ps(O)')] }), 'Irr Wb(O)'))).toBe(0);
    // Bd v Cv: +1 Ps(O) support, and nothing else.
    expect(totalA(close(side('Reg Bd(O)', { rear: ps }), 'Reg Cv(O)'))).toBe(1);
  });
  it('Sp + Sp + list-permitted 3rd rank Ps(O) with bows against mounted, all in GGo: +3 in all', () => {
    const third = (weapon: 'bow' | 'crossbow') => rank('Reg Ps(O)', { listPermitted: true, weapon });
    expect(totalA(close(side('Reg Sp(O)', { rear: [rank('Reg Sp(O)'), third('bow')] }), 'Reg Cv(O)'))).toBe(
      3,
    );
    expect(
      totalA(close(side('Reg Sp(O)', { rear: [rank('Reg Sp(O)'), third('crossbow')] }), 'Reg Cv(O)')),
    ).toBe(2);
  });
});
