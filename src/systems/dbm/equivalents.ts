/**
 * Element equivalents for demoralisation (DBM 3.2 p.24 Losses), and the rule-set facts the engagement
 * layer needs about lines that are not combat resolution: who may count as an overlap (p.21) and who flees
 * with a fleeing front element (p.24).
 */
import { isMounted, isSkirmisher, type Element } from './troops.ts';
import type { DbmVersion } from './versions.ts';

/**
 * DBM 3.2 p.24 Losses: war wagons (I) count 3; psiloi, hordes except (I), boats (F) and irregular
 * auxilia (I) a half (the auxilia from 3.1, end note lxxiv); expendables and hordes (I) 0. Baggage does
 * not count towards a command's original element equivalents, so 0 here.
 */
export function elementEquivalents(e: Element, version: DbmVersion): number {
  if (e.type === 'WWg' && e.grade === 'I') return 3;
  if (e.type === 'Exp' || e.type === 'Bg') return 0;
  if (e.type === 'Hd') return e.grade === 'I' ? 0 : 0.5;
  if (e.type === 'Ps') return 0.5;
  if (e.type === 'Bts' && e.grade === 'F') return 0.5;
  if (e.type === 'Ax' && e.grade === 'I' && e.reg === 'Irr' && version.rules.irregularAxIHalf) return 0.5;
  return 1;
}

/**
 * DBM 3.2 p.21 overlaps: elephants cannot count as overlaps for friendly mounted other than elephants,
 * and no troops count as overlaps for friendly expendables.
 */
export function countsAsOverlapFor(overlapper: Element, friendInCombat: Element): boolean {
  if (friendInCombat.type === 'Exp') return false;
  if (overlapper.type === 'El' && isMounted(friendInCombat.type) && friendInCombat.type !== 'El')
    return false;
  return true;
}

/** DBM 3.2 p.24 Fleeing Elements: skirmishers directly behind a front element fleeing close combat flee too. */
export const fleesWithFront = (behind: Element): boolean => isSkirmisher(behind.type);

/**
 * A command's original element equivalents (DBM 3.2 p.24 Losses): the sum over its elements, its
 * general's element included; baggage does not count towards a command's original total (it counts 0).
 */
export function commandEquivalents(elements: readonly Element[], version: DbmVersion): number {
  return elements.reduce((sum, e) => sum + elementEquivalents(e, version), 0);
}
