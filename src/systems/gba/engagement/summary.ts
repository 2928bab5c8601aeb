/** The result of a GBA engagement study read off merged counts (plain, JSON-serialisable data). */
import { wilson } from '../../../core/statistics.ts';
import type { Proportion } from '../../../core/system.ts';
import type { GbaShockSituation } from '../situation.ts';
import { gbaCountsLayout, ROUTED_BIN, UNIT_BINS } from './counts.ts';
import type { GbaEngagementOptions } from './model.ts';

export interface GbaUnitSummary {
  readonly side: 'a' | 'b';
  readonly index: number;
  readonly name: string;
  readonly tq: number;
  readonly routed: Proportion;
  /** hits[h]: probability the unit ends standing with h hits (h = 0..8). */
  readonly hits: readonly number[];
}

export interface GbaSideSummary {
  /** The side was beaten: every unit routed, or its withdrawal level reached (mutual included). */
  readonly routed: Proportion;
  /** The side suffered at least one breakthrough (9.17) in the engagement. */
  readonly breakthrough: Proportion;
  /** Mean breakthroughs suffered per engagement. */
  readonly meanBreakthroughs: number;
  /** Mean Rout Points lost (present when routPoints were given). */
  readonly meanRoutPoints?: number;
  /** The side reached its withdrawal level (present when it has one). */
  readonly withdrew?: Proportion;
  /** hits[h]: probability the side's standing units carry h hits in all at the end (0 if all routed). */
  readonly hits: readonly number[];
  readonly meanHits: number;
}

export interface GbaEngagementSummary {
  readonly samples: number;
  readonly roundLimit: number;
  /** The withdrawal levels used, if any (3.0 E). */
  readonly withdrawalLevel?: { readonly a?: number | undefined; readonly b?: number | undefined };
  /** Side a beaten (all routed or withdrawn), b not: b wins. */
  readonly aRouts: Proportion;
  /** Side b beaten, a not: a wins. */
  readonly bRouts: Proportion;
  readonly mutual: Proportion;
  /** Undecided at the round limit. */
  readonly limit: Proportion;
  /** mutual + limit. */
  readonly draw: Proportion;
  /** ended[k - 1]: probability the engagement was decided (some side all routed) in round k. */
  readonly ended: readonly number[];
  /** Mean rounds fought, a draw at the limit counting roundLimit. */
  readonly meanRounds: number;
  /** Mean round of decision over decided engagements (0 if none). */
  readonly meanRoundsToDecision: number;
  readonly a: GbaSideSummary;
  readonly b: GbaSideSummary;
  readonly units: readonly GbaUnitSummary[];
}

export function summariseGbaEngagement(
  situation: GbaShockSituation,
  options: GbaEngagementOptions,
  counts: Float64Array,
): GbaEngagementSummary {
  const L = gbaCountsLayout(situation, options);
  if (counts.length !== L.length)
    throw new Error(`counts have ${counts.length} entries, expected ${L.length}`);
  const at = (i: number): number => counts[i] as number;
  const n = at(0);
  const per = (x: number): number => (n > 0 ? x / n : 0);
  const ended: number[] = [];
  let decided = 0;
  let decidedSum = 0;
  for (let k = 1; k <= options.roundLimit; k++) {
    const e = at(L.ended + k);
    ended.push(per(e));
    decided += e;
    decidedSum += k * e;
  }
  const limit = at(L.limit);
  const side = (id: 'a' | 'b'): GbaSideSummary => {
    const start = id === 'a' ? L.sideA : L.sideB;
    const max = id === 'a' ? L.maxHitsA : L.maxHitsB;
    const hits: number[] = [];
    let sum = 0;
    for (let h = 0; h <= max; h++) {
      hits.push(per(at(start + h)));
      sum += h * at(start + h);
    }
    const lost = at(id === 'a' ? L.aRouts : L.bRouts) + at(L.mutual);
    return {
      routed: wilson(lost, n),
      breakthrough: wilson(at(id === 'a' ? L.breakthroughA : L.breakthroughB), n),
      meanBreakthroughs: per(at(id === 'a' ? L.breakthroughsA : L.breakthroughsB)),
      ...(options.routPoints ? { meanRoutPoints: per(at(id === 'a' ? L.routPointsA : L.routPointsB)) } : {}),
      ...(options.withdrawalLevel?.[id] !== undefined
        ? { withdrew: wilson(at(id === 'a' ? L.withdrewA : L.withdrewB), n) }
        : {}),
      hits,
      meanHits: per(sum),
    };
  };
  const all = [
    ...situation.a.units.map((u, index) => ({ u, side: 'a' as const, index })),
    ...situation.b.units.map((u, index) => ({ u, side: 'b' as const, index })),
  ];
  const units = all.map(({ u, side: s, index }, j): GbaUnitSummary => {
    const b0 = L.units + UNIT_BINS * j;
    return {
      side: s,
      index,
      name: u.name ?? u.type,
      tq: u.tq,
      routed: wilson(at(b0 + ROUTED_BIN), n),
      hits: Array.from({ length: ROUTED_BIN }, (_, h) => per(at(b0 + h))),
    };
  });
  return {
    samples: n,
    roundLimit: options.roundLimit,
    ...(options.withdrawalLevel ? { withdrawalLevel: options.withdrawalLevel } : {}),
    aRouts: wilson(at(L.aRouts), n),
    bRouts: wilson(at(L.bRouts), n),
    mutual: wilson(at(L.mutual), n),
    limit: wilson(limit, n),
    draw: wilson(at(L.mutual) + limit, n),
    ended,
    meanRounds: per(decidedSum + options.roundLimit * limit),
    meanRoundsToDecision: decided > 0 ? decidedSum / decided : 0,
    a: side('a'),
    b: side('b'),
    units,
  };
}

