import { describe, expect, it } from 'vitest';
import { onOneBuffer } from '../../../src/engine/lines/one-buffer.ts';

describe('onOneBuffer', () => {
  const original = () => {
    const shared = Int32Array.of(7, -8, 9);
    return {
      bytes: Uint8Array.of(1, 2, 3),
      name: 'side',
      doubles: Float64Array.of(0.5, -0, 1e300),
      ints: shared,
      again: shared,
      empty: new Int32Array(0),
      signed: Int8Array.of(-1, 127),
      count: 3,
    };
  };

  it('keeps every property, in order, with the same numbers', () => {
    const o = original();
    const c = onOneBuffer(o);
    expect(Object.keys(c)).toEqual(Object.keys(o));
    expect([...c.bytes]).toEqual([1, 2, 3]);
    expect([...c.ints]).toEqual([7, -8, 9]);
    expect(Object.is(c.doubles[1], -0)).toBe(true);
    expect(c.doubles[2]).toBe(1e300);
    expect([...c.signed]).toEqual([-1, 127]);
    expect(c.empty.length).toBe(0);
    expect(c.name).toBe('side');
    expect(c.count).toBe(3);
    expect(c.doubles).toBeInstanceOf(Float64Array);
    expect(c.signed).toBeInstanceOf(Int8Array);
  });

  it('puts the arrays on one buffer, each aligned, without overlap', () => {
    const c = onOneBuffer(original());
    const arrays = [c.bytes, c.doubles, c.ints, c.empty, c.signed];
    for (const a of arrays) {
      expect(a.buffer).toBe(c.doubles.buffer);
      expect(a.byteOffset % a.BYTES_PER_ELEMENT).toBe(0);
    }
    // 3 + 24 + 12 + 0 + 2 bytes: the shared array is stored once.
    expect(c.doubles.buffer.byteLength).toBe(41);
    c.bytes.fill(0xff);
    c.signed.fill(0);
    expect([...c.ints]).toEqual([7, -8, 9]);
    expect(c.doubles[2]).toBe(1e300);
  });

  it('keeps two properties holding one array as one array, and leaves the original alone', () => {
    const o = original();
    const c = onOneBuffer(o);
    expect(c.again).toBe(c.ints);
    c.ints[0] = 42;
    expect(c.again[0]).toBe(42);
    expect(o.ints[0]).toBe(7);
  });
});
