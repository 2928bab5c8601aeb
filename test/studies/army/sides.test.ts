/**
 * Battles of bundled armies (docs/armies.md "Battles") treat the sides alike: the two sides' scores add
 * to 10 VP in every battle (DBM 3.2 p.25), an army against itself scores 5 VP within the interval, and
 * swapping the sides gives complementary scores. A few hundred battles each, fixed seeds.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.ts';
import { Z95 } from '../../../src/core/statistics.ts';
import { linesSummary, type LinesConfig } from '../../../src/engine/lines/index.ts';
import { readStructuredFile } from '../../../src/pipeline/structured-file.ts';
import { requireSystem } from '../../../src/systems/registry.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const dbm = requireSystem('dbm-3.2');
const spec = { version: 'dbm-3.2' };
const fit = (name: string) =>
  dbm.army!.fit(readStructuredFile(join(ROOT, 'armies', `${name}.yaml`)).data, spec, 400);

/** Side A's mean score over `n` battles, its standard error, and the summary. */
function fight(a: string, b: string, n: number, seed: string) {
  const config = dbm.army!.battle(fit(a), fit(b), spec) as LinesConfig;
  const s = linesSummary(config, dbm.engagement!.kernel(config, createRng(seed, 0), n) as Float64Array);
  const m = s.a.score!.mean;
  return { mean: m.mean, se: (m.hi - m.mean) / Z95, s };
}

describe('the sides of an army battle', () => {
  it('the two scores add to 10 VP in every battle', () => {
    const { s } = fight('marian-roman', 'gallic', 100, 'sides-sum');
    expect(s.a.score!.distribution.length).toBe(11);
    expect(s.a.score!.distribution).toEqual([...s.b.score!.distribution].reverse());
  });

  it('an army against itself scores 5.0 VP within the 95% interval', () => {
    for (const army of ['marian-roman', 'sassanid']) {
      const { mean, se } = fight(army, army, 300, `mirror-${army}`);
      expect(Math.abs(mean - 5)).toBeLessThanOrEqual(Z95 * se);
    }
  });

  it('swapping the sides gives complementary scores', () => {
    const ab = fight('marian-roman', 'gallic', 300, 'swap-1');
    const ba = fight('gallic', 'marian-roman', 300, 'swap-2');
    // The Marians' score as side A and as side B (10 less the Gauls') agree within the interval.
    expect(Math.abs(ab.mean - (10 - ba.mean))).toBeLessThanOrEqual(Z95 * Math.hypot(ab.se, ba.se));
  });
});