const pct = (p: number): string => `${(100 * p).toFixed(1)}%`;
const ci = (x: Proportion): string => `${pct(x.p)} (${pct(x.lo)}-${pct(x.hi)})`;

/** "routs", or "routs or withdraws (level N)" when the side has a withdrawal level. */
function beaten(s: GbaEngagementSummary, id: 'a' | 'b'): string {
  const level = s.withdrawalLevel?.[id];
  return level === undefined ? 'routs' : `routs or withdraws (${level} Rout Points)`;
}

/** A Markdown report: outcome table with Wilson 95% intervals, rounds, and each unit's end state. */
export function formatGbaEngagementMarkdown(s: GbaEngagementSummary): string {
  const lines = [
    `GBA engagement, ${s.samples} samples, at most ${s.roundLimit} rounds`,
    '',
    '| Result | Probability (95% CI) |',
    '| --- | --- |',
    `| side b ${beaten(s, 'b')} (a wins) | ${ci(s.bRouts)} |`,
    `| side a ${beaten(s, 'a')} (b wins) | ${ci(s.aRouts)} |`,
    `| both beaten in the same round | ${ci(s.mutual)} |`,
    `| undecided at round ${s.roundLimit} | ${ci(s.limit)} |`,
    '',
    '| Side | Suffered a breakthrough (9.17) | Breakthroughs per engagement | Rout Points lost | Reached withdrawal level |',
    '| --- | --- | --- | --- | --- |',
    ...(['a', 'b'] as const).map((id) => {
      const x = s[id];
      const rp = x.meanRoutPoints === undefined ? '-' : x.meanRoutPoints.toFixed(2);
      return `| ${id} | ${ci(x.breakthrough)} | ${x.meanBreakthroughs.toFixed(3)} | ${rp} | ${x.withdrew ? ci(x.withdrew) : '-'} |`;
    }),
    '',
    `Mean rounds fought: ${s.meanRounds.toFixed(2)}; mean round of decision: ${s.meanRoundsToDecision.toFixed(2)}.`,
    '',
    '| Round | Decided in this round |',
    '| --- | --- |',
    ...s.ended.flatMap((p, k) => (p > 0 ? [`| ${k + 1} | ${pct(p)} |`] : [])),
    '',
    '| Unit | TQ | Routed (95% CI) | Standing, mean hits | Hits distribution when standing |',
    '| --- | --- | --- | --- | --- |',
    ...s.units.map((u) => {
      const stand = u.hits.reduce((x, y) => x + y, 0);
      const mean = stand > 0 ? u.hits.reduce((x, p, h) => x + h * p, 0) / stand : 0;
      const dist = u.hits.flatMap((p, h) => (p > 0 ? [`${h}: ${pct(p)}`] : [])).join(', ');
      return `| ${u.side}${u.index} ${u.name} | ${u.tq} | ${ci(u.routed)} | ${stand > 0 ? mean.toFixed(2) : '-'} | ${dist || '-'} |`;
    }),
    '',
    `Mean hits on standing units at the end: side a ${s.a.meanHits.toFixed(2)}, side b ${s.b.meanHits.toFixed(2)}.`,
  ];
  return lines.join('\n') + '\n';
}
