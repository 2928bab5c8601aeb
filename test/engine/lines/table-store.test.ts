/**
 * The variant's table store (tables.ts) names each distinct table once: the same entries for the same
 * bound's owner give the same number, whatever was added between, through its growth and rehashing.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.ts';
import {
  Int32Chunks,
  pairTables,
  SHOT_SIGNATURES,
  shotIndex,
  TableStore,
} from '../../../src/engine/lines/tables.ts';
import { SIDE_BITS } from '../../../src/engine/lines/pack.ts';

describe('the table store', () => {
  it('numbers tables in the order first met, one number per content and owner', () => {
    const store = new TableStore(36);
    const rng = createRng('table-store', 0);
    const tables = Array.from({ length: 5000 }, () =>
      Uint16Array.from({ length: 36 }, () => (rng.int(4) === 0 ? rng.int(4) | (rng.int(4) << SIDE_BITS) : 0)),
    );
    const ids = tables.map((t, i) => store.add(t, i % 2));
    // Distinct (owner, content) pairs get 0, 1, 2, ... in order; repeats get the first one's number.
    const seen = new Map<string, number>();
    tables.forEach((t, i) => {
      const key = `${i % 2}:${t.join(',')}`;
      if (!seen.has(key)) seen.set(key, seen.size);
      expect(ids[i]).toBe(seen.get(key));
    });
    expect(store.count).toBe(seen.size);
    expect(store.count).toBeGreaterThan(2048); // grew and rehashed at least once
    // Asked again after all that growth: the same numbers, and the same contents.
    tables.forEach((t, i) => {
      expect(store.add(t, i % 2)).toBe(ids[i]);
      expect([...store.table(ids[i]!)]).toEqual([...t]);
    });
  });

  it('keeps the owner apart and records its edge', () => {
    const store = new TableStore(4);
    // A's outcome (low bits) 1 in one roll, B's 2 in two rolls.
    const t = Uint16Array.from([1, 2 << SIDE_BITS, 2 << SIDE_BITS, 0]);
    const a = store.add(t, 0);
    const b = store.add(t, 1);
    expect(a).not.toBe(b);
    expect(store.add(Uint16Array.from(t), 0)).toBe(a);
    // Owner A: opponent suffers in 2 of 4, owner in 1: +0.25. Owner B: the reverse.
    expect(store.edges[a]).toBeCloseTo(0.25, 12);
    expect(store.edges[b]).toBeCloseTo(-0.25, 12);
  });
});

describe('Int32Chunks', () => {
  it('cuts disjoint arrays of -1 from shared chunks, a new chunk when one is full', () => {
    const chunks = new Int32Chunks();
    const a = chunks.take(126);
    const b = chunks.take(54);
    expect(a.length).toBe(126);
    expect(b.length).toBe(54);
    expect(a.every((x) => x === -1) && b.every((x) => x === -1)).toBe(true);
    expect(b.buffer).toBe(a.buffer);
    a.fill(7);
    expect(b.every((x) => x === -1)).toBe(true);
    // 4096 numbers a chunk: 126 + 54 + 4000 does not fit, so the third array starts a chunk of its own.
    const c = chunks.take(4000);
    expect(c.buffer).not.toBe(a.buffer);
    expect(c.byteOffset).toBe(0);
    // An array longer than a chunk gets a chunk of its own length.
    const d = chunks.take(10_000);
    expect(d.length).toBe(10_000);
    expect(d.every((x) => x === -1)).toBe(true);
  });

  it('gives each pair of templates its own serial, and shooting signatures their places', () => {
    const chunks = new Int32Chunks();
    const p = pairTables(72, chunks);
    const q = pairTables(72, chunks);
    expect(q.serial).toBe(p.serial + 1);
    expect(p.t.length).toBe(72);
    expect(p.s).toBeUndefined();
    expect(Number.isNaN(p.valueA) && Number.isNaN(p.valueB)).toBe(true);
    // owner b, both shooting, 1 aider of A, 2 of B: ((1 * 3 + 2) * 3 + 1) * 3 + 2.
    expect(shotIndex(1, 2, 1, 2)).toBe(50);
    expect(shotIndex(1, 2, 2, 2)).toBe(SHOT_SIGNATURES - 1);
  });
});
