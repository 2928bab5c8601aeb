/**
 * A one-round engagement is one GBA shock (9.12-9.18): its Monte Carlo odds must agree with `gbaExact`
 * (P(rout) and every hits outcome within the 99.9% interval of 20k samples), and each round must read the
 * dice `resolveShockDetailed` reads and end the same way.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../../src/core/rng.ts';
import {
  gbaCountsLayout,
  gbaEngagementOptions,
  runGbaEngagementCounts,
  UNIT_BINS,
} from '../../../../src/systems/gba/engagement/index.ts';
import { ShockResolver } from '../../../../src/systems/gba/engagement/resolver.ts';
import { gbaExact, resolveShockDetailed, type GbaShockSituation } from '../api.ts';
import { inInterval, shock, side } from './helpers.ts';

const N = 20000;

function oneRound(s: GbaShockSituation) {
  const { counts } = runGbaEngagementCounts(s, { seed: 'one-round', samples: N, roundLimit: 1 });
  return { counts, L: gbaCountsLayout(s, gbaEngagementOptions({ roundLimit: 1 })) };
}

describe('one round = one shock (gbaExact)', () => {
  it('medium foot that moved against hoplites, both already hit: P(rout) and every hits outcome', () => {
    const s = shock({
      a: side({ type: 'MI', tq: 5, size: 5, hits: 1, moved: true }),
      b: side({ type: 'HI', class: 'HO', tq: 6, size: 4, hits: 2 }),
    });
    const exact = gbaExact(s);
    const { counts, L } = oneRound(s);
    expect(counts[0]).toBe(N);
    // One unit a side: the side routs (with or without the other) exactly when gbaExact says 'rout'.
    expect([exact.a.rout.p, exact.b.rout.p]).toEqual([0.336, 0.2935]);
    expect(inInterval(exact.a.rout.p, counts[L.aRouts]! + counts[L.mutual]!, N)).toBe(true);
    expect(inInterval(exact.b.rout.p, counts[L.bRouts]! + counts[L.mutual]!, N)).toBe(true);
    for (const [j, dist] of [exact.a, exact.b].entries()) {
      for (let h = 0; h <= 8; h++) {
        const p = dist[`hits:${h}` as keyof typeof dist].p;
        expect(inInterval(p, counts[L.units + UNIT_BINS * j + h]!, N), `unit ${j} hits ${h}`).toBe(true);
      }
    }
    // Undecided after round 1 = both stand.
    const both = exact.joint.filter((x) => x.a !== 'rout' && x.b !== 'rout').reduce((t, x) => t + x.p, 0);
    expect(inInterval(both, counts[L.limit]!, N)).toBe(true);
  });

  it('two attackers on one defender: P(the defender routs); one attacker on two defenders: P(attacker routs)', () => {
    const twoOnOne = shock({
      a: side(
        { type: 'HI', tq: 6, size: 5, moved: true },
        { type: 'LP', tq: 5, size: 4, moved: true, missile: 'J' },
      ),
      b: side({ type: 'MI', tq: 5, size: 6 }),
    });
    const r1 = oneRound(twoOnOne);
    expect(
      inInterval(gbaExact(twoOnOne).b.rout.p, r1.counts[r1.L.bRouts]! + r1.counts[r1.L.mutual]!, N),
    ).toBe(true);
    const oneOnTwo = shock({
      a: side({ type: 'HC', tq: 6, size: 4, moved: true }),
      b: side(
        { type: 'LI', tq: 4, size: 3, missile: 'J' },
        { type: 'LI', tq: 4, size: 3, hits: 2, missile: 'J' },
      ),
    });
    const r2 = oneRound(oneOnTwo);
    const pa = gbaExact(oneOnTwo).a.rout.p;
    expect(pa).toBeGreaterThan(0.005);
    expect(inInterval(pa, r2.counts[r2.L.aRouts]! + r2.counts[r2.L.mutual]!, N)).toBe(true);
  });

  it('the memoised shock gives what resolveShockDetailed gives on the same rolls (random rolls, groups)', () => {
    const s = shock({
      a: {
        units: [
          { type: 'PH', tq: 7, size: 10, hits: 2, moved: true, advanceHits: 1 },
          { type: 'LP', tq: 5, size: 4, moved: true, missile: 'J' },
        ],
        leader: { charisma: 2 },
      },
      b: {
        units: [
          { type: 'HI', class: 'HO', tq: 6, size: 5, hits: 3 },
          { type: 'LI', tq: 5, size: 3, hits: 1 },
        ],
        leader: { charisma: 1 },
      },
    });
    const resolver = new ShockResolver(s);
    const rng = createRng('cross-check');
    for (let i = 0; i < 400; i++) {
      const rolls: Record<string, number> = {};
      const got = resolver.resolve((role) => {
        expect(rolls[role]).toBeUndefined(); // each die is read once
        return (rolls[role] = rng.int(10));
      });
      const ref = resolveShockDetailed(s, rolls);
      expect(Object.keys(ref.used).sort()).toEqual(Object.keys(rolls).sort());
      expect(got.units).toEqual(
        ref.units.map((u) => ({ routed: u.routed, hits: u.routed ? 0 : u.finalHits })),
      );
      // The event flags say the same as the detailed report: breakthrough against a (1) / b (2), leaders (4, 8).
      const flags =
        (ref.units.some((u) => u.side === 'a' && u.breakthrough) ? 1 : 0) |
        (ref.units.some((u) => u.side === 'b' && u.breakthrough) ? 2 : 0) |
        (ref.leaders[0] === 'casualty' ? 4 : 0) |
        (ref.leaders[1] === 'casualty' ? 8 : 0);
      expect(got.events & 15).toBe(flags);
      // Flag 64: the CRT was rolled (the engagement model's 8.17 javelin rule reads it).
      expect((got.events & 64) !== 0).toBe(ref.crt !== undefined);
    }
  });
});
