/**
 * DBM armies on the battle line (docs/armies.md "Battles"), hand-worked with scripted dice: commands
 * demoralised at a third of their element equivalents (DBM 3.2 p.25 Demoralised Commands), read at the end
 * of every bound, the enemy's too; a general's loss and the panic test on the command's next PIP die
 * (p.25); a demoralised command's elements not in frontal contact retreating a flee move a bound unless its
 * PIPs halt them, and lost past the table edge (p.25, p.24 Fleeing Elements, p.18 Halts); a flank contact
 * not made for want of PIPs (p.16 Player Initiative Point Dicing); the army defeated at half its element
 * equivalents with demoralised commands counting whole (p.25 Victory). Then whole armies from armies/:
 * the mirror battle scores 5 VP a side, every battle's scores add up to 10, and swapping the sides swaps
 * the results.
 *
 * Combats here are simultaneous (model option combatOrder): in A's bounds left to right, in B's right to
 * left, so one combat's result does not change another's factors within a bound. The script gives, for
 * each bound, the owner's PIP dice (one a command, in command order) and then each combat's dice (A's,
 * B's). Factors (DBM 3.2 p.21): blades +5 against foot, auxilia and warband +3; a general's element +1;
 * an overlap or enemy on a flank -1; an element of a demoralised command -2.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.ts';
import type { CommandsConfig, FileConfig, LinesConfig } from '../../../src/engine/lines/index.ts';
import { readStructuredFile } from '../../../src/pipeline/structured-file.ts';
import { fitArmy } from '../../../src/systems/dbm/army/build.ts';
import { armyBattle } from '../../../src/systems/dbm/army/deploy.ts';
import {
  config,
  fightEngagement,
  play,
  scripted,
  type CombatEvent,
  type MoveEvent,
} from '../../engine/lines/helpers.ts';

const recorded = () => {
  const combats: CombatEvent[] = [];
  const moves: MoveEvent[] = [];
  return {
    combats,
    moves,
    trace: (e: CombatEvent) => combats.push(e),
    log: (e: MoveEvent) => moves.push(e),
    at: (bound: number, column: number) => combats.find((e) => e.bound === bound && e.column === column),
    of: <K extends MoveEvent['kind']>(kind: K, bound?: number) =>
      moves.filter(
        (e): e is Extract<MoveEvent, { kind: K }> =>
          e.kind === kind && (bound === undefined || e.bound === bound),
      ),
  };
};

const files = (...elements: (string | Record<string, unknown>)[]) => elements.map((e) => [e]);

/** A study block's lines with commands added (a scenario's lines have none: armies come from deploy.ts). */
function withCommands(
  block: Record<string, unknown>,
  a: CommandsConfig,
  b: CommandsConfig,
  reservesA?: readonly (readonly FileConfig[])[],
): LinesConfig {
  const c = config({ options: { combatOrder: 'simultaneous' }, first: 'a', ...block });
  return {
    ...c,
    a: { ...c.a, commands: a, ...(reservesA ? { reserves: reservesA } : {}) },
    b: { ...c.b, commands: b },
  };
}

const SUB_AND_C_IN_C = { cInC: 1, roles: ['sub-general', 'c-in-c'] } as const;

