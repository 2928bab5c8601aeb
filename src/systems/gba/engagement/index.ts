/**
 * GBA engagements (docs/gba-engagement.md): repeated shock between two units or small groups until a side
 * routs, cohesion hits carried between rounds; Monte Carlo kernel for the shard runner, its summary and an
 * exact check for one unit a side.
 */
import { z } from 'zod';
import { InputError } from '../../../core/errors.ts';
import {
  OUTCOME_RECORD_FIELDS,
  type DataTable,
  type EngagementModel,
  type EngagementSummary,
  type Variant,
} from '../../../core/system.ts';
import type { GbaCharts } from '../charts.ts';
import type { GbaShockSituation, GbaSituation } from '../situation.ts';
import { gbaBoundsOdds } from './bounds.ts';
import {
  gbaCountsProblem,
  gbaEngagementKernel,
  runGbaEngagementCounts,
  type RunGbaEngagementOptions,
} from './counts.ts';
import { checkRoutPoints, gbaEngagementOptions, type GbaEngagementPayload } from './model.ts';
import { summariseGbaEngagement, type GbaEngagementSummary } from './summary.ts';

export { gbaEngagementOptions, checkRoutPoints } from './model.ts';
export { GbaEngagementPlayer, roundSituation } from './rounds.ts';
export { gbaEngagementKernel, gbaCountsLayout, runGbaEngagementCounts, UNIT_BINS } from './counts.ts';
export { formatGbaEngagementMarkdown } from './summary.ts';
export { gbaEngagementExact } from './exact.ts';

/** Runs `samples` engagements on one seeded stream and summarises them (deterministic in seed, samples). */
export function runGbaEngagement(
  situation: GbaShockSituation,
  o: RunGbaEngagementOptions,
): GbaEngagementSummary {
  const { payload, counts } = runGbaEngagementCounts(situation, o);
  return summariseGbaEngagement(situation, payload.options, counts);
}

/** Engagements per shard. */
const GBA_SHARD = 2_000;

const routPointsSchema = z
  .union([
    z.literal('tq'),
    z
      .object({
        a: z.array(z.number().int().min(0)).describe("Rout Points of each of a's units, in order"),
        b: z.array(z.number().int().min(0)).describe("Rout Points of each of b's units, in order"),
      })
      .strict(),
  ])
  .describe('Rout Points of each unit (scenario booklet values), or "tq" for each unit\'s TQ');

/** The fields of a GBA engagement study block (docs/gba-engagement.md). */
const block = z.object({
  situation: z
    .record(z.string(), z.unknown())
    .describe('A GBA shock situation in the situation-file format (mode may be left out)'),
  roundLimit: z.number().int().min(1).max(1000).optional().describe('Rounds before a draw (default 20)'),
  laterAttacker: z.enum(['same', 'alternate']).optional().describe('Who shocks after round 1 (default same)'),
  laterMoved: z
    .enum(['still', 'as-given', 'charge'])
    .optional()
    .describe('Movement in later rounds (default still)'),
  reverse: z
    .object({
      facing: z.enum(['front', 'flank', 'rear']).optional(),
      attackerFlankThreatened: z.boolean().optional(),
      terrainShift: z.number().int().min(-12).max(12).optional(),
    })
    .strict()
    .optional()
    .describe('Alternate rounds: the facts of b attacking a (default a plain frontal shock)'),
  routPoints: routPointsSchema.optional(),
  withdrawalLevel: z
    .object({ a: z.number().int().min(1).optional(), b: z.number().int().min(1).optional() })
    .strict()
    .optional()
    .describe('A side loses when its lost Rout Points reach this level (GBA 5e 3.0 E); needs routPoints'),
});

type Block = z.infer<typeof block>;

