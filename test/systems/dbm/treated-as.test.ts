/** The "treated as" exceptions of DBM 3.2 pp.3-8, and their 3.0 wording (end notes i, iv). */
import { describe, expect, it } from 'vitest';
import { views } from '../../../src/systems/dbm/view.ts';
import { lossOutcome, sit } from './helpers.ts';

const as = (a: string, b: string, opts: Parameters<typeof sit>[2] = {}) => {
  const p = views(sit(a, b, opts))[0].self.as;
  return `${p.type}(${p.grade})`;
};
const shotAt = { mode: 'shooting' as const, shooters: 'b' as const };

describe('DBM treated-as exceptions', () => {
  it('Kn(X): (S) against LH, Sp, Pk, Bw or shot at by bowmen; (I) against Kn, Exp, Wb; else (O) (p.4)', () => {
    expect(as('Reg Kn(X)', 'Reg Sp(O)')).toBe('Kn(S)');
    expect(as('Reg Kn(X)', 'Reg Bw(O)', shotAt)).toBe('Kn(S)');
    expect(as('Reg Kn(X)', 'Reg Kn(O)')).toBe('Kn(I)');
    expect(as('Reg Kn(X)', 'Reg Kn(X)')).toBe('Kn(O)');
    expect(as('Reg Kn(X)', 'Reg Cv(O)')).toBe('Kn(O)');
    expect(as('Reg Kn(X)', 'Reg Bd(O)')).toBe('Kn(O)');
    expect(as('Reg Kn(X)', 'Reg Bd(O)', { rules: 'dbm-3.0' })).toBe('Kn(I)');
  });
  it('Pk(X): (S) against Cv, LH, Ax, Bw, Ps or shot at by bowmen, otherwise (I) (p.5)', () => {
    expect(as('Reg Pk(X)', 'Reg Cv(O)')).toBe('Pk(S)');
    expect(as('Reg Pk(X)', 'Reg Bw(O)', shotAt)).toBe('Pk(S)');
    expect(as('Reg Pk(X)', 'Reg Kn(O)')).toBe('Pk(I)');
  });
  it('Bd(X): (S) against Kn or Cm(S); (O) if double-based; else (F); 3.0 always (F) (p.5, end note iv)', () => {
    expect(as('Reg Bd(X)', 'Reg Kn(O)')).toBe('Bd(S)');
    expect(as('Reg Bd(X)', 'Irr Cm(S)')).toBe('Bd(S)');
    expect(as('Reg Bd(X)', 'Reg Bd(O)', { a: { doubleBased: true, rear: ['Reg Bd(X)'] } })).toBe('Bd(O)');
    expect(as('Reg Bd(X)', 'Reg Bd(O)')).toBe('Bd(F)');
    expect(as('Reg Bd(X)', 'Reg Kn(O)', { rules: 'dbm-3.0' })).toBe('Bd(F)');
  });
  it('Ax(X): (S) against Kn, Cv, Wb or Exp, otherwise (I) (p.6)', () => {
    expect(as('Reg Ax(X)', 'Reg Cv(O)')).toBe('Ax(S)');
    expect(as('Reg Ax(X)', 'Reg Bd(O)')).toBe('Ax(I)');
  });
  it('Bw(X): spears against foot ((O) with an (S) rear rank on the base, else (I)); bowmen otherwise (p.6)', () => {
    expect(as('Reg Bw(X)', 'Reg Bd(O)')).toBe('Sp(I)');
    expect(as('Reg Bw(X)', 'Reg Bd(O)', { a: { doubleBased: true, rear: ['Reg Bw(S)'] } })).toBe('Sp(O)');
    expect(as('Reg Bw(X)', 'Reg Kn(O)')).toBe('Bw(S)');
    expect(as('Reg Bw(X)', 'Reg Bw(O)', { mode: 'shooting', shooters: 'both' })).toBe('Bw(S)');
    expect(as('Reg Bw(X)', 'Reg Art(O)', { mode: 'shooting', shooters: 'both' })).toBe('Bw(O)');
  });
  it('Bw(X) count as (S) bowmen against mounted: knights who moved into their front are destroyed on less', () => {
    expect(lossOutcome(sit('Reg Bw(X)', 'Reg Kn(O)', { b: { movedIntoContact: true } }), 'b', 'less')).toBe(
      'destroyed',
    );
  });
  it('Ps(X): (I) psiloi in every respect, and destroyed when doubled (p.6, p.23)', () => {
    expect(as('Reg Ps(X)', 'Reg Bd(O)')).toBe('Ps(I)');
  });
  it('Art(X): (I) auxilia in close combat, (F) artillery otherwise (p.7)', () => {
    expect(as('Reg Art(X)', 'Reg Bd(O)')).toBe('Ax(I)');
    expect(as('Reg Art(X)', 'Reg Bd(O)', { mode: 'shooting' })).toBe('Art(F)');
  });
  it('El(X): shoot as (F) artillery, otherwise (I) elephants; shooting outcomes as (I) elephants (p.3)', () => {
    expect(as('Irr El(X)', 'Reg Bd(O)', { mode: 'shooting' })).toBe('Art(F)');
    expect(as('Irr El(X)', 'Reg Bw(O)', shotAt)).toBe('El(I)');
    expect(as('Irr El(X)', 'Reg Bd(O)')).toBe('El(I)');
    // Beaten in an exchange of shots by artillery, as elephants they are destroyed, not recoiled.
    expect(
      lossOutcome(sit('Reg Art(O)', 'Irr El(X)', { mode: 'shooting', shooters: 'both' }), 'b', 'less'),
    ).toBe('destroyed');
  });
  it('Cm(X) fight as (I) camelry, WWg(X) as (O) war wagons (pp.4, 7)', () => {
    expect(as('Irr Cm(X)', 'Reg Bd(O)')).toBe('Cm(I)');
    expect(as('Reg WWg(X)', 'Reg Bd(O)')).toBe('WWg(O)');
  });
  it('Shp(X): (S) shooting, shot at or against fortifications, otherwise (I); Bts(X): (S) artillery shooting (p.7)', () => {
    expect(as('Irr Shp(X)', 'Reg Bd(O)', { mode: 'shooting' })).toBe('Shp(S)');
    expect(as('Irr Shp(X)', 'Reg Bd(O)', { b: { fortification: 'permanent' } })).toBe('Shp(S)');
    expect(as('Irr Shp(X)', 'Reg Bd(O)')).toBe('Shp(I)');
    expect(as('Reg Bts(X)', 'Reg Bd(O)', { mode: 'shooting' })).toBe('Art(S)');
    expect(as('Reg Bts(X)', 'Reg Bd(O)')).toBe('Bts(I)');
  });
});
