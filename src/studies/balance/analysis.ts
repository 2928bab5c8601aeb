/**
 * The balance study's results (docs/balance.md "Reading a verdict"): for every unit (version, grid
 * variant, element) its score curves against each field opponent, its break-even cost against the
 * book-priced field with an interval, and a verdict; across the grid, each element's robustness; per
 * version and variant, the fixed-point prices; and the verdict on each cost the versions changed.
 */
import { geometricMean } from 'simple-statistics';
import { Z95 } from '../../core/statistics.ts';
import type { Counts } from '../kind.ts';
import { adjustedScoreOf, matchupCurves, PER_OPPONENT, pooled, priceRange } from './curves.ts';
import { bookCount, finalDesign, scoreOf, units } from './design.ts';
import { elementMatchups, extremes, unitMatchups, type Matchup, type UnitMatchups } from './evidence.ts';
import type { BalancePlan, GridVariant } from './plan.ts';
import { breakEven, fixedPoint, type MatchupCurve } from './prices.ts';

export type CostVerdict = 'under-costed' | 'balanced' | 'over-costed' | 'not measured';
export type ChangeVerdict = 'balanced' | 'towards, not enough' | 'past break-even' | 'away' | 'not measured';

export interface UnitResult {
  readonly version: string;
  readonly variant: number;
  readonly element: string;
  /** Book cost under the version. */
  readonly cost: number;
  readonly bookCount: number;
  /** Depth against each field opponent, in field order; and each opponent's own depth. */
  readonly depths: readonly number[];
  readonly theirDepths: readonly number[];
  readonly pilot: readonly { readonly count: number; readonly score: number }[];
  /** Weighted score against the field at each final count, with a Wilson-type 95% interval. */
  readonly scores: readonly {
    readonly count: number;
    readonly score: number;
    readonly lo: number;
    readonly hi: number;
  }[];
  /** Engagements in the final design, widenings and refinements. */
  readonly engagements?: number;
  /** Counts added beyond the first design, and refinement rounds. */
  readonly widened?: number;
  readonly refined?: number;
  /** Break-even cost against the book-priced field, its 95% interval (sampling noise only). */
  readonly breakEven: number | null;
  readonly lo: number;
  readonly hi: number;
  readonly verdict: CostVerdict;
  /** Half-width of the interval within the study's precision. */
  readonly precise: boolean;
  /** Why there is no break-even, or why its interval is wide. */
  readonly why?: string;
}

export interface ElementSummary {
  readonly element: string;
  readonly cost: number;
  /** Geometric mean of the variants' break-evens. */
  readonly breakEven: number | null;
  /** Hull of the variants' intervals: sampling noise and the spread between variants. */
  readonly lo: number;
  readonly hi: number;
  readonly fixedPoint: { readonly mean: number; readonly min: number; readonly max: number } | null;
  /** How many variants gave each verdict. */
  readonly verdicts: Readonly<Record<CostVerdict, number>>;
  /** The verdict every variant gives, or 'model-dependent'. */
  readonly robust: CostVerdict | 'model-dependent';
  /** When model-dependent: the one grid axis that decides the verdict, if one does. */
  readonly split?: Split<CostVerdict>;
  /**
   * The evidence (docs/balance.md "The evidence"): its score at book cost against each field opponent
   * (field order, mean over the variants that measured it), and the five it does best and worst against,
   * with how those fights ended and why.
   */
  readonly matchups?: {
    readonly scores: readonly number[];
    readonly best: readonly Matchup[];
    readonly worst: readonly Matchup[];
  };
}

export interface CostChange {
  readonly element: string;
  readonly oldCost: number;
  readonly newCost: number;
  /** Per grid variant, under the newest version. */
  readonly perVariant: readonly {
    readonly breakEven: number | null;
    readonly lo: number;
    readonly hi: number;
    readonly verdict: ChangeVerdict;
  }[];
  readonly breakEven: number | null;
  readonly lo: number;
  readonly hi: number;
  readonly robust: ChangeVerdict | 'model-dependent';
  /** When model-dependent: the one grid axis that decides the verdict, if one does. */
  readonly split?: Split<ChangeVerdict>;
}

export interface BalanceResults {
  readonly versions: readonly { readonly id: string; readonly name: string }[];
  readonly grid: readonly GridVariant[];
  readonly field: BalancePlan['field'];
  readonly skipped: BalancePlan['skipped'];
  readonly engagements: BalancePlan['engagements'];
  readonly precision: number;
  readonly units: readonly UnitResult[];
  /** Per version (in order): one summary per element. */
  readonly elements: readonly (readonly ElementSummary[])[];
  /** Per version and variant: fixed-point price of each element. */
  readonly fixedPoints: readonly (readonly {
    readonly variant: number;
    readonly converged: boolean;
    readonly prices: Readonly<Record<string, number>>;
  }[])[];
  readonly changes: readonly CostChange[];
  /** Engagements fought, all stages. */
  readonly fought: number;
}

