/** DBM 3.2 p.25 Victory & Defeat, with baggage losses from p.24 Losses. */
import { describe, expect, it } from 'vitest';
import {
  armyDefeated,
  armyDefeatedBy,
  armyLosses,
  armyOriginal,
  baggageLossEquivalents,
} from '../../../src/systems/dbm/victory.ts';

describe('the army defeated at half its original element equivalents (p.25)', () => {
  // Three commands of 16, 12 and 10 EE: 38, half is 19.
  const commands = [
    { original: 16, lost: 5, demoralised: false },
    { original: 12, lost: 4, demoralised: true },
    { original: 10, lost: 1, demoralised: false },
  ];

  it('counts every troop of a demoralised command: 5 + 12 + 1 = 18, not yet half', () => {
    expect(armyOriginal(commands)).toBe(38);
    expect(armyLosses(commands)).toBe(18);
    expect(armyDefeated(commands)).toBe(false);
  });

  it('one baggage element fled adds 1: 19, exactly half, defeated', () => {
    expect(armyLosses(commands, ['other'])).toBe(19);
    expect(armyDefeated(commands, ['other'])).toBe(true);
  });

  it('baggage destroyed in close combat counts 2', () => {
    expect(baggageLossEquivalents('close-combat')).toBe(2);
    expect(baggageLossEquivalents('other')).toBe(1);
    expect(armyLosses(commands, ['close-combat'])).toBe(20);
  });

  it('half with half element equivalents: 9.5 of 19 is defeated, 9 is not', () => {
    const two = (a: number, b: number) => [
      { original: 10, lost: a, demoralised: false },
      { original: 9, lost: b, demoralised: false },
    ];
    expect(armyDefeated(two(3, 6.5))).toBe(true);
    expect(armyDefeated(two(3, 6))).toBe(false);
  });
});

describe("the kernel's array form of the defeat test gives armyDefeated's answer", () => {
  it('on the worked commands and on every split of losses around half', () => {
    const original = [16, 12, 10];
    let defeats = 0;
    for (let l0 = 0; l0 <= 16; l0 += 0.5)
      for (let l1 = 0; l1 <= 12; l1 += 1.5)
        for (let d = 0; d < 8; d++) {
          const lost = [l0, l1, 3];
          const dem = [d & 1, (d >> 1) & 1, (d >> 2) & 1];
          const commands = original.map((o, i) => ({
            original: o,
            lost: lost[i]!,
            demoralised: dem[i] === 1,
          }));
          const expected = armyDefeated(commands);
          expect(armyDefeatedBy(original, lost, dem), `${lost} ${dem}`).toBe(expected);
          if (expected) defeats++;
        }
    // Both answers occur.
    expect(defeats).toBeGreaterThan(100);
    expect(defeats).toBeLessThan(33 * 9 * 8);
  });
});
