/** DBM element notation (DBM 3.2 pp.3-8 troop definitions; allowed elements from the p.10 cost table). */
import { describe, expect, it } from 'vitest';
import { allElements, formatElement, parseElement } from '../../../src/systems/dbm/notation.ts';

describe('DBM notation', () => {
  it('parses the standard form', () => {
    expect(parseElement('Reg Bd(O)')).toEqual({ type: 'Bd', grade: 'O', reg: 'Reg' });
    expect(parseElement('Irr Kn(F)')).toEqual({ type: 'Kn', grade: 'F', reg: 'Irr' });
    expect(parseElement(' irr  wb ( s ) ')).toEqual({ type: 'Wb', grade: 'S', reg: 'Irr' });
  });
  it('round-trips every allowed element', () => {
    const all = allElements();
    // The p.10 cost table has 112 non-dash cells.
    expect(all.length).toBe(112);
    for (const e of all) expect(parseElement(formatElement(e))).toEqual(e);
  });
  it('implies the regularity where the rules allow only one (Wb always Irr, Art always Reg, Sp(S) Reg)', () => {
    expect(parseElement('Wb(S)').reg).toBe('Irr');
    expect(parseElement('Art(O)').reg).toBe('Reg');
    expect(parseElement('Sp(S)').reg).toBe('Reg');
    expect(parseElement('El(O)').reg).toBe('Irr');
  });
  it('asks for the regularity where both are allowed', () => {
    expect(() => parseElement('Bd(O)')).toThrow(
      /can be regular or irregular; write "Reg Bd\(O\)" or "Irr Bd\(O\)"/,
    );
  });
  it('names the bad part in one line', () => {
    expect(() => parseElement('Reg Qq(O)')).toThrow(/"Qq" in "Reg Qq\(O\)" is not a DBM troop type/);
    expect(() => parseElement('Reg Bd(Q)')).toThrow(/"Q" in "Reg Bd\(Q\)" is not a grade/);
    expect(() => parseElement('Reg Bd(O')).toThrow(/is not DBM element notation/);
    expect(() => parseElement('Reg Wb(O)')).toThrow(/Warband are never regular/);
    expect(() => parseElement('Irr Sp(S)')).toThrow(/Irr Sp cannot be \(S\); Irr Sp grades are O, I/);
    expect(() => parseElement('Reg Cv(F)')).toThrow(/"F" is not a grade of Cv \(S, O, I\)/);
    expect(() => parseElement('Xyz Bd(O)')).toThrow(/"Xyz" in "Xyz Bd\(O\)" is not a regularity/);
  });
});
