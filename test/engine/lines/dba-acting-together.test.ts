/**
 * DBA 3.0 elements acting together in engagements, with scripted dice: a recoiling elephant destroys the
 * friend behind it, and two elephants that meet are both destroyed (DBA 3.0 Recoiling); a recoil into an
 * El or WWg that cannot be passed is a destruction; with option flankAttacks a file beyond the enemy's
 * line takes the end enemy in flank, destroying it when beaten, and recoils when the friend fighting that
 * enemy's front recoils (DBA 3.0 Combat outcome). Factors: El 5 against foot, Sp 4 and Cv 3 against
 * mounted, Bd 5 against foot (DBA 3.0 Combat factors); -1 per overlap or flank contact (Tactical factors).
 */
import { describe, expect, it } from 'vitest';
import { config, fightEngagement, scripted, type CombatEvent } from './helpers.ts';

const traced = () => {
  const events: CombatEvent[] = [];
  return { events, trace: (e: CombatEvent) => events.push(e) };
};

const oneFile = (a: string[], b: string[]) =>
  config({ rules: 'dba-3.0', a: { files: [a] }, b: { files: [b] }, first: 'a', boundLimit: 1 });

describe('DBA 3.0 Recoiling: elephants destroy the friend behind them', () => {
  // El 5 + 1 = 6 v 4Sp 4 + 4 = 8: beaten, not doubled (12 > 8): elephants recoil (Sp are not Ps, Ax, LH).
  it('El with 4Bd behind recoils: the 4Bd is destroyed, the elephants stay at the head of the file', () => {
    const t = traced();
    const r = fightEngagement(oneFile(['El', '4Bd'], ['4Sp']), scripted(1, 4), { trace: t.trace });
    expect(t.events[0]).toMatchObject({ a: 'recoil', b: 'none' });
    expect(r.a.elementsLost).toBe(1);
    expect(r.a.eeLost).toBe(1);
    expect(r.a.fileGone).toEqual([false]);
  });

  it('the elephants fight on alone, and their next recoil has nobody left to destroy', () => {
    // Bound 2 (B's, B steps back into contact): the same dice, El recoils again; nothing behind it now.
    const c = config({
      rules: 'dba-3.0',
      a: { files: [['El', '4Bd']] },
      b: { files: [['4Sp']] },
      first: 'a',
      boundLimit: 2,
    });
    const t = traced();
    const r = fightEngagement(c, scripted(1, 4, 1, 4), { trace: t.trace });
    expect(t.events.map((e) => e.a)).toEqual(['recoil', 'recoil']);
    expect(r.a.elementsLost).toBe(1);
    expect(r.a.fileGone).toEqual([false]);
  });

  it('two elephants that meet are both destroyed: the file is gone', () => {
    const t = traced();
    const r = fightEngagement(oneFile(['El', 'El'], ['4Sp']), scripted(1, 4), { trace: t.trace });
    expect(t.events[0]).toMatchObject({ a: 'destroyed' });
    expect(r.a.elementsLost).toBe(2);
    expect(r.a.fileGone).toEqual([true]);
  });

  it('4Bd beaten by 4Bd (5 + 1 v 5 + 3) with El behind cannot recoil: destroyed; with 4Bd behind: recoil', () => {
    const blocked = fightEngagement(oneFile(['4Bd', 'El'], ['4Bd']), scripted(1, 3));
    expect(blocked.a.elementsLost).toBe(1);
    expect(blocked.a.fileGone).toEqual([false]);
    const free = fightEngagement(oneFile(['4Bd', '4Bd'], ['4Bd']), scripted(1, 3));
    expect(free.a.elementsLost).toBe(0);
  });
});

describe('DBA 3.0 Combat outcome: flank attackers (option flankAttacks)', () => {
  // Two files of 3Cv against one (centred on A's left file): A's right file has no enemy in front.
  const c = (flankAttacks: boolean, boundLimit = 1) =>
    config({
      rules: 'dba-3.0',
      a: '2 files of 3Cv',
      b: '1 file of 3Cv',
      first: 'a',
      boundLimit,
      options: flankAttacks ? { flankAttacks } : {},
    });

  it('the spare file takes B in flank: B 3 - 1 + 3 = 5 v A 3 + 3 = 6, beaten with an enemy on its flank: destroyed', () => {
    const t = traced();
    const r = fightEngagement(c(true), scripted(3, 3), { trace: t.trace });
    expect(t.events[0]).toMatchObject({ overlapsB: 0, flankContactsB: 1, a: 'none', b: 'destroyed' });
    expect(r.b.elementsLost).toBe(1);
    // Without flank attacks it only overlaps: the same -1, but the cavalry recoil.
    const o = traced();
    fightEngagement(c(false), scripted(3, 3), { trace: o.trace });
    expect(o.events[0]).toMatchObject({ overlapsB: 1, flankContactsB: 0, b: 'recoil' });
  });

  it('when the friend in front recoils the flank attacker recoils too, and returns to the flank a bound later', () => {
    // Bound 1 (A's): A 3 + 1 = 4 v B 3 - 1 + 5 = 7: A beaten, not doubled: A's front file recoils, and the
    // file on B's flank recoils with it. Bound 2 (B's): B steps into contact with A's left file; A's right
    // file is back, so neither overlaps nor flanks: 3 + 3 v 3 + 3, no effect. Bound 3 (A's): the right file
    // steps up and takes B in flank again: A 6 v B 5, destroyed.
    const t = traced();
    const r = fightEngagement(c(true, 3), scripted(1, 5, 3, 3, 3, 3), { trace: t.trace });
    expect(t.events.map((e) => [e.bound, e.flankContactsB, e.overlapsB, e.a, e.b])).toEqual([
      [1, 1, 0, 'recoil', 'none'],
      [2, 0, 0, 'none', 'none'],
      [3, 1, 0, 'none', 'destroyed'],
    ]);
    expect(r.b.elementsLost).toBe(1);
  });
});
