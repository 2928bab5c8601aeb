/**
 * Army studies (docs/armies.md "The army study"): whole armies of commands, every one against every
 * other at equal points under each version compared, fought to the rules of command and victory and
 * scored by the competition score; each army's and each group's mean score against the field, the
 * change between versions, and what an element is worth inside an army.
 */
import type { AnySystem } from '../../core/system.ts';
import type { StudyKind } from '../kind.ts';
import { armyResults, type ArmyStudyResults } from './analysis.ts';
import { matchupJobs } from './design.ts';
import { armyFields, planArmy, type ArmyBlock, type ArmyPlan } from './plan.ts';
import { armyReport } from './report.ts';

export const armyKind: StudyKind<ArmyPlan, ArmyStudyResults> = {
  id: 'army',
  describe: 'Whole armies against each other, scored by the competition score (docs/armies.md)',
  fields: (system: AnySystem) => (system.army && system.engagement ? armyFields(system) : undefined),
  unsupported: (system) => `army studies need a rule system with army files, not ${system.name}`,
  plan: (block, header, ctx) => planArmy(block as ArmyBlock, header, ctx),
  work: (plan, done) => {
    const jobs = matchupJobs(plan).filter((j) => !done.has(j.id));
    return { jobs, final: true, ...(jobs.length > 0 ? { label: 'army battles' } : {}) };
  },
  results: armyResults,
  report: armyReport,
};
