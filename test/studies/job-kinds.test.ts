/** The job kinds (studies/job-kind.ts, studies/jobs/): one object per kind, payloads checked at the door. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { BalancePayload } from '../../src/studies/balance/design.ts';
import {
  countsLength,
  countsProblem,
  JOB_KINDS,
  jobKindOf,
  pilotTask,
  runShard,
  samplesHeld,
  systemOf,
} from '../../src/studies/kernels.ts';
import { PER_OPPONENT } from '../../src/studies/balance/curves.ts';
import { loadScenarioText } from '../../src/pipeline/scenario.ts';
import { jobConfig, matchupJobs } from '../../src/studies/army/design.ts';
import type { ArmyPlan } from '../../src/studies/army/plan.ts';
import { armiesRecordLayout, recordLayout } from '../../src/studies/army/record.ts';
import { readStructuredFile } from '../../src/pipeline/structured-file.ts';
import { fitArmy } from '../../src/systems/dbm/army/build.ts';
import { armyBattle } from '../../src/systems/dbm/army/deploy.ts';

const DBM = { id: 'dbm', source: 'built-in' };

// A table of 4 equally likely combinations whose joint codes are 0, 1, 1 and 3 (of 4 joint outcomes).
const table = { codes: Uint8Array.of(0, 1, 1, 3), jointSize: 4 };

const balance: BalancePayload = {
  system: DBM,
  spec: { version: 'dbm-3.2' },
  setting: { boundLimit: 30, first: 'alternate', options: {}, battlefield: undefined },
  element: 'Reg Bd(O)',
  count: 8,
  opponents: [
    { element: 'Irr Kn(O)', count: 6, depth: 1, ownDepth: 1 },
    { element: 'Reg Sp(O)', count: 7, depth: 2, ownDepth: 2 },
    { element: 'Irr Wb(S)', count: 9, depth: 1, ownDepth: 1 },
  ],
  engagements: [5, 0, 3],
};

/** A balance opponent's outcome record: engagements, A wins, B wins, both, undecided, refused, losses. */
const record = (n: number, decided: [number, number, number, number, number]) => {
  const r = new Array<number>(PER_OPPONENT).fill(0);
  r[0] = n;
  decided.forEach((d, k) => (r[k + 1] = d));
  return r;
};

