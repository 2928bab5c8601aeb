/**
 * DBA 3.0 engagements: hand-worked fights with scripted dice (DBA 3.0 Combat factors: Sp 4 and Bd 5 against
 * foot, Cv 3 against mounted; Flank support +1; -1 per overlapped flank; Combat outcome tables; Pursuing),
 * the victory rule as the break rule (Winning and losing: 4 elements lost and more than the enemy, the first
 * double element counting 2), and the symmetry of identical lines.
 */
import { describe, expect, it } from 'vitest';

import { InputError } from '../../../src/core/errors.ts';

import { config, fightEngagement, runEngagements, scripted, summarise, type CombatEvent } from './helpers.ts';

const traced = () => {
  const events: CombatEvent[] = [];
  return { events, trace: (e: CombatEvent) => events.push(e) };
};

describe('DBA 3.0: two 4Sp files against one 4Bd (overlap, flank support, pursuit, doubled)', () => {
  const c = config({
    rules: 'dba-3.0',
    a: { files: [['4Sp'], ['4Sp']] },
    b: { files: [['4Bd']] },
    first: 'a',
    boundLimit: 4,
  });

  it('A recoils, Bd pursue and keep contact, then A doubles B: destroyed, 1 element lost, no break', () => {
    const dice = scripted(3, 6, 6, 1);
    const t = traced();
    const r = fightEngagement(c, dice, { trace: t.trace });
    expect(dice.used()).toBe(4);
    // Bound 1, A's: A 4 + 1 (flank support from its in-line neighbour) + 3 = 8; B 5 - 1 (overlapped by A's
    // free file) + 6 = 10: A beaten, more than half: Spears recoil. Blades beat foot and pursue half a base
    // width, keeping contact.
    expect(t.events[0]).toMatchObject({
      bound: 1,
      owner: 'a',
      overlapsB: 1,
      movedA: true,
      a: 'recoil',
      b: 'none',
    });
    // Bound 2, B's: still in contact (no renewed move). A 4 + 1 + 6 = 11; B 5 - 1 + 1 = 5: half or less,
    // Blades ("all others") destroyed.
    expect(t.events[1]).toMatchObject({
      bound: 2,
      owner: 'b',
      overlapsB: 1,
      movedB: false,
      a: 'none',
      b: 'destroyed',
    });
    // One element lost is under the 4 of the victory rule; with nothing left to fight, undecided.
    expect(r.decision).toBe('undecided');
    expect(r.bounds).toBe(2);
    expect(r.b.elementsLost).toBe(1);
    expect(r.b.eeLost).toBe(1);
    expect(r.b.apLost).toBe(0);
    expect(r.a.eeLost).toBe(0);
  });
});

