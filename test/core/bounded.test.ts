/** The bounded caches of the hot paths forget their oldest entry when full. */
import { describe, expect, it } from 'vitest';
import { remember, WeighedCache } from '../../src/core/bounded.ts';

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

describe('WeighedCache', () => {
  it('forgets the entries put in first once their weights pass the budget', () => {
    const c = new WeighedCache<string, number>(10);
    c.set('a', 1, 4);
    c.set('b', 2, 4);
    expect([c.size, c.weight]).toEqual([2, 8]);
    c.set('c', 3, 4);
    // 12 > 10: 'a' goes, 8 stay.
    expect([c.get('a'), c.get('b'), c.get('c'), c.weight]).toEqual([undefined, 2, 3, 8]);
  });
  it('keeps an entry heavier than the whole budget, alone', () => {
    const c = new WeighedCache<string, number>(10);
    c.set('a', 1, 4);
    c.set('big', 2, 25);
    expect([c.get('a'), c.get('big'), c.size, c.weight]).toEqual([undefined, 2, 1, 25]);
  });
  it('putting a key in again replaces its weight', () => {
    const c = new WeighedCache<string, number>(10);
    c.set('a', 1, 4);
    c.set('b', 2, 4);
    c.set('a', 9, 2);
    expect([c.get('a'), c.get('b'), c.size, c.weight]).toEqual([9, 2, 2, 6]);
  });
});
