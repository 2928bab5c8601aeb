/** Counts and the summary read off them: Wilson intervals, means, per-file losses, merging shards. */
import { describe, expect, it } from 'vitest';
import { accumulate, countsLayout, mergeCounts } from '../../../src/engine/lines/index.ts';
import { createRng } from '../../../src/core/rng.ts';
import { wilson } from '../../../src/core/statistics.ts';
import { config, fightEngagement, play, runEngagements, scripted, shard, summarise } from './helpers.ts';

describe('Wilson 95% interval', () => {
  it('50 of 100: 0.4038 to 0.5962; 0 of 10: 0 to 0.2775', () => {
    const w = wilson(50, 100);
    expect(w.lo).toBeCloseTo(0.4038, 4);
    expect(w.hi).toBeCloseTo(0.5962, 4);
    const z = wilson(0, 10);
    expect(z.lo).toBe(0);
    expect(z.hi).toBeCloseTo(0.2775, 4);
  });
});

describe('counts', () => {
  const c = config({
    a: { files: [['Reg Bd(O)'], ['Reg Bd(O)']] },
    b: { files: [['Reg Bd(O)', 'Reg Bd(O)', 'Reg Bd(O)']] },
    first: 'a',
    boundLimit: 3,
  });

  it('one hand-worked engagement counted: A wins in bound 3, B loses 2 elements (12 AP) from its only file', () => {
    const L = countsLayout(c);
    const counts = new Float64Array(L.length);
    accumulate(counts, L, fightEngagement(c, scripted(3, 4, 1, 6, 6, 1)));
    const s = summarise(c, counts);
    expect(s.samples).toBe(1);
    expect(s.aWins.count).toBe(1);
    expect(s.bounds.map((b) => b.decided)).toEqual([0, 0, 1]);
    expect(s.meanBoundsToDecision).toBe(3);
    expect(s.b.elements.mean).toBe(2);
    expect(s.b.ap.mean).toBe(12);
    expect(s.b.files).toEqual([{ position: 0, elements: 2, ap: 12, wipedOut: 0 }]);
    expect(s.a.files.map((f) => f.elements)).toEqual([0, 0]);
  });

  it('a shard counts the same as fighting its engagements one by one, and merged shards add up', () => {
    const L = countsLayout(c);
    const byHand = new Float64Array(L.length);
    const rng = createRng('shard', 3);
    for (let i = 0; i < 50; i++)
      accumulate(
        byHand,
        L,
        play(c, (n) => rng.int(n)),
      );
    expect(Array.from(shard(c, createRng('shard', 3), 50))).toEqual(Array.from(byHand));
    const merged = mergeCounts(runEngagements(c, 1, 30), runEngagements(c, 2, 20));
    expect(merged[0]).toBe(50);
  });
});
