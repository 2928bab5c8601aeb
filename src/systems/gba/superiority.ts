/**
 * Superiority (GBA 5e 9.16 step 1): Position Superiority from a flank or rear attack, with its denials
 * and its two restricted attackers; otherwise Weapon System Superiority from the Shock Superiority Chart.
 */
import { weaponSuperiority, type Facing, type GbaCharts, type Superiority } from './charts.ts';
import type { GbaUnit } from './situation.ts';
import { isCavalry, isSkirmisher, type UnitType } from './units.ts';

export interface SuperiorityResult {
  /** The attack earned Position Superiority (also matters for 9.18[1]: no saving roll for the defender). */
  readonly position: boolean;
  readonly superiority: Superiority;
  /** Which part of 9.16 step 1 decided it. */
  readonly reason: string;
}

/** 9.16 step 1A: does a flank/rear attack earn Position Superiority? Null when denied, with the reason. */
function positionDenial(
  attacker: UnitType,
  defender: UnitType,
  facing: Facing,
  attackerFlankThreatened: boolean,
): string | null {
  if (facing === 'front') return 'frontal attack';
  if (isSkirmisher(defender) && facing === 'flank') return 'skirmisher attacked through a flank';
  if (isCavalry(attacker) && defender === 'EL') return 'cavalry attacking an elephant';
  if (attacker === 'EL' && defender === 'EL') return 'elephant attacking an elephant';
  if (attackerFlankThreatened) return 'attacker in the ZOC of an enemy in its flank/rear';
  return null;
}

const HEAVY_FOOT: readonly UnitType[] = ['PH', 'HI', 'MI'];

/** 9.16 step 1 for the chosen attacker and defender (9.15). */
export function shockSuperiority(
  charts: GbaCharts,
  attacker: GbaUnit,
  defender: GbaUnit,
  facing: Facing,
  attackerFlankThreatened: boolean,
): SuperiorityResult {
  const denial = positionDenial(attacker.type, defender.type, facing, attackerFlankThreatened);
  if (denial === null) {
    if (isSkirmisher(attacker.type) && !(defender.type === 'CH' || isSkirmisher(defender.type))) {
      return {
        position: true,
        superiority: 'none',
        reason: 'position superiority, but a skirmisher gains AS only over CH/SK',
      };
    }
    if (attacker.type === 'LC' && HEAVY_FOOT.includes(defender.type)) {
      return {
        position: true,
        superiority: 'none',
        reason: 'position superiority, but LC gains no AS over PH/HI/MI',
      };
    }
    return { position: true, superiority: 'AS', reason: `position superiority (${facing} attack)` };
  }
  const w = weaponSuperiority(charts, attacker.type, defender);
  return { position: false, superiority: w, reason: `weapon system (${denial})` };
}
