/**
 * The DBM rule set bound to an explicit version object, for scenarios that override costs or rule
 * switches (house rules). The shared `dbm` rule set reads its version from `situation.rules`; this one
 * resolves every situation under `version` instead.
 */
import type { RuleSet } from '../core/ruleset.ts';
import { dbm, type DbmOutcome, type DbmSituation } from '../systems/dbm/index.ts';
import { compile, explainSituation, resolveOutcomes, type CompiledSituation } from '../systems/dbm/resolve.ts';
import type { DbmVersion } from '../systems/dbm/versions.ts';

export function dbmRuleSetFor(version: DbmVersion): RuleSet<DbmSituation, DbmOutcome> {
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
    ...dbm,
    resolve: (s, dice) => {
      // Indexing, not destructuring: array destructuring goes through the iterator protocol.
      const [a, b] = resolveOutcomes(compiledOf(s), dice[0] as number, dice[1] as number);
      return { a, b };
    },
    explain: (s) => explainSituation(s, version),
  };
}
