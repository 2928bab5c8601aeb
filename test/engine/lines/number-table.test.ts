import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.ts';
import { NumberTable } from '../../../src/engine/lines/number-table.ts';

describe('NumberTable (rare-signature table numbers)', () => {
  it('answers as a Map does over random keys up to 2^53, through its growth', () => {
    const rng = createRng('number-table', 0);
    const t = new NumberTable(1_000_000, 16);
    const m = new Map<number, number>();
    for (let i = 0; i < 20_000; i++) {
      // Pair serial times 2^20 plus a signature index, as prepare.ts keys them; some keys repeat.
      const key = rng.int(i < 10_000 ? 5_000 : 2 ** 33) * 2 ** 20 + rng.int(1 << 20);
      const value = rng.int(2 ** 31);
      expect(t.get(key)).toBe(m.get(key) ?? -1);
      t.set(key, value);
      if (!m.has(key)) m.set(key, value);
    }
    expect(t.size).toBe(m.size);
    for (const [k, v] of m) expect(t.get(k)).toBe(v);
    expect(t.get(Number.MAX_SAFE_INTEGER)).toBe(-1);
    // At most half full: 2^16 slots for the 19,000-odd keys (2^15 would be more than half), 12 bytes a slot.
    expect(m.size).toBeGreaterThan(2 ** 14);
    expect(t.bytes).toBe(2 ** 16 * 12);
  });

  it('forgets every key once it would hold more than its cap', () => {
    const t = new NumberTable(3, 4);
    t.set(0, 10);
    t.set(2 ** 40, 11);
    t.set(7, 12);
    expect([t.get(0), t.get(2 ** 40), t.get(7), t.size]).toEqual([10, 11, 12, 3]);
    t.set(8, 13);
    expect([t.get(0), t.get(2 ** 40), t.get(7), t.get(8), t.size]).toEqual([-1, -1, -1, 13, 1]);
  });

  it('keeps a key first value, and refuses keys that are not whole numbers in range', () => {
    const t = new NumberTable(10);
    t.set(5, 1);
    t.set(5, 2);
    expect(t.get(5)).toBe(1);
    expect(() => t.set(-1, 0)).toThrow(/whole number/);
    expect(() => t.set(0.5, 0)).toThrow(/whole number/);
    expect(() => t.set(2 ** 53 + 2, 0)).toThrow(/whole number/);
    expect(() => new NumberTable(10, 12)).toThrow(/power of two/);
  });
});
