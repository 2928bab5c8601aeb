/**
 * Playing one GBA engagement round by round (docs/gba-engagement.md). Each round is an ordinary shock
 * (GBA 5e 9.12-9.18) resolved by the rule set's shock machine (resolver.ts: the same result as
 * `resolveShockDetailed`) on rolls drawn for exactly the dice that round reads, each a uniform GBA DR
 * 0-9. Between rounds every unit keeps the cohesion hits it ended with (Recovery, 10.16, needs a unit not
 * adjacent to the enemy) and a routed unit is out of the fight (it rout-moves away, 10.2).
 */
import { InputError } from '../../../core/errors.ts';
import { DEFAULT_GBA_CHARTS, type GbaCharts } from '../charts.ts';
import { checkGbaSituation } from '../legality.ts';
import type { GbaShockSituation, GbaUnit } from '../situation.ts';
import { canShockAttack, isCavalry, type MissileSupply } from '../units.ts';
import { entrySupplyBit, SHOCK_EVENT } from '../shock-state.ts';
import { ShockResolver } from './resolver.ts';
import {
  checkRoutPoints,
  type GbaEngagementOptions,
  type GbaEngagementResult,
  type LaterMoved,
} from './model.ts';

/**
 * Per unit (a's then b's, in the situation's order): hits carried, whether it has routed, and its missile
 * supply (8.17; absent: each unit's own from the situation).
 */
interface EngagementState {
  readonly hits: number[];
  readonly routed: boolean[];
  readonly supply?: MissileSupply[] | undefined;
}

/** One step down the 8.17 supply track: full to Missile Low, Low to Missile No. */
const drop = (x: MissileSupply): MissileSupply => (x === 'full' ? 'low' : 'no');

/** A J class infantry unit (8.17: Missile No once it has been in a shock). */
const javelinFoot = (u: GbaUnit): boolean =>
  u.missile === 'J' && !isCavalry(u.type) && u.type !== 'EL' && u.type !== 'CH';

/**
 * Each unit's supply after a round (8.17): a defender whose Entry Reaction Fire used up missiles (its
 * flag in `events`) goes one step down, and every J class infantry unit in a shock that was fought is
 * Missile No. `order` maps the round's units (attackers then defenders) to engagement units.
 */
export function supplyAfterRound(
  units: readonly GbaUnit[],
  supply: readonly MissileSupply[],
  order: readonly number[],
  na: number,
  events: number,
): MissileSupply[] {
  const out = [...supply];
  order.forEach((j, k) => {
    if (k >= na && events & entrySupplyBit(k - na)) out[j] = drop(out[j] as MissileSupply);
    if (events & SHOCK_EVENT.fought && javelinFoot(units[j] as GbaUnit)) out[j] = 'no';
  });
  return out;
}

/** One round's shock, or null when the side due to attack has no legal shock (the round passes). */
interface RoundPlan {
  readonly situation: GbaShockSituation | null;
  /** For each unit of the round's situation (attackers then defenders), its engagement unit index. */
  readonly order: readonly number[];
  /** The round's shock, built on first use. */
  resolver: ShockResolver | undefined;
}

/** Which side shocks in `round` (1-based). */
export function attackerOf(options: GbaEngagementOptions, round: number): 'a' | 'b' {
  return options.laterAttacker === 'alternate' && round % 2 === 0 ? 'b' : 'a';
}

function movedFlag(u: GbaUnit, rule: LaterMoved): boolean {
  return rule === 'still' ? false : rule === 'charge' ? true : u.moved;
}

/**
 * Rounds 2+: the standing units with their carried hits. The attackers are the standing units of the
 * attacking side that may shock every standing defender (7.33); the first standing unit of each side is
 * its chosen unit (9.15). `defenderHitsTo` follows its unit while it stands and two or more defenders do.
 */
export function roundSituation(
  base: GbaShockSituation,
  options: GbaEngagementOptions,
  state: EngagementState,
  round: number,
  charts: GbaCharts = DEFAULT_GBA_CHARTS,
): { situation: GbaShockSituation | null; order: number[] } {
  const na = base.a.units.length;
  const all = [...base.a.units, ...base.b.units];
  const supplyOf = (j: number): MissileSupply => state.supply?.[j] ?? (all[j] as GbaUnit).supply;
  if (round === 1) return { situation: base, order: state.hits.map((_, j) => j) };
  const side = attackerOf(options, round);
  const aIdx = base.a.units.map((_, j) => j).filter((j) => !state.routed[j]);
  const bIdx = base.b.units.map((_, k) => na + k).filter((j) => !state.routed[j]);
  const [attIdx0, defIdx] = side === 'a' ? [aIdx, bIdx] : [bIdx, aIdx];
  const withHits = (j: number, attacking: boolean): GbaUnit => {
    const u = all[j] as GbaUnit;
    return {
      ...u,
      hits: state.hits[j] as number,
      supply: supplyOf(j),
      moved: attacking && movedFlag(u, options.laterMoved),
    };
  };
  const defenders = defIdx.map((j) => withHits(j, false));
  const attIdx = attIdx0.filter((j) => defenders.every((d) => canShockAttack(all[j] as GbaUnit, d.type)));
  if (attIdx.length === 0 || defenders.length === 0) return { situation: null, order: [] };
  const attackers = attIdx.map((j) => withHits(j, true));
  const order = [...attIdx, ...defIdx];
  let situation: GbaShockSituation;
  if (side === 'a') {
    const focus = base.defenderHitsTo === undefined ? -1 : defIdx.indexOf(na + base.defenderHitsTo);
    situation = {
      rules: base.rules,
      mode: 'shock',
      a: { ...base.a, units: attackers },
      b: { ...base.b, units: defenders },
      facing: base.facing,
      attackerFlankThreatened: base.attackerFlankThreatened,
      terrainShift: base.terrainShift,
      ...(focus >= 0 && defenders.length >= 2 ? { defenderHitsTo: focus } : {}),
      entryFire: base.entryFire,
    };
  } else {
    situation = {
      rules: base.rules,
      mode: 'shock',
      a: { ...base.b, units: attackers },
      b: { ...base.a, units: defenders },
      facing: options.reverse.facing,
      attackerFlankThreatened: options.reverse.attackerFlankThreatened,
      terrainShift: options.reverse.terrainShift,
      entryFire: base.entryFire,
    };
  }
  try {
    checkGbaSituation(situation, charts);
  } catch (e) {
    // e.g. the new chosen pair has no Clash of Spears column, or a skirmisher is now first (9.15).
    if (e instanceof InputError) return { situation: null, order: [] };
    throw e;
  }
  return { situation, order };
}

