/**
 * Break-even cost: the cost at which a type's equal-points win rate against an opponent (or a field) is
 * 50%, found by search as a balancing simulator would. At a budget B a cost c buys floor(B / c)
 * elements, so the win rate depends on the count bought; the search is over counts, and the answer is
 * turned back into a cost. Win rates are estimates with confidence intervals, so the break-even cost is
 * an interval too.
 */

export interface RateEstimate {
  /** Estimated win rate (draws counting half). */
  readonly p: number;
  readonly low: number;
  readonly high: number;
}

export interface BreakEven {
  /** Interpolated break-even cost (AP per element). */
  readonly cost: number;
  /** Range of costs whose win rate's interval contains 50%. */
  readonly low: number;
  readonly high: number;
  /** Win rate estimates by element count, as measured. */
  readonly evaluated: readonly { count: number; cost: number; rate: RateEstimate }[];
  /** The search hit a bound: the break-even cost is beyond the range searched. */
  readonly censored: 'cheaper' | 'dearer' | null;
}

/**
 * Search the element count at which the win rate crosses 50%, assuming it rises with the count.
 * `estimate(count)` is called O(log(maxCount)) times plus the neighbours needed for the interval.
 */
export async function searchBreakEven(
  budget: number,
  estimate: (count: number) => Promise<RateEstimate>,
  opts: { minCount?: number; maxCount: number },
): Promise<BreakEven> {
  const minCount = opts.minCount ?? 1;
  const cache = new Map<number, RateEstimate>();
  const at = async (n: number) => {
    let r = cache.get(n);
    if (!r) {
      r = await estimate(n);
      cache.set(n, r);
    }
    return r;
  };
  const evaluated = () =>
    [...cache.entries()]
      .sort((x, y) => x[0] - y[0])
      .map(([count, rate]) => ({ count, cost: budget / count, rate }));

  const lowest = await at(minCount);
  if (lowest.p >= 0.5) {
    return {
      cost: budget / minCount,
      low: budget / minCount,
      high: Infinity,
      evaluated: evaluated(),
      censored: 'dearer',
    };
  }
  const highest = await at(opts.maxCount);
  if (highest.p < 0.5) {
    const c = budget / opts.maxCount;
    return { cost: c, low: 0, high: c, evaluated: evaluated(), censored: 'cheaper' };
  }
  // Invariant: p(lo) < 0.5 <= p(hi).
  let lo = minCount;
  let hi = opts.maxCount;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if ((await at(mid)).p < 0.5) lo = mid;
    else hi = mid;
  }
  const pLo = (await at(lo)).p;
  const pHi = (await at(hi)).p;
  const crossing = lo + (pHi === pLo ? 0.5 : (0.5 - pLo) / (pHi - pLo));
  // Interval: walk out from the crossing while the estimate's interval still contains 50%.
  let nLow = lo;
  while (nLow > minCount && (await at(nLow)).high >= 0.5) nLow--;
  let nHigh = hi;
  while (nHigh < opts.maxCount && (await at(nHigh)).low <= 0.5) nHigh++;
  return {
    cost: budget / crossing,
    low: budget / nHigh,
    high: budget / nLow,
    evaluated: evaluated(),
    censored: null,
  };
}
