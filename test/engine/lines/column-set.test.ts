import { describe, expect, it } from 'vitest';
import { bitOf, highest, inSet, lowest, putInSet, wordsFor } from '../../../src/engine/lines/column-set.ts';
import { createRng } from '../../../src/core/rng.ts';

/** The columns of a set stored from `at`, walked as the kernel walks them: lowest first, or highest first. */
function walk(m: Int32Array, at: number, words: number, down: boolean): number[] {
  const out: number[] = [];
  if (!down)
    for (let w = 0; w < words; w++) {
      let bits = m[at + w]!;
      while (bits !== 0) {
        out.push(lowest(bits, w << 5));
        bits &= bits - 1;
      }
    }
  else
    for (let w = words - 1; w >= 0; w--) {
      let bits = m[at + w]!;
      while (bits !== 0) {
        const c = highest(bits, w << 5);
        out.push(c);
        bits ^= bitOf(c);
      }
    }
  return out;
}

describe('sets of columns (column-set.ts)', () => {
  it('has a word for every 32 columns, and one at least', () => {
    expect([0, 1, 31, 32, 33, 64, 65, 96, 97].map(wordsFor)).toEqual([1, 1, 1, 1, 2, 2, 3, 3, 4]);
  });

  it('holds what was put in and taken out, bit 31 of a word included, beside another set', () => {
    const width = 100;
    const words = wordsFor(width);
    // Two sets in one array (side A's from 0, side B's from `words`): neither touches the other.
    const m = new Int32Array(2 * words);
    const truth = [new Set<number>(), new Set<number>()];
    const rng = createRng('column-set', 0);
    for (let i = 0; i < 5_000; i++) {
      const s = rng.int(2);
      const c = i < 8 ? [0, 31, 32, 63, 64, 95, 96, 99][i]! : rng.int(width);
      const on = i < 8 || rng.next() < 0.6;
      putInSet(m, s * words, c, on);
      if (on) truth[s]!.add(c);
      else truth[s]!.delete(c);
    }
    for (const s of [0, 1]) {
      const want = [...truth[s]!].sort((x, y) => x - y);
      for (let c = 0; c < width; c++) expect(inSet(m, s * words, c)).toBe(truth[s]!.has(c));
      expect(walk(m, s * words, words, false)).toEqual(want);
      expect(walk(m, s * words, words, true)).toEqual([...want].reverse());
    }
  });

  it('finds the lowest and highest column of a word whose sign bit is set', () => {
    const bits = bitOf(31) | bitOf(3);
    expect(bits).toBeLessThan(0);
    expect(lowest(bits, 64)).toBe(67);
    expect(highest(bits, 64)).toBe(95);
    expect(lowest(bitOf(31), 0)).toBe(31);
  });
});
