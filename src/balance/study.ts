/**
 * The balance study (issue "points cost against effectiveness"): for each version, every assessed
 * element's cost against (1) exact single-combat effectiveness against a field and (2) equal-points
 * engagements against each opponent, and the break-even cost at which its win rate against the field is
 * 50%. Engagement estimates run on the project's runner, so results depend only on (scenario, seed,
 * engagements), never on the thread count.
 */
import { summarise, type EngagementSummary } from '../engagement/summary.ts';
import { toEngagementConfig } from '../engagement/study-schema.ts';
import { DEFAULT_OPTIONS, type EngagementConfig } from '../engagement/model.ts';
import type { DbmRules } from '../systems/dbm/versions.ts';
import { runShards } from '../run/pool.ts';
import type { Job, ShardRef } from '../run/shards.ts';
import { searchBreakEven, type BreakEven, type RateEstimate } from './break-even.ts';
import { fitCostLine, type CostFit } from './fit.ts';
import { fieldEffectiveness, type FieldEntry } from './single-combat.ts';
import { balanceSystemFor, type BalanceSystem, type HouseRules } from './systems.ts';
import { normalQuantile } from '../core/statistics.ts';

export interface BalanceConfig {
  readonly name: string;
  readonly seed: string;
  /** Versions of one rule system with points costs (DBM, B&B), oldest first. */
  readonly versions: readonly string[];
  /** Canonical notation of each assessed element. */
  readonly elements: readonly string[];
  readonly field: readonly FieldEntry[];
  readonly budget: number;
  readonly depth: Readonly<Record<string, number>>;
  readonly engagements: number;
  readonly boundLimit: number;
  readonly maxCountFactor: number;
  readonly showcase: { readonly a: string; readonly b: string };
  /** Scenario house rules: cost overrides (notation -> AP) and rule switches. */
  readonly costOverrides: Readonly<Record<string, number>>;
  readonly ruleChanges?: Partial<DbmRules>;
}

export interface WinCell {
  readonly a: string;
  readonly b: string;
  readonly countA: number;
  readonly countB: number;
  /** Score of A: wins plus half of draws, over engagements. */
  readonly p: number;
  readonly lo: number;
  readonly hi: number;
}

export interface ElementResult {
  readonly element: string;
  readonly cost: number;
  /** Elements the budget buys at the actual cost. */
  readonly count: number;
  /** Exact single combat against the field: P(opponent destroyed) - P(own destroyed). */
  readonly effectiveness: number;
  /** Equal-points score against the field at the actual cost. */
  readonly fieldScore: RateEstimate;
  readonly breakEven: BreakEven;
  /** Actual cost outside the break-even interval. */
  readonly flagged: boolean;
}

export interface VersionResult {
  readonly id: string;
  readonly name: string;
  readonly elements: readonly ElementResult[];
  readonly fit: CostFit;
  readonly matrix: readonly WinCell[];
  /** The showcase matchup at equal points, summarised in full. */
  readonly showcase: {
    readonly a: string;
    readonly b: string;
    readonly countA: number;
    readonly countB: number;
    readonly summary: EngagementSummary;
  };
}

export type Verdict = 'balanced' | 'towards, not enough' | 'past break-even' | 'away' | 'unchanged';

export interface CostChange {
  readonly element: string;
  readonly oldCost: number;
  readonly newCost: number;
  /** Break-even under the newest version's rules. */
  readonly breakEven: number;
  readonly low: number;
  readonly high: number;
  readonly verdict: Verdict;
}

export interface BalanceResults {
  readonly name: string;
  readonly seed: string;
  readonly budget: number;
  readonly engagements: number;
  readonly versions: readonly VersionResult[];
  readonly changes: readonly CostChange[];
}

export interface BalanceRunOptions {
  readonly threads: number;
  readonly signal?: AbortSignal;
  /** Engagements about to run, then each finished shard's engagements. */
  readonly onBatch?: (engagements: number) => void;
  readonly onShard?: (engagements: number) => void;
}

/** A line of `count` elements in files of the type's depth (a shorter last file takes the remainder). */
function lineFiles(name: string, count: number, depth: number): string[][] {
  const files: string[][] = [];
  for (let left = count; left > 0; left -= depth)
    files.push(Array.from({ length: Math.min(depth, left) }, () => name));
  return files;
}

/**
 * Batches engagement estimates: every estimate asked for while the searches are waiting runs in one call
 * to the runner. Each estimate's seed comes from what it measures, so results do not depend on order.
 */
