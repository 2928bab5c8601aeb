/** B&B 0.7 ch.4 notation and Table 5.4 (which bases exist). */
import { describe, expect, it } from 'vitest';
import {
  allBnbElements,
  bnbGradesOf,
  formatBnbElement,
  parseBnbElement,
} from '../../../src/systems/bnb/notation.ts';

function notationError(text: string): Error {
  try {
    parseBnbElement(text);
  } catch (e) {
    return e as Error;
  }
  throw new Error(`"${text}" parsed`);
}

describe('B&B element notation', () => {
  it('parses Reg Bd(O), Irr HCh(S), Reg LCh(I) and LH(X)', () => {
    expect(parseBnbElement('Reg Bd(O)')).toEqual({ reg: 'Reg', type: 'Bd', grade: 'O' });
    expect(parseBnbElement('Irr HCh(S)')).toEqual({ reg: 'Irr', type: 'HCh', grade: 'S' });
    expect(parseBnbElement('Reg LCh(I)')).toEqual({ reg: 'Reg', type: 'LCh', grade: 'I' });
    expect(parseBnbElement('Irr LH(X)')).toEqual({ reg: 'Irr', type: 'LH', grade: 'X' });
  });
  it('accepts loose case and spacing: "irr  hch ( f )"', () => {
    expect(parseBnbElement('irr  hch ( f )')).toEqual({ reg: 'Irr', type: 'HCh', grade: 'F' });
  });
  it('implies the regularity where Table 5.4 allows only one: Wb(S), El(O), Bg(O), Cm(O), Hd(F) are Irr', () => {
    for (const t of ['Wb(S)', 'El(O)', 'Bg(O)', 'Cm(O)', 'Hd(F)']) expect(parseBnbElement(t).reg).toBe('Irr');
    expect(parseBnbElement('Pk(X)').reg).toBe('Reg');
  });
  it('round-trips every one of the 74 bases Table 5.4 allows', () => {
    const all = allBnbElements();
    expect(all).toHaveLength(74);
    for (const e of all) expect(parseBnbElement(formatBnbElement(e))).toEqual(e);
  });
  it('formats as "Reg Bd(O)"', () => {
    expect(formatBnbElement({ reg: 'Irr', type: 'HCh', grade: 'F' })).toBe('Irr HCh(F)');
  });
  it('reads grades off Table 5.4: Reg Bd are O, I, F; Irr Pk are I, F; Reg Pk are I, F, X', () => {
    expect(bnbGradesOf('Bd', 'Reg')).toEqual(['O', 'I', 'F']);
    expect(bnbGradesOf('Pk', 'Irr')).toEqual(['I', 'F']);
    expect(bnbGradesOf('Pk', 'Reg')).toEqual(['I', 'F', 'X']);
  });
});

describe('B&B notation errors are InputErrors naming the bad part, on one line', () => {
  const cases: [string, RegExp][] = [
    ['Reg Kn(O)', /"Kn" in "Reg Kn\(O\)" is not a B&B troop type/],
    ['Reg Bd(Q)', /"Q" in "Reg Bd\(Q\)" is not a grade/],
    ['Foo Bd(O)', /"Foo" in "Foo Bd\(O\)" is not a regularity/],
    ['Reg Bd(S)', /"S" is not a grade of Bd \(O, I, F\)/],
    ['Reg Wb(O)', /Warband are never regular/],
    ['Irr Pk(X)', /Irr Pk cannot be \(X\); Irr Pk grades are I, F/],
    ['Bd(O)', /can be regular or irregular; write "Reg Bd\(O\)" or "Irr Bd\(O\)"/],
    ['Reg Bd', /is not B&B element notation/],
    ['', /is not B&B element notation/],
  ];
  for (const [text, message] of cases) {
    it(`"${text}"`, () => {
      const e = notationError(text);
      expect(e.name).toBe('InputError');
      expect(e.message).toMatch(message);
      expect(e.message).not.toContain('\n');
    });
  }
});
