/**
 * Missile fire (GBA 5e 8.15-8.19): strength by class and range, the die-roll modifiers, double hits on
 * elephants and chariots, extended range (8.16), missile supply (8.17) and the leader casualty check
 * (8.19). One fire, one target; the target routs when its hits reach its TQ (10.14).
 */
import type { Factor } from '../../core/ruleset.ts';
import { DEFAULT_GBA_CHARTS, maxMissileRange, missileStrength, type GbaCharts } from './charts.ts';
import { checkGbaSituation } from './legality.ts';
import { isLeaderCasualty, type LeaderState } from './leaders.ts';
import type { Machine, MachineEvent, Step } from './machine.ts';
import { GBA_OUTCOMES, outcomeOf, type GbaOutcome } from './outcomes.ts';
import type { GbaMissileSituation, GbaUnit } from './situation.ts';
import {
  isArcherClass,
  isMountedMissile,
  isPhalanxOrHeavy,
  isSkirmisher,
  type MissileClass,
  type MissileSupply,
} from './units.ts';

export interface CompiledMissile {
  readonly s: GbaMissileSituation;
  readonly firer: GbaUnit;
  readonly target: GbaUnit;
  readonly missile: MissileClass;
  /** Strength at this range; at extended range a hit needs a natural 0 instead. */
  readonly strength: number;
  readonly extended: boolean;
  readonly drm: number;
  readonly factors: readonly Factor[];
  /** Hits per successful fire: 2 on elephants and chariots unless an elephant fires (8.15). */
  readonly hitsPerSuccess: number;
  /** Natural DRs that put the firer on Missile Low (8.17); artillery never runs out. */
  readonly lowOn: readonly number[];
  readonly leaderCheck: boolean;
}

/** 8.15 modifiers to the fire DR. */
export function missileModifiers(s: GbaMissileSituation, firer: GbaUnit, target: GbaUnit): Factor[] {
  const m = firer.missile as MissileClass;
  const out: Factor[] = [];
  if (s.targetInWoods) out.push({ label: 'target in woods', value: 1, rule: 'GBA 8.15 #1' });
  if (isPhalanxOrHeavy(target.type)) {
    const closeVolley = (m === 'S' || m === 'ES' || isArcherClass(m)) && s.range === 1 && s.throughFront;
    out.push(
      closeVolley
        ? { label: 'arrows/stones at PH/HI, adjacent through its front', value: 3, rule: 'GBA 8.15 #3' }
        : { label: 'target is PH/HI', value: 1, rule: 'GBA 8.15 #2' },
    );
  }
  if (s.firerMoved && (m === 'S' || isArcherClass(m) || isMountedMissile(m))) {
    out.push({ label: 'slinger, archer or mounted javelinist moved', value: 1, rule: 'GBA 8.15 #4' });
  }
  if (isSkirmisher(target.type)) out.push({ label: 'target is a skirmisher', value: 2, rule: 'GBA 8.15 #5' });
  return out;
}

export function compileMissile(
  s: GbaMissileSituation,
  charts: GbaCharts = DEFAULT_GBA_CHARTS,
): CompiledMissile {
  checkGbaSituation(s, charts);
  const firer = s.a.units[0] as GbaUnit;
  const target = s.b.units[0] as GbaUnit;
  const missile = firer.missile as MissileClass;
  const extended = s.range > maxMissileRange(charts, missile);
  const factors = missileModifiers(s, firer, target);
  const lowOn = missile === 'B' ? [] : missile === 'J' || missile === 'MJ' ? [7, 8, 9] : [9];
  return {
    s,
    firer,
    target,
    missile,
    strength: extended ? 0 : (missileStrength(charts, missile, s.range) as number),
    extended,
    drm: factors.reduce((n, f) => n + f.value, 0),
    factors,
    hitsPerSuccess: (target.type === 'EL' || target.type === 'CH') && firer.type !== 'EL' ? 2 : 1,
    lowOn,
    leaderCheck: s.b.leader !== undefined,
  };
}

/** Does this natural DR hit? (8.15; 8.16 extended range: natural 0 only.) */
export function missileHits(c: CompiledMissile, dr: number): boolean {
  return c.extended ? dr === 0 : dr + c.drm <= c.strength;
}

/** Supply after firing with this natural DR (8.17). */
export function supplyAfter(c: CompiledMissile, dr: number): MissileSupply {
  if (c.firer.supply === 'low') return 'no';
  return c.lowOn.includes(dr) ? 'low' : 'full';
}

interface MissileState {
  readonly ph: 0 | 1 | 2;
  readonly hits: number;
  readonly natural0: boolean;
  readonly leader: LeaderState;
  /** MISSILE_EVENT flags so far. */
  readonly ev: number;
}

/** Flags of the events a missile fire reports (machine.ts MachineEvent). */
const MISSILE_EVENT = { supplyDrops: 1, leaderCasualty: 2 } as const;

