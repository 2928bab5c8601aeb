/**
 * The balance study's experimental design (docs/balance.md "How a break-even is measured"), as a pure
 * function of the counts done so far. For each unit (version, grid variant, element):
 *
 * 1. pilot: the element at the count its book cost buys, against every field opponent, at each depth
 *    the variant's policy allows; the "best" policy then keeps, per opponent, the depth that scored best;
 * 2. bracket: more counts (x1.5 or /1.5 each time) until the weighted score against the field is below
 *    50% at one count and at least 50% at another, or the count reaches 1 or its ceiling (then the
 *    report says why);
 * 3. final: five counts around the interpolated crossing, with more engagements each, for the fits;
 * 4. widen: where the break-even interval reaches the edge of the counts measured, a count beyond it
 *    (at most twice);
 * 5. refine: where the interval is still wider than the study's precision, more engagements at the same
 *    counts, shared among the opponents in proportion to weight x the spread of their outcome at the
 *    crossing (Neyman allocation: no engagements wasted on matchups already decided), sized to reach
 *    the precision (at most `refine` times the final design, in up to two rounds).
 *
 * Every step depends only on the unit's own counts, so units are independent until the results (a
 * sliced run does whole units).
 */
import { logistic } from '../../core/logistic.ts';
import type { Counts, Job } from '../kind.ts';
import {
  bookCount,
  MAX_COUNT,
  matchupCurves,
  PER_OPPONENT,
  priceRange,
  scoreOf,
  type DesignPoint,
  type JobRef,
} from './curves.ts';
import type { BalancePlan, GridVariant, VersionPlan } from './plan.ts';
import { breakEven, type BreakEven, type MatchupCurve } from './prices.ts';

export { bookCount, PER_OPPONENT, scoreOf };

/** Multipliers of the interpolated crossing count in the final design. */
const FINAL_SPREAD = [0.8, 0.9, 1, 1.12, 1.25] as const;
/** Rounds of widening and of refinement a unit may take. */
const WIDEN_ROUNDS = 2;
const REFINE_ROUNDS = 2;
/**
 * What a unit's widening and refinement are expected to cost, as a share of its final design (for the
 * progress bar's estimate and the run's only): about half with the default field, more with a small one
 * (how much a unit needs cannot be foreseen: a field of 4 needed 4 times its final design, one of 3
 * with lopsided matchups once).
 */
const REFINE_ALLOWANCE = 0.5;
/**
 * Their line-ups, in final designs' worth: each refinement round fights every opponent at every point,
 * whatever its engagements; about half the units take one round (measured on the bundled study's field:
 * 0.45).
 */
const REFINE_LINE_UPS = 0.45;
/** An opponent's outcome spread never counts as less than this in the allocation (every one gets some). */
const MIN_SPREAD = 0.05;

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
  /** Engagements against each opponent: one number for all, or one per opponent (refinements). */
  readonly engagements: number | readonly number[];
}

/** Engagements against opponent j of a payload. */
export const engagementsAgainst = (p: BalancePayload, j: number): number =>
  typeof p.engagements === 'number' ? p.engagements : (p.engagements[j] as number);

interface Unit {
  readonly version: VersionPlan;
  readonly vi: number;
  readonly variant: GridVariant;
  readonly gi: number;
  readonly element: string;
}

/** Every unit of the plan, in a fixed order (a plan cut for a slice keeps only some of them). */
export function units(plan: BalancePlan): Unit[] {
  const all = plan.versions.flatMap((version, vi) =>
    plan.grid.flatMap((variant, gi) =>
      plan.elements.map((element) => ({ version, vi, variant, gi, element })),
    ),
  );
  const keep = plan.keep;
  return keep ? all.filter((_, i) => keep.has(i)) : all;
}

/** How many units a plan has in all (version x variant x element). */
export const unitCount = (plan: BalancePlan): number =>
  plan.versions.length * plan.grid.length * plan.elements.length;

const unitId = (plan: BalancePlan, u: Unit) => `${plan.name}|${u.version.id}|${u.gi}|${u.element}`;

