/**
 * Test helpers for the battle-line engine: a config from a study block through a system's public
 * module (as a scenario builds it), fights with scripted dice, and scripted dice that fail loudly when
 * they run out.
 */
import type { AnySystem } from '../../../src/core/system.ts';
import { createRng } from '../../../src/core/rng.ts';
import {
  engagementShard,
  fightEngagement as fight,
  playEngagement,
  linesSummary,
  type CombatEvent,
  type MoveEvent,
  type EngagementResult,
  type LineAdapter,
  type LinesConfig,
  type LinesModel,
} from '../../../src/engine/lines/index.ts';
import { systemOfRules } from '../../../src/systems/registry.ts';

export interface Block extends Record<string, unknown> {
  readonly rules?: string;
}

const modelOf = (system: AnySystem) => system.engagement as LinesModel<unknown>;

/** The kernel config of a study block (rules default dbm-3.2), through the system's engagement model. */
export function config(block: Block): LinesConfig {
  const { rules = 'dbm-3.2', ...rest } = block;
  const system = systemOfRules(rules)!;
  return modelOf(system).configure(rest, system.variant({ version: rules }));
}

/** The adapter of the system a config was made for. */
export function adapterOf(c: LinesConfig): LineAdapter {
  const system = systemOfRules(c.variant.version)!;
  return modelOf(system).adapter;
}

export function fightEngagement(
  c: LinesConfig,
  dice: () => number,
  options: { first?: 'a' | 'b'; trace?: (e: CombatEvent) => void; log?: (e: MoveEvent) => void } = {},
): EngagementResult {
  return fight(c, adapterOf(c), dice, options);
}

/** One engagement drawing a table index per combat from `draw`. */
export const play = (c: LinesConfig, draw: (n: number) => number, first?: 'a' | 'b'): EngagementResult =>
  playEngagement(c, adapterOf(c), draw, first);

/** One shard of `samples` engagements on `rng`. */
export const shard = (c: LinesConfig, rng: ReturnType<typeof createRng>, samples: number): Float64Array =>
  engagementShard(c, adapterOf(c), rng, samples);

/** `samples` engagements on stream 0 of `seed`, counted. */
export const runEngagements = (c: LinesConfig, seed: string | number, samples: number): Float64Array =>
  engagementShard(c, adapterOf(c), createRng(seed, 0), samples);

export const summarise = linesSummary;

interface Scripted {
  (): number;
  readonly used: () => number;
}

export function scripted(...rolls: number[]): Scripted {
  let i = 0;
  const dice = () => {
    const d = rolls[i++];
    if (d === undefined) throw new Error(`scripted dice ran out after ${rolls.length} rolls`);
    return d;
  };
  return Object.assign(dice, { used: () => i });
}

export type { CombatEvent, MoveEvent };
