/** Exact single-combat effectiveness against a field, through each system's adapter. */
import { describe, expect, it } from 'vitest';
import { enumerate } from '../../src/core/exact.ts';
import { fieldEffectiveness } from '../../src/balance/single-combat.ts';
import { balanceSystemFor } from '../../src/balance/systems.ts';
import { bnb, parseBnbSituation } from '../../src/systems/bnb/index.ts';

const dbm = balanceSystemFor('dbm-3.2')!;
const house = { costOverrides: {} };
const one = () => 1;

describe('single-combat effectiveness', () => {
  it('an element against itself nets zero', () => {
    const m = dbm.matchup('dbm-3.2', 'Reg Bd(O)', 'Reg Bd(O)', one, house);
    expect(m.net).toBe(0);
    expect(m.edge).toBe(0);
  });
  it('Reg Kn(O) v Reg Bd(O), single elements, both bounds: counted by hand', () => {
    // Kn +3 v foot, Bd +3 v mounted: 3+dA v 3+dB. Blades are destroyed on any loss to knights in good
    // going: 15 of 36 rolls. Knights are destroyed only when doubled, 2(3+dA) <= 3+dB: dA=1 and dB>=5,
    // 2 of 36 rolls; otherwise they recoil. The same in either bound.
    const m = dbm.matchup('dbm-3.2', 'Reg Kn(O)', 'Reg Bd(O)', one, house);
    expect(m.kill).toBeCloseTo(15 / 36, 12);
    expect(m.loss).toBeCloseTo(2 / 36, 12);
    expect(m.net).toBeCloseTo(13 / 36, 12);
  });
  it('weights average the field', () => {
    const e = fieldEffectiveness(
      dbm,
      'dbm-3.2',
      'Reg Kn(O)',
      [
        { element: 'Reg Bd(O)', weight: 1 },
        { element: 'Reg Kn(O)', weight: 3 },
      ],
      one,
      house,
    );
    expect(e.net).toBeCloseTo(13 / 36 / 4, 12);
    expect(e.perOpponent).toHaveLength(2);
  });
  it('each side gets its own depth: Bd(O) 2 deep recoil from knights unless doubled (3.2); not in 3.0', () => {
    const depth = (e: string) => (e === 'Reg Bd(O)' ? 2 : 1);
    // Only the doubled rolls kill now: 2(3+dB) <= 3+dA, dB=1 and dA>=5: 2 of 36.
    expect(dbm.matchup('dbm-3.2', 'Reg Kn(O)', 'Reg Bd(O)', depth, house).kill).toBeCloseTo(2 / 36, 12);
    expect(dbm.matchup('dbm-3.0', 'Reg Kn(O)', 'Reg Bd(O)', depth, house).kill).toBeGreaterThan(2 / 36);
  });
  it('B&B: kill counts destroyed and half of spent, as enumerated by the B&B rule set', () => {
    const sys = balanceSystemFor('bnb-0.7')!;
    const m = sys.matchup('bnb-0.7', 'Irr HCh(O)', 'Reg Sp(O)', one, house);
    let kill = 0;
    for (const bound of ['a', 'b'] as const) {
      const d = enumerate(
        bnb,
        parseBnbSituation({
          rules: 'bnb-0.7',
          mode: 'close',
          bound,
          a: { element: 'Irr HCh(O)' },
          b: { element: 'Reg Sp(O)' },
        }),
      );
      kill += d.b.destroyed.count + d.b.spent.count / 2;
    }
    expect(m.kill).toBeCloseTo(kill / 72, 12);
    expect(sys.cost('bnb-0.7', 'Reg Bd(O)', house)).toBe(10);
    expect(sys.cost('bnb-0.7', 'Reg Bd(O)', { costOverrides: { 'Reg Bd(O)': 9 } })).toBe(9);
  });
});
