/** DBA 3.0 Pursuing. */
import { describe, expect, it } from 'vitest';
import { parseDbaElement as el } from '../../../src/systems/dba/notation.ts';
import { dbaPursuit } from '../../../src/systems/dba/pursuit.ts';

describe('pursuit', () => {
  it('Knights other than 4Kn, Scythed Chariots, Elephants and Hordes pursue 1 BW', () => {
    expect(dbaPursuit(el('3Kn'), el('4Bd'))).toBe(1);
    expect(dbaPursuit(el('6Kn'), el('3Cv'))).toBe(1);
    expect(dbaPursuit(el('4Kn'), el('4Bd'))).toBe(0);
    expect(dbaPursuit(el('SCh'), el('2Ps'))).toBe(1);
    expect(dbaPursuit(el('El'), el('3Cv'))).toBe(1);
    expect(dbaPursuit(el('5Hd'), el('4Sp'))).toBe(1);
  });
  it('Pikes, Blades (not Lit or CWg) and Warband pursue 1/2 BW after foot other than Psiloi', () => {
    expect(dbaPursuit(el('4Pk'), el('4Sp'))).toBe(0.5);
    expect(dbaPursuit(el('3Bd'), el('CF'))).toBe(0.5);
    expect(dbaPursuit(el('3Wb'), el('4Bw'))).toBe(0.5);
    expect(dbaPursuit(el('4Wb'), el('2Ps'))).toBe(0);
    expect(dbaPursuit(el('4Bd'), el('3Cv'))).toBe(0);
    expect(dbaPursuit(el('Lit'), el('4Sp'))).toBe(0);
  });
  it('others do not pursue; nobody pursues from a city, fort or camp or when blocked', () => {
    expect(dbaPursuit(el('4Sp'), el('4Bd'))).toBe(0);
    expect(dbaPursuit(el('3Cv'), el('2Ps'))).toBe(0);
    expect(dbaPursuit(el('3Kn'), el('4Bd'), { inCityFortOrCamp: true })).toBe(0);
    expect(dbaPursuit(el('3Kn'), el('4Bd'), { blocked: true })).toBe(0);
  });
  it('an element that destroys the defenders of a city, fort or camp moves into it', () => {
    expect(dbaPursuit(el('4Sp'), el('CF'), { destroyedDefenders: true })).toBe('into-feature');
  });
});
