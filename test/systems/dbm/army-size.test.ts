/** DBM 3.2 p.10 Army Size: commands, generals and baggage; 3.0 baggage from end note viii. */
import { describe, expect, it } from 'vitest';
import { baggageElements, generalsProblem } from '../../../src/systems/dbm/army-size.ts';
import { DBM_VERSIONS } from '../../../src/systems/dbm/versions.ts';

describe('baggage (p.10 Army Size)', () => {
  it('3.2 and 3.1: 6 elements at 400 AP or less, 8 above', () => {
    for (const v of ['dbm-3.1', 'dbm-3.2'] as const) {
      expect(baggageElements(400, 3, DBM_VERSIONS[v])).toBe(6);
      expect(baggageElements(400.5, 3, DBM_VERSIONS[v])).toBe(8);
    }
  });
  it('3.0: 2 per command', () => {
    expect(baggageElements(400, 3, DBM_VERSIONS['dbm-3.0'])).toBe(6);
    expect(baggageElements(400, 4, DBM_VERSIONS['dbm-3.0'])).toBe(8);
    expect(baggageElements(500, 2, DBM_VERSIONS['dbm-3.0'])).toBe(4);
  });
});

describe('generals (p.10 Army Size)', () => {
  it('accepts 2 to 4 commands with one C-in-C', () => {
    expect(generalsProblem(['c-in-c', 'sub-general'])).toBeUndefined();
    expect(generalsProblem(['c-in-c', 'sub-general', 'sub-general', 'ally'])).toBeUndefined();
  });
  it('refuses 1 or 5 commands, no or two C-in-Cs', () => {
    expect(generalsProblem(['c-in-c'])).toMatch(/2 to 4 commands/);
    expect(generalsProblem(['c-in-c', 'ally', 'ally', 'ally', 'ally'])).toMatch(/found 5/);
    expect(generalsProblem(['sub-general', 'ally'])).toMatch(/found none/);
    expect(generalsProblem(['c-in-c', 'c-in-c'])).toMatch(/found 2/);
  });
});
