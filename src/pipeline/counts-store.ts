/**
 * The counts of a run's jobs by job id, each held packed (run.ts keeps every job's counts for the whole
 * run). Counts are mostly zeros: a balance job fights only some of its study's opponents and keeps a
 * block of counts for each of them, and many outcomes never happen. A job's counts are packed as a mask
 * of which of them are not +0 and those values in order, in one Float64Array; what they are the counts
 * of (the job kind's layout) is not needed.
 *
 * Packed: `[length, mask.., values..]`: the mask is one bit per count (count i: bit i % 32 of 32-bit word
 * i / 32), in ceil(length / 64) doubles; then the values other than +0. Values are told from +0 and
 * copied as their bits (32-bit words), never as numbers, so `get` gives back the very bits `set` was
 * given: -0 and NaN (with its payload) are values like any other.
 *
 * `get` unpacks into a new Float64Array and keeps the last few it gave (a study reads one job's counts
 * many times in a row: once per opponent); as with a Map, the same array is given to each of those reads,
 * and readers never write into it.
 */

/** Unpacked counts kept for repeated reads. */
const RECENT = 8;

/** Doubles before the values: the length and the mask. */
const headerOf = (length: number): number => 1 + Math.ceil(length / 64);

/** Bytes of `length` counts packed when at most `live` of them are other than +0 (the run's estimate). */
export const packedBytes = (length: number, live: number): number => 8 * (headerOf(length) + live);

/** A Float64Array's bits as 32-bit words (two per double). */
const wordsOf = (a: Float64Array): Uint32Array => new Uint32Array(a.buffer, a.byteOffset, 2 * a.length);

/** `counts` packed (see the file's comment). */
export function packCounts(counts: Float64Array): Float64Array {
  const n = counts.length;
  const from = wordsOf(counts);
  let held = 0;
  for (let i = 0; i < 2 * n; i += 2) if ((from[i]! | from[i + 1]!) !== 0) held++;
  const packed = new Float64Array(headerOf(n) + held);
  packed[0] = n;
  const to = wordsOf(packed);
  let at = 2 * headerOf(n);
  for (let i = 0; i < n; i++) {
    const lo = from[2 * i]!;
    const hi = from[2 * i + 1]!;
    if ((lo | hi) === 0) continue;
    to[2 + (i >>> 5)]! |= 1 << (i & 31);
    to[at] = lo;
    to[at + 1] = hi;
    at += 2;
  }
  return packed;
}

/** The counts `packed` holds. */
export function unpackCounts(packed: Float64Array): Float64Array {
  const n = packed[0]!;
  const counts = new Float64Array(n);
  const to = wordsOf(counts);
  const from = wordsOf(packed);
  let at = 2 * headerOf(n);
  const maskWords = Math.ceil(n / 32);
  for (let k = 0; k < maskWords; k++)
    for (let m = from[2 + k]!; m !== 0; m &= m - 1) {
      const i = 2 * (32 * k + 31 - Math.clz32(m & -m));
      to[i] = from[at]!;
      to[i + 1] = from[at + 1]!;
      at += 2;
    }
  return counts;
}

/** Job counts by job id, held packed; read like a Map (in the order first set). */
export class CountsStore implements ReadonlyMap<string, Float64Array> {
  private readonly packed = new Map<string, Float64Array>();
  /**
   * The last counts unpacked, the latest last, by their packed array (a new one for each `set`, so one
   * that was set over or deleted is never found again: it only waits to be pushed out).
   */
  private readonly recent: { packed: Float64Array; counts: Float64Array }[] = [];

  get size(): number {
    return this.packed.size;
  }

  has(id: string): boolean {
    return this.packed.has(id);
  }

  get(id: string): Float64Array | undefined {
    const p = this.packed.get(id);
    return p === undefined ? undefined : this.unpacked(p);
  }

  /** Keeps a packed copy of `counts` (later writes into `counts` do not reach it). */
  set(id: string, counts: Float64Array): this {
    this.packed.set(id, packCounts(counts));
    return this;
  }

  delete(id: string): boolean {
    return this.packed.delete(id);
  }

  /** Bytes of the packed counts (not counting the ids and the arrays' own headers). */
  get bytes(): number {
    let t = 0;
    for (const p of this.packed.values()) t += p.byteLength;
    return t;
  }

  forEach(
    f: (counts: Float64Array, id: string, map: ReadonlyMap<string, Float64Array>) => void,
    thisArg?: unknown,
  ): void {
    for (const [id, counts] of this.entries()) f.call(thisArg, counts, id, this);
  }

  *entries(): MapIterator<[string, Float64Array]> {
    for (const [id, p] of this.packed) yield [id, this.unpacked(p, false)];
  }

  keys(): MapIterator<string> {
    return this.packed.keys();
  }

  *values(): MapIterator<Float64Array> {
    for (const p of this.packed.values()) yield this.unpacked(p, false);
  }

  [Symbol.iterator](): MapIterator<[string, Float64Array]> {
    return this.entries();
  }

  /** The counts `p` holds: unpacked lately, or now (and kept, unless `keep` is false: a pass over all). */
  private unpacked(p: Float64Array, keep = true): Float64Array {
    const recent = this.recent;
    for (let i = recent.length - 1; i >= 0; i--) {
      const r = recent[i]!;
      if (r.packed !== p) continue;
      if (keep && i !== recent.length - 1) recent.push(...recent.splice(i, 1));
      return r.counts;
    }
    const counts = unpackCounts(p);
    if (keep) {
      recent.push({ packed: p, counts });
      if (recent.length > RECENT) recent.shift();
    }
    return counts;
  }
}

/**
 * The counts of `under` with those of `over` on top (an id in both reads `over`'s): read like a Map, in
 * `under`'s order then `over`'s new ids. Neither is copied: the view shows them as they stand.
 */
export class LayeredCounts implements ReadonlyMap<string, Float64Array> {
  constructor(
    private readonly under: ReadonlyMap<string, Float64Array>,
    private readonly over: ReadonlyMap<string, Float64Array>,
  ) {}

  get size(): number {
    let n = this.under.size;
    for (const id of this.over.keys()) if (!this.under.has(id)) n++;
    return n;
  }

  has(id: string): boolean {
    return this.over.has(id) || this.under.has(id);
  }

  get(id: string): Float64Array | undefined {
    return this.over.get(id) ?? this.under.get(id);
  }

  forEach(
    f: (counts: Float64Array, id: string, map: ReadonlyMap<string, Float64Array>) => void,
    thisArg?: unknown,
  ): void {
    for (const [id, counts] of this.entries()) f.call(thisArg, counts, id, this);
  }

  *entries(): MapIterator<[string, Float64Array]> {
    for (const id of this.keys()) yield [id, this.get(id)!];
  }

  *keys(): MapIterator<string> {
    yield* this.under.keys();
    for (const id of this.over.keys()) if (!this.under.has(id)) yield id;
  }

  *values(): MapIterator<Float64Array> {
    for (const [, counts] of this.entries()) yield counts;
  }

  [Symbol.iterator](): MapIterator<[string, Float64Array]> {
    return this.entries();
  }
}
