/**
 * The army study's jobs: one `army` job per matchup (plan.ts), its payload the two fitted armies, the
 * matchup's version and battlefield; the thread that plays it deploys them (the system's `army.battle`,
 * jobs/army.ts) and keeps whole-number counts (record.ts). Built once per plan (a run asks for its work
 * and its results from the same plan) and plain data, so any worker fights them.
 */
import type { FittedArmy } from '../../core/army.ts';
import { systemById } from '../../systems/registry.ts';
import type { LinesConfig } from '../../engine/lines/index.ts';
import { armyConfig, type ArmyPayload } from '../jobs/army.ts';
import type { Job } from '../kind.ts';
import type { ArmyPlan, Matchup, MatchupSide } from './plan.ts';

const built = new WeakMap<ArmyPlan, readonly Job[]>();

/** The fitted army on one side of a matchup. */
export function armyOn(plan: ArmyPlan, m: Matchup, side: MatchupSide): FittedArmy {
  const p = plan.points.indexOf(plan.grid[m.grid]!.points);
  if (side.substitute === undefined) return plan.armies[side.army]!.fits[m.version]![p]!;
  return plan.substitution!.substitutes[side.substitute]!.fits[m.version]![p]!.army;
}

/** Every matchup as an army job, in the plan's order. */
export function matchupJobs(plan: ArmyPlan): readonly Job[] {
  const have = built.get(plan);
  if (have) return have;
  const system = systemById(plan.system.id);
  if (!system?.army || !system.engagement) throw new Error(`${plan.system.id} has no army battles`);
  const shardSize = system.engagement.shardSize;
  const jobs = plan.matchups.map((m): Job => {
    const g = plan.grid[m.grid]!;
    const payload: ArmyPayload = {
      system: plan.system,
      a: armyOn(plan, m, m.a),
      b: armyOn(plan, m, m.b),
      spec: { ...plan.spec, version: plan.versions[m.version]!.id },
      setting: {
        boundLimit: plan.boundLimit,
        first: 'alternate',
        battlefield: {
          distance: plan.approach.distance,
          shooters: plan.approach.shooters,
          terrain: plan.terrains[g.terrain],
        },
      },
    };
    return {
      id: m.id,
      kind: 'army',
      payload,
      seed: `${plan.seed}|army|${m.id}`,
      samples: m.battles,
      shardSize,
    };
  });
  built.set(plan, jobs);
  return jobs;
}

/** The battle an army job plays, deployed as its thread deploys it (jobs/army.ts armyConfig). */
export function jobConfig(plan: ArmyPlan, job: Job): LinesConfig {
  const system = systemById(plan.system.id);
  if (!system) throw new Error(`${plan.system.id} is not a rule system`);
  return armyConfig(system, job.payload as ArmyPayload);
}
