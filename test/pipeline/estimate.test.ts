/** A run's estimate before it starts (docs/scenarios.md "How big a run may be"). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  describeEstimate,
  duration,
  estimateRound,
  Estimator,
  HEAP_FACTOR,
  modelMemory,
  modelSeconds,
  othersOf,
  MIN_JUDGED_CPU_SECONDS,
  busyBetween,
  COLLECTOR_SHARE,
  heapPressure,
  overCeiling,
  PARALLEL_EFFICIENCY,
  ratesOf,
  runRates,
  JIT_GAIN,
  sampleWeights,
  speedUp,
  spreadOrder,
  TIME_CEILING_SECONDS,
  WORKER_BASE_BYTES,
  WORKER_HEAP_LEVEL,
  WORKER_HEAP_OVERHEAD_BYTES,
  type Estimate,
  type KindWork,
} from '../../src/pipeline/estimate.ts';
import { runScenario } from '../../src/pipeline/run.ts';
import { loadScenarioText } from '../../src/pipeline/scenario.ts';
import { jobKindOf } from '../../src/studies/kernels.ts';
import { prepareOutput } from '../../src/pipeline/output.ts';
import { samplesByJob, totalShards } from '../../src/pipeline/shards.ts';
import type { Job } from '../../src/studies/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'debellator-estimate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('durations in words', () => {
  it('seconds, minutes, hours, days, years', () => {
    expect(duration(0.2)).toBe('1 s');
    expect(duration(45)).toBe('45 s');
    // Under 10 minutes, to the half minute.
    expect(duration(100)).toBe('1.5 min');
    expect(duration(240)).toBe('4 min');
    expect(duration(262)).toBe('4.5 min');
    expect(duration(590)).toBe('10 min');
    expect(duration(600)).toBe('10 min');
    expect(duration(660)).toBe('11 min');
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
      {
        jobs,
        samples: samplesByJob(jobs),
        shards: totalShards(jobs),
        later: new Map([['table', { samples: 500, setups: 0 }]]),
      },
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

const MB = 1024 ** 2;

describe('the time model', () => {
  const work = new Map([['balance', { samples: 1000, setups: 100, contexts: 10 }]]);
  const rates = new Map([['balance', { perSample: 1e-4, perSetup: 1e-3, perContext: 2e-3 }]]);

  it('one thread: samples, setups and contexts at their rates', () => {
    // 1,000 x 0.1 ms + 100 x 1 ms + 10 x 2 ms = 0.1 + 0.1 + 0.02 s.
    expect(modelSeconds(work, rates, { threads: 1 })).toBeCloseTo(0.22, 10);
    // A kind never measured: a millisecond a sample.
    expect(modelSeconds(new Map([['x', { samples: 500, setups: 9 }]]), rates, { threads: 1 })).toBeCloseTo(
      0.5,
    );
  });

  it('more threads share samples and setups, each builds every context and starts', () => {
    // 2 threads on 2 free cores: speed-up 2 x 0.9 = 1.8. Processor seconds: 0.2 shared + 2 x (0.02 of
    // contexts + 1 of start-up) = 2.24; / 1.8 = 1.2444 s, and 0.5 s to start the threads.
    expect(speedUp({ threads: 2, cores: 2 })).toBeCloseTo(2 * PARALLEL_EFFICIENCY, 10);
    expect(modelSeconds(work, rates, { threads: 2, cores: 2, warmUp: 1, start: 0.5 })).toBeCloseTo(
      2.24 / 1.8 + 0.5,
      10,
    );
    // Started threads (a later round): no start-up. 0.2 + 2 x 0.02 = 0.24 / 1.8.
    expect(modelSeconds(work, rates, { threads: 2, cores: 2 })).toBeCloseTo(0.24 / 1.8, 10);
  });

  it('the contexts of a kind with an affinity are built once, by the thread its jobs go to', () => {
    // 0.2 s of samples and setups and 0.02 s of contexts, all shared: 0.22 / 1.8, where every thread
    // building every context takes 0.24 / 1.8.
    const once = new Map([['balance', { ...work.get('balance')!, contextsOnce: true }]]);
    expect(modelSeconds(once, rates, { threads: 2, cores: 2 })).toBeCloseTo(0.22 / 1.8, 10);
    expect(modelSeconds(once, rates, { threads: 1 })).toBeCloseTo(0.22, 10);
  });

  it("heaps at their ceiling add their collectors' share to the samples and setups", () => {
    // Setups of 10 kB: 100 of them keep 1.1 x 1 MB, 0.55 MB a thread of 2, against a 2.2 MB ceiling:
    // a quarter full. Samples and setups take 0.2 s, their collectors a quarter of COLLECTOR_SHARE more.
    const weighed = new Map([['balance', { ...rates.get('balance')!, bytesPerSetup: 10_000 }]]);
    const p = heapPressure(work, weighed, 2, 2.2e6);
    expect(p).toBeCloseTo(1 / 4, 10);
    expect(modelSeconds(work, rates, { threads: 2, cores: 2, heapPressure: p })).toBeCloseTo(
      (0.2 * (1 + COLLECTOR_SHARE / 4) + 2 * 0.02) / 1.8,
      10,
    );
    // A heap cannot be fuller than its ceiling, nor a worker's than where it levels off.
    expect(heapPressure(work, weighed, 1, 1e5)).toBe(1);
    expect(heapPressure(work, weighed, 2, 1e5)).toBe(WORKER_HEAP_LEVEL);
  });

  it('a busy machine gives each thread its share of the processors', () => {
    // 2 other threads on 2 cores: each of 2 threads gets 2 / 4 of a processor: 2 x 0.5 x 0.9 = 0.9.
    expect(speedUp({ threads: 2, cores: 2, others: 2 })).toBeCloseTo(0.9, 10);
    // One thread beside one other on 2 cores has a processor to itself.
    expect(speedUp({ threads: 1, cores: 2, others: 1 })).toBe(1);
    // 4 threads on 2 cores: 4 x 0.5 x 0.9.
    expect(speedUp({ threads: 4, cores: 2 })).toBeCloseTo(1.8, 10);
  });

  it("the others: other processes' work over the pilots, over the share of a processor the pilots got", () => {
    const pilot = (cpu: number, wait: number) => ({
      samples: 1,
      setups: 0,
      contexts: 0,
      first: cpu / 3,
      fresh: cpu / 3,
      warm: cpu / 3,
      wait,
    });
    // A quiet 2-core machine (the small study's pilots): other processes did nothing (busy 1, this
    // thread alone), but this process's JIT and collector threads kept the pilots waiting 0.035 s of
    // 0.209 s (a share of 0.83): no others. (Judged by the waits alone: 2 / 0.83 - 1 = 1.4 others.)
    expect(othersOf([pilot(0.174, 0.035)], 2, 1, 0)).toBe(0);
    // So 2 threads run at 2 x 0.9 = 1.8 processors' worth, not 2 x 2 / 3.4 x 0.9 = 1.06.
    expect(speedUp({ threads: 2, cores: 2, others: othersOf([pilot(0.174, 0.035)], 2, 1, 0) })).toBeCloseTo(
      1.8,
      10,
    );
    // Other processes did 1.2 processors' worth while the pilots got 0.6 of one when they could run:
    // each of them got as much, so there were 1.2 / 0.6 = 2 of them.
    expect(othersOf([pilot(0.3, 0.1), pilot(0.3, 0.3)], 2, 2.2, 0)).toBeCloseTo(2, 10);
    // Never waiting: what the others did is what they wanted (0.3 of a processor).
    expect(othersOf([pilot(0.3, 0)], 2, 1.3, 0)).toBeCloseTo(0.3, 10);
    // Pilots too short to time (a tiny job) do not scale it: never infinitely many others.
    expect(MIN_JUDGED_CPU_SECONDS).toBe(0.02);
    expect(othersOf([pilot(0, 0.01)], 2, 1.6, 0)).toBeCloseTo(0.6, 10);
    // No tick counts (not Linux, or too short a span): the load average less this thread, at most a
    // thread a processor beside it.
    expect(othersOf([pilot(0.3, 0.1)], 2, undefined, 1.6)).toBeCloseTo(0.6, 10);
    expect(othersOf([pilot(0.3, 0)], 2, undefined, 9)).toBe(1);
    expect(othersOf([pilot(0.3, 0)], 2, undefined, 0.2)).toBe(0);
  });

  it('how busy the machine was over the pilots, from its tick counts (not the trailing load average)', () => {
    // 400 ticks over 2 processors, 260 busy of which 200 this process's: other processes did 60, 0.3 of
    // a processor; with this thread, 1.3 (the load average's terms).
    expect(
      busyBetween({ busy: 1000, total: 5000, own: 50 }, { busy: 1260, total: 5400, own: 250 }, 2),
    ).toBeCloseTo(1.3, 10);
    const unhurried = { samples: 1, setups: 0, contexts: 0, first: 0.1, fresh: 0.1, warm: 0.1, wait: 0 };
    const busy = busyBetween({ busy: 0, total: 0, own: 0 }, { busy: 260, total: 400, own: 200 }, 2)!;
    expect(othersOf([unhurried], 2, busy, 0)).toBeCloseTo(0.3, 10);
    // Too short a span to tell, or no readings: undefined (the load average is used instead).
    expect(busyBetween({ busy: 0, total: 0, own: 0 }, { busy: 20, total: 40, own: 0 }, 2)).toBeUndefined();
    expect(busyBetween(undefined, { busy: 20, total: 400, own: 0 }, 2)).toBeUndefined();
  });

  it('rates: sums over the pilots, setups fresh less warm, contexts first less fresh', () => {
    const r = ratesOf([
      { samples: 100, setups: 10, contexts: 10, first: 0.05, fresh: 0.03, warm: 0.01, wait: 0 },
      { samples: 300, setups: 30, contexts: 0, first: 0.06, fresh: 0.06, warm: 0.03, wait: 0 },
    ]);
    // Samples: (0.01 + 0.03) / 400; setups: (0.02 + 0.03) / 40; contexts: 0.02 / 10 (the second met none).
    expect(r.perSample).toBeCloseTo(1e-4, 12);
    expect(r.perSetup).toBeCloseTo(1.25e-3, 12);
    expect(r.perContext).toBeCloseTo(2e-3, 12);
  });

  it('a pilot that met no new context counts its first run beyond its fresh one to its setups', () => {
    // Army jobs: one set-up each (deploying the armies, laying out the battle, the tables no earlier job
    // built), only ever run first. Two pilots of 100 battles: first runs 32 and 40 ms, repeats 22 and
    // 26 ms. Battles: 48 ms / 200 = 240 us; set-ups: (10 + 14) ms / 2 = 12 ms.
    const r = ratesOf([
      { samples: 100, setups: 1, contexts: 0, first: 0.032, fresh: 0.022, warm: 0.022, wait: 0 },
      { samples: 100, setups: 1, contexts: 0, first: 0.04, fresh: 0.026, warm: 0.026, wait: 0 },
    ]);
    expect(r.perSample).toBeCloseTo(2.4e-4, 12);
    expect(r.perSetup).toBeCloseTo(1.2e-2, 12);
    expect(r.perContext).toBe(0);
  });

  it("a run's rates: samples and setups at the JIT's gain, setups at the kind's share, contexts as timed", () => {
    const pilots = { perSample: 2.4e-4, perSetup: 1.2e-2, perContext: 3e-3 };
    // The army kind pays 0.4 of its pilots' cold set-up in a run: 12 ms x 0.75 x 0.4 = 3.6 ms.
    const army = runRates(pilots, jobKindOf('army').setupShare);
    expect(army.perSample).toBeCloseTo(2.4e-4 * 0.75, 12);
    expect(army.perSetup).toBeCloseTo(3.6e-3, 12);
    expect(army.perContext).toBe(3e-3);
    // A balance job's line-ups, laid out again at each count, are set up in a run at 0.6 of what its
    // pilots' take (they meet their Battles' shapes cold): 12 ms x 0.75 x 0.6 = 5.4 ms.
    expect(jobKindOf('balance').setupShare).toBe(0.6);
    expect(runRates(pilots, 0.6).perSetup).toBeCloseTo(1.2e-2 * JIT_GAIN * 0.6, 12);
    expect(runRates(pilots, 0.6).perSetup).toBeCloseTo(5.4e-3, 12);
  });

  it("the progress bar's weights: a kind's seconds per sample, its setups and contexts spread over them", () => {
    const work = new Map<string, KindWork>([
      ['army', { samples: 1_000, setups: 10, contexts: 0 }],
      ['balance', { samples: 100_000, setups: 1_000, contexts: 100 }],
      ['table', { samples: 0, setups: 0 }],
    ]);
    const rates = new Map([
      ['army', { perSample: 2e-4, perSetup: 1e-2, perContext: 0 }],
      ['balance', { perSample: 1e-5, perSetup: 1e-4, perContext: 1e-3 }],
    ]);
    // Army: (0.2 + 0.1) s / 1,000 = 300 us; balance: (1 + 0.1 + 0.1) s / 100,000 = 12 us; no samples: none.
    const w = sampleWeights(work, rates);
    expect([...w.keys()]).toEqual(['army', 'balance']);
    expect(w.get('army')).toBeCloseTo(3e-4, 12);
    expect(w.get('balance')).toBeCloseTo(1.2e-5, 12);
  });

  it('pilots cut short still sample the whole round', () => {
    expect(spreadOrder([0, 1, 2, 3, 4, 5, 6, 7], 8)).toEqual([0, 4, 2, 6, 1, 5, 3, 7]);
    expect(spreadOrder(['a', 'b', 'c'], 2)).toEqual(['a', 'b']);
    expect(spreadOrder([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 3)).toEqual([0, 5, 2]);
  });
});

describe('the memory model', () => {
  const rates = new Map([['balance', { perSample: 0, perSetup: 0, perContext: 0, bytesPerSetup: 10_000 }]]);
  const base = { processBytes: 200 * MB, heapCeiling: 1536 * MB, countsBytes: 5 * MB };

  it('worker threads: each its base and its share of the setups, times the heap factor', () => {
    // 20,000 setups x 10,000 bytes = 200 MB kept; 2 threads keep 100 MB each, x 1.1 = 110 MB, on a
    // base of 80 MB: 200 + 2 x (80 + 110) + 5 MB.
    const work = new Map([['balance', { samples: 1e6, setups: (20_000 * MB) / 1e6 }]]);
    expect(WORKER_BASE_BYTES).toBe(80 * MB);
    expect(HEAP_FACTOR).toBe(1.1);
    const kept = ((20_000 * MB) / 1e6) * 10_000;
    expect(modelMemory(work, rates, 2, base)).toBeCloseTo(
      200 * MB + 2 * (80 * MB + (1.1 * kept) / 2) + 5 * MB,
      0,
    );
  });

  it("a worker's heap levels off below its ceiling", () => {
    // 10^6 setups: 10 GB kept, far above the ceiling: each thread holds its base, 0.3 of the
    // ceiling (its bounded caches, and the collector's room) and the overhead.
    const work = new Map([['balance', { samples: 1e7, setups: 1e6 }]]);
    expect(WORKER_HEAP_LEVEL).toBe(0.3);
    expect(modelMemory(work, rates, 2, base)).toBeCloseTo(
      200 * MB + 2 * (WORKER_BASE_BYTES + 0.3 * 1536 * MB + WORKER_HEAP_OVERHEAD_BYTES) + 5 * MB,
      0,
    );
    // Such a worker's collector works at that share of the ceiling; one thread's heap fills its limit.
    expect(heapPressure(work, rates, 2, 1536 * MB)).toBe(0.3);
    expect(heapPressure(work, rates, 1, 1536 * MB)).toBe(1);
  });

  it('one thread: the heap grows in this process, up to its limit', () => {
    const work = new Map([['balance', { samples: 1e6, setups: 1000 }]]);
    // 1,000 x 10,000 x 1.1 = 11,000,000 bytes.
    expect(modelMemory(work, rates, 1, base)).toBe(200 * MB + 11_000_000 + 5 * MB);
    expect(modelMemory(new Map([['balance', { samples: 1, setups: 1e9 }]]), rates, 1, base)).toBe(
      200 * MB + 1536 * MB + 5 * MB,
    );
  });
});

/**
 * The estimate's inputs against a run: a small balance study (4 elements against the default field of
 * 43, one version, 2 depth policies) run to the end on one thread. The first estimate's samples, setups
 * and contexts for the whole run are what the design expects of its later stages; the run then counts
 * what it did. (Its time and memory against the run's are benchmarks: bench/study.ts.)
 */
