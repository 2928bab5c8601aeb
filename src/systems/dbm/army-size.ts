/**
 * How an army is made up (DBM 3.2 p.10 Army Size): 2 to 4 commands, one general each; one of them the
 * C-in-C, up to 3 sub-generals, any others allies; and the baggage every army must take.
 */
import type { DbmVersion } from './versions.ts';

/** DBM 3.2 p.10 Army Size: "each army is controlled by 2 to 4 generals, each with his own command". */
export const COMMANDS = { min: 2, max: 4 } as const;

/** DBM 3.2 p.10 Army Size: up to 3 generals can be subordinate generals of the C-in-C's own army. */
export const MAX_SUB_GENERALS = 3;

/** A general's standing in the army (p.10 Army Size). */
export type GeneralRole = 'c-in-c' | 'sub-general' | 'ally';

/** DBM 3.2 p.10 Army Size: the army size at which 6 baggage elements become 8. */
export const SMALL_ARMY_AP = 400;

/**
 * Baggage elements an army must include. 3.1 and 3.2 (p.10 Army Size): 6 if the army costs 400 AP or
 * less, otherwise 8. 3.0 (end note viii): 2 per command. Which AP counts:
 * docs/rulings.md "Baggage for the army's cost".
 */
export function baggageElements(armyAp: number, commands: number, version: DbmVersion): number {
  if (version.rules.baggage === 'per-command') return 2 * commands;
  return armyAp <= SMALL_ARMY_AP ? 6 : 8;
}

/**
 * What is wrong with an army's set of generals (p.10 Army Size), or undefined: 2 to 4 commands, exactly
 * one C-in-C, at most 3 sub-generals (any others are allies).
 */
export function generalsProblem(roles: readonly GeneralRole[]): string | undefined {
  if (roles.length < COMMANDS.min || roles.length > COMMANDS.max)
    return `an army has ${COMMANDS.min} to ${COMMANDS.max} commands (DBM 3.2 p.10 Army Size); found ${roles.length}`;
  const cinc = roles.filter((r) => r === 'c-in-c').length;
  if (cinc !== 1)
    return `an army has exactly one C-in-C (DBM 3.2 p.10 Army Size); found ${cinc === 0 ? 'none' : cinc}`;
  const subs = roles.filter((r) => r === 'sub-general').length;
  if (subs > MAX_SUB_GENERALS)
    return `an army has at most ${MAX_SUB_GENERALS} sub-generals, any others are allies (DBM 3.2 p.10 Army Size); found ${subs}`;
  return undefined;
}