describe('the job kinds', () => {
  it('are listed once, by id, each with the unit of its samples', () => {
    expect([...JOB_KINDS.keys()]).toEqual(['table', 'engagement', 'balance', 'army']);
    expect([...JOB_KINDS.values()].map((k) => k.unit)).toEqual([
      'samples',
      'engagements',
      'engagements',
      'engagements',
    ]);
    expect(() => jobKindOf('nope')).toThrow('unknown job kind "nope"');
  });

  it("refuse a payload that is not their kind's, on every entry point", async () => {
    const task = { kind: 'balance', payload: table, seed: 's', stream: 0, samples: 8 };
    await expect(runShard(task)).rejects.toThrow('not the payload of a "balance" job');
    await expect(
      runShard({ ...task, kind: 'table', payload: { codes: [0, 1], jointSize: 2 } }),
    ).rejects.toThrow('not the payload of a "table" job');
    // Weights must match the codes one for one.
    await expect(
      runShard({ ...task, kind: 'table', payload: { ...table, weights: Float64Array.of(1, 2) } }),
    ).rejects.toThrow('not the payload of a "table" job');
    // Per-opponent engagements must be one per opponent.
    await expect(
      countsLength({ kind: 'balance', payload: { ...balance, engagements: [1, 2] }, seed: 's' }),
    ).rejects.toThrow('not the payload of a "balance" job');
    expect(() => systemOf({ kind: 'engagement', payload: { system: { id: 'dbm' }, config: {} } })).toThrow(
      'not the payload of a "engagement" job',
    );
  });

  it('table: the samples held are all the counts; an outcome no combination gives is impossible', async () => {
    expect(samplesHeld('table', [3, 0, 5, 2])).toBe(10);
    const job = { kind: 'table', payload: table, seed: 's' };
    expect(await countsLength(job)).toBe(4);
    expect(await countsProblem(job, [3, 5, 0, 2])).toBeUndefined();
    expect(await countsProblem(job, [3, 5, 1, 2])).toBe(
      'it counts an outcome its combat cannot have (joint outcome 2)',
    );
    expect(await countsProblem(job, [3, 5, 2])).toBe('3 counts; its kind has 4');
    // A weighted table: a code of weight 0 cannot come up.
    const weighted = {
      kind: 'table',
      payload: { ...table, weights: Float64Array.of(1, 2, 1, 0) },
      seed: 's',
    };
    expect(await countsProblem(weighted, [1, 3, 0, 1])).toBe(
      'it counts an outcome its combat cannot have (joint outcome 3)',
    );
    // Sampling draws only outcomes the table has: 0, 1 or 3.
    const counts = await runShard({ kind: 'table', payload: table, seed: 's', stream: 0, samples: 1000 });
    expect(counts[2]).toBe(0);
    expect(counts.reduce((t, c) => t + c, 0)).toBe(1000);
  });

  it('balance: an outcome record per opponent; samples are engagements; decisions must add up', async () => {
    const job = { kind: 'balance', payload: balance, seed: 's' };
    expect(await countsLength(job)).toBe(3 * PER_OPPONENT);
    const good = [
      ...record(5, [2, 1, 1, 1, 0]),
      ...record(0, [0, 0, 0, 0, 0]),
      ...record(3, [0, 0, 0, 0, 3]),
    ];
    expect(samplesHeld('balance', good)).toBe(8);
    expect(await countsProblem(job, good)).toBeUndefined();
    const bad = [...good];
    bad[2 * PER_OPPONENT + 1] = 1; // A wins one more against the third opponent: 4 decisions of 3.
    expect(await countsProblem(job, bad)).toBe('opponent 3: the decisions do not add up');
    expect(systemOf(job)).toEqual(DBM);
    expect(systemOf({ kind: 'table', payload: table })).toBeUndefined();
  });

  it('army: a record of battles, decisions, scores and commands demoralised that must add up', async () => {
    const plan = loadScenarioText(
      `name: t
rules: dbm-3.2
studies:
  - kind: army
    name: s
    armies: [armies/early-imperial-roman.yaml, armies/gallic.yaml]
    grid: { points: [400], terrain: [open] }
    versions: [dbm-3.2]
    sides: once
    battles: 6
`,
      'scenarios/x.yaml',
    ).studies[0]!.plan as ArmyPlan;
    const job = matchupJobs(plan).find((j) => j.kind === 'army')!;
    const R = recordLayout(jobConfig(plan, job));
    // Battles, five decisions, side A's score 0..most, then one count per command of each side.
    expect(R.length).toBe(6 + R.most + 1 + R.commandsA + R.commandsB);
    expect(await countsLength(job)).toBe(R.length);
    const counts = await runShard({
      kind: 'army',
      payload: job.payload,
      seed: job.seed,
      stream: 0,
      samples: 6,
    });
    expect(counts.length).toBe(R.length);
    expect(samplesHeld('army', counts)).toBe(6);
    expect(await countsProblem(job, counts)).toBeUndefined();
    // One battle's score taken away: the scores no longer add up to the battles.
    const fewer = Float64Array.from(counts);
    const k = fewer.findIndex((x, i) => i >= R.scores && x > 0);
    fewer[k]! -= 1;
    expect(await countsProblem(job, fewer)).toBe('the scores do not add up to the battles');
    const twice = Float64Array.from(counts);
    twice[R.commands] = 7;
    expect(await countsProblem(job, twice)).toBe('a command is demoralised in more battles than were fought');
    // One set-up a job (its armies deployed, its battle laid out); its pilot is the job itself, at
    // least 200 battles or the whole job (6 here), with that one set-up, whatever `fresh` (a set-up is
    // only ever run first).
    expect(jobKindOf('army').setups(job.payload)).toBe(1);
    expect(pilotTask(job, 4, 1)).toMatchObject({ payload: job.payload, samples: 6, setups: 1 });
    const big = { ...job, samples: 1_000 };
    expect(pilotTask(big, 64).samples).toBe(200);
    expect(pilotTask(big, 400).samples).toBe(400);
  });

  it("army: the record sized from the armies is the deployed battle's, for every reference army", () => {
    const dir = join(import.meta.dirname, '..', '..', 'armies');
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.yaml'))
      .sort();
    expect(files.length).toBeGreaterThanOrEqual(16);
    let differentCommands = 0;
    for (const version of ['dbm-3.0', 'dbm-3.2'])
      for (const points of [400, 500]) {
        const spec = { version };
        const armies = files.map((f) => fitArmy(readStructuredFile(join(dir, f)).data, spec, points));
        armies.forEach((a, i) => {
          // Each army against the next (the last against the first): every army on each side.
          const b = armies[(i + 1) % armies.length]!;
          const deployed = recordLayout(armyBattle(a, b, spec));
          expect(armiesRecordLayout(a, b)).toEqual(deployed);
          if (deployed.commandsA !== deployed.commandsB) differentCommands++;
        });
      }
    // Armies of 2, 3 and 4 commands meet, so the two sides' counts are checked apart.
    expect(differentCommands).toBeGreaterThan(0);
  });

  it('setups: a line-up per balance opponent fought; none for tables', () => {
    expect(jobKindOf('balance').setups(balance)).toBe(2);
    expect(jobKindOf('balance').setups({ ...balance, engagements: 4 })).toBe(3);
    expect(jobKindOf('table').setups(table)).toBe(0);
  });

  it('contexts: a balance job names the element and each opponent fought, under its variant and setting', () => {
    const kind = jobKindOf('balance');
    const [first, second] = kind.contexts(balance);
    expect(kind.contexts(balance)).toHaveLength(2);
    // The same variant and setting: the same number before the pair, whatever the object.
    const under = first!.split('|')[0]!;
    expect(first).toBe(`${under}|${JSON.stringify(['Reg Bd(O)', 'Irr Kn(O)'])}`);
    expect(second).toBe(`${under}|${JSON.stringify(['Reg Bd(O)', 'Irr Wb(S)'])}`);
    expect(kind.contexts(structuredClone(balance))).toEqual([first, second]);
    // Another setting is another context; names are JSON, so a quote in one cannot pass for another pair.
    const other = kind.contexts({ ...balance, setting: { ...balance.setting, boundLimit: 40 } });
    expect(other[0]!.split('|')[0]).not.toBe(under);
    expect(kind.contexts({ ...balance, element: 'a","b' })[0]).toBe(
      `${under}|${JSON.stringify(['a","b', 'Irr Kn(O)'])}`,
    );
  });

  it('counts live: a balance job only against the opponents it fights; other kinds say nothing', () => {
    // Engagements 5, 0, 3: the second opponent's record stays 0.
    expect(jobKindOf('balance').countsLive(balance)).toBe(2 * PER_OPPONENT);
    expect(jobKindOf('balance').countsLive({ ...balance, engagements: 4 })).toBe(3 * PER_OPPONENT);
    expect(jobKindOf('table').countsLive(table)).toBeUndefined();
  });

  it('pilots: a balance job against opponents spread evenly; fresh ones at another count', () => {
    // 10 opponents at 8 engagements each (80 in all): a pilot of about 20 samples is 3 opponents
    // (ceil(20 / 8)), the 1st, 4th and 7th, at 8 engagements: 24 samples, 3 line-ups.
    const ten: BalancePayload = {
      ...balance,
      opponents: Array.from({ length: 10 }, (_, i) => ({
        element: `E${i}`,
        count: 5,
        depth: 1,
        ownDepth: 1,
      })),
      engagements: 8,
    };
    const job = { kind: 'balance', payload: ten, seed: 'j', samples: 80 };
    const p = pilotTask(job, 20);
    expect(p.samples).toBe(24);
    expect(p.setups).toBe(3);
    const payload = p.payload as BalancePayload;
    expect(payload.opponents.map((o) => o.element)).toEqual(['E0', 'E3', 'E6']);
    expect(payload.count).toBe(8);
    expect(p.seed).toBe('j|pilot');
    expect((pilotTask(job, 20, 1).payload as BalancePayload).count).toBe(9);
    expect((pilotTask(job, 20, 2).payload as BalancePayload).count).toBe(10);
    // At the largest count a line holds (150), fresh counts go down.
    expect(
      (pilotTask({ ...job, payload: { ...ten, count: 150 } }, 20, 1).payload as BalancePayload).count,
    ).toBe(149);
    // A table's pilot is the table, at most the job's samples.
    const t = pilotTask({ kind: 'table', payload: table, seed: 't', samples: 500 }, 1000, 1);
    expect(t).toMatchObject({ payload: table, samples: 500, setups: 0 });
  });
});

