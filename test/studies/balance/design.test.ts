/**
 * The balance study's adaptive design on synthetic score curves whose break-even is known: every job's
 * counts are drawn from a known logistic score per opponent (binomial noise, seeded), the design is
 * driven stage by stage to the end, and the break-even it reports is compared with the truth.
 */
import { describe, expect, it } from 'vitest';
import { logistic } from '../../../src/core/logistic.ts';
import { createRng } from '../../../src/core/rng.ts';
import { balanceResults } from '../../../src/studies/balance/analysis.ts';
import {
  aheadOfStage,
  engagementsAgainst,
  nextStage,
  PER_OPPONENT,
  type BalancePayload,
} from '../../../src/studies/balance/design.ts';
import type { BalancePlan } from '../../../src/studies/balance/plan.ts';
import type { Job } from '../../../src/studies/index.ts';

/** Opponents: book cost, weight, and the element's worth against each (AP at which it scores 50%). */
interface Truth {
  readonly cost: number;
  readonly weight: number;
  /** The element's worth against this opponent, in AP. */
  readonly worth: number;
  /** Steepness of the score in log count ratio. */
  readonly slope: number;
}

function planOf(
  field: Record<string, Truth>,
  options: { final?: number; refine?: number; precision?: number } = {},
): BalancePlan {
  const costs: Record<string, number> = {
    E: 8,
    ...Object.fromEntries(Object.entries(field).map(([k, t]) => [k, t.cost])),
  };
  return {
    name: 'syn',
    title: 'synthetic',
    about: '',
    seed: 'syn',
    system: { id: 'none', source: '' },
    spec: { version: 'v1' },
    versions: [{ id: 'v1', name: 'V1', costs }],
    elements: ['E'],
    skipped: [],
    field: Object.entries(field).map(([element, t]) => ({ element, weight: t.weight })),
    grid: [{ id: '60 AP', budget: 60, depth: 'one', terrain: 'open', order: 'owner-best-first' }],
    terrains: { open: { per: 'battle', weights: { good: 1 } } },
    depths: {},
    approach: { distance: 0, shooters: 'halt' },
    boundLimit: 30,
    first: 'alternate',
    options: { optionalPursuit: 'stand' },
    engagements: { pilot: 8, final: options.final ?? 16, refine: options.refine ?? 6 },
    precision: options.precision ?? 0.5,
  };
}

/**
 * True score of E at `count` elements against opponent f at its book count m: E's worth w against f
 * means `60 / w` elements of E match m elements of f at f's book price, so the score is
 * logistic(slope * log(count * w / 60)).
 */
const trueScore = (t: Truth, count: number) => logistic(t.slope * Math.log((count * t.worth) / 60));

/** The price at which E's weighted true score against the field is 50% (bisection on log price). */
function trueBreakEven(field: Record<string, Truth>): number {
  const ts = Object.values(field);
  const total = ts.reduce((s, t) => s + t.weight, 0);
  const score = (price: number) => ts.reduce((s, t) => s + t.weight * trueScore(t, 60 / price), 0) / total;
  let lo = Math.log(0.5);
  let hi = Math.log(200);
  for (let i = 0; i < 100; i++) {
    const mid = (lo + hi) / 2;
    if (score(Math.exp(mid)) > 0.5) lo = mid;
    else hi = mid;
  }
  return Math.exp((lo + hi) / 2);
}

/** Counts of a job drawn from the truth: per opponent, engagements then wins, losses, 0, 0. */
function simulate(job: Job, field: Record<string, Truth>, replicate: number): Float64Array {
  const p = job.payload as BalancePayload;
  const rng = createRng(`${job.seed}|${replicate}`, 0);
  const out = new Float64Array(p.opponents.length * PER_OPPONENT);
  p.opponents.forEach((o, j) => {
    const n = engagementsAgainst(p, j);
    const q = trueScore(field[o.element]!, p.count);
    let wins = 0;
    for (let i = 0; i < n; i++) if (rng.next() < q) wins++;
    out.set([n, wins, n - wins, 0, 0], j * PER_OPPONENT);
  });
  return out;
}

function run(plan: BalancePlan, field: Record<string, Truth>, replicate = 0) {
  const done = new Map<string, Float64Array>();
  const asked: Job[] = [];
  for (let stage = 0; stage < 50; stage++) {
    const { jobs } = nextStage(plan, done);
    if (jobs.length === 0) break;
    for (const j of jobs) {
      asked.push(j);
      done.set(j.id, simulate(j, field, replicate));
    }
  }
  return { results: balanceResults(plan, done), asked };
}