/** Geometric mean (simple-statistics), of the prices over the variants. */
const geoMean = (xs: readonly number[]): number => geometricMean([...xs]);

function costVerdict(cost: number, lo: number, hi: number, measured: boolean): CostVerdict {
  if (!measured) return 'not measured';
  if (cost > hi) return 'over-costed';
  if (cost < lo) return 'under-costed';
  return 'balanced';
}

function changeVerdict(
  oldCost: number,
  newCost: number,
  be: number | null,
  lo: number,
  hi: number,
): ChangeVerdict {
  if (be === null) return 'not measured';
  if (newCost >= lo && newCost <= hi) return 'balanced';
  const before = oldCost - be;
  const after = newCost - be;
  if (Math.sign(before) !== Math.sign(after)) return 'past break-even';
  return Math.abs(after) < Math.abs(before) ? 'towards, not enough' : 'away';
}

function robustOf<V extends string>(labels: readonly V[]): V | 'model-dependent' {
  return labels.every((l) => l === labels[0]) ? (labels[0] as V) : 'model-dependent';
}

/** The grid axes a verdict may depend on. */
export const AXES = ['budget', 'depth', 'terrain', 'order'] as const;
export type Axis = (typeof AXES)[number];

/** A model-dependent verdict that one axis of the grid decides: the verdict at each of its values. */
export interface Split<V extends string> {
  readonly axis: Axis;
  readonly by: readonly { readonly value: string; readonly verdict: V }[];
}

/**
 * The axis of the grid that alone decides a verdict which differs between variants (every variant with
 * the same value of that axis gives the same verdict), if there is one. `labels[i]` is variant i's.
 */
export function splitOf<V extends string>(
  grid: readonly GridVariant[],
  labels: readonly V[],
): Split<V> | undefined {
  if (labels.every((l) => l === labels[0])) return undefined;
  // A variant that could not measure the element decides nothing.
  if (labels.some((l) => l === 'not measured')) return undefined;
  for (const axis of AXES) {
    const by = new Map<string, V>();
    let decides = true;
    grid.forEach((g, i) => {
      const value = String(g[axis]);
      const seen = by.get(value);
      if (seen === undefined) by.set(value, labels[i] as V);
      else if (seen !== labels[i]) decides = false;
    });
    if (decides && by.size > 1)
      return { axis, by: [...by.entries()].map(([value, verdict]) => ({ value, verdict })) };
  }
  return undefined;
}

const withSplit = <V extends string>(split: Split<V> | undefined) => (split ? { split } : {});

