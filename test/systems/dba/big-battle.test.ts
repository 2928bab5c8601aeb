/**
 * DBA 3.0 Big battles (the rule set's part): the -2 of an element of a demoralised command, the C-in-C's
 * once-per-game +1, the three loss counts, command demoralisation and the army's defeat; and DBA 3.0
 * Recoiling: an elephant's recoil destroys the friend behind, and El or WWg behind stop a recoil.
 */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/core/errors.ts';
import {
  dbaArmyDefeated,
  dbaBigBattleFirstDoubleBonus,
  dbaBigBattleLossValues,
  dbaCommandDemoralised,
  dbaTroopElement,
} from '../../../src/systems/dba/big-battle.ts';
import { parseDbaElement as el } from '../../../src/systems/dba/notation.ts';
import { dbaToInput, parseDbaSituation } from '../../../src/systems/dba/parse-situation.ts';
import { compileDba, explainDba, resolveDbaRoll } from '../../../src/systems/dba/resolve.ts';
import { factorsOf, fight, loserOutcome, resultCounts, roll, total } from './helpers.ts';

describe('DBA 3.0 Big battles: the -2 of a demoralised command', () => {
  it('-2 in close combat: 4Bd of a demoralised command fight at 5 - 2 = 3', () => {
    expect(factorsOf(fight('4Bd', '4Bd', { a: { demoralised: true } }), 'a')).toEqual({
      'Blades v foot': 5,
      'demoralised command': -2,
    });
  });

  it('not in a city, fort or camp: a demoralised garrison keeps its +4 and takes no -2', () => {
    expect(total(fight('4Bd', '4Sp', { a: { demoralised: true, defending: 'city' } }), 'a')).toBe(9);
    // An assaulter is not in the city: 4Sp 4 - 2.
    expect(total(fight('4Bd', '4Sp', { a: { defending: 'city' }, b: { demoralised: true } }), 'b')).toBe(2);
  });

  it('3Cv (demoralised) v 3Cv: A wins only when its die beats B’s by 3 or more, 6 of 36', () => {
    // A 3 - 2 + dA against B 3 + dB: A ahead when dA - dB >= 3: (4,1) (5,1) (6,1) (5,2) (6,2) (6,3) = 6.
    // A doubles B when 1 + dA >= 2 (3 + dB), never (at most 7 against at least 8). Draws: dA - dB = 2:
    // (3,1) (4,2) (5,3) (6,4) = 4. B doubles A when 2 (1 + dA) <= 3 + dB: dA = 1: all 6; dA = 2: dB >= 3,
    // 4; dA = 3: dB >= 5, 2; so 12; B wins otherwise: 36 - 6 - 4 - 12 = 14.
    expect(resultCounts(fight('3Cv', '3Cv', { a: { demoralised: true } }))).toEqual([0, 6, 4, 14, 12]);
  });

  it('close combat only: refused in a shooting situation', () => {
    expect(() => fight('4Bw', '4Bw', { mode: 'shooting', a: { demoralised: true } })).toThrow(
      /a\.demoralised: the -2 of a demoralised command applies in close combat only/,
    );
  });
});

describe("DBA 3.0 Big battles: the C-in-C's once-per-game +1", () => {
  it('added to the score of the general’s element: 3Kn general C-in-C v 4Bd is 3 + 1 + 1 = 5', () => {
    const s = fight('3Kn', '4Bd', { a: { general: true, cInCPlusOne: true } });
    expect(factorsOf(s, 'a')).toEqual({
      'Knights v foot': 3,
      "general's element": 1,
      "C-in-C's once-per-game +1": 1,
    });
    // Die 4 against Blades' 3 (against mounted) + 6: 9 v 9, equal: knights destroyed by Blades. Without the
    // +1, 8 v 9: beaten, the knights only recoil; so a player would not use it here (see the engagement tests).
    const r = resolveDbaRoll(compileDba(s), 4, 6);
    expect([r.a.total, r.b.total, r.a.outcome]).toEqual([9, 9, 'destroyed']);
    const without = resolveDbaRoll(compileDba(fight('3Kn', '4Bd', { a: { general: true } })), 4, 6);
    expect([without.a.total, without.b.total, without.a.outcome]).toEqual([8, 9, 'recoil']);
  });

  it('only the C-in-C’s element has it: refused without `general`', () => {
    expect(() => fight('3Kn', '4Bd', { a: { cInCPlusOne: true } })).toThrow(InputError);
    expect(() => fight('3Kn', '4Bd', { a: { cInCPlusOne: true } })).toThrow(/a\.cInCPlusOne/);
  });

  it('survives the round trip through situation-file data', () => {
    const s = fight('3Kn', '4Bd', { a: { general: true, cInCPlusOne: true }, b: { demoralised: true } });
    expect(parseDbaSituation(dbaToInput(s))).toEqual(s);
    expect(dbaToInput(s)).toMatchObject({
      a: { element: '3Kn', general: true, cInCPlusOne: true },
      b: { element: '4Bd', demoralised: true },
    });
  });
});

