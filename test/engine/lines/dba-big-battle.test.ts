/**
 * DBA 3.0 Big battles in engagements, with scripted dice: a command that has lost a third of its troop
 * elements is demoralised at the start of its side's next bound and fights at -2 (and holds in place);
 * the army is beaten when its C-in-C's command is demoralised (or half its elements are lost) and it loses
 * more than the enemy in a bound; the first double element of each command counts 2; the C-in-C's
 * once-per-game +1 is used when it improves the result. Cavalry throughout: Cv 3 against mounted
 * (DBA 3.0 Combat factors); equal totals have no effect on mounted fighting mounted; Cv doubled are
 * destroyed (Combat outcome). Combats are simultaneous: bound 1 left to right, bound 2 right to left, ...
 */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/core/errors.ts';
import { config, fightEngagement, scripted, type CombatEvent } from './helpers.ts';

const traced = () => {
  const events: CombatEvent[] = [];
  return { events, trace: (e: CombatEvent) => events.push(e) };
};

/** Six files of 3Cv a side, A in two commands of 3 files. */
const sixCavalry = (cInC: number, more: Record<string, unknown> = {}) =>
  config({
    rules: 'dba-3.0',
    a: '6 files of 3Cv',
    b: '6 files of 3Cv',
    first: 'a',
    options: { combatOrder: 'simultaneous' },
    bigBattle: { a: { commands: [3, 3], cInC } },
    ...more,
  });

// Bound 1 (A's, columns 0-5): column 0 A 3 + 1 = 4 v B 3 + 6 = 9, doubled: A's cavalry destroyed; the
// rest 3 + 3 v 3 + 3, equal: no effect.
// Bound 2 (B's, columns 5-1; column 0 has no A): B's free file in column 0 overlaps A's column 1:
// A 3 - 1 + 4 = 6 v B 3 + 3 = 6; the rest 6 v 6.
// Bound 3 (A's): A's left command has lost 1 of its 3 (a third): demoralised, -2. Column 1:
// A 3 - 1 - 2 + 6 = 6 v B 3 + 3 = 6, no effect (without the -2, 8 v 6 would recoil B); column 2:
// A 3 - 2 + 5 = 6 v 6; columns 3-5 6 v 6.
// Bound 4 (B's, columns 5-1): columns 5-2 as before (column 2: 3 - 2 + 5 v 3 + 3); column 1:
// A 3 - 1 - 2 + 1 = 1 v B 3 + 6 = 9, doubled: destroyed.
const DICE = [
  ...[1, 6, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3],
  ...[3, 3, 3, 3, 3, 3, 3, 3, 4, 3],
  ...[6, 3, 5, 3, 3, 3, 3, 3, 3, 3],
  ...[3, 3, 3, 3, 3, 3, 5, 3, 1, 6],
];

