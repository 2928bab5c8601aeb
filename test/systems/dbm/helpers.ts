/** Test helpers: build DBM situations in a line, and read factors and outcomes back. */
import { parseDbmSituation, type DbmSituationInput } from '../../../src/systems/dbm/situation-input.ts';
import { compile, explainSituation, fixedFactors, resolveRoll } from '../../../src/systems/dbm/resolve.ts';
import type { DbmSituation } from '../../../src/systems/dbm/situation.ts';
import { views } from '../../../src/systems/dbm/view.ts';
import type { DbmOutcome } from '../../../src/systems/dbm/outcomes.ts';

type SideIn = Omit<DbmSituationInput['a'], 'element'>;

/** A situation from notation and optional circumstances; default DBM 3.2 close combat, A's bound. */
export function sit(
  a: string,
  b: string,
  opts: { a?: SideIn; b?: SideIn } & Omit<Partial<DbmSituationInput>, 'a' | 'b'> = {},
): DbmSituation {
  const { a: sa, b: sb, ...rest } = opts;
  return parseDbmSituation({ ...rest, a: { element: a, ...sa }, b: { element: b, ...sb } });
}

/** The dice-independent factors of one side, as {label: value}. */
export function factorsOf(s: DbmSituation, side: 'a' | 'b'): Record<string, number> {
  const [va, vb] = views(s);
  const out: Record<string, number> = {};
  for (const f of fixedFactors(side === 'a' ? va : vb)) out[f.label] = (out[f.label] ?? 0) + f.value;
  return out;
}

/** Sum of the dice-independent factors of a side. */
export function fixedTotal(s: DbmSituation, side: 'a' | 'b'): number {
  return Object.values(factorsOf(s, side)).reduce((x, y) => x + y, 0);
}

export const roll = (s: DbmSituation, dieA: number, dieB: number) => resolveRoll(compile(s), dieA, dieB);

/**
 * The outcome `loser` suffers on the first roll where its final total is, against the other side's,
 * 'less' (less but more than half) or 'half' (half or less). Throws if no roll gives that margin.
 */
export function lossOutcome(
  s: DbmSituation,
  loser: 'a' | 'b',
  margin: 'less' | 'half' | 'equal',
): DbmOutcome {
  return lossRoll(s, loser, margin)[loser].outcome;
}

export function lossRoll(s: DbmSituation, loser: 'a' | 'b', margin: 'less' | 'half' | 'equal') {
  const c = compile(s);
  const winner = loser === 'a' ? 'b' : 'a';
  for (let da = 1; da <= 6; da++)
    for (let db = 1; db <= 6; db++) {
      const r = resolveRoll(c, da, db);
      const l = r[loser].final;
      const w = r[winner].final;
      const ok = margin === 'equal' ? l === w : margin === 'less' ? l < w && l * 2 > w : l * 2 <= w;
      if (ok) return r;
    }
  throw new Error(`no roll gives ${loser} a '${margin}' result`);
}

export const notes = (s: DbmSituation) => explainSituation(s).notes;
