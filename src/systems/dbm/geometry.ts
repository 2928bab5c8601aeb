/**
 * The sizes and distances of DBM elements that the battle line needs (docs/engagement-model.md "Second
 * lines", "Flight", "Flank contacts"): base depths, the flee move, and whether an element reaches the
 * flank of an enemy beside it. Distances in paces at the 15 mm scale (DBM 3.2 p.9: 50 paces = 25 mm).
 */
import { moveDistance } from './distant.ts';
import type { Going } from './situation.ts';
import type { Element } from './troops.ts';

/** DBM 3.2 p.9 Element Basing: frontage 40 mm at 15 mm, 80 paces. */
export const BASE_WIDTH = 80;

/**
 * An element's base depth in paces (DBM 3.2 p.9 Element Basing, 15 mm): elephants, expendables,
 * artillery other than (X) and baggage 40 mm; knights, cavalry, light horse, camelry and hordes 30 mm;
 * blades (F) and (X), warband (F), auxilia, bowmen, psiloi and artillery (X) 20 mm; spears, pikes,
 * other blades and warband 15 mm; war wagons 80 mm. A recoil is a base depth (p.23); so is the gap
 * unit between lines.
 */
export function baseDepth(e: Element): number {
  switch (e.type) {
    case 'El':
    case 'Exp':
    case 'Bg':
      return 80;
    case 'Art':
      return e.grade === 'X' ? 40 : 80;
    case 'Kn':
    case 'Cv':
    case 'LH':
    case 'Cm':
    case 'Hd':
      return 60;
    case 'Bd':
      return e.grade === 'F' || e.grade === 'X' ? 40 : 30;
    case 'Wb':
      return e.grade === 'F' ? 40 : 30;
    case 'Ax':
    case 'Bw':
    case 'Ps':
      return 40;
    case 'Sp':
    case 'Pk':
      return 30;
    case 'WWg':
      return 160;
    default:
      // Naval elements do not fight in a land battle line (80 mm at 15 mm).
      return 160;
  }
}

/**
 * DBM 3.2 p.24 Fleeing Elements: after its initial recoil of a base depth, a flee move is 50p more than a
 * full tactical move in that going (fast troops' extra 50p included: p.19). 0 for what cannot move.
 */
export function fleeMove(e: Element, going: Going, camels = false): number {
  const move = moveDistance(e, going, false, camels);
  return move > 0 ? move + 50 : 0;
}

/**
 * Can the element move onto the flank of an enemy element beside it in one tactical move? Level with the
 * enemy's front, it pivots about the front corner it shares with it, so its other front corner travels
 * √2 base widths (113p; p.16 Single element moves measure each front corner's travel); it may add 50p to
 * move into frontal contact with the flank of an enemy element it is in front corner contact with
 * (p.19 Tactical and March Move Distances).
 */
export function reachesAdjacentFlank(e: Element, going: Going, camels = false): boolean {
  const move = moveDistance(e, going, false, camels);
  return move > 0 && move + 50 >= Math.SQRT2 * BASE_WIDTH;
}
