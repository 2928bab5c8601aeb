/**
 * Big battle DBA (DBA 3.0 Big battles), as data and pure functions: an army of several commands, each
 * demoralised by its own losses; the C-in-C's once-per-game +1; the -2 of an element of a demoralised
 * command; and the army's defeat. Readings are in docs/rulings.md, DBA 3.0 "Big battles".
 */
import { DBA_UNCOUNTED_LOSSES } from './victory.ts';
import { isCivilian, type DbaElement, type DbaTroopType } from './troops.ts';

export const DBA_BIG_BATTLE = {
  /** Tactical factor in close combat of an element of a demoralised command not in a city, fort or camp. */
  demoralised: -2,
  /** Added once per game to the combat score of the C-in-C's element, after it is calculated. */
  cInCPlusOne: 1,
  /** A command is demoralised once its counted losses reach this fraction of its original troop elements... */
  commandCounted: 1 / 3,
  /** ... or its losses of any troop elements reach this fraction. */
  commandAll: 1 / 2,
  /** The army is beaten once its losses reach this fraction of its original troop elements (or the C-in-C's command is demoralised). */
  army: 1 / 2,
} as const;

/** The three counts of lost elements big battles use, in this order (`DbaBigBattleLosses`). */
export const DBA_BIG_BATTLE_MEASURES = ['commandCounted', 'commandAll', 'army'] as const;

/** Types left out of each count. Command third: as in the 12-element game. Army: Hordes count. */
const ARMY_UNCOUNTED: readonly DbaTroopType[] = ['SCh', 'CF', 'Dz'];

/**
 * What one lost element adds to each count of its command (in `DBA_BIG_BATTLE_MEASURES` order), before
 * the command's first double element adds 1 more to each (`dbaBigBattleFirstDoubleBonus`):
 * - commandCounted: elements other than SCh, Hd, camp followers and denizens;
 * - commandAll: any troop element (camp followers and denizens are not troop elements);
 * - army: elements other than SCh, camp followers and denizens.
 * A general's element adds 1 more to each count it is in (the loss of its general).
 */
export function dbaBigBattleLossValues(element: DbaElement, general = false): [number, number, number] {
  const g = general ? 1 : 0;
  const t = element.type;
  const v = (uncounted: boolean) => (uncounted ? 0 : 1 + g);
  return [v(DBA_UNCOUNTED_LOSSES.includes(t)), v(isCivilian(element)), v(ARMY_UNCOUNTED.includes(t))];
}

/** The first double element lost by each command counts as 2 elements lost: 1 more, in every count. */
export const dbaBigBattleFirstDoubleBonus = (element: DbaElement): number => (element.double ? 1 : 0);

/** Counts toward the original troop elements of its command and army: every element but camp followers and denizens. */
export const dbaTroopElement = (element: DbaElement): number => (isCivilian(element) ? 0 : 1);

/**
 * Is a command demoralised (checked at the start of each of its side's bounds, and then for good)? Its
 * counted losses total a third of its original troop elements, or its losses of any troop elements half.
 * `lost` is in `DBA_BIG_BATTLE_MEASURES` order.
 */
export function dbaCommandDemoralised(lost: ArrayLike<number>, original: number): boolean {
  if (original <= 0) return false;
  const eps = 1e-9;
  return (
    lost[0]! + eps >= DBA_BIG_BATTLE.commandCounted * original ||
    lost[1]! + eps >= DBA_BIG_BATTLE.commandAll * original
  );
}

/** One army at the end of a bound, as the big-battle defeat rule reads it. */
interface DbaArmyState {
  /** Its elements lost so far, counted as the army count (`dbaBigBattleLossValues` index 2). */
  readonly lost: number;
  /** Of which lost in this bound. */
  readonly lostThisBound: number;
  /** Its original troop elements. */
  readonly original: number;
  /** Its C-in-C's command is demoralised. */
  readonly cInCDemoralised: boolean;
}

/**
 * Is the army beaten at the end of a bound? Its lost elements are at least half its original troop
 * elements, or its C-in-C's command is demoralised; and it has lost more elements in this bound than the
 * enemy (reading: elements lost during this bound, docs/rulings.md).
 */
export function dbaArmyDefeated(own: DbaArmyState, enemy: DbaArmyState): boolean {
  const spent = own.original > 0 && own.lost + 1e-9 >= DBA_BIG_BATTLE.army * own.original;
  return (spent || own.cInCDemoralised) && own.lostThisBound > enemy.lostThisBound;
}