describe('DBA 3.0 Big battles: command demoralisation and the -2', () => {
  it('the left command, having lost 1 of 3, is demoralised from A’s next bound and fights at -2', () => {
    const t = traced();
    const dice = scripted(...DICE);
    fightEngagement(sixCavalry(0), dice, { trace: t.trace });
    expect(dice.used()).toBe(DICE.length);
    const at = (bound: number, column: number) =>
      t.events.find((e) => e.bound === bound && e.column === column)!;
    // Bound 2 is B's: A's command is not demoralised until the start of A's own bound.
    expect(at(2, 1)).toMatchObject({ overlapsA: 1, shakenA: false, a: 'none', b: 'none' });
    expect(at(3, 1)).toMatchObject({ overlapsA: 1, shakenA: true, dice: [6, 3], a: 'none', b: 'none' });
    expect(at(3, 2)).toMatchObject({ shakenA: true, dice: [5, 3], a: 'none', b: 'none' });
    expect(at(3, 3)).toMatchObject({ shakenA: false });
    expect(at(4, 1)).toMatchObject({ shakenA: true, dice: [1, 6], a: 'destroyed' });
  });

  it('A’s C-in-C’s command demoralised: A is beaten in the first bound it loses more than B (bound 4)', () => {
    const r = fightEngagement(sixCavalry(0), scripted(...DICE));
    // Bound 3: the C-in-C's command is demoralised but A lost nothing that bound, so the battle goes on.
    expect(r.decision).toBe('b-wins');
    expect(r.bounds).toBe(4);
    // 2 of A's 6 elements lost: under half, so the C-in-C's command decided it.
    expect(r.a.eeLost).toBe(2);
    expect(r.a.demoralised).toEqual([true, false]);
    expect(r.b.demoralised).toEqual([false]);
  });

  it('the same fight with the C-in-C in the right command: A is not beaten (2 of 6 lost is under half)', () => {
    const r = fightEngagement(sixCavalry(1, { boundLimit: 4 }), scripted(...DICE));
    expect(r.decision).toBe('undecided');
    expect(r.a.demoralised).toEqual([true, false]);
  });

  it('a demoralised command holds in place: its files that lost contact do not step up to renew it', () => {
    // Bound 1 (A's): column 0 doubled as above (A destroyed). Bound 2 (B's, 5-1): column 1 A 3 - 1 + 2 = 4
    // v B 3 + 3 = 6: beaten, A's cavalry recoil; the rest 6 v 6. Bound 3 (A's): the left command is
    // demoralised, so A's recoiled file in column 1 does not go back into contact: no combat there.
    // Column 2 (overlapped by B's now free file in column 1): A 3 - 1 - 2 + 6 = 6 v 6.
    const t = traced();
    const dice = scripted(
      ...[1, 6, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3],
      ...[3, 3, 3, 3, 3, 3, 3, 3, 2, 3],
      ...[6, 3, 3, 3, 3, 3, 3, 3],
    );
    fightEngagement(sixCavalry(1, { boundLimit: 3 }), dice, { trace: t.trace });
    expect(t.events.filter((e) => e.bound === 2 && e.column === 1)[0]).toMatchObject({ a: 'recoil' });
    expect(t.events.filter((e) => e.bound === 3).map((e) => e.column)).toEqual([2, 3, 4, 5]);
  });
});

describe('DBA 3.0 Big battles: the first double element of each command counts 2', () => {
  // Bound 1 (A's): columns 0 and 3 are A's 6Cv (3 against mounted; the double's +1 is against foot only):
  // 3 + 1 = 4 v 3 + 6 = 9, doubled: destroyed; the rest 6 v 6.
  const dice = () => scripted(1, 6, 3, 3, 3, 3, 1, 6, 3, 3, 3, 3);
  const line = { files: [['6Cv'], ['3Cv'], ['3Cv'], ['6Cv'], ['3Cv'], ['3Cv']] };

  it('two commands each lose their first double: 2 + 2 = 4 lost, half of 6, and more than B: beaten at once', () => {
    const c = config({
      rules: 'dba-3.0',
      a: line,
      b: '6 files of 3Cv',
      first: 'a',
      options: { combatOrder: 'simultaneous' },
      bigBattle: { a: { commands: [3, 3] } },
    });
    const r = fightEngagement(c, dice());
    expect(r.a.elementsLost).toBe(2);
    expect(r.a.eeLost).toBe(4);
    expect(r.decision).toBe('b-wins');
    expect(r.bounds).toBe(1);
  });

  it('in the 12-element game only the side’s first double counts 2: 3 lost, under 4, the fight goes on', () => {
    const c = config({
      rules: 'dba-3.0',
      a: line,
      b: '6 files of 3Cv',
      first: 'a',
      boundLimit: 1,
      options: { combatOrder: 'simultaneous' },
    });
    const r = fightEngagement(c, dice());
    expect(r.a.eeLost).toBe(3);
    expect(r.decision).toBe('undecided');
  });
});