const FIELD: Record<string, Truth> = {
  A: { cost: 6, weight: 3, worth: 9, slope: 2.5 },
  B: { cost: 10, weight: 2, worth: 7, slope: 3 },
  C: { cost: 4, weight: 1, worth: 12, slope: 1.5 },
};

describe('planning a stage', () => {
  it('skips units whose design is complete, and asks for the very jobs a fresh planning asks for', () => {
    // Three elements at two budgets, each element worth a different amount against the field: six
    // units that finish at different stages.
    const truthOf = (element: string): Record<string, Truth> =>
      Object.fromEntries(
        Object.entries(FIELD).map(([k, t]) => [
          k,
          { ...t, worth: t.worth * (element === 'E' ? 1 : element === 'A' ? 0.4 : 2.5) },
        ]),
      );
    const one = planOf(FIELD);
    const plan: BalancePlan = {
      ...one,
      elements: ['E', 'A', 'B'],
      grid: [one.grid[0]!, { ...one.grid[0]!, id: '120 AP', budget: 120 }],
    };
    const done = new Map<string, Float64Array>();
    // Per stage, how many units asked for jobs (a job's id starts with its unit's).
    const asking: number[] = [];
    for (let stage = 0; stage < 50; stage++) {
      const { jobs } = nextStage(plan, done);
      // The same counts in a new map: planned from scratch, every unit designed again.
      const fresh = nextStage(plan, new Map(done));
      expect(jobs.map((j) => j.id)).toEqual(fresh.jobs.map((j) => j.id));
      asking.push(new Set(jobs.map((j) => j.id.replace(/\|[^|]*$/, ''))).size);
      if (jobs.length === 0) break;
      for (const j of jobs) done.set(j.id, simulate(j, truthOf((j.payload as BalancePayload).element), 0));
    }
    // All six units start; some finish stages before the last one does (they were skipped since).
    expect(asking[0]).toBe(6);
    expect(Math.min(...asking.slice(0, -1))).toBeLessThan(6);
    expect(asking.at(-1)).toBe(0);
    // The results read the designs the stages settled on (kept with their jobs by id only): the same
    // results as designs worked out afresh from the same counts in a new map.
    const kept = balanceResults(plan, done);
    const afresh = balanceResults(plan, new Map(done));
    expect(JSON.stringify(kept)).toBe(JSON.stringify(afresh));
    expect(kept.units.length).toBe(6);
    expect(kept.units.filter((u) => u.breakEven !== null).length).toBeGreaterThan(0);
  });
});