/** Plays engagements of one situation; caches each distinct round's situation and its memoised shock. */
export class GbaEngagementPlayer {
  private readonly cache = new Map<string, RoundPlan>();
  readonly units: number;

  /** Rout Points per unit (a's then b's); zeros when none were given. */
  private readonly rp: readonly number[];

  constructor(
    readonly base: GbaShockSituation,
    readonly options: GbaEngagementOptions,
    readonly charts: GbaCharts = DEFAULT_GBA_CHARTS,
  ) {
    this.units = base.a.units.length + base.b.units.length;
    // Round 1 must be a legal shock (throws InputError otherwise).
    if (base.mode !== 'shock') throw new InputError('an engagement is fought by shock', { path: ['mode'] });
    checkGbaSituation(base, charts);
    checkRoutPoints(base, options);
    const rp = options.routPoints;
    this.rp = rp ? [...rp.a, ...rp.b] : new Array<number>(this.units).fill(0);
  }

  startHits(): number[] {
    return [...this.base.a.units, ...this.base.b.units].map((u) => u.hits);
  }

  plan(state: EngagementState, round: number): RoundPlan {
    let key = `${round === 1 ? 1 : 0}${attackerOf(this.options, round)}`;
    for (let j = 0; j < this.units; j++)
      key += state.routed[j] ? ',r' : `,${state.hits[j]}${state.supply?.[j]?.[0] ?? ''}`;
    let p = this.cache.get(key);
    if (!p) {
      const { situation, order } = roundSituation(this.base, this.options, state, round, this.charts);
      p = { situation, order, resolver: undefined };
      this.cache.set(key, p);
    }
    return p;
  }

  /** One engagement; `draw` gives a GBA DR 0-9 for the named role. */
  play(draw: (role: string) => number): GbaEngagementResult {
    const na = this.base.a.units.length;
    const all = [...this.base.a.units, ...this.base.b.units];
    const state: EngagementState = {
      hits: this.startHits(),
      routed: new Array<boolean>(this.units).fill(false),
      supply: all.map((u) => u.supply),
    };
    const limit = this.options.roundLimit;
    let btA = 0;
    let btB = 0;
    for (let round = 1; round <= limit; round++) {
      const p = this.plan(state, round);
      if (p.situation) {
        // Each die is drawn when the resolution reads it, in the order it reads them (fixed by the rolls
        // before it), so exactly the dice this round needs are rolled.
        p.resolver ??= new ShockResolver(p.situation, this.charts);
        const end = p.resolver.resolve(draw);
        end.units.forEach((u, k) => {
          const j = p.order[k] as number;
          state.routed[j] = u.routed;
          state.hits[j] = u.hits;
        });
        const supply = supplyAfterRound(all, state.supply!, p.order, p.situation.a.units.length, end.events);
        supply.forEach((x, j) => (state.supply![j] = x));
        // The round's attacker is its side 'a': in a reversed round that is engagement side b.
        const onAttacker = (end.events & SHOCK_EVENT.breakthroughA) !== 0;
        const onDefender = (end.events & SHOCK_EVENT.breakthroughB) !== 0;
        const aAttacks = attackerOf(this.options, round) === 'a';
        if (aAttacks ? onAttacker : onDefender) btA++;
        if (aAttacks ? onDefender : onAttacker) btB++;
      }
      let aAll = true;
      let bAll = true;
      let rpA = 0;
      let rpB = 0;
      for (let j = 0; j < this.units; j++) {
        if (!state.routed[j]) {
          if (j < na) aAll = false;
          else bAll = false;
        } else if (j < na) rpA += this.rp[j] as number;
        else rpB += this.rp[j] as number;
      }
      // 3.0 E: a side also withdraws when its lost units' Rout Points reach its Withdrawal Level.
      const levels = this.options.withdrawalLevel;
      const withdrew = {
        a: levels?.a !== undefined && rpA >= levels.a,
        b: levels?.b !== undefined && rpB >= levels.b,
      };
      const aOut = aAll || withdrew.a;
      const bOut = bAll || withdrew.b;
      if (aOut || bOut || round === limit) {
        const end = aOut && bOut ? 'mutual' : aOut ? 'a-routs' : bOut ? 'b-routs' : 'limit';
        return {
          end,
          rounds: round,
          units: state.hits.map((h, j) => ({ routed: state.routed[j] as boolean, hits: h })),
          breakthroughs: { a: btA, b: btB },
          routPointsLost: { a: rpA, b: rpB },
          withdrew,
        };
      }
    }
    throw new Error('unreachable: roundLimit is at least 1');
  }
}
