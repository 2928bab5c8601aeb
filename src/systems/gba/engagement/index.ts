/**
 * GBA engagements (docs/gba-engagement.md): repeated shock between two units or small groups until a side
 * routs, cohesion hits carried between rounds; Monte Carlo kernel for the shard runner, its summary and an
 * exact check for one unit a side.
 */
import type { GbaShockSituation } from '../index.ts';
import { runGbaEngagementCounts, type RunGbaEngagementOptions } from './counts.ts';
import { summariseGbaEngagement, type GbaEngagementSummary } from './summary.ts';

export {
  DEFAULT_GBA_ENGAGEMENT_OPTIONS,
  gbaEngagementOptions,
  type GbaEngagementOptions,
  type GbaEngagementPayload,
  type GbaEngagementResult,
  type GbaEngagementEnd,
  type LaterAttacker,
  type LaterMoved,
  type ReverseRound,
  type UnitEnd,
  type RoutPoints,
  type WithdrawalLevels,
  checkRoutPoints,
  GbaEngagementOptionError,
} from './model.ts';
export { GbaEngagementPlayer, roundSituation, attackerOf, type RoundPlan } from './rounds.ts';
export {
  gbaEngagementKernel,
  gbaCountsLayout,
  runGbaEngagementCounts,
  UNIT_BINS,
  ROUTED_BIN,
  type GbaCountsLayout,
  type RunGbaEngagementOptions,
} from './counts.ts';
export {
  summariseGbaEngagement,
  formatGbaEngagementMarkdown,
  type GbaEngagementSummary,
  type GbaSideSummary,
  type GbaUnitSummary,
} from './summary.ts';
export { gbaEngagementExact, type GbaEngagementExact } from './exact.ts';
export { ShockResolver, type UnitRoundEnd, type ShockRoundEnd } from './resolver.ts';

/** Runs `samples` engagements on one seeded stream and summarises them (deterministic in seed, samples). */
export function runGbaEngagement(
  situation: GbaShockSituation,
  o: RunGbaEngagementOptions,
): GbaEngagementSummary {
  const { payload, counts } = runGbaEngagementCounts(situation, o);
  return summariseGbaEngagement(situation, payload.options, counts);
}
