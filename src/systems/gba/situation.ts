/**
 * One GBA combat as plain JSON data: a shock combat (9.1) between the units of side a (attacker) and
 * side b (defender), one missile fire (8.15) by a's unit at b's unit, or a Harassment & Dispersal fire
 * (8.3). parse.ts validates untrusted input into this shape.
 */
import type { Facing } from './charts.ts';
import type { MissileClass, MissileSupply, UnitClass, UnitType } from './units.ts';

export interface GbaUnit {
  readonly name?: string | undefined;
  readonly type: UnitType;
  readonly class?: UnitClass | undefined;
  /** Printed Troop Quality (counter). */
  readonly tq: number;
  /** Printed Size (counter). */
  readonly size: number;
  /** Cohesion hits already on the unit (below its TQ: a unit at TQ has already routed, 10.14). */
  readonly hits: number;
  readonly missile?: MissileClass | undefined;
  readonly supply: MissileSupply;
  /** Two-hex counter (2.21). Defaults to true for PH, false otherwise. */
  readonly twoHex: boolean;
  /** Double Depth Phalanx (9.13 modifiers). PH only. */
  readonly doubleDepth: boolean;
  /** Attacker: moved to shock, i.e. carries a Shock-Must Check TQ marker (7.32) rather than Shock-No Check. */
  readonly moved: boolean;
  /** Attacking chariot whose moving shock covered 4+ hexes: no Pre-Shock TQ check (9.13). */
  readonly longCharge: boolean;
  /** Printed Movement Allowance; needed only to check Harassment & Dispersal (8.31). */
  readonly ma?: number | undefined;
  /**
   * Cavalry in Charge Formation (11.9, whose text our copy lacks): it uses the optional Cavalry Pursuit
   * (9.4), which goes with that rule.
   */
  readonly chargeFormation: boolean;
  /**
   * Cohesion hits this attacker would take advancing after combat (10.15 step 1, 9.31); paid (capped at
   * TQ-1) when a defender routs. Leave 0 on attackers that would not advance (9.34).
   */
  readonly advanceHits: number;
}

export interface GbaLeader {
  readonly name?: string | undefined;
  readonly charisma: number;
  /** Personal Combat rating; absent for leaders who cannot engage in it (Indian leaders, 9.23). */
  readonly personalCombat?: number | undefined;
}

export interface GbaSide {
  /**
   * The units of this side in the combat. The FIRST unit is the one chosen for the Clash of Spears and
   * Superiority (9.15, 9.16) and gets any extra hit (10.13); list the others in 10.13 priority order.
   */
  readonly units: readonly GbaUnit[];
  /** The leader whose Charisma this side uses (9.16 step 3), if any. */
  readonly leader?: GbaLeader | undefined;
  /** Overrides whether this side's units are in an enemy ZOC for the 9.18[2] check (default derived). */
  readonly inEnemyZoc?: boolean | undefined;
}

export interface GbaShockSituation {
  readonly rules: 'gba-5';
  readonly mode: 'shock';
  readonly a: GbaSide;
  readonly b: GbaSide;
  /** Through which facing of the chosen defender the chosen attacker strikes (9.15, 9.16 step 1A). */
  readonly facing: Facing;
  /** The attacker is in the ZOC of a non-skirmisher enemy in its own flank/rear (no Position Superiority). */
  readonly attackerFlankThreatened: boolean;
  /** Terrain column shift from the Shock CRT (not recovered; supply your card's value). + = right. */
  readonly terrainShift: number;
  /**
   * A two-hex attacker fighting several one-hex defenders may give all defender hits to one of them
   * (10.13): that defender's index in b.units.
   */
  readonly defenderHitsTo?: number | undefined;
  /**
   * b's missile units fire Entry Reaction Fire at the attacker that moved into their ZOC (8.21), before
   * the pre-shock checks.
   */
  readonly entryFire: boolean;
}

export interface GbaMissileSituation {
  readonly rules: 'gba-5';
  readonly mode: 'missile';
  /** a.units[0] fires. */
  readonly a: GbaSide;
  /** b.units[0] is the target; b.leader a leader stacked in the target hex (8.19). */
  readonly b: GbaSide;
  /** Range in hexes (1 = adjacent). */
  readonly range: number;
  /** Firing at a lower elevation: one extra hex of range, hit only on a natural 0 (8.16). */
  readonly downhill: boolean;
  readonly targetInWoods: boolean;
  /** The fire comes through the target's front hexsides (8.15 modifier 3). */
  readonly throughFront: boolean;
  /** The firer moved or will move this Orders Phase (8.15 modifier 4). */
  readonly firerMoved: boolean;
  /** The target fires back once a's fire is resolved, if it still stands (Return Fire, 8.23). */
  readonly returnFire: boolean;
  /** The firer is in woods (8.15 modifier 1 on the Return Fire). */
  readonly firerInWoods: boolean;
}

/**
 * Harassment & Dispersal (8.3): a.units[0] closes on b.units[0], fires as if adjacent (a moving fire) and
 * goes back, without moving on the map; b's units that can fire use Entry Reaction Fire at it at the same
 * time (8.33). b.leader is a leader with the target, a.leader one with the harassing unit (8.19).
 */
export interface GbaHarassmentSituation {
  readonly rules: 'gba-5';
  readonly mode: 'harassment';
  readonly a: GbaSide;
  /** b.units[0] is the target; any other b units are friends whose arc of fire the path crosses (8.33). */
  readonly b: GbaSide;
  /** Hexes between the harassing unit and its target: 2, or 2-4 for light cavalry (8.32). */
  readonly range: number;
  readonly targetInWoods: boolean;
  /** The path reaches the target through its front hexes (8.15 #3; 8.34 for elephants). */
  readonly throughFront: boolean;
  /** b's units fire back (Entry Reaction Fire, 8.33); default: every one of them that can. */
  readonly reaction: boolean;
}

export type GbaSituation = GbaShockSituation | GbaMissileSituation | GbaHarassmentSituation;
