/**
 * Blood and Blades 0.7 engagements: hand-worked fights with scripted dice (B&B 0.7 ch.7 Table 7.1 combat
 * factors: Bd 4, Sp 4 against mounted, LH 2 against infantry; +1 per enemy flank overlapped; Tables 7.2-7.4
 * by the difference against the loser's factor), 'spent' bases leaving at half their PoC, army morale as the
 * break rule (ch.6: routed at a third of the reference level), and the symmetry of identical lines.
 */
import { describe, expect, it } from 'vitest';

import { prepared } from '../../../src/engine/lines/prepare.ts';

import {
  adapterOf,
  config,
  fightEngagement,
  runEngagements,
  scripted,
  summarise,
  type CombatEvent,
} from './helpers.ts';

const traced = () => {
  const events: CombatEvent[] = [];
  return { events, trace: (e: CombatEvent) => events.push(e) };
};

describe('B&B 0.7: two Reg Bd(O) files against one (overlap, small and big differences, rout)', () => {
  const c = config({
    rules: 'bnb-0.7',
    a: { files: [['Reg Bd(O)'], ['Reg Bd(O)']] },
    b: { files: [['Reg Bd(O)']] },
    first: 'a',
    boundLimit: 4,
  });

  it('A recoils, B stands; B renews contact and A destroys it: B routed (4 PoC of 4)', () => {
    const dice = scripted(2, 6, 6, 1);
    const t = traced();
    const r = fightEngagement(c, dice, { trace: t.trace });
    expect(dice.used()).toBe(4);
    // Bound 1, A's: A 4 + 2 + 1 (B's flank overlapped by A's free file) = 7; B 4 + 6 = 10. A loses by 3,
    // less than its factor 4: Table 7.2, Bd recoil. Reg Bd may pursue: they stand (optionalPursuit).
    expect(t.events[0]).toMatchObject({ bound: 1, owner: 'a', overlapsB: 1, a: 'recoil', b: 'none' });
    // Bound 2, B's: B steps up (moved). A 4 + 6 + 1 = 11; B 4 + 1 = 5: B loses by 6, at least 4 and under
    // 8: Table 7.3, destroyed.
    expect(t.events[1]).toMatchObject({ bound: 2, owner: 'b', movedB: true, a: 'none', b: 'destroyed' });
    expect(r.decision).toBe('a-wins');
    expect(r.bounds).toBe(2);
    expect(r.b.eeLost).toBe(4);
    expect(r.b.apLost).toBe(10);
    expect(r.a.eeLost).toBe(0);
  });
});

describe('B&B 0.7: Reg LH(O) spent by Reg Sp(O) (Table 7.3: LH spent by infantry other than Bw)', () => {
  const c = config({
    rules: 'bnb-0.7',
    a: '2 files of Reg LH(O)',
    b: '2 files of Reg Sp(O)',
    first: 'b',
    boundLimit: 1,
    options: { combatOrder: 'sweep' },
  });

  it('one LH spent costs half its PoC (2 of 8): under a third, not routed', () => {
    const t = traced();
    const r = fightEngagement(c, scripted(3, 3, 6, 1), { trace: t.trace });
    // Column 0: LH 2 + 3 = 5, Sp 4 + 3 = 7: LH loses by 2, at least its factor 2 and under 4: spent.
    expect(t.events[0]).toMatchObject({ column: 0, movedB: true, a: 'spent', b: 'none' });
    // Column 1: B's file 0 is free and overlaps A: LH 2 + 6 = 8, Sp 4 + 1 + 1 = 6: Sp lose by 2, under 4: recoil.
    expect(t.events[1]).toMatchObject({ column: 1, overlapsA: 1, a: 'none', b: 'recoil' });
    expect(r.a.elementsLost).toBe(1);
    expect(r.a.fled).toBe(0);
    expect(r.a.eeLost).toBe(2);
    expect(r.a.apLost).toBe(8);
    expect(r.decision).toBe('undecided');
  });

  it('two LH spent are 4 PoC of 8, at least a third: A routed', () => {
    // Column 1: LH 2 + 3 = 5, Sp 4 + 1 + 3 = 8: LH loses by 3: spent.
    const r = fightEngagement(c, scripted(3, 3, 3, 3));
    expect(r.a.eeLost).toBe(4);
    expect(r.decision).toBe('b-wins');
  });
});

describe('B&B 0.7 army morale: the reference level leaves out baggage, its loss still counts', () => {
  it('a Bg rank adds nothing to the reference level (4, not 20)', () => {
    const c = config({
      rules: 'bnb-0.7',
      a: { files: [['Reg Bd(O)'], ['Irr Bg(O)']] },
      b: '1 file of Reg Bd(O)',
    });
    expect(c.a.files[1]!.ranks[0]).toMatchObject({ ee: 16, reference: 0, ap: 0 });
    expect(prepared(c, adapterOf(c)).sides[0].eeTotal).toBe(4);
  });
});

describe('B&B 0.7 engagements of identical lines are symmetric', () => {
  it('6 files of Reg Sp(O), 2 deep, each, first bound alternating: A and B win alike', () => {
    const c = config({
      rules: 'bnb-0.7',
      a: '6 files of Reg Sp(O), 2 deep',
      b: '6 files of Reg Sp(O), 2 deep',
    });
    const s = summarise(c, runEngagements(c, 'bnb-sym', 2000));
    expect(s.aWins.p + s.bWins.p).toBeGreaterThan(0.9);
    expect(Math.abs(s.aWins.p - s.bWins.p)).toBeLessThan(0.06);
  });
});

