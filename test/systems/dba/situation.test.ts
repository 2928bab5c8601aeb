/** parseDbaSituation: plain data in, a validated DbaSituation out, errors naming the field. */
import { describe, expect, it } from 'vitest';
import { parseDbaElement as el } from '../../../src/systems/dba/notation.ts';
import { parseDbaSituation } from '../../../src/systems/dba/parse-situation.ts';
import { InputError } from '../../../src/core/errors.ts';
import { dbaSide, dbaSituation } from '../../../src/systems/dba/situation.ts';

const errorOf = (input: unknown): Error => {
  try {
    parseDbaSituation(input);
  } catch (e) {
    return e as Error;
  }
  throw new Error('no error');
};

describe('parseDbaSituation', () => {
  it('fills every default and parses the notation', () => {
    const s = parseDbaSituation({ a: { element: '4Bd' }, b: { element: '3Kn', general: true } });
    expect(s).toEqual(dbaSituation(dbaSide(el('4Bd')), dbaSide(el('3Kn'), { general: true })));
    expect(s.rules).toBe('dba-3.0');
    expect(s.mode).toBe('close');
    expect(s.bound).toBe('a');
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });

  it('gives supporters the side’s going unless told', () => {
    const s = parseDbaSituation({
      a: { element: '4Pk', going: 'rough', behind: '4Pk', flankFriends: [{ element: '4Sp', going: 'good' }] },
      b: { element: '4Bd' },
    });
    expect(s.a.behind).toEqual({ element: el('4Pk'), going: 'rough' });
    expect(s.a.flankFriends).toEqual([{ element: el('4Sp'), going: 'good' }]);
  });

  it('defaults the shooters to the sides that can shoot', () => {
    expect(
      parseDbaSituation({ mode: 'shooting', a: { element: '4Bw' }, b: { element: '3Kn' } }).shooters,
    ).toBe('a');
    expect(
      parseDbaSituation({ mode: 'shooting', bound: 'b', a: { element: '4Sp' }, b: { element: 'Art' } })
        .shooters,
    ).toBe('b');
    expect(
      parseDbaSituation({ mode: 'shooting', a: { element: 'WWg' }, b: { element: '3Cb' } }).shooters,
    ).toBe('both');
  });

  it.each([
    [{ a: { element: '4Qq' }, b: { element: '3Kn' } }, 'a.element: "4Qq" is not DBA element notation'],
    [
      { a: { element: '4Bd' }, b: { element: 'Kn' } },
      'b.element: "Kn" is not a DBA element: Knights need a figure count',
    ],
    [{ a: { element: '4Bd', genral: true }, b: { element: '3Kn' } }, 'a.genral: unknown key "genral"'],
    [
      { a: { element: '4Bd', going: 'swamp' }, b: { element: '3Kn' } },
      'a.going: must be one of "good", "rough", "bad", "dunes"',
    ],
    [{ a: { element: '4Bd', overlaps: 3 }, b: { element: '3Kn' } }, 'a.overlaps: must be at most 2'],
    [
      { a: { element: '4Bd', overlaps: 2, flankContacts: 1 }, b: { element: '3Kn' } },
      'a.overlaps: 2 overlaps and 1 flank contacts',
    ],
    [{ a: { element: '4Bd', flankFriends: ['4Sp', 'X'] }, b: { element: '3Kn' } }, 'a.flankFriends[1]'],
    [{ rules: 'dbm-3.2', a: { element: '4Bd' }, b: { element: '3Kn' } }, 'rules: must be one of "dba-3.0"'],
    [{ a: { element: '4Bd' } }, 'b: missing'],
    ['4Bd v 3Kn', 'expected object, found the text'],
    [{ mode: 'shooting', a: { element: '4Bd' }, b: { element: '3Kn' } }, 'mode: shooting needs a shooter'],
    [
      { mode: 'shooting', shooters: 'both', a: { element: '4Bw' }, b: { element: '3Kn' } },
      'shooters: 3Kn (Knights) cannot shoot',
    ],
    [
      { mode: 'shooting', bound: 'b', a: { element: 'Art' }, b: { element: '4Bw' } },
      'shooters: Artillery shoots only in its own bound',
    ],
    [{ shooters: 'a', a: { element: '4Bw' }, b: { element: '3Kn' } }, 'shooters: only for mode "shooting"'],
    [{ a: { element: '4Bd', aiders: 1 }, b: { element: '3Kn' } }, 'a.aiders: only a shooting side'],
    [
      { a: { element: '4Bd', alsoAssaulting: 1 }, b: { element: '3Kn' } },
      'a.alsoAssaulting: only when assaulting',
    ],
    [
      { a: { element: 'Dz', defending: 'camp' }, b: { element: '3Kn' } },
      'a.defending: city denizens defend only a city',
    ],
    [
      { a: { element: 'CF', defending: 'city' }, b: { element: '3Kn' } },
      'a.defending: camp followers defend only a camp',
    ],
    [
      { a: { element: 'El', defending: 'camp' }, b: { element: '3Kn' } },
      'a.defending: El (Elephants) cannot occupy a camp',
    ],
    [
      { a: { element: '4Bd', defending: 'camp' }, b: { element: '4Bd', defending: 'city' } },
      'a.defending: only one side',
    ],
    [
      { mode: 'shooting', a: { element: '4Bw' }, b: { element: '3Kn', flankContacts: 1 } },
      'b.flankContacts: an element in close combat cannot shoot or be shot at',
    ],
    [
      { a: { element: '4Bd' }, b: { element: '3Kn' }, readings: { allOthersDoubled: 'maybe' } },
      'readings.allOthersDoubled',
    ],
  ])('rejects %j', (input, message) => {
    const e = errorOf(input);
    expect(e).toBeInstanceOf(InputError);
    expect(e.message.startsWith(message)).toBe(true);
    expect(e.message).not.toContain('\n');
  });

  it('lets artillery shoot back at artillery in the enemy bound', () => {
    const s = parseDbaSituation({
      mode: 'shooting',
      bound: 'b',
      a: { element: 'Art' },
      b: { element: 'Art' },
    });
    expect(s.shooters).toBe('both');
  });

  it('keeps reading overrides', () => {
    const s = parseDbaSituation({
      a: { element: 'SCh' },
      b: { element: '4Sp' },
      readings: { scythedChariotsEqual: 'recoil' },
    });
    expect(s.readings).toEqual({ scythedChariotsEqual: 'recoil' });
  });
});
