/** Test helpers: a situation from plain data, the outcome of one roll, and counts over the 36 rolls. */
import { parseDbaSituation } from '../../../src/systems/dba/parse-situation.ts';
import { compileDba, resolveDbaRoll, type DbaResult } from '../../../src/systems/dba/resolve.ts';
import { sideFactors } from '../../../src/systems/dba/resolve.ts';
import type { DbaSituation } from '../../../src/systems/dba/situation.ts';
import { views } from '../../../src/systems/dba/view.ts';
import type { DbaOutcome } from '../../../src/systems/dba/outcomes.ts';

type Sides = Record<string, unknown>;

/** A close combat (or shooting, with mode) between `a` and `b`, circumstances as in a scenario file. */
export function fight(
  a: string,
  b: string,
  opts: { a?: Sides; b?: Sides; [k: string]: unknown } = {},
): DbaSituation {
  const { a: sa, b: sb, ...rest } = opts;
  return parseDbaSituation({ ...rest, a: { element: a, ...sa }, b: { element: b, ...sb } });
}

/** Sum of a side's factors. */
export function total(s: DbaSituation, id: 'a' | 'b'): number {
  const v = views(s)[id === 'a' ? 0 : 1];
  return sideFactors(v).reduce((t, f) => t + f.value, 0);
}

/** The labels and values of a side's factors, for readable assertions. */
export function factorsOf(s: DbaSituation, id: 'a' | 'b'): Record<string, number> {
  const v = views(s)[id === 'a' ? 0 : 1];
  return Object.fromEntries(sideFactors(v).map((f) => [f.label, f.value]));
}

/** Outcomes of both sides for one roll. */
export function roll(s: DbaSituation, dieA: number, dieB: number): { a: DbaOutcome; b: DbaOutcome } {
  const r = resolveDbaRoll(compileDba(s), dieA, dieB);
  return { a: r.a.outcome, b: r.b.outcome };
}

/**
 * The loser's outcome when A beats B by a margin: 'beaten' (less but more than half), 'doubled'.
 * Picks dice giving that comparison and returns B's outcome; `loser: 'a'` reverses the roles.
 */
export function loserOutcome(
  s: DbaSituation,
  how: 'equal' | 'beaten' | 'doubled',
  loser: 'a' | 'b' = 'b',
): DbaOutcome {
  const c = compileDba(s);
  for (let da = 1; da <= 6; da++) {
    for (let db = 1; db <= 6; db++) {
      const r = resolveDbaRoll(c, da, db);
      const [own, theirs] = loser === 'b' ? [r.b.total, r.a.total] : [r.a.total, r.b.total];
      const cmp = own === theirs ? 'equal' : own * 2 <= theirs ? 'doubled' : own < theirs ? 'beaten' : 'won';
      if (cmp === how) return loser === 'b' ? r.b.outcome : r.a.outcome;
    }
  }
  throw new Error(`no roll gives ${how} for ${loser}`);
}

/** Counts of the five results over the 36 rolls: [A doubles, A wins, draw, B wins, B doubles]. */
export function resultCounts(s: DbaSituation): [number, number, number, number, number] {
  const order: DbaResult[] = ['a-doubles', 'a-wins', 'draw', 'b-wins', 'b-doubles'];
  const counts = [0, 0, 0, 0, 0];
  const c = compileDba(s);
  for (let da = 1; da <= 6; da++)
    for (let db = 1; db <= 6; db++) {
      const i = order.indexOf(resolveDbaRoll(c, da, db).result);
      counts[i] = (counts[i] as number) + 1;
    }
  return counts as [number, number, number, number, number];
}
