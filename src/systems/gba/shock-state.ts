/**
 * The state of a shock resolution between rolls (GBA 5e 9.12 overview of steps) and the situation
 * compiled once for it: checks, chosen units, base column, superiority.
 */
import { baseColumn, DEFAULT_GBA_CHARTS, type CrtCell, type GbaCharts } from './charts.ts';
import { checkGbaSituation } from './legality.ts';
import type { LeaderState } from './leaders.ts';
import { attackerCheck, defenderCheck, type PreShockCheck } from './preshock.ts';
import { compileFire, hasMissiles, type CompiledFire } from './fire.ts';
import type { GbaShockSituation, GbaUnit } from './situation.ts';
import { shockSuperiority, type SuperiorityResult } from './superiority.ts';
import { isCavalry, isSkirmisher } from './units.ts';

/** Unit status in the machine. */
export const STANDING = 0;
export const ROUTED = 1;
/** Would rout; a two-hex PH/HI saving roll is due (9.13 exception / 9.18[1]). */
export const SAVE_DUE = 2;
/** Failed the 9.18[2] check; a two-hex unit's saving roll is due. */
export const SAVE2_DUE = 3;
/** Stood after a saving roll in collapse step 1: no 9.18[2] roll (9.18[2] exception). */
export const PASSED = 4;

/**
 * Steps of the resolution, in order (9.12 overview), after the Entry Reaction Fire of the movement that
 * brought the attackers in (8.21) and before the end, Cavalry Pursuit (9.4).
 */
export const Phase = {
  Entry: 0,
  EntryLeader: 1,
  Pre: 2,
  PreSettle: 3,
  PreSave: 4,
  PreEnd: 5,
  Leaders: 6,
  Crt: 7,
  CollapseSave: 8,
  ZocSetup: 9,
  ZocCheck: 10,
  ZocSave: 11,
  Pursuit: 12,
  Final: 13,
} as const;
export type Phase = (typeof Phase)[keyof typeof Phase];

export interface ShockState {
  readonly ph: Phase;
  readonly i: number;
  /** Hits and status per unit, attackers first then defenders. */
  readonly h: readonly number[];
  readonly st: readonly number[];
  readonly leader: readonly [LeaderState, LeaderState];
  /**
   * Units due a 9.18[2] check (bitmask), fixed when the check starts; from the Pursuit step on, the
   * attackers that pursue (9.4).
   */
  readonly z: number;
  /** Events so far (SHOCK_EVENT flags): breakthroughs suffered, leader casualties. */
  readonly ev: number;
}

/**
 * Flags of what happened in a shock: the events it reports (machine.ts MachineEvent), and for the
 * engagement model whether the shock itself was fought and whose entry fire changed its missile supply.
 */
export const SHOCK_EVENT = {
  breakthroughA: 1,
  breakthroughB: 2,
  leaderCasualtyA: 4,
  leaderCasualtyB: 8,
  pursuitA: 16,
  entryLeaderA: 32,
  /** The CRT was rolled (the attackers did not all rout before it). */
  fought: 64,
} as const;

/** Flag: defender k (its index among b's units) changed its missile supply with its Entry Reaction Fire (8.17). */
export const entrySupplyBit = (k: number): number => 128 << k;

/** One Entry Reaction Fire before the shock (8.21): defender `from` (index in `units`) at attacker `at`. */
export interface EntryFire {
  readonly from: number;
  readonly at: number;
  readonly c: CompiledFire;
}

export interface CompiledShock {
  readonly s: GbaShockSituation;
  readonly charts: GbaCharts;
  readonly units: readonly GbaUnit[];
  /** Number of attacking units: units[0..na-1] attack, the rest defend. */
  readonly na: number;
  readonly pre: readonly (PreShockCheck | null)[];
  readonly base: number;
  readonly sup: SuperiorityResult;
  readonly attackerMoved: boolean;
  /** Roll a 9.14 casualty check for the a / b leader. */
  readonly leaderCheck: readonly [boolean, boolean];
  readonly personalCombat: boolean;
  /** Indices of the attacking / defending units in `units`. */
  readonly ia: readonly number[];
  readonly ib: readonly number[];
  /** Entry Reaction Fire before the shock (8.21), in order. */
  readonly entry: readonly EntryFire[];
  /** A 8.19 casualty check for a's leader on a natural 0 of an entry fire (he has Charisma to lose). */
  readonly entryLeaderCheck: boolean;
  /** Attackers that may pursue (9.4): cavalry in Charge Formation that moved to shock. */
  readonly pursuers: readonly number[];
  /** Memo of the column by standing-unit mask (pure cache). */
  readonly columnMemo: Map<number, ColumnInfo>;
  /** Memo of the hits per unit by (column, modified DR, standing mask) (pure cache). */
  readonly hitsMemo: Map<number, HitsInfo>;
}

export interface HitsInfo {
  readonly cell: CrtCell;
  readonly hits: CrtStage['hits'];
  readonly crtHits: readonly number[];
}

export interface ColumnInfo {
  readonly sizes: readonly [number, number];
  readonly ratio: readonly [number, number];
  readonly column: CrtStage['column'];
}

