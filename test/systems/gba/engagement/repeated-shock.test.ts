/**
 * Repeated shock until a side routs (docs/gba-engagement.md): hits carried between rounds (10.1), routed
 * units out (10.2), later rounds Shock-No TQ Check by default (7.33, 9.11, 10.31), against exact Markov
 * chain odds and hand-built round-2 shocks.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../../src/core/rng.ts';
import {
  formatGbaEngagementMarkdown,
  gbaCountsLayout,
  gbaEngagementExact,
  gbaEngagementKernel,
  gbaEngagementOptions,
  roundSituation,
  runGbaEngagement,
  runGbaEngagementCounts,
  UNIT_BINS,
} from '../../../../src/systems/gba/engagement/index.ts';
import { gbaExact } from '../api.ts';
import { runShard } from '../../../../src/studies/kernels.ts';
import gbaSystem from '../../../../src/systems/gba/index.ts';
import { inInterval, phalanxVsHoplites, shock, side } from './helpers.ts';

const hitsOf = (o: string): number => (o === 'rout' ? -1 : Number(o.slice(5)));

describe('round situations', () => {
  const s = shock({
    a: {
      units: [
        { name: 'PH', type: 'PH', tq: 7, size: 10, moved: true },
        { name: 'LP', type: 'LP', tq: 5, size: 4, moved: true, missile: 'J' },
      ],
      leader: { charisma: 2 },
    },
    b: side(
      { name: 'HO', type: 'HI', class: 'HO', tq: 6, size: 5 },
      { name: 'LI', type: 'LI', tq: 5, size: 3, missile: 'J' },
    ),
    terrainShift: 1,
  });
  const state = { hits: [4, 0, 3, 2], routed: [false, true, false, false] };

  it('round 1 is the situation as given', () => {
    expect(roundSituation(s, gbaEngagementOptions(), state, 1).situation).toBe(s);
  });
  it('default: a shocks again, carried hits, routed units out, nobody moved', () => {
    const r = roundSituation(s, gbaEngagementOptions(), state, 2);
    expect(r.order).toEqual([0, 2, 3]);
    expect(r.situation?.a.units.map((u) => [u.name, u.hits, u.moved])).toEqual([['PH', 4, false]]);
    expect(r.situation?.b.units.map((u) => [u.name, u.hits, u.moved])).toEqual([
      ['HO', 3, false],
      ['LI', 2, false],
    ]);
    expect(r.situation?.a.leader?.charisma).toBe(2);
    expect(r.situation?.terrainShift).toBe(1);
  });
  it("'as-given' keeps each attacker's moved flag, 'charge' sets it", () => {
    expect(
      roundSituation(s, gbaEngagementOptions({ laterMoved: 'as-given' }), state, 3).situation?.a.units[0]
        ?.moved,
    ).toBe(true);
    const alt = gbaEngagementOptions({ laterAttacker: 'alternate', laterMoved: 'charge' });
    expect(roundSituation(s, alt, state, 2).situation?.a.units.map((u) => u.moved)).toEqual([true, true]);
  });
  it("'alternate': b shocks a in even rounds, with the reverse facing and terrain", () => {
    const o = gbaEngagementOptions({ laterAttacker: 'alternate', reverse: { terrainShift: -2 } });
    const r = roundSituation(s, o, state, 2);
    expect(r.order).toEqual([2, 3, 0]);
    expect(r.situation?.a.units.map((u) => u.name)).toEqual(['HO', 'LI']);
    expect(r.situation?.b.units.map((u) => [u.name, u.hits])).toEqual([['PH', 4]]);
    expect([r.situation?.facing, r.situation?.terrainShift, r.situation?.a.leader]).toEqual([
      'front',
      -2,
      undefined,
    ]);
    expect(roundSituation(s, o, state, 3).situation?.a.units[0]?.name).toBe('PH');
  });
  it('a side that may not shock (7.33: plain SK against foot) lets its round pass', () => {
    const sk = shock({
      a: side({ type: 'HI', tq: 6, size: 5 }),
      b: side({ type: 'SK', tq: 4, size: 2, missile: 'J' }),
    });
    const o = gbaEngagementOptions({ laterAttacker: 'alternate' });
    expect(roundSituation(sk, o, { hits: [1, 1], routed: [false, false] }, 2).situation).toBeNull();
  });
});

describe('engagement odds', () => {
  it('default options, two rounds: matches a hand-built chain of gbaExact shocks (hits carried, no pre-shock)', () => {
    const s = phalanxVsHoplites();
    const r1 = gbaExact(s);
    let pB = 0;
    let pA = 0;
    let pMutual = 0;
    for (const j of r1.joint) {
      const ha = hitsOf(j.a);
      const hb = hitsOf(j.b);
      if (ha < 0 || hb < 0) {
        if (ha < 0 && hb < 0) pMutual += j.p;
        else if (ha < 0) pA += j.p;
        else pB += j.p;
        continue;
      }
      const r2 = gbaExact(
        shock({
          a: side({ name: 'Phalanx', type: 'PH', tq: 7, size: 10, hits: ha }),
          b: side({ name: 'Hoplites', type: 'HI', class: 'HO', tq: 6, size: 5, hits: hb }),
        }),
      );
      for (const k of r2.joint) {
        const routA = k.a === 'rout';
        const routB = k.b === 'rout';
        if (routA && routB) pMutual += j.p * k.p;
        else if (routA) pA += j.p * k.p;
        else if (routB) pB += j.p * k.p;
      }
    }
    const exact = gbaEngagementExact(s, gbaEngagementOptions({ roundLimit: 2 }));
    expect(exact.bRouts).toBeCloseTo(pB, 12);
    expect(exact.aRouts).toBeCloseTo(pA, 12);
    expect(exact.mutual).toBeCloseTo(pMutual, 12);
    const n = 20000;
    const { counts } = runGbaEngagementCounts(s, { seed: 'two-rounds', samples: n, roundLimit: 2 });
    expect(inInterval(pB, counts[2]!, n)).toBe(true);
    expect(inInterval(pA, counts[1]!, n)).toBe(true);
    expect(pB).toBeCloseTo(0.676878, 6);
  });

  for (const laterAttacker of ['same', 'alternate'] as const) {
    it(`'${laterAttacker}', four rounds: Monte Carlo within 99.9% of the exact chain, round by round`, () => {
      const s = shock({
        a: side({ type: 'HC', tq: 6, size: 4, moved: true }),
        b: side({ type: 'LP', tq: 5, size: 4, missile: 'J' }),
      });
      const options = gbaEngagementOptions({ roundLimit: 4, laterAttacker });
      const exact = gbaEngagementExact(s, options);
      const n = 20000;
      const { counts } = runGbaEngagementCounts(s, { seed: laterAttacker, samples: n, ...options });
      const L = gbaCountsLayout(s, options);
      expect(inInterval(exact.aRouts, counts[L.aRouts]!, n)).toBe(true);
      expect(inInterval(exact.bRouts, counts[L.bRouts]!, n)).toBe(true);
      expect(inInterval(exact.limit, counts[L.limit]!, n)).toBe(true);
      exact.ended.forEach((p, k) =>
        expect(inInterval(p, counts[L.ended + k + 1]!, n), `round ${k + 1}`).toBe(true),
      );
      for (let h = 0; h <= 8; h++) {
        expect(inInterval(exact.a.hits[h]!, counts[L.units + h]!, n)).toBe(true);
        expect(inInterval(exact.b.hits[h]!, counts[L.units + UNIT_BINS + h]!, n)).toBe(true);
      }
      expect(exact.aRouts + exact.bRouts + exact.mutual + exact.limit).toBeCloseTo(1, 12);
    });
  }

  it("rounds grow with the defender TQ (the phalanx seldom routs, so only the hoplites' endurance changes)", () => {
    const means = [4, 5, 6, 7, 8].map((tq) => {
      const s = phalanxVsHoplites(tq);
      const exact = gbaEngagementExact(s, gbaEngagementOptions({ roundLimit: 30 })).meanRounds;
      const mc = runGbaEngagement(s, { seed: 'tq', samples: 4000, roundLimit: 30 }).meanRounds;
      return { exact, mc };
    });
    for (let i = 1; i < means.length; i++) {
      expect(means[i]!.exact).toBeGreaterThan(means[i - 1]!.exact + 0.3);
      expect(means[i]!.mc).toBeGreaterThan(means[i - 1]!.mc);
    }
    expect(means.map((m) => Math.round(m.exact * 1000) / 1000)).toEqual([1.345, 1.726, 2.216, 2.727, 3.098]);
    means.forEach((m) => expect(Math.abs(m.mc - m.exact)).toBeLessThan(0.05));
  });

  it('a unit that cannot take hits never routs: HC with Charisma 4 on column 13 against a skirmisher', () => {
    // Personal Combat (both leaders rated) replaces the casualty checks, so the +4 always applies: the
    // modified DR is 4+ and column 13 gives the attacker 1 hit, halved to 0 (SK not shock capable), while
    // the SK takes at most 1 (9.16 step 4). The HC has no hits, so no breakthrough nor 9.18[2] check.
    const s = shock({
      terrainShift: 2,
      a: { units: [{ type: 'HC', tq: 6, size: 4 }], leader: { charisma: 4, personalCombat: 2 } },
      b: {
        units: [{ type: 'SK', tq: 5, size: 2, missile: 'J' }],
        leader: { charisma: 0, personalCombat: 1 },
      },
    });
    expect(gbaExact(s).joint.map((j) => [j.a, j.b, j.p])).toEqual([['hits:0', 'hits:1', 1]]);
    const n = 3000;
    const options = gbaEngagementOptions({ roundLimit: 12 });
    const { counts } = runGbaEngagementCounts(s, { seed: 'no-rout', samples: n, ...options });
    const L = gbaCountsLayout(s, options);
    expect([counts[L.aRouts], counts[L.mutual]]).toEqual([0, 0]);
    expect(counts[L.units]).toBe(n); // the HC ends every engagement standing with 0 hits
    // The SK takes 1 hit a round; in round 3 its 3 hits are three times the HC's 0 (counted as 1), so the
    // Push of Shields adds 2 (9.17): 5 hits, its TQ, and it routs (9.18[1]). Every engagement ends so.
    expect([1, 2, 3, 4].map((k) => counts[L.ended + k])).toEqual([0, 0, n, 0]);
    expect(counts[L.bRouts]).toBe(n);
  });
});

describe('determinism, runner and summary', () => {
  const s = phalanxVsHoplites();
  it('same seed, same counts; another seed, other counts; the runner kernel is the same function', async () => {
    const x = runGbaEngagementCounts(s, { seed: 7, samples: 2000, roundLimit: 8 });
    const y = runGbaEngagementCounts(s, { seed: 7, samples: 2000, roundLimit: 8 });
    const z = runGbaEngagementCounts(s, { seed: 8, samples: 2000, roundLimit: 8 });
    expect(Array.from(x.counts)).toEqual(Array.from(y.counts));
    expect(Array.from(x.counts)).not.toEqual(Array.from(z.counts));
    const shard = await runShard({
      kind: 'engagement',
      payload: { system: { id: 'gba', source: gbaSystem.source }, config: x.payload },
      seed: '7',
      stream: 3,
      samples: 500,
    });
    expect(Array.from(shard)).toEqual(Array.from(gbaEngagementKernel(x.payload, createRng('7', 3), 500)));
  });

  it('summary: proportions, rounds and hits read off the counts; Markdown table', () => {
    const r = runGbaEngagement(s, { seed: 'summary', samples: 5000, roundLimit: 3 });
    expect(r.samples).toBe(5000);
    expect(r.aRouts.p + r.bRouts.p + r.mutual.p + r.limit.p).toBeCloseTo(1, 12);
    expect(r.draw.p).toBeCloseTo(r.mutual.p + r.limit.p, 12);
    expect(r.bRouts.lo).toBeLessThan(r.bRouts.p);
    expect(r.bRouts.hi).toBeGreaterThan(r.bRouts.p);
    const decided = r.ended.reduce((t, p) => t + p, 0);
    expect(decided + r.limit.p).toBeCloseTo(1, 12);
    expect(r.meanRounds).toBeCloseTo(r.ended.reduce((t, p, k) => t + (k + 1) * p, 0) + 3 * r.limit.p, 12);
    // Each unit: routed + standing hits = 1; the side histogram has mass 1.
    for (const u of r.units) expect(u.routed.p + u.hits.reduce((t, p) => t + p, 0)).toBeCloseTo(1, 12);
    expect(r.a.hits.reduce((t, p) => t + p, 0)).toBeCloseTo(1, 12);
    const exact = gbaEngagementExact(s, gbaEngagementOptions({ roundLimit: 3 }));
    expect(inInterval(exact.bRouts, r.bRouts.count, 5000)).toBe(true);
    const md = formatGbaEngagementMarkdown(r);
    expect(md).toContain('| side b routs (a wins) |');
    expect(md).toContain('| a0 Phalanx | 7 |');
  });
});
