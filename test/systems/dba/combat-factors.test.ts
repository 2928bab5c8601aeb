/** DBA 3.0 Combat factors (values: docs/rulings.md "DBA 3.0"). */
import { describe, expect, it } from 'vitest';
import { combatFactor } from '../../../src/systems/dba/combat-factors.ts';
import { views } from '../../../src/systems/dba/view.ts';
import { fight } from './helpers.ts';

/** A's combat factor against B. */
const cf = (a: string, b: string, opts: Parameters<typeof fight>[2] = {}) =>
  combatFactor(views(fight(a, b, opts))[0]).value;

describe('combat factors against foot and against mounted', () => {
  it.each([
    ['El', 5, 4],
    ['3Kn', 3, 4],
    ['4Kn', 3, 4],
    ['6Kn', 3, 4],
    ['HCh', 3, 4],
    ['3Cv', 3, 3],
    ['LCh', 3, 3],
    ['2LH', 2, 2],
    ['LCm', 2, 2],
    ['SCh', 3, 4],
    ['3Cm', 3, 3],
    ['4Sp', 4, 4],
    ['8Sp', 4, 4],
    ['4Pk', 3, 4],
    ['3Pk', 3, 4],
    ['4Bd', 5, 3],
    ['3Bd', 5, 3],
    ['6Bd', 5, 3],
    ['Lit', 5, 3],
    ['CWg', 5, 3],
    ['4Ax', 3, 3],
    ['3Ax', 3, 3],
    ['4Bw', 2, 4],
    ['3Lb', 2, 4],
    ['8Cb', 2, 4],
    ['2Ps', 2, 2],
    ['4Wb', 3, 2],
    ['3Wb', 3, 2],
    ['7Hd', 3, 2],
    ['5Hd', 3, 2],
    ['Art', 4, 4],
    ['WWg', 3, 4],
    ['CF', 2, 0],
    ['Dz', 2, 0],
  ])('%s: %i v foot, %i v mounted', (el, vsFoot, vsMounted) => {
    expect(cf(el, '4Sp')).toBe(vsFoot);
    expect(cf(el, '3Cv')).toBe(vsMounted);
  });

  it('Blades shot at count +4, against any shooter', () => {
    expect(cf('4Bd', '4Bw', { mode: 'shooting' })).toBe(4);
    expect(cf('3Bd', 'Art', { mode: 'shooting', bound: 'b' })).toBe(4);
  });

  it('Artillery counts +4 in the open, +2 in a city or fort', () => {
    expect(cf('Art', '4Bw', { mode: 'shooting' })).toBe(4);
    expect(cf('Art', '4Bw', { mode: 'shooting', a: { defending: 'city' } })).toBe(2);
    expect(cf('Art', '4Bw', { mode: 'shooting', a: { defending: 'fort' } })).toBe(2);
    expect(cf('Art', '4Bd', { a: { defending: 'camp' } })).toBe(4);
  });

  it('assaulters and defenders of a city, fort or camp use their factor against foot', () => {
    expect(cf('3Kn', '4Bd', { b: { defending: 'city' } })).toBe(3);
    expect(cf('4Bd', '3Kn', { a: { defending: 'camp' } })).toBe(5);
    expect(cf('CF', '3Cv', { a: { defending: 'camp' } })).toBe(2);
  });

  it('Lit and CWg read as War Wagons under the other reading', () => {
    expect(cf('Lit', '4Sp', { readings: { litterAndCommandWagonFactors: 'war-wagons' } })).toBe(3);
    expect(cf('CWg', '3Kn', { readings: { litterAndCommandWagonFactors: 'war-wagons' } })).toBe(4);
  });

  it('cites the rule', () => {
    expect(combatFactor(views(fight('4Bd', '3Kn'))[0])).toEqual({
      label: 'Blades v mounted',
      value: 3,
      rule: 'DBA 3.0 Combat factors',
    });
  });
});
