/**
 * Winning and losing (DBA 3.0 Winning and losing), as pure functions for engagement simulations:
 * a side is defeated when, at the end of a bound, it has lost 4 or more elements and more than the enemy.
 */
import type { DbaElement, DbaTroopType } from './troops.ts';

/** Types whose loss does not count: scythed chariots, hordes, camp followers, city denizens. */
export const DBA_UNCOUNTED_LOSSES: readonly DbaTroopType[] = ['SCh', 'Hd', 'CF', 'Dz'];

/** The values the victory rule gives lost elements and places. */
const DBA_LOSS_VALUES = {
  element: 1,
  /** The first double element lost. */
  firstDouble: 2,
  /** Extra for losing the general. */
  general: 1,
  campSacked: 1,
  /** A city held by the enemy: 2 if the army had no camp, 1 if it had one. */
  cityWithoutCamp: 2,
  cityWithCamp: 1,
  /** Elements lost at which a side can be defeated. */
  breakPoint: 4,
} as const;

interface DbaLossOptions {
  /** The element was the general's. */
  readonly general?: boolean;
  /** A double element has already been lost by this side (only the first counts as 2). */
  readonly doubleAlreadyLost?: boolean;
}

/**
 * Elements lost that one lost element counts for: 0 for SCh, Hd, CF, Dz; 2 for the side's first double element;
 * otherwise 1; plus 1 if it was the general's element.
 */
export function dbaElementLossValue(element: DbaElement, opts: DbaLossOptions = {}): number {
  const base = DBA_UNCOUNTED_LOSSES.includes(element.type)
    ? 0
    : element.double && !opts.doubleAlreadyLost
      ? DBA_LOSS_VALUES.firstDouble
      : DBA_LOSS_VALUES.element;
  return base + (opts.general ? DBA_LOSS_VALUES.general : 0);
}

interface DbaLostElement {
  readonly element: DbaElement;
  readonly general?: boolean;
}

interface DbaLossExtras {
  /** The side's camp has been sacked. */
  readonly campSacked?: boolean;
  /** The side's city is occupied and held by the enemy. */
  readonly cityHeld?: 'no' | 'had-camp' | 'no-camp';
}

/** Total elements lost by one side, in the order lost (the first double element counts 2). */
export function dbaLossTotal(lost: readonly DbaLostElement[], extras: DbaLossExtras = {}): number {
  let total = 0;
  let doubleLost = false;
  for (const l of lost) {
    total += dbaElementLossValue(l.element, { general: l.general ?? false, doubleAlreadyLost: doubleLost });
    if (l.element.double && !DBA_UNCOUNTED_LOSSES.includes(l.element.type)) doubleLost = true;
  }
  if (extras.campSacked) total += DBA_LOSS_VALUES.campSacked;
  if (extras.cityHeld === 'no-camp') total += DBA_LOSS_VALUES.cityWithoutCamp;
  if (extras.cityHeld === 'had-camp') total += DBA_LOSS_VALUES.cityWithCamp;
  return total;
}

/** Is the side that has lost `lost` elements defeated against an enemy that has lost `enemyLost`? */
export function dbaDefeated(lost: number, enemyLost: number): boolean {
  return lost >= DBA_LOSS_VALUES.breakPoint && lost > enemyLost;
}

/** The battle's state at the end of a bound: which side (if any) has lost. */
export function dbaBattleResult(lostA: number, lostB: number): 'a-defeated' | 'b-defeated' | 'none' {
  if (dbaDefeated(lostA, lostB)) return 'a-defeated';
  if (dbaDefeated(lostB, lostA)) return 'b-defeated';
  return 'none';
}
