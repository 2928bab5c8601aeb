/** The bounded caches of the hot paths forget their oldest entry when full. */
import { describe, expect, it } from 'vitest';
import { remember } from '../../src/core/bounded.ts';

describe('remember', () => {
  it('keeps at most cap entries, forgetting the first put in', () => {
    const m = new Map<string, number>();
    for (const [i, k] of ['a', 'b', 'c', 'd'].entries()) remember(m, k, i, 3);
    expect([...m.keys()]).toEqual(['b', 'c', 'd']);
  });
  it('replacing a key already there forgets nothing', () => {
    const m = new Map([
      ['a', 1],
      ['b', 2],
    ]);
    expect(remember(m, 'a', 9, 2)).toBe(9);
    expect([...m.entries()]).toEqual([
      ['a', 9],
      ['b', 2],
    ]);
  });
});
