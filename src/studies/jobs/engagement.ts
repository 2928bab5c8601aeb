/**
 * `engagement` jobs: whole engagements played with a rule system's engagement model (battle lines,
 * repeated shock), counted in the model's own layout (its OutcomeRecord first). Engagement studies ask
 * for one (studies/engagement/).
 */
import { createRng } from '../../core/rng.ts';
import { loadSystem } from '../../systems/registry.ts';
import { isRecord, isSystemRef, jobKind, samplesPilot, type SystemRef } from '../job-kind.ts';

/** Payload of an `engagement` job: the system (found or imported by id and module URL) and its model's config. */
export interface EngagementPayload {
  readonly system: SystemRef;
  readonly config: unknown;
}

const isEngagementPayload = (p: unknown): p is EngagementPayload =>
  isRecord(p) && isSystemRef(p.system) && p.config !== undefined;

/** The engagement model of the system a payload names (an Error for a system without one). */
export async function engagementModelOf(ref: SystemRef) {
  const system = await loadSystem(ref.id, ref.source);
  if (!system.engagement) throw new Error(`${system.name} has no engagement model`);
  return system.engagement;
}

export const engagementJobs = jobKind<EngagementPayload>({
  id: 'engagement',
  unit: 'engagements',
  isPayload: isEngagementPayload,
  system: (p) => p.system,
  kernel: async (p, rng, samples) => (await engagementModelOf(p.system)).kernel(p.config, rng, samples),
  // What the model's kernel returns for no samples.
  countsLength: async (p, seed) =>
    (await engagementModelOf(p.system)).kernel(p.config, createRng(seed, 0), 0).length,
  // Counts whose decisions do not add up to the engagements (the OutcomeRecord: engagements, then its
  // five decisions), or that the model finds impossible.
  countsProblem: async (p, counts) => {
    const system = await loadSystem(p.system.id, p.system.source);
    const model = system.engagement;
    if (!model) return `${system.name} has no engagement model`;
    const r = model.decisions(p.config, counts);
    if (r[1]! + r[2]! + r[3]! + r[4]! + r[5]! !== r[0])
      return 'the decisions do not add up to the engagements';
    return model.countsProblem?.(p.config, counts);
  },
  samplesHeld: (counts) => (counts[0] as number | undefined) ?? 0,
  // The config's layouts and tables are built once per thread and serve every shard of the job.
  setups: () => 0,
  pilot: samplesPilot,
});
