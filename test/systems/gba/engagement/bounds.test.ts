/**
 * GBA multi-round odds (docs/situation.md "Several bounds"): the repeated-shock chain of exact.ts, per
 * round and split by who routed, against the engagement player's Monte Carlo on the same fight.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../../src/core/rng.ts';
import {
  GbaEngagementPlayer,
  gbaEngagementExact,
  gbaEngagementOptions,
} from '../../../../src/systems/gba/engagement/index.ts';
import gbaSystem from '../../../../src/systems/gba/index.ts';
import { inInterval } from './helpers.ts';

const input = {
  rules: 'gba-5',
  mode: 'shock',
  a: { units: [{ name: 'Phalanx', type: 'PH', tq: 7, size: 10, moved: true }] },
  b: { units: [{ name: 'Hoplites', type: 'HI', class: 'HO', tq: 6, size: 5 }] },
};
const variant = gbaSystem.variant({ version: 'gba-5' });

describe('GBA 5e multi-round odds: repeated shock, one unit a side', () => {
  for (const laterAttacker of ['same', 'alternate'] as const) {
    it(`laterAttacker ${laterAttacker}: per round, split by who routs, within the sample's 99.9% interval`, () => {
      const rounds = 4;
      const r = gbaSystem.engagement!.boundsOdds!(input, variant, {
        bounds: rounds,
        options: { laterAttacker },
      });
      expect(r.unit).toBe('round');
      expect(r.perBound.map((x) => x.owner)).toEqual(
        laterAttacker === 'same' ? ['a', 'a', 'a', 'a'] : ['a', 'b', 'a', 'b'],
      );
      // The split adds up to the chain's own totals.
      const options = gbaEngagementOptions({ roundLimit: rounds, laterAttacker });
      const situation = variant.parseSituation(input) as Parameters<typeof gbaEngagementExact>[0];
      const exact = gbaEngagementExact(situation, options);
      const last = r.cumulative.at(-1)!;
      expect(last.ended['a-routs']!.p).toBeCloseTo(exact.aRouts, 12);
      expect(last.ended['b-routs']!.p).toBeCloseTo(exact.bRouts, 12);
      expect(last.ended['both-rout']!.p).toBeCloseTo(exact.mutual, 12);
      expect(last.fighting.p).toBeCloseTo(exact.limit, 12);
      // Monte Carlo with the engagement player.
      const player = new GbaEngagementPlayer(situation, options);
      const rng = createRng(`gba-bounds:${laterAttacker}`, 0);
      const n = 20_000;
      const counts = new Map<string, number>();
      for (let i = 0; i < n; i++) {
        const e = player.play(() => rng.int(10));
        const key = e.end === 'limit' ? 'limit' : `${e.rounds}:${e.end === 'mutual' ? 'both-rout' : e.end}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      for (const row of r.perBound)
        for (const end of r.ends)
          expect(
            inInterval(row.ended[end.id]!.p, counts.get(`${row.bound}:${end.id}`) ?? 0, n),
            `round ${row.bound} ${end.id}`,
          ).toBe(true);
      expect(inInterval(last.fighting.p, counts.get('limit') ?? 0, n)).toBe(true);
    });
  }

  it('refuses missile fire, groups and options it does not have', () => {
    const ask =
      (x: Record<string, unknown>, options: Record<string, unknown> = {}) =>
      () =>
        gbaSystem.engagement!.boundsOdds!({ ...input, ...x }, variant, { bounds: 3, options });
    expect(ask({}, { pursue: true })).toThrow(/options/);
    expect(
      ask({
        a: {
          units: [
            { type: 'PH', tq: 7, size: 10, moved: true },
            { type: 'PH', tq: 7, size: 10, moved: true },
          ],
        },
      }),
    ).toThrow(/one unit a side/);
  });
});
