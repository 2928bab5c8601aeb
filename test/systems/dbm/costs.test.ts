/** DBM 3.2 p.10 Element Cost, and the 3.0/3.1 rows the 3.2 amendments changed (3.2 amendments, page 11). */
import { describe, expect, it } from 'vitest';
import { COSTS_3_0, COSTS_3_2, elementCost, overrideCosts } from '../../../src/systems/dbm/costs.ts';
import { parseElement as el } from '../../../src/systems/dbm/notation.ts';
import { DBM_VERSIONS } from '../../../src/systems/dbm/versions.ts';

describe('DBM element costs', () => {
  it('3.2 table spot checks', () => {
    expect(elementCost(COSTS_3_2, el('Reg Kn(S)'))).toBe(15);
    expect(elementCost(COSTS_3_2, el('Irr El(X)'))).toBe(22);
    expect(elementCost(COSTS_3_2, el('Reg Ax(S)'))).toBe(4.5);
    expect(elementCost(COSTS_3_2, el('Irr Hd(I)'))).toBe(0.5);
    expect(elementCost(COSTS_3_2, el('Reg Bts(X)'))).toBe(6);
  });
  it('3.2 cut Reg Bd to 8/6/4/6/7 and Irr Bd(I) to 3; 3.0 and 3.1 cost 9/7/5/7/8 and 4 (inferred)', () => {
    for (const [g, now, before] of [
      ['S', 8, 9],
      ['O', 6, 7],
      ['I', 4, 5],
      ['F', 6, 7],
      ['X', 7, 8],
    ] as const) {
      expect(elementCost(DBM_VERSIONS['dbm-3.2'].costs, el(`Reg Bd(${g})`))).toBe(now);
      expect(elementCost(DBM_VERSIONS['dbm-3.0'].costs, el(`Reg Bd(${g})`))).toBe(before);
      expect(elementCost(DBM_VERSIONS['dbm-3.1'].costs, el(`Reg Bd(${g})`))).toBe(before);
    }
    expect(elementCost(COSTS_3_2, el('Irr Bd(I)'))).toBe(3);
    expect(elementCost(COSTS_3_0, el('Irr Bd(I)'))).toBe(4);
    expect(elementCost(COSTS_3_0, el('Irr Bd(O)'))).toBe(5);
  });
  it('3.2 took 0.5 AP off every Reg Ax', () => {
    for (const g of ['S', 'O', 'I', 'X'] as const)
      expect(elementCost(COSTS_3_0, el(`Reg Ax(${g})`)) - elementCost(COSTS_3_2, el(`Reg Ax(${g})`))).toBe(
        0.5,
      );
    expect(elementCost(COSTS_3_0, el('Irr Ax(O)'))).toBe(3);
  });
  it('adjustments: general +20 Reg / +10 Irr, chariots -1, double-base rear -2 Reg / -1 Irr', () => {
    expect(elementCost(COSTS_3_2, el('Reg Kn(O)'), ['cinCOrSubGeneral'])).toBe(32);
    expect(elementCost(COSTS_3_2, el('Irr Kn(O)'), ['cinCOrSubGeneral'])).toBe(20);
    expect(elementCost(COSTS_3_2, el('Reg Kn(O)'), ['chariots'])).toBe(11);
    expect(elementCost(COSTS_3_2, el('Irr Bw(O)'), ['doubleBaseRear'])).toBe(3);
  });
  it('overrides replace one cost and leave the rest', () => {
    const t = overrideCosts(COSTS_3_2, [{ element: el('Reg Bd(O)'), cost: 6.5 }]);
    expect(elementCost(t, el('Reg Bd(O)'))).toBe(6.5);
    expect(elementCost(t, el('Reg Bd(S)'))).toBe(8);
    expect(elementCost(COSTS_3_2, el('Reg Bd(O)'))).toBe(6);
  });
});
