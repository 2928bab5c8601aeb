import { describe, expect, it } from 'vitest';
import {
  DIMENSIONS,
  signatureIndex,
  signatureOf,
  signatureSpace,
} from '../../../src/engine/lines/signature.ts';

describe('the combat signature (signature.ts)', () => {
  for (const [fa, fb] of [
    [1, 1],
    [2, 1],
    [3, 2],
  ] as const)
    it(`gives every index of a space with flank ranges ${fa} and ${fb} back from its values`, () => {
      const space = signatureSpace(fa, fb);
      expect(space.size).toBe(2 * 3 * 3 * 2 * 2 * fa * fb * 3 * 3 * 2 * 2);
      expect(space.plain).toBe(2 * 3 * 3 * 2 * 2 * fa * fb);
      for (let index = 0; index < space.size; index++) {
        const v = signatureOf(space, index);
        // The values' fields are the dimensions, in their order (one object shape for every index).
        expect(Object.keys(v)).toEqual(DIMENSIONS.map((d) => d.name));
        expect(signatureIndex(space, v)).toBe(index);
      }
    });

  it('knows the charge of each side: its own bound, it moved into contact, nothing else', () => {
    const space = signatureSpace(2, 2);
    const [a, b] = space.charge;
    expect(signatureOf(space, a)).toMatchObject({ owner: 0, movedA: 1, movedB: 0, overlapsA: 0, flankB: 0 });
    expect(signatureOf(space, b)).toMatchObject({ owner: 1, movedA: 0, movedB: 1, overlapsB: 0, shakenA: 0 });
    expect(a).toBe(space.strides[3]);
    expect(b).toBe(space.strides[0]! + space.strides[4]!);
  });

  it('refuses a value outside its dimension', () => {
    const space = signatureSpace(1, 1);
    expect(() => signatureIndex(space, { ...signatureOf(space, 0), overlapsA: 3 })).toThrow(/overlapsA/);
  });
});
