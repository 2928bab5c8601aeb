/** The plain notation of army files (docs/armies.md "The format"). */
import { describe, expect, it } from 'vitest';
import { parseGeneral, parseTroops, splitCommand } from '../../../../src/systems/dbm/army/notation.ts';
import { parseElement as el } from '../../../../src/systems/dbm/notation.ts';

describe('troops', () => {
  it('reads a count, an element and its qualifiers', () => {
    expect(parseTroops('12 Reg Bd(O) in two lines, fill')).toEqual({
      count: 12,
      element: el('Reg Bd(O)'),
      options: [],
      placement: 'two-lines',
      fill: {},
    });
    expect(parseTroops('3 Irr Kn(S) chariots, fill up to 6')).toEqual({
      count: 3,
      element: el('Irr Kn(S)'),
      options: ['chariots'],
      fill: { max: 6 },
    });
    expect(parseTroops('4 Reg Sp(O) in reserve')).toMatchObject({ placement: 'reserve' });
    expect(parseTroops('8 Irr Hd(O) in the second line')).toMatchObject({ placement: 'second' });
    expect(parseTroops('2 Reg Bw(S) mounted infantry')).toMatchObject({ options: ['mountedInfantry'] });
  });

  it('says what it did not understand', () => {
    expect(() => parseTroops('12 legionaries')).toThrow(
      /"legionaries" in "12 legionaries" is not an element/,
    );
    expect(() => parseTroops('Reg Bd(O)')).toThrow(/expected a count and an element/);
    expect(() => parseTroops('12 Reg Bd(O) in three lines')).toThrow(
      /"in three lines" in .* is not understood/,
    );
    expect(() => parseTroops('12 Reg Bld(O)')).toThrow(/did you mean "Reg Bd\(O\)"/);
    expect(() => parseTroops('0 Reg Bd(O)')).toThrow(/1 to 500 elements/);
    expect(() => parseTroops('2 Reg Bd(O) chariots')).toThrow(/only knights or cavalry can be chariots/);
    expect(() => parseTroops('2 Irr Cv(O) mounted infantry')).toThrow(/only infantry/);
    expect(() => parseTroops('6 Irr Bg(I)')).toThrow(/baggage is not written in a command/);
    expect(() => parseTroops('2 Reg Gal(O)')).toThrow(/naval/);
    expect(() => parseTroops('8 Reg Bd(O) fill up to 6')).toThrow(/less than the count/);
    expect(() => parseTroops('8 Reg Bd(O) in two lines in reserve')).toThrow(/more than one line/);
    expect(() => parseTroops('8 Reg Bd(O); 4 Reg Ax(S)')).toThrow(/holds several groups/);
  });
});

describe('generals', () => {
  it('reads the role, the element and a line', () => {
    expect(parseGeneral('C-in-C Reg Cv(O)')).toEqual({
      role: 'c-in-c',
      element: el('Reg Cv(O)'),
      options: [],
    });
    expect(parseGeneral('sub-general Irr Kn(S) chariots')).toEqual({
      role: 'sub-general',
      element: el('Irr Kn(S)'),
      options: ['chariots'],
    });
    expect(parseGeneral('ally Irr Kn(F) in reserve')).toMatchObject({ role: 'ally', placement: 'reserve' });
    expect(parseGeneral('allied general Irr Cv(O)').role).toBe('ally');
  });

  it('refuses what is not a general', () => {
    expect(() => parseGeneral('king Reg Cv(O)')).toThrow(/start with "C-in-C", "sub-general" or "ally"/);
    expect(() => parseGeneral('C-in-C Irr Exp(O)')).toThrow(/cannot be Irr Exp\(O\)/);
    expect(() => parseGeneral('C-in-C Reg Cv(O) fill')).toThrow(/not fill/);
    expect(() => parseGeneral('C-in-C Reg Cv(O) in two lines')).toThrow(/one line/);
  });
});

describe('a command on one line', () => {
  it('splits the general from the troops at semicolons', () => {
    expect(splitCommand('C-in-C Reg Cv(O); 12 Reg Bd(O) in two lines; 4 Reg Ax(S); 2 Reg LH(F)')).toEqual({
      general: 'C-in-C Reg Cv(O)',
      troops: ['12 Reg Bd(O) in two lines', '4 Reg Ax(S)', '2 Reg LH(F)'],
    });
    expect(() => splitCommand('C-in-C Reg Cv(O)')).toThrow(/its general then its troops/);
  });
});
