/**
 * A dose-response fit: the probability of success as a logistic function of x, fitted to proportions
 * measured at a few x, and the x where it crosses a level (the "LD50" problem of bioassay) with a
 * Fieller interval. The balance study uses it for the score of a type against its field as a function
 * of the log of its element count (docs/balance.md "How a break-even is measured"). Pure functions with examples in tests.
 */
import { normalQuantile, Z95 } from './statistics.ts';

interface DosePoint {
  readonly x: number;
  /** Observed proportion (draws may count half, so any value in [0, 1]). */
  readonly p: number;
  /** Number of trials behind p. */
  readonly n: number;
  /**
   * Variance of p when known better than p(1-p)/n (draws counting half make it smaller); default
   * binomial.
   */
  readonly variance?: number;
}

export interface LogisticFit {
  /** logit p = a + b x */
  readonly a: number;
  readonly b: number;
  readonly varA: number;
  readonly varB: number;
  readonly covAB: number;
  /** IRLS converged. */
  readonly converged: boolean;
}

const logit = (p: number) => Math.log(p / (1 - p));
export const logistic = (t: number): number => 1 / (1 + Math.exp(-t));

/**
 * Weighted logistic regression by iteratively reweighted least squares, with half a success and half a
 * failure added at each point (a Haldane-style correction: all-or-nothing points stay finite). Each
 * point's weight is 1 / (its variance on the logit scale).
 * @example fitLogistic([{x: 0, p: 0.3, n: 100}, {x: 1, p: 0.7, n: 100}]) // a ≈ -0.85, b ≈ 1.69
 */
export function fitLogistic(points: readonly DosePoint[]): LogisticFit {
  if (points.length < 2) throw new Error('a logistic fit needs at least two points');
  const pts = points.map((q) => {
    const n = q.n + 1;
    const p = (q.p * q.n + 0.5) / n;
    const binomial = (p * (1 - p)) / n;
    const v = q.variance !== undefined ? Math.max(q.variance, 1e-12) : binomial;
    return { x: q.x, p, n, dispersion: v / binomial };
  });
  // Start from weighted least squares on the empirical logits.
  let a = 0;
  let b = 0;
  let converged = false;
  let sw = 0;
  let swx = 0;
  let swxx = 0;
  for (let iter = 0; iter < 50; iter++) {
    sw = 0;
    swx = 0;
    swxx = 0;
    let swz = 0;
    let swxz = 0;
    for (const q of pts) {
      const eta = iter === 0 ? logit(q.p) : a + b * q.x;
      const mu = logistic(eta);
      const v = Math.max(mu * (1 - mu), 1e-9);
      const w = (q.n * v) / q.dispersion;
      const z = eta + (q.p - mu) / v;
      sw += w;
      swx += w * q.x;
      swxx += w * q.x * q.x;
      swz += w * z;
      swxz += w * q.x * z;
    }
    const det = sw * swxx - swx * swx;
    if (det <= 0) break;
    const na = (swxx * swz - swx * swxz) / det;
    const nb = (sw * swxz - swx * swz) / det;
    const done = Math.abs(na - a) < 1e-10 && Math.abs(nb - b) < 1e-10;
    a = na;
    b = nb;
    if (done) {
      converged = true;
      break;
    }
  }
  const det = sw * swxx - swx * swx;
  return {
    a,
    b,
    varA: det > 0 ? swxx / det : Infinity,
    varB: det > 0 ? sw / det : Infinity,
    covAB: det > 0 ? -swx / det : 0,
    converged,
  };
}

interface Crossing {
  /** x where the fitted probability equals the level; undefined when the fit does not rise. */
  readonly x: number | undefined;
  /** Fieller confidence interval for x (may be unbounded on one side: +-Infinity). */
  readonly lo: number;
  readonly hi: number;
  /** Why there is no finite interval, in words, when there is none. */
  readonly why?: string;
}

/**
 * Where a rising logistic fit crosses `level`, with a Fieller interval at confidence `conf`: the x0
 * for which a + b x0 - logit(level) is not significantly different from 0. Exact for a normal
 * (a, b), and honest when the slope is poorly determined (the interval opens up instead of shrinking).
 * @example crossing(fitLogistic(points)).x // log count at which the score is 50%
 */
export function crossing(f: LogisticFit, level = 0.5, conf = 0.95): Crossing {
  const z = conf === 0.95 ? Z95 : normalQuantile(1 - (1 - conf) / 2);
  const c = f.a - logit(level);
  if (!(f.b > 0) || !Number.isFinite(f.varB))
    return { x: undefined, lo: -Infinity, hi: Infinity, why: 'the score does not rise with the count' };
  const x = -c / f.b;
  // Solve (c + b x)^2 = z^2 (varA + 2 x cov + x^2 varB) for x.
  const z2 = z * z;
  const qa = f.b * f.b - z2 * f.varB;
  const qb = 2 * (c * f.b - z2 * f.covAB);
  const qc = c * c - z2 * f.varA;
  if (qa <= 0) {
    return {
      x,
      lo: -Infinity,
      hi: Infinity,
      why: 'the slope is not significantly above zero: the crossing is not pinned down',
    };
  }
  const disc = qb * qb - 4 * qa * qc;
  const root = Math.sqrt(Math.max(0, disc));
  return { x, lo: (-qb - root) / (2 * qa), hi: (-qb + root) / (2 * qa) };
}

/** Pool-adjacent-violators: the closest non-decreasing sequence (weighted least squares). */
export function isotonic(ys: readonly number[], ws: readonly number[]): number[] {
  const blocks: { y: number; w: number; n: number }[] = [];
  ys.forEach((y, i) => {
    blocks.push({ y, w: ws[i] as number, n: 1 });
    while (blocks.length > 1 && blocks[blocks.length - 2]!.y > blocks[blocks.length - 1]!.y) {
      const q = blocks.pop()!;
      const p = blocks.pop()!;
      const w = p.w + q.w;
      blocks.push({ y: (p.y * p.w + q.y * q.w) / w, w, n: p.n + q.n });
    }
  });
  return blocks.flatMap((b) => new Array<number>(b.n).fill(b.y));
}
