/**
 * Typed arrays moved onto one buffer. A laid-out side (prepare.ts PreparedSide) has about forty small
 * typed arrays; each on its own costs an ArrayBuffer object and a separate allocation besides its
 * numbers, which for a few dozen numbers is more than the numbers themselves. A worker keeps thousands
 * of sides, so they share one buffer per side instead.
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
  // One copy per distinct array (two properties holding the same array still share it).
  const arrays = [...new Set(Object.values(o).filter(isTyped))];
  // Widest elements first: every array starts aligned to its element size without padding.
  arrays.sort((x, y) => y.BYTES_PER_ELEMENT - x.BYTES_PER_ELEMENT);
  let bytes = 0;
  for (const v of arrays) bytes += v.byteLength;
  const buffer = new ArrayBuffer(bytes);
  const moved = new Map<Typed, Typed>();
  let at = 0;
  for (const v of arrays) {
    const view = new (v.constructor as TypedCtor)(buffer, at, v.length);
    view.set(v);
    moved.set(v, view);
    at += v.byteLength;
  }
  const copy = { ...o } as Record<string, unknown>;
  for (const [key, v] of Object.entries(o)) if (isTyped(v)) copy[key] = moved.get(v);
  return copy as T;
}
