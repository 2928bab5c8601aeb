/**
 * Hand-worked engagements with scripted dice: every total below is worked from DBM 3.2 p.21 (combat
 * factors: blades +5 against foot, +3 against mounted; knights +3 against foot; -1 per overlapped flank)
 * and the outcome table of p.23.
 */
import { describe, expect, it } from 'vitest';

import { config, fightEngagement, scripted, type CombatEvent, type MoveEvent } from './helpers.ts';

const traced = () => {
  const events: CombatEvent[] = [];
  return { events, trace: (e: CombatEvent) => events.push(e) };
};

describe('two Reg Bd(O) files against one file of three Reg Bd(O) (DBM 3.2 p.21 overlaps, p.23 outcomes)', () => {
  const c = config({
    a: { files: [['Reg Bd(O)'], ['Reg Bd(O)']] },
    b: { files: [['Reg Bd(O)', 'Reg Bd(O)', 'Reg Bd(O)']] },
    first: 'a',
    boundLimit: 3,
  });

  it("A's spare file overlaps B; a tie, then A recoils, then A doubles B and breaks it in bound 3", () => {
    const dice = scripted(3, 4, 1, 6, 6, 1);
    const t = traced();
    const r = fightEngagement(c, dice, { trace: t.trace });
    expect(dice.used()).toBe(6);
    // Bound 1, A's: A charges. A 5+3 = 8, B 5+4-1 (overlapped by A's free file) = 8: equal, no effect.
    expect(t.events[0]).toMatchObject({
      bound: 1,
      owner: 'a',
      overlapsA: 0,
      overlapsB: 1,
      movedA: true,
      a: 'none',
      b: 'none',
    });
    // Bound 2, B's: A 5+1 = 6, B 5+6-1 = 10: A recoils (more than half). Reg Bd do not pursue (p.24).
    expect(t.events[1]).toMatchObject({
      bound: 2,
      owner: 'b',
      movedA: false,
      movedB: false,
      a: 'recoil',
      b: 'none',
    });
    // Bound 3, A's: A steps back up (moved into contact). A 5+6 = 11, B 5+1-1 = 5: half or less, destroyed,
    // with the rank directly behind (p.23 Destroyed Elements): 2 of B's 3 element equivalents, at least a third.
    expect(t.events[2]).toMatchObject({ bound: 3, owner: 'a', movedA: true, a: 'none', b: 'destroyed' });
    expect(r.decision).toBe('a-wins');
    expect(r.bounds).toBe(3);
    expect(r.b.elementsLost).toBe(2);
    expect(r.b.apLost).toBe(12);
    expect(r.b.eeLost).toBe(2);
    expect(r.b.fileGone).toEqual([false]);
    expect(r.a.elementsLost).toBe(0);
  });
});

describe('a file whose opponent recoiled this bound overlaps the next combat (DBM 3.2 p.21)', () => {
  const study = (options: object) =>
    config({
      a: { files: [['Reg Bd(O)'], ['Reg Bd(O)']] },
      b: { files: [['Reg Bd(O)'], ['Reg Bd(O)']] },
      first: 'a',
      boundLimit: 2,
      options: { combatOrder: 'sweep', ...options },
    });

  it('sequential: B file 0 recoils (11 against 7), so A file 0 overlaps B file 1 in the same bound', () => {
    const t = traced();
    fightEngagement(study({}), scripted(6, 2, 1, 2, 3, 3, 3, 3), { trace: t.trace });
    expect(t.events[0]).toMatchObject({ bound: 1, column: 0, b: 'recoil' });
    // A 5+1 = 6, B 5+2-1 = 6: equal.
    expect(t.events[1]).toMatchObject({ bound: 1, column: 1, overlapsB: 1, a: 'none', b: 'none' });
  });

  it('simultaneous: B file 1 fights from the state before the recoil: no overlap, A 6 against B 7', () => {
    const t = traced();
    fightEngagement(study({ combatOrder: 'simultaneous' }), scripted(6, 2, 1, 2, 3, 3, 3, 3), {
      trace: t.trace,
    });
    expect(t.events[1]).toMatchObject({ bound: 1, column: 1, overlapsB: 0, a: 'recoil', b: 'none' });
  });

  it("bound-owner: in B's bound B steps back up into contact; both columns fight, right to left", () => {
    const t = traced();
    const dice = scripted(6, 2, 1, 2, 3, 3, 3, 3);
    fightEngagement(study({}), dice, { trace: t.trace });
    expect(dice.used()).toBe(8);
    expect(t.events[2]).toMatchObject({
      bound: 2,
      owner: 'b',
      column: 1,
      overlapsB: 0,
      movedB: false,
      a: 'none',
      b: 'none',
    });
    expect(t.events[3]).toMatchObject({ bound: 2, owner: 'b', column: 0, movedB: true });
  });

  it('attacker: B stands back in its own bound, so A file 0 overlaps B file 1 again: 8 against 7, B recoils', () => {
    const t = traced();
    const dice = scripted(6, 2, 1, 2, 3, 3);
    fightEngagement(study({ renewContact: 'attacker' }), dice, { trace: t.trace });
    expect(dice.used()).toBe(6);
    expect(t.events[2]).toMatchObject({
      bound: 2,
      owner: 'b',
      column: 1,
      overlapsB: 1,
      a: 'none',
      b: 'recoil',
    });
  });
});

