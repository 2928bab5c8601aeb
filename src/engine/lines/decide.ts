/**
 * The players' decisions of the battle-line model (docs/engagement-model.md "Decisions"), each a small
 * pure function of what the player can see, tested alone (test/engine/lines/decide-rules.test.ts). The
 * kernel (fight.ts) gathers their inputs and applies their answers; nothing here reads the state.
 */

/** What one side sees of the fight ahead before the lines meet. */
export interface SideOutlook {
  /**
   * Its expected close-combat result against the line in front: the severity of the enemy's outcome less
   * that of its own (none 0, recoil 1, flee 2, spent 3, destroyed 4, plus ranks lost behind), averaged
   * over the 36 rolls, over the facing columns and over both bounds (the bound's owner having moved into
   * contact), exact from the combat tables.
   */
  readonly value: number;
  /** Its line's tactical move in paces (the slowest front element's). */
  readonly move: number;
  /** The rules let its fronts move into contact with the enemy's fronts (DBM 3.2 p.18). */
  readonly mayContact: boolean;
  /**
   * Its shooting edge when it stands at its own range (P(the enemy suffers) - P(it suffers), the enemy
   * replying where it reaches), summed over its shooters; 0 when it cannot shoot or shooters advance.
   */
  readonly shootEdge: number;
}

/** What a side does before the lines meet. */
export interface LineIntent {
  /** It moves to contact (charging home when its move reaches). */
  readonly closes: boolean;
  /** It does not close but comes into its range and shoots. */
  readonly shoots: boolean;
}

/** A LineIntent as bits (intentBits): it closes, it shoots. */
export const CLOSES = 1;
export const SHOOTS = 2;

/** A side expects fighting to be no worse than not fighting (a refused fight is a draw). */
export const wantsToFight = (self: SideOutlook): boolean => self.value >= 0;

/**
 * A side can keep out of the enemy's reach (DBM 3.2 p.16 Tactical Moves: a faster element may also
 * break off): it is strictly faster, or the rules forbid the enemy to contact it. The model does not
 * corner a faster line against its table edge: on a table it would side-step (docs/rulings.md).
 */
export const canAvoid = (self: SideOutlook, enemy: SideOutlook): boolean =>
  self.move > enemy.move || !enemy.mayContact;

/**
 * Both sides' intents (docs/engagement-model.md "Refusing a fight"). A side closes when it wants to fight,
 * may contact the enemy, and the enemy does not avoid it (an enemy avoids when it does not want the fight
 * and can avoid it). A side that does not close still comes into range to shoot when its shooting is
 * ahead and the enemy cannot keep out of range (it is not faster) or comes on anyway. When neither side
 * closes or shoots, the fight is refused.
 */
export function closesOrShoots(a: SideOutlook, b: SideOutlook): [LineIntent, LineIntent] {
  const bits = intentBits(a, b);
  return [
    { closes: (bits & CLOSES) !== 0, shoots: (bits & SHOOTS) !== 0 },
    { closes: ((bits >> 2) & CLOSES) !== 0, shoots: ((bits >> 2) & SHOOTS) !== 0 },
  ];
}

/**
 * closesOrShoots as bits, without allocating (the kernel asks it once per engagement): A's intent
 * (CLOSES | SHOOTS) in bits 0-1, B's in bits 2-3.
 */
export function intentBits(a: SideOutlook, b: SideOutlook): number {
  const avoidA = !wantsToFight(a) && canAvoid(a, b);
  const avoidB = !wantsToFight(b) && canAvoid(b, a);
  const closeA = wantsToFight(a) && a.mayContact && !avoidB;
  const closeB = wantsToFight(b) && b.mayContact && !avoidA;
  const shootA = !closeA && a.shootEdge > 0 && (closeB || !(b.move > a.move));
  const shootB = !closeB && b.shootEdge > 0 && (closeA || !(a.move > b.move));
  return (
    (closeA ? CLOSES : 0) | (shootA ? SHOOTS : 0) | (((closeB ? CLOSES : 0) | (shootB ? SHOOTS : 0)) << 2)
  );
}

/**
 * The target of a shooter in column c (DBM 3.2 p.20): the eligible enemy most directly in front (its own
 * column), else one within a base width to either side; where both sides are eligible the owner chooses,
 * and the model takes the left one. -1: none.
 */
export function pickTarget(front: boolean, left: boolean, right: boolean, c: number): number {
  if (front) return c;
  if (left) return c - 1;
  if (right) return c + 1;
  return -1;
}

/**
 * Which enemy flank a free file takes when it could take either (-1 left, +1 right): the one where its
 * friend's combat goes better for it (`gain`: the owner's edge there), since a flank contact destroys an
 * enemy that would recoil or flee (DBM 3.2 p.23); the left one when equal. Undefined: not possible.
 */
export function chooseFlank(left: number | undefined, right: number | undefined): -1 | 1 {
  if (left === undefined) return 1;
  if (right === undefined) return -1;
  return right > left ? 1 : -1;
}