describe('planning units ahead while a stage runs', () => {
  // Three elements on two budgets: six units that move at different paces.
  const truthOf = (element: string): Record<string, Truth> =>
    Object.fromEntries(
      Object.entries(FIELD).map(([k, t]) => [
        k,
        { ...t, worth: t.worth * (element === 'E' ? 1 : element === 'A' ? 0.4 : 2.5) },
      ]),
    );
  const six = (): BalancePlan => {
    const one = planOf(FIELD);
    return {
      ...one,
      elements: ['E', 'A', 'B'],
      grid: [one.grid[0]!, { ...one.grid[0]!, id: '120 AP', budget: 120 }],
    };
  };
  const countsOf = (j: Job) => simulate(j, truthOf((j.payload as BalancePayload).element), 0);
  /** A plan's first stage planned from `store`, its jobs done into it, the study told of each. */
  const firstStageAhead = (plan: BalancePlan, store: Map<string, Float64Array>): Job[] => {
    const jobs = nextStage(plan, store).jobs;
    for (const j of jobs) {
      store.set(j.id, countsOf(j));
      aheadOfStage(plan, store, j.id);
    }
    return jobs;
  };

  it('asks for the same jobs at every stage as planning from scratch, whatever order the jobs end in', () => {
    const plan = six();
    const done = new Map<string, Float64Array>();
    const order = createRng('finishing order', 0);
    let stages = 0;
    for (let stage = 0; stage < 50; stage++) {
      const { jobs } = nextStage(plan, done);
      // A copy of the plan has no designs made ahead: every unit is designed from the counts.
      const fresh = nextStage({ ...plan }, new Map(done));
      expect(jobs.map((j) => j.id)).toEqual(fresh.jobs.map((j) => j.id));
      if (jobs.length === 0) break;
      stages++;
      // The jobs end in a shuffled order, and the study hears of each as it ends.
      const shuffled = [...jobs];
      for (let i = shuffled.length - 1; i > 0; i--) {
        const k = Math.floor(order.next() * (i + 1));
        [shuffled[i], shuffled[k]] = [shuffled[k]!, shuffled[i]!];
      }
      for (const j of shuffled) {
        done.set(j.id, countsOf(j));
        aheadOfStage(plan, done, j.id);
      }
    }
    expect(stages).toBeGreaterThan(3);
    expect(JSON.stringify(balanceResults(plan, done))).toBe(
      JSON.stringify(balanceResults({ ...plan }, new Map(done))),
    );
  });

  it('uses a design made ahead only for the same store of counts, holding every job it was made after', () => {
    const plan = six();
    const done = new Map<string, Float64Array>();
    const first = firstStageAhead(plan, done);
    const madeAhead = nextStage({ ...plan }, new Map(done)).jobs.map((j) => j.id);
    // The same jobs' counts read differently (every fight lost): a stage planned from them alone differs
    // from the one made ahead, so which was used shows.
    for (const j of first) {
      const c = countsOf(j);
      for (let i = 0; i < c.length; i += PER_OPPONENT) c.set([c[i]!, 0, c[i]!, 0, 0], i);
      done.set(j.id, c);
    }
    const lost = new Map(done);
    const fromLost = nextStage({ ...plan }, new Map(lost)).jobs.map((j) => j.id);
    expect(fromLost).not.toEqual(madeAhead);
    // The store the stage was planned from: the designs made ahead are used.
    expect(nextStage(plan, done).jobs.map((j) => j.id)).toEqual(madeAhead);
    // Another store of counts: nothing made ahead is used.
    const planB = six();
    firstStageAhead(planB, new Map());
    expect(nextStage(planB, lost).jobs.map((j) => j.id)).toEqual(fromLost);
    // With one of a unit's jobs missing from it, that unit is designed from the counts there are.
    const plan2 = six();
    const store = new Map<string, Float64Array>();
    const jobs2 = firstStageAhead(plan2, store);
    store.delete(jobs2[0]!.id);
    const unit = jobs2[0]!.id.replace(/\|[^|]*$/, '|');
    const ofUnit = (jobs: readonly Job[]) => jobs.map((j) => j.id).filter((id) => id.startsWith(unit));
    const planned = ofUnit(nextStage(plan2, store).jobs);
    expect(planned).toContain(jobs2[0]!.id);
    expect(planned).toEqual(ofUnit(nextStage({ ...plan2 }, new Map(store)).jobs));
  });
});

describe('balance design on synthetic score curves', () => {
  it('finds a known break-even: the interval covers the truth in at least 18 of 20 replicates', () => {
    const truth = trueBreakEven(FIELD);
    expect(truth).toBeGreaterThan(7);
    expect(truth).toBeLessThan(12);
    let covered = 0;
    for (let r = 0; r < 20; r++) {
      const u = run(planOf(FIELD), FIELD, r).results.units[0]!;
      if (u.lo <= truth && truth <= u.hi) covered++;
    }
    expect(covered).toBeGreaterThanOrEqual(18);
  });

  it('refines until the interval is within the precision asked for (±0.25 AP here)', () => {
    const plan = planOf(FIELD, { precision: 0.25, final: 8, refine: 40 });
    const { results, asked } = run(plan, FIELD);
    const u = results.units[0]!;
    expect(u.refined).toBeGreaterThanOrEqual(1);
    expect(asked.some((j) => j.id.includes('|r1:'))).toBe(true);
    expect((u.hi - u.lo) / 2).toBeLessThanOrEqual(0.25);
    expect(u.precise).toBe(true);
  });

  it('without refinement the same design stops wider than ±0.25 AP and says why', () => {
    const u = run(planOf(FIELD, { precision: 0.25, final: 8, refine: 0 }), FIELD).results.units[0]!;
    expect(u.refined).toBe(0);
    expect((u.hi - u.lo) / 2).toBeGreaterThan(0.25);
    expect(u.precise).toBe(false);
    expect(u.why).toMatch(/AP after [\d,]+ engagements/);
  });

  it('spends refinement engagements where the outcome is uncertain, not on matchups already decided', () => {
    // D is beaten every time near the crossing (E is worth 10 times its price against it).
    const field = { ...FIELD, D: { cost: 5, weight: 3, worth: 100, slope: 3 } };
    const { asked } = run(planOf(field, { precision: 0.2, final: 8 }), field);
    const refine = asked.find((j) => j.id.includes('|r1:'))!.payload as BalancePayload;
    const names = refine.opponents.map((o) => o.element);
    const n = (e: string) => engagementsAgainst(refine, names.indexOf(e));
    // Weight 3 each; A is near 50% at the crossing, D near 100%.
    expect(n('A')).toBeGreaterThan(4 * n('D'));
  });

  it('widens the counts where the interval reaches the edge of the design, and still covers the truth', () => {
    // One shallow matchup: the first five counts rarely pin the crossing down.
    const field = { A: { cost: 6, weight: 1, worth: 9, slope: 1.5 } };
    const truth = trueBreakEven(field);
    const units = Array.from({ length: 10 }, (_, r) => run(planOf(field), field, r).results.units[0]!);
    expect(units.filter((u) => (u.widened ?? 0) > 0).length).toBeGreaterThanOrEqual(5);
    expect(units.filter((u) => u.lo <= truth && truth <= u.hi).length).toBeGreaterThanOrEqual(9);
  });
});

