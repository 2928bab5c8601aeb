/**
 * Missile fire (GBA 5e 8.15-8.19): a's unit fires at b's unit, and with `returnFire` b's unit fires back
 * once a's fire is resolved (8.23), if it still stands (10.26) and can reach. A leader stacked with a unit
 * fired at checks for a casualty on a natural 0 (8.19). A unit routs when its hits reach its TQ (10.14).
 */
import { DEFAULT_GBA_CHARTS, type GbaCharts } from './charts.ts';
import { compileFire, fireHits, supplyAfterFire, supplyCanDrop, type CompiledFire } from './fire.ts';
import { checkGbaSituation } from './legality.ts';
import { isLeaderCasualty, type LeaderState } from './leaders.ts';
import type { Machine, MachineEvent } from './machine.ts';
import { outcomeOf, type GbaOutcome } from './outcomes.ts';
import type { GbaMissileSituation, GbaUnit } from './situation.ts';
import type { MissileSupply } from './units.ts';
import { volleyMachine, type Volley, type VolleyFire } from './volley.ts';

interface CompiledMissile extends CompiledFire {
  readonly s: GbaMissileSituation;
  readonly leaderCheck: boolean;
  /** b's Return Fire at a (8.23), when asked for. */
  readonly returnFire?: CompiledFire | undefined;
}

/** Flags of the events a missile fire reports (machine.ts MachineEvent). */
const MISSILE_EVENT = {
  supplyDrops: 1,
  leaderCasualty: 2,
  returnSupplyDrops: 4,
  leaderCasualtyA: 8,
} as const;

export function compileMissile(
  s: GbaMissileSituation,
  charts: GbaCharts = DEFAULT_GBA_CHARTS,
): CompiledMissile {
  checkGbaSituation(s, charts);
  const firer = s.a.units[0] as GbaUnit;
  const target = s.b.units[0] as GbaUnit;
  const fire = compileFire(firer, target, s, charts);
  // 8.23: the target fires back at the same range through the firer's front (the firer faced it to fire,
  // 8.13); it does not move, and it cannot use the extended range firing up at a higher firer.
  const returnFire = s.returnFire
    ? compileFire(
        target,
        firer,
        {
          range: s.range,
          downhill: false,
          targetInWoods: s.firerInWoods,
          throughFront: true,
          firerMoved: false,
        },
        charts,
      )
    : undefined;
  return { ...fire, s, leaderCheck: s.b.leader !== undefined, ...(returnFire ? { returnFire } : {}) };
}

/** Does this natural DR hit? (8.15; 8.16 extended range: natural 0 only.) */
const missileHits = (c: CompiledFire, dr: number): boolean => fireHits(c, dr);

/** Supply after firing with this natural DR (8.17). */
const supplyAfter = (c: CompiledFire, dr: number): MissileSupply => supplyAfterFire(c, dr);

/** Event ids of a supply change of a firer (8.17): `missile-low` / `missile-no`, with a suffix for b. */
function supplyEvent(
  c: CompiledFire,
  bit: number,
  who: 'A' | 'B',
  suffix: string,
  when: string,
): MachineEvent {
  return c.firer.supply === 'low'
    ? {
        bit,
        id: `missile-no${suffix}`,
        label: `${who} fires its last missiles: Missile No after ${when}`,
        rule: 'GBA 8.17',
      }
    : { bit, id: `missile-low${suffix}`, label: `${who} goes Missile Low after ${when}`, rule: 'GBA 8.17' };
}

