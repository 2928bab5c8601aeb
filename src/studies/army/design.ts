/**
 * The army study's jobs: one `army` job per matchup (plan.ts), its payload the engagement model's config
 * of the two fitted armies deployed against each other (the system's `army.battle`) on the matchup's
 * battlefield under its version, as an engagement job's; its kernel keeps whole-number counts
 * (record.ts). Built once per plan (a run asks for its work and its results from the same plan) and
 * plain data, so any worker fights them.
 */
import type { FittedArmy } from '../../core/army.ts';
import { systemById } from '../../systems/registry.ts';
import type { EngagementPayload } from '../kernels.ts';
import type { Job } from '../kind.ts';
import type { ArmyPlan, Matchup, MatchupSide } from './plan.ts';

const built = new WeakMap<ArmyPlan, readonly Job[]>();

/** The fitted army on one side of a matchup. */
export function armyOn(plan: ArmyPlan, m: Matchup, side: MatchupSide): FittedArmy {
  const p = plan.points.indexOf(plan.grid[m.grid]!.points);
  if (side.substitute === undefined) return plan.armies[side.army]!.fits[m.version]![p]!;
  return plan.substitution!.substitutes[side.substitute]!.fits[m.version]![p]!.army;
}

/** Every matchup as an engagement job, in the plan's order. */
export function matchupJobs(plan: ArmyPlan): readonly Job[] {
  const have = built.get(plan);
  if (have) return have;
  const system = systemById(plan.system.id);
  if (!system?.army || !system.engagement) throw new Error(`${plan.system.id} has no army battles`);
  const army = system.army;
  const shardSize = system.engagement.shardSize;
  const jobs = plan.matchups.map((m): Job => {
    const g = plan.grid[m.grid]!;
    const config = army.battle(
      armyOn(plan, m, m.a),
      armyOn(plan, m, m.b),
      { ...plan.spec, version: plan.versions[m.version]!.id },
      {
        boundLimit: plan.boundLimit,
        first: 'alternate',
        battlefield: {
          distance: plan.approach.distance,
          shooters: plan.approach.shooters,
          terrain: plan.terrains[g.terrain],
        },
      },
    );
    const payload: EngagementPayload = { system: plan.system, config };
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
