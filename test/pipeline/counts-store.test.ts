/** Job counts held packed (counts-store.ts): the same bits back, read like a Map. */
import { describe, expect, it } from 'vitest';
import { createRng, type Rng } from '../../src/core/rng.ts';
import {
  CountsStore,
  LayeredCounts,
  packCounts,
  packedBytes,
  unpackCounts,
} from '../../src/pipeline/counts-store.ts';

/** The bytes of an array (equal bytes: equal bits, -0 and NaN payloads included). */
const bytes = (a: Float64Array): number[] => Array.from(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));

const roundTrip = (a: Float64Array): Float64Array => unpackCounts(packCounts(a));

/** A NaN whose payload is not the one arithmetic makes. */
function oddNaN(): number {
  const v = new DataView(new ArrayBuffer(8));
  v.setUint32(0, 0x7ff80000 | 0x1234);
  v.setUint32(4, 0xdeadbeef);
  return v.getFloat64(0);
}

/** A value other than +0: whole counts mostly, and some awkward doubles. */
function value(rng: Rng): number {
  const awkward = [-0, 0.1, 1 / 3, 5e-324, -2.5, 2 ** 53, 1e308, Infinity, -Infinity];
  return rng.next() < 0.8 ? 1 + rng.int(1000) : awkward[rng.int(awkward.length)]!;
}

/** Blocks of 16 counts, each block all +0 with probability `empty`, else each count +0 with `zeros`. */
function counts(rng: Rng, blocks: number, empty: number, zeros: number): Float64Array {
  const a = new Float64Array(blocks * 16);
  for (let b = 0; b < blocks; b++) {
    if (rng.next() < empty) continue;
    for (let k = 0; k < 16; k++) if (rng.next() >= zeros) a[b * 16 + k] = value(rng);
  }
  return a;
}

describe('packCounts and unpackCounts', () => {
  it('packedBytes: the bytes of counts packed, at most `live` of them not 0 (the estimate)', () => {
    // 688 counts: the length, a mask of 11 doubles (688 bits), then the 200 values.
    expect(packedBytes(688, 200)).toBe(8 * (1 + 11 + 200));
    const a = new Float64Array(688);
    for (let i = 0; i < 200; i++) a[i * 3] = i + 1;
    expect(packCounts(a).byteLength).toBe(packedBytes(688, 200));
  });

  it('packs the length, a bit per count that is not +0, and those values', () => {
    const a = Float64Array.from([0, 0, 0, 5, 0, 0, 7, 0, 0, 0, 9, 0]);
    const p = packCounts(a);
    // Counts 3, 6 and 10: mask 2^3 + 2^6 + 2^10 = 1096 in the first 32-bit word of the second double.
    expect(p.length).toBe(1 + 1 + 3);
    expect(p[0]).toBe(12);
    expect(Array.from(new Uint32Array(p.buffer, 8, 2))).toEqual([1096, 0]);
    expect(Array.from(p.subarray(2))).toEqual([5, 7, 9]);
    expect(bytes(roundTrip(a))).toEqual(bytes(a));
    // 100 counts: a mask of two doubles; count 99 is bit 3 of the fourth word.
    const b = new Float64Array(100);
    b[99] = 2;
    b[32] = 1;
    const q = packCounts(b);
    expect(Array.from(new Uint32Array(q.buffer, 8, 4))).toEqual([0, 1, 0, 8]);
    expect(Array.from(q.subarray(3))).toEqual([1, 2]);
    expect(bytes(roundTrip(b))).toEqual(bytes(b));
  });

  it('an empty array, all +0s, and no +0 at all', () => {
    expect(Array.from(packCounts(new Float64Array(0)))).toEqual([0]);
    expect(roundTrip(new Float64Array(0)).length).toBe(0);
    // 1568 counts (98 opponents of 16): the length and 25 doubles of mask.
    const zeros = new Float64Array(1568);
    expect(packCounts(zeros).length).toBe(26);
    expect(bytes(roundTrip(zeros))).toEqual(bytes(zeros));
    const full = Float64Array.from({ length: 100 }, (_, i) => i + 1);
    const p = packCounts(full);
    expect(Array.from(new Uint32Array(p.buffer, 8, 4))).toEqual([2 ** 32 - 1, 2 ** 32 - 1, 2 ** 32 - 1, 15]);
    expect(Array.from(p.subarray(3))).toEqual(Array.from(full));
    expect(bytes(roundTrip(full))).toEqual(bytes(full));
  });

  it('keeps -0 and NaN payloads where they stand, and -0 is not taken for +0', () => {
    const nan = oddNaN();
    const a = Float64Array.from([-0, 0, 0, 0, nan, 0, 0, 0, -0]);
    expect(Object.is(a[0], -0)).toBe(true);
    const p = packCounts(a);
    // Three values: -0 at 0, the NaN at 4, -0 at 8.
    expect(p.length).toBe(1 + 1 + 3);
    expect(new Uint32Array(p.buffer)[2]).toBe(1 + 16 + 256);
    const back = roundTrip(a);
    expect(bytes(back)).toEqual(bytes(a));
    expect(Object.is(back[0], -0)).toBe(true);
    expect(Object.is(back[8], -0)).toBe(true);
  });

  it('gives back the same bytes for random sparse and dense counts, packed to the mask and the values', () => {
    const rng = createRng('counts-store', 0);
    for (let t = 0; t < 300; t++) {
      const blocks = 1 + rng.int(120);
      const empty = [0, 0.5, 0.9, 1][t % 4]!;
      const zeros = [0, 0.1, 0.5][t % 3]!;
      const a = counts(rng, blocks, empty, zeros);
      const p = packCounts(a);
      expect(bytes(unpackCounts(p))).toEqual(bytes(a));
      // The length, the mask and every value but +0.
      const held = a.reduce((t, v) => t + (Object.is(v, 0) ? 0 : 1), 0);
      expect(p.length).toBe(1 + Math.ceil(a.length / 64) + held);
      if (empty === 1) expect(held).toBe(0);
    }
  });

  it('a view of a larger buffer packs its own counts only', () => {
    const whole = Float64Array.from([1, 2, 3, 0, 0, 0, 0, 4, 5]);
    const view = whole.subarray(3);
    const p = packCounts(view);
    expect(new Uint32Array(p.buffer)[2]).toBe(16 + 32);
    expect(Array.from(p.subarray(2))).toEqual([4, 5]);
    expect(Array.from(roundTrip(view))).toEqual([0, 0, 0, 0, 4, 5]);
  });
});

