/**
 * Balance studies (docs/balance.md): is each element worth its points? Every costed element fights
 * equal-points lines against a weighted field across a grid of battlefield variants; its break-even
 * cost, a fixed-point repricing and verdicts that say how robust they are.
 */
import type { AnySystem } from '../../core/system.ts';
import type { StudyKind } from '../kind.ts';
import { balanceResults, type BalanceResults } from './analysis.ts';
import { aheadOfStage, nextStage, unitCount } from './design.ts';
import { balanceFields, planBalance, type BalanceBlock, type BalancePlan } from './plan.ts';
import { balanceReport } from './report.ts';

export const balanceKind: StudyKind<BalancePlan, BalanceResults> = {
  id: 'balance',
  describe: 'Points cost against effectiveness across a grid of battlefield variants (docs/balance.md)',
  fields: (system: AnySystem) =>
    system.balance && system.engagement?.lineUp ? balanceFields(system) : undefined,
  unsupported: (system) =>
    `balance studies need a rule system with points costs and battle lines, not ${system.name}`,
  plan: (block, header, ctx) => planBalance(block as BalanceBlock, header, ctx),
  work: nextStage,
  ahead: aheadOfStage,
  // Units are independent until the results: a sliced run does whole units (pilot to final design).
  groups: {
    noun: 'balance units',
    count: unitCount,
    only: (plan, keep) => ({
      ...plan,
      keep: new Set(Array.from({ length: unitCount(plan) }, (_, i) => i).filter(keep)),
    }),
  },
  results: balanceResults,
  report: balanceReport,
};