export function compileShock(s: GbaShockSituation, charts: GbaCharts = DEFAULT_GBA_CHARTS): CompiledShock {
  checkGbaSituation(s, charts);
  const att = s.a.units;
  const def = s.b.units;
  const chosenA = att[0] as GbaUnit;
  const chosenD = def[0] as GbaUnit;
  const pre = [
    ...att.map((u) => attackerCheck(u, def, chosenD, s.facing)),
    ...def.map((u) => defenderCheck(u, att, s.facing)),
  ];
  // 9.14: Personal Combat when both sides have leaders able to fight it; otherwise each leader checks.
  const personalCombat = s.a.leader?.personalCombat !== undefined && s.b.leader?.personalCombat !== undefined;
  const check = (l: { charisma: number } | undefined): boolean =>
    l !== undefined && !personalCombat && l.charisma > 0;
  const entry = s.entryFire ? entryFires(s, charts) : [];
  return {
    s,
    charts,
    units: [...att, ...def],
    na: att.length,
    entry,
    entryLeaderCheck: entry.length > 0 && (s.a.leader?.charisma ?? 0) > 0,
    pursuers: att.flatMap((u, j) => (isCavalry(u.type) && u.chargeFormation && u.moved ? [j] : [])),
    pre,
    base: baseColumn(charts, chosenA.type, chosenD.type, s.facing),
    sup: shockSuperiority(charts, chosenA, chosenD, s.facing, s.attackerFlankThreatened),
    attackerMoved: att.some((u) => u.moved),
    leaderCheck: [check(s.a.leader), check(s.b.leader)],
    personalCombat,
    ia: att.map((_, j) => j),
    ib: def.map((_, k) => att.length + k),
    columnMemo: new Map(),
    hitsMemo: new Map(),
  };
}

/**
 * 8.21 before the shock: every defending unit that can fire (missiles left; not artillery, 8.2) and sees
 * the attacker through its arc (8.13: the front; skirmishers also a flank; chariots any hex) fires once, at
 * one hex, at the first attacker that moved (the chosen one if it did), through that attacker's front.
 * docs/rulings.md, GBA 5e "Entry Reaction Fire".
 */
function entryFires(s: GbaShockSituation, charts: GbaCharts): EntryFire[] {
  const at = s.a.units[0]?.moved ? 0 : s.a.units.findIndex((u) => u.moved);
  if (at < 0) return [];
  const target = s.a.units[at] as GbaUnit;
  const sees = (u: GbaUnit): boolean =>
    s.facing === 'front' || u.type === 'CH' || (s.facing === 'flank' && isSkirmisher(u.type));
  return s.b.units.flatMap((u, k) =>
    hasMissiles(u) && u.type !== 'AT' && sees(u)
      ? [
          {
            from: s.a.units.length + k,
            at,
            c: compileFire(
              u,
              target,
              { range: 1, downhill: false, targetInWoods: false, throughFront: true, firerMoved: false },
              charts,
            ),
          },
        ]
      : [],
  );
}

export const tag = (c: CompiledShock, j: number): string => (j < c.na ? `a${j}` : `b${j - c.na}`);
export const unit = (c: CompiledShock, j: number): GbaUnit => c.units[j] as GbaUnit;
export const isAttacker = (c: CompiledShock, j: number): boolean => j < c.na;

export function range(c: CompiledShock, side: 'a' | 'b'): readonly number[] {
  return side === 'a' ? c.ia : c.ib;
}

export function allRouted(c: CompiledShock, st: readonly number[], side: 'a' | 'b'): boolean {
  for (const j of range(c, side)) if (st[j] !== ROUTED) return false;
  return true;
}

export function set(state: ShockState, ph: Phase, i: number, h?: number[], st?: number[]): ShockState {
  return make(state, ph, i, h ?? state.h, st ?? state.st);
}

/**
 * A new state with every field given: one object shape for all states (the machine builds hundreds of
 * thousands of them for a large shock, and an object spread is several times slower).
 */
export function make(
  s: ShockState,
  ph: Phase,
  i: number,
  h: readonly number[],
  st: readonly number[],
  leader: readonly [LeaderState, LeaderState] = s.leader,
  z: number = s.z,
  ev: number = s.ev,
): ShockState {
  return { ph, i, h, st, leader, z, ev };
}

export function with1(xs: readonly number[], j: number, v: number): number[] {
  const out = [...xs];
  out[j] = v;
  return out;
}

export interface CrtStage {
  readonly sizes: readonly [number, number];
  readonly ratio: readonly [number, number];
  readonly column: {
    readonly base: number;
    readonly size: number;
    readonly terrain: number;
    readonly final: number;
  };
  readonly drm: number;
  readonly modifiedDr: number;
  readonly cell: CrtCell;
  readonly hits: {
    readonly attacker: number;
    readonly defender: number;
    readonly modifiers: readonly string[];
  };
  /** Hits each unit took from the CRT (10.13), and its breakthrough flag (9.17). */
  readonly crtHits: readonly number[];
  readonly breakthrough: readonly boolean[];
}
