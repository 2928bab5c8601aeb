/**
 * Turning a Shock CRT result into cohesion hits (GBA 5e 9.16 step 4), sharing them among several units
 * (10.13) and the Push of Shields (9.17).
 */
import type { CrtCell, Superiority } from './charts.ts';
import type { GbaUnit } from './situation.ts';
import { isPhalanxOrHeavy, isShockCapable, isSkirmisher } from './units.ts';

interface HitModifier {
  readonly label: string;
  readonly side: 'a' | 'b';
}

/**
 * 9.16 step 4, in the order the rule lists them: AS doubles the defender's hits; DS triples the
 * attacker's; a defender that is not shock capable halves the attacker's (round down); a skirmisher
 * defender takes at most 1; LC attacking PH/HI/MI halves the defender's (round down). Attacker and
 * defender are the units chosen in 9.15.
 */
export function applyHitModifiers(
  cell: CrtCell,
  superiority: Superiority,
  attacker: GbaUnit,
  defender: GbaUnit,
): { attacker: number; defender: number; applied: readonly HitModifier[] } {
  let a = cell.attacker;
  let d = cell.defender;
  const applied: HitModifier[] = [];
  if (superiority === 'AS') {
    d *= 2;
    applied.push({ side: 'b', label: 'Attack Superiority: defender hits x2' });
  }
  if (superiority === 'DS') {
    a *= 3;
    applied.push({ side: 'a', label: 'Defense Superiority: attacker hits x3' });
  }
  if (!isShockCapable(defender)) {
    a = Math.floor(a / 2);
    applied.push({ side: 'a', label: 'defender not shock capable: attacker hits halved' });
  }
  if (isSkirmisher(defender.type) && d > 1) {
    d = 1;
    applied.push({ side: 'b', label: 'skirmisher defender: at most 1 hit' });
  }
  if (attacker.type === 'LC' && (isPhalanxOrHeavy(defender.type) || defender.type === 'MI')) {
    d = Math.floor(d / 2);
    applied.push({ side: 'b', label: 'LC attacking PH/HI/MI: defender hits halved' });
  }
  return { attacker: a, defender: d, applied };
}

/**
 * 10.13: hits shared as equally as possible among the `eligible` units; the extra hits go to the units
 * in list order (the first is the unit chosen for Superiority/column). `focus` gives all hits to one unit
 * (a two-hex attacker distributing among one-hex defenders).
 */
export function distributeHits(total: number, eligible: readonly boolean[], focus?: number): number[] {
  const out = eligible.map(() => 0);
  if (focus !== undefined && eligible[focus]) {
    out[focus] = total;
    return out;
  }
  const idx = eligible.flatMap((e, i) => (e ? [i] : []));
  if (idx.length === 0) return out;
  const base = Math.floor(total / idx.length);
  let extra = total - base * idx.length;
  for (const i of idx) {
    out[i] = base + (extra > 0 ? 1 : 0);
    if (extra > 0) extra--;
  }
  return out;
}

/**
 * 9.17: a unit with at least three times the hits of any one enemy unit in the combat (0 counts as 1)
 * takes 2 more. Judged on the hits before anyone's breakthrough hits. Returns the flag per unit.
 */
export function breakthrough(own: readonly (number | null)[], enemy: readonly (number | null)[]): boolean[] {
  const enemies = enemy.filter((h): h is number => h !== null).map((h) => Math.max(1, h));
  if (enemies.length === 0) return own.map(() => false);
  const least = Math.min(...enemies);
  return own.map((h) => h !== null && h >= 3 * least);
}
