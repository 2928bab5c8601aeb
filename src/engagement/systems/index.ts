/** The rule-system adapters of the engagement kernel, one per system (docs/engagement-model.md). */
export { dbmSystem } from './dbm.ts';
export { dbaSystem, dbaRank } from './dba.ts';
export { bnbSystem, bnbRank } from './bnb.ts';
export type { BreakRule, CombatSignature, EngagementSystem, SideTemplates } from './types.ts';
