/**
 * Points cost against measured effectiveness: an ordinary least-squares line of cost on effectiveness
 * (simple-statistics), so the line gives the "fair" cost of an effectiveness, and each type's residual
 * (actual minus fair cost) says by how many AP it is over- (+) or under-costed (-), with a 95% prediction
 * interval.
 */
import { linearRegression, mean, rSquared } from 'simple-statistics';
import { tQuantile } from '../core/statistics.ts';

export interface CostPoint {
  readonly label: string;
  readonly cost: number;
  readonly effectiveness: number;
}

export interface Residual extends CostPoint {
  /** Cost the fitted line gives this effectiveness. */
  readonly fairCost: number;
  /** Actual minus fair cost: positive = over-costed. */
  readonly residual: number;
  /** 95% prediction interval of the fair cost. */
  readonly fairLow: number;
  readonly fairHigh: number;
  /** Actual cost outside the prediction interval. */
  readonly flagged: boolean;
}

export interface CostFit {
  readonly slope: number;
  readonly intercept: number;
  readonly r2: number;
  readonly n: number;
  readonly residuals: readonly Residual[];
}

export function fitCostLine(points: readonly CostPoint[], level = 0.95): CostFit {
  if (points.length < 3) throw new Error('a cost fit needs at least 3 points');
  const xy = points.map((p) => [p.effectiveness, p.cost] as [number, number]);
  const { m: slope, b: intercept } = linearRegression(xy);
  const line = (x: number) => intercept + slope * x;
  const n = points.length;
  const xs = points.map((p) => p.effectiveness);
  const xBar = mean(xs);
  const sxx = xs.reduce((t, x) => t + (x - xBar) ** 2, 0);
  const sse = points.reduce((t, p) => t + (p.cost - line(p.effectiveness)) ** 2, 0);
  const s = Math.sqrt(sse / (n - 2));
  const t = tQuantile(1 - (1 - level) / 2, n - 2);
  const residuals = points.map((p) => {
    const fairCost = line(p.effectiveness);
    const se = s * Math.sqrt(1 + 1 / n + (sxx === 0 ? 0 : (p.effectiveness - xBar) ** 2 / sxx));
    const fairLow = fairCost - t * se;
    const fairHigh = fairCost + t * se;
    return {
      ...p,
      fairCost,
      residual: p.cost - fairCost,
      fairLow,
      fairHigh,
      flagged: p.cost < fairLow || p.cost > fairHigh,
    };
  });
  return { slope, intercept, r2: rSquared(xy, line), n, residuals };
}