/** The depths an element may stand at under a policy and version ("best" picks per opponent in the pilot). */
function policyDepths(
  plan: BalancePlan,
  version: string,
  element: string,
  policy: GridVariant['depth'],
): readonly number[] {
  const d = plan.depths[version]?.[element] ?? { allowed: [1], support: 1 };
  if (policy === 'one') return [1];
  if (policy === 'support') return [d.support];
  return d.allowed;
}

/** An element's usual depth under a policy and version. */
const usualDepth = (plan: BalancePlan, version: string, element: string, policy: GridVariant['depth']) =>
  policy === 'one' ? 1 : (plan.depths[version]?.[element]?.support ?? 1);

/**
 * The field's opponents of a unit, at their book counts and usual depths (under the "best" policy the
 * pilot then picks each opponent's best depth against the element, as it picks the element's).
 */
function fieldOf(
  plan: BalancePlan,
  u: Unit,
): { element: string; count: number; depth: number; weight: number }[] {
  return plan.field.map((f) => ({
    element: f.element,
    weight: f.weight,
    count: bookCount(u.variant.budget, u.version.costs[f.element] as number),
    depth: usualDepth(plan, u.version.id, f.element, u.variant.depth),
  }));
}

function job(
  plan: BalancePlan,
  u: Unit,
  tag: string,
  count: number,
  ownDepths: readonly number[],
  engagements: number | readonly number[],
  theirDepths?: readonly number[],
): Job {
  const field = fieldOf(plan, u);
  const opponents = field.map((f, i) => ({
    element: f.element,
    count: f.count,
    depth: theirDepths ? (theirDepths[i] as number) : f.depth,
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
  const total =
    typeof engagements === 'number' ? engagements * opponents.length : engagements.reduce((t, n) => t + n, 0);
  return { id, kind: 'balance', payload, seed: `${plan.seed}|${id}`, samples: total, shardSize: total };
}

/** Weighted score against the field from per-opponent scores. */
function fieldScore(field: readonly { weight: number }[], scores: readonly number[]): number {
  const total = field.reduce((t, f) => t + f.weight, 0);
  return field.reduce((t, f, j) => t + f.weight * (scores[j] as number), 0) / total;
}

interface UnitDesign {
  readonly unit: Unit;
  /** Per field opponent: the assessed element's depth, and the opponent's. */
  readonly depths: readonly number[];
  readonly theirDepths: readonly number[];
  /** Counts evaluated in the pilot and bracket, with the weighted field score at each. */
  readonly pilot: readonly { readonly count: number; readonly score: number }[];
  /** The bracket (counts either side of 50%), or why there is none. */
  readonly bracket?: { readonly lo: number; readonly hi: number; readonly crossing: number };
  readonly censored?: string;
  /** The final design's counts with the jobs fought at each (empty when censored). */
  readonly points: readonly DesignPoint[];
  /** Counts added beyond the first design's range, and refinement rounds run. */
  readonly widened: number;
  readonly refined: number;
  /** The element at its book count, against every opponent (docs/balance.md "The evidence"). */
  readonly evidence: JobRef;
}

/**
 * A complete design with its jobs by id only, as the results read it: kept for every unit until the run
 * ends (nextStage), where a job's payload would be a few KB (a field of opponents) a job.
 */
function slim(d: UnitDesign): UnitDesign {
  const ref = (j: JobRef): JobRef => ({ id: j.id });
  return {
    ...d,
    points: d.points.map((p) => ({ count: p.count, jobs: p.jobs.map(ref) })),
    evidence: ref(d.evidence),
  };
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
  const policy = u.variant.depth;
  const candidates = policyDepths(plan, u.version.id, u.element, policy);
  const usual = usualDepth(plan, u.version.id, u.element, policy);
  const theirCandidates = field.map((f) => policyDepths(plan, u.version.id, f.element, policy));
  const most = Math.max(...theirCandidates.map((c) => c.length));
  // 1. Pilot at the book count: each depth of the element against the field at its usual depths; under
  // "best", also each depth of every opponent against the element at its usual depth (the same choice
  // for both sides: docs/balance.md "Line-ups").
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
  const theirPilots =
    policy === 'best' && most > 1
      ? Array.from({ length: most }, (_, i) =>
          job(
            plan,
            u,
            `q${i}:`,
            book,
            field.map(() => usual),
            theirCandidates.map((c) => (i < c.length ? plan.engagements.pilot : 0)),
            theirCandidates.map((c) => c[Math.min(i, c.length - 1)]!),
          ),
        )
      : [];
  const pilotsMissing = [...pilots, ...theirPilots].filter((j) => !done.has(j.id));
  if (pilotsMissing.length > 0) return { pending: pilotsMissing };
  const byDepth = pilots.map((j) => field.map((_, k) => scoreOf(done.get(j.id)!, k).p));
  // Per opponent, the depth that scored best (the shallower on a tie).
  const depths = field.map((_, k) => {
    let best = 0;
    for (let i = 1; i < candidates.length; i++) if (byDepth[i]![k]! > byDepth[best]![k]!) best = i;
    return candidates[best] as number;
  });
  // Per opponent, its depth that held the element to the lowest score (the shallower on a tie).
  const theirDepths = field.map((f, k) => {
    const c = theirCandidates[k]!;
    if (theirPilots.length === 0) return f.depth;
    let best = 0;
    for (let i = 1; i < c.length; i++)
      if (scoreOf(done.get(theirPilots[i]!.id)!, k).p < scoreOf(done.get(theirPilots[best]!.id)!, k).p)
        best = i;
    return c[best] as number;
  });
  // The evidence (docs/balance.md "The evidence"): the element at its book count, both sides at their
  // chosen depths, as many engagements as a final design point: how its fights end and why.
  const evidence = job(plan, u, 'e:', book, depths, plan.engagements.final, theirDepths);
  const withEvidence = (jobs: Job[]) => ({ pending: done.has(evidence.id) ? jobs : [...jobs, evidence] });
  const fixedDepths = theirPilots.length === 0;
  const pilot: { count: number; score: number }[] = [];
  if (fixedDepths) {
    const chosen = field.map((_, k) => byDepth[candidates.indexOf(depths[k]!)]![k]!);
    pilot.push({ count: book, score: fieldScore(field, chosen) });
  }
  // 2. Bracket (under "best" it starts at the book count, both sides at their chosen depths).
  for (let step = 0; step < 13; step++) {
    const last = pilot[pilot.length - 1];
    const below = pilot.filter((p) => p.score < 0.5);
    const above = pilot.filter((p) => p.score >= 0.5);
    if (below.length > 0 && above.length > 0) break;
    const rising = last !== undefined && last.score < 0.5;
    const next =
      last === undefined
        ? book
        : rising
          ? Math.min(MAX_COUNT, Math.max(last.count + 1, Math.ceil(last.count * 1.5)))
          : Math.max(1, Math.min(last.count - 1, Math.floor(last.count / 1.5)));
    if (last !== undefined && next === last.count) break;
    const j = job(plan, u, 'b:', next, depths, plan.engagements.pilot, theirDepths);
    if (!done.has(j.id)) return withEvidence([j]);
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
    if (!done.has(evidence.id)) return withEvidence([]);
    return {
      design: {
        unit: u,
        depths,
        theirDepths,
        pilot,
        censored,
        points: [],
        widened: 0,
        refined: 0,
        evidence,
      },
    };
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
  let points: DesignPoint<Job>[] = counts.map((c) => ({
    count: c,
    jobs: [job(plan, u, 'f:', c, depths, plan.engagements.final, theirDepths)],
  }));
  const missingOf = () => points.flatMap((p) => p.jobs).filter((j) => !done.has(j.id));
  let missing = missingOf();
  if (missing.length > 0) return withEvidence(missing);
  const fit = () => {
    const curves = matchupCurves(plan, u.variant.budget, u.version.costs, points, done);
    const range = priceRange(u.variant.budget, points);
    return { curves, range, be: breakEven(curves, range.min, range.max) };
  };
  // 4. Widen where the interval (or the crossing) reaches the edge of the counts measured.
  let widened = 0;
  for (let w = 1; w <= WIDEN_ROUNDS; w++) {
    const { be, range } = fit();
    const add = widening(be, range, points);
    if (add.length === 0) break;
    widened += add.length;
    points = [
      ...points,
      ...add.map((c) => ({
        count: c,
        jobs: [job(plan, u, `w${w}:`, c, depths, plan.engagements.final, theirDepths)],
      })),
    ].sort((x, y) => x.count - y.count);
    missing = missingOf();
    if (missing.length > 0) return withEvidence(missing);
  }
  // 5. Refine where the interval is wider than the precision asked for.
  let refined = 0;
  const budgetPerPoint = plan.engagements.final * field.length * plan.engagements.refine;
  let spent = 0;
  for (let r = 1; r <= REFINE_ROUNDS; r++) {
    const { be, curves } = fit();
    if (be.cost === undefined || !Number.isFinite(be.hi)) break;
    const half = (be.hi - be.lo) / 2;
    if (half <= plan.precision) break;
    const extra = refinement(curves, be, half, plan.precision, points, done, budgetPerPoint - spent);
    const total = extra.reduce((a, n) => a + n, 0);
    if (total === 0) break;
    spent += total;
    refined = r;
    points = points.map((p) => ({
      ...p,
      jobs: [...p.jobs, job(plan, u, `r${r}:`, p.count, depths, extra, theirDepths)],
    }));
    missing = missingOf();
    if (missing.length > 0) return withEvidence(missing);
  }
  if (!done.has(evidence.id)) return withEvidence([]);
  return {
    design: {
      unit: u,
      depths,
      theirDepths,
      pilot,
      bracket: { lo: below.count, hi: above.count, crossing },
      points,
      widened,
      refined,
      evidence,
    },
  };
}

/**
 * Counts to add when the break-even interval (or the crossing itself) reaches the edge of the prices
 * measured: a higher count beyond the cheap edge, a lower one beyond the dear edge.
 */
function widening(
  be: BreakEven,
  range: { min: number; max: number },
  points: readonly DesignPoint[],
): number[] {
  const lowest = points[0]!.count;
  const highest = points[points.length - 1]!.count;
  const add: number[] = [];
  const cheapEdge = be.cost === undefined ? be.hi <= range.min : be.lo <= range.min * (1 + 1e-9);
  const dearEdge = be.cost === undefined ? be.lo >= range.max : be.hi >= range.max * (1 - 1e-9);
  if (cheapEdge && highest < MAX_COUNT)
    add.push(Math.min(MAX_COUNT, Math.max(highest + 1, Math.round(highest * 1.25))));
  if (dearEdge && lowest > 1) add.push(Math.max(1, Math.min(lowest - 1, Math.round(lowest / 1.25))));
  return add;
}

/**
 * Extra engagements per opponent (the same at every design point) to bring the interval's half-width
 * from `half` to `precision`: the variance of the field score at the crossing falls as 1 / engagements,
 * so the engagements must grow by (half / precision)^2; they go to the opponents in proportion to weight
 * x sqrt(mu (1 - mu)), mu the opponent's fitted score at the crossing (Neyman allocation), at most
 * `cap` per design point.
 */
function refinement(
  curves: readonly MatchupCurve[],
  be: BreakEven,
  half: number,
  precision: number,
  points: readonly DesignPoint[],
  done: Counts,
  cap: number,
): number[] {
  if (cap <= 0) return curves.map(() => 0);
  const x = -Math.log(be.cost as number);
  const total = curves.reduce((t, c) => t + c.weight, 0);
  // An opponent with the same result in every engagement so far counts as decided (the fit's
  // small-sample correction would otherwise make it look uncertain).
  const decided = curves.map((_, k) => {
    let n = 0;
    let score = 0;
    for (const p of points)
      for (const j of p.jobs) {
        const s = scoreOf(done.get(j.id)!, k);
        n += s.n;
        score += s.p * s.n;
      }
    return n > 0 && (score === 0 || score === n);
  });
  const share = curves.map((c, k) => {
    const mu = logistic(c.fit.a + c.fit.b * x);
    const spread = decided[k] ? MIN_SPREAD : Math.max(MIN_SPREAD, Math.sqrt(mu * (1 - mu)));
    return (c.weight / total) * spread;
  });
  // Engagements per opponent per point so far (the first job of a point has every opponent).
  const have = curves.map((_, k) => points[0]!.jobs.reduce((t, j) => t + scoreOf(done.get(j.id)!, k).n, 0));
  // Variance of the field score now and wanted, up to the common factor of the fits.
  const varianceWith = (add: (k: number) => number) =>
    share.reduce((t, s, k) => t + (s * s) / (have[k]! + add(k)), 0);
  const now = varianceWith(() => 0);
  const wanted = now / ((half / precision) ** 2 * 1.1);
  const sumShare = share.reduce((t, s) => t + s, 0);
  // Bisection on the total extra engagements N (allocated N * share / sumShare).
  let lo = 0;
  let hi = cap;
  if (varianceWith((k) => (hi * share[k]!) / sumShare) > wanted) lo = hi;
  else
    for (let i = 0; i < 40; i++) {
      const mid = (lo + hi) / 2;
      if (varianceWith((k) => (mid * share[k]!) / sumShare) > wanted) lo = mid;
      else hi = mid;
    }
  const n = lo === cap ? cap : hi;
  return share.map((s) => Math.ceil((n * s) / sumShare));
}

/**
 * The study's next stage: every job some unit still needs (pilots, brackets, final designs, widenings,
 * refinements: each unit moves at its own pace). Empty when every unit is done. `later` estimates what
 * the stages after this one will draw, for the progress bar: a unit still in its pilot or bracket will
 * ask for a final design, and one more bracket step if in its pilot, and every unit some refinement.
 */
export function nextStage(plan: BalancePlan, done: Counts): BalanceStage {
  // The runner asks twice a round (the work, then what is left after it): remember the last answer for
  // these counts (they only grow).
  const memo = stageMemo.get(done);
  if (memo && memo.plan === plan && memo.size === done.size) return memo.stage;
  // A unit whose design was complete asked for no jobs, so the counts gained none of its own since (the
  // runner adds only the counts of the jobs a stage asked for), and a unit's design reads only its own:
  // it is still complete, and is not planned again (0.3 to 1.3 s a stage on the default study, while
  // the workers wait).
  const settled = memo && memo.plan === plan ? memo.settled : new Map<string, UnitDesign>();
  const stage = computeStage(plan, done, settled);
  stageMemo.set(done, { plan, size: done.size, stage, settled });
  return stage;
}

interface BalanceStage {
  readonly jobs: Job[];
  readonly final: boolean;
  readonly later: number;
  /** Line-ups of those later engagements: an opponent fought in a job is one. */
  readonly laterSetups: number;
  readonly label: string;
}

const stageMemo = new WeakMap<
  Counts,
  { plan: BalancePlan; size: number; stage: BalanceStage; settled: Map<string, UnitDesign> }
>();

/**
 * A unit's design once every job it asks for is done: the one the last stage settled on for these counts
 * (nextStage), or worked out again (1.5 s of the default study's results, with one core idle).
 */
export function finalDesign(plan: BalancePlan, u: Unit, done: Counts): UnitDesign {
  const memo = stageMemo.get(done);
  const known = memo && memo.plan === plan ? memo.settled.get(unitId(plan, u)) : undefined;
  if (known) return known;
  const s = unitDesign(plan, u, done);
  if ('pending' in s) throw new Error(`balance unit ${u.element} has work left`);
  return s.design;
}

/**
 * What a stage's units will need at the next stage, worked out while the stage's jobs run (aheadOfStage):
 * per unit of the stage, the jobs it asked for (by id) and how many are still running; then its design
 * as it stands once they are all done, made while the other units' jobs run.
 */
interface Ahead {
  /** The counts the stage was planned from (the runner's store, which grows from stage to stage). */
  readonly done: Counts;
  /** The unit of each job the stage asked for (by job id, to unit id). */
  readonly unitOf: Map<string, string>;
  /** Per unit id: the unit, its jobs of the stage (ids), and how many of them are not done yet. */
  readonly units: Map<string, { readonly unit: Unit; readonly jobs: readonly string[]; left: number }>;
  /** Per unit id: its design once its jobs of the stage were all done (unitDesign). */
  readonly made: Map<string, ReturnType<typeof unitDesign>>;
}

/** The latest stage's Ahead, per plan (the next computeStage uses its designs, then replaces it). */
const aheadByPlan = new WeakMap<BalancePlan, Ahead>();

/**
 * The runner's hint that job `finished` is done, its counts in `done` (StudyKind.ahead): once every job
 * its unit asked for in this stage is done, the unit's next design is worked out now, while the other
 * units' jobs still run, instead of at the stage's end with the workers waiting (0.7-0.9 s of each stage
 * boundary of the default study). A unit's design reads only its own jobs' counts (nextStage), and those
 * are the same in `done` now as when the next stage is asked for, so the stage is the same either way.
 */
export function aheadOfStage(plan: BalancePlan, done: Counts, finished: string): void {
  const ahead = aheadByPlan.get(plan);
  const id = ahead?.unitOf.get(finished);
  if (ahead === undefined || id === undefined) return;
  ahead.unitOf.delete(finished);
  const entry = ahead.units.get(id)!;
  if (--entry.left > 0) return;
  ahead.made.set(id, unitDesign(plan, entry.unit, done));
}

/**
 * A unit's design at this stage: the one aheadOfStage made, if this stage is planned from the same store
 * of counts as the last (grown since) and every job it was made after is in it (so it read the same
 * counts), else worked out now.
 */
function designNow(plan: BalancePlan, u: Unit, id: string, done: Counts, ahead: Ahead | undefined) {
  const made = ahead?.made.get(id);
  if (made !== undefined && ahead!.done === done && ahead!.units.get(id)!.jobs.every((j) => done.has(j)))
    return made;
  return unitDesign(plan, u, done);
}

/** The next stage; `settled`: units whose design is complete, by id (skipped, and added to). */
function computeStage(plan: BalancePlan, done: Counts, settled: Map<string, UnitDesign>): BalanceStage {
  const pending: Job[] = [];
  let later = 0;
  let laterSetups = 0;
  let early = false;
  const field = plan.field.length;
  // `jobs` jobs against the whole field, `engagements` per opponent: engagements and line-ups.
  const expect = (jobs: number, engagements: number, lineUps = jobs) => {
    later += jobs * engagements * field;
    laterSetups += lineUps * field;
  };
  const before = aheadByPlan.get(plan);
  const ahead: Ahead = { done, unitOf: new Map(), units: new Map(), made: new Map() };
  for (const u of units(plan)) {
    const id = unitId(plan, u);
    if (settled.has(id)) continue;
    const s = designNow(plan, u, id, done, before);
    if (!('pending' in s)) {
      settled.set(id, slim(s.design));
      continue;
    }
    pending.push(...s.pending);
    for (const j of s.pending) ahead.unitOf.set(j.id, id);
    ahead.units.set(id, { unit: u, jobs: s.pending.map((j) => j.id), left: s.pending.length });
    const points = FINAL_SPREAD.length;
    if (s.pending.some((j) => /\|[pqb]\d*:\d+$/.test(j.id))) {
      early = true;
      expect(points * (1 + REFINE_ALLOWANCE), plan.engagements.final, points * (1 + REFINE_LINE_UPS));
      if (s.pending.some((j) => /\|[pq]\d+:\d+$/.test(j.id))) expect(1, plan.engagements.pilot);
    } else if (s.pending.some((j) => /\|f:\d+$/.test(j.id)))
      expect(points * REFINE_ALLOWANCE, plan.engagements.final, points * REFINE_LINE_UPS);
    // Counted once, when the evidence job is still to come (docs/balance.md "The evidence").
    if (s.pending.some((j) => /\|[pq]\d+:\d+$/.test(j.id))) expect(1, plan.engagements.final);
  }
  aheadByPlan.set(plan, ahead);
  const label = pending.length === 0 ? '' : early ? 'pilot and bracket' : 'final and refinement';
  return { jobs: pending, final: false, later, laterSetups, label };
}
