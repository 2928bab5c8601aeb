/** Exact single-combat effectiveness against a field. */
import { describe, expect, it } from 'vitest';
import { matchup, singleCombatEffectiveness } from '../../src/balance/single-combat.ts';
import { parseElement as el } from '../../src/rules/dbm/notation.ts';
import { DBM_VERSIONS } from '../../src/rules/dbm/versions.ts';

const v32 = DBM_VERSIONS['dbm-3.2'];

describe('single-combat effectiveness', () => {
  it('an element against itself nets zero', () => {
    const m = matchup(v32, el('Reg Bd(O)'), el('Reg Bd(O)'));
    expect(m.net).toBe(0);
    expect(m.edge).toBe(0);
  });
  it('Reg Kn(O) v Reg Bd(O), single elements, both bounds: counted by hand', () => {
    // Kn +3 v foot, Bd +3 v mounted: 3+dA v 3+dB. Blades are destroyed on any loss to knights in good
    // going: 15 of 36 rolls. Knights are destroyed only when doubled, 2(3+dA) <= 3+dB: dA=1 and dB>=5,
    // 2 of 36 rolls; otherwise they recoil. The same in either bound.
    const m = matchup(v32, el('Reg Kn(O)'), el('Reg Bd(O)'));
    expect(m.kill).toBeCloseTo(15 / 36, 12);
    expect(m.loss).toBeCloseTo(2 / 36, 12);
    expect(m.net).toBeCloseTo(13 / 36, 12);
  });
  it('weights average the field', () => {
    const e = singleCombatEffectiveness(v32, el('Reg Kn(O)'), [
      { element: el('Reg Bd(O)'), weight: 1 },
      { element: el('Reg Kn(O)'), weight: 3 },
    ]);
    expect(e.net).toBeCloseTo(13 / 36 / 4, 12);
    expect(e.perOpponent).toHaveLength(2);
  });
  it('depth 2 brings rear support: Bd(O) supported by Bd(O) recoil from knights unless doubled (3.2)', () => {
    // Only the doubled rolls kill now: 2(3+dB) <= 3+dA, dB=1 and dA>=5: 2 of 36.
    expect(matchup(v32, el('Reg Kn(O)'), el('Reg Bd(O)'), { depth: 2 }).kill).toBeCloseTo(2 / 36, 12);
    expect(
      matchup(DBM_VERSIONS['dbm-3.0'], el('Reg Kn(O)'), el('Reg Bd(O)'), { depth: 2 }).kill,
    ).toBeGreaterThan(0);
  });
});
