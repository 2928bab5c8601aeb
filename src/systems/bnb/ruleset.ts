/** The Blood and Blades 0.7 rule set behind the common RuleSet contract (src/core/ruleset.ts). */
import type { DieSpec, RuleSet } from '../../core/ruleset.ts';
import { formatBnbElement } from './notation.ts';
import { BNB_OUTCOMES, type BnbOutcome } from './outcomes.ts';
import { compileBnb, explainBnb, resolveBnbRoll, type CompiledBnbSituation } from './resolve.ts';
import type { BnbSituation } from './situation.ts';

/** B&B 0.7 ch.7 "resolving a combat": one D6 each side. */
export const BNB_DICE: readonly DieSpec[] = [
  { label: 'A die', sides: 6 },
  { label: 'B die', sides: 6 },
];

export function bnbRuleSet(): RuleSet<BnbSituation, BnbOutcome> {
  // Compiled situations are cached per situation object: resolve() is called 36 times per enumeration.
  const compiled = new WeakMap<BnbSituation, CompiledBnbSituation>();
  const compiledOf = (s: BnbSituation): CompiledBnbSituation => {
    let c = compiled.get(s);
    if (!c) {
      c = compileBnb(s);
      compiled.set(s, c);
    }
    return c;
  };
  return {
    system: 'bnb',
    outcomes: BNB_OUTCOMES,
    describeSide: (s, id) => formatBnbElement(s[id].element),
    dice: () => BNB_DICE,
    resolve: (s, [dieA, dieB]) => {
      const r = resolveBnbRoll(compiledOf(s), dieA as number, dieB as number);
      return { a: r.a.outcome, b: r.b.outcome };
    },
    explain: (s) => explainBnb(s),
  };
}

export const bnb = bnbRuleSet();
