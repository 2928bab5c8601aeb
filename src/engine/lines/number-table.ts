/**
 * A bounded map from whole-number keys (0 to 2^53) to table numbers (0 to 2^31), held in two typed
 * arrays: open addressing, linear probing, at most half full. The kernel asks one for the table of a rare
 * combat signature (prepare.ts Prepared.entry) on every combat with a flank contact, where a Map's
 * lookup of a key beyond 2^31 costs a hash of a boxed double, and each entry a few dozen bytes of heap.
 * Here an entry is 12 bytes and a lookup a few integer operations.
 *
 * When it would hold more than `cap` keys it forgets them all: a forgotten key is only worked out again
 * (a table built anew is found in the store under its old number), never answered differently.
 */
/**
 * Is x a whole number from 0 to below - 1? Keys made of several such parts are packed into one number
 * where every part fits (engine/lines index.ts lineKey, prepare.ts placeKey), else written as text.
 */
export const wholeBelow = (x: number, below: number): boolean => Number.isInteger(x) && x >= 0 && x < below;

export class NumberTable {
  private keys: Float64Array;
  private values: Int32Array;
  private mask: number;
  /** Keys held. */
  size = 0;

  constructor(
    /** Most keys held before all are forgotten. */
    private readonly cap: number,
    slots = 1024,
  ) {
    if (!(slots > 0 && (slots & (slots - 1)) === 0)) throw new Error(`slots ${slots}: a power of two`);
    this.keys = new Float64Array(slots).fill(-1);
    this.values = new Int32Array(slots);
    this.mask = slots - 1;
  }

  /** The value of `key`, or -1. */
  get(key: number): number {
    const keys = this.keys;
    for (let at = slotOf(key) & this.mask; ; at = (at + 1) & this.mask) {
      const k = keys[at]!;
      if (k === key) return this.values[at]!;
      if (k < 0) return -1;
    }
  }

  /** Hold `key -> value` (value 0 or more; a key already held keeps its first value). */
  set(key: number, value: number): void {
    if (!(key >= 0 && key <= Number.MAX_SAFE_INTEGER && Number.isInteger(key)))
      throw new Error(`a number table's key must be a whole number from 0 to 2^53, not ${key}`);
    if (this.size >= this.cap) this.clear();
    if (2 * (this.size + 1) > this.keys.length) this.grow();
    const keys = this.keys;
    let at = slotOf(key) & this.mask;
    while (keys[at]! >= 0) {
      if (keys[at] === key) return;
      at = (at + 1) & this.mask;
    }
    keys[at] = key;
    this.values[at] = value;
    this.size++;
  }

  /** Bytes held. */
  get bytes(): number {
    return this.keys.byteLength + this.values.byteLength;
  }

  private clear(): void {
    this.keys.fill(-1);
    this.size = 0;
  }

  /** Twice the slots, every key placed again. */
  private grow(): void {
    const keys = this.keys;
    const values = this.values;
    this.keys = new Float64Array(keys.length * 2).fill(-1);
    this.values = new Int32Array(keys.length * 2);
    this.mask = this.keys.length - 1;
    this.size = 0;
    for (let i = 0; i < keys.length; i++) if (keys[i]! >= 0) this.set(keys[i]!, values[i]!);
  }
}

/** A 32-bit mix of a key's low 32 bits and the bits above them. */
function slotOf(key: number): number {
  const lo = key % 0x100000000;
  const hi = (key - lo) / 0x100000000;
  const h = Math.imul(lo ^ Math.imul(hi, 0x85ebca77), 0x9e3779b1);
  return (h ^ (h >>> 15)) >>> 0;
}