describe('the estimate of a small balance study', () => {
  const SCENARIO = `name: est
rules: dbm-3.2
seed: 9
studies:
  - kind: balance
    name: est
    title: est
    versions: [dbm-3.2]
    elements: [Reg Bd(O), Irr Kn(O), Reg Bw(O), Irr LH(O)]
    grid: { budget: [60], depth: [support, best], terrain: [mixed] }
    engagements: { pilot: 8, final: 16 }
`;

  it('expects the samples, setups and contexts the run then does', async () => {
    const loaded = loadScenarioText(SCENARIO, 'est.yaml');
    const estimator = new Estimator();
    let first: ReadonlyMap<string, KindWork> | undefined;
    const did = { samples: 0, setups: 0 };
    const contexts = new Set<string>();
    await runScenario(loaded, {
      threads: 1,
      beforeRound: async (work) => {
        const e = await estimator.round(work, 1);
        first ??= estimator.expected;
        expect(e.seconds).toBeGreaterThan(0);
        for (const j of work.jobs) {
          did.samples += j.samples;
          did.setups += jobKindOf(j.kind).setups(j.payload);
          for (const c of jobKindOf(j.kind).contexts(j.payload)) contexts.add(c);
        }
      },
    });
    const expected = first!.get('balance')!;
    // 4 elements x 2 depth policies = 8 units, each against the 43 opponents in mixed terrain: 4 x 43
    // = 172 contexts (the element against an opponent; depth policies share them), all met in the first
    // round.
    expect(expected.contexts).toBe(172);
    expect(contexts.size).toBe(172);
    // The design's expectation of its later stages holds within 30%.
    expect(expected.samples / did.samples).toBeGreaterThan(0.7);
    expect(expected.samples / did.samples).toBeLessThan(1.3);
    expect(expected.setups / did.setups).toBeGreaterThan(0.7);
    expect(expected.setups / did.setups).toBeLessThan(1.3);
    // The pilots measured every rate, and what a line-up keeps. Here its fresh line-ups meet pairs of
    // templates already built and caches already full (line-ups are kept up to a count), so a setup
    // keeps a few kilobytes at most and may weigh 0 within the collector's noise: never a heap's worth.
    const r = estimator.measured.get('balance')!;
    expect(r.perSample).toBeGreaterThan(0);
    expect(r.bytesPerSetup).toBeGreaterThanOrEqual(0);
    expect(r.bytesPerSetup).toBeLessThan(50_000);
  }, 60_000);
});

describe('the report folder', () => {
  it('is refused before any work when its disk has too little room', () => {
    expect(() => prepareOutput(join(dir, 'r'), { needBytes: 2 ** 62 })).toThrow(
      /--out: the disk of .* has [\d,]+ MB free; a report needs about [\d,]+ MB/,
    );
  });
});
