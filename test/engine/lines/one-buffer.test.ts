import { describe, expect, it } from 'vitest';
import { onOneBuffer, Scratch } from '../../../src/engine/lines/one-buffer.ts';

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

describe('Scratch', () => {
  it('hands out zeroed, aligned arrays that onOneBuffer copies away before the next build', () => {
    const scratch = new Scratch();
    scratch.begin();
    const first = onOneBuffer({
      b: scratch.u8(3).fill(9),
      d: scratch.f64(2).fill(2.5),
      i: scratch.i32Of([4, -5]),
    });
    // The next build reuses the same bytes: zeroed again, and the copies keep their numbers.
    scratch.begin();
    const u = scratch.u8(3);
    const d = scratch.f64(2);
    const i = scratch.i32(2);
    expect([...u, ...d, ...i]).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(u.buffer).toBe(d.buffer);
    // 3 bytes, then the doubles from the next multiple of 8.
    expect(d.byteOffset).toBe(8);
    expect(i.byteOffset).toBe(24);
    i.fill(7);
    expect([...first.b, ...first.d, ...first.i]).toEqual([9, 9, 9, 2.5, 2.5, 4, -5]);
  });

  it('keeps the arrays of a build good when it outgrows its buffer', () => {
    const scratch = new Scratch();
    scratch.begin();
    const small = scratch.i32Of([1, 2, 3]);
    // More than the 64 KB it starts with: a new buffer, the earlier view untouched.
    const big = scratch.f64(10_000).fill(1);
    expect(big.buffer).not.toBe(small.buffer);
    expect([...small]).toEqual([1, 2, 3]);
    expect(big.length).toBe(10_000);
    const after = scratch.i32(2);
    expect(after.buffer).toBe(big.buffer);
    expect(after.byteOffset).toBe(80_000);
  });
});
