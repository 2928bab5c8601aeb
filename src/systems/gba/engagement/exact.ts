/**
 * Exact engagement odds when each side has ONE unit: the engagement is then a Markov chain on the two
 * units' carried hits and missile supplies, and each round's transition is the exact joint law of that
 * round's shock outcomes and event flags (its DAG's leaves; a side outcome is the single unit's fate). Used to check the Monte Carlo kernel; the
 * same round situations (rounds.ts) drive both.
 */
import { DEFAULT_GBA_CHARTS, type GbaCharts } from '../charts.ts';
import { exactLeaves } from '../machine.ts';
import { GBA_OUTCOMES, type GbaOutcome } from '../outcomes.ts';
import { gbaDag } from '../ruleset.ts';
import type { MissileSupply } from '../units.ts';
import type { GbaShockSituation } from '../situation.ts';
import type { GbaEngagementOptions } from './model.ts';
import { attackerOf, roundSituation, supplyAfterRound } from './rounds.ts';

interface GbaEngagementExact {
  readonly aRouts: number;
  readonly bRouts: number;
  readonly mutual: number;
  readonly limit: number;
  /** ended[k - 1]: probability the engagement was decided in round k. */
  readonly ended: readonly number[];
  /** endedBy[k - 1]: the same, split by how (multi-bound odds, docs/situation.md "Several bounds"). */
  readonly endedBy: readonly { readonly aRouts: number; readonly bRouts: number; readonly mutual: number }[];
  readonly meanRounds: number;
  /** Distribution of each unit's end state: hits[h] standing with h hits (0..8), routed separately. */
  readonly a: { readonly routed: number; readonly hits: readonly number[] };
  readonly b: { readonly routed: number; readonly hits: readonly number[] };
}

const hitsOf = (o: GbaOutcome): number => (o === 'rout' ? -1 : Number(o.slice(5)));

interface Live {
  readonly ha: number;
  readonly hb: number;
  /** Missile supply of a's and b's unit (8.17), which entry fire and shock can change. */
  readonly supply: readonly [MissileSupply, MissileSupply];
  p: number;
}

/** Exact odds of a one-unit-a-side engagement (throws if a side has several units). */
export function gbaEngagementExact(
  base: GbaShockSituation,
  options: GbaEngagementOptions,
  charts: GbaCharts = DEFAULT_GBA_CHARTS,
): GbaEngagementExact {
  if (base.a.units.length !== 1 || base.b.units.length !== 1) {
    throw new RangeError('gbaEngagementExact: one unit per side only (use the Monte Carlo kernel)');
  }
  const units = [base.a.units[0]!, base.b.units[0]!];
  const ha0 = units[0]!.hits;
  const hb0 = units[1]!.hits;
  const keyOf = (ha: number, hb: number, sp: readonly MissileSupply[]) => `${ha},${hb},${sp[0]},${sp[1]}`;
  // Probability mass on (hits of a, hits of b, supplies) for engagements still undecided before the round.
  let live = new Map<string, Live>([
    [
      keyOf(ha0, hb0, [units[0]!.supply, units[1]!.supply]),
      { ha: ha0, hb: hb0, supply: [units[0]!.supply, units[1]!.supply], p: 1 },
    ],
  ]);
  // Each distinct round situation's joint law of outcomes and event flags, computed once.
  const laws = new Map<string, { a: number; b: number; events: number; p: number }[]>();
  const lawOf = (situation: GbaShockSituation) => {
    const key = JSON.stringify(situation);
    let law = laws.get(key);
    if (!law) {
      const dag = gbaDag(situation, charts);
      const space = 10 ** dag.roles.length;
      law = exactLeaves(dag).map((l) => ({ a: l.a, b: l.b, events: l.events, p: l.count / space }));
      laws.set(key, law);
    }
    return law;
  };
  let aRouts = 0;
  let bRouts = 0;
  let mutual = 0;
  const ended: number[] = [];
  const endedBy: { aRouts: number; bRouts: number; mutual: number }[] = [];
  const endA = new Array<number>(10).fill(0);
  const endB = new Array<number>(10).fill(0);
  for (let round = 1; round <= options.roundLimit; round++) {
    const next = new Map<string, Live>();
    let decided = 0;
    const by = { aRouts: 0, bRouts: 0, mutual: 0 };
    for (const { ha, hb, supply, p } of live.values()) {
      const { situation, order } = roundSituation(
        base,
        options,
        { hits: [ha, hb], routed: [false, false], supply: [...supply] },
        round,
        charts,
      );
      const aAttacks = !situation || attackerOf(options, round) === 'a';
      const leaves = situation
        ? lawOf(situation).map((l) => ({
            x: hitsOf(GBA_OUTCOMES[l.a] as GbaOutcome),
            y: hitsOf(GBA_OUTCOMES[l.b] as GbaOutcome),
            supply: supplyAfterRound(units, supply, order, 1, l.events),
            p: l.p,
          }))
        : [{ x: ha, y: hb, supply: [...supply], p: 1 }];
      for (const j of leaves) {
        const na = aAttacks ? j.x : j.y;
        const nb = aAttacks ? j.y : j.x;
        const q = p * j.p;
        if (na < 0 || nb < 0) {
          decided += q;
          if (na < 0 && nb < 0) {
            mutual += q;
            by.mutual += q;
          } else if (na < 0) {
            aRouts += q;
            by.aRouts += q;
          } else {
            bRouts += q;
            by.bRouts += q;
          }
          endA[na < 0 ? 9 : na]! += q;
          endB[nb < 0 ? 9 : nb]! += q;
          continue;
        }
        const sp: [MissileSupply, MissileSupply] = [j.supply[0]!, j.supply[1]!];
        const key = keyOf(na, nb, sp);
        const e = next.get(key);
        if (e) e.p += q;
        else next.set(key, { ha: na, hb: nb, supply: sp, p: q });
      }
    }
    ended.push(decided);
    endedBy.push(by);
    live = next;
  }
  let limit = 0;
  for (const { ha, hb, p } of live.values()) {
    limit += p;
    endA[ha]! += p;
    endB[hb]! += p;
  }
  const meanRounds = ended.reduce((s, p, k) => s + (k + 1) * p, 0) + options.roundLimit * limit;
  return {
    aRouts,
    bRouts,
    mutual,
    limit,
    ended,
    endedBy,
    meanRounds,
    a: { routed: endA[9]!, hits: endA.slice(0, 9) },
    b: { routed: endB[9]!, hits: endB.slice(0, 9) },
  };
}
