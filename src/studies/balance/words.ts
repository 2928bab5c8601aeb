/**
 * The balance study's answer in plain words (docs/balance.md "Reading a verdict"): grid variants named
 * by the values that vary ("60 AP · open"), a set of variants named as briefly as the grid allows, and
 * one sentence per changed cost, the report's first screen. Pure.
 */
import { AXES, type Axis, type ChangeVerdict, type CostChange } from './analysis.ts';
import type { GridVariant } from './plan.ts';

const oneDecimal = (x: number): string => x.toFixed(1);

/** One value of an axis in words: "60 AP", "usual depth", "open", "mixed terrain". */
const VALUE_WORDS: Readonly<Record<Axis, (v: string) => string>> = {
  budget: (v) => `${v} AP`,
  depth: (v) => (v === 'best' ? 'best depth' : v === 'support' ? 'usual depth' : `${v} deep`),
  terrain: (v) => (v === 'open' ? 'open' : `${v} terrain`),
  order: (v) => `combat order ${v}`,
};

/** The axes whose value differs between the grid's variants, in the grid's order. */
function varying(grid: readonly GridVariant[]): Axis[] {
  return AXES.filter((a) => new Set(grid.map((g) => String(g[a]))).size > 1);
}

/** A variant by the values that vary in its grid: "60 AP · usual depth · open". */
export function variantWords(grid: readonly GridVariant[], i: number): string {
  const g = grid[i]!;
  const axes = varying(grid);
  return axes.length === 0 ? 'the one variant' : axes.map((a) => VALUE_WORDS[a](String(g[a]))).join(' · ');
}

/** Fixed values of some axes: every variant with them. */
type Pattern = ReadonlyMap<Axis, string>;

const matches = (g: GridVariant, p: Pattern): boolean => [...p].every(([a, v]) => String(g[a]) === v);

/**
 * A set of variants (indices into the grid) as few patterns as a greedy search finds: each pattern fixes
 * some axes, and every variant with those values is in the set ("60 AP · open" for the two depths).
 */
function patternsOf(grid: readonly GridVariant[], set: ReadonlySet<number>): Pattern[] {
  const axes = varying(grid);
  const covered = new Set<number>();
  const out: Pattern[] = [];
  for (const i of [...set].sort((x, y) => x - y)) {
    if (covered.has(i)) continue;
    const p = new Map(axes.map((a) => [a, String(grid[i]![a])]));
    // Free an axis whenever every variant the looser pattern takes is in the set.
    for (const a of axes) {
      const looser = new Map(p);
      looser.delete(a);
      if (grid.every((g, j) => !matches(g, looser) || set.has(j))) p.delete(a);
    }
    grid.forEach((g, j) => {
      if (matches(g, p)) covered.add(j);
    });
    out.push(p);
  }
  return out;
}

/** A pattern in words: "at 60 AP · open", "in the open", "everywhere". */
function patternWords(p: Pattern): string {
  const words = [...p].map(([a, v]) => VALUE_WORDS[a](v)).join(' · ');
  return p.size === 1 && p.has('terrain')
    ? words === 'open'
      ? 'in the open'
      : `in ${words}`
    : `at ${words}`;
}

/**
 * Where a verdict holds, in words: "in every variant", "at 60 AP · open" (named: the variants are
 * named, when one pattern names them all), else "in 5 of 8 variants".
 */
export function whereWords(
  grid: readonly GridVariant[],
  set: ReadonlySet<number>,
): { readonly text: string; readonly named: boolean } {
  if (set.size === grid.length)
    return { text: grid.length === 1 ? 'in its one variant' : 'in every variant', named: false };
  const patterns = patternsOf(grid, set);
  if (patterns.length === 1) return { text: patternWords(patterns[0]!), named: true };
  return { text: `in ${set.size} of ${grid.length} variants`, named: false };
}

/** What a change did, as the first clause of its sentence. */
function changeWords(v: ChangeVerdict, move: string): string {
  switch (v) {
    case 'balanced':
      return 'the new cost is a fair price';
    case 'towards, not enough':
      return `the ${move} moved it towards its fair price but not far enough`;
    case 'past break-even':
      return `the ${move} went past its fair price`;
    case 'away':
      return `the ${move} moved it away from its fair price`;
    case 'not measured':
      return 'its fair price could not be measured';
  }
}

/** The same, after a semicolon: "fair", "away from it". */
const SHORT: Readonly<Record<ChangeVerdict, string>> = {
  balanced: 'a fair price',
  'towards, not enough': 'towards it but not far enough',
  'past break-even': 'past it',
  away: 'away from it',
  'not measured': 'not measured',
};

/**
 * One plain sentence for a changed cost, variants named where the verdict differs: "Reg Bd(S), 9.0 →
 * 8.0 AP (fair price 13.6 AP): the cut moved it away from its fair price in 7 of 8 variants; at 60 AP ·
 * usual depth · open, a fair price."
 */
export function changeSentence(c: CostChange, grid: readonly GridVariant[]): string {
  const move = c.newCost < c.oldCost ? 'cut' : 'rise';
  const fair = c.breakEven === null ? 'not measured' : `${oneDecimal(c.breakEven)} AP`;
  const head = `${c.element}, ${oneDecimal(c.oldCost)} → ${oneDecimal(c.newCost)} AP (fair price ${fair})`;
  const groups = new Map<ChangeVerdict, Set<number>>();
  c.perVariant.forEach((p, i) => groups.set(p.verdict, (groups.get(p.verdict) ?? new Set()).add(i)));
  const ordered = [...groups].sort((x, y) => y[1].size - x[1].size);
  // A count or "every variant" follows the verdict; named variants lead it.
  const clauses = ordered.map(([v, set], k) => {
    const what = k === 0 ? changeWords(v, move) : SHORT[v];
    const where = whereWords(grid, set);
    return where.named ? `${where.text}, ${what}` : `${what} ${where.text}`;
  });
  return `${head}: ${clauses.join('; ')}.`;
}
