/**
 * The combat tables of one system variant, each stored once (ARCHITECTURE.md "Engagements"): a table is
 * every combination of a combat's dice resolved and packed (pack.ts), kept end to end in one typed array
 * and named by a small integer; identical tables (most overlaps change nothing, say) share their number.
 * The kernel reads `data[id * space + roll]` and `edges[id]`: no objects per table, and memory is a few
 * bytes a table.
 */
import { OUTCOME_MASK, SIDE_BITS } from './pack.ts';

export class TableStore {
  /** Tables end to end, `space` entries each. */
  data: Uint16Array;
  /** Per table: P(the bound owner's opponent suffers an outcome) - P(the owner does). */
  edges: Float64Array;
  /** Per table: the bound's owner it was resolved for (part of what makes two tables the same). */
  private owners: Uint8Array;
  /** Tables stored. */
  count = 0;
  /**
   * Open-addressed hash set of the tables by content (owner and entries): table number, or -1 for an
   * empty slot; its size a power of two, at most half full.
   */
  private slots: Int32Array;

  constructor(
    /** Entries in a table: the combinations of one combat's dice (36 for two d6). */
    readonly space: number,
  ) {
    this.data = new Uint16Array(space * 1024);
    this.edges = new Float64Array(1024);
    this.owners = new Uint8Array(1024);
    this.slots = new Int32Array(2048).fill(-1);
  }

  /** The number of a table resolved for a combat in `owner`'s bound, storing it if new. */
  add(table: Uint16Array, owner: number): number {
    if (table.length !== this.space) throw new Error(`a table of ${table.length} entries, not ${this.space}`);
    const mask = this.slots.length - 1;
    let at = hashOf(table, owner) & mask;
    for (let id = this.slots[at]!; id >= 0; id = this.slots[at]!) {
      if (this.owners[id] === owner && this.holds(id, table)) return id;
      at = (at + 1) & mask;
    }
    const id = this.count++;
    if (id === this.edges.length) {
      // A quarter more room (doubling would leave a worker's largest arrays up to half empty).
      const room = id + Math.max(1024, id >> 2);
      const data = new Uint16Array(this.space * room);
      data.set(this.data);
      this.data = data;
      const edges = new Float64Array(room);
      edges.set(this.edges);
      this.edges = edges;
      const owners = new Uint8Array(room);
      owners.set(this.owners);
      this.owners = owners;
    }
    this.data.set(table, id * this.space);
    this.edges[id] = ownerEdge(table, owner);
    this.owners[id] = owner;
    this.slots[at] = id;
    if (2 * this.count > this.slots.length) this.rehash();
    return id;
  }

  /** Table `id` (a view: do not keep it across adds). */
  table(id: number): Uint16Array {
    return this.data.subarray(id * this.space, (id + 1) * this.space);
  }

  /** Bytes held (for the memory estimate). */
  get bytes(): number {
    return this.data.byteLength + this.edges.byteLength + this.owners.byteLength + this.slots.byteLength;
  }

  /** Table `id` has the entries of `table`. */
  private holds(id: number, table: Uint16Array): boolean {
    const data = this.data;
    const base = id * this.space;
    for (let i = 0; i < table.length; i++) if (data[base + i] !== table[i]) return false;
    return true;
  }

  /** Twice the slots, every table placed again. */
  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2).fill(-1);
    const mask = slots.length - 1;
    for (let id = 0; id < this.count; id++) {
      let at = hashOf(this.table(id), this.owners[id]!) & mask;
      while (slots[at]! >= 0) at = (at + 1) & mask;
      slots[at] = id;
    }
    this.slots = slots;
  }
}

/** FNV-1a over a table's owner and entries (32 bits, non-negative after the mask). */
function hashOf(table: Uint16Array, owner: number): number {
  let h = Math.imul(0x811c9dc5 ^ owner, 0x01000193);
  for (let i = 0; i < table.length; i++) h = Math.imul(h ^ table[i]!, 0x01000193);
  return h >>> 0;
}

/** P(the owner's opponent suffers an outcome) - P(the owner does), over a table's equally likely rolls. */
function ownerEdge(table: Uint16Array, owner: number): number {
  let edge = 0;
  for (let i = 0; i < table.length; i++) {
    const own = (table[i]! >> (owner === 0 ? 0 : SIDE_BITS)) & OUTCOME_MASK;
    const theirs = (table[i]! >> (owner === 0 ? SIDE_BITS : 0)) & OUTCOME_MASK;
    edge += (theirs !== 0 ? 1 : 0) - (own !== 0 ? 1 : 0);
  }
  return edge / table.length;
}

/**
 * The tables of one pair of templates (a side A template facing a side B one): table numbers, -1 until
 * first needed; in `t`, of the plain signatures (signature.ts); in `s`, made when the pair first shoots,
 * of the distant shootings (owner, shooters, aiders of A, aiders of B: SHOT_SIGNATURES of them).
 * Signatures with flank contacts or a demoralised command are rare: their numbers are kept for all pairs
 * of a variant in one map (prepare.ts), under the pair's `serial`. A long study keeps tens of thousands
 * of pairs, so their arrays are cut from shared chunks (Int32Chunks) and a pair holds little else.
 */
export interface PairTables {
  readonly t: Int32Array;
  s: Int32Array | undefined;
  /** The pair's number, unique in the process (the key of its rare signatures' tables). */
  readonly serial: number;
  /**
   * What each side expects of the pair's meeting (prepare.ts pairValue: A's, B's), worked out once for
   * every config that meets the pair; NaN until then.
   */
  valueA: number;
  valueB: number;
}

/** Distant-shooting signatures of a pair: owner (2) x shooters (a, b, both) x aiders of A (3) x of B (3). */
export const SHOT_SIGNATURES = 2 * 3 * 3 * 3;

/** A shooting signature's place in a pair's `s`. */
export const shotIndex = (owner: number, shooters: number, aidersA: number, aidersB: number): number =>
  ((owner * 3 + shooters) * 3 + aidersA) * 3 + aidersB;

/**
 * Int32 arrays of -1 cut from chunks of CHUNK numbers: an array on its own costs a buffer object and an
 * allocation of its own, more than the few hundred bytes of a pair's numbers. A chunk is freed once no
 * array cut from it is left; chunks are small, so a few long-kept pairs do not keep much else alive.
 */
export class Int32Chunks {
  private chunk = new Int32Array(0);
  private at = 0;

  take(n: number): Int32Array {
    if (this.at + n > this.chunk.length) {
      this.chunk = new Int32Array(Math.max(CHUNK, n)).fill(-1);
      this.at = 0;
    }
    const a = this.chunk.subarray(this.at, this.at + n);
    this.at += n;
    return a;
  }
}

/** Numbers in a chunk (16 KB: about fifty pairs). */
const CHUNK = 4096;

let pairsMade = 0;

export const pairTables = (plain: number, chunks: Int32Chunks): PairTables => ({
  t: chunks.take(plain),
  s: undefined,
  serial: pairsMade++,
  valueA: Number.NaN,
  valueB: Number.NaN,
});

/**
 * Signatures a pair can have (signature.ts SignatureSpace.size is below this): a rare signature's key is
 * serial * PAIR_SIGNATURES + index, exact in a double for 2^33 pairs.
 */
export const PAIR_SIGNATURES = 1 << 20;
