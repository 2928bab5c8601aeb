/**
 * Compile then sample (ARCHITECTURE.md "The system contract"): a situation becomes a small outcome table, one joint outcome
 * code per combination of dice, in forEachRoll order. Every combination is equally likely, so drawing a
 * uniform index into the table is the same as rolling every die. Generic over any RuleSet.
 */
import { forEachRoll, jointCoder, spaceSize } from '../core/exact.ts';
import type { RuleSet } from '../core/ruleset.ts';

/**
 * A compiled situation: plain data, cheap to send to a worker. Joint codes are index of A's outcome *
 * outcomes + index of B's outcome. Two forms:
 * - uniform (no `weights`): one code per combination of dice, all equally likely (a sample is one
 *   uniform index);
 * - weighted: each joint code that can happen once, `weights[i]` the number of combinations of dice that
 *   give codes[i]. Rule sets with an `exact` hook (GBA: up to 10^15 combinations of d10s) compile to this.
 */
export interface OutcomeTable {
  /** Number of outcomes a side can suffer (the rule set's `outcomes.length`). */
  readonly outcomes: number;
  readonly codes: Uint8Array;
  readonly weights?: Float64Array;
}

/** Number of equally likely combinations of dice the table stands for. */
export function tableSpace(table: OutcomeTable): number {
  if (!table.weights) return table.codes.length;
  let s = 0;
  for (const w of table.weights) s += w;
  return s;
}

/**
 * Compile a situation: from the rule set's `exact` hook when it has one (a weighted table), else by
 * resolving every combination of its dice once (a uniform table).
 */
export function compileTable<S, O extends string>(rules: RuleSet<S, O>, situation: S): OutcomeTable {
  const n = rules.outcomes.length;
  if (n * n > 256) throw new Error(`rule set ${rules.system} has too many outcomes for a byte table`);
  const code = jointCoder(rules);
  if (rules.exact) {
    const joint = rules.exact(situation).joint;
    return {
      outcomes: n,
      codes: Uint8Array.from(joint.map(code)),
      weights: Float64Array.from(joint.map((j) => j.count)),
    };
  }
  const dice = rules.dice(situation);
  const codes = new Uint8Array(spaceSize(dice));
  let k = 0;
  forEachRoll(dice, (roll) => {
    codes[k++] = code(rules.resolve(situation, roll));
  });
  return { outcomes: n, codes };
}

/** Exact joint counts of a table: how many dice combinations give each joint code (out of tableSpace). */
export function exactCounts(table: OutcomeTable): Float64Array {
  const counts = new Float64Array(table.outcomes * table.outcomes);
  const w = table.weights;
  table.codes.forEach((c, i) => {
    counts[c] = (counts[c] as number) + (w ? (w[i] as number) : 1);
  });
  return counts;
}