describe('DBA 3.0 Big battles: lost elements, command demoralisation, army defeat', () => {
  it('three counts per lost element: command third, command half, army', () => {
    // Command third: not SCh, Hd, CF, Dz. Command half: every troop element (not CF, Dz). Army: not SCh, CF, Dz.
    expect(dbaBigBattleLossValues(el('4Bd'))).toEqual([1, 1, 1]);
    expect(dbaBigBattleLossValues(el('7Hd'))).toEqual([0, 1, 1]);
    expect(dbaBigBattleLossValues(el('SCh'))).toEqual([0, 1, 0]);
    expect(dbaBigBattleLossValues(el('CF'))).toEqual([0, 0, 0]);
    // The loss of its general is an extra element lost.
    expect(dbaBigBattleLossValues(el('3Kn'), true)).toEqual([2, 2, 2]);
    // The first double element lost by each command counts as 2.
    expect(dbaBigBattleFirstDoubleBonus(el('6Kn'))).toBe(1);
    expect(dbaBigBattleFirstDoubleBonus(el('3Kn'))).toBe(0);
    expect([el('Dz'), el('5Hd'), el('SCh')].map(dbaTroopElement)).toEqual([0, 1, 1]);
  });

  it('a command of 6 is demoralised by 2 counted losses (a third), or by 3 of any troops (half)', () => {
    expect(dbaCommandDemoralised([2, 2, 2], 6)).toBe(true);
    expect(dbaCommandDemoralised([1, 1, 1], 6)).toBe(false);
    // Two hordes and a blade: counted 1 (< 2), all troops 3 (= half of 6).
    expect(dbaCommandDemoralised([1, 3, 3], 6)).toBe(true);
    expect(dbaCommandDemoralised([1, 2, 2], 6)).toBe(false);
    // A command of 7: a third is 2 1/3, so 2 is not enough and 3 is.
    expect(dbaCommandDemoralised([2, 2, 2], 7)).toBe(false);
    expect(dbaCommandDemoralised([3, 3, 3], 7)).toBe(true);
  });

  it('the army: half its troop elements lost, or its C-in-C’s command demoralised; and more lost this bound', () => {
    const army = (lost: number, lostThisBound: number, cInCDemoralised = false) => ({
      lost,
      lostThisBound,
      original: 18,
      cInCDemoralised,
    });
    // 9 of 18 lost, 2 of them this bound against the enemy's 1: beaten.
    expect(dbaArmyDefeated(army(9, 2), army(3, 1))).toBe(true);
    // The same, but as many lost this bound as the enemy: not beaten (reading: losses in this bound).
    expect(dbaArmyDefeated(army(9, 1), army(3, 1))).toBe(false);
    // 8 of 18 lost (under half) but the C-in-C's command is demoralised, 1 lost this bound to none.
    expect(dbaArmyDefeated(army(8, 1, true), army(12, 0))).toBe(true);
    expect(dbaArmyDefeated(army(8, 1), army(12, 0))).toBe(false);
  });
});

describe('DBA 3.0 Recoiling: elephants, and what stops a recoil', () => {
  it('a recoiling elephant destroys the friend behind it and still recoils', () => {
    // El 5 + 1 = 6 v 4Sp 4 + 4 = 8: beaten, not doubled: elephants recoil, into the 4Bd behind.
    const s = fight('El', '4Sp', { a: { behind: '4Bd' } });
    const r = resolveDbaRoll(compileDba(s), 1, 4);
    expect([r.a.total, r.b.total, r.a.outcome, r.a.destroysBehind]).toEqual([6, 8, 'recoil', true]);
    expect(explainDba(s).notes).toContain(
      'A El: if it recoils, the 4Bd behind it is destroyed (DBA 3.0 Recoiling)',
    );
    // With nothing behind: an ordinary recoil.
    expect(resolveDbaRoll(compileDba(fight('El', '4Sp')), 1, 4).a.destroysBehind).toBeUndefined();
  });

  it('two elephants that meet are both destroyed', () => {
    const r = resolveDbaRoll(compileDba(fight('El', '4Sp', { a: { behind: 'El' } })), 1, 4);
    expect([r.a.outcome, r.a.destroysBehind]).toEqual(['destroyed', true]);
  });

  it('Elephants behind let only Psiloi recoil through; War Wagons mounted and Psiloi', () => {
    // 4Bd beaten by 4Bd (5 + 1 v 5 + 3): Blades recoil, but not into elephants or war wagons.
    expect(roll(fight('4Bd', '4Bd', { a: { behind: '4Bd' } }), 1, 3).a).toBe('recoil');
    expect(roll(fight('4Bd', '4Bd', { a: { behind: 'El' } }), 1, 3).a).toBe('destroyed');
    expect(roll(fight('4Bd', '4Bd', { a: { behind: 'WWg' } }), 1, 3).a).toBe('destroyed');
    // Psiloi recoil through anything but Psiloi; cavalry through war wagons but not elephants.
    expect(loserOutcome(fight('2Ps', '4Bd', { a: { behind: 'El' } }), 'beaten', 'a')).toBe('recoil');
    expect(loserOutcome(fight('3Cv', '3Cv', { a: { behind: 'WWg' } }), 'beaten', 'a')).toBe('recoil');
    expect(loserOutcome(fight('3Cv', '3Cv', { a: { behind: 'El' } }), 'beaten', 'a')).toBe('destroyed');
  });
});
