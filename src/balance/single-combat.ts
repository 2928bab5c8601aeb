/**
 * Single-combat effectiveness, exact: an element against every opponent of a reference field, close
 * combat in the open, each side's bound weighted equally, every dice pair enumerated by the rule system
 * (systems.ts). The measure is the net destruction rate: P(opponent destroyed) - P(element destroyed),
 * averaged over the field by weight: how many enemy elements an element removes per loss, which is what
 * a points system prices.
 */
import type { BalanceSystem, HouseRules, MatchupRates } from './systems.ts';

export interface FieldEntry {
  /** Canonical notation. */
  readonly element: string;
  readonly weight: number;
}

export interface MatchupValue extends MatchupRates {
  readonly opponent: string;
  readonly weight: number;
}

export interface Effectiveness {
  readonly element: string;
  readonly net: number;
  readonly kill: number;
  readonly loss: number;
  readonly perOpponent: readonly MatchupValue[];
}

/** Effectiveness of `element` against a weighted field (weights need not sum to 1). */
export function fieldEffectiveness(
  system: BalanceSystem,
  version: string,
  element: string,
  field: readonly FieldEntry[],
  depth: (element: string) => number,
  house: HouseRules,
): Effectiveness {
  const total = field.reduce((t, f) => t + f.weight, 0);
  if (total <= 0) throw new Error('the reference field needs a positive total weight');
  const perOpponent = field.map((f) => ({
    opponent: f.element,
    weight: f.weight,
    ...system.matchup(version, element, f.element, depth, house),
  }));
  const avg = (k: 'net' | 'kill' | 'loss') => perOpponent.reduce((t, m) => t + m.weight * m[k], 0) / total;
  return { element, net: avg('net'), kill: avg('kill'), loss: avg('loss'), perOpponent };
}