describe('a command demoralised at a third, a flank contact paid for or not, a retreat off the table', () => {
  // A: command 0 (an irregular general's, its own PIP die) is 1 file of Irr Ax(O) with 1 more Irr Ax(O)
  // waiting behind it in a second line: 2 EE. Command 1 (C-in-C) is 3 files of Reg Bd(O). B: command 0 (an
  // irregular general's) 1 file of Irr Bd(O), command 1 (C-in-C) 3 files of Reg Bd(O).
  const block = {
    a: { files: files('Irr Ax(O)', 'Reg Bd(O)', 'Reg Bd(O)', 'Reg Bd(O)'), going: 'good' },
    b: { files: files('Irr Bd(O)', 'Reg Bd(O)', 'Reg Bd(O)', 'Reg Bd(O)'), going: 'good' },
    boundLimit: 9,
  };
  const commands = { files: [1, 3], ...SUB_AND_C_IN_C, regular: [false, true] };
  const lines = () => {
    const c = config(block);
    const waiting: FileConfig = { ranks: [c.a.files[0]!.ranks[0]!], doubleBased: false, behind: 0 };
    return withCommands(block, { ...commands, reserves: [0] }, commands, [[waiting]]);
  };
  // Bound 1 (A's): PIPs 6, 6; each command pays 1 to advance into contact (p.16: the +1 for irregulars
  // contacting enemy spares light troops, auxilia among them: p.3).
  // Column 0: Ax 3 + 1 = 4 v Bd 5 + 3 = 8, doubled: the auxilia are destroyed (p.23). Columns 1-3: 8 v 8.
  // A's command 0 has lost 1 EE of 2: a third or more, demoralised at the end of the bound (p.25).
  const BOUND_1 = [6, 6, ...[1, 3], ...[3, 3], ...[3, 3], ...[3, 3]];
  // Bound 2 (B's), PIPs p, 6: B's file in column 0 has no enemy in front and may wheel onto the flank of
  // A's column 1: an irregular blade contacting enemy costs 1 + 1 = 2 PIPs (p.16).
  // Without it (p = 1), the file overlaps A's column 1: Bd 5 - 1 + 4 = 8 v 8, no effect.
  const bound2 = (p: number) => [p, 6, ...[3, 3], ...[3, 3], ...[4, 3]];
  // Bound 3 (A's), PIPs h, 6: command 0's element behind the line must retreat unless halted: a halt of
  // irregulars costs 1 + 1 = 2 PIPs (p.16). Column 1 still overlapped: 8 v 8.
  const bound3 = (h: number) => [h, 6, ...[4, 3], ...[3, 3], ...[3, 3]];

  it('the auxilia fall in A’s bound 1; their command is demoralised at the end of that bound', () => {
    const r = recorded();
    fightEngagement({ ...lines(), boundLimit: 1 }, scripted(...BOUND_1), r);
    expect(r.at(1, 0)).toMatchObject({ dice: [1, 3], a: 'destroyed', b: 'none' });
    expect(r.of('pay', 1).map((e) => [e.command, e.move, e.cost, e.paid])).toEqual([
      [0, 'renew', 1, true],
      [1, 'renew', 1, true],
    ]);
    expect(r.of('demoralised')).toEqual([
      { kind: 'demoralised', bound: 1, side: 'a', command: 0, cause: 'losses' },
    ]);
  });

  it('B’s irregular blades cannot pay 2 PIPs with a 1: no flank contact, an overlap instead', () => {
    const r = recorded();
    const dice = scripted(...BOUND_1, ...bound2(1));
    fightEngagement({ ...lines(), boundLimit: 2 }, dice, r);
    expect(dice.used()).toBe(BOUND_1.length + bound2(1).length);
    expect(r.of('pay', 2)).toEqual([
      { kind: 'pay', bound: 2, side: 'b', command: 0, move: 'flank', cost: 2, paid: false },
    ]);
    expect(r.of('flank')).toEqual([]);
    expect(r.at(2, 1)).toMatchObject({ overlapsA: 1, flankContactsA: 0, dice: [4, 3], a: 'none', b: 'none' });
  });

  it('with a 2 they pay and wheel onto the flank: Bd 5 - 1 + 4 = 8 v 8 still, but now in flank contact', () => {
    const r = recorded();
    fightEngagement({ ...lines(), boundLimit: 2 }, scripted(...BOUND_1, ...bound2(2)), r);
    expect(r.of('pay', 2)).toEqual([
      { kind: 'pay', bound: 2, side: 'b', command: 0, move: 'flank', cost: 2, paid: true },
    ]);
    expect(r.of('flank')).toEqual([{ kind: 'flank', bound: 2, side: 'b', column: 0, target: 1 }]);
    expect(r.at(2, 1)).toMatchObject({ overlapsA: 0, flankContactsA: 1, a: 'none', b: 'none' });
  });

  it('halted with a 2; with a 1 its second line retreats each bound and is lost off the table on the 4th', () => {
    // The waiting Ax stands 40 + 2 x 40 = 120p behind the front (the file in front's depth and two base
    // depths: DBM 3.2 p.9 Element Basing, p.25's two base depths), and flees 150 + 50 = 200p a bound
    // (p.19, p.24): 320, 520, 720, then 920p, past the 900p of table behind the line.
    const halted = recorded();
    fightEngagement({ ...lines(), boundLimit: 3 }, scripted(...BOUND_1, ...bound2(1), ...bound3(2)), halted);
    expect(halted.of('pay', 3)).toEqual([
      { kind: 'pay', bound: 3, side: 'a', command: 0, move: 'halt', cost: 2, paid: true },
    ]);
    expect(halted.of('retreat')).toEqual([]);

    const r = recorded();
    const script = [...BOUND_1];
    for (let k = 0; k < 4; k++) script.push(...bound2(1), ...bound3(1));
    const result = fightEngagement(lines(), scripted(...script), r);
    expect(r.of('retreat').map((e) => [e.bound, e.files, e.lost])).toEqual([
      [3, 0, 0],
      [5, 0, 0],
      [7, 0, 0],
      [9, 0, 1],
    ]);
    // Losses: the auxilia in column 0 (close combat) and the one lost off the table edge (p.25 Losses).
    expect(result.a.causes.slice(0, 4)).toEqual([1, 0, 0, 1]);
    expect(result.a.eeLost).toBe(2);
    // The army: 2 EE lost of 5, command 0 counting whole (2): under half, the battle goes on (p.25).
    expect(result.decision).toBe('undecided');
    expect(result.a.demoralised).toEqual([true, false]);
  });
});

