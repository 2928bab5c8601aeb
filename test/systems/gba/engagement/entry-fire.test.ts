/**
 * Entry Reaction Fire (GBA 5e 8.21) in engagements: it comes every round whose attackers moved in, and
 * each unit's missile supply is carried from round to round (8.17: a natural 9 puts archers on Missile
 * Low, a Low unit that fires is Missile No; J class infantry are Missile No after a shock).
 */
import { describe, expect, it } from 'vitest';
import {
  gbaCountsLayout,
  gbaEngagementExact,
  gbaEngagementOptions,
  roundSituation,
  runGbaEngagementCounts,
} from '../../../../src/systems/gba/engagement/index.ts';
import { supplyAfterRound } from '../../../../src/systems/gba/engagement/rounds.ts';
import { entrySupplyBit, SHOCK_EVENT } from '../../../../src/systems/gba/shock-state.ts';
import { gba } from '../api.ts';
import { unit } from '../helpers.ts';
import { inInterval, shock, side } from './helpers.ts';

const cavalry = { name: 'Companions', type: 'HC', tq: 7, size: 4, moved: true };
const archers = { name: 'Archers', type: 'LI', missile: 'A', tq: 5, size: 5 };

describe('8.17 supply from round to round', () => {
  const units = [unit('HC'), unit('LI', { missile: 'A' }), unit('LI', { missile: 'J', supply: 'low' })];
  it('a defender whose entry fire used missiles goes one step down; J infantry go Missile No after a shock', () => {
    const full = ['full', 'full', 'low'] as const;
    // Round units: a's HC attacks (index 0), b's two LI defend (defenders 0 and 1).
    expect(supplyAfterRound(units, [...full], [0, 1, 2], 1, entrySupplyBit(0))).toEqual([
      'full',
      'low',
      'low',
    ]);
    expect(supplyAfterRound(units, ['full', 'low', 'low'], [0, 1, 2], 1, entrySupplyBit(0))).toEqual([
      'full',
      'no',
      'low',
    ]);
    expect(supplyAfterRound(units, [...full], [0, 1, 2], 1, SHOCK_EVENT.fought)).toEqual([
      'full',
      'full',
      'no',
    ]);
    expect(supplyAfterRound(units, [...full], [0, 1, 2], 1, 0)).toEqual([...full]);
  });

  it('a unit out of missiles fires no entry fire in the next round', () => {
    const base = shock({ entryFire: true, a: side(cavalry), b: side(archers) });
    const options = gbaEngagementOptions({ laterMoved: 'charge' });
    const label = (supply: 'full' | 'no') =>
      gba.dice(
        roundSituation(base, options, { hits: [0, 0], routed: [false, false], supply: ['full', supply] }, 2)
          .situation!,
      )[0]!.label;
    expect(label('full')).toMatch(/^Entry Reaction Fire by b0/);
    expect(label('no')).not.toMatch(/^Entry/);
  });
});

describe('entry fire over an engagement: Monte Carlo within 99.9% of the exact chain', () => {
  it("companions charging archers each round ('charge'), four rounds", () => {
    const s = shock({ entryFire: true, a: side(cavalry), b: side({ ...archers, supply: 'low' }) });
    const options = gbaEngagementOptions({ roundLimit: 4, laterMoved: 'charge' });
    const exact = gbaEngagementExact(s, options);
    const n = 20000;
    const { counts } = runGbaEngagementCounts(s, { seed: 'entry', samples: n, ...options });
    const L = gbaCountsLayout(s, options);
    expect(inInterval(exact.aRouts, counts[L.aRouts]!, n)).toBe(true);
    expect(inInterval(exact.bRouts, counts[L.bRouts]!, n)).toBe(true);
    exact.ended.forEach((p, k) =>
      expect(inInterval(p, counts[L.ended + k + 1]!, n), `round ${k + 1}`).toBe(true),
    );
  });

  it('one round: the engagement gives the single shock its entry fire', () => {
    const s = shock({ entryFire: true, a: side({ ...cavalry, tq: 5, hits: 4 }), b: side(archers) });
    const exact = gbaEngagementExact(s, gbaEngagementOptions({ roundLimit: 1 }));
    // 6/10 entry hits rout the tired cavalry; otherwise the shock (reaction-fire.test.ts: 0.9376 in all).
    expect(exact.aRouts + exact.mutual).toBeCloseTo(0.9376, 12);
  });
});