describe('Irr Kn(O) against Reg Bd(O) 2 deep: supported blades recoil, knights must pursue (DBM 3.2 pp.23-24)', () => {
  const study = {
    a: { files: [['Irr Kn(O)']] },
    b: { files: [['Reg Bd(O)', 'Reg Bd(O)']] },
    first: 'a' as const,
    boundLimit: 2,
    options: { renewContact: 'attacker' as const },
  };

  it('bound 1: Kn 3+4 = 7 beat Bd 3+3 = 6; the blades recoil instead of dying and the knights follow', () => {
    const dice = scripted(4, 3, 2, 6);
    const t = traced();
    const r = fightEngagement(config(study), dice, { trace: t.trace });
    expect(t.events[0]).toMatchObject({ bound: 1, a: 'none', b: 'recoil' });
    // Bound 2 is B's; under "attacker" nobody closes a gap in B's bound, so this combat happens only
    // because the pursuit kept contact. Kn 3+2 = 5, Bd 3+6 = 9: knights recoil (more than half).
    expect(t.events[1]).toMatchObject({
      bound: 2,
      owner: 'b',
      movedA: false,
      movedB: false,
      a: 'recoil',
      b: 'none',
    });
    expect(dice.used()).toBe(4);
    expect(r.decision).toBe('undecided');
    expect(r.bounds).toBe(2);
    expect(r.a.elementsLost + r.b.elementsLost).toBe(0);
  });

  it('bound 1: Kn 3+6 = 9 against Bd 3+1 = 4: half or less, both blades are destroyed and B breaks', () => {
    const r = fightEngagement(config(study), scripted(6, 1));
    expect(r.decision).toBe('a-wins');
    expect(r.bounds).toBe(1);
    expect(r.b.elementsLost).toBe(2);
    expect(r.b.fileGone).toEqual([true]);
  });
});

describe("a file whose opponent is gone overlaps its neighbours' opponents (DBM 3.2 p.21)", () => {
  it('Kn destroy Bd(O) in column 0 (7 against 6), then overlap Bd in column 1; a recoil there exposes column 2', () => {
    const c = config({
      a: '4 files of Irr Kn(O)',
      b: '4 files of Reg Bd(O)',
      first: 'a',
      boundLimit: 1,
      options: { combatOrder: 'sweep' },
    });
    const t = traced();
    const r = fightEngagement(c, scripted(4, 3, 1, 3, 4, 3, 3, 3), { trace: t.trace });
    // Kn 3+4 = 7, Bd 3+3 = 6: blades beaten by knights in good going are destroyed (p.23); nothing to pursue.
    expect(t.events[0]).toMatchObject({ column: 0, overlapsA: 0, overlapsB: 0, a: 'none', b: 'destroyed' });
    // Kn 3+1 = 4, Bd 3+3-1 = 5 (overlapped by the free knights of column 0): the knights recoil.
    expect(t.events[1]).toMatchObject({ column: 1, overlapsA: 0, overlapsB: 1, a: 'recoil', b: 'none' });
    // The Bd of column 1 now overlap the knights of column 2: Kn 3+4-1 = 6, Bd 3+3 = 6, equal.
    expect(t.events[2]).toMatchObject({ column: 2, overlapsA: 1, overlapsB: 0, a: 'none', b: 'none' });
    expect(t.events[3]).toMatchObject({ column: 3, overlapsA: 0, overlapsB: 0 });
    // One element equivalent of four is less than a third: the fight goes on until the bound limit.
    expect(r.decision).toBe('undecided');
    expect(r.b.fileGone).toEqual([true, false, false, false]);
  });
});

