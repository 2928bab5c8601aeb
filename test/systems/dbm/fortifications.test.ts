/**
 * DBM 3.2 p.23 Combat Outcome: "outcomes applying only in good going do not apply when attacking or
 * defending across fortifications". Fortifications take those outcomes away; they do not make the going
 * bad (docs/rulings.md "Outcomes across fortifications"). Every row with a going condition, checked across
 * fortifications, with the exact counts of the 36 rolls worked by hand.
 */
import { describe, expect, it } from 'vitest';
import { enumerate } from '../../../src/core/exact.ts';
import dbm from '../../../src/systems/dbm/index.ts';
import type { DbmSituationInput } from '../../../src/systems/dbm/situation-input.ts';
import { lossOutcome, sit } from './helpers.ts';

const v = dbm.variant({ version: 'dbm-3.2' });
const exact = (s: DbmSituationInput) => enumerate(v.ruleset, v.parseSituation(s));

describe('DBM 3.2 p.23 Psiloi: across fortifications in good going they flee, not recoil', () => {
  it('Reg Sp(O) attacking Irr Ps(O) behind temporary fortifications: the psiloi flee 15/36, never recoil', () => {
    // Sp +4 (p.21: attackers of fortifications count as fighting foot); Ps +2, +2 behind TF = +4.
    // No grading (both (O)). 4+a v 4+b. Ps beaten by less than double (b < a, 2(4+b) > 4+a):
    // b=1: a=2..5 (4), b=2: a=3..6 (4), b=3: 3, b=4: 2, b=5: 1 = 14. Spears are not in the psiloi's
    // destroyed-by list; the fortification removes the good-going rows; good going is not "going neither
    // counts as good": flee. Doubled (a >= 2b+4: b=1, a=6) = 1: flee ("If not, flee").
    // Spears beaten (a < b) 15: doubled (2(4+a) <= 4+b: a=1, b=6) 1, destroyed; the other 14 recoil.
    // Equal 6.
    const d = exact({
      a: { element: 'Reg Sp(O)', assaultingFortification: true },
      b: { element: 'Irr Ps(O)', fortification: 'temporary' },
    });
    expect(d.b.flee.count).toBe(15);
    expect(d.b.recoil.count).toBe(0);
    expect(d.b.destroyed.count).toBe(0);
    expect(d.a.recoil.count).toBe(14);
    expect(d.a.destroyed.count).toBe(1);
  });

  it('Irr Ps(X) that moved into contact, attacking Reg Sp(O) behind permanent fortifications: flee 24/36, destroyed 6/36', () => {
    // Ps(X) in close combat against spears use artillery factors: +4 (p.6 Psiloi (X)). Sp +4, +2 behind PF
    // (the TF exception for Ps(X) does not apply to PF) = +6. Ps(X) are (I) psiloi: Sp +1 grading when it
    // scores equal or more before grading (p.22), i.e. when a + 2 >= b, then 7+a v 4+b.
    // Ps(X) win when b > a + 2: 3 + 2 + 1 = 6 (spears recoil, less but more than half).
    // Ps(X) lose the other 30: doubled when 2(4+b) <= 7+a, i.e. a >= 2b+1: b=1: 4, b=2: 2 = 6, destroyed
    // ("or if (X)"); the other 24 are beaten by less than double in good going: flee.
    const d = exact({
      a: { element: 'Irr Ps(X)', movedIntoContact: true, assaultingFortification: true },
      b: { element: 'Reg Sp(O)', fortification: 'permanent' },
    });
    expect(d.a.flee.count).toBe(24);
    expect(d.a.destroyed.count).toBe(6);
    expect(d.a.recoil.count).toBe(0);
    expect(d.b.recoil.count).toBe(6);
  });

  it('the same psiloi in rough going still recoil: "going neither counts as good" reads the going itself', () => {
    const s = sit('Reg Sp(O)', 'Irr Ps(O)', {
      a: { assaultingFortification: true },
      b: { fortification: 'temporary', going: 'rough' },
    });
    expect(lossOutcome(s, 'b', 'less')).toBe('recoil');
  });
});

describe('DBM 3.2 p.23: every other row with a going condition, across fortifications', () => {
  it('Cavalry doubled by spears: "flee ... if in good going" does not apply across fortifications: destroyed', () => {
    // Whether the defender alone says so or the attacker too.
    expect(
      lossOutcome(sit('Reg Sp(O)', 'Irr Cv(O)', { a: { fortification: 'temporary' } }), 'b', 'half'),
    ).toBe('destroyed');
    expect(
      lossOutcome(
        sit('Reg Sp(O)', 'Irr Cv(O)', {
          a: { fortification: 'temporary' },
          b: { assaultingFortification: true },
        }),
        'b',
        'half',
      ),
    ).toBe('destroyed');
    // Without fortifications the same cavalry flee.
    expect(lossOutcome(sit('Reg Sp(O)', 'Irr Cv(O)'), 'b', 'half')).toBe('flee');
  });

  it('"destroyed by knights ... if in going these count as good" does not apply; the fallback does', () => {
    // Mounted attacking across fortifications take -2 (p.21), so the defender is handicapped (demoralised,
    // overlapped on both flanks) to let the mounted win at all; that changes no outcome row.
    const across = (loser: string, winner: string) =>
      lossOutcome(
        sit(winner, loser, {
          a: { assaultingFortification: true },
          b: { fortification: 'temporary', demoralised: true, overlaps: 2 },
        }),
        'b',
        'less',
      );
    // Mounted assault only TF (p.21 Close Combat).
    expect(across('Reg Sp(O)', 'Irr Kn(O)')).toBe('recoil');
    expect(across('Reg Bd(O)', 'Irr Kn(O)')).toBe('recoil');
    expect(across('Irr Wb(O)', 'Irr Kn(O)')).toBe('recoil');
    expect(across('Reg Ax(O)', 'Irr Kn(O)')).toBe('recoil');
    expect(across('Irr Hd(O)', 'Irr Kn(O)')).toBe('recoil');
    // Psiloi beaten by cavalry across TF in good going: not destroyed, and flee (not recoil).
    expect(across('Reg Ps(O)', 'Irr Cv(O)')).toBe('flee');
  });

  it('Psiloi doubled by mounted across fortifications flee ("destroyed by any mounted ... if good" removed)', () => {
    expect(
      lossOutcome(
        sit('Irr Cv(O)', 'Reg Ps(O)', {
          a: { assaultingFortification: true },
          b: { fortification: 'temporary', demoralised: true, overlaps: 2 },
        }),
        'b',
        'half',
      ),
    ).toBe('flee');
  });

  it('rows needing difficult going are untouched by fortifications', () => {
    // Knights attacking TF from difficult going, beaten by less than double: destroyed (p.23 Knights).
    expect(
      lossOutcome(
        sit('Reg Bd(O)', 'Irr Kn(O)', {
          a: { fortification: 'temporary' },
          b: { assaultingFortification: true, going: 'difficult' },
        }),
        'b',
        'less',
      ),
    ).toBe('destroyed');
  });
});
