/**
 * Points: what a file costs and how many files an AP budget buys (DBM 3.2 p.10 Element Cost), with the
 * version's cost table and any scenario overrides.
 */
import { COST_ADJUSTMENTS, elementCost, type CostTable } from '../systems/dbm/costs.ts';
import type { Element } from '../systems/dbm/troops.ts';

/**
 * Cost of rank `index` of a file. The rear element of a double base costs less (DBM 3.2 p.10 "Adjust for
 * all grades if": double-based rear element, -2 regular, -1 irregular).
 */
export function rankCost(costs: CostTable, e: Element, index: number, doubleBased: boolean): number {
  const base = elementCost(costs, e);
  return doubleBased && index === 1 ? base + COST_ADJUSTMENTS.doubleBaseRear[e.reg] : base;
}

export function fileCost(costs: CostTable, ranks: readonly Element[], doubleBased: boolean): number {
  return ranks.reduce((t, e, i) => t + rankCost(costs, e, i, doubleBased), 0);
}

/** The most whole files of cost `cost` that `budget` AP buys (at least 0). */
export function filesForBudget(cost: number, budget: number): number {
  if (!(cost > 0)) throw new Error(`a file costing ${cost} AP cannot be bought to a budget`);
  return Math.max(0, Math.floor(budget / cost + 1e-9));
}