describe('house rules reach the combats: 3.0 support factor for blades against knights (end note lii)', () => {
  it('Kn 3+4 = 7 against supported Bd 3+3+1 = 7: equal, nobody moves', () => {
    const c = config({
      a: { files: [['Irr Kn(O)']] },
      b: { files: [['Reg Bd(O)', 'Reg Bd(O)']] },
      first: 'a',
      boundLimit: 1,
    });
    const t = traced();
    fightEngagement(
      { ...c, variant: { ...c.variant, rules: { bladesSupportAgainstKnights: 'factor' } } },
      scripted(4, 3),
      {
        trace: t.trace,
      },
    );
    expect(t.events[0]).toMatchObject({ a: 'none', b: 'none' });
  });
});

describe('psiloi fleeing from spears take the psiloi behind with them (DBM 3.2 p.24 Fleeing Elements)', () => {
  const study = {
    a: { files: [['Reg Sp(O)']] },
    b: { files: [['Reg Ps(O)', 'Reg Ps(O)']] },
    first: 'a' as const,
    boundLimit: 4,
  };

  it('half or less: both psiloi flee 240p, nothing is lost; they come back two bounds later and fight again', () => {
    // Bound 1 (A's): Sp 4 + 6 = 10 v Ps 2 + 1 = 3: half or less, the psiloi flee (DBM 3.2 p.23), and the
    // psiloi directly behind flee with them (p.24). A flight is a recoil of a base depth (40p: p.9, 20 mm)
    // and 50p more than a tactical move (150p + 50p): 240p, inside the 900p of table behind the line.
    // B's bounds 2 and 4: they move back 150p each (240 -> 90 -> the line) and charge the spears: Ps 2 + 6
    // = 8 v Sp 4 + 1 = 5, the spears recoil.
    const dice = scripted(6, 1, 1, 6);
    const t = traced();
    const moves: MoveEvent[] = [];
    const r = fightEngagement(config(study), dice, { trace: t.trace, log: (e) => moves.push(e) });
    expect(t.events.map((e) => [e.bound, e.owner, e.movedA, e.movedB, e.a, e.b])).toEqual([
      [1, 'a', true, false, 'none', 'flee'],
      [4, 'b', false, true, 'recoil', 'none'],
    ]);
    expect(moves).toEqual([
      { kind: 'flight', bound: 1, side: 'b', column: 0, elements: 2, distance: 240, lost: false },
      { kind: 'step-up', bound: 4, side: 'b', column: 0, file: 0, contact: true },
    ]);
    expect(r.b.fled).toBe(2);
    expect(r.b.elementsLost).toBe(0);
    expect(r.b.fileGone).toEqual([false]);
    expect(r.decision).toBe('undecided');
    expect(r.bounds).toBe(4);
  });

  it('with flight gone (the model before), they do not come back: nothing is left to fight', () => {
    const r = fightEngagement(config({ ...study, options: { flight: 'gone' } }), scripted(6, 1));
    expect(r.b.fled).toBe(2);
    expect(r.b.fileGone).toEqual([true]);
    expect(r.decision).toBe('undecided');
    expect(r.bounds).toBe(1);
  });

  it('with fledLost, the fled psiloi count as lost: 1 of 1 element equivalent, B breaks', () => {
    const r = fightEngagement(config({ ...study, options: { fledLost: true } }), scripted(6, 1));
    expect(r.decision).toBe('a-wins');
    expect(r.b.eeLost).toBe(1);
    expect(r.b.elementsLost).toBe(2);
  });
});