export function balanceResults(plan: BalancePlan, done: Counts): BalanceResults {
  const results: UnitResult[] = [];
  const curvesBy = new Map<string, Map<string, MatchupCurve[]>>();
  const evidence = new Map<string, UnitMatchups[]>();
  let fought = 0;
  for (const c of done.values()) for (let i = 0; i < c.length; i += PER_OPPONENT) fought += c[i] as number;
  for (const u of units(plan)) {
    const d = finalDesign(plan, u, done);
    const cost = u.version.costs[u.element] as number;
    const evidenceKey = `${u.vi}|${u.element}`;
    if (!evidence.has(evidenceKey)) evidence.set(evidenceKey, []);
    evidence.get(evidenceKey)!.push(unitMatchups(plan.field.length, done.get(d.evidence.id)!));
    const base = {
      version: u.version.id,
      variant: u.gi,
      element: u.element,
      cost,
      bookCount: bookCount(u.variant.budget, cost),
      depths: d.depths,
      theirDepths: d.theirDepths,
      pilot: d.pilot,
    };
    if (d.censored) {
      results.push({
        ...base,
        scores: [],
        breakEven: null,
        lo: 0,
        hi: Infinity,
        verdict: 'not measured',
        precise: false,
        why: d.censored,
      });
      continue;
    }
    const curves = matchupCurves(plan, u.variant.budget, u.version.costs, d.points, done);
    const key = `${u.vi}|${u.gi}`;
    if (!curvesBy.has(key)) curvesBy.set(key, new Map());
    curvesBy.get(key)!.set(u.element, curves);
    const total = plan.field.reduce((t, f) => t + f.weight, 0);
    let engagements = 0;
    const scores = d.points.map((pt) => {
      const c = pooled(done, pt.jobs);
      let p = 0;
      let pa = 0;
      let v = 0;
      plan.field.forEach((f, k) => {
        const w = f.weight / total;
        const sc = scoreOf(c, k);
        // The interval from the Wilson-type (Agresti-Coull) adjusted scores: never zero width.
        const adj = adjustedScoreOf(c, k, Z95);
        p += w * sc.p;
        pa += w * adj.p;
        v += w * w * adj.variance;
        engagements += sc.n;
      });
      const half = Z95 * Math.sqrt(v);
      return { count: pt.count, score: p, lo: Math.max(0, pa - half), hi: Math.min(1, pa + half) };
    });
    const range = priceRange(u.variant.budget, d.points);
    const be = breakEven(curves, range.min, range.max);
    const measured = be.cost !== undefined;
    const half = (be.hi - be.lo) / 2;
    const precise = measured && half <= plan.precision;
    results.push({
      ...base,
      scores,
      engagements,
      widened: d.widened,
      refined: d.refined,
      breakEven: be.cost ?? null,
      lo: be.lo,
      hi: be.hi,
      verdict: costVerdict(cost, be.lo, be.hi, measured),
      precise,
      ...(be.why
        ? { why: be.why }
        : !precise && measured
          ? {
              why: `the score changes little with the count here: ±${half.toFixed(2)} AP after ${engagements.toLocaleString('en')} engagements (the study's cap)`,
            }
          : {}),
    });
  }
  // Fixed points per version and variant.
  const fixedPoints = plan.versions.map((v, vi) =>
    plan.grid.map((_, gi) => {
      const curves = curvesBy.get(`${vi}|${gi}`) ?? new Map<string, MatchupCurve[]>();
      const book = new Map(Object.entries(v.costs));
      const fp = fixedPoint(curves, book);
      return { variant: gi, converged: fp.converged, prices: Object.fromEntries(fp.prices) };
    }),
  );
  // Per version, each element across the grid.
  const elements = plan.versions.map((v, vi) =>
    plan.elements.map((e): ElementSummary => {
      const rs = results.filter((r) => r.version === v.id && r.element === e);
      const measured = rs.filter((r) => r.breakEven !== null);
      const fps = fixedPoints[vi]!.map((f) => f.prices[e]).filter((x): x is number => x !== undefined);
      const verdicts = { 'under-costed': 0, balanced: 0, 'over-costed': 0, 'not measured': 0 } as Record<
        CostVerdict,
        number
      >;
      for (const r of rs) verdicts[r.verdict]++;
      const ev = evidence.get(`${vi}|${e}`);
      const matchups = ev ? elementMatchups(plan.field, ev) : undefined;
      return {
        element: e,
        cost: v.costs[e] as number,
        breakEven: measured.length > 0 ? geoMean(measured.map((r) => r.breakEven as number)) : null,
        lo: Math.min(...rs.map((r) => r.lo)),
        hi: Math.max(...rs.map((r) => r.hi)),
        fixedPoint:
          fps.length > 0 ? { mean: geoMean(fps), min: Math.min(...fps), max: Math.max(...fps) } : null,
        verdicts,
        robust: robustOf(rs.map((r) => r.verdict)),
        ...withSplit(
          splitOf(
            plan.grid,
            rs.map((r) => r.verdict),
          ),
        ),
        ...(matchups ? { matchups: { scores: matchups.map((m) => m.score), ...extremes(matchups) } } : {}),
      };
    }),
  );
  // Cost changes from the first version to the last, judged under the last.
  const first = plan.versions[0]!;
  const last = plan.versions[plan.versions.length - 1]!;
  const changes: CostChange[] = plan.elements
    .filter((e) => first.costs[e] !== last.costs[e])
    .map((e) => {
      const oldCost = first.costs[e] as number;
      const newCost = last.costs[e] as number;
      const rs = plan.grid.map((_, gi) =>
        results.find((r) => r.version === last.id && r.variant === gi && r.element === e)!,
      );
      const perVariant = rs.map((r) => ({
        breakEven: r.breakEven,
        lo: r.lo,
        hi: r.hi,
        verdict: changeVerdict(oldCost, newCost, r.breakEven, r.lo, r.hi),
      }));
      const measured = rs.filter((r) => r.breakEven !== null);
      return {
        element: e,
        oldCost,
        newCost,
        perVariant,
        breakEven: measured.length > 0 ? geoMean(measured.map((r) => r.breakEven as number)) : null,
        lo: Math.min(...rs.map((r) => r.lo)),
        hi: Math.max(...rs.map((r) => r.hi)),
        robust: robustOf(perVariant.map((p) => p.verdict)),
        ...withSplit(
          splitOf(
            plan.grid,
            perVariant.map((p) => p.verdict),
          ),
        ),
      };
    });
  return {
    versions: plan.versions.map((v) => ({ id: v.id, name: v.name })),
    grid: plan.grid,
    field: plan.field,
    skipped: plan.skipped,
    engagements: plan.engagements,
    precision: plan.precision,
    units: results,
    elements,
    fixedPoints,
    changes,
    fought,
  };
}