/** The fires of a missile situation: a's fire, then b's Return Fire if asked for. */
function missileVolley(c: CompiledMissile): Volley {
  const s = c.s;
  const events: MachineEvent[] = [];
  if (supplyCanDrop(c)) events.push(supplyEvent(c, MISSILE_EVENT.supplyDrops, 'A', '', 'this fire'));
  if (c.leaderCheck) {
    events.push({
      bit: MISSILE_EVENT.leaderCasualty,
      id: 'leader-casualty:b',
      label: "B's leader in the target hex is a casualty",
      rule: 'GBA 8.19',
    });
  }
  const fires: VolleyFire[] = [
    {
      role: 'fire',
      describe: 'missile fire (8.15)',
      from: 'a',
      c,
      needsStanding: false,
      ...(c.leaderCheck
        ? { leaderRole: 'leader:b', leaderDescribe: 'leader casualty check in the target hex (8.19)' }
        : {}),
      supplyBit: MISSILE_EVENT.supplyDrops,
    },
  ];
  const r = c.returnFire;
  if (r) {
    if (supplyCanDrop(r))
      events.push(supplyEvent(r, MISSILE_EVENT.returnSupplyDrops, 'B', ':b', 'its Return Fire'));
    const leaderA = s.a.leader !== undefined;
    if (leaderA)
      events.push({
        bit: MISSILE_EVENT.leaderCasualtyA,
        id: 'leader-casualty:a',
        label: "A's leader stacked with the firer is a casualty of the Return Fire",
        rule: 'GBA 8.19',
      });
    fires.push({
      role: 'return',
      describe: 'Return Fire by the target (8.23)',
      from: 'b',
      c: r,
      needsStanding: true,
      ...(leaderA
        ? { leaderRole: 'leader:a', leaderDescribe: "leader casualty check in the firer's hex (8.19)" }
        : {}),
      supplyBit: MISSILE_EVENT.returnSupplyDrops,
    });
  }
  return {
    units: [s.a.units[0] as GbaUnit, s.b.units[0] as GbaUnit],
    start: [(s.a.units[0] as GbaUnit).hits, (s.b.units[0] as GbaUnit).hits],
    fires,
    events,
    leaderBits: [MISSILE_EVENT.leaderCasualtyA, MISSILE_EVENT.leaderCasualty],
  };
}

export function missileMachine(c: CompiledMissile): Machine<unknown> {
  return volleyMachine(missileVolley(c)) as Machine<unknown>;
}

interface MissileReport {
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
  /** b's Return Fire (8.23), when the situation asks for it and the target still stands. */
  readonly returnFire?:
    | {
        readonly dr: number;
        readonly modifiedDr: number;
        readonly hit: boolean;
        readonly hits: number;
        readonly supplyAfter: MissileSupply;
        readonly leader: LeaderState | undefined;
      }
    | undefined;
  readonly outcome: { readonly a: GbaOutcome; readonly b: GbaOutcome };
}

/**
 * One fire on explicit rolls: `fire` the natural DR (0-9), `leader` the 8.19 casualty roll if one is due;
 * with Return Fire, `return` its natural DR and `leaderA` the check for a's leader on its natural 0.
 */
export function resolveMissileDetailed(
  s: GbaMissileSituation,
  rolls: {
    readonly fire: number;
    readonly leader?: number | undefined;
    readonly return?: number | undefined;
    readonly leaderA?: number | undefined;
  },
  charts: GbaCharts = DEFAULT_GBA_CHARTS,
): MissileReport {
  const c = compileMissile(s, charts);
  const need = (name: string, x: number | undefined): number => {
    if (x === undefined) throw new Error(`resolveMissileDetailed: needs a roll for '${name}'`);
    return x;
  };
  const check = (on: boolean, dr: number, roll: number | undefined, name: string) =>
    on ? (dr !== 0 ? 'ok' : isLeaderCasualty(need(name, roll)) ? 'casualty' : 'ok') : undefined;
  const dr = rolls.fire;
  const hit = missileHits(c, dr);
  const hits = hit ? c.hitsPerSuccess : 0;
  const targetHits = c.target.hits + hits;
  const routed = targetHits >= c.target.tq;
  const leader: LeaderState | undefined = check(c.leaderCheck, dr, rolls.leader, 'leader');
  let firerHits = c.firer.hits;
  let returnFire: MissileReport['returnFire'];
  const r = c.returnFire;
  if (r && !routed) {
    const rdr = need('return', rolls.return);
    const rhit = missileHits(r, rdr);
    firerHits += rhit ? r.hitsPerSuccess : 0;
    returnFire = {
      dr: rdr,
      modifiedDr: rdr + r.drm,
      hit: rhit,
      hits: rhit ? r.hitsPerSuccess : 0,
      supplyAfter: supplyAfter(r, rdr),
      leader: check(s.a.leader !== undefined, rdr, rolls.leaderA, 'leaderA'),
    };
  }
  const firerRouted = firerHits >= c.firer.tq;
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
    ...(returnFire ? { returnFire } : {}),
    outcome: {
      a: outcomeOf(firerRouted, firerRouted ? 0 : firerHits),
      b: outcomeOf(routed, routed ? 0 : targetHits),
    },
  };
}
