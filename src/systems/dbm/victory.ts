/**
 * When an army is defeated (DBM 3.2 p.25 Victory & Defeat): at the end of any bound its cumulative
 * losses, counting every troop of its demoralised commands and any fled or destroyed baggage, reach half
 * its original element equivalents; its remaining commands then become demoralised and the game is
 * over. Baggage losses count as the p.24 Losses section says.
 */

/** How a baggage element was lost (p.24 Losses). */
export type BaggageLoss = 'close-combat' | 'other';

/**
 * DBM 3.2 p.24 Losses: a lost baggage element counts 2 element equivalents if destroyed in close combat,
 * 1 if lost any other way (fled); baggage not lost counts 0, even in a demoralised command.
 */
export function baggageLossEquivalents(loss: BaggageLoss): number {
  return loss === 'close-combat' ? 2 : 1;
}

/** A command as the army's losses see it. */
export interface CommandLosses {
  readonly original: number;
  readonly lost: number;
  readonly demoralised: boolean;
}

/** The army's original element equivalents: its commands' (baggage does not count, p.24 Losses). */
export function armyOriginal(commands: readonly CommandLosses[]): number {
  return commands.reduce((s, c) => s + c.original, 0);
}

/**
 * DBM 3.2 p.25 Victory & Defeat: the army's cumulative losses. A demoralised command counts all its
 * troops (its original element equivalents); another counts what it has lost; lost baggage is added.
 */
export function armyLosses(commands: readonly CommandLosses[], baggage: readonly BaggageLoss[] = []): number {
  const troops = commands.reduce((s, c) => s + (c.demoralised ? c.original : c.lost), 0);
  return troops + baggage.reduce((s, b) => s + baggageLossEquivalents(b), 0);
}

/** DBM 3.2 p.25: defeated when the losses at least equal half the original (2 x losses >= original). */
export function armyDefeated(
  commands: readonly CommandLosses[],
  baggage: readonly BaggageLoss[] = [],
): boolean {
  return 2 * armyLosses(commands, baggage) >= armyOriginal(commands);
}

/**
 * armyDefeated for commands given as parallel arrays, as the battle-line kernel keeps them (original
 * element equivalents, losses, demoralised 1 or 0), without baggage: the same sums in the same order.
 */
export function armyDefeatedBy(
  original: ArrayLike<number>,
  lost: ArrayLike<number>,
  demoralised: ArrayLike<number>,
): boolean {
  let troops = 0;
  let total = 0;
  for (let i = 0; i < original.length; i++) {
    troops += demoralised[i] === 1 ? original[i]! : lost[i]!;
    total += original[i]!;
  }
  return 2 * troops >= total;
}
