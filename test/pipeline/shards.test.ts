/** The shard space: fixed-size shards, counted lazily, and `--shard i/n` slices that cover it exactly once. */
import { describe, expect, it } from 'vitest';
import {
  parseSlice,
  samplesByJob,
  samplesIn,
  shardRange,
  sliceRange,
  totalShards,
} from '../../src/pipeline/shards.ts';
import type { Job } from '../../src/studies/index.ts';

const job = (samples: number, shardSize = 100): Job => ({
  id: `j${samples}`,
  kind: 'table',
  payload: null,
  seed: 's',
  samples,
  shardSize,
});

describe('shards', () => {
  it('cuts each job into full shards and one remainder, job by job', () => {
    const refs = [...shardRange([job(205), job(0), job(7)])];
    expect(refs.map((r) => [r.job, r.shard, r.samples])).toEqual([
      [0, 0, 100],
      [0, 1, 100],
      [0, 2, 5],
      [2, 0, 7],
    ]);
  });

  it('a range of the global order starts and stops inside jobs', () => {
    const jobs = [job(250), job(300)];
    expect([...shardRange(jobs, 2, 4)].map((r) => [r.job, r.shard])).toEqual([
      [0, 2],
      [1, 0],
    ]);
    expect(totalShards(jobs)).toBe(6);
  });

  it('slices 1/3, 2/3, 3/3 of 10 shards are disjoint, contiguous and cover every shard', () => {
    expect([1, 2, 3].map((index) => sliceRange(10, { index, count: 3 }))).toEqual([
      { start: 0, end: 3 },
      { start: 3, end: 6 },
      { start: 6, end: 10 },
    ]);
  });

  it('a billion shards are walked lazily: the last slice of a huge run starts at once', () => {
    const huge = [job(1e12, 1000)];
    const { start } = sliceRange(totalShards(huge), { index: 100000, count: 100000 });
    const first = shardRange(huge, start).next().value;
    expect(first).toEqual({ job: 0, shard: start, samples: 1000 });
  });

  it('counts the samples of a range per job in closed form', () => {
    // Shards: job 0 = 100, 100, 5 (global 0-2); job 1 none; job 2 = 7 (global 3).
    // [1, 4): job 0 shards 1 and 2 = 100 + 5 = 105; job 2 shard 0 = 7.
    const jobs = [job(205), job(0), job(7)];
    expect(samplesByJob(jobs, 1, 4)).toEqual([105, 0, 7]);
    expect(samplesIn(jobs, 0, Infinity)).toBe(212);
    // The same as walking the shards one by one.
    let walked = 0;
    for (const r of shardRange(jobs, 1, 4)) walked += r.samples;
    expect(walked).toBe(105 + 7);
    // 10^12 samples in shards of 1,000: slice 2 of 3 holds shards [333,333,333, 666,666,666) of
    // 10^9, i.e. 333,333,333 full shards = 333,333,333,000 samples, without walking them.
    const huge = [job(1e12, 1000)];
    const { start, end } = sliceRange(totalShards(huge), { index: 2, count: 3 });
    expect(samplesIn(huge, start, end)).toBe(333_333_333_000);
  });

  it('parses i/n with 1 <= i <= n <= 100,000 only', () => {
    expect(parseSlice('2/4')).toEqual({ index: 2, count: 4 });
    expect(parseSlice('0/4')).toBeUndefined();
    expect(parseSlice('5/4')).toBeUndefined();
    expect(parseSlice('2-4')).toBeUndefined();
    expect(parseSlice('1/10000000')).toBeUndefined();
  });
});
