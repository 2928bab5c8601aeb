/**
 * Typed arrays moved onto one buffer, and a scratch buffer to make them in first. A laid-out side
 * (prepare.ts PreparedSide) has about forty small typed arrays; each on its own costs an ArrayBuffer
 * object and a separate allocation besides its numbers, which for a few dozen numbers is more than the
 * numbers themselves. A worker keeps thousands of sides, so they share one buffer per side instead.
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
  // One copy per distinct array (two properties holding the same array still share it).
  const from: Typed[] = [];
  let bytes = 0;
  for (const key of keys) {
    const v = copy[key];
    if (isTyped(v) && !from.includes(v)) {
      from.push(v);
      bytes += v.byteLength;
    }
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
  for (const key of keys) {
    const v = copy[key];
    if (isTyped(v)) copy[key] = to[from.indexOf(v)];
  }
  return copy as T;
}

/**
 * Typed arrays for an object about to go through onOneBuffer: zeroed views cut from one buffer reused from
 * build to build, so the arrays copied away cost no allocation of their own. Made with `new`, each had a
 * buffer of its own (past 64 bytes, V8 keeps it outside its heap and tracks it for the collector), and a
 * worker lays out some 18,000 sides in the bundled study. What `begin` hands out is good until the next
 * `begin`: it must all go through onOneBuffer (or be dropped) before then.
 */
export class Scratch {
  private buffer = new ArrayBuffer(SCRATCH_BYTES);
  private at = 0;

  /** Start a build: the views handed out before are given up. */
  begin(): void {
    this.at = 0;
  }

  // The offset is taken before the buffer is read: taking it may start a new buffer.
  i32(n: number): Int32Array {
    const at = this.take(n * 4);
    return new Int32Array(this.buffer, at, n).fill(0);
  }

  f64(n: number): Float64Array {
    const at = this.take(n * 8);
    return new Float64Array(this.buffer, at, n).fill(0);
  }

  u8(n: number): Uint8Array {
    const at = this.take(n);
    return new Uint8Array(this.buffer, at, n).fill(0);
  }

  /** The numbers of `xs` as an Int32Array (Int32Array.from(xs)). */
  i32Of(xs: readonly number[]): Int32Array {
    const out = this.i32(xs.length);
    for (let i = 0; i < xs.length; i++) out[i] = xs[i]!;
    return out;
  }

  /**
   * Byte offset of `bytes` more, 8-aligned; past the end, a new buffer (the old views stay good), which is
   * kept: the scratch holds as much as the largest build needed (64 kB covers a line-up's sides).
   */
  private take(bytes: number): number {
    const at = (this.at + 7) & ~7;
    if (at + bytes <= this.buffer.byteLength) {
      this.at = at + bytes;
      return at;
    }
    this.buffer = new ArrayBuffer(Math.max(2 * this.buffer.byteLength, bytes));
    this.at = bytes;
    return 0;
  }
}

const SCRATCH_BYTES = 64 * 1024;
