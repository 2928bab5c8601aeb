/**
 * Compile then sample (DESIGN.md "Engine"): a situation becomes a small outcome table, one joint outcome
 * code per combination of dice, in forEachRoll order. Every combination is equally likely, so drawing a
 * uniform index into the table is the same as rolling every die. Generic over any RuleSet.
 */
import { forEachRoll, spaceSize } from '../core/exact.ts';
import type { RuleSet } from '../core/ruleset.ts';

/** A compiled situation: plain data, cheap to send to a worker. */
export interface OutcomeTable {
  /** Number of outcomes a side can suffer (the rule set's `outcomes.length`). */
  readonly outcomes: number;
  /** Joint code per dice combination: index of A's outcome * outcomes + index of B's outcome. */
  readonly codes: Uint8Array;
}

/** Resolve every combination of the situation's dice once and record the joint outcome codes. */
export function compileTable<S, O extends string>(rules: RuleSet<S, O>, situation: S): OutcomeTable {
  const dice = rules.dice(situation);
  const n = rules.outcomes.length;
  if (n * n > 256) throw new Error(`rule set ${rules.system} has too many outcomes for a byte table`);
  const index = new Map<O, number>(rules.outcomes.map((o, i) => [o, i]));
  const codes = new Uint8Array(spaceSize(dice));
  let k = 0;
  forEachRoll(dice, (roll) => {
    const r = rules.resolve(situation, roll);
    const ia = index.get(r.a);
    const ib = index.get(r.b);
    if (ia === undefined || ib === undefined) {
      throw new Error(`rule set ${rules.system} returned an unknown outcome: ${r.a} / ${r.b}`);
    }
    codes[k++] = ia * n + ib;
  });
  return { outcomes: n, codes };
}

/** Exact joint counts of a table: how many dice combinations give each joint code (out of codes.length). */
export function exactCounts(table: OutcomeTable): Float64Array {
  const counts = new Float64Array(table.outcomes * table.outcomes);
  for (const c of table.codes) counts[c] = (counts[c] as number) + 1;
  return counts;
}
