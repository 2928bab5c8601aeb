/** DBA 3.0 element notation (Troop Definitions; double elements). */
import { InputError } from '../../../src/core/errors.ts';
import { describe, expect, it } from 'vitest';
import { allDbaElements, formatDbaElement, parseDbaElement } from '../../../src/systems/dba/notation.ts';

describe('parseDbaElement', () => {
  it('round-trips every element of the catalogue', () => {
    const all = allDbaElements();
    expect(all.length).toBe(41);
    for (const e of all) expect(parseDbaElement(formatDbaElement(e))).toEqual(e);
  });

  it('reads Solid or Fast from the figure count', () => {
    expect(parseDbaElement('4Bd').formation).toBe('solid');
    expect(parseDbaElement('3Bd').formation).toBe('fast');
    expect(parseDbaElement('4Ax').formation).toBe('solid');
    expect(parseDbaElement('3Ax').formation).toBe('fast');
    expect(parseDbaElement('4Wb').formation).toBe('solid');
    expect(parseDbaElement('3Wb').formation).toBe('fast');
    expect(parseDbaElement('7Hd').formation).toBe('solid');
    expect(parseDbaElement('5Hd').formation).toBe('fast');
    expect(parseDbaElement('3Pk').formation).toBe('fast');
    expect(parseDbaElement('4Pk').formation).toBe('solid');
    expect(parseDbaElement('3Cb').formation).toBe('fast');
    expect(parseDbaElement('2Ps').formation).toBe('fast');
    expect(parseDbaElement('3Kn').formation).toBeNull();
  });

  it('knows the double elements 6Kn, 6Cv, 8Sp, 6Bd and 8Bw (with 8Lb, 8Cb), and that 6Bd are Fast, 8Bw Solid', () => {
    const doubles = allDbaElements()
      .filter((e) => e.double)
      .map((e) => e.code);
    expect(doubles).toEqual(['6Kn', '6Cv', '8Sp', '6Bd', '8Bw', '8Lb', '8Cb']);
    expect(parseDbaElement('6Bd').formation).toBe('fast');
    expect(parseDbaElement('8Bw').formation).toBe('solid');
  });

  it('reads bow kinds, the model types that fight as another type, and armed civilians', () => {
    expect(parseDbaElement('4Lb')).toMatchObject({ type: 'Bw', bow: 'Lb', formation: 'solid' });
    expect(parseDbaElement('3Cb')).toMatchObject({ type: 'Bw', bow: 'Cb' });
    expect(parseDbaElement('Lit')).toMatchObject({ type: 'Bd', formation: 'solid' });
    expect(parseDbaElement('CWg')).toMatchObject({ type: 'Bd', formation: 'solid' });
    expect(parseDbaElement('HCh')).toMatchObject({ type: 'Kn' });
    expect(parseDbaElement('LCh')).toMatchObject({ type: 'Cv' });
    expect(parseDbaElement('LCm')).toMatchObject({ type: 'LH', camel: true });
    expect(parseDbaElement('Camp followers').code).toBe('CF');
    expect(parseDbaElement('city denizens').code).toBe('Dz');
    expect(parseDbaElement('El').type).toBe('El');
    expect(parseDbaElement('sch').code).toBe('SCh');
  });

  it('accepts a bare type where it has one single element, ignoring case and spaces', () => {
    expect(parseDbaElement('Sp').code).toBe('4Sp');
    expect(parseDbaElement('ps').code).toBe('2Ps');
    expect(parseDbaElement('LH').code).toBe('2LH');
    expect(parseDbaElement('Cv').code).toBe('3Cv');
    expect(parseDbaElement(' 4 bd ').code).toBe('4Bd');
  });

  it.each([
    ['4Qq', '"4Qq" is not DBA element notation: "Qq" is not a troop type'],
    ['Bd', '"Bd" is not a DBA element: Blades need a figure count (4Bd, 3Bd, 6Bd)'],
    ['Kn', 'Knights need a figure count (3Kn, 4Kn, 6Kn)'],
    ['5Bd', '"5Bd" is not a DBA element: 5 is not a figure count of Bd (4Bd, 3Bd, 6Bd)'],
    ['2El', '"2El" is not a DBA element: El is written without a figure count'],
    ['Mtd-4Bd', 'mounted infantry fight as their foot type'],
    ['', '"" is not DBA element notation'],
    ['Reg Bd(O)', '"Reg Bd(O)" is not DBA element notation'],
  ])('rejects %j with an InputError naming the bad part', (text, message) => {
    let error: unknown;
    try {
      parseDbaElement(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toContain(message);
    expect((error as Error).message).not.toContain('\n');
  });
});