describe('B&B 0.7 study blocks: costs from Table 5.4', () => {
  it('a line bought to the budget, with cost overrides', () => {
    const c = config({
      rules: 'bnb-0.7',
      budget: 100,
      a: 'as many Reg Bd(O) as the budget buys',
      b: '2 files of Irr Wb(O)',
    });
    expect(c.a.files).toHaveLength(10);
    const o = config({
      rules: 'bnb-0.7',
      budget: 100,
      a: 'as many Reg Bd(O) as the budget buys',
      b: '2 files of Irr Wb(O)',
      costs: { 'Reg Bd(O)': 20 },
    });
    expect(o.a.files).toHaveLength(5);
    expect(() => config({ rules: 'bnb-0.7', a: '2 files of 4Bd', b: '2 files of Irr Wb(O)' })).toThrow();
    expect(() =>
      config({
        rules: 'bnb-0.7',
        a: { troops: 'Reg Bd(O)', count: 2, doubleBased: true },
        b: '2 files of Irr Wb(O)',
      }),
    ).toThrow(/doubleBased: unknown key/);
  });
});

describe('B&B 0.7 §7 Push back in engagements: elephants and the ranks behind them', () => {
  // Irr El(O) 4 (against mounted) + die against Irr Cv(O) 3 + die: A 2, B 5 gives 6 v 8, the El loses by 2,
  // under its cf 4: Table 7.2, El recoil.
  it('an El file two deep recoils: the El behind cannot be pushed back, both El are destroyed (16 PoC: routed)', () => {
    const c = config({
      rules: 'bnb-0.7',
      a: '1 file of Irr El(O), 2 deep',
      b: '1 file of Irr Cv(O)',
      first: 'a',
      boundLimit: 1,
    });
    const t = traced();
    const r = fightEngagement(c, scripted(2, 5), { trace: t.trace });
    expect(t.events[0]).toMatchObject({ a: 'recoil', b: 'none' });
    expect(r.a.elementsLost).toBe(2);
    expect(r.a.eeLost).toBe(16);
    expect(r.a.apLost).toBe(48);
    expect(r.decision).toBe('b-wins');
  });

  it('an El recoiling over a Ps behind it destroys the Ps (2 of 10 PoC) and stands', () => {
    const c = config({
      rules: 'bnb-0.7',
      a: { files: [['Irr El(O)', 'Reg Ps(O)']] },
      b: '1 file of Irr Cv(O)',
      first: 'a',
      boundLimit: 1,
    });
    const r = fightEngagement(c, scripted(2, 5));
    expect(r.a.elementsLost).toBe(1);
    expect(r.a.eeLost).toBe(2);
    expect(r.a.fileGone).toEqual([false]);
    expect(r.decision).toBe('undecided');
  });

  it('a Bd recoiling into the El behind it is destroyed; the El is then the front', () => {
    // Reg Bd(O) 4 + 2 against Reg Bd(O) 4 + 4: A loses by 2, under 4: recoil, onto the El: destroyed.
    const c = config({
      rules: 'bnb-0.7',
      a: { files: [['Reg Bd(O)', 'Irr El(O)']] },
      b: '1 file of Reg Bd(O)',
      first: 'a',
      boundLimit: 1,
    });
    const t = traced();
    const r = fightEngagement(c, scripted(2, 4), { trace: t.trace });
    expect(t.events[0]).toMatchObject({ a: 'recoil' });
    expect(r.a.elementsLost).toBe(1);
    expect(r.a.eeLost).toBe(4);
    expect(r.a.fileGone).toEqual([false]);
  });

  it('a Ps recoiling into an El passes through it: the El fights next', () => {
    // Bound 1 (A's), A in rough going: Reg Ps(O) 2 + 3 = 5 against Reg Bd(O) 4 + 2 = 6: Ps loses by 1,
    // under its cf 2, not in GGo: Table 7.2 recoil; it passes through the El. Bound 2 (B's): B closes; the
    // El fights: 4 + 1 (mounted against Bd) + 6 = 11 against Bd 4 + 1 = 5: Bd loses by 6, at least 4:
    // Table 7.3 destroyed (the Ps, 2 + 6 = 8, would only have made it recoil).
    const c = config({
      rules: 'bnb-0.7',
      a: { files: [['Reg Ps(O)', 'Irr El(O)']], going: 'rough' },
      b: '1 file of Reg Bd(O)',
      first: 'a',
      boundLimit: 2,
    });
    const t = traced();
    const r = fightEngagement(c, scripted(3, 2, 6, 1), { trace: t.trace });
    expect(t.events.map((e) => [e.bound, e.a, e.b])).toEqual([
      [1, 'recoil', 'none'],
      [2, 'none', 'destroyed'],
    ]);
    expect(r.a.elementsLost).toBe(0);
    expect(r.decision).toBe('a-wins');
  });

  it('Bg never stand behind a base in a file (B&B 0.7 ch.4 Bg)', () => {
    expect(() =>
      config({ rules: 'bnb-0.7', a: { files: [['Reg Bd(O)', 'Irr Bg(O)']] }, b: '1 file of Reg Bd(O)' }),
    ).toThrow(/Bg never move/);
  });
});
