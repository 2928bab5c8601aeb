import { describe, expect, it } from 'vitest';
import { rankByEdge } from '../../../src/engine/lines/rank.ts';

describe('rankByEdge (owner-best-first order of a bound)', () => {
  it("ranks columns by the owner's edge, best first, ties in the order the columns came", () => {
    const edge = Float64Array.from([0.1, -0.2, 0.1, 0.5, 0, 0.1]);
    // Right to left, as in an even bound; column 4 is not fighting.
    const order = Int32Array.from([5, 3, 2, 1, 0, 9]);
    rankByEdge(order, 5, edge);
    expect(Array.from(order)).toEqual([3, 5, 2, 0, 1, 9]);
  });

  it('leaves one combat, or none, as it is', () => {
    const order = Int32Array.from([2, 7]);
    rankByEdge(order, 1, Float64Array.from([0, 0, 1]));
    expect(Array.from(order)).toEqual([2, 7]);
    rankByEdge(order, 0, Float64Array.from([0, 0, 1]));
    expect(Array.from(order)).toEqual([2, 7]);
  });
});
