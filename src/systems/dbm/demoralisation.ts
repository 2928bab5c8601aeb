/**
 * When a command becomes demoralised (DBM 3.2 p.25 Demoralised Commands): at the end of any bound at
 * least one third of its original element equivalents lost; or its general lost and its next PIP die
 * not greater than the element equivalents it has lost, tested once per command. Demoralisation lasts
 * for the rest of the game. Element equivalents are `equivalents.ts`; what a demoralised command may
 * still do (one single-element move, halts; the rest flee) is the battle engine's.
 */

/** One command's standing for demoralisation, as plain data. */
export interface CommandMorale {
  /** Original element equivalents (p.24 Losses; baggage not counted). */
  readonly original: number;
  /** Cumulative element equivalents lost so far. */
  readonly lost: number;
  readonly demoralised: boolean;
  /** Its general's element has been lost. */
  readonly generalLost: boolean;
  /** The PIP test after the general's loss has been taken (it is taken once per command). */
  readonly panicTested: boolean;
}

export function freshMorale(original: number): CommandMorale {
  return { original, lost: 0, demoralised: false, generalLost: false, panicTested: false };
}

/**
 * DBM 3.2 p.25: at least one third of the original element equivalents lost. Compared as
 * 3 x lost >= original, so a third is met exactly (element equivalents are whole or half numbers).
 * A command that has lost nothing is not demoralised by losses, whatever its total.
 */
export function demoralisedByLosses(original: number, lost: number): boolean {
  return lost > 0 && 3 * lost >= original;
}

/**
 * DBM 3.2 p.25: after its general is lost, a command panics if its next PIP die score is not greater
 * than the cumulative element equivalents it has lost.
 */
export function panicsOnGeneralLoss(pipScore: number, lost: number): boolean {
  return pipScore <= lost;
}

/** Element equivalents lost (and whether the general's element was among them). */
export function withLosses(m: CommandMorale, equivalents: number, generalLost = false): CommandMorale {
  return { ...m, lost: m.lost + equivalents, generalLost: m.generalLost || generalLost };
}

/**
 * The command's PIP die at the start of its side's bound: the first score after its general's loss is
 * the panic test (once per command).
 */
export function afterPipDie(m: CommandMorale, pipScore: number): CommandMorale {
  if (!m.generalLost || m.panicTested) return m;
  return {
    ...m,
    panicTested: true,
    demoralised: m.demoralised || panicsOnGeneralLoss(pipScore, m.lost),
  };
}

/** The end of any bound by either side: the losses test (p.25). */
export function atEndOfBound(m: CommandMorale): CommandMorale {
  if (m.demoralised || !demoralisedByLosses(m.original, m.lost)) return m;
  return { ...m, demoralised: true };
}
