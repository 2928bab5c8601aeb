/**
 * Breakthroughs counted over an engagement (9.17) and the Withdrawal Level break rule with Rout Points
 * (3.0 E): Monte Carlo held to the exact one-shock odds where one round decides, and hand-checked rules.
 */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../../src/core/errors.ts';
import {
  checkRoutPoints,
  gbaCountsLayout,
  gbaEngagementOptions,
  GbaEngagementPlayer,
  roundSituation,
  runGbaEngagement,
  runGbaEngagementCounts,
} from '../../../../src/systems/gba/engagement/index.ts';
import { createRng } from '../../../../src/core/rng.ts';
import { gbaExact } from '../api.ts';
import { inInterval, shock, side } from './helpers.ts';

const eventP = (s: Parameters<typeof gbaExact>[0], id: string): number =>
  gbaExact(s).events?.find((e) => e.id === id)?.p ?? NaN;

// Two hoplite units with carried hits against a moving phalanx and hypaspists: breakthroughs on both sides
// are possible and b's units rout one at a time.
const twoVTwo = shock({
  a: side(
    { name: 'Hypaspists', type: 'HI', tq: 8, size: 6, moved: true },
    { name: 'Phalanx', type: 'PH', tq: 7, size: 10, moved: true, hits: 1 },
  ),
  b: side(
    { name: 'Mercenaries', type: 'HI', class: 'HO', tq: 7, size: 5, hits: 2 },
    { name: 'Allies', type: 'HI', class: 'HO', tq: 5, size: 5, hits: 1 },
  ),
});

describe('breakthroughs over an engagement', () => {
  it("one round: P(side suffered a breakthrough) is the shock's exact breakthrough odds", () => {
    const n = 40_000;
    const options = gbaEngagementOptions({ roundLimit: 1 });
    const { counts } = runGbaEngagementCounts(twoVTwo, { seed: 'bt', samples: n, ...options });
    const L = gbaCountsLayout(twoVTwo, options);
    const pA = eventP(twoVTwo, 'breakthrough:a');
    const pB = eventP(twoVTwo, 'breakthrough:b');
    expect(pB).toBeGreaterThan(0.05); // the check below is not vacuous
    expect(inInterval(pA, counts[L.breakthroughA]!, n)).toBe(true);
    expect(inInterval(pB, counts[L.breakthroughB]!, n)).toBe(true);
    // In one round a side suffers at most one breakthrough: the sum equals the count of engagements.
    expect(counts[L.breakthroughsB]).toBe(counts[L.breakthroughB]);
  });
  it("'alternate': a breakthrough in b's rounds is booked to the side that suffered it", () => {
    // HC with 2 hits charge an elephant's flank. In round 1 the HC cannot suffer a breakthrough; in round
    // 2 the elephant shocks back and often pushes through them. Exact: E[breakthroughs against a] = round
    // 1's odds + the sum over undecided states after round 1 of P(state) x the reversed shock's
    // 'breakthrough:b' (its defender is side a).
    const s = shock({
      facing: 'flank',
      a: side({ type: 'HC', tq: 8, size: 4, hits: 2 }),
      b: side({ type: 'EL', tq: 6, size: 5 }),
    });
    const options = gbaEngagementOptions({ roundLimit: 2, laterAttacker: 'alternate' });
    const first = gbaExact(s);
    let exact = eventP(s, 'breakthrough:a');
    for (const j of first.joint) {
      if (j.a === 'rout' || j.b === 'rout') continue;
      const state = { hits: [Number(j.a.slice(5)), Number(j.b.slice(5))], routed: [false, false] };
      const round2 = roundSituation(s, options, state, 2).situation;
      if (round2) exact += j.p * eventP(round2, 'breakthrough:b');
    }
    expect(eventP(s, 'breakthrough:a')).toBe(0);
    expect(exact).toBeCloseTo(0.3, 10);
    const player = new GbaEngagementPlayer(s, options);
    const rng = createRng('alternate-breakthrough');
    const n = 20_000;
    let sum = 0;
    for (let i = 0; i < n; i++) sum += player.play(() => rng.int(10)).breakthroughs.a;
    // At most one per engagement here (round 1 gives none), so the mean is a proportion.
    expect(inInterval(exact, sum, n)).toBe(true);
  });
});

