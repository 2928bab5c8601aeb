/** The DBA 3.0 rule set behind the common RuleSet contract (src/core/ruleset.ts). */
import type { DieSpec, RuleSet } from '../../core/ruleset.ts';
import { DBA_OUTCOMES, type DbaOutcome } from './outcomes.ts';
import { compileDba, explainDba, resolveDbaRoll, type CompiledDba } from './resolve.ts';
import type { DbaSituation } from './situation.ts';

export type { DbaOutcome } from './outcomes.ts';
export type { DbaSide, DbaSituation, DbaSupporter, DbaGoing, DbaDefending, DbaMode } from './situation.ts';
export type { DbaElement, DbaTroopType, DbaElementCode } from './troops.ts';
export type { DbaReadings } from './readings.ts';
export type { DbaResolution, DbaSideResolution, DbaResult } from './resolve.ts';
export { DBA_OUTCOMES } from './outcomes.ts';
export { DBA_READINGS } from './readings.ts';
export { DBA_ELEMENTS, DBA_TROOP_TYPES, DBA_TROOP_NAMES } from './troops.ts';
export { DBA_COMBAT_FACTORS, DBA_SPECIAL_FACTORS } from './combat-factors.ts';
export { DBA_REAR_SUPPORT, DBA_FLANK_SUPPORT } from './support.ts';
export { DBA_TACTICAL_FACTORS } from './tactical-factors.ts';
export { DBA_LOSS_VALUES } from './victory.ts';
export { parseDbaElement, formatDbaElement, allDbaElements, NotationError } from './notation.ts';
export { parseDbaSituation, SituationError } from './parse-situation.ts';
export { dbaSide, dbaSituation, supporter } from './situation.ts';
export { compileDba, resolveDba, resolveDbaRoll, explainDba } from './resolve.ts';
export { dbaElementLossValue, dbaLossTotal, dbaDefeated, dbaBattleResult } from './victory.ts';
export type { DbaLossOptions, DbaLostElement, DbaLossExtras } from './victory.ts';
export { dbaPursuit, type DbaPursuit, type DbaPursuitContext } from './pursuit.ts';

/** DBA 3.0 Playing the game: each player throws one ordinary six-sided die. */
const DICE: readonly DieSpec[] = [
  { label: 'A die', sides: 6 },
  { label: 'B die', sides: 6 },
];

// Compiled situations are cached per situation object: resolve() is called 36 times per enumeration.
const compiled = new WeakMap<DbaSituation, CompiledDba>();
function compiledOf(s: DbaSituation): CompiledDba {
  let c = compiled.get(s);
  if (!c) {
    c = compileDba(s);
    compiled.set(s, c);
  }
  return c;
}

export const dba: RuleSet<DbaSituation, DbaOutcome> = {
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
