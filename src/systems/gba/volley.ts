/**
 * Several missile fires between side a's unit and side b's unit, as a machine over named d10 rolls
 * (machine.ts): a's fire and b's Return Fire after it (8.23, sequential: a routed unit cannot fire back,
 * 10.26), or a Harassment & Dispersal fire and the Entry Reaction Fire against it (8.33, simultaneous).
 * Each fire with a natural 0 at a hex holding a leader brings that leader's casualty check (8.19). The
 * outcome is each unit's fate: rout when its hits reach its TQ (10.14), else its hits.
 */
import { fireHits, supplyAfterFire, type CompiledFire } from './fire.ts';
import { isLeaderCasualty } from './leaders.ts';
import type { Machine, MachineEvent, Step } from './machine.ts';
import { GBA_OUTCOMES, outcomeOf } from './outcomes.ts';
import type { GbaUnit } from './situation.ts';

export interface VolleyFire {
  /** The die's role, e.g. 'fire', 'return', 'react:b1'. */
  readonly role: string;
  readonly describe: string;
  /** The firing side; the fire hits the other side's unit. */
  readonly from: 'a' | 'b';
  readonly c: CompiledFire;
  /** Sequential fire: it happens only if its firer (its side's unit) has not routed by then. */
  readonly needsStanding: boolean;
  /** A leader stacked with the target: the 8.19 check's role on a natural 0, if any, and its label. */
  readonly leaderRole?: string | undefined;
  readonly leaderDescribe?: string | undefined;
  /** Event bit set when this fire changes its firer's supply (8.17); 0 for none. */
  readonly supplyBit: number;
}

export interface Volley {
  /** The unit on each side that fires hit: a's, b's. */
  readonly units: readonly [GbaUnit, GbaUnit];
  /** Hits each carries before the first fire. */
  readonly start: readonly [number, number];
  readonly fires: readonly VolleyFire[];
  readonly events: readonly MachineEvent[];
  /** Event bits of a leader casualty on each side (8.19). */
  readonly leaderBits: readonly [number, number];
}

interface VolleyState {
  readonly i: number;
  /** 0: the fire is due; 1: its leader check is due. */
  readonly leader: 0 | 1;
  readonly h: readonly [number, number];
  readonly ev: number;
}

const routed = (v: Volley, side: 0 | 1, h: readonly [number, number]): boolean =>
  (h[side] as number) >= (v.units[side] as GbaUnit).tq;

function volleyStep(v: Volley, s: VolleyState): Step<VolleyState> {
  const f = v.fires[s.i];
  if (!f) {
    const out = (side: 0 | 1) =>
      GBA_OUTCOMES.indexOf(outcomeOf(routed(v, side, s.h), routed(v, side, s.h) ? 0 : (s.h[side] as number)));
    return { kind: 'done', a: out(0), b: out(1), events: s.ev };
  }
  const target = f.from === 'a' ? 1 : 0;
  if (s.leader === 1) {
    return {
      kind: 'roll',
      role: f.leaderRole as string,
      next: (dr) => ({
        i: s.i + 1,
        leader: 0,
        h: s.h,
        ev: isLeaderCasualty(dr) ? s.ev | (v.leaderBits[target] as number) : s.ev,
      }),
    };
  }
  if (f.needsStanding && routed(v, f.from === 'a' ? 0 : 1, s.h))
    return { kind: 'go', next: { ...s, i: s.i + 1 } };
  return {
    kind: 'roll',
    role: f.role,
    next: (dr) => {
      const h: [number, number] = [s.h[0], s.h[1]];
      if (fireHits(f.c, dr)) h[target] = (h[target] as number) + f.c.hitsPerSuccess;
      const ev = supplyAfterFire(f.c, dr) === f.c.firer.supply ? s.ev : s.ev | f.supplyBit;
      const check = f.leaderRole !== undefined && dr === 0;
      return { i: check ? s.i : s.i + 1, leader: check ? 1 : 0, h, ev };
    },
  };
}

export function volleyMachine(v: Volley): Machine<VolleyState> {
  const roles = v.fires.flatMap((f) => [f.role, ...(f.leaderRole ? [f.leaderRole] : [])]);
  const names = new Map(
    v.fires.flatMap((f) => [
      [f.role, f.describe] as const,
      ...(f.leaderRole
        ? [
            [
              f.leaderRole,
              f.leaderDescribe ?? `leader casualty check in the hex fired at by ${f.role} (8.19)`,
            ] as const,
          ]
        : []),
    ]),
  );
  return {
    start: { i: 0, leader: 0, h: [v.start[0], v.start[1]], ev: 0 },
    events: v.events,
    step: (s) => volleyStep(v, s),
    key: (s) => `${s.i},${s.leader},${s.h[0]},${s.h[1]},${s.ev}`,
    roleOrder: (r) => roles.indexOf(r),
    describeRole: (r) => names.get(r) ?? r,
  };
}
