/**
 * The order of a bound's close combats under owner-best-first (docs/engagement-model.md "A bound"): the
 * combats of columns order[0 .. n-1] ranked by the owner's edge in each (edge[column]), best first, a
 * stable insertion sort so that ties keep the order the columns came in (left to right in odd bounds,
 * right to left in even ones). A bound has at most a few dozen combats.
 */
export function rankByEdge(order: Int32Array, n: number, edge: Float64Array): void {
  for (let i = 1; i < n; i++) {
    const c = order[i]!;
    let j = i - 1;
    while (j >= 0 && edge[order[j]!]! < edge[c]!) {
      order[j + 1] = order[j]!;
      j--;
    }
    order[j + 1] = c;
  }
}
