/**
 * Exact engagement odds when each side has ONE unit: the engagement is then a Markov chain on the two
 * units' carried hits, and each round's transition is the exact joint distribution of that round's shock
 * (`gbaExact`, whose side outcome is the single unit's fate). Used to check the Monte Carlo kernel; the
 * same round situations (rounds.ts) drive both.
 */
import { DEFAULT_GBA_CHARTS, type GbaCharts } from '../charts.ts';
import type { GbaOutcome } from '../outcomes.ts';
import { gbaRules } from '../ruleset.ts';
import type { GbaShockSituation } from '../situation.ts';
import type { GbaEngagementOptions } from './model.ts';
import { attackerOf, roundSituation } from './rounds.ts';

export interface GbaEngagementExact {
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

/** Exact odds of a one-unit-a-side engagement (throws if a side has several units). */
export function gbaEngagementExact(
  base: GbaShockSituation,
  options: GbaEngagementOptions,
  charts: GbaCharts = DEFAULT_GBA_CHARTS,
): GbaEngagementExact {
  const rules = gbaRules(charts);
  if (base.a.units.length !== 1 || base.b.units.length !== 1) {
    throw new RangeError('gbaEngagementExact: one unit per side only (use the Monte Carlo kernel)');
  }
  const ha0 = base.a.units[0]!.hits;
  const hb0 = base.b.units[0]!.hits;
  // Probability mass on (hits of a, hits of b) for engagements still undecided before the round.
  let live = new Map<string, { ha: number; hb: number; p: number }>([
    [`${ha0},${hb0}`, { ha: ha0, hb: hb0, p: 1 }],
  ]);
  let aRouts = 0;
  let bRouts = 0;
  let mutual = 0;
  const ended: number[] = [];
  const endedBy: { aRouts: number; bRouts: number; mutual: number }[] = [];
  const endA = new Array<number>(10).fill(0);
  const endB = new Array<number>(10).fill(0);
  for (let round = 1; round <= options.roundLimit; round++) {
    const next = new Map<string, { ha: number; hb: number; p: number }>();
    let decided = 0;
    const by = { aRouts: 0, bRouts: 0, mutual: 0 };
    for (const { ha, hb, p } of live.values()) {
      const { situation } = roundSituation(
        base,
        options,
        { hits: [ha, hb], routed: [false, false] },
        round,
        charts,
      );
      const joint = situation
        ? rules.exact(situation).joint.map((j) => ({ x: hitsOf(j.a), y: hitsOf(j.b), p: j.p }))
        : [{ x: hitsOf(`hits:${ha}` as GbaOutcome), y: hitsOf(`hits:${hb}` as GbaOutcome), p: 1 }];
      const aAttacks = !situation || attackerOf(options, round) === 'a';
      for (const j of joint) {
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
        const key = `${na},${nb}`;
        const e = next.get(key);
        if (e) e.p += q;
        else next.set(key, { ha: na, hb: nb, p: q });
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
