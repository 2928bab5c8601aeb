/** The compiled outcome table holds exactly the enumeration: DBM 3.2 p.23 outcomes for all 36 rolls. */
import { describe, expect, it } from 'vitest';
import { enumerate } from '../../src/core/exact.ts';
import { createRng } from '../../src/core/rng.ts';
import { dbmRuleSet as dbmRuleSetFor } from '../../src/systems/dbm/ruleset.ts';
import { marginals } from '../../src/engine/cell.ts';
import { sampleCodes, sampleWeighted } from '../../src/engine/sample.ts';
import { compileTable, exactCounts, tableSpace } from '../../src/engine/table.ts';
import { gba, GBA_OUTCOMES, gbaExact, parseGbaSituation } from '../systems/gba/api.ts';
import { dbm } from '../../src/systems/dbm/ruleset.ts';
import type { DbmSituation } from '../../src/systems/dbm/situation.ts';
import { parseElement as el } from '../../src/systems/dbm/notation.ts';
import { side } from '../../src/systems/dbm/situation.ts';
import { DBM_VERSIONS, deriveVersion } from '../../src/systems/dbm/versions.ts';

const bladesVKnights: DbmSituation = {
  rules: 'dbm-3.2',
  mode: 'close',
  bound: 'a',
  shooters: 'a',
  a: side(el('Reg Bd(O)')),
  b: side(el('Irr Kn(S)')),
};

describe('compiled outcome table', () => {
  it('has one joint code per roll of two d6 and the same counts as exact enumeration', () => {
    const t = compileTable(dbm, bladesVKnights);
    expect(t.codes.length).toBe(36);
    expect(t.outcomes).toBe(4);
    const ex = enumerate(dbm, bladesVKnights);
    const counts = exactCounts(t);
    for (const j of ex.joint) {
      const code = dbm.outcomes.indexOf(j.a) * 4 + dbm.outcomes.indexOf(j.b);
      expect(counts[code]).toBe(j.count);
    }
    expect(counts.reduce((s, c) => s + c, 0)).toBe(36);
  });

  it('Reg Bd(O) against Irr Kn(S) in its own bound: blades destroyed 15/36, knights recoil 9/36, destroyed 1/36', () => {
    const counts = exactCounts(compileTable(dbm, bladesVKnights));
    const a = marginals(counts, 4, 'a');
    const b = marginals(counts, 4, 'b');
    // outcomes order: destroyed, flee, recoil, none
    expect(a).toEqual([15, 0, 0, 21]);
    expect(b).toEqual([1, 0, 9, 26]);
  });
});

describe('Monte Carlo sampling of a table', () => {
  it('is deterministic for a seed and stream, and different for another stream', () => {
    const t = compileTable(dbm, bladesVKnights);
    const x = sampleCodes(t.codes, 16, createRng(7, 0), 10_000);
    const y = sampleCodes(t.codes, 16, createRng(7, 0), 10_000);
    const z = sampleCodes(t.codes, 16, createRng(7, 1), 10_000);
    expect(Array.from(x)).toEqual(Array.from(y));
    expect(Array.from(x)).not.toEqual(Array.from(z));
    expect(x.reduce((s, c) => s + c, 0)).toBe(10_000);
  });

  it('estimates each joint probability within 4 standard errors over 200,000 samples', () => {
    const t = compileTable(dbm, bladesVKnights);
    const n = 200_000;
    const mc = sampleCodes(t.codes, 16, createRng('table-test'), n);
    const ex = exactCounts(t);
    for (let k = 0; k < 16; k++) {
      const p = (ex[k] as number) / 36;
      const se = Math.sqrt((p * (1 - p)) / n);
      expect(Math.abs((mc[k] as number) / n - p)).toBeLessThanOrEqual(4 * se + 1e-12);
    }
  });
});

