/** B&B 0.7 Table 5.4 "troops costs in AP" and the extra modifiers under it. */
import { describe, expect, it } from 'vitest';
import { BNB_COSTS, bnbBaseCost, bnbElementCost, overrideBnbCosts } from '../../../src/systems/bnb/costs.ts';
import { el } from './helpers.ts';

describe('Table 5.4 spot checks', () => {
  const rows: [string, number][] = [
    ['Reg Ax(S)', 7],
    ['Irr Ax(I)', 3],
    ['Reg Bd(O)', 10],
    ['Reg Bd(F)', 9],
    ['Irr Bd(I)', 6],
    ['Irr Bg(O)', 0],
    ['Reg Bw(S)', 10],
    ['Irr Bw(I)', 5],
    ['Reg Cv(S)', 13],
    ['Irr Cv(I)', 8],
    ['Irr Cm(O)', 7],
    ['Irr El(S)', 28],
    ['Irr El(I)', 21],
    ['Reg HCh(S)', 17],
    ['Reg HCh(F)', 15],
    ['Irr HCh(O)', 13],
    ['Irr HCh(F)', 14],
    ['Irr Hd(S)', 4],
    ['Irr Hd(O)', 2],
    ['Irr Hd(F)', 3],
    ['Reg LCh(O)', 10],
    ['Irr LCh(I)', 7],
    ['Reg LH(S)', 10],
    ['Irr LH(F)', 8],
    ['Irr LH(X)', 6],
    ['Reg Pk(I)', 4],
    ['Reg Pk(X)', 5],
    ['Irr Pk(F)', 4],
    ['Reg Ps(S)', 4],
    ['Irr Ps(I)', 2],
    ['Reg Sp(O)', 7],
    ['Irr Sp(I)', 4],
    ['Irr Wb(S)', 8],
    ['Irr Wb(F)', 6],
  ];
  for (const [text, ap] of rows) {
    it(`${text} costs ${ap} AP`, () => expect(bnbElementCost(el(text))).toBe(ap));
  }
  it('has dashes where the table has them: Reg Bd(S), Reg Wb(O), Irr Pk(X) do not exist', () => {
    expect(bnbBaseCost({ reg: 'Reg', type: 'Bd', grade: 'S' })).toBeUndefined();
    expect(bnbBaseCost({ reg: 'Reg', type: 'Wb', grade: 'O' })).toBeUndefined();
    expect(bnbBaseCost({ reg: 'Irr', type: 'Pk', grade: 'X' })).toBeUndefined();
    expect(() => bnbElementCost({ reg: 'Reg', type: 'Bd', grade: 'S' })).toThrow(
      /no cost in B&B 0.7 Table 5.4/,
    );
  });
});

describe('Table 5.4 extra modifiers', () => {
  it('mounted infantry add 1: Reg mtd Ax(S) 8', () =>
    expect(bnbElementCost(el('Reg Ax(S)'), { mounted: true })).toBe(8));
  it('mounted Ps add 0.5 not 1: Reg mtd Ps(O) 3.5', () =>
    expect(bnbElementCost(el('Reg Ps(O)'), { mounted: true })).toBe(3.5));
  it('Ps giving a listed special support add 1: Reg Ps(O) 4', () =>
    expect(bnbElementCost(el('Reg Ps(O)'), { specialSupport: true })).toBe(4));
  it('mounted Ps giving a special support add 1 not 2: Reg mtd Ps(O) 4', () =>
    expect(bnbElementCost(el('Reg Ps(O)'), { mounted: true, specialSupport: true })).toBe(4));
  it('the C-in-C base adds 10 AP (ch.5 budget): Reg HCh(O) C-in-C 24', () =>
    expect(bnbElementCost(el('Reg HCh(O)'), { cInC: true })).toBe(24));
  it('only infantry other than Bg can be mounted infantry; only Ps pay a special support', () => {
    expect(() => bnbElementCost(el('Reg Cv(O)'), { mounted: true })).toThrow(/cannot be mounted infantry/);
    expect(() => bnbElementCost(el('Bg(O)'), { mounted: true })).toThrow(/cannot be mounted infantry/);
    expect(() => bnbElementCost(el('Reg Ax(O)'), { specialSupport: true })).toThrow(/only Ps/);
  });
});

describe('cost overrides', () => {
  it('replace one cost and leave the shared table alone', () => {
    const t = overrideBnbCosts([{ element: el('Reg Bd(O)'), cost: 9 }]);
    expect(bnbElementCost(el('Reg Bd(O)'), {}, t)).toBe(9);
    expect(bnbElementCost(el('Reg Bd(I)'), {}, t)).toBe(8);
    expect(bnbElementCost(el('Reg Bd(O)'))).toBe(10);
    expect(BNB_COSTS.Bd.Reg.O).toBe(10);
  });
  it('can allow a base the table forbids, and reject negative costs', () => {
    const t = overrideBnbCosts([{ element: { reg: 'Reg', type: 'Wb', grade: 'O' }, cost: 7 }]);
    expect(bnbElementCost({ reg: 'Reg', type: 'Wb', grade: 'O' }, {}, t)).toBe(7);
    expect(() => overrideBnbCosts([{ element: el('Reg Bd(O)'), cost: -1 }])).toThrow(/must be >= 0/);
  });
});
