/**
 * `army` jobs: whole battles of two armies of commands played with a rule system's engagement model
 * (docs/armies.md "The army study"), kept as the army record (studies/army/record.ts): whole-number
 * counts of the decisions, side A's score and the commands demoralised.
 *
 * A job carries the two fitted armies and the battle's setting, not the engagement model's config: the
 * thread that plays it deploys them (armyConfig), so a study of thousands of matchups never holds
 * thousands of deployed battles at once (the default study's 6,240 would take about 265 MB).
 */
import type { FittedArmy } from '../../core/army.ts';
import type { AnySystem, ArmyBattleSetting, VariantSpec } from '../../core/system.ts';
import { canonicalKey } from '../../core/canonical-key.ts';
import { remember } from '../../core/bounded.ts';
import type { LinesConfig } from '../../engine/lines/index.ts';
import { loadSystem } from '../../systems/registry.ts';
import { armiesRecordLayout, armyRecord, armyRecordProblem } from '../army/record.ts';
import { isRecord, isSystemRef, jobKind, samplesPilot, type SystemRef } from '../job-kind.ts';

/** Payload of an `army` job: the system, the two armies fitted to the budget, the version and setting. */
export interface ArmyPayload {
  readonly system: SystemRef;
  readonly a: FittedArmy;
  readonly b: FittedArmy;
  readonly spec: VariantSpec;
  readonly setting: ArmyBattleSetting;
}

const isArmy = (x: unknown): x is FittedArmy => isRecord(x) && Array.isArray(x.commands);

const isArmyPayload = (p: unknown): p is ArmyPayload =>
  isRecord(p) &&
  isSystemRef(p.system) &&
  isArmy(p.a) &&
  isArmy(p.b) &&
  isRecord(p.spec) &&
  isRecord(p.setting);

/** Battles of an army job's pilot at least: long enough to be timed at once (20 ms: estimate.ts). */
const PILOT_BATTLES = 200;

const configs = new Map<string, LinesConfig>();
/** Deployed battles a thread keeps: a job's shards come together, so a few serve them. */
const CONFIG_MEMO = 16;

/** The battle of a job's armies as the system's engagement model plays it (the same on every thread). */
export function armyConfig(system: AnySystem, p: ArmyPayload): LinesConfig {
  if (!system.army) throw new Error(`${system.name} has no army battles`);
  const key = canonicalKey([system.id, p.a, p.b, p.spec, p.setting]);
  return (
    configs.get(key) ??
    remember(configs, key, system.army.battle(p.a, p.b, p.spec, p.setting) as LinesConfig, CONFIG_MEMO)
  );
}

async function deployed(p: ArmyPayload) {
  const system = await loadSystem(p.system.id, p.system.source);
  if (!system.engagement) throw new Error(`${system.name} has no engagement model`);
  return { model: system.engagement, config: armyConfig(system, p) };
}

export const armyJobs = jobKind<ArmyPayload>({
  id: 'army',
  unit: 'engagements',
  isPayload: isArmyPayload,
  system: (p) => p.system,
  kernel: async (p, rng, samples) => {
    const { model, config } = await deployed(p);
    return armyRecord(config, model.kernel(config, rng, samples) as Float64Array);
  },
  // Sized from the armies, not deployed: the main thread sizes every job of a study (record.ts).
  countsLength: (p) => armiesRecordLayout(p.a, p.b).length,
  // Decisions or scores that do not add up to the battles, or a command demoralised more often than
  // battles were fought.
  countsProblem: (p, counts) => armyRecordProblem(armiesRecordLayout(p.a, p.b), counts),
  samplesHeld: (counts) => (counts[0] as number | undefined) ?? 0,
  // A job's set-up on its thread: deploying the armies, laying out the battle (engine/lines prepare),
  // and the combat tables of their troops that no earlier job on the thread built. About a third of a
  // job of 100 battles (10 ms against 28 ms); a job's shards come together, so once a job.
  setups: () => 1,
  // Side A's army under the variant: its battles against every enemy share its troops' combat tables
  // (and a job's shards share its deployment).
  affinity: (p) => `${canonicalKey({ system: p.system, spec: p.spec })}|${p.a.name}`,
  // A pilot sets its job up on tables that only the pilots before it built; a run's job mostly finds
  // its troops' tables built by the jobs before it on its thread. Measured (2 threads): set-ups of
  // 16-28 ms in the pilots of the bundled study against 5-9 ms a job in its run (its army stage's
  // processor time less its battles at the pilots' rate), and 18 ms against 10 ms in a study of 60
  // battles a pairing.
  setupShare: 0.4,
  // The job itself: a job's set-up cannot be run again apart from its battles (the next job deploys
  // other armies), so its first run is its set-up and battles, and the repeats its battles only: the
  // estimate counts the first run beyond the repeats as the set-up (pipeline/estimate.ts ratesOf). At
  // least PILOT_BATTLES (or the whole job), so the first pilot the estimate times is the one that sets
  // up (a smaller one would set up, then grow, set-up done).
  pilot: (p, jobSamples, samples) => ({
    ...samplesPilot(p, jobSamples, Math.max(samples, PILOT_BATTLES)),
    setups: 1,
  }),
});
