/**
 * The DBM rule set (versions 3.0, 3.1, 3.2 and house-rule variants) behind the common RuleSet contract.
 * `dbmRuleSet()` reads each situation's version from its `rules` field; `dbmRuleSet(version)` resolves
 * every situation under the given version object instead (a scenario's house rules).
 */
import type { RuleSet } from '../../core/ruleset.ts';
import { formatElement } from './notation.ts';
import { DBM_OUTCOMES, type DbmOutcome } from './outcomes.ts';
import { compile, explainSituation, resolveOutcomes, type CompiledSituation } from './resolve.ts';
import type { DbmSituation } from './situation.ts';
import type { DbmVersion } from './versions.ts';

/** DBM 3.2 p.21 "Resolving distant shooting or close combat": each player dices for his element. */
const DICE = [
  { label: 'A die', sides: 6 },
  { label: 'B die', sides: 6 },
] as const;

export function dbmRuleSet(version?: DbmVersion): RuleSet<DbmSituation, DbmOutcome> {
  // Compiled situations are cached per situation object: resolve() is called 36 times per enumeration.
  const compiled = new WeakMap<DbmSituation, CompiledSituation>();
  const compiledOf = (s: DbmSituation): CompiledSituation => {
    let c = compiled.get(s);
    if (!c) {
      c = compile(s, version);
      compiled.set(s, c);
    }
    return c;
  };
  return {
    system: 'dbm',
    outcomes: DBM_OUTCOMES,
    describeSide: (s, id) => formatElement(s[id].element),
    dice: () => DICE,
    resolve: (s, dice) => {
      // Indexing, not destructuring: array destructuring goes through the iterator protocol.
      const [a, b] = resolveOutcomes(compiledOf(s), dice[0] as number, dice[1] as number);
      return { a, b };
    },
    explain: (s) => explainSituation(s, version),
  };
}

/** DBM under the version each situation names. */
export const dbm = dbmRuleSet();