class Estimator {
  private readonly cache = new Map<string, Promise<WinCell>>();
  private pending: {
    id: string;
    config: EngagementConfig;
    a: string;
    b: string;
    countA: number;
    countB: number;
    resolve: (c: WinCell) => void;
    reject: (e: unknown) => void;
  }[] = [];
  private scheduled = false;

  constructor(
    private readonly study: BalanceConfig,
    private readonly system: BalanceSystem,
    private readonly opts: BalanceRunOptions,
  ) {}

  estimate(version: string, a: string, countA: number, b: string, countB: number): Promise<WinCell> {
    const id = `${version}|${a}x${countA}|${b}x${countB}`;
    let p = this.cache.get(id);
    if (p) return p;
    p = new Promise<WinCell>((resolve, reject) => {
      const config = this.configFor(version, a, countA, b, countB);
      this.pending.push({ id, config, a, b, countA, countB, resolve, reject });
      this.schedule();
    });
    this.cache.set(id, p);
    return p;
  }

  private schedule() {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => void this.flush());
  }

  private async flush() {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    const jobs: Job[] = batch.map((t) => ({
      kind: 'engagement',
      payload: t.config,
      seed: `${this.study.seed}|balance|${this.study.name}|${t.id}`,
      samples: this.study.engagements,
    }));
    const refs: ShardRef[] = jobs.map((j, job) => ({ job, shard: 0, samples: j.samples }));
    this.opts.onBatch?.(jobs.length * this.study.engagements);
    try {
      const totals = await runShards(jobs, refs, {
        threads: this.opts.threads,
        ...(this.opts.signal ? { signal: this.opts.signal } : {}),
        onShard: (n) => this.opts.onShard?.(n),
      });
      batch.forEach((t, i) => {
        const s = summarise(t.config, totals.get(i) as Float64Array);
        t.resolve({ a: t.a, b: t.b, countA: t.countA, countB: t.countB, ...score(s) });
      });
    } catch (e) {
      for (const t of batch) t.reject(e);
    }
  }

  /** The engagement of `countA` elements of `a` against `countB` of `b` under `version`. */
  configFor(version: string, a: string, countA: number, b: string, countB: number): EngagementConfig {
    const depthOf = (e: string) => this.study.depth[this.system.troopType(e)] ?? 1;
    const rules = this.system.engagementRules(version);
    return toEngagementConfig(
      {
        rules,
        a: { name: a, files: lineFiles(a, countA, depthOf(a)) },
        b: { name: b, files: lineFiles(b, countB, depthOf(b)) },
        boundLimit: this.study.boundLimit,
        first: 'alternate',
        options: DEFAULT_OPTIONS,
      },
      {
        rules,
        ...(Object.keys(this.study.costOverrides).length > 0 ? { costs: this.study.costOverrides } : {}),
        ...(this.study.ruleChanges ? { ruleChanges: this.study.ruleChanges } : {}),
      },
    );
  }

  /** The showcase engagement, with four times the usual engagements, counted in full. */
  async showcase(version: string, a: string, countA: number, b: string, countB: number) {
    const config = this.configFor(version, a, countA, b, countB);
    const id = `${version}|showcase|${a}x${countA}|${b}x${countB}`;
    const job: Job = {
      kind: 'engagement',
      payload: config,
      seed: `${this.study.seed}|balance|${this.study.name}|${id}`,
      samples: this.study.engagements * 4,
    };
    const totals = await runShards([job], [{ job: 0, shard: 0, samples: job.samples }], { threads: 1 });
    return summarise(config, totals.get(0) as Float64Array);
  }
}

const Z = normalQuantile(0.975);

/** A's score (wins + half draws) with a normal 95% interval from the per-engagement variance. */
function score(s: EngagementSummary): { p: number; lo: number; hi: number } {
  const n = s.samples;
  const w = s.aWins.p;
  const d = s.draw.p;
  const p = w + d / 2;
  const variance = Math.max(0, w + d / 4 - p * p);
  const half = n > 0 ? Z * Math.sqrt(variance / n) : 1;
  return { p, lo: Math.max(0, p - half), hi: Math.min(1, p + half) };
}

/** Weighted mean score against the field, with an interval combining the cells' variances. */
function fieldScore(cells: readonly WinCell[], weights: readonly number[]): RateEstimate {
  const total = weights.reduce((t, w) => t + w, 0);
  let p = 0;
  let v = 0;
  cells.forEach((c, i) => {
    const w = (weights[i] as number) / total;
    p += w * c.p;
    const se = (c.hi - c.lo) / (2 * Z);
    v += w * w * se * se;
  });
  const half = Z * Math.sqrt(v);
  return { p, low: Math.max(0, p - half), high: Math.min(1, p + half) };
}