describe("DBA 3.0 Big battles: the C-in-C's once-per-game +1", () => {
  const cInC = { element: '3Cv', general: true };

  it('used the first time it turns a loss into a draw, then gone', () => {
    const c = config({
      rules: 'dba-3.0',
      a: { files: [[cInC], ['3Cv']] },
      b: '2 files of 3Cv',
      first: 'a',
      boundLimit: 2,
      options: { combatOrder: 'simultaneous' },
      bigBattle: {},
    });
    // Bound 1 (A's): column 0, the C-in-C's element 3 + 1 (general) + 1 = 5 v 3 + 3 = 6: beaten, it would
    // recoil; with the +1, 6 v 6: no effect, so it is used. Column 1: 6 v 6.
    // Bound 2 (B's, column 1 then 0): 6 v 6; column 0 the same dice, 5 v 6: now the cavalry recoil.
    const t = traced();
    const r = fightEngagement(c, scripted(1, 3, 3, 3, 3, 3, 1, 3), { trace: t.trace });
    expect(t.events[0]).toMatchObject({ bound: 1, column: 0, bonus: 'a', a: 'none', b: 'none' });
    expect(t.events[3]).toMatchObject({ bound: 2, column: 0, bonus: 'none', a: 'recoil' });
    expect(r.a.scoreBonusUsed).toBe(true);
    expect(r.b.scoreBonusUsed).toBe(false);
  });

  it('not used where it makes things worse: knights drawing with blades are destroyed, beaten they recoil', () => {
    const c = config({
      rules: 'dba-3.0',
      a: { files: [[{ element: '3Kn', general: true }]] },
      b: { files: [['4Bd']] },
      first: 'a',
      boundLimit: 1,
      bigBattle: {},
    });
    // 3 + 1 + 4 = 8 v Blades 3 + 6 = 9: beaten, recoil. With the +1, 9 v 9: knights destroyed by Blades.
    const t = traced();
    const r = fightEngagement(c, scripted(4, 6), { trace: t.trace });
    expect(t.events[0]).toMatchObject({ bonus: 'none', a: 'recoil' });
    expect(r.a.scoreBonusUsed).toBe(false);
  });

  it('only the general of the C-in-C’s command has it, and only in a big battle', () => {
    const files = { files: [[cInC], ['3Cv'], [{ element: '3Cv', general: true }], ['3Cv']] };
    const c = config({
      rules: 'dba-3.0',
      a: files,
      b: '4 files of 3Cv',
      bigBattle: { a: { commands: [2, 2], cInC: 1 } },
    });
    expect(c.a.files.map((f) => f.ranks[0]!.scoreBonus ?? 0)).toEqual([0, 0, 1, 0]);
    // Generals count 1 more when lost, in every count.
    expect(c.a.files.map((f) => f.ranks[0]!.losses)).toEqual([
      [2, 2, 2],
      [1, 1, 1],
      [2, 2, 2],
      [1, 1, 1],
    ]);
    const plain = config({ rules: 'dba-3.0', a: files, b: '4 files of 3Cv' });
    expect(plain.a.files.map((f) => f.ranks[0]!.scoreBonus ?? 0)).toEqual([0, 0, 0, 0]);
    expect(plain.a.files.map((f) => f.ranks[0]!.ee)).toEqual([2, 1, 2, 1]);
  });
});

describe('DBA 3.0 Big battles: the study block', () => {
  it('commands must add up to the line; the C-in-C’s command must exist; one general a command', () => {
    const block =
      (bigBattle: unknown, a: unknown = '6 files of 3Cv') =>
      () =>
        config({ rules: 'dba-3.0', a, b: '6 files of 3Cv', bigBattle });
    expect(block({ a: { commands: [3, 2] } })).toThrow(
      /bigBattle\.a\.commands: the commands have 5 files between them, but line A has 6/,
    );
    expect(block({ b: { commands: [3, 3], cInC: 2 } })).toThrow(
      /bigBattle\.b\.cInC: there is no command 2 \(commands are counted from 0\)/,
    );
    const twoGenerals = { files: [[{ element: '3Cv', general: true }], [{ element: '3Cv', general: true }]] };
    expect(block({}, twoGenerals)).toThrow(/bigBattle\.a\.commands\[0\]: command 0 has 2 generals' elements/);
    expect(block({ a: { commands: [6], extra: 1 } })).toThrow(InputError);
  });

  it('DBM engagements have no big battles; B&B ones no flank contacts', () => {
    expect(() => config({ a: '2 files of Reg Bd(O)', b: '2 files of Reg Bd(O)', bigBattle: {} })).toThrow(
      InputError,
    );
    expect(() =>
      config({
        rules: 'bnb-0.7',
        a: '2 files of Reg Bd(O)',
        b: '2 files of Reg Bd(O)',
        options: { flankContacts: true },
      }),
    ).toThrow(/options\.flankContacts: Blood and Blades engagements do not model flank contacts/);
  });
});
