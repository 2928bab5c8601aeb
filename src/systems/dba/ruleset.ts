/** The DBA 3.0 rule set behind the common RuleSet contract (src/core/ruleset.ts). */
import type { DieSpec, RuleSet } from '../../core/ruleset.ts';
import { DBA_OUTCOMES, type DbaOutcome } from './outcomes.ts';
import { compileDba, explainDba, resolveDbaRoll, type CompiledDba } from './resolve.ts';
import type { DbaSituation } from './situation.ts';

/** DBA 3.0 Playing the game: each player throws one ordinary six-sided die. */
const DICE: readonly DieSpec[] = [
  { label: 'A die', sides: 6 },
  { label: 'B die', sides: 6 },
];

function dbaRuleSet(): RuleSet<DbaSituation, DbaOutcome> {
  // Compiled situations are cached per situation object: resolve() is called 36 times per enumeration.
  const compiled = new WeakMap<DbaSituation, CompiledDba>();
  const compiledOf = (s: DbaSituation): CompiledDba => {
    let c = compiled.get(s);
    if (!c) {
      c = compileDba(s);
      compiled.set(s, c);
    }
    return c;
  };
  return {
    system: 'dba',
    outcomes: DBA_OUTCOMES,
    describeSide: (s, id) => s[id].element.code,
    dice: () => DICE,
    resolve: (s, [dieA, dieB]) => {
      const r = resolveDbaRoll(compiledOf(s), dieA as number, dieB as number);
      return { a: r.a.outcome, b: r.b.outcome };
    },
    explain: (s) => explainDba(s),
  };
}

export const dba = dbaRuleSet();
