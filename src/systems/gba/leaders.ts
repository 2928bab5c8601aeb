/**
 * Leaders in combat (GBA 5e 9.14, 9.16 step 3, 9.2) and the rally attempt (10.27). The Leader Casualty
 * Chart was not recovered beyond one Personal Combat row, so casualty severity is not modelled.
 */
import type { GbaCharts, PersonalCombatResult } from './charts.ts';

/** What befell a leader in this combat. 'casualty' = the 9.14 check came up 0, severity unknown. */
export type LeaderState = 'ok' | 'casualty' | 'killed';

/** 9.14: the leader casualty check hits on a 0. */
export const isLeaderCasualty = (dr: number): boolean => dr === 0;

/**
 * 9.16 step 3: Charisma DRM a leader gives his side: +Charisma if unhurt, nothing after a casualty
 * (9.14), minus Charisma if killed (the reverse DRM).
 */
export function charismaDrm(charisma: number, state: LeaderState): number {
  if (state === 'ok') return charisma;
  if (state === 'killed') return -charisma;
  return 0;
}

/** Net Shock CRT DRM: attacker's leader minus defender's leader (9.16 step 3). */
export function netCharismaDrm(
  attacker: { charisma: number; state: LeaderState } | undefined,
  defender: { charisma: number; state: LeaderState } | undefined,
): number {
  const a = attacker ? charismaDrm(attacker.charisma, attacker.state) : 0;
  const d = defender ? charismaDrm(defender.charisma, defender.state) : 0;
  return a - d;
}

interface PersonalCombatOutcome {
  readonly winner: 'a' | 'b' | 'none';
  readonly differential: number;
  /** Effect on the loser from the known rows of the Leader Casualty Chart; undefined if not recovered. */
  readonly result: PersonalCombatResult | undefined;
}

/**
 * 9.21: each side adds its DR to its leader's Personal Combat rating; the higher total's differential is
 * looked up for the loser. A tie means nothing. A wounded leader wounded again is killed (9.22).
 */
export function personalCombat(
  charts: GbaCharts,
  pcA: number,
  drA: number,
  pcB: number,
  drB: number,
  loserAlreadyWounded = false,
): PersonalCombatOutcome {
  const diff = pcA + drA - (pcB + drB);
  if (diff === 0) return { winner: 'none', differential: 0, result: 'none' };
  const d = Math.abs(diff);
  const row = charts.personalCombat.find((r) => d >= r.min && d <= r.max);
  let result = row?.result;
  if (result === 'wounded' && loserAlreadyWounded) result = 'killed';
  return { winner: diff > 0 ? 'a' : 'b', differential: d, result };
}

type RallyResult =
  | { readonly rallied: true; readonly hits: number }
  | { readonly rallied: false; readonly fate: 'rout-move' | 'eliminated' };

/**
 * 10.27: a rally succeeds on a DR at most the leader's Initiative + 1; the Rally Table (second DR) then
 * gives the unit's hits. A failed attempt eliminates the unit if the DR also beat its printed TQ, and always
 * eliminates a phalanx or heavy infantry unit; otherwise the unit rout-moves.
 */
export function rallyAttempt(
  charts: GbaCharts,
  initiative: number,
  printedTq: number,
  phalanxOrHeavy: boolean,
  dr: number,
  tableDr: number,
): RallyResult {
  if (dr <= initiative + 1) {
    const row = printedTq >= 6 ? charts.rally.tq6Plus : charts.rally.tqUpTo5;
    return { rallied: true, hits: row[tableDr] as number };
  }
  return { rallied: false, fate: phalanxOrHeavy || dr > printedTq ? 'eliminated' : 'rout-move' };
}
