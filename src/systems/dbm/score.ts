/**
 * The competition score (DBM 3.2 p.25 Victory & Defeat). Each army is worth 5 victory points (VP): 1 for
 * each sub- or ally-general's command, the rest for the C-in-C's. A side scores the VP of the enemy's
 * demoralised commands plus those of its own undemoralised ones: 0 to 10, the two sides' scores adding
 * to 10. From 3.1, when no command of either side is demoralised, 1 VP moves from the side with more
 * commands that have lost a quarter of their original element equivalents to the side with fewer.
 */
import type { GeneralRole } from './army-size.ts';
import { generalsProblem } from './army-size.ts';
import type { DbmVersion } from './versions.ts';

/** DBM 3.2 p.25: VP per army. */
export const ARMY_VP = 5;

/** Each command's VP, in the order given: 1 per sub- or ally-general, the rest to the C-in-C's. */
export function commandVictoryPoints(roles: readonly GeneralRole[]): number[] {
  const problem = generalsProblem(roles);
  if (problem) throw new Error(problem);
  const others = roles.length - 1;
  return roles.map((r) => (r === 'c-in-c' ? ARMY_VP - others : 1));
}

/** A command at the end of the battle. */
export interface CommandResult {
  readonly role: GeneralRole;
  readonly original: number;
  readonly lost: number;
  readonly demoralised: boolean;
}

/** DBM 3.2 p.25 (3.1 on): lost at least a quarter of its original element equivalents (4 x lost >= original). */
export const quarterDown = (c: CommandResult): boolean => c.lost > 0 && 4 * c.lost >= c.original;

export interface CompetitionScore {
  readonly a: number;
  readonly b: number;
  /** The side the quarter-losses VP went to, if it moved. */
  readonly transferTo?: 'a' | 'b';
}

/** How many of `cs` pass `test`. */
function countOf(cs: readonly CommandResult[], test: (c: CommandResult) => boolean): number {
  let n = 0;
  for (const c of cs) if (test(c)) n++;
  return n;
}

/** The score of a battle between sides A and B (p.25). */
export function competitionScore(
  a: readonly CommandResult[],
  b: readonly CommandResult[],
  version: DbmVersion,
): CompetitionScore {
  const vpA = commandVictoryPoints(a.map((c) => c.role));
  const vpB = commandVictoryPoints(b.map((c) => c.role));
  const sum = (cs: readonly CommandResult[], vp: readonly number[], demoralised: boolean) =>
    cs.reduce((s, c, i) => s + (c.demoralised === demoralised ? (vp[i] as number) : 0), 0);
  const scoreA = sum(b, vpB, true) + sum(a, vpA, false);
  const scoreB = sum(a, vpA, true) + sum(b, vpB, false);
  const anyDemoralised = a.some((c) => c.demoralised) || b.some((c) => c.demoralised);
  if (version.rules.quarterLossesTransfer && !anyDemoralised) {
    const qa = countOf(a, quarterDown);
    const qb = countOf(b, quarterDown);
    if (qa > qb) return { a: scoreA - 1, b: scoreB + 1, transferTo: 'b' };
    if (qb > qa) return { a: scoreA + 1, b: scoreB - 1, transferTo: 'a' };
  }
  return { a: scoreA, b: scoreB };
}