describe('a general lost and the panic test on his command’s next PIP die (DBM 3.2 p.25)', () => {
  // A: command 0 is 4 files of Irr Bd(O), its general's element in column 0 (+1); command 1 (C-in-C) 3
  // files of Reg Bd(O): 7 EE. B: Irr Wb(O) in column 0, then 6 files of Reg Bd(O), commands of 3 and 4.
  const generalFile = { element: 'Irr Bd(O)', general: true };
  const block = {
    a: {
      files: files(generalFile, 'Irr Bd(O)', 'Irr Bd(O)', 'Irr Bd(O)', 'Reg Bd(O)', 'Reg Bd(O)', 'Reg Bd(O)'),
      going: 'good',
    },
    b: {
      files: files('Irr Wb(O)', 'Reg Bd(O)', 'Reg Bd(O)', 'Reg Bd(O)', 'Reg Bd(O)', 'Reg Bd(O)', 'Reg Bd(O)'),
      going: 'good',
    },
    boundLimit: 3,
  };
  const lines = withCommands(
    block,
    { files: [4, 3], ...SUB_AND_C_IN_C, regular: [false, true], generals: [{ file: 0, rank: 0 }, null] },
    { files: [3, 4], ...SUB_AND_C_IN_C, regular: [true, true] },
  );
  // Bound 1 (A's), PIPs 6, 6: command 0's irregular blades pay 1 + 1 = 2 to contact enemy (p.16).
  // Column 0: Bd 5 + 1 + 1 = 7 v Wb 3 + 6 = 9: blades beaten by warband, destroyed (p.23), and with them
  // the general. Command 0 has lost 1 EE of 4: under a third.
  // Bound 2 (B's), PIPs 1, 1: the warband cannot pay 2 to wheel onto a flank; it overlaps column 1:
  // Bd 5 - 1 + 4 = 8 v 8.
  const opening = [...[6, 6, ...[1, 6], ...Array(12).fill(3)], ...[1, 1, ...Array(10).fill(3), ...[4, 3]]];
  // Bound 3 (A's), PIPs t, 6: t is command 0's first die since its general fell: it panics if t is not
  // more than the 1 EE it has lost.
  const bound3 = (t: number) => [t, 6, ...[4, 3], ...Array(10).fill(3)];

  it('the general falls in bound 1; the command is not demoralised by 1 EE of 4', () => {
    const r = recorded();
    fightEngagement({ ...lines, boundLimit: 2 }, scripted(...opening), r);
    expect(r.of('pay', 1)[0]).toMatchObject({ command: 0, move: 'renew', cost: 2, paid: true });
    expect(r.at(1, 0)).toMatchObject({ dice: [1, 6], a: 'destroyed' });
    expect(r.of('demoralised')).toEqual([]);
  });

  it('a 2 passes: the command fights on undemoralised', () => {
    const r = recorded();
    const result = fightEngagement(lines, scripted(...opening, ...bound3(2)), r);
    expect(r.of('demoralised')).toEqual([]);
    expect(r.at(3, 2)).toMatchObject({ shakenA: false, a: 'none', b: 'none' });
    expect(result.decision).toBe('undecided');
  });

  it('a 1 panics: demoralised at once, its blades at -2, and the army defeated (4 EE of 7)', () => {
    const r = recorded();
    const result = fightEngagement(lines, scripted(...opening, ...bound3(1)), r);
    expect(r.of('pips', 3)).toEqual([{ kind: 'pips', bound: 3, side: 'a', rolls: [1, 6], scores: [1, 6] }]);
    expect(r.of('demoralised')).toEqual([
      { kind: 'demoralised', bound: 3, side: 'a', command: 0, cause: 'panic' },
    ]);
    // Column 2: Bd 5 - 2 + 3 = 6 v 8, beaten: the blades recoil (p.23). Command 1 is not shaken.
    expect(r.at(3, 2)).toMatchObject({ shakenA: true, a: 'recoil', b: 'none' });
    expect(r.at(3, 4)).toMatchObject({ shakenA: false, a: 'none' });
    // p.25 Victory: command 0 counts whole (4 EE) against A's 7: at least half, A is defeated.
    expect(result.decision).toBe('b-wins');
    expect(result.bounds).toBe(3);
    expect(result.a.demoralised).toEqual([true, false]);
  });
});