function verdict(oldCost: number, newCost: number, be: BreakEven): Verdict {
  if (oldCost === newCost) return 'unchanged';
  if (newCost >= be.low && newCost <= be.high) return 'balanced';
  const before = oldCost - be.cost;
  const after = newCost - be.cost;
  if (Math.sign(before) !== Math.sign(after)) return 'past break-even';
  return Math.abs(after) < Math.abs(before) ? 'towards, not enough' : 'away';
}

/** The rule system a study's versions belong to. */
export function balanceSystemOf(config: BalanceConfig): BalanceSystem {
  const system = balanceSystemFor(config.versions[0] as string);
  if (!system || !config.versions.every((v) => system.versions.includes(v)))
    throw new Error(
      `a balance study compares versions of one rule system with points costs: ${config.versions.join(', ')}`,
    );
  return system;
}

export const houseRulesOf = (config: BalanceConfig): HouseRules => ({
  costOverrides: config.costOverrides,
  ...(config.ruleChanges ? { ruleChanges: config.ruleChanges } : {}),
});

export async function runBalanceStudy(
  config: BalanceConfig,
  opts: BalanceRunOptions,
): Promise<BalanceResults> {
  const system = balanceSystemOf(config);
  const estimator = new Estimator(config, system, opts);
  const weights = config.field.map((f) => f.weight);
  const house = houseRulesOf(config);
  const depthOf = (e: string) => config.depth[system.troopType(e)] ?? 1;
  const versions: VersionResult[] = [];
  for (const id of config.versions) {
    const version = id;
    const cost = (e: string) => system.cost(id, e, house);
    const countAt = (c: number) => Math.max(0, Math.floor(config.budget / c + 1e-9));
    const fieldCounts = config.field.map((f) => countAt(cost(f.element)));
    const vsField = (e: string, n: number) =>
      Promise.all(
        config.field.map((f, i) => estimator.estimate(version, e, n, f.element, fieldCounts[i] as number)),
      );

    const results = await Promise.all(
      config.elements.map(async (e): Promise<ElementResult> => {
        const c = cost(e);
        const count = countAt(c);
        const eff = fieldEffectiveness(system, id, e, config.field, depthOf, house);
        const atCost = fieldScore(await vsField(e, Math.max(1, count)), weights);
        const maxCount = Math.max(count + 2, Math.ceil(count * config.maxCountFactor));
        const breakEven = await searchBreakEven(
          config.budget,
          async (n) => fieldScore(await vsField(e, n), weights),
          { maxCount },
        );
        return {
          element: e,
          cost: c,
          count,
          effectiveness: eff.net,
          fieldScore: atCost,
          breakEven,
          flagged: c < breakEven.low || c > breakEven.high,
        };
      }),
    );
    // Equal-points matrix: each assessed element at its actual cost against each field opponent.
    const matrix = await Promise.all(
      config.elements.flatMap((e) =>
        config.field.map((f, i) =>
          estimator.estimate(version, e, Math.max(1, countAt(cost(e))), f.element, fieldCounts[i] as number),
        ),
      ),
    );
    const sa = config.showcase.a;
    const sb = config.showcase.b;
    const countA = Math.max(1, countAt(cost(sa)));
    const countB = Math.max(1, countAt(cost(sb)));
    const summary = await estimator.showcase(version, sa, countA, sb, countB);
    versions.push({
      id,
      name: system.versionName(id),
      elements: results,
      fit: fitCostLine(
        results.map((r) => ({ label: r.element, cost: r.cost, effectiveness: r.effectiveness })),
      ),
      matrix,
      showcase: { a: sa, b: sb, countA, countB, summary },
    });
  }
  const first = versions[0] as VersionResult;
  const last = versions[versions.length - 1] as VersionResult;
  const changes: CostChange[] = last.elements
    .map((r) => {
      const old = first.elements.find((x) => x.element === r.element) as ElementResult;
      return {
        element: r.element,
        oldCost: old.cost,
        newCost: r.cost,
        breakEven: r.breakEven.cost,
        low: r.breakEven.low,
        high: r.breakEven.high,
        verdict: verdict(old.cost, r.cost, r.breakEven),
      };
    })
    .filter((c) => c.oldCost !== c.newCost);
  return {
    name: config.name,
    seed: config.seed,
    budget: config.budget,
    engagements: config.engagements,
    versions,
    changes,
  };
}
