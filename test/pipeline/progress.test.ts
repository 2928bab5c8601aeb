/** The progress line: study and stage, percentage, rate and time left; silent off a terminal. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Progress, unitOf, workOf, workProgress } from '../../src/pipeline/progress.ts';
import { runScenario, type RoundWork } from '../../src/pipeline/run.ts';
import { loadScenarioFile } from '../../src/pipeline/scenario.ts';

describe('progress bar', () => {
  it('shows half done at 1M samples/s with 5 s left', () => {
    expect(Progress.line(5_000_000, 10_000_000, 1_000_000, 'samples', '', 10)).toBe(
      '[#####-----]  50.0% 5.00M/10.00M samples 1.00M/s ETA 00:05',
    );
  });

  it('writes nothing when stderr is not a terminal, or when quiet', () => {
    const out: string[] = [];
    const sink = { isTTY: false, write: (s: string) => out.push(s) };
    new Progress(10, sink).tick(10);
    new Progress(10, { ...sink, isTTY: true }, true).tick(10);
    expect(out).toEqual([]);
  });

  it('draws on a terminal and clears the line at the end', () => {
    const out: string[] = [];
    const p = new Progress(10, { isTTY: true, write: (s: string) => out.push(s) });
    p.tick(10);
    p.end();
    expect(out[0]).toMatch(/^\r\[#+\] 100\.0%/);
    expect(out.at(-1)).toBe('\r\x1b[2K');
  });
});

describe('progress bar across rounds and studies', () => {
  /** A bar on a fake terminal with a clock the test moves. */
  function bar(columns?: number) {
    let t = 0;
    const out: string[] = [];
    const p = new Progress(
      0,
      { isTTY: true, ...(columns ? { columns } : {}), write: (s: string) => out.push(s) },
      false,
      'bal',
      () => t,
    );
    return { p, out, at: (ms: number) => (t = ms) };
  }

  it('names the study and stage, and counts engagements for engagement and balance jobs', () => {
    const { p } = bar();
    p.round({ samples: 100, kinds: new Set(['balance']), studies: ['costs: pilot and bracket'], later: 0 });
    expect(p.current()).toMatch(/^bal costs: pilot and bracket \[-+\] +0\.0% 0\/100 engagements /);
    p.round({ samples: 10, kinds: new Set(['table']), studies: ['odds', 'matrix'], later: 0 });
    expect(p.current()).toMatch(/^bal odds \+1 more \[.* samples /);
    p.round({ samples: 10, kinds: new Set(['table', 'engagement']), studies: ['x'], later: 0 });
    expect(p.current()).toMatch(/ samples and engagements /);
  });

  it('does not name a study twice when it is named like its scenario', () => {
    const { p } = bar();
    p.round({ samples: 100, kinds: new Set(['balance']), studies: ['bal: final and refinement'], later: 0 });
    expect(p.current()).toMatch(/^bal: final and refinement \[/);
    p.round({ samples: 100, kinds: new Set(['engagement']), studies: ['bal'], later: 0 });
    expect(p.current()).toMatch(/^bal \[/);
  });

  it('the time left counts the later rounds a study expects, so it does not stall between rounds', () => {
    const { p, at } = bar();
    // Round 1: 100 engagements now, the study expects 900 more later. 100 done in 10 s: 10/s, so
    // 900 left take 90 s (without the estimate the bar would say 00:00 here, then jump).
    p.round({ samples: 100, kinds: new Set(['balance']), studies: ['costs: pilot and bracket'], later: 900 });
    at(10_000);
    p.tick(100);
    expect(p.current()).toMatch(/ 10\.0% 100\/1\.0k engagements 10\/s ETA 01:30$/);
    // Round 2 turns out to be 500 with nothing after it: total 600, 500 left at 10/s = 50 s.
    p.round({ samples: 500, kinds: new Set(['balance']), studies: ['costs: final'], later: 0 });
    expect(p.current()).toMatch(/^bal costs: final .* 100\/600 engagements 10\/s ETA 00:50$/);
    // 250 more in the next 10 s: the last half minute's rate is 350/20 s = 17.5/s; 250 left: 14 s.
    at(20_000);
    p.tick(250);
    expect(p.current()).toMatch(/ 350\/600 engagements 18\/s ETA 00:14$/);
  });

  it('shortens the label to fit the terminal', () => {
    const { p } = bar(80);
    p.round({ samples: 10, kinds: new Set(['table']), studies: ['a-very-long-study-name-indeed'], later: 0 });
    expect(p.current().length).toBe(79);
    expect(p.current()).toMatch(/^bal a-very-long-\S*\u2026 \[/);
  });
});

describe('progress weighed by the cost of each kind of sample', () => {
  // An army battle costs 100 times a balance engagement: 1,000 battles at 2 ms (2 s of work) and
  // 100,000 engagements at 20 us (2 s): half the work is battles, though they are 1% of the samples.
  const weights = new Map([
    ['army', 2e-3],
    ['balance', 2e-5],
  ]);
  const total = new Map([
    ['army', 1_000],
    ['balance', 100_000],
  ]);

  it('weighs samples by kind, an unknown kind at the mean weight and none at 1', () => {
    expect(workOf(total, weights)).toBeCloseTo(4, 12);
    expect(workOf(new Map([['table', 10]]), weights)).toBeCloseTo(10 * 1.01e-3, 12);
    expect(workOf(new Map([['table', 10]]), new Map())).toBe(10);
  });

  it('counts the work left, not the samples left, at the rate work is done', () => {
    // 500 battles and 20,000 engagements done: 1 s + 0.4 s of 4 s. Done in 2.8 s of clock (2 threads
    // at a quarter of their speed, say): 0.5 work-seconds a second, so 2.6 s of work take 5.2 s.
    const done = new Map([
      ['army', 500],
      ['balance', 20_000],
    ]);
    const p = workProgress(total, done, weights, 1.4 / 2.8);
    expect(p.fraction).toBeCloseTo(0.35, 12);
    expect(p.secondsLeft).toBeCloseTo(5.2, 12);
    // By samples it would be 20,500 of 101,000 done at 7,321/s: 80,500 left in 11 s, twice too long.
    expect(workProgress(total, done, new Map(), 20_500 / 2.8).secondsLeft).toBeCloseTo(11, 0);
  });

  it('the bar shows samples, but its percentage and time left are of the work', () => {
    let t = 0;
    const p = new Progress(0, { isTTY: true, write: () => 0 }, false, 'x', () => t);
    p.round({
      samples: 101_000,
      kinds: new Set(['army', 'balance']),
      studies: ['armies'],
      later: 0,
      samplesByKind: total,
      laterByKind: new Map(),
    });
    p.weigh(weights);
    // The battles run first: 200 in 10 s, 0.4 s of work, 0.04 a second; 3.6 s of work left: 90 s.
    t = 10_000;
    p.tick(200, 'army');
    expect(p.current()).toMatch(/ 10\.0% 200\/101\.0k engagements 20\/s ETA 01:30$/);
    // Then every engagement in 10 s more: 100,000 of them are 2 s of work, 300 battles 0.6 s: 3 s of
    // the 4 done (75%, though 99.5% of the samples). Over the last 20 s, 0.15 s of work a second; the
    // last 500 battles are 1 s of work: 6.7 s.
    t = 20_000;
    p.tick(300, 'army');
    p.tick(100_000, 'balance');
    expect(p.current()).toMatch(/ 75\.0% 100\.5k\/101\.0k engagements 5\.0k\/s ETA 00:07$/);
  });
});

describe('the runner tells the bar what each round is', () => {
  it('a balance study names its stage and estimates its later rounds', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'debellator-progress-'));
    const file = join(dir, 'bal.yaml');
    writeFileSync(
      file,
      `name: bal
rules: dbm-3.2
seed: 2
studies:
  - kind: balance
    name: costs
    versions: [dbm-3.1, dbm-3.2]
    elements: [Reg Bd(O), Reg Ax(O), Irr Kn(O)]
    field: [Reg Bd(O), Irr Kn(O), Reg Sp(O)]
    grid: { budget: [40], depth: [support], terrain: [open] }
    engagements: { pilot: 8, final: 16 }
  - kind: engagement
    name: mirror
    samples: 200
    a: 4 files of Reg Bd(O)
    b: 4 files of Reg Bd(O)
`,
    );
    const rounds: RoundWork[] = [];
    await runScenario(loadScenarioFile(file, {}), { threads: 1, onWork: (w) => rounds.push(w) });
    const first = rounds[0]!;
    expect(first.studies).toEqual(['costs: pilot and bracket', 'mirror']);
    expect(unitOf(first.kinds)).toBe('engagements');
    // 6 units (2 versions x 3 elements), each in its pilot (1 depth x 8 engagements x 3 opponents = 24)
    // expecting a final design (5 counts x 16 x 3 = 240) with half as much again for widening and
    // refinement (120), one bracket step (8 x 3 = 24) and the evidence at the book count (16 x 3 = 48:
    // docs/balance.md "The evidence") later: now 6 x 24 + 200 = 344, later 6 x 432.
    expect([first.samples, first.later]).toEqual([344, 2592]);
    const last = rounds.at(-1)!;
    expect([last.studies, last.later]).toEqual([['costs: final and refinement'], 0]);
    // The estimate is of the right size: what the later rounds drew. Refinement cannot be foreseen, and a
    // field of three opponents needs much more of it than the default field of 43, hence the wide margin.
    const drawn = rounds.slice(1).reduce((t, r) => t + r.samples, 0);
    expect(drawn / first.later).toBeGreaterThan(0.5);
    expect(drawn / first.later).toBeLessThan(2.5);
  }, 60_000);
});
