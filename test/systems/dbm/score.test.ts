/** DBM 3.2 p.25 Victory & Defeat: the competition score. */
import { describe, expect, it } from 'vitest';
import {
  commandVictoryPoints,
  competitionScore,
  type CommandResult,
} from '../../../src/systems/dbm/score.ts';
import { DBM_VERSIONS } from '../../../src/systems/dbm/versions.ts';

const v32 = DBM_VERSIONS['dbm-3.2'];
const v30 = DBM_VERSIONS['dbm-3.0'];

describe('victory points per command (p.25)', () => {
  it("the rules' example: C-in-C, sub-general and ally commands worth 3, 1 and 1", () => {
    expect(commandVictoryPoints(['c-in-c', 'sub-general', 'ally'])).toEqual([3, 1, 1]);
  });

  it('2 commands: 4 and 1; 4 commands: 2, 1, 1, 1 (the C-in-C anywhere in the order)', () => {
    expect(commandVictoryPoints(['sub-general', 'c-in-c'])).toEqual([1, 4]);
    expect(commandVictoryPoints(['sub-general', 'c-in-c', 'sub-general', 'ally'])).toEqual([1, 2, 1, 1]);
  });

  it('refuses an army without exactly one C-in-C', () => {
    expect(() => commandVictoryPoints(['sub-general', 'ally'])).toThrow(/C-in-C/);
  });
});

const cmd = (role: CommandResult['role'], original: number, lost: number, demoralised = false) => ({
  role,
  original,
  lost,
  demoralised,
});

describe('the score of a battle (p.25)', () => {
  it("each side scores the enemy's demoralised commands and its own undemoralised ones", () => {
    // A: C-in-C 3, sub 1, ally 1 (demoralised). B: C-in-C 3, sub 1 (demoralised), sub 1.
    // A = B's sub 1 + A's C-in-C 3 + A's sub 1 = 5; B = A's ally 1 + B's C-in-C 3 + B's other sub 1 = 5.
    const a = [cmd('c-in-c', 14, 3), cmd('sub-general', 10, 2), cmd('ally', 8, 4, true)];
    const b = [cmd('c-in-c', 14, 2), cmd('sub-general', 10, 4, true), cmd('sub-general', 9, 0)];
    expect(competitionScore(a, b, v32)).toEqual({ a: 5, b: 5 });
  });

  it('a defeated army (every command demoralised) gives 10 less its own survivors', () => {
    // B defeated: A scores B's 5 plus its own undemoralised C-in-C 3 and sub 1 = 9; B scores A's ally 1.
    const a = [cmd('c-in-c', 14, 3), cmd('sub-general', 10, 2), cmd('ally', 8, 4, true)];
    const b = [cmd('c-in-c', 14, 6, true), cmd('sub-general', 10, 4, true), cmd('sub-general', 9, 2, true)];
    expect(competitionScore(a, b, v32)).toEqual({ a: 9, b: 1 });
  });

  describe('the quarter-losses transfer (3.1 on, end note lxxvii)', () => {
    // No command demoralised. A: 3 of 12 lost is exactly a quarter; 1 of 8 and 0 of 8 are not: 1 command.
    // B: 3 of 10 and 3 of 10 are over a quarter, 0 of 6 is not: 2 commands. 1 VP moves from B to A.
    const a = [cmd('c-in-c', 12, 3), cmd('sub-general', 8, 1), cmd('sub-general', 8, 0)];
    const b = [cmd('c-in-c', 10, 3), cmd('sub-general', 10, 3), cmd('sub-general', 6, 0)];

    it('moves 1 VP from the side with more commands a quarter down: 6 to 4', () => {
      expect(competitionScore(a, b, v32)).toEqual({ a: 6, b: 4, transferTo: 'a' });
      expect(competitionScore(b, a, v32)).toEqual({ a: 4, b: 6, transferTo: 'b' });
    });

    it('is not in 3.0: 5 to 5', () => {
      expect(competitionScore(a, b, v30)).toEqual({ a: 5, b: 5 });
    });

    it('moves nothing when both sides have as many such commands', () => {
      const b1 = [cmd('c-in-c', 10, 3), cmd('sub-general', 10, 2), cmd('sub-general', 6, 0)];
      expect(competitionScore(a, b1, v32)).toEqual({ a: 5, b: 5 });
    });

    it('moves nothing once any command is demoralised', () => {
      const b2 = [cmd('c-in-c', 10, 3), cmd('sub-general', 10, 3), cmd('sub-general', 6, 2, true)];
      // A = B's demoralised sub 1 + A's 5 = 6; B = 3 + 1 = 4, no transfer on top.
      expect(competitionScore(a, b2, v32)).toEqual({ a: 6, b: 4 });
    });
  });
});
