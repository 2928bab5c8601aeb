/**
 * The depths a DBM line stands at in balance studies (docs/balance.md "Line-ups"): only depths whose last
 * rank gives the element something under the version in play, worked out from the combat tables.
 */
import { describe, expect, it } from 'vitest';
import dbm from '../../../src/systems/dbm/index.ts';
import { usefulDepths } from '../../../src/systems/dbm/balance.ts';
import { parseElement } from '../../../src/systems/dbm/notation.ts';
import { DBM_VERSIONS } from '../../../src/systems/dbm/versions.ts';

const depths = (text: string, v: 'dbm-3.0' | 'dbm-3.2') => usefulDepths(parseElement(text), DBM_VERSIONS[v]);

describe('useful depths, DBM 3.2', () => {
  it('blades (S) and (O): a 2nd rank of (S) or (O) blades makes them recoil from knights instead of dying (p.23)', () => {
    expect(depths('Reg Bd(O)', 'dbm-3.2')).toEqual([1, 2]);
    expect(depths('Reg Bd(S)', 'dbm-3.2')).toEqual([1, 2]);
  });
  it('blades (I) and (F): their 2nd rank gives nothing, so they stand one deep', () => {
    expect(depths('Reg Bd(I)', 'dbm-3.2')).toEqual([1]);
    expect(depths('Irr Bd(I)', 'dbm-3.2')).toEqual([1]);
    expect(depths('Reg Bd(F)', 'dbm-3.2')).toEqual([1]);
  });
  it('warband (S)/(O): a 2nd rank +1; 2nd, 3rd and 4th ranks make them recoil from mounted (3.2 p.23)', () => {
    expect(depths('Irr Wb(O)', 'dbm-3.2')).toEqual([1, 2, 4]);
    expect(depths('Irr Wb(F)', 'dbm-3.2')).toEqual([1, 2]);
  });
  it('pikes: 2nd and 3rd ranks +1, a 4th takes 1 from foot (p.21); (X) to 3', () => {
    expect(depths('Reg Pk(O)', 'dbm-3.2')).toEqual([1, 2, 3, 4]);
    expect(depths('Reg Pk(X)', 'dbm-3.2')).toEqual([1, 2, 3]);
  });
  it('bowmen (X) alone: no rear support nor shooting aid from a rank of bowmen (X) (p.20-21)', () => {
    expect(depths('Reg Bw(X)', 'dbm-3.2')).toEqual([1]);
    expect(depths('Reg Bw(O)', 'dbm-3.2')).toEqual([1, 2]);
  });
  it('knights and cavalry have no rear support in line-ups (not double-based by a list): one deep', () => {
    expect(depths('Irr Kn(O)', 'dbm-3.2')).toEqual([1]);
  });
});

describe('useful depths, DBM 3.0', () => {
  it('every grade of blades has its 2nd rank, and warband their 3rd (3.0 rear support, end notes)', () => {
    expect(depths('Reg Bd(I)', 'dbm-3.0')).toEqual([1, 2]);
    expect(depths('Irr Wb(O)', 'dbm-3.0')).toEqual([1, 2, 3, 4]);
  });
});

describe('the balance adapter', () => {
  const v32 = dbm.variant({ version: 'dbm-3.2' });
  it('stands each type at its usual depth if that gives something, else the deepest that does', () => {
    expect(dbm.balance!.depths('Reg Bd(O)', v32)).toEqual({ allowed: [1, 2], support: 2 });
    expect(dbm.balance!.depths('Reg Bd(I)', v32)).toEqual({ allowed: [1], support: 1 });
    expect(dbm.balance!.depths('Irr Wb(O)', v32)).toEqual({ allowed: [1, 2, 4], support: 2 });
    expect(dbm.balance!.depths('Reg Pk(O)', v32)).toEqual({ allowed: [1, 2, 3, 4], support: 4 });
  });
});
