/**
 * DBM's battle in the line model (docs/engagement-model.md): flank contacts, second lines, flight that
 * returns or leaves the table, shooting by every eligible file, refused fights. Hand-worked with scripted
 * dice (A's die, then B's, one combat after another) against DBM 3.2: combat factors p.21 (blades +5 v
 * foot, +3 v mounted; knights +3 v foot; auxilia +2 v mounted; light horse +2; bowmen +4 v mounted,
 * knights +4 v bowmen shooting), -1 per flank overlapped or contacted and per element aiding a shooting
 * enemy (p.21 Tactical Factors), outcomes p.23, base depths p.9 (15 mm: 1 mm = 2 paces), moves p.19.
 */
import { describe, expect, it } from 'vitest';
import type { LinesConfig } from '../../../src/engine/lines/index.ts';
import { config, fightEngagement, scripted, type CombatEvent, type MoveEvent } from './helpers.ts';

interface Fight {
  readonly combats: CombatEvent[];
  readonly moves: MoveEvent[];
  readonly result: ReturnType<typeof fightEngagement>;
}

function fight(c: LinesConfig, dice: readonly number[], first: 'a' | 'b' = 'a'): Fight {
  const combats: CombatEvent[] = [];
  const moves: MoveEvent[] = [];
  const script = scripted(...dice);
  const result = fightEngagement(c, script, {
    first,
    trace: (e) => combats.push(e),
    log: (e) => moves.push(e),
  });
  expect(script.used()).toBe(dice.length);
  return { combats, moves, result };
}

const row = (e: CombatEvent) => [e.bound, e.column, e.overlapsB, e.flankContactsB, e.a, e.b];

describe('flank contacts (DBM 3.2 p.21 Close Combat, p.23 Recoiling Elements)', () => {
  // Five files of Reg Bd(O) against three, centred: A's files 0 and 4 have no enemy in front and overlap
  // B's end files. Left to right in odd bounds, right to left in even ones (combatOrder sweep).
  const lines = (flankContacts: boolean) =>
    config({
      a: '5 files of Reg Bd(O)',
      b: '3 files of Reg Bd(O)',
      first: 'a',
      boundLimit: 3,
      options: { combatOrder: 'sweep', flankContacts },
    });
  // Bounds 1 and 2: every combat equal (A 5+3 = 8; B 5+4-1 = 8 overlapped, 5+3 = 8 in the centre). Bound 3:
  // B's file 1 gets A 5+5 = 10 against 5+4-1 = 8, beaten but not doubled: a recoil.
  const dice = [3, 4, 3, 3, 3, 4, 3, 4, 3, 3, 3, 4, 5, 4, 3, 4, 3, 4];

  it("A's end files, level with B's end files since bound 1, take their flanks in A's bound 3; the flanked file's recoil destroys it", () => {
    const f = fight(lines(true), dice);
    // Not in bound 1: the lines met that bound, so the end files were not in front-corner contact with
    // the enemy at the start of their move (p.19: the +50p into an adjacent flank needs it).
    expect(f.moves).toEqual([
      { kind: 'flank', bound: 3, side: 'a', column: 0, target: 1 },
      { kind: 'flank', bound: 3, side: 'a', column: 4, target: 3 },
    ]);
    expect(f.combats.map(row)).toEqual([
      [1, 1, 1, 0, 'none', 'none'],
      [1, 2, 0, 0, 'none', 'none'],
      [1, 3, 1, 0, 'none', 'none'],
      [2, 3, 1, 0, 'none', 'none'],
      [2, 2, 0, 0, 'none', 'none'],
      [2, 1, 1, 0, 'none', 'none'],
      // The flank contact counts the same -1 as the overlap did, but the recoil is now a destruction.
      [3, 1, 0, 1, 'none', 'destroyed'],
      // B's centre file is overlapped by A's file 1, whose opponent is gone: 8 against 5+4-1 = 8.
      [3, 2, 1, 0, 'none', 'none'],
      [3, 3, 0, 1, 'none', 'none'],
    ]);
    // One of B's three element equivalents is a third: B breaks at the end of bound 3.
    expect(f.result.decision).toBe('a-wins');
    expect(f.result.b.causes).toEqual([0, 1, 0, 0, 0]);
  });

  it('with flankContacts off (the model before), the same dice only make B recoil', () => {
    const f = fight(lines(false), dice);
    expect(f.moves).toEqual([]);
    expect(f.combats.map(row)[6]).toEqual([3, 1, 1, 0, 'none', 'recoil']);
    expect(f.result.decision).toBe('undecided');
    expect(f.result.b.elementsLost).toBe(0);
  });
});

