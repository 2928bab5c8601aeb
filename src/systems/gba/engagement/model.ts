/**
 * A GBA engagement (docs/gba-engagement.md): the same shock combat fought round after round between two
 * units or small groups, cohesion hits carried from round to round, until every unit of a side has routed
 * or a round limit is reached. This module holds the plain-data options and the result of one engagement.
 */
import { InputError } from '../../../core/errors.ts';
import type { Facing, GbaCharts } from '../charts.ts';
import type { GbaShockSituation } from '../situation.ts';

/**
 * Who shocks in rounds 2 and later (round 1 is always the situation as given).
 * - 'same': side a attacks every round (units that stay in contact and shock again with a Shock-No TQ
 *   Check marker, GBA 5e 7.33 / 9.11; the optional Engaged rule 10.31 forces exactly this).
 * - 'alternate': a, b, a, b, ...: each side's leader activates in turn and its units shock their
 *   neighbours (7.33); the reversed rounds use `reverse` for the facts that belong to the attacker.
 */
export type LaterAttacker = 'same' | 'alternate';

/**
 * Whether the attackers of rounds 2 and later count as having moved (Shock-Must Check, 7.32, so both
 * sides take the 9.13 pre-shock check):
 * - 'still': no (they were already adjacent: Shock-No TQ Check, 7.33 / 9.11 / 10.31);
 * - 'as-given': each unit keeps the `moved` flag it has in the situation (a b unit attacking in a
 *   reversed round uses its own flag);
 * - 'charge': every attacker moved (they fall back and charge again each round).
 */
export type LaterMoved = 'still' | 'as-given' | 'charge';

/** The facts of a reversed round (b attacking a) that the situation gives only for a attacking b. */
export interface ReverseRound {
  /** b's chosen attacker's angle on a's chosen defender (default 'front': the two lines face each other). */
  readonly facing: Facing;
  readonly attackerFlankThreatened: boolean;
  /** Terrain column shift of a's hex (default 0). */
  readonly terrainShift: number;
}

/**
 * Rout Points (GBA 5e 3.0 E, Withdrawal Phase): each unit's value when it is lost, a's units then b's in
 * the situation's order. The values come from the scenario booklet, not the rules, so the user gives them.
 */
export interface RoutPoints {
  readonly a: readonly number[];
  readonly b: readonly number[];
}

/** Withdrawal Levels (3.0 E): a side whose lost units' Rout Points reach its level withdraws (loses). */
export interface WithdrawalLevels {
  readonly a?: number | undefined;
  readonly b?: number | undefined;
}

export interface GbaEngagementOptions {
  /** Rounds fought at most; an engagement still undecided after this many is a draw. */
  readonly roundLimit: number;
  readonly laterAttacker: LaterAttacker;
  readonly laterMoved: LaterMoved;
  readonly reverse: ReverseRound;
  /** When given, Rout Points lost are counted and reported; needed for a withdrawal level. */
  readonly routPoints?: RoutPoints | undefined;
  /** When given for a side, it also loses when its lost Rout Points reach the level. */
  readonly withdrawalLevel?: WithdrawalLevels | undefined;
}

const DEFAULT_GBA_ENGAGEMENT_OPTIONS: GbaEngagementOptions = {
  roundLimit: 20,
  laterAttacker: 'same',
  laterMoved: 'still',
  reverse: { facing: 'front', attackerFlankThreatened: false, terrainShift: 0 },
};

/** Fills the defaults in (a partial `reverse` keeps the default of each missing field). */
export function gbaEngagementOptions(
  o: Partial<Omit<GbaEngagementOptions, 'reverse'>> & { reverse?: Partial<ReverseRound> | undefined } = {},
): GbaEngagementOptions {
  const d = DEFAULT_GBA_ENGAGEMENT_OPTIONS;
  const out: GbaEngagementOptions = {
    roundLimit: o.roundLimit ?? d.roundLimit,
    laterAttacker: o.laterAttacker ?? d.laterAttacker,
    laterMoved: o.laterMoved ?? d.laterMoved,
    reverse: { ...d.reverse, ...(o.reverse ?? {}) },
    ...(o.routPoints ? { routPoints: o.routPoints } : {}),
    ...(o.withdrawalLevel ? { withdrawalLevel: o.withdrawalLevel } : {}),
  };
  if (!Number.isInteger(out.roundLimit) || out.roundLimit < 1 || out.roundLimit > 1000) {
    throw new RangeError(`roundLimit: must be a whole number 1-1000, got ${out.roundLimit}`);
  }
  return out;
}

/**
 * Checks the Rout Point options against the situation: one whole, non-negative value per unit of each
 * side, and a withdrawal level (a whole number >= 1) only for a side whose Rout Points are given.
 */
export function checkRoutPoints(situation: GbaShockSituation, options: GbaEngagementOptions): void {
  const rp = options.routPoints;
  for (const side of ['a', 'b'] as const) {
    const units = situation[side].units.length;
    if (rp) {
      const xs = rp[side];
      if (xs.length !== units) {
        throw new InputError(`give one value per unit of side ${side} (${units}), got ${xs.length}`, {
          path: ['routPoints', side],
        });
      }
      xs.forEach((x, k) => {
        if (!Number.isInteger(x) || x < 0)
          throw new InputError(`must be a whole number >= 0, got ${x}`, { path: ['routPoints', side, k] });
      });
    }
    const level = options.withdrawalLevel?.[side];
    if (level === undefined) continue;
    if (!rp) {
      throw new InputError('needs routPoints: the Rout Points of each unit (from the scenario booklet)', {
        path: ['withdrawalLevel', side],
      });
    }
    if (!Number.isInteger(level) || level < 1)
      throw new InputError(`must be a whole number >= 1, got ${level}`, { path: ['withdrawalLevel', side] });
  }
}

/** What a shard gets: plain, structured-cloneable data. */
export interface GbaEngagementPayload {
  readonly situation: GbaShockSituation;
  readonly options: GbaEngagementOptions;
  /** The user's charts (a loaded GbaCharts is plain data); the bundled charts when absent. */
  readonly charts?: GbaCharts | undefined;
}

/**
 * How one engagement ended. 'a-routs': side a is beaten (every unit routed, or its withdrawal level
 * reached); 'mutual': both sides were beaten in the same round.
 */
export type GbaEngagementEnd = 'a-routs' | 'b-routs' | 'mutual' | 'limit';

/** One unit at the end: routed (hits then 0), or standing with its cohesion hits. */
export interface UnitEnd {
  readonly routed: boolean;
  readonly hits: number;
}

export interface GbaEngagementResult {
  readonly end: GbaEngagementEnd;
  /** Rounds fought (the round limit for a draw at the limit). */
  readonly rounds: number;
  /** Per unit, a's units then b's, in the situation's order. */
  readonly units: readonly UnitEnd[];
  /** Breakthroughs (9.17) suffered by each side over the engagement (rounds in which one of its units took +2). */
  readonly breakthroughs: { readonly a: number; readonly b: number };
  /** Rout Points lost by each side (0 when no routPoints were given). */
  readonly routPointsLost: { readonly a: number; readonly b: number };
  /** Which sides reached their withdrawal level. */
  readonly withdrew: { readonly a: boolean; readonly b: boolean };
}
