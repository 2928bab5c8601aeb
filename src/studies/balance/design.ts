/**
 * The balance study's experimental design (docs/balance.md "How a break-even is measured"), as a pure
 * function of the counts done so far. For each unit (version, grid variant, element):
 *
 * 1. pilot: the element at the count its book cost buys, against every field opponent, at each depth
 *    the variant's policy allows; the "best" policy then keeps, per opponent, the depth that scored best;
 * 2. bracket: more counts (x1.5 or /1.5 each time) until the weighted score against the field is below
 *    50% at one count and at least 50% at another, or the count reaches 1 or its ceiling (then the
 *    report says why);
 * 3. final: five counts around the interpolated crossing, with more engagements each, for the fits.
 *
 * Pilot and bracket are the small early stages; the final design is the study's last stage, the one a
 * `--shard` run cuts.
 */
import type { Counts, Job } from '../kind.ts';
import type { BalancePlan, GridVariant, VersionPlan } from './plan.ts';

/** Largest line an element count may give (files times depth stay within the engine's limits). */
export const MAX_COUNT = 150;
/** Multipliers of the interpolated crossing count in the final design. */
export const FINAL_SPREAD = [0.8, 0.9, 1, 1.12, 1.25] as const;
/** Numbers per opponent in a balance job's counts: engagements, A wins, B wins, both broke, undecided. */
export const PER_OPPONENT = 5;

export interface Opponent {
  readonly element: string;
  readonly count: number;
  readonly depth: number;
  /** The assessed element's depth against this opponent. */
  readonly ownDepth: number;
}

/** A balance job's payload: one element at one count against every field opponent. */
export interface BalancePayload {
  readonly system: { readonly id: string; readonly source: string };
  readonly spec: BalancePlan['spec'] & { readonly version: string };
  readonly setting: {
    readonly boundLimit: number;
    readonly first: 'a' | 'b' | 'alternate';
    readonly options: Readonly<Record<string, unknown>>;
    readonly battlefield: unknown;
  };
  readonly element: string;
  readonly count: number;
  readonly opponents: readonly Opponent[];
  /** Engagements against each opponent. */
  readonly engagements: number;
}

export interface Unit {
  readonly version: VersionPlan;
  readonly vi: number;
  readonly variant: GridVariant;
  readonly gi: number;
  readonly element: string;
}

export function units(plan: BalancePlan): Unit[] {
  return plan.versions.flatMap((version, vi) =>
    plan.grid.flatMap((variant, gi) =>
      plan.elements.map((element) => ({ version, vi, variant, gi, element })),
    ),
  );
}

const unitId = (plan: BalancePlan, u: Unit) => `${plan.name}|${u.version.id}|${u.gi}|${u.element}`;

/** Book count: the elements `budget` buys at `cost` (at least 1). */
export const bookCount = (budget: number, cost: number): number =>
  Math.max(1, Math.min(MAX_COUNT, Math.round(budget / cost)));

/** The depth an element stands at under a policy ("best" is chosen per opponent from the pilot). */
function policyDepths(plan: BalancePlan, element: string, policy: GridVariant['depth']): readonly number[] {
  const d = plan.depths[element] ?? { allowed: [1], support: 1 };
  if (policy === 'one') return [1];
  if (policy === 'support') return [d.support];
  return d.allowed;
}

/** The field's opponents of a unit, at their book counts and policy depths (the best policy: support). */
function fieldOf(
  plan: BalancePlan,
  u: Unit,
): { element: string; count: number; depth: number; weight: number }[] {
  return plan.field.map((f) => ({
    element: f.element,
    weight: f.weight,
    count: bookCount(u.variant.budget, u.version.costs[f.element] as number),
    depth: u.variant.depth === 'one' ? 1 : (plan.depths[f.element]?.support ?? 1),
  }));
}

function job(
  plan: BalancePlan,
  u: Unit,
  tag: string,
  count: number,
  ownDepths: readonly number[],
  engagements: number,
): Job {
  const field = fieldOf(plan, u);
  const opponents = field.map((f, i) => ({
    element: f.element,
    count: f.count,
    depth: f.depth,
    ownDepth: ownDepths[i] as number,
  }));
  const terrain = plan.terrains[u.variant.terrain]!;
  const payload: BalancePayload = {
    system: plan.system,
    spec: { ...plan.spec, version: u.version.id },
    setting: {
      boundLimit: plan.boundLimit,
      first: plan.first,
      options: { ...plan.options, combatOrder: u.variant.order },
      battlefield: { distance: plan.approach.distance, shooters: plan.approach.shooters, terrain },
    },
    element: u.element,
    count,
    opponents,
    engagements,
  };
  const id = `${unitId(plan, u)}|${tag}${count}`;
  return {
    id,
    kind: 'balance',
    payload,
    seed: `${plan.seed}|${id}`,
    samples: engagements * opponents.length,
    shardSize: engagements * opponents.length,
  };
}

/** A's score (wins and half of draws) against opponent j of a job's counts, and its variance. */
export function scoreOf(counts: ArrayLike<number>, j: number): { p: number; n: number; variance: number } {
  const o = j * PER_OPPONENT;
  const n = counts[o] as number;
  const w = (counts[o + 1] as number) / n;
  const d = ((counts[o + 3] as number) + (counts[o + 4] as number)) / n;
  const p = w + d / 2;
  // Per engagement a score is 1, 1/2 or 0: its variance is w + d/4 - p^2.
  return { p, n, variance: Math.max(0, w + d / 4 - p * p) / n };
}

/** Weighted score against the field from per-opponent scores. */
function fieldScore(field: readonly { weight: number }[], scores: readonly number[]): number {
  const total = field.reduce((t, f) => t + f.weight, 0);
  return field.reduce((t, f, j) => t + f.weight * (scores[j] as number), 0) / total;
}