describe("a balance job's line-ups", () => {
  // Two jobs that differ only deep inside their setting (the battlefield's distance) or spec (a house
  // rule): the second, fought after the first in one thread, must not reuse the first's line-ups.
  const job = (payload: BalancePayload) => ({
    kind: 'balance',
    payload,
    seed: 'line-ups',
    stream: 0,
    samples: 40,
  });
  const base: BalancePayload = {
    ...balance,
    system: { id: 'dbm', source: 'built-in' },
    setting: {
      boundLimit: 30,
      first: 'alternate',
      options: { optionalPursuit: 'stand', combatOrder: 'owner-best-first' },
      battlefield: { distance: 600, shooters: 'halt', terrain: { per: 'battle', weights: { good: 1 } } },
    },
    opponents: [
      { element: 'Reg Bw(O)', count: 8, depth: 1, ownDepth: 1 },
      { element: 'Irr Kn(O)', count: 6, depth: 1, ownDepth: 2 },
    ],
    engagements: 20,
  };
  const closer: BalancePayload = {
    ...base,
    setting: { ...base.setting, battlefield: { ...(base.setting.battlefield as object), distance: 0 } },
  };

  it('are keyed by everything they are made from', async () => {
    // In fresh modules (empty caches), the closer fight alone.
    vi.resetModules();
    const fresh = (await import('../../src/studies/kernels.ts')).runShard;
    expect(fresh).not.toBe(runShard);
    const alone = Array.from(await fresh(job(closer)));
    const first = Array.from(await runShard(job(base)));
    const after = Array.from(await runShard(job(closer)));
    expect(after).toEqual(alone);
    // The distance matters: at 0 paces the bows get no shooting before contact.
    expect(after).not.toEqual(first);
  });
});
