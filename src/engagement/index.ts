/** Engagements of battle lines (docs/engagement-model.md): the kernel, its counts and its study block. */
export { fightEngagement, type CombatEvent, type FightOptions } from './fight.ts';
export {
  accumulate,
  countsLayout,
  engagementShard,
  mergeCounts,
  runEngagements,
  type CountsLayout,
} from './counts.ts';
export {
  summarise,
  wilson,
  type EngagementSummary,
  type Proportion,
  type Mean,
  type SideLosses,
} from './summary.ts';
export {
  engagementStudySchema,
  engagementStudyFields,
  type ScenarioContext,
  parseEngagementStudy,
  toEngagementConfig,
  EngagementStudyError,
  type EngagementStudy,
  type EngagementStudyInput,
} from './study-schema.ts';
export { fileCost, filesForBudget, rankCost } from './budget.ts';
export { elementEquivalents } from './equivalents.ts';
export { parseShorthand } from './shorthand.ts';
export {
  DEFAULT_OPTIONS,
  DBA_RULES_ID,
  BNB_RULES_ID,
  ENGAGEMENT_RULES_IDS,
  isDbmConfig,
  type EngagementConfig,
  type EngagementRulesId,
  type DbmEngagementConfig,
  type DbaEngagementConfig,
  type BnbEngagementConfig,
  type EngagementResult,
  type LineConfig,
  type DbaLineConfig,
  type BnbLineConfig,
  type FileConfig,
  type ModelOptions,
} from './model.ts';
export type { EngagementSystem, BreakRule } from './system-adapter.ts';
export { ENGAGEMENT_OUTCOMES, type EngagementOutcome } from './situations.ts';