describe('second lines (DBM 3.2 p.25 advice; p.23 Destroyed Elements)', () => {
  // Knights charge (B first). Bound 1: file 0, Kn 3+6 = 9 beat Bd 3+1 = 4 (doubled: destroyed); file 1,
  // overlapped by that knight, Bd 3+4-1 = 6 against 3+3 = 6; file 2 equal, 6 against 6.
  const dice = [1, 6, 4, 3, 3, 3, 3, 3, 3, 3, 3, 3];

  it('a second-line element 90p behind steps into the gap in its next bound and is not swept away', () => {
    const c = config({
      a: { troops: 'Reg Bd(O)', count: 3, secondLine: '3 files of Reg Bd(O)' },
      b: '3 files of Irr Kn(O)',
      boundLimit: 2,
    });
    const f = fight(c, dice, 'b');
    // The second line stands two base depths (2 x 30p) behind a front 30p deep: 90p, within a blade's
    // 100p move. It comes up in A's bound 2 and, the knights standing in line, moves into contact.
    expect(f.moves).toEqual([{ kind: 'step-up', bound: 2, side: 'a', column: 0, file: 3, contact: true }]);
    const first = f.combats.filter((e) => e.bound === 2 && e.column === 0)[0]!;
    expect(first).toMatchObject({ movedA: true, a: 'none', b: 'none' });
    // One element lost of six: the line stands.
    expect(f.result.a.elementsLost).toBe(1);
    expect(f.result.a.causes).toEqual([1, 0, 0, 0, 0]);
    expect(f.result.decision).toBe('undecided');
  });

  it('the same six blades two deep: the rank behind is swept away with the front (2 of 6 lost: broken)', () => {
    const c = config({ a: '3 files of Reg Bd(O), 2 deep', b: '3 files of Irr Kn(O)', boundLimit: 2 });
    const f = fight(c, dice.slice(0, 6), 'b');
    expect(f.result.a.causes).toEqual([1, 0, 1, 0, 0]);
    expect(f.result.decision).toBe('b-wins');
    expect(f.result.bounds).toBe(1);
  });
});

describe('flight (DBM 3.2 p.24 Fleeing Elements, p.25 Losses)', () => {
  // Irr LH(O) against Reg Ax(O), 450p of table behind each line; only the auxilia (B, first) close gaps,
  // so each recoil of the light horse is followed up and pushes their column back a base depth (60p).
  const c = config({
    a: '1 files of Irr LH(O)',
    b: '1 files of Reg Ax(O)',
    boundLimit: 10,
    options: { renewContact: 'attacker', tableDepth: 450 },
  });

  it('a fled light horse comes back, and leaves the table on its second flight: lost', () => {
    // B1: LH 2+1 = 3 v Ax 2+3 = 5, beaten, not doubled: recoil (p.23). A2: the LH stand back. B3: the Ax
    // follow up (the LH column is now 60p back) and LH 3 v Ax 2+4 = 6: doubled, flee: 60p back, a recoil
    // of 60p and 250p + 50p: 420p, within 450p. A4, A6: they ride back 250p a bound to the auxilia (360p
    // from where they fled to) and charge: 3 v 5, recoil. B7: followed up again (120p back) and doubled:
    // 120 + 60 + 300 = 480p, past the table edge: lost. One Irr LH is the line's one element equivalent.
    const f = fight(c, [1, 3, 1, 4, 1, 3, 1, 4], 'b');
    expect(f.combats.map((e) => [e.bound, e.a])).toEqual([
      [1, 'recoil'],
      [3, 'flee'],
      [6, 'recoil'],
      [7, 'flee'],
    ]);
    expect(f.moves).toEqual([
      { kind: 'flight', bound: 3, side: 'a', column: 0, elements: 1, distance: 420, lost: false },
      { kind: 'step-up', bound: 6, side: 'a', column: 0, file: 0, contact: true },
      { kind: 'flight', bound: 7, side: 'a', column: 0, elements: 1, distance: 480, lost: true },
    ]);
    expect(f.result.a.causes).toEqual([0, 0, 0, 1, 0]);
    expect(f.result.decision).toBe('b-wins');
    expect(f.result.bounds).toBe(7);
  });
});