function configure(raw: Readonly<Record<string, unknown>>, variant: Variant): GbaEngagementPayload {
  const b = raw as Block;
  let situation: GbaSituation;
  try {
    situation = variant.parseSituation({ mode: 'shock', ...b.situation }) as GbaSituation;
  } catch (e) {
    throw e instanceof InputError ? e.within(['situation']) : e;
  }
  if (situation.mode !== 'shock')
    throw new InputError('a GBA engagement repeats shock combat: mode must be shock', {
      path: ['situation', 'mode'],
    });
  const rp = b.routPoints;
  const options = gbaEngagementOptions({
    ...(b.roundLimit !== undefined ? { roundLimit: b.roundLimit } : {}),
    ...(b.laterAttacker ? { laterAttacker: b.laterAttacker } : {}),
    ...(b.laterMoved ? { laterMoved: b.laterMoved } : {}),
    ...(b.reverse ? { reverse: b.reverse } : {}),
    ...(rp
      ? {
          routPoints:
            rp === 'tq'
              ? { a: situation.a.units.map((u) => u.tq), b: situation.b.units.map((u) => u.tq) }
              : rp,
        }
      : {}),
    ...(b.withdrawalLevel ? { withdrawalLevel: b.withdrawalLevel } : {}),
  });
  checkRoutPoints(situation, options);
  const charts = variant.spec.charts as GbaCharts | undefined;
  return { situation, options, ...(charts ? { charts } : {}) };
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'];

const sideName = (s: GbaShockSituation, id: 'a' | 'b') =>
  s[id].units.map((u) => u.name ?? u.type).join(' + ');
const pct = (p: number) => `${(100 * p).toFixed(1)}%`;

/** The common summary of a GBA engagement, with the model's own tables (sides, units). */
function gbaEngagementSummary(config: GbaEngagementPayload, counts: Float64Array): EngagementSummary {
  const { situation, options } = config;
  const s = summariseGbaEngagement(situation, options, counts);
  const n = s.samples;
  const aWins = s.bRouts;
  const bWins = s.aRouts;
  const sides = (['a', 'b'] as const).map((id) => s[id]);
  const losses: EngagementSummary['losses'][number][] = [
    {
      id: 'breakthroughs',
      label: 'breakthroughs suffered (9.17)',
      a: { mean: s.a.meanBreakthroughs, lo: s.a.meanBreakthroughs, hi: s.a.meanBreakthroughs },
      b: { mean: s.b.meanBreakthroughs, lo: s.b.meanBreakthroughs, hi: s.b.meanBreakthroughs },
    },
    {
      id: 'hits',
      label: 'cohesion hits on standing units at the end',
      a: { mean: s.a.meanHits, lo: s.a.meanHits, hi: s.a.meanHits },
      b: { mean: s.b.meanHits, lo: s.b.meanHits, hi: s.b.meanHits },
    },
  ];
  if (s.a.meanRoutPoints !== undefined && s.b.meanRoutPoints !== undefined)
    losses.unshift({
      id: 'rout-points',
      label: 'Rout Points lost',
      a: { mean: s.a.meanRoutPoints, lo: s.a.meanRoutPoints, hi: s.a.meanRoutPoints },
      b: { mean: s.b.meanRoutPoints, lo: s.b.meanRoutPoints, hi: s.b.meanRoutPoints },
    });
  const tables: DataTable[] = [
    {
      title: 'Units at the end',
      columns: ['unit', 'TQ', 'routed', 'standing: mean hits'],
      rows: s.units.map((u) => {
        const stand = u.hits.reduce((x, y) => x + y, 0);
        const mean = stand > 0 ? u.hits.reduce((x, p, h) => x + h * p, 0) / stand : 0;
        return [
          `${u.side.toUpperCase()}'s ${ORDINALS[u.index] ?? `${u.index + 1}th`} unit (${u.name})`,
          u.tq,
          `${pct(u.routed.p)} [${pct(u.routed.lo)}, ${pct(u.routed.hi)}]`,
          stand > 0 ? mean.toFixed(2) : '-',
        ];
      }),
    },
    {
      title: 'Breakthroughs and withdrawal',
      columns: ['side', 'suffered a breakthrough (9.17)', 'reached its withdrawal level'],
      rows: sides.map((x, i) => [
        i === 0 ? `A (${sideName(situation, 'a')})` : `B (${sideName(situation, 'b')})`,
        pct(x.breakthrough.p),
        x.withdrew ? pct(x.withdrew.p) : '-',
      ]),
    },
  ];
  const histogram = s.ended.map((p, k) => ({
    k: k + 1,
    decided: p,
    undecided: k + 1 === s.roundLimit ? s.limit.p : 0,
  }));
  return {
    samples: n,
    names: { a: sideName(situation, 'a'), b: sideName(situation, 'b') },
    aWins,
    bWins,
    mutual: s.mutual,
    undecided: s.limit,
    unit: 'round',
    histogram,
    meanToDecision: s.meanRoundsToDecision,
    losses,
    tables,
    detail: s,
  };
}

/** GBA's engagement model: the same shock fought round after round until a side routs (docs/gba-engagement.md). */
export const gbaEngagementModel: EngagementModel<GbaEngagementPayload> = {
  id: 'repeated-shock',
  block,
  shardSize: GBA_SHARD,
  configure,
  kernel: (config, rng, samples) => gbaEngagementKernel(config, rng as never, samples),
  summarise: gbaEngagementSummary,
  // counts.ts: engagements, a routs (B wins), b routs (A wins), mutual, at the limit.
  // GBA has no refusals and no loss causes: those fields stay 0.
  decisions: (_config, c) => {
    const r = new Float64Array(OUTCOME_RECORD_FIELDS);
    r.set([c[0]!, c[2]!, c[1]!, c[3]!, c[4]!]);
    return r;
  },
  boundsOdds: gbaBoundsOdds,
  countsProblem: gbaCountsProblem,
};