describe('weighted tables from a rule set with an exact hook (GBA)', () => {
  // Three units a side with both leaders: twelve d10s (10^12 combinations), far beyond a uniform table.
  const hydaspes = parseGbaSituation({
    rules: 'gba-5',
    mode: 'shock',
    a: {
      leader: { name: 'Coenus', charisma: 2 },
      units: [
        { type: 'PH', tq: 7, size: 10, moved: true },
        { type: 'HI', tq: 8, size: 6, moved: true },
      ],
    },
    b: {
      leader: { name: 'Porus', charisma: 2 },
      units: [
        { type: 'EL', tq: 6, size: 5 },
        { type: 'LI', tq: 5, size: 5, missile: 'J' },
        { type: 'LI', tq: 4, size: 5, missile: 'A' },
      ],
    },
  });
  it('holds the exact joint counts, over the whole dice space, without enumerating it', () => {
    const dice = gba.dice(hydaspes).length;
    expect(dice).toBeGreaterThanOrEqual(10);
    const t = compileTable(gba, hydaspes);
    expect(t.weights).toBeDefined();
    expect(tableSpace(t)).toBe(10 ** dice);
    const counts = exactCounts(t);
    for (const j of gbaExact(hydaspes).joint) {
      const code = GBA_OUTCOMES.indexOf(j.a) * GBA_OUTCOMES.length + GBA_OUTCOMES.indexOf(j.b);
      expect(counts[code]).toBe(j.count);
    }
  });
  it('sampling it estimates each joint probability within 4 standard errors, deterministically', () => {
    const t = compileTable(gba, hydaspes);
    const size = GBA_OUTCOMES.length ** 2;
    const n = 200_000;
    const w = t.weights as Float64Array;
    const mc = sampleWeighted(t.codes, w, size, createRng('weighted'), n);
    expect(Array.from(sampleWeighted(t.codes, w, size, createRng('weighted'), n))).toEqual(Array.from(mc));
    const ex = exactCounts(t);
    const space = tableSpace(t);
    for (let k = 0; k < size; k++) {
      const p = (ex[k] as number) / space;
      const se = Math.sqrt((p * (1 - p)) / n);
      expect(Math.abs((mc[k] as number) / n - p)).toBeLessThanOrEqual(4 * se + 1e-12);
    }
    expect(mc.reduce((s, c) => s + c, 0)).toBe(n);
  });
  it('each draw lands on the code a plain search of the cumulative weights gives for the same uniform', () => {
    const t = compileTable(gba, hydaspes);
    const w = t.weights as Float64Array;
    const size = GBA_OUTCOMES.length ** 2;
    const n = 50_000;
    const fast = sampleWeighted(t.codes, w, size, createRng('same-draws'), n);
    const space = tableSpace(t);
    const ref = new Float64Array(size);
    const rng = createRng('same-draws');
    for (let s = 0; s < n; s++) {
      const r = Math.floor(rng.double() * space);
      let acc = 0;
      let i = 0;
      while ((acc += w[i] as number) <= r) i++;
      ref[t.codes[i] as number]! += 1;
    }
    expect(Array.from(fast)).toEqual(Array.from(ref));
  });
});

describe('DBM rule set bound to a version object', () => {
  it('gives the same table as the shared rule set for an unchanged version', () => {
    const s30: DbmSituation = { ...bladesVKnights, rules: 'dbm-3.0' };
    expect(compileTable(dbmRuleSetFor(DBM_VERSIONS['dbm-3.0']), s30).codes).toEqual(
      compileTable(dbm, s30).codes,
    );
  });

  it('a house rule switch (3.0: Kn(X) count as (I) against blades) helps Reg Bd(O) against Reg Kn(X)', () => {
    const s: DbmSituation = { ...bladesVKnights, b: side(el('Reg Kn(X)')) };
    const base = marginals(exactCounts(compileTable(dbm, s)), 4, 'b');
    const house = deriveVersion(DBM_VERSIONS['dbm-3.2'], { rules: { knXInferiorAgainstBlades: true } });
    const changed = marginals(exactCounts(compileTable(dbmRuleSetFor(house), s)), 4, 'b');
    // Against (I) the blades add +1 when they equal or beat the knights (p.22 grading), so the knights
    // lose more often: fewer rolls leave them with no outcome.
    expect(changed[3]).toBeLessThan(base[3] as number);
  });
});
