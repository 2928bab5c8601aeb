/**
 * Player initiative points dicing (DBM 3.2 p.16 Player Initiative Point Dicing, Unreliable Allies).
 * At the start of each of his side's bounds the C-in-C throws one PIP die for every command that still
 * has a non-baggage element. Irregular generals' and allied generals' commands each keep their own die;
 * the other (regular) generals' dice are alike, and the C-in-C says after throwing which of those
 * commands takes which score. The costs of moves are `pip-costs.ts`.
 */

/** A command as PIP dicing sees it. */
export interface PipCommand {
  /** Its general's element is regular (p.16: a general's status is his element's). */
  readonly regularGeneral: boolean;
  readonly ally: boolean;
  /** The command still has a non-baggage element (p.16: its die is thrown until all are lost). */
  readonly onTable?: boolean;
}

/** Whether a command's score can be swapped among the regular generals' commands (p.16). */
export const sharesRegularDice = (c: PipCommand): boolean => c.regularGeneral && !c.ally;

/**
 * The dice of one bound: one die per command still on table, in command order (0 for a command whose
 * die is no longer thrown). `die` gives 1 to 6.
 */
export function throwPips(commands: readonly PipCommand[], die: () => number): number[] {
  return commands.map((c) => (c.onTable === false ? 0 : die()));
}

export interface PipAllocation {
  /**
   * The commands that want the regular generals' scores most, first (indices into the commands). Those
   * of them sharing the regular dice take the highest scores in this order; a command left out of the
   * list takes what remains after them, in command order. Default: command order.
   */
  readonly priority?: readonly number[];
  /**
   * Every command dices for itself (p.16: at night, in mist, fog, snow or a dust storm, or once the
   * C-in-C is lost); flank marches and ambushes are not modelled.
   */
  readonly independent?: boolean;
}

/**
 * Each command's PIPs for the bound from the dice thrown in command order (p.16): irregular and allied
 * generals' commands keep their own score; the regular generals' scores are pooled and dealt, highest
 * first, in the C-in-C's order of priority.
 */
export function allocatePips(
  commands: readonly PipCommand[],
  dice: readonly number[],
  allocation: PipAllocation = {},
): number[] {
  return pipDealer(commands, allocation)(dice);
}

/**
 * allocatePips for one army's commands and allocation, worked out once: who pools the regular dice and
 * in what order they are dealt; the function returned deals one bound's dice into an array of its own,
 * overwritten by its next deal (the engine reads each deal at once: no garbage on its hot path).
 */
export function pipDealer(
  commands: readonly PipCommand[],
  allocation: PipAllocation = {},
): (dice: readonly number[]) => number[] {
  const pooled = commands.flatMap((c, i) => (sharesRegularDice(c) && c.onTable !== false ? [i] : []));
  const order = [
    ...(allocation.priority ?? []).filter((i) => pooled.includes(i)),
    ...pooled.filter((i) => !(allocation.priority ?? []).includes(i)),
  ];
  const scores: number[] = [];
  const out = new Array<number>(commands.length).fill(0);
  return (dice) => {
    if (dice.length !== commands.length) throw new Error('allocatePips: one die per command');
    for (let i = 0; i < dice.length; i++) out[i] = dice[i]!;
    if (allocation.independent) return out;
    scores.length = 0;
    // Highest first (an insertion sort: a handful of dice).
    for (const i of pooled) {
      const d = dice[i] as number;
      let k = scores.length;
      scores.push(d);
      while (k > 0 && (scores[k - 1] as number) < d) {
        scores[k] = scores[k - 1] as number;
        k--;
      }
      scores[k] = d;
    }
    for (let k = 0; k < order.length; k++) out[order[k]!] = scores[k] as number;
    return out;
  };
}

/** DBM 3.2 p.16 Unreliable Allies: an ally general whose first PIP die scores 1 is unreliable. */
export const unreliableAlly = (firstScore: number): boolean => firstScore === 1;
