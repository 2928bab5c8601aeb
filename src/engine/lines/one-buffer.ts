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
