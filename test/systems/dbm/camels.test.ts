/**
 * DBM 3.2 p.12 Terrain Choosing: camels of any troop type except baggage count sand dunes and brush as
 * good going and other rough going as difficult. Camelry always ride camels; any other element does when
 * its side says `camels` (LH(I) "riding camels", p.4, or cavalry on camels in the army lists). The going as
 * the element counts it drives its tactical factors (p.21), rear support (p.21) and outcomes (p.23).
 */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/core/errors.ts';
import { enumerate } from '../../../src/core/exact.ts';
import { moveDistance } from '../../../src/systems/dbm/distant.ts';
import dbm from '../../../src/systems/dbm/index.ts';
import { parseElement } from '../../../src/systems/dbm/notation.ts';
import { situationToInput, type DbmSituationInput } from '../../../src/systems/dbm/situation-input.ts';
import { factorsOf, lossOutcome, sit } from './helpers.ts';

const v = dbm.variant({ version: 'dbm-3.2' });
const exact = (s: DbmSituationInput) => enumerate(v.ruleset, v.parseSituation(s));

describe('DBM 3.2 p.12: cavalry on camels in dunes', () => {
  it('Irr Cv(O) on camels v Irr Cv(O) on horses, both in dunes: 3+a v 1+b', () => {
    // Dunes are good going to the camels, difficult to the horses: the horsemen take -2 (p.21 mounted in
    // close combat in difficult going). Grading: none. A wins when b <= a + 1: 26 rolls; equal 4; B wins 6.
    // B (horses) doubled when 2(1+b) <= 3+a, i.e. a >= 2b - 1: b=1: 6, b=2: 4, b=3: 2 = 12: cavalry
    // destroyed (p.23 half or less). The other 14: "other mounted ... flee if in difficult going".
    // A (camels) never doubled (2(3+a) <= 1+b never); beaten by less 6: recoil, dunes being good to it.
    const d = exact({
      a: { element: 'Irr Cv(O)', camels: true, going: 'dunes' },
      b: { element: 'Irr Cv(O)', going: 'dunes' },
    });
    expect([d.b.destroyed.count, d.b.flee.count, d.b.recoil.count]).toEqual([12, 14, 0]);
    expect([d.a.destroyed.count, d.a.flee.count, d.a.recoil.count]).toEqual([0, 0, 6]);
  });

  it('the camels take no -2, the horses do', () => {
    const s = sit('Irr Cv(O)', 'Irr Cv(O)', { a: { camels: true, going: 'dunes' }, b: { going: 'dunes' } });
    expect(Object.values(factorsOf(s, 'a'))).toEqual([3]);
    expect(factorsOf(s, 'b')['mounted in bad going']).toBe(-2);
  });
});

describe('DBM 3.2 p.23 Psiloi: "destroyed by cavalry if in going these count as good" with camels', () => {
  it('Irr Cv(O) on camels beat Irr Ps(O) in dunes: psiloi destroyed 21/36', () => {
    // Cv +3, no -2 (its dunes and the psiloi's dunes are good to camels); Ps +2. 3+a v 2+b.
    // Ps lose when b <= a: 21, every one destroyed (less: "destroyed by ... cavalry if in going these
    // count as good"; half: "destroyed by any mounted troops if in going these count as good").
    // Cv lose when b >= a + 2: 4+3+2+1 = 10; doubled when 2(3+a) <= 2+b (a=1, b=6): destroyed 1, the
    // other 9 recoil. Equal 5.
    const d = exact({
      a: { element: 'Irr Cv(O)', camels: true, going: 'dunes' },
      b: { element: 'Irr Ps(O)', going: 'dunes' },
    });
    expect([d.b.destroyed.count, d.b.flee.count, d.b.recoil.count]).toEqual([21, 0, 0]);
    expect([d.a.recoil.count, d.a.destroyed.count]).toEqual([9, 1]);
  });
  it('on horses the same psiloi recoil: dunes are good to neither', () => {
    expect(
      lossOutcome(
        sit('Irr Cv(O)', 'Irr Ps(O)', { a: { going: 'dunes' }, b: { going: 'dunes' } }),
        'b',
        'less',
      ),
    ).toBe('recoil');
  });
});