describe('Rout Points and the Withdrawal Level (3.0 E)', () => {
  it('level 1 with 1 RP a unit: b is beaten when any unit routs, i.e. the one-shock side outcome "rout"', () => {
    const n = 40_000;
    const base = { roundLimit: 1, routPoints: { a: [1, 1], b: [1, 1] } };
    const withLevel = runGbaEngagementCounts(twoVTwo, {
      seed: 'w',
      samples: n,
      ...base,
      withdrawalLevel: { b: 1 },
    });
    const without = runGbaEngagementCounts(twoVTwo, { seed: 'w', samples: n, ...base });
    const L = gbaCountsLayout(twoVTwo, withLevel.payload.options);
    const exact = gbaExact(twoVTwo);
    const beaten = (c: Float64Array) => c[L.bRouts]! + c[L.mutual]!;
    expect(inInterval(exact.b.rout.p, beaten(withLevel.counts), n)).toBe(true);
    // Without a level only all-routed counts: strictly rarer here.
    expect(beaten(without.counts)).toBeLessThan(beaten(withLevel.counts));
    expect(withLevel.counts[L.withdrewB]).toBe(beaten(withLevel.counts));
  });
  it('Rout Points lost: the mean is the sum over units of RP x P(routed)', () => {
    const s = runGbaEngagement(twoVTwo, {
      seed: 'rp',
      samples: 20_000,
      roundLimit: 20,
      routPoints: { a: [8, 7], b: [7, 5] },
    });
    const routed = (k: number) => s.units[k]!.routed.p;
    expect(s.a.meanRoutPoints).toBeCloseTo(8 * routed(0) + 7 * routed(1), 10);
    expect(s.b.meanRoutPoints).toBeCloseTo(7 * routed(2) + 5 * routed(3), 10);
    expect(s.a.withdrew).toBeUndefined();
  });
  it('a level above every RP the side can lose never ends the fight early', () => {
    const o = { seed: 'high', samples: 5000, roundLimit: 20, routPoints: { a: [8, 7], b: [7, 5] } };
    const plain = runGbaEngagement(twoVTwo, o);
    const high = runGbaEngagement(twoVTwo, { ...o, withdrawalLevel: { a: 99, b: 99 } });
    expect(high.bRouts).toEqual(plain.bRouts);
    expect(high.b.withdrew?.p).toBe(0);
  });
  it('refuses routPoints that do not fit the situation, naming the field', () => {
    const err = (o: Parameters<typeof gbaEngagementOptions>[0]): string => {
      try {
        checkRoutPoints(twoVTwo, gbaEngagementOptions(o));
      } catch (e) {
        expect(e).toBeInstanceOf(InputError);
        return (e as Error).message;
      }
      return 'no error';
    };
    expect(err({ routPoints: { a: [8], b: [7, 5] } })).toBe(
      'routPoints.a: give one value per unit of side a (2), got 1',
    );
    expect(err({ routPoints: { a: [8, 7], b: [7, -1] } })).toBe(
      'routPoints.b[1]: must be a whole number >= 0, got -1',
    );
    expect(err({ withdrawalLevel: { a: 5 } })).toMatch(/^withdrawalLevel\.a: needs routPoints/);
    expect(err({ routPoints: { a: [8, 7], b: [7, 5] }, withdrawalLevel: { b: 0 } })).toMatch(
      /^withdrawalLevel\.b: /,
    );
    expect(err({ routPoints: { a: [8, 7], b: [7, 5] }, withdrawalLevel: { b: 6 } })).toBe('no error');
  });
});
