/**
 * The fitting rule (docs/armies.md "Fitting an army to a budget"): how an army file's `fill` troops are
 * counted for a budget. The file's counts of its fill groups are their proportions (weights). Fill
 * elements are handed out one at a time, starting from none: each goes to the group with the largest
 * weight / (count so far + 1) (the D'Hondt order; a tie goes to the group listed first) among the groups
 * whose next element still fits the AP left and its `up to` limit. It stops when no fill element fits.
 *
 * So the army costs at most its budget, no further fill element fits, and at the AP the file's counts
 * cost the fill groups come out exactly as written; cheaper troops (as Reg Bd under DBM 3.2) buy more of
 * them. The rule is deterministic and does not depend on where the file's counts started.
 */

/** One fill group: its weight (the file's count), the AP of one element, and an optional limit. */
export interface FillGroup {
  readonly weight: number;
  readonly cost: number;
  readonly max?: number;
}

/** AP sums are compared with this slack, so that costs like 0.1 added up do not lose an element. */
const SLACK = 1e-9;

/** Counts of the fill groups for `room` AP (the budget less everything that is not fill). */
export function fillCounts(groups: readonly FillGroup[], room: number): number[] {
  for (const g of groups) {
    if (!(Number.isInteger(g.weight) && g.weight > 0))
      throw new Error('fillCounts: weights are whole and positive');
    if (!(g.cost > 0)) throw new Error('fillCounts: a fill element costs more than 0 AP');
  }
  const counts = groups.map(() => 0);
  let left = room;
  for (;;) {
    let best = -1;
    groups.forEach((g, i) => {
      const n = counts[i] as number;
      if (g.max !== undefined && n >= g.max) return;
      if (g.cost > left + SLACK) return;
      // weight_i / (n_i + 1) > weight_best / (n_best + 1), in whole numbers: exact, ties to the first.
      if (
        best < 0 ||
        g.weight * ((counts[best] as number) + 1) > (groups[best] as FillGroup).weight * (n + 1)
      )
        best = i;
    });
    if (best < 0) return counts;
    counts[best] = (counts[best] as number) + 1;
    left -= (groups[best] as FillGroup).cost;
  }
}
