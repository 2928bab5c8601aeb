/**
 * Size Ratio Difference (GBA 5e 9.16 step 2): total Sizes reduced to n:1 or 1:n, rounded in the
 * attacker's favour if any attacker moved, else in the defender's; each level past 1:1 is one Shock CRT
 * column (right for the attacker, left for the defender).
 */
import type { UnitType } from './units.ts';

/** The ratio as (attacker, defender) with one side 1, after the 9.16 step 2 rounding. */
export function sizeRatio(attacker: number, defender: number, attackerMoved: boolean): [number, number] {
  if (attacker <= 0 || defender <= 0 || attacker === defender) return [1, 1];
  if (attacker > defender) {
    const r = attacker / defender;
    return [attackerMoved ? Math.ceil(r) : Math.floor(r), 1];
  }
  const r = defender / attacker;
  return [1, attackerMoved ? Math.floor(r) : Math.ceil(r)];
}

/** Column shift from the ratio: +(n-1) for n:1, -(n-1) for 1:n. */
export function sizeShift(attacker: number, defender: number, attackerMoved: boolean): number {
  const [a, d] = sizeRatio(attacker, defender, attackerMoved);
  return a - d;
}

/**
 * 9.16 step 2 exceptions: elephant, chariot and skirmisher Size counts only when every unit on both sides
 * is of that kind. Returns whether a unit of `type` counts in a combat of `all` types.
 */
function sizeCounts(type: UnitType, all: readonly UnitType[]): boolean {
  const kind = (t: UnitType): string => (t === 'SK*' ? 'SK' : t);
  if (type === 'EL' || type === 'CH' || type === 'SK' || type === 'SK*') {
    return all.every((t) => kind(t) === kind(type));
  }
  return true;
}

/** Total counted Size of one side. */
export function countedSize(
  units: readonly { type: UnitType; size: number }[],
  all: readonly UnitType[],
): number {
  return units.reduce((n, u) => n + (sizeCounts(u.type, all) ? u.size : 0), 0);
}