export interface UnitDesign {
  readonly unit: Unit;
  /** Per field opponent: the assessed element's depth. */
  readonly depths: readonly number[];
  /** Counts evaluated in the pilot and bracket, with the weighted field score at each. */
  readonly pilot: readonly { readonly count: number; readonly score: number }[];
  /** The bracket (counts either side of 50%), or why there is none. */
  readonly bracket?: { readonly lo: number; readonly hi: number; readonly crossing: number };
  readonly censored?: string;
  /** The final design's counts (empty when censored). */
  readonly counts: readonly number[];
  readonly jobs: readonly Job[];
}

/**
 * Where a unit stands given the counts done: the pilot and bracket jobs it still needs (`pending`), or
 * its final design.
 */
export function unitDesign(
  plan: BalancePlan,
  u: Unit,
  done: Counts,
): { pending: Job[] } | { design: UnitDesign } {
  const field = fieldOf(plan, u);
  const book = bookCount(u.variant.budget, u.version.costs[u.element] as number);
  const candidates = policyDepths(plan, u.element, u.variant.depth);
  // 1. Pilot at the book count, each candidate depth.
  const pilots = candidates.map((d) =>
    job(
      plan,
      u,
      `p${d}:`,
      book,
      field.map(() => d),
      plan.engagements.pilot,
    ),
  );
  const missing = pilots.filter((j) => !done.has(j.id));
  if (missing.length > 0) return { pending: missing };
  const byDepth = pilots.map((j) => field.map((_, k) => scoreOf(done.get(j.id)!, k).p));
  // Per opponent, the depth that scored best (the shallower on a tie).
  const depths = field.map((_, k) => {
    let best = 0;
    for (let i = 1; i < candidates.length; i++) if (byDepth[i]![k]! > byDepth[best]![k]!) best = i;
    return candidates[best] as number;
  });
  const chosen = field.map((_, k) => byDepth[candidates.indexOf(depths[k]!)]![k]!);
  const pilot = [{ count: book, score: fieldScore(field, chosen) }];
  // 2. Bracket.
  for (let step = 0; step < 12; step++) {
    const last = pilot[pilot.length - 1]!;
    const below = pilot.filter((p) => p.score < 0.5);
    const above = pilot.filter((p) => p.score >= 0.5);
    if (below.length > 0 && above.length > 0) break;
    const rising = last.score < 0.5;
    const next = rising
      ? Math.min(MAX_COUNT, Math.max(last.count + 1, Math.ceil(last.count * 1.5)))
      : Math.max(1, Math.min(last.count - 1, Math.floor(last.count / 1.5)));
    if (next === last.count) break;
    const j = job(plan, u, 'b:', next, depths, plan.engagements.pilot);
    if (!done.has(j.id)) return { pending: [j] };
    pilot.push({
      count: next,
      score: fieldScore(
        field,
        field.map((_, k) => scoreOf(done.get(j.id)!, k).p),
      ),
    });
  }
  const below = pilot.filter((p) => p.score < 0.5).sort((x, y) => y.count - x.count)[0];
  const above = pilot.filter((p) => p.score >= 0.5).sort((x, y) => x.count - y.count)[0];
  if (!below || !above) {
    const censored = !below
      ? `scores ${((above?.score ?? 0) * 100).toFixed(0)}% against the field even as a single element: worth more than the budget`
      : `scores only ${(below.score * 100).toFixed(0)}% against the field even with ${below.count} elements (the most a line holds here)`;
    return { design: { unit: u, depths, pilot, censored, counts: [], jobs: [] } };
  }
  // 3. Final design around the interpolated crossing (on log counts).
  const t = (0.5 - below.score) / (above.score - below.score);
  const crossing = Math.exp(Math.log(below.count) + t * (Math.log(above.count) - Math.log(below.count)));
  const counts = [
    ...new Set(FINAL_SPREAD.map((m) => Math.max(1, Math.min(MAX_COUNT, Math.round(crossing * m))))),
  ];
  // Small counts collapse: add neighbours so a fit has at least three points.
  for (let k = 1; counts.length < 3 && k < 4; k++)
    for (const c of [Math.round(crossing) + k, Math.round(crossing) - k])
      if (c >= 1 && c <= MAX_COUNT && !counts.includes(c)) counts.push(c);
  counts.sort((x, y) => x - y);
  const jobs = counts.map((c) => job(plan, u, 'f:', c, depths, plan.engagements.final));
  return {
    design: { unit: u, depths, pilot, bracket: { lo: below.count, hi: above.count, crossing }, counts, jobs },
  };
}

/** The study's next stage: pilot and bracket jobs while any unit needs them, then every final job. */
export function nextStage(plan: BalancePlan, done: Counts): { jobs: Job[]; final: boolean } {
  const pending: Job[] = [];
  const finals: Job[] = [];
  for (const u of units(plan)) {
    const s = unitDesign(plan, u, done);
    if ('pending' in s) pending.push(...s.pending);
    else finals.push(...s.design.jobs.filter((j) => !done.has(j.id)));
  }
  if (pending.length > 0) return { jobs: pending, final: false };
  return { jobs: finals, final: true };
}

/**
 * Before the final stage: about how many engagements the stages still to come will play (the final
 * design's five counts and a couple of bracket steps per unit), for the run's time estimate.
 */
export function balanceOutlook(plan: BalancePlan, done: Counts): ReadonlyMap<string, number> {
  if (nextStage(plan, done).final) return new Map();
  const perUnit = FINAL_SPREAD.length * plan.engagements.final + 2 * plan.engagements.pilot;
  return new Map([['balance', units(plan).length * perUnit * plan.field.length]]);
}
