/** The shard space: fixed-size shards and `--shard i/n` slices that cover it exactly once. */
import { describe, expect, it } from 'vitest';
import { allShards, parseSlice, SHARD_SIZE, sliceOf, type Job } from '../../src/run/shards.ts';

const job = (samples: number): Job => ({ kind: 'table', payload: null, seed: 's', samples });

describe('shards', () => {
  it('cuts each job into full shards and one remainder, job by job', () => {
    const refs = allShards([job(2 * SHARD_SIZE + 5), job(0), job(7)]);
    expect(refs.map((r) => [r.job, r.shard, r.samples])).toEqual([
      [0, 0, SHARD_SIZE],
      [0, 1, SHARD_SIZE],
      [0, 2, 5],
      [2, 0, 7],
    ]);
  });

  it('slices 1/3, 2/3, 3/3 are disjoint, contiguous and cover every shard', () => {
    const items = Array.from({ length: 10 }, (_, i) => i);
    const parts = [1, 2, 3].map((index) => sliceOf(items, { index, count: 3 }));
    expect(parts).toEqual([
      [0, 1, 2],
      [3, 4, 5],
      [6, 7, 8, 9],
    ]);
  });

  it('more slices than shards leaves some slices empty, still covering everything once', () => {
    const parts = [1, 2, 3, 4].map((index) => sliceOf(['x', 'y'], { index, count: 4 }));
    expect(parts.flat()).toEqual(['x', 'y']);
  });

  it('parses i/n with 1 <= i <= n only', () => {
    expect(parseSlice('2/4')).toEqual({ index: 2, count: 4 });
    expect(parseSlice('0/4')).toBeUndefined();
    expect(parseSlice('5/4')).toBeUndefined();
    expect(parseSlice('2-4')).toBeUndefined();
  });
});
