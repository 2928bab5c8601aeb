/** DBM 3.2 p.21 combat factors, and the 3.0 wording where it differs (end note xlvii). */
import { describe, expect, it } from 'vitest';
import { factorsOf, sit } from './helpers.ts';

const cf = (a: string, b: string, opts = {}) => {
  const f = factorsOf(sit(a, b, opts), 'a');
  const key = Object.keys(f).find((k) => / v |use artillery|disembarked/.test(k));
  return key === undefined ? undefined : f[key];
};

describe('DBM 3.2 p.21 combat factors', () => {
  it.each([
    ['Irr El(O)', 'Reg Kn(O)', 5],
    ['Irr El(O)', 'Reg Bd(O)', 4],
    ['Irr El(O)', 'Reg Gal(O)', 3],
    ['Reg Sp(O)', 'Reg Kn(O)', 4],
    ['Reg Sp(O)', 'Reg Bd(O)', 4],
    ['Irr Exp(O)', 'Reg Bd(O)', 4],
    ['Reg Kn(O)', 'Reg Cv(O)', 4],
    ['Reg Kn(O)', 'Reg Bd(O)', 3],
    ['Reg Kn(O)', 'Reg Gal(O)', 4],
    ['Reg WWg(O)', 'Reg Cv(O)', 4],
    ['Reg WWg(O)', 'Reg Sp(O)', 3],
    ['Reg Pk(O)', 'Reg Kn(O)', 4],
    ['Reg Pk(O)', 'Reg Bd(O)', 3],
    ['Reg Bw(O)', 'Reg Kn(O)', 4],
    ['Reg Bw(O)', 'Reg Bd(O)', 2],
    ['Reg Bw(O)', 'Reg Gal(O)', 3],
    ['Irr Cm(O)', 'Reg Kn(O)', 4],
    ['Irr Cm(O)', 'Reg Bd(O)', 2],
    ['Reg Bd(O)', 'Reg Kn(O)', 3],
    ['Reg Bd(O)', 'Reg Sp(O)', 5],
    ['Reg Bd(O)', 'Reg Gal(O)', 4],
    ['Reg Cv(O)', 'Reg Bd(O)', 3],
    ['Reg Gal(O)', 'Reg Bd(O)', 3],
    ['Irr Shp(O)', 'Reg Bd(O)', 3],
    ['Irr Wb(O)', 'Reg Kn(O)', 2],
    ['Irr Wb(O)', 'Reg Bd(O)', 3],
    ['Reg Ax(O)', 'Reg Cv(O)', 2],
    ['Reg Ax(O)', 'Reg Gal(O)', 3],
    ['Reg LH(O)', 'Reg Bd(O)', 2],
    ['Reg Ps(O)', 'Reg Bd(O)', 2],
    ['Irr Hd(O)', 'Reg Bd(O)', 2],
    ['Irr Bts(O)', 'Reg Bd(O)', 2],
    ['Irr Bg(O)', 'Reg Bd(O)', 1],
  ])('%s against %s in close combat: +%i', (a, b, value) => {
    expect(cf(a, b)).toBe(value);
  });

  it('knights shot at by bowmen count +4 (v bowmen shooting), +3 when shot at by artillery', () => {
    expect(cf('Reg Kn(O)', 'Reg Bw(O)', { mode: 'shooting', shooters: 'b' })).toBe(4);
    expect(cf('Reg Kn(O)', 'Reg Art(O)', { mode: 'shooting', shooters: 'b' })).toBe(3);
  });
  it('blades count +4 against shooting', () => {
    expect(cf('Reg Bd(O)', 'Reg Bw(O)', { mode: 'shooting', shooters: 'b' })).toBe(4);
  });
  it('bowmen shooting at bowmen count +3 in 3.2 but +2 (v foot) in 3.0 (end note xlvii)', () => {
    expect(cf('Reg Bw(O)', 'Reg Bw(O)', { mode: 'shooting', shooters: 'both' })).toBe(3);
    expect(cf('Reg Bw(O)', 'Reg Bw(O)', { mode: 'shooting', shooters: 'both', rules: 'dbm-3.0' })).toBe(2);
  });
  it('naval whose troops have disembarked count +1', () => {
    expect(cf('Reg Gal(O)', 'Reg Bd(O)', { a: { disembarked: true } })).toBe(1);
  });
  it('troops attacking fortifications count as fighting foot (p.21 Close Combat)', () => {
    expect(
      cf('Reg Kn(O)', 'Reg Bd(O)', {
        a: { assaultingFortification: true },
        b: { fortification: 'temporary' },
      }),
    ).toBe(3);
  });
  it('Ps(X) use the artillery factor in close combat except against auxilia or psiloi (p.6)', () => {
    expect(cf('Reg Ps(X)', 'Reg Bd(O)')).toBe(4);
    expect(cf('Reg Ps(X)', 'Reg Ax(O)')).toBe(2);
  });
  it('opponents of El(X) use their factor against elephants in close combat, against artillery if not (p.3)', () => {
    expect(cf('Reg Bd(O)', 'Irr El(X)')).toBe(3);
    expect(cf('Reg Kn(O)', 'Irr El(X)', { mode: 'shooting', shooters: 'b' })).toBe(3);
    expect(cf('Reg Bw(O)', 'Irr El(X)', { mode: 'shooting', shooters: 'both' })).toBe(4);
  });
  it('Art(X) fight close combat as (I) auxilia (p.7)', () => {
    expect(cf('Reg Art(X)', 'Reg Bd(O)')).toBe(3);
  });
  it('Bw(X) fight foot to their front as spears (p.6)', () => {
    expect(cf('Reg Bw(X)', 'Reg Bd(O)')).toBe(4);
    expect(cf('Reg Bw(X)', 'Reg Kn(O)')).toBe(4);
  });
});
