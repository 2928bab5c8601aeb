/**
 * `army` jobs: whole battles of two armies of commands played with a rule system's engagement model
 * (docs/armies.md "The army study"), kept as the army record (studies/army/record.ts): whole-number
 * counts of the decisions, side A's score and the commands demoralised.
 */
import type { LinesConfig } from '../../engine/lines/index.ts';
import { loadSystem } from '../../systems/registry.ts';
import { armyRecord, armyRecordProblem, recordLayout } from '../army/record.ts';
import { isRecord, isSystemRef, jobKind } from '../job-kind.ts';
import type { EngagementPayload } from './engagement.ts';

const isArmyPayload = (p: unknown): p is EngagementPayload =>
  isRecord(p) && isSystemRef(p.system) && isRecord(p.config);

async function modelOf(p: EngagementPayload) {
  const system = await loadSystem(p.system.id, p.system.source);
  if (!system.engagement) throw new Error(`${system.name} has no engagement model`);
  return system.engagement;
}

export const armyJobs = jobKind<EngagementPayload>({
  id: 'army',
  unit: 'engagements',
  isPayload: isArmyPayload,
  system: (p) => p.system,
  kernel: async (p, rng, samples) => {
    const counts = (await modelOf(p)).kernel(p.config, rng, samples);
    return armyRecord(p.config as LinesConfig, counts as Float64Array);
  },
  countsLength: (p) => recordLayout(p.config as LinesConfig).length,
  // Decisions or scores that do not add up to the battles, or a command demoralised more often than
  // battles were fought.
  countsProblem: (p, counts) => armyRecordProblem(p.config as LinesConfig, counts),
  samplesHeld: (counts) => (counts[0] as number | undefined) ?? 0,
  // The armies' layouts and tables are built once per thread and serve every shard of the job.
  setups: () => 0,
  pilot: (p, jobSamples, samples) => ({
    payload: p,
    samples: Math.max(1, Math.min(samples, jobSamples)),
    setups: 0,
  }),
});
