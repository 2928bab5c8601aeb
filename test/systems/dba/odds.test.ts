/**
 * Single-combat arithmetic (DBA 3.0: each side throws one die and adds its factors; a total half or less of
 * the opponent's is "doubled"), and the rule set behind src/core/exact.ts.
 */
import { describe, expect, it } from 'vitest';
import { enumerate } from '../../../src/core/exact.ts';
import { dba } from '../../../src/systems/dba/ruleset.ts';
import { fight, resultCounts, total } from './helpers.ts';

describe('results out of 36 for a pair of factors [A doubles, A wins, draw, B wins, B doubles]', () => {
  it.each([
    // A factor, B factor, elements giving them, counts.
    [4, 2, '4Sp', '2Ps', [9, 17, 4, 6, 0]],
    [3, 3, '3Cv', '3Cv', [2, 13, 6, 13, 2]],
    [4, 4, '4Sp', '4Sp', [1, 14, 6, 14, 1]],
    [5, 3, '4Bd', '3Ax', [6, 20, 4, 6, 0]],
    [5, 2, '4Bd', '2Ps', [12, 18, 3, 3, 0]],
    [2, 4, '2Ps', '4Sp', [0, 6, 4, 17, 9]],
    [3, 4, '3Kn', '4Pk', [0, 10, 5, 17, 4]],
    [2, 5, '2Ps', 'El', [0, 3, 3, 18, 12]],
    [0, 5, 'CF', 'El', [0, 0, 1, 11, 24]],
  ] as const)('+%i against +%i (%s v %s)', (fa, fb, a, b, counts) => {
    const s = fight(a, b);
    expect(total(s, 'a')).toBe(fa);
    expect(total(s, 'b')).toBe(fb);
    expect(resultCounts(s)).toEqual(counts);
  });

  it('+6 against +2: a general of Blades against Psiloi', () => {
    const s = fight('4Bd', '2Ps', { a: { general: true } });
    expect(total(s, 'a')).toBe(6);
    expect(resultCounts(s)).toEqual([15, 18, 2, 1, 0]);
  });
});

describe('the dba rule set', () => {
  it('rolls one six-sided die per side and orders outcomes worst first', () => {
    const s = fight('4Bd', '3Kn');
    expect(dba.system).toBe('dba');
    expect(dba.dice(s)).toEqual([
      { label: 'A die', sides: 6 },
      { label: 'B die', sides: 6 },
    ]);
    expect(dba.outcomes).toEqual(['destroyed', 'flee', 'recoil', 'none']);
    expect(dba.describeSide(s, 'a')).toBe('4Bd');
  });

  it('gives exact odds through enumerate: Spears +4 v Psiloi +2', () => {
    const d = enumerate(dba, fight('4Sp', '2Ps'));
    expect(d.space).toBe(36);
    // Psiloi beaten by Spears recoil (17), and Fast foot recoil from Solid on equal totals (4); doubled by foot
    // they flee (9). Spears beaten by Psiloi recoil (6).
    expect(d.b.recoil.count).toBe(21);
    expect(d.b.flee.count).toBe(9);
    expect(d.b.none.count).toBe(6);
    expect(d.a.recoil.count).toBe(6);
    expect(d.a.none.count).toBe(30);
  });

  it('gives exact odds: Blades general +4 v Knights +3 in good going', () => {
    const d = enumerate(dba, fight('4Bd', '3Kn', { a: { general: true } }));
    // Blades destroyed by Knights whenever beaten (10 rolls); Knights destroyed on equal totals (5) or doubled (4).
    expect(d.a.destroyed.count).toBe(10);
    expect(d.b.destroyed.count).toBe(9);
    expect(d.b.recoil.count).toBe(17);
  });

  it('explains every factor with its rule section, and notes', () => {
    const ex = dba.explain(fight('8Sp', '4Bd', { a: { general: true, overlaps: 1, flankFriends: ['4Sp'] } }));
    expect(ex.a).toEqual([
      { label: 'Spears v foot', value: 4, rule: 'DBA 3.0 Combat factors' },
      { label: 'double element 8Sp v foot', value: 1, rule: 'DBA 3.0 Rear support factors' },
      { label: '8Sp flank supported by 4Sp', value: 1, rule: 'DBA 3.0 Flank support factors' },
      { label: "general's element", value: 1, rule: 'DBA 3.0 Tactical factors' },
      { label: '1 flank overlapped or contacted', value: -1, rule: 'DBA 3.0 Tactical factors' },
    ]);
    expect(ex.b).toEqual([{ label: 'Blades v foot', value: 5, rule: 'DBA 3.0 Combat factors' }]);
    expect(ex.notes).toEqual(['A 8Sp: a double element; the first one lost counts as 2 elements lost']);
  });

  it('notes a shooter that is not shot back and combat at a camp', () => {
    expect(dba.explain(fight('4Bw', '3Kn', { mode: 'shooting' })).notes).toEqual([
      'A 4Bw: shoots without being shot at, so disregards an unfavourable outcome (DBA 3.0 Combat outcome)',
    ]);
    expect(dba.explain(fight('3Kn', 'CF', { b: { defending: 'camp' } })).notes[0]).toMatch(
      /^combat at a city, fort or camp: both sides use their factor against foot/,
    );
  });
});