describe('shooting by every eligible file (DBM 3.2 p.20 Distant Shooting)', () => {
  const withField = (c: LinesConfig, distance: number): LinesConfig => ({
    ...c,
    battlefield: { distance, shooters: 'halt' },
  });

  it('an end-file bowman with no enemy in front shoots at the nearest one within a base width, aiding', () => {
    // Three files of Reg Bw(O) against two of Irr Kn(O), 200p apart: A's file 2 has no enemy in front and
    // shoots at B's file 1, which A's file 1 shoots at too: A's file 1 is the main shooter, file 2 aids
    // it (the knights -1). File 0: Bw 4+3 = 7 v Kn 4+3 = 7. File 1: Bw 4+4 = 8 v Kn 4+1-1 = 4: doubled,
    // destroyed (without the aider 5, a recoil that moves nothing at a distance).
    const c = withField(
      config({
        a: '3 files of Reg Bw(O)',
        b: '2 files of Irr Kn(O)',
        boundLimit: 1,
        options: { refusals: 'never' },
      }),
      200,
    );
    const f = fight(c, [3, 3, 4, 1]);
    expect(f.combats.map((e) => [e.kind, e.column, e.shooterA, e.aidersA, e.a, e.b])).toEqual([
      ['shooting', 0, 0, 0, 'none', 'none'],
      ['shooting', 1, 1, 1, 'none', 'destroyed'],
    ]);
    expect(f.result.b.causes).toEqual([0, 0, 0, 0, 1]);
  });

  it('a bowman overlapping an enemy in close combat does not shoot, though a target is in front', () => {
    // Three files each; the knights charge (B first). Bound 1: files 0 and 1 equal (Bw 4+3 v Kn 3+4),
    // file 2 Bw 4+2 = 6 v Kn 3+1 = 4: the knights recoil. Bound 2 (A's): bowmen may not charge mounted
    // (p.18), so A's file 2 stands level, overlapping B's file 1, which is in close combat: it may not
    // shoot at the knights in front of it (p.20). Then file 1 (overlapped) 4+3 v 3+5-1 and file 0 4+3 v
    // 3+4: equal.
    const c = withField(
      config({
        a: '3 files of Reg Bw(O)',
        b: '3 files of Irr Kn(O)',
        boundLimit: 2,
        options: { refusals: 'never' },
      }),
      0,
    );
    const f = fight(c, [3, 4, 3, 4, 2, 1, 3, 5, 3, 4], 'b');
    expect(f.combats.map((e) => [e.kind, e.bound, e.column, e.overlapsB, e.a, e.b])).toEqual([
      ['close', 1, 0, 0, 'none', 'none'],
      ['close', 1, 1, 0, 'none', 'none'],
      ['close', 1, 2, 0, 'none', 'recoil'],
      ['close', 2, 1, 1, 'none', 'none'],
      ['close', 2, 0, 0, 'none', 'none'],
    ]);
  });
});

describe('refused fights (docs/engagement-model.md "Refusing a fight")', () => {
  const field = (a: string, b: string): LinesConfig => ({
    ...config({ a, b, boundLimit: 30 }),
    battlefield: { distance: 600, shooters: 'halt' },
  });

  it('knights will not charge war wagons, which may not charge troops: the fight is refused, no die cast', () => {
    const f = fight(field('4 files of Irr Kn(O)', '4 files of Irr WWg(O)'), []);
    expect(f.moves).toEqual([{ kind: 'refused', bound: 0 }]);
    expect(f.combats).toEqual([]);
    expect(f.result.decision).toBe('refused');
    expect(f.result.bounds).toBe(30);
  });

  it('cavalry, faster than elephants, keep away from them; knights, no faster, are caught', () => {
    expect(fight(field('4 files of Reg Cv(O)', '4 files of Irr El(O)'), []).result.decision).toBe('refused');
    const knights = field('4 files of Irr Kn(O)', '4 files of Irr El(O)');
    let any = 0;
    const r = fightEngagement(knights, () => ((any++ * 7) % 6) + 1, { first: 'a' });
    expect(r.decision).not.toBe('refused');
  });

  it('light horse refuse blades; bowmen and cavalry leave each other alone', () => {
    expect(fight(field('4 files of Irr LH(O)', '4 files of Reg Bd(O)'), []).result.decision).toBe('refused');
    expect(fight(field('4 files of Reg Bw(O)', '4 files of Reg Cv(O)'), []).result.decision).toBe('refused');
  });

  it('with refusals never (the model before), the knights charge the war wagons', () => {
    const base = field('4 files of Irr Kn(O)', '4 files of Irr WWg(O)');
    const c: LinesConfig = { ...base, options: { ...base.options, refusals: 'never' } };
    let n = 0;
    const r = fightEngagement(c, () => ((n++ * 5) % 6) + 1, { first: 'a' });
    expect(r.decision).not.toBe('refused');
  });
});
