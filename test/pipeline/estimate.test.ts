/** A run's estimate before it starts (docs/scenarios.md "How big a run may be"). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  describeEstimate,
  duration,
  estimateRound,
  overCeiling,
  TIME_CEILING_SECONDS,
  type Estimate,
} from '../../src/pipeline/estimate.ts';
import { prepareOutput } from '../../src/pipeline/output.ts';
import { samplesByJob, totalShards } from '../../src/pipeline/shards.ts';
import type { Job } from '../../src/studies/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'debellator-estimate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('durations in words', () => {
  it('seconds, minutes, hours, days, years', () => {
    expect(duration(0.2)).toBe('1 s');
    expect(duration(45)).toBe('45 s');
    expect(duration(600)).toBe('10 min');
    expect(duration(3600)).toBe('1 h');
    expect(duration(5400)).toBe('1.5 h');
    expect(duration(19 * 86400)).toBe('19 days');
    // 10^14 samples at 10^6 a second: 10^8 s = 3.17 years.
    expect(duration(1e8)).toBe('3 years');
    expect(duration(Infinity)).toBe('forever');
  });
});

const estimate = (seconds: number, memoryBytes = 1e8): Estimate => ({
  samples: 1e14,
  shards: 1e8,
  seconds,
  memoryBytes,
  memoryCeiling: 4e9,
});

describe('the ceilings', () => {
  it('an hour of time, three quarters of the memory', () => {
    expect(overCeiling(estimate(TIME_CEILING_SECONDS))).toBeUndefined();
    expect(overCeiling(estimate(TIME_CEILING_SECONDS + 1))).toBe('more than 1 h');
    expect(overCeiling(estimate(10, 5e9))).toBe('more than 3.7 GB of memory');
  });

  it('one line with time, threads, samples, shards and memory', () => {
    expect(describeEstimate(estimate(19 * 86400, 290 * 1024 * 1024), 2)).toBe(
      'about 19 days on 2 threads: 1.0e14 samples in 1.0e8 shards, about 290 MB of memory',
    );
  });
});

describe('estimating a round', () => {
  // Two table jobs of one cell each (36 equally likely rolls, 2 joint outcomes): 3,500,000 samples in
  // shards of 1,000,000 = 4 shards, and 1,500 more samples of job 2 = 2 shards: 6 shards in all.
  const table = { codes: new Uint8Array(36).map((_, i) => i % 2), jointSize: 2 };
  const jobs: Job[] = [
    { id: 'a', kind: 'table', payload: table, seed: 's', samples: 3_500_000, shardSize: 1_000_000 },
    { id: 'b', kind: 'table', payload: table, seed: 's', samples: 1_500, shardSize: 1_000 },
  ];

  it('counts every sample and shard, and the later stages by kind', async () => {
    const e = await estimateRound(
      { jobs, samples: samplesByJob(jobs), shards: totalShards(jobs), later: new Map([['table', 500]]) },
      1,
    );
    expect(e.samples).toBe(3_500_000 + 1_500 + 500);
    expect(e.shards).toBe(6);
    expect(e.seconds).toBeGreaterThan(0);
    expect(e.memoryBytes).toBeGreaterThan(0);
    expect(e.memoryCeiling).toBeGreaterThan(0);
  });

  it('a slice counts only its share', async () => {
    // Shards [1, 5): job a's shards 1-3 (1,000,000 + 1,000,000 + 500,000) and job b's first (1,000).
    const samples = samplesByJob(jobs, 1, 5);
    expect(samples).toEqual([2_500_000, 1_000]);
    const e = await estimateRound({ jobs, samples, shards: 4, later: new Map() }, 2);
    expect(e.samples).toBe(2_501_000);
  });
});

describe('the report folder', () => {
  it('is refused before any work when its disk has too little room', () => {
    expect(() => prepareOutput(join(dir, 'r'), { needBytes: 2 ** 62 })).toThrow(
      /--out: the disk of .* has [\d,]+ MB free; a report needs about [\d,]+ MB/,
    );
  });
});
