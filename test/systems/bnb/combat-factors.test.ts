/** B&B 0.7 Table 7.1 "combat factors for close combat and shooting" and the being-shot-at rule. */
import { describe, expect, it } from 'vitest';
import { bnbCombatFactor } from '../../../src/systems/bnb/combat-factors.ts';
import { close, shot, viewA, viewB } from './helpers.ts';

// [subject, against infantry, against mounted, shot at]
const TABLE_7_1: [string, number, number, number][] = [
  ['Irr El(O)', 4, 4, 4],
  ['Reg HCh(O)', 3, 4, 4],
  ['Reg LCh(O)', 3, 3, 3],
  ['Reg Cv(O)', 3, 3, 3],
  ['Irr Cm(O)', 3, 2, 3],
  ['Reg LH(O)', 2, 2, 2],
  ['Reg Bd(O)', 4, 4, 4],
  ['Reg Sp(O)', 4, 4, 4],
  ['Reg Pk(I)', 3, 4, 3],
  ['Reg Bw(O)', 2, 4, 2],
  ['Reg Ax(O)', 3, 2, 3],
  ['Irr Wb(O)', 3, 2, 3],
  ['Reg Ps(O)', 2, 2, 2],
  ['Irr Hd(O)', 2, 2, 2],
];

describe('Table 7.1 combat factors', () => {
  for (const [subject, vInf, vMtd, shotAt] of TABLE_7_1) {
    it(`${subject}: ${vInf} against infantry, ${vMtd} against mounted, ${shotAt} when shot at`, () => {
      const a = bnbCombatFactor(viewA(close(subject, 'Irr Ax(O)')));
      expect(a.value).toBe(vInf);
      expect(a.rule).toBe('B&B 0.7 §7.1 Combat factors');
      expect(bnbCombatFactor(viewA(close(subject, 'Reg Cv(O)'))).value).toBe(vMtd);
      expect(bnbCombatFactor(viewB(shot('Reg Bw(O)', subject))).value).toBe(shotAt);
    });
  }
  it('Bg, which have no row, fight on the die alone (ruling)', () => {
    expect(bnbCombatFactor(viewA(close('Bg(O)', 'Reg Cv(O)'))).value).toBe(0);
  });
  it('Bg count as infantry for their opponent: Cv 3, Cm 3, Bw 2', () => {
    expect(bnbCombatFactor(viewB(close('Bg(O)', 'Reg Cv(O)'))).value).toBe(3);
    expect(bnbCombatFactor(viewB(close('Bg(O)', 'Irr Cm(O)'))).value).toBe(3);
    expect(bnbCombatFactor(viewB(close('Bg(O)', 'Reg Bw(O)'))).value).toBe(2);
  });
  it('LH(X) and Pk(F) use their type row: 2/2 and 3/4', () => {
    expect(bnbCombatFactor(viewA(close('Irr LH(X)', 'Reg Cv(O)'))).value).toBe(2);
    expect(bnbCombatFactor(viewA(close('Reg Pk(F)', 'Reg Cv(O)'))).value).toBe(4);
  });
});

describe('Bw shooting use their close combat factors (Table 7.1 note)', () => {
  it('4 at mounted, 2 at infantry', () => {
    expect(bnbCombatFactor(viewA(shot('Reg Bw(O)', 'Reg Cv(O)'))).value).toBe(4);
    expect(bnbCombatFactor(viewA(shot('Reg Bw(O)', 'Reg HCh(O)'))).value).toBe(4);
    expect(bnbCombatFactor(viewA(shot('Reg Bw(O)', 'Reg Bd(O)'))).value).toBe(2);
  });
  it('HCh shot at have 4, not their 3 against infantry', () => {
    expect(bnbCombatFactor(viewB(shot('Reg Bw(O)', 'Reg HCh(S)'))).value).toBe(4);
  });
  it('Bw shooting at each other both have 2', () => {
    const s = shot('Reg Bw(O)', 'Irr Bw(O)', { both: true });
    expect(bnbCombatFactor(viewA(s)).value).toBe(2);
    expect(bnbCombatFactor(viewB(s)).value).toBe(2);
  });
});
