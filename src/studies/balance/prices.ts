/**
 * From matchup score curves to prices (docs/balance.md "How a break-even is measured"). Each assessed element e
 * was fought against each field opponent f at several element counts; a logistic fit per matchup gives
 * e's score as a function of the count ratio, written here as the log of the price at which e would
 * buy that ratio against f at f's book cost. From those curves:
 *
 * - the break-even price of e against the book-priced field (its weighted score is 50%), with an
 *   interval from the fits' uncertainty (inverting a z-test of "score = 50%", as Fieller does);
 * - the fixed point: prices for every element at which each breaks even against a field priced the
 *   same way (field members' prices move too), scaled so that the field's weighted geometric mean price
 *   stays at its book value.
 *
 * Scores are assumed to depend on the count ratio of the two lines, not on their absolute size: the
 * study measures them near the budget and reprices by at most tens of percent, where this holds to the
 * first order (docs/balance.md discusses it).
 */
import { logistic, type LogisticFit } from '../../core/logistic.ts';
import { Z95 } from '../../core/statistics.ts';

/** A matchup curve: score of e against f = logistic(a + b * (log(pf / cf) - log(pe))). */
export interface MatchupCurve {
  readonly opponent: string;
  readonly weight: number;
  /** f's book cost (the curve's reference). */
  readonly cost: number;
  readonly fit: LogisticFit;
}

/** Weighted score against the field at price pe, with its standard error from the fits (delta method). */
export function fieldScore(curves: readonly MatchupCurve[], pe: number): { score: number; se: number } {
  const total = curves.reduce((t, c) => t + c.weight, 0);
  let score = 0;
  let v = 0;
  const x = -Math.log(pe);
  for (const c of curves) {
    const w = c.weight / total;
    const mu = logistic(c.fit.a + c.fit.b * x);
    score += w * mu;
    // d mu / d(a, b) = mu (1 - mu) (1, x)
    const g = mu * (1 - mu);
    const vf = g * g * (c.fit.varA + 2 * x * c.fit.covAB + x * x * c.fit.varB);
    v += w * w * (Number.isFinite(vf) ? vf : 0.25);
  }
  return { score, se: Math.sqrt(v) };
}