describe('DBA 3.0 Winning and losing: 4 elements lost and more than the enemy', () => {
  // Cv 3 + 6 = 9 against Cv 3 + 1 = 4 (less when overlapped): doubled, cavalry destroyed.
  it('A doubles all four of B in bound 1: B has lost 4, A none: A wins', () => {
    const c = config({
      rules: 'dba-3.0',
      a: '4 files of 3Cv',
      b: '4 files of 3Cv',
      first: 'a',
      options: { combatOrder: 'sweep' },
    });
    const dice = scripted(6, 1, 6, 1, 6, 1, 6, 1);
    const r = fightEngagement(c, dice);
    expect(dice.used()).toBe(8);
    expect(r.b.eeLost).toBe(4);
    expect(r.decision).toBe('a-wins');
    expect(r.bounds).toBe(1);
  });

  it('both lose 4 in the same bound: neither has lost more, so nobody is defeated', () => {
    const c = config({
      rules: 'dba-3.0',
      a: '8 files of 3Cv',
      b: '8 files of 3Cv',
      first: 'a',
      boundLimit: 1,
      options: { combatOrder: 'sweep' },
    });
    // Columns 0-3: A 6, B 1; columns 4-7: A 1, B 6. Overlaps only widen the gaps.
    const r = fightEngagement(c, scripted(6, 1, 6, 1, 6, 1, 6, 1, 1, 6, 1, 6, 1, 6, 1, 6));
    expect(r.a.eeLost).toBe(4);
    expect(r.b.eeLost).toBe(4);
    expect(r.decision).toBe('undecided');
  });

  it("the first double element lost counts 2: 6Cv and two 3Cv lost are 4 elements, B's defeat", () => {
    const c = config({
      rules: 'dba-3.0',
      a: '3 files of 3Cv',
      b: { files: [['6Cv'], ['3Cv'], ['3Cv']] },
      first: 'a',
      options: { combatOrder: 'sweep' },
    });
    const r = fightEngagement(c, scripted(6, 1, 6, 1, 6, 1));
    expect(r.b.elementsLost).toBe(3);
    expect(r.b.eeLost).toBe(4);
    expect(r.decision).toBe('a-wins');
  });

  it('only the first double element counts 2: two 6Cv lost are 3 elements', () => {
    const c = config({
      rules: 'dba-3.0',
      a: '2 files of 3Cv',
      b: '2 files of 6Cv',
      first: 'a',
      options: { combatOrder: 'sweep' },
    });
    const r = fightEngagement(c, scripted(6, 1, 6, 1));
    expect(r.b.eeLost).toBe(3);
    expect(r.decision).toBe('undecided');
  });
});

describe('DBA 3.0 engagements of identical lines are symmetric', () => {
  it('6 files of 3Cv each, first bound alternating: A and B win alike', () => {
    const c = config({ rules: 'dba-3.0', a: '6 files of 3Cv', b: '6 files of 3Cv', boundLimit: 20 });
    const s = summarise(c, runEngagements(c, 'dba-sym', 2000));
    // Some end with both lines spent before either has lost 4 and more than the other.
    expect(s.aWins.p + s.bWins.p).toBeGreaterThan(0.75);
    expect(Math.abs(s.aWins.p - s.bWins.p)).toBeLessThan(0.06);
  });

  it('Blades against Blades never double each other without overlaps: undecided', () => {
    // 5 + 6 = 11 against 5 + 1 = 6 is more than half; winners pursue and keep contact, so no file is freed.
    const c = config({ rules: 'dba-3.0', a: '4 files of 4Bd', b: '4 files of 4Bd', boundLimit: 10 });
    const s = summarise(c, runEngagements(c, 'dba-bd', 200));
    expect(s.undecided.p).toBe(1);
    expect(s.a.elements.mean).toBe(0);
  });
});

describe('DBA 3.0 study blocks', () => {
  it('DBA has no points: a line bought to a budget is refused with a clear error', () => {
    expect(() => config({ rules: 'dba-3.0', a: 'as many 4Bd as 100 AP buys', b: '4 files of 4Bd' })).toThrow(
      /DBA has no points/,
    );
    expect(() =>
      config({ rules: 'dba-3.0', a: '2 files of 4Bd', b: '2 files of 4Bd', costs: { '4Bd': 2 } }),
    ).toThrow(InputError);
  });

  it('DBA notation, goings and loss values', () => {
    const c = config({
      rules: 'dba-3.0',
      a: { troops: '4Pk', depth: 2, count: 3, going: 'rough' },
      b: '2 files of 6Kn',
    });
    expect(c.variant.version).toBe('dba-3.0');
    expect(c.a.files).toHaveLength(3);
    expect(c.a.going).toBe('rough');
    expect(c.b.files[0]!.ranks[0]).toMatchObject({ ap: 0, ee: 1, firstLossBonus: 1 });
    expect(() => config({ rules: 'dba-3.0', a: '2 files of Reg Bd(O)', b: '2 files of 4Bd' })).toThrow(
      InputError,
    );
    expect(() =>
      config({ rules: 'dba-3.0', a: { troops: '4Bd', count: 2, going: 'difficult' }, b: '2 files of 4Bd' }),
    ).toThrow(/a\.going: must be one of "good", "rough", "bad", "dunes"/);
  });
});