/** The events a fire reports: the firer's supply dropping (8.17), the target hex's leader hit (8.19). */
function missileEvents(c: CompiledMissile): MachineEvent[] {
  const out: MachineEvent[] = [];
  if (c.firer.supply === 'low') {
    out.push({
      bit: MISSILE_EVENT.supplyDrops,
      id: 'missile-no',
      label: 'A fires its last missiles: Missile No after this fire',
      rule: 'GBA 8.17',
    });
  } else if (c.lowOn.length > 0) {
    out.push({
      bit: MISSILE_EVENT.supplyDrops,
      id: 'missile-low',
      label: 'A goes Missile Low after this fire',
      rule: 'GBA 8.17',
    });
  }
  if (c.leaderCheck) {
    out.push({
      bit: MISSILE_EVENT.leaderCasualty,
      id: 'leader-casualty:b',
      label: "B's leader in the target hex is a casualty",
      rule: 'GBA 8.19',
    });
  }
  return out;
}

export function missileStep(c: CompiledMissile, s: MissileState): Step<MissileState> {
  if (s.ph === 0) {
    return {
      kind: 'roll',
      role: 'fire',
      next: (dr) => ({
        ...s,
        ph: 1,
        hits: missileHits(c, dr) ? c.hitsPerSuccess : 0,
        natural0: dr === 0,
        ev: supplyAfter(c, dr) === c.firer.supply ? 0 : MISSILE_EVENT.supplyDrops,
      }),
    };
  }
  if (s.ph === 1) {
    if (!c.leaderCheck || !s.natural0) return { kind: 'go', next: { ...s, ph: 2 } };
    return {
      kind: 'roll',
      role: 'leader:b',
      next: (dr) =>
        isLeaderCasualty(dr)
          ? { ...s, ph: 2, leader: 'casualty', ev: s.ev | MISSILE_EVENT.leaderCasualty }
          : { ...s, ph: 2, leader: 'ok' },
    };
  }
  const total = c.target.hits + s.hits;
  const routed = total >= c.target.tq;
  return {
    kind: 'done',
    a: GBA_OUTCOMES.indexOf(outcomeOf(false, c.firer.hits)),
    b: GBA_OUTCOMES.indexOf(outcomeOf(routed, routed ? 0 : total)),
    events: s.ev,
  };
}

export function missileMachine(c: CompiledMissile): Machine<MissileState> {
  return {
    start: { ph: 0, hits: 0, natural0: false, leader: 'ok', ev: 0 },
    events: missileEvents(c),
    step: (s) => missileStep(c, s),
    key: (s) => `${s.ph},${s.hits},${s.natural0 ? 1 : 0},${s.leader},${s.ev}`,
    roleOrder: (r) => (r === 'fire' ? 0 : 1),
    describeRole: (r) =>
      r === 'fire' ? 'missile fire (8.15)' : 'leader casualty check in the target hex (8.19)',
  };
}

export interface MissileReport {
  readonly dr: number;
  readonly modifiedDr: number;
  readonly strength: number;
  readonly extended: boolean;
  readonly hit: boolean;
  /** Cohesion hits the target took. */
  readonly hits: number;
  readonly targetHits: number;
  readonly targetRouted: boolean;
  readonly supplyAfter: MissileSupply;
  readonly leader: LeaderState | undefined;
  readonly outcome: { readonly a: GbaOutcome; readonly b: GbaOutcome };
}

/** One fire on explicit rolls: `fire` the natural DR (0-9), `leader` the 8.19 casualty roll if one is due. */
export function resolveMissileDetailed(
  s: GbaMissileSituation,
  rolls: { readonly fire: number; readonly leader?: number },
  charts: GbaCharts = DEFAULT_GBA_CHARTS,
): MissileReport {
  const c = compileMissile(s, charts);
  const dr = rolls.fire;
  const hit = missileHits(c, dr);
  const hits = hit ? c.hitsPerSuccess : 0;
  const targetHits = c.target.hits + hits;
  const routed = targetHits >= c.target.tq;
  let leader: LeaderState | undefined;
  if (c.leaderCheck) {
    if (dr !== 0) leader = 'ok';
    else if (rolls.leader === undefined) throw new Error("resolveMissileDetailed: needs a roll for 'leader'");
    else leader = isLeaderCasualty(rolls.leader) ? 'casualty' : 'ok';
  }
  return {
    dr,
    modifiedDr: dr + c.drm,
    strength: c.strength,
    extended: c.extended,
    hit,
    hits,
    targetHits,
    targetRouted: routed,
    supplyAfter: supplyAfter(c, dr),
    leader,
    outcome: { a: outcomeOf(false, c.firer.hits), b: outcomeOf(routed, routed ? 0 : targetHits) },
  };
}