describe('DBM 3.2 p.12: other rough going is difficult to camels', () => {
  it('Irr LH(I) on camels in rough going v Irr Cv(O): flee 12/36 (difficult going), destroyed 21/36', () => {
    // LH +2, -2 (mounted in bad going) = 0+b. Cv +3, and +1 grading when it scores equal or more than
    // the (I) light horse before grading (b <= a + 3: 33 rolls): 4+a v b. The other 3 (a=1: b=5,6; a=2:
    // b=6): 3+a v b, the cavalry beaten by less, recoil.
    // Of the 33, LH beaten by less when 2b > 4+a: a=1: 2, a=2: 2, a=3: 3, a=4: 2, a=5: 2, a=6: 1 = 12:
    // "flee if in difficult going" (rough is difficult to camels). The other 21 doubled: destroyed in
    // close combat by mounted.
    const d = exact({
      a: { element: 'Irr LH(I)', camels: true, going: 'rough' },
      b: { element: 'Irr Cv(O)' },
    });
    expect([d.a.flee.count, d.a.destroyed.count, d.a.recoil.count]).toEqual([12, 21, 0]);
    expect(d.b.recoil.count).toBe(3);
  });
  it('on horses in rough going they recoil; on camels in brush they count good going and recoil too', () => {
    expect(lossOutcome(sit('Irr LH(I)', 'Irr Cv(O)', { a: { going: 'rough' } }), 'a', 'less')).toBe('recoil');
    const brush = sit('Irr LH(I)', 'Irr Cv(O)', { a: { camels: true, going: 'brush' } });
    expect(lossOutcome(brush, 'a', 'less')).toBe('recoil');
    expect(factorsOf(brush, 'a')['mounted in bad going']).toBeUndefined();
  });
});

describe('DBM 3.2 p.19 moves by going as camels count it', () => {
  const lh = parseElement('Irr LH(I)');
  it('LH(I) on camels: 250p in dunes and brush (good), 100p in rough (difficult); on horses 100p and 200p', () => {
    expect(['dunes', 'brush', 'rough'].map((g) => moveDistance(lh, g as never, false, true))).toEqual([
      250, 250, 100,
    ]);
    expect(['dunes', 'brush', 'rough'].map((g) => moveDistance(lh, g as never))).toEqual([100, 200, 200]);
  });
});

describe('who rides camels', () => {
  const refused = (side: Record<string, unknown>) => {
    try {
      v.parseSituation({ a: side, b: { element: 'Reg Bd(O)' } });
      return undefined;
    } catch (e) {
      expect(e).toBeInstanceOf(InputError);
      return (e as InputError).path;
    }
  };
  it('not baggage (p.12 "except baggage"), not naval; camelry cannot be taken off their camels', () => {
    expect(refused({ element: 'Irr Bg(I)', camels: true })).toEqual(['a', 'camels']);
    expect(refused({ element: 'Irr Shp(O)', camels: true })).toEqual(['a', 'camels']);
    expect(refused({ element: 'Irr Cm(O)', camels: false })).toEqual(['a', 'camels']);
    expect(refused({ element: 'Irr Cm(O)', camels: true })).toBeUndefined();
    expect(refused({ element: 'Irr Kn(F)', camels: true })).toBeUndefined();
  });
  it('the flag survives a round trip through the situation file', () => {
    const s = v.parseSituation({ a: { element: 'Irr LH(I)', camels: true }, b: { element: 'Reg Bd(O)' } });
    expect((situationToInput(s) as { a: Record<string, unknown> }).a.camels).toBe(true);
  });
});