describe('whole armies (armies/*.yaml, deployed by src/systems/dbm/army/deploy.ts)', () => {
  const spec = { version: 'dbm-3.2' } as const;
  const army = (name: string) => fitArmy(readStructuredFile(`armies/${name}.yaml`).data, spec);
  const eir = army('early-imperial-roman');
  const sassanid = army('sassanid');

  /** Mean A score and wins of n battles, every battle's scores adding up to 10 VP. */
  function fight(c: LinesConfig, seed: string, n: number) {
    const rng = createRng(seed, 0);
    const draw = (k: number) => rng.int(k);
    let a = 0;
    let sq = 0;
    const decisions: Record<string, number> = {};
    for (let i = 0; i < n; i++) {
      const r = play(c, draw);
      // p.25: the 10 VP of a game are shared between the two armies.
      expect(r.a.score! + r.b.score!).toBeCloseTo(10, 9);
      a += r.a.score!;
      sq += r.a.score! ** 2;
      decisions[r.decision] = (decisions[r.decision] ?? 0) + 1;
    }
    const mean = a / n;
    return { mean, se: Math.sqrt((sq / n - mean * mean) / n), decisions };
  }

  it('a thread deploys an army once per variant: fresh copies of it get the same line object', () => {
    // Jobs reach a worker thread with copies of their armies; the engine lays a line out once per object.
    const one = armyBattle(eir, sassanid, spec) as LinesConfig;
    const again = armyBattle(structuredClone(sassanid), structuredClone(eir), spec) as LinesConfig;
    expect(again.b).toBe(one.a);
    expect(again.a).toBe(one.b);
    // The mirror battle's two sides are one line.
    const mirror = armyBattle(eir, eir, spec) as LinesConfig;
    expect(mirror.b).toBe(mirror.a);
    expect(mirror.a).toBe(one.a);
    // Under another variant the same army is deployed anew (a group's depth depends on the version).
    const older = armyBattle(eir, sassanid, { version: 'dbm-3.0' }) as LinesConfig;
    expect(older.a).not.toBe(one.a);
    expect(older.a.files.length).toBeGreaterThan(0);
  });

  it('the mirror battle (alternating the first bound) scores 5 VP a side, within 4 standard errors', () => {
    const r = fight(armyBattle(eir, eir, spec) as LinesConfig, 'mirror', 600);
    expect(Math.abs(r.mean - 5)).toBeLessThan(4 * r.se);
    expect(r.se).toBeGreaterThan(0);
  });

  it('swapping the armies swaps the results: A’s score one way is B’s the other, within 4 standard errors', () => {
    const one = fight(armyBattle(eir, sassanid, spec) as LinesConfig, 'swap-1', 400);
    const other = fight(armyBattle(sassanid, eir, spec) as LinesConfig, 'swap-2', 400);
    expect(Math.abs(one.mean - (10 - other.mean))).toBeLessThan(4 * Math.hypot(one.se, other.se));
    expect((one.decisions['a-wins'] ?? 0) > 0 || (one.decisions['b-wins'] ?? 0) > 0).toBe(true);
  });
});