describe('the "best" depth policy is the same for both sides (docs/balance.md "Line-ups")', () => {
  // E and its one opponent D may each stand 1 or 2 deep. Truth: E's worth against D is 8 AP, +2 AP when E
  // stands 2 deep, -3 AP when D stands 2 deep. E's best is 2 deep; D's best reply is 2 deep too.
  const field: Record<string, Truth> = { D: { cost: 6, weight: 1, worth: 8, slope: 4 } };
  const plan: BalancePlan = {
    ...planOf(field, { final: 200 }),
    grid: [{ id: '60 AP, best', budget: 60, depth: 'best', terrain: 'open', order: 'owner-best-first' }],
    depths: {
      v1: { E: { allowed: [1, 2], support: 1 }, D: { allowed: [1, 2], support: 1 } },
    },
  };
  const simulateDepths = (job: Job): Float64Array => {
    const p = job.payload as BalancePayload;
    const rng = createRng(job.seed, 0);
    const out = new Float64Array(p.opponents.length * PER_OPPONENT);
    p.opponents.forEach((o, j) => {
      const n = engagementsAgainst(p, j);
      const worth = 8 + (o.ownDepth === 2 ? 2 : 0) - (o.depth === 2 ? 3 : 0);
      const q = trueScore({ ...field.D!, worth }, p.count);
      let wins = 0;
      for (let i = 0; i < n; i++) if (rng.next() < q) wins++;
      out.set([n, wins, n - wins, 0, 0, 0, 0.5 * (n - wins), 0, 0, 0, 0, wins, 0, 0, 0, 0], j * PER_OPPONENT);
    });
    return out;
  };
  const done = new Map<string, Float64Array>();
  const asked: Job[] = [];
  for (let stage = 0; stage < 50; stage++) {
    const { jobs } = nextStage(plan, done);
    if (jobs.length === 0) break;
    for (const j of jobs) {
      asked.push(j);
      done.set(j.id, simulateDepths(j));
    }
  }
  const results = balanceResults(plan, done);
  const u = results.units[0]!;

  it("pilots each of E's depths against D at its usual depth, and each of D's against E at its usual depth", () => {
    const pilots = asked.filter((j) => /\|[pq]\d:/.test(j.id)).map((j) => j.id.replace(/^.*\|/, ''));
    // E's book count: 60 AP at 8 AP each.
    expect(pilots.sort()).toEqual(['p1:8', 'p2:8', 'q0:8', 'q1:8']);
  });

  it('then fights both at their best: E 2 deep, D 2 deep (worth 8 + 2 - 3 = 7 AP)', () => {
    expect(u.depths).toEqual([2]);
    expect(u.theirDepths).toEqual([2]);
    expect(u.breakEven!).toBeGreaterThan(6);
    expect(u.breakEven!).toBeLessThan(8);
  });

  it('and keeps the evidence: E at its book count against D, its score and how the fights went', () => {
    const ev = asked.filter((j) => /\|e:\d+$/.test(j.id));
    expect(ev.map((j) => (j.payload as BalancePayload).count)).toEqual([8]);
    const m = results.elements[0]![0]!.matchups!;
    // At its book count (8 elements of 8 AP) E is worth 7 AP: it scores under 50% against D (true score
    // logistic(4 log(8 x 7 / 60)) = 43%, from 200 engagements).
    expect(m.scores[0]!).toBeLessThan(0.5);
    expect(m.worst[0]!.opponent).toBe('D');
    expect(m.worst[0]!.mechanism).toMatch(/^its losses: destroyed in frontal combat 100%$/);
  });
});
