/**
 * Typed arrays on shared buffers: carved from one (Slab: a Battle's block), moved onto one (onOneBuffer),
 * and made in a reused one before they are moved (Scratch). A laid-out side (prepare.ts PreparedSide) has
 * about forty small typed arrays; each on its own costs an ArrayBuffer object and a separate allocation
 * besides its numbers, which for a few dozen numbers is more than the numbers themselves. A worker keeps
 * thousands of sides, so they share one buffer per side instead.
 */

type Typed =
  Int8Array | Uint8Array | Int16Array | Uint16Array | Int32Array | Uint32Array | Float32Array | Float64Array;

type TypedCtor = new (buffer: ArrayBuffer, byteOffset: number, length: number) => Typed;

const isTyped = (v: unknown): v is Typed => ArrayBuffer.isView(v) && !(v instanceof DataView);

/**
 * A shallow copy of `o` in which every typed-array property is an equal array on one shared buffer (the
 * other properties as they were, in the same order). The copies hold the same numbers and are as
 * writable as the originals; nothing may rely on an array's `buffer` being its own.
 */
export function onOneBuffer<T extends object>(o: T): T {
  const copy = { ...o } as Record<string, unknown>;
  const keys = Object.keys(copy);
  // The values read once, in the keys' order (a side's forty-odd keyed reads cost more than its copies).
  const values = Object.values(copy);
  // One copy per distinct array (two properties holding the same array still share it): `slot[i]` is
  // property i's array among `from`, -1 for a property that is not a typed array.
  const from: Typed[] = [];
  const slot = new Int32Array(keys.length).fill(-1);
  let bytes = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (!isTyped(v)) continue;
    let j = from.indexOf(v);
    if (j < 0) {
      j = from.push(v) - 1;
      bytes += v.byteLength;
    }
    slot[i] = j;
  }
  const buffer = new ArrayBuffer(bytes);
  const to: Typed[] = new Array<Typed>(from.length);
  let at = 0;
  // Widest elements first (8, 4, 2 then 1 byte, each width in the properties' order): every array starts
  // aligned to its element size without padding.
  for (let width = 8; width >= 1; width >>= 1)
    for (let i = 0; i < from.length; i++) {
      const v = from[i]!;
      if (v.BYTES_PER_ELEMENT !== width) continue;
      const view = new (v.constructor as TypedCtor)(buffer, at, v.length);
      view.set(v);
      to[i] = view;
      at += v.byteLength;
    }
  for (let i = 0; i < keys.length; i++) if (slot[i]! >= 0) copy[keys[i]!] = to[slot[i]!];
  return copy as T;
}

/**
 * Typed arrays carved out of one buffer, in the order asked for (each aligned to its element size):
 * measure first (no buffer: every array handed out is an empty one), then allocate at least `bytes` and
 * ask again in the same order.
 */
export class Slab {
  private offset: number;
  private readonly start: number;

  /** Arrays from byte `start` of `buffer` on (a multiple of 8); without a buffer, only measuring. */
  constructor(
    private readonly buffer: ArrayBuffer | undefined,
    start = 0,
  ) {
    this.offset = this.start = start;
  }

  /** The bytes handed out so far (with alignment). */
  get bytes(): number {
    return this.offset - this.start;
  }

  /** Reserve n elements of `size` bytes; the offset of the first (measuring: no buffer, no array). */
  private reserve(n: number, size: number): number {
    this.offset = Math.ceil(this.offset / size) * size;
    const at = this.offset;
    this.offset += n * size;
    return at;
  }

  i32(n: number): Int32Array {
    const at = this.reserve(n, 4);
    return this.buffer ? new Int32Array(this.buffer, at, n) : EMPTY_I32;
  }
  f64(n: number): Float64Array {
    const at = this.reserve(n, 8);
    return this.buffer ? new Float64Array(this.buffer, at, n) : EMPTY_F64;
  }
  u8(n: number): Uint8Array {
    const at = this.reserve(n, 1);
    return this.buffer ? new Uint8Array(this.buffer, at, n) : EMPTY_U8;
  }
  i8(n: number): Int8Array {
    const at = this.reserve(n, 1);
    return this.buffer ? new Int8Array(this.buffer, at, n) : EMPTY_I8;
  }
}

/** What a measuring Slab hands out (never written; fight.ts uses them as its empty arrays too). */
export const EMPTY_I32 = new Int32Array(0);
export const EMPTY_F64 = new Float64Array(0);
export const EMPTY_U8 = new Uint8Array(0);
export const EMPTY_I8 = new Int8Array(0);

/**
 * Typed arrays for an object about to go through onOneBuffer: zeroed arrays carved (Slab) from one buffer
 * reused from build to build, so the arrays copied away cost no allocation of their own. Made with `new`,
 * each had a buffer of its own (past 64 bytes, V8 keeps it outside its heap and tracks it for the
 * collector), and a worker lays out some 18,000 sides in the bundled study. What `begin` hands out is
 * good until the next `begin`: it must all go through onOneBuffer (or be dropped) before then.
 */
export class Scratch {
  private buffer = new ArrayBuffer(SCRATCH_BYTES);
  private slab = new Slab(this.buffer);

  /** Start a build: the arrays handed out before are given up. */
  begin(): void {
    this.slab = new Slab(this.buffer);
  }

  i32(n: number): Int32Array {
    return this.room(n * 4)
      .i32(n)
      .fill(0);
  }

  f64(n: number): Float64Array {
    return this.room(n * 8)
      .f64(n)
      .fill(0);
  }

  u8(n: number): Uint8Array {
    return this.room(n).u8(n).fill(0);
  }

  /** The numbers of `xs` as an Int32Array (Int32Array.from(xs)). */
  i32Of(xs: readonly number[]): Int32Array {
    const out = this.i32(xs.length);
    for (let i = 0; i < xs.length; i++) out[i] = xs[i]!;
    return out;
  }

  /**
   * The slab to carve `bytes` more from (7 more for alignment): past the buffer's end, one on a new buffer
   * (the arrays already handed out stay good), which is kept: the scratch holds as much as the largest
   * build needed (64 kB covers a line-up's sides).
   */
  private room(bytes: number): Slab {
    if (this.slab.bytes + bytes + 7 > this.buffer.byteLength) {
      this.buffer = new ArrayBuffer(Math.max(2 * this.buffer.byteLength, bytes + 7));
      this.slab = new Slab(this.buffer);
    }
    return this.slab;
  }
}

const SCRATCH_BYTES = 64 * 1024;