/** Largest x in [lo, hi] with f(x) >= 0 for a function that falls through zero once (bisection). */
function lastNonNegative(f: (x: number) => number, lo: number, hi: number): number {
  // To 1e-9 in log price: far below any difference in AP that a report prints.
  for (let i = 0; i < 100 && hi - lo > 1e-9; i++) {
    const mid = (lo + hi) / 2;
    if (f(mid) >= 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

export interface BreakEven {
  /** Price (AP) at which the weighted score against the book-priced field is 50%. */
  readonly cost: number | undefined;
  /** 95% interval: prices at which the score is not significantly different from 50%. */
  readonly lo: number;
  readonly hi: number;
  /** Why there is no break-even (or no finite interval) within the searched prices. */
  readonly why?: string;
}

/**
 * Break-even price against the field, searched between `min` and `max` AP (the prices the design
 * covered, widened a little). Scores fall as the price rises (fewer elements).
 */
export function breakEven(curves: readonly MatchupCurve[], min: number, max: number): BreakEven {
  const f = (lp: number) => fieldScore(curves, Math.exp(lp));
  const lmin = Math.log(min);
  const lmax = Math.log(max);
  const atMin = f(lmin).score;
  const atMax = f(lmax).score;
  if (atMin < 0.5)
    return { cost: undefined, lo: 0, hi: min, why: `scores below 50% even at ${min.toFixed(2)} AP` };
  if (atMax > 0.5)
    return { cost: undefined, lo: max, hi: Infinity, why: `scores above 50% even at ${max.toFixed(2)} AP` };
  const mid = lastNonNegative((lp) => f(lp).score - 0.5, lmin, lmax);
  // The interval: prices whose score is within z standard errors of 50%.
  const lowEdge = (lp: number) => {
    const s = f(lp);
    return s.score - 0.5 - Z95 * s.se;
  };
  const highEdge = (lp: number) => {
    const s = f(lp);
    return s.score - 0.5 + Z95 * s.se;
  };
  const lo = lowEdge(lmin) < 0 ? min : Math.exp(lastNonNegative(lowEdge, lmin, mid));
  const hi = highEdge(lmax) > 0 ? max : Math.exp(lastNonNegative(highEdge, mid, lmax));
  const open = lo === min || hi === max;
  return {
    cost: Math.exp(mid),
    lo,
    hi,
    ...(open ? { why: 'the interval reaches the edge of the prices measured' } : {}),
  };
}

interface FixedPoint {
  /** Price of each element (by name) at which all break even together. */
  readonly prices: ReadonlyMap<string, number>;
  readonly iterations: number;
  readonly converged: boolean;
}

/**
 * Prices at which every element breaks even against a field priced the same way. `curves.get(e)` are
 * e's matchup curves against the field members (each an element of `book` too); `book` gives every
 * element's book cost. Gauss-Seidel on log prices, each element's equation solved by bisection, then
 * rescaled so the field's weighted geometric mean price equals its book value.
 */
export function fixedPoint(
  curves: ReadonlyMap<string, readonly MatchupCurve[]>,
  book: ReadonlyMap<string, number>,
  bounds: { readonly ratio: number } = { ratio: 4 },
): FixedPoint {
  const names = [...curves.keys()];
  const q = new Map(names.map((n) => [n, Math.log(book.get(n) as number)]));
  const fieldWeights = new Map<string, number>();
  for (const cs of curves.values()) for (const c of cs) fieldWeights.set(c.opponent, c.weight);
  const fieldTotal = [...fieldWeights.values()].reduce((t, w) => t + w, 0);
  const bookMean =
    [...fieldWeights.entries()].reduce((t, [f, w]) => t + w * Math.log(book.get(f) as number), 0) /
    fieldTotal;
  let iterations = 0;
  let converged = false;
  for (; iterations < 500 && !converged; iterations++) {
    const before = names.map((e) => q.get(e) as number);
    for (const e of names) {
      const cs = curves.get(e) as readonly MatchupCurve[];
      const total = cs.reduce((t, c) => t + c.weight, 0);
      // matchupScore(c, pe, pf) = logistic(a + b (log pf - log cf) - b log pe): the part that does not
      // depend on e's price is fixed for this step.
      const offset = cs.map(
        (c) => c.fit.a + c.fit.b * ((q.get(c.opponent) ?? Math.log(c.cost)) - Math.log(c.cost)),
      );
      const score = (le: number) => {
        let t = 0;
        for (let k = 0; k < cs.length; k++) t += cs[k]!.weight * logistic(offset[k]! - cs[k]!.fit.b * le);
        return t / total - 0.5;
      };
      const b0 = Math.log(book.get(e) as number);
      const lo = b0 - Math.log(bounds.ratio);
      const hi = b0 + Math.log(bounds.ratio);
      const next = score(lo) < 0 ? lo : score(hi) > 0 ? hi : lastNonNegative(score, lo, hi);
      q.set(e, next);
    }
    // Keep the field's weighted geometric mean price at its book value.
    const mean =
      [...fieldWeights.entries()].reduce(
        (t, [f, w]) => t + w * (q.get(f) ?? Math.log(book.get(f) as number)),
        0,
      ) / fieldTotal;
    const shift = bookMean - mean;
    for (const e of names) q.set(e, (q.get(e) as number) + shift);
    // Converged when no log price moved by more than 1e-9 (the bisection's precision) over the sweep
    // and the rescaling together. Near the solution a sweep moves every price by about the same factor
    // (a field member not repriced holds its book price) and the rescaling moves them back; measured
    // before the rescaling, that move never shrank, and every search ran its 500 sweeps reporting no
    // convergence (docs/balance.md, step 7 Fixed point).
    let change = 0;
    names.forEach((e, i) => (change = Math.max(change, Math.abs((q.get(e) as number) - before[i]!))));
    converged = change < 1e-9;
  }
  return { prices: new Map(names.map((n) => [n, Math.exp(q.get(n) as number)])), iterations, converged };
}
