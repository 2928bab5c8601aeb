/** DBA 3.0 Tactical factors (values: docs/rulings.md "DBA 3.0"). */
import { describe, expect, it } from 'vitest';
import { factorsOf, fight, total } from './helpers.ts';

describe('tactical factors', () => {
  it('+4 garrison defending a city or fort, in close combat or shot at', () => {
    expect(factorsOf(fight('4Bd', '4Sp', { a: { defending: 'city' } }), 'a')).toEqual({
      'Blades v foot (city, fort or camp combat)': 5,
      'garrison defending a city': 4,
    });
    expect(total(fight('4Bw', '4Sp', { a: { defending: 'fort' } }), 'a')).toBe(6);
    expect(total(fight('4Bw', '4Bw', { mode: 'shooting', b: { defending: 'fort' } }), 'b')).toBe(6);
    // Shooting from the walls without being shot at: the factor needs close combat or being shot at.
    expect(total(fight('4Bw', '3Kn', { mode: 'shooting', a: { defending: 'city' } }), 'a')).toBe(4);
  });

  it('+2 camp followers or other foot in their own camp; mounted in a camp get nothing', () => {
    expect(total(fight('CF', '3Kn', { a: { defending: 'camp' } }), 'a')).toBe(4);
    expect(total(fight('4Ax', '3Kn', { a: { defending: 'camp' } }), 'a')).toBe(5);
    expect(total(fight('3Cv', '3Kn', { a: { defending: 'camp' } }), 'a')).toBe(3);
  });

  it('denizens defending their city: +2 by default reading, +4 under the other', () => {
    expect(total(fight('Dz', '3Kn', { a: { defending: 'city' } }), 'a')).toBe(4);
    expect(
      total(fight('Dz', '3Kn', { a: { defending: 'city' }, readings: { denizensDefendingCity: 4 } }), 'a'),
    ).toBe(6);
  });

  it("+1 general's element in close combat or shot at, not when only shooting", () => {
    expect(total(fight('3Kn', '4Bd', { a: { general: true } }), 'a')).toBe(4);
    expect(total(fight('4Bw', '3Kn', { mode: 'shooting', b: { general: true } }), 'b')).toBe(4);
    expect(total(fight('4Bw', '3Kn', { mode: 'shooting', a: { general: true } }), 'a')).toBe(4);
  });

  it('+1 in close combat uphill or defending a river bank, once; not when shot at; not inside a city or fort', () => {
    expect(total(fight('4Sp', '4Bd', { a: { uphill: true } }), 'a')).toBe(5);
    expect(total(fight('4Sp', '4Bd', { a: { riverBank: true } }), 'a')).toBe(5);
    expect(total(fight('4Sp', '4Bd', { a: { uphill: true, riverBank: true } }), 'a')).toBe(5);
    expect(total(fight('4Bw', '4Sp', { mode: 'shooting', b: { uphill: true } }), 'b')).toBe(4);
    expect(total(fight('4Sp', '4Bd', { a: { uphill: true, defending: 'city' } }), 'a')).toBe(8);
    expect(total(fight('4Sp', '4Bd', { a: { riverBank: true, defending: 'city' } }), 'a')).toBe(9);
  });

  it('-1 per flank overlapped or contacted (one per flank), -1 for rear contact', () => {
    expect(total(fight('4Sp', '4Bd', { a: { overlaps: 1 } }), 'a')).toBe(3);
    expect(total(fight('4Sp', '4Bd', { a: { overlaps: 2 } }), 'a')).toBe(2);
    expect(total(fight('4Sp', '4Bd', { a: { overlaps: 1, flankContacts: 1 } }), 'a')).toBe(2);
    expect(total(fight('4Sp', '4Bd', { a: { overlaps: 2, rearContact: true } }), 'a')).toBe(1);
  });

  it('-1 for each 2nd or 3rd element aiding the enemy shooting', () => {
    expect(total(fight('4Bw', '3Kn', { mode: 'shooting', a: { aiders: 1 } }), 'b')).toBe(2);
    expect(total(fight('4Bw', '3Kn', { mode: 'shooting', a: { aiders: 2 } }), 'b')).toBe(1);
  });

  it('-1 for each of up to 2 further assaulters; no overlaps at a city, fort or camp', () => {
    expect(total(fight('3Kn', '4Bd', { a: { alsoAssaulting: 2 }, b: { defending: 'camp' } }), 'b')).toBe(
      5 + 2 - 2,
    );
    expect(
      total(fight('3Kn', '4Bd', { a: { overlaps: 1 }, b: { defending: 'camp', overlaps: 1 } }), 'a'),
    ).toBe(3);
    expect(
      total(fight('3Kn', '4Bd', { a: { overlaps: 1 }, b: { defending: 'camp', overlaps: 1 } }), 'b'),
    ).toBe(7);
  });

  it('-2 in close combat in bad going, except Auxilia, Bows, Warband and Psiloi; rough going is no factor', () => {
    expect(total(fight('4Sp', '3Ax', { a: { going: 'bad' } }), 'a')).toBe(2);
    expect(total(fight('3Kn', '3Ax', { a: { going: 'bad' } }), 'a')).toBe(1);
    expect(total(fight('3Ax', '4Sp', { a: { going: 'bad' } }), 'a')).toBe(3);
    expect(total(fight('4Bw', '4Sp', { a: { going: 'bad' } }), 'a')).toBe(2);
    expect(total(fight('3Wb', '4Sp', { a: { going: 'bad' } }), 'a')).toBe(3);
    expect(total(fight('2Ps', '4Sp', { a: { going: 'bad' } }), 'a')).toBe(2);
    expect(total(fight('4Sp', '3Ax', { a: { going: 'rough' } }), 'a')).toBe(4);
    expect(total(fight('4Bw', '4Sp', { mode: 'shooting', b: { going: 'bad' } }), 'b')).toBe(4);
  });

  it('dunes and oasis are bad going except to camels', () => {
    expect(total(fight('3Cv', '3Ax', { a: { going: 'dunes' } }), 'a')).toBe(1);
    expect(total(fight('3Cm', '3Ax', { a: { going: 'dunes' } }), 'a')).toBe(3);
    expect(total(fight('LCm', '3Ax', { a: { going: 'dunes' } }), 'a')).toBe(2);
    expect(total(fight('3Cm', '3Ax', { a: { going: 'bad' } }), 'a')).toBe(1);
  });

  it('every tactical factor cites its section', () => {
    const s = fight('4Sp', '4Bd', { a: { general: true, uphill: true, overlaps: 1 } });
    expect(factorsOf(s, 'a')).toEqual({
      'Spears v foot': 4,
      "general's element": 1,
      uphill: 1,
      '1 flank overlapped or contacted': -1,
    });
  });
});
