/** The DBM rule set (versions 3.0, 3.1, 3.2) behind the common RuleSet contract. */
import type { RuleSet } from '../../core/ruleset.ts';
import { formatElement } from './notation.ts';
import { DBM_OUTCOMES, type DbmOutcome } from './outcomes.ts';
import { compile, explainSituation, resolveOutcomes, type CompiledSituation } from './resolve.ts';
import type { DbmSituation } from './situation.ts';

export type { DbmOutcome } from './outcomes.ts';
export type { DbmSituation, DbmSide } from './situation.ts';

const DICE = [
  { label: 'A die', sides: 6 },
  { label: 'B die', sides: 6 },
] as const;

// Compiled situations are cached per situation object: resolve() is called 36 times per enumeration.
const compiled = new WeakMap<DbmSituation, CompiledSituation>();
function compiledOf(s: DbmSituation): CompiledSituation {
  let c = compiled.get(s);
  if (!c) {
    c = compile(s);
    compiled.set(s, c);
  }
  return c;
}

export const dbm: RuleSet<DbmSituation, DbmOutcome> = {
  system: 'dbm',
  outcomes: DBM_OUTCOMES,
  describeSide: (s, id) => formatElement(s[id].element),
  dice: () => DICE,
  resolve: (s, [dieA, dieB]) => {
    const [a, b] = resolveOutcomes(compiledOf(s), dieA as number, dieB as number);
    return { a, b };
  },
  explain: (s) => explainSituation(s),
};
