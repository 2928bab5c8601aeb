/** GBA 5e 9.16 step 4 hit modifiers and the 10.13 sharing of hits. */
import { describe, expect, it } from 'vitest';
import { applyHitModifiers, distributeHits } from '../../../src/systems/gba/hits.ts';
import { unit } from './helpers.ts';
import type { GbaUnit } from '../../../src/systems/gba/situation.ts';

const apply = (a: number, d: number, sup: 'AS' | 'DS' | 'none', att: GbaUnit, def: GbaUnit) => {
  const r = applyHitModifiers({ attacker: a, defender: d }, sup, att, def);
  return [r.attacker, r.defender];
};

describe('9.16 step 4', () => {
  it('AS doubles the defender hits, DS triples the attacker hits', () => {
    expect(apply(2, 3, 'AS', unit('PH'), unit('LI'))).toEqual([2, 6]);
    expect(apply(3, 2, 'DS', unit('HC'), unit('PH'))).toEqual([9, 2]);
  });
  it('a defender that is not shock capable halves the attacker hits (round down): SK, LI/LC archers, AT', () => {
    expect(apply(3, 2, 'none', unit('HC'), unit('LI', { missile: 'A' }))).toEqual([1, 2]);
    expect(apply(3, 2, 'none', unit('HC'), unit('LC', { missile: 'MA' }))).toEqual([1, 2]);
    expect(apply(3, 2, 'none', unit('HC'), unit('LI', { missile: 'J' }))).toEqual([3, 2]);
    expect(apply(3, 2, 'none', unit('HC'), unit('AT', { missile: 'B' }))).toEqual([1, 2]);
  });
  it('a skirmisher defender takes at most 1; SK* are shock capable (no halving) but still capped', () => {
    expect(apply(3, 4, 'AS', unit('PH'), unit('SK', { missile: 'S' }))).toEqual([1, 1]);
    expect(apply(3, 4, 'AS', unit('PH'), unit('SK*', { missile: 'J' }))).toEqual([3, 1]);
  });
  it('LC attacking PH, HI or MI halves the defender hits', () => {
    expect(apply(2, 3, 'none', unit('LC', { missile: 'MJ' }), unit('MI'))).toEqual([2, 1]);
    expect(apply(2, 3, 'none', unit('LC', { missile: 'MJ' }), unit('HC'))).toEqual([2, 3]);
  });
});

describe('10.13 sharing hits', () => {
  it('as equally as possible, extras to the first listed (the unit used for superiority/column)', () => {
    expect(distributeHits(5, [true, true])).toEqual([3, 2]);
    expect(distributeHits(2, [true, true, true])).toEqual([1, 1, 0]);
  });
  it('routed units take none; a two-hex attacker may give them all to one defender', () => {
    expect(distributeHits(3, [false, true])).toEqual([0, 3]);
    expect(distributeHits(3, [true, true], 1)).toEqual([0, 3]);
  });
});
