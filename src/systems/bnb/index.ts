/** The Blood and Blades 0.7 rule set behind the common RuleSet contract. */
import type { RuleSet } from '../../core/ruleset.ts';
import { formatBnbElement } from './notation.ts';
import { BNB_OUTCOMES, type BnbOutcome } from './outcomes.ts';
import { compileBnb, explainBnb, resolveBnbRoll, type CompiledBnbSituation } from './resolve.ts';
import type { BnbSituation } from './situation.ts';

export type { BnbOutcome, BnbDifference, BnbPursuit } from './outcomes.ts';
export { BNB_OUTCOMES, bnbDifference } from './outcomes.ts';
export type {
  BnbSituation,
  BnbCloseSituation,
  BnbShootingSituation,
  BnbSide,
  BnbRearRank,
  BnbGoing,
  BnbWeapon,
  BnbMode,
} from './situation.ts';
export { parseBnbSituation, SituationError, bnbSide, DEFAULT_BNB_SIDE, BNB_RULES_ID } from './situation.ts';
export type { BnbElement, BnbTroopType, BnbGrade, BnbRegularity } from './troops.ts';
export {
  parseBnbElement,
  formatBnbElement,
  NotationError,
  allBnbElements,
  isAllowedBnbElement,
} from './notation.ts';
export {
  BNB_COSTS,
  bnbElementCost,
  overrideBnbCosts,
  type BnbCostOptions,
  type BnbCostOverride,
} from './costs.ts';
export {
  compileBnb,
  resolveBnbRoll,
  explainBnb,
  type BnbResolution,
  type BnbSideResolution,
} from './resolve.ts';
export * from './morale.ts';

/** B&B 0.7 ch.7 "resolving a combat": one D6 each side. */
const DICE = [
  { label: 'A die', sides: 6 },
  { label: 'B die', sides: 6 },
] as const;

// Compiled situations are cached per situation object: resolve() is called 36 times per enumeration.
const compiled = new WeakMap<BnbSituation, CompiledBnbSituation>();
function compiledOf(s: BnbSituation): CompiledBnbSituation {
  let c = compiled.get(s);
  if (!c) {
    c = compileBnb(s);
    compiled.set(s, c);
  }
  return c;
}

export const bnb: RuleSet<BnbSituation, BnbOutcome> = {
  system: 'bnb',
  outcomes: BNB_OUTCOMES,
  describeSide: (s, id) => formatBnbElement(s[id].element),
  dice: () => DICE,
  resolve: (s, [dieA, dieB]) => {
    const r = resolveBnbRoll(compiledOf(s), dieA as number, dieB as number);
    return { a: r.a.outcome, b: r.b.outcome };
  },
  explain: (s) => explainBnb(s),
};
