/** GBA 5e 9.16 step 4 hit modifiers and the 10.13 sharing of hits. */
import { describe, expect, it } from 'vitest';
import { applyHitModifiers, distributeHits } from '../../../src/rules/gba/hits.ts';
import type { GbaUnit } from '../../../src/rules/gba/situation.ts';

const u = (type: GbaUnit['type'], extra: Partial<GbaUnit> = {}): GbaUnit => ({
  type,
  tq: 6,
  size: 5,
  hits: 0,
  supply: 'full',
  twoHex: false,
  doubleDepth: false,
  moved: false,
  longCharge: false,
  advanceHits: 0,
  ...extra,
});
const apply = (a: number, d: number, sup: 'AS' | 'DS' | 'none', att: GbaUnit, def: GbaUnit) => {
  const r = applyHitModifiers({ attacker: a, defender: d }, sup, att, def);
  return [r.attacker, r.defender];
};

describe('9.16 step 4', () => {
  it('AS doubles the defender hits, DS triples the attacker hits', () => {
    expect(apply(2, 3, 'AS', u('PH'), u('LI'))).toEqual([2, 6]);
    expect(apply(3, 2, 'DS', u('HC'), u('PH'))).toEqual([9, 2]);
  });
  it('a defender that is not shock capable halves the attacker hits (round down): SK, LI/LC archers, AT', () => {
    expect(apply(3, 2, 'none', u('HC'), u('LI', { missile: 'A' }))).toEqual([1, 2]);
    expect(apply(3, 2, 'none', u('HC'), u('LC', { missile: 'MA' }))).toEqual([1, 2]);
    expect(apply(3, 2, 'none', u('HC'), u('LI', { missile: 'J' }))).toEqual([3, 2]);
    expect(apply(3, 2, 'none', u('HC'), u('AT', { missile: 'B' }))).toEqual([1, 2]);
  });
  it('a skirmisher defender takes at most 1; SK* are shock capable (no halving) but still capped', () => {
    expect(apply(3, 4, 'AS', u('PH'), u('SK', { missile: 'S' }))).toEqual([1, 1]);
    expect(apply(3, 4, 'AS', u('PH'), u('SK*', { missile: 'J' }))).toEqual([3, 1]);
  });
  it('LC attacking PH, HI or MI halves the defender hits', () => {
    expect(apply(2, 3, 'none', u('LC', { missile: 'MJ' }), u('MI'))).toEqual([2, 1]);
    expect(apply(2, 3, 'none', u('LC', { missile: 'MJ' }), u('HC'))).toEqual([2, 3]);
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