describe('CountsStore', () => {
  it('reads like a Map: size, has, get, set over, delete, order first set', () => {
    const s = new CountsStore();
    expect(s.size).toBe(0);
    expect(s.get('x')).toBeUndefined();
    expect(s.set('b', Float64Array.from([0, 0, 0, 0, 2]))).toBe(s);
    s.set('a', Float64Array.from([1]));
    s.set('c', new Float64Array(3));
    expect(s.size).toBe(3);
    expect(s.has('a')).toBe(true);
    expect(s.has('x')).toBe(false);
    expect(Array.from(s.get('b')!)).toEqual([0, 0, 0, 0, 2]);
    // Set over keeps the first place, as a Map does.
    s.set('b', Float64Array.from([7, 0]));
    expect([...s.keys()]).toEqual(['b', 'a', 'c']);
    expect(Array.from(s.get('b')!)).toEqual([7, 0]);
    expect(s.delete('a')).toBe(true);
    expect(s.delete('a')).toBe(false);
    expect(s.get('a')).toBeUndefined();
    expect(s.has('a')).toBe(false);
    expect(s.size).toBe(2);
    const viaEntries = [...s.entries()].map(([id, c]) => [id, Array.from(c)]);
    const viaIterator = [...s].map(([id, c]) => [id, Array.from(c)]);
    const viaValues = [...s.values()].map((c) => Array.from(c));
    const viaForEach: [string, number[]][] = [];
    s.forEach((c, id, m) => {
      expect(m).toBe(s);
      viaForEach.push([id, Array.from(c)]);
    });
    const want = [
      ['b', [7, 0]],
      ['c', [0, 0, 0]],
    ];
    expect(viaEntries).toEqual(want);
    expect(viaIterator).toEqual(want);
    expect(viaForEach).toEqual(want);
    expect(viaValues).toEqual(want.map(([, c]) => c));
    expect(new Map(s).size).toBe(2);
  });

  it('keeps a copy of what it is given, and gives the same array to reads in a row', () => {
    const s = new CountsStore();
    const c = Float64Array.from([1, 2, 3]);
    s.set('j', c);
    c[0] = 99;
    expect(Array.from(s.get('j')!)).toEqual([1, 2, 3]);
    expect(s.get('j')).toBe(s.get('j'));
    // A new set of the id is what the next read sees, not the array read before.
    const before = s.get('j')!;
    s.set('j', Float64Array.from([4]));
    expect(Array.from(s.get('j')!)).toEqual([4]);
    expect(Array.from(before)).toEqual([1, 2, 3]);
  });

  it('agrees with a Map through a random run of sets, deletes and reads, byte for byte', () => {
    const rng = createRng('counts-store', 2);
    const s = new CountsStore();
    const m = new Map<string, Float64Array>();
    let bytesHeld = 0;
    for (let step = 0; step < 2000; step++) {
      const id = `job|${rng.int(40)}`;
      const r = rng.next();
      if (r < 0.4) {
        const c = counts(rng, 1 + rng.int(20), rng.next(), rng.next() * 0.5);
        s.set(id, c);
        m.set(id, Float64Array.from(c));
      } else if (r < 0.5) expect(s.delete(id)).toBe(m.delete(id));
      else {
        const got = s.get(id);
        const want = m.get(id);
        expect(got === undefined).toBe(want === undefined);
        if (got && want) expect(bytes(got)).toEqual(bytes(want));
      }
      expect(s.size).toBe(m.size);
    }
    expect([...s.keys()]).toEqual([...m.keys()]);
    for (const [id, c] of s) {
      expect(bytes(c)).toEqual(bytes(m.get(id)!));
      bytesHeld += packCounts(c).byteLength;
    }
    expect(s.bytes).toBe(bytesHeld);
  });
});

describe('counts layered over others', () => {
  it("reads the top layer first, each id once, in the lower layer's order then the new ids", () => {
    const under = new CountsStore();
    under.set('a', Float64Array.of(1, 2));
    under.set('b', Float64Array.of(3));
    const over = new Map([
      ['c', Float64Array.of(4)],
      ['b', Float64Array.of(5)],
    ]);
    const view = new LayeredCounts(under, over);
    expect(view.size).toBe(3);
    expect([...view.keys()]).toEqual(['a', 'b', 'c']);
    expect([...view.entries()].map(([id, c]) => [id, [...c]])).toEqual([
      ['a', [1, 2]],
      ['b', [5]],
      ['c', [4]],
    ]);
    expect(view.has('c') && view.has('a') && !view.has('d')).toBe(true);
    expect(view.get('d')).toBeUndefined();
    // A view, not a copy: what either layer gains later shows through.
    over.set('d', Float64Array.of(6));
    under.set('e', Float64Array.of(7));
    expect([...view.keys()]).toEqual(['a', 'b', 'e', 'c', 'd']);
    expect([...view.values()].map((c) => c[0])).toEqual([1, 5, 7, 4, 6]);
  });
});
