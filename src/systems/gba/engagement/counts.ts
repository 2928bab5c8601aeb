/**
 * GBA engagement results as merged counts (ARCHITECTURE.md "Determinism": whole counts, plain data): a flat
 * Float64Array that shards fill and the runner adds element by element, and the shard kernel.
 */
import { createRng, type Rng } from '../../../core/rng.ts';
import type { GbaShockSituation } from '../situation.ts';
import { gbaEngagementOptions, type GbaEngagementOptions, type GbaEngagementPayload } from './model.ts';
import { GbaEngagementPlayer } from './rounds.ts';

/** Bins of a unit's end state: 0..8 standing with that many hits (a standing unit has < TQ <= 9), 9 routed. */
export const UNIT_BINS = 10;
export const ROUTED_BIN = 9;

/** Offsets into the counts array. */
interface GbaCountsLayout {
  readonly length: number;
  readonly samples: 0;
  readonly aRouts: 1;
  readonly bRouts: 2;
  readonly mutual: 3;
  readonly limit: 4;
  /** Engagements in which side a / b suffered at least one breakthrough (9.17). */
  readonly breakthroughA: 5;
  readonly breakthroughB: 6;
  /** Breakthroughs suffered by side a / b, summed over engagements. */
  readonly breakthroughsA: 7;
  readonly breakthroughsB: 8;
  /** Rout Points lost by side a / b, summed over engagements (0 without routPoints). */
  readonly routPointsA: 9;
  readonly routPointsB: 10;
  /** Engagements in which side a / b reached its withdrawal level. */
  readonly withdrewA: 11;
  readonly withdrewB: 12;
  /** ended[k]: engagements decided (some side beaten) in round k = 1..roundLimit; index 0 unused. */
  readonly ended: number;
  /** Per unit (a's then b's) UNIT_BINS bins of its end state. */
  readonly units: number;
  /** Side a's, then b's, histogram of the total hits on its standing units at the end: 0..maxHits. */
  readonly sideA: number;
  readonly sideB: number;
  readonly maxHitsA: number;
  readonly maxHitsB: number;
}

const maxHits = (units: readonly { tq: number }[]): number => units.reduce((n, u) => n + u.tq - 1, 0);

export function gbaCountsLayout(
  situation: GbaShockSituation,
  options: GbaEngagementOptions,
): GbaCountsLayout {
  const ended = 13;
  const units = ended + options.roundLimit + 1;
  const sideA = units + UNIT_BINS * (situation.a.units.length + situation.b.units.length);
  const maxHitsA = maxHits(situation.a.units);
  const maxHitsB = maxHits(situation.b.units);
  const sideB = sideA + maxHitsA + 1;
  return {
    length: sideB + maxHitsB + 1,
    samples: 0,
    aRouts: 1,
    bRouts: 2,
    mutual: 3,
    limit: 4,
    breakthroughA: 5,
    breakthroughB: 6,
    breakthroughsA: 7,
    breakthroughsB: 8,
    routPointsA: 9,
    routPointsB: 10,
    withdrewA: 11,
    withdrewB: 12,
    ended,
    units,
    sideA,
    sideB,
    maxHitsA,
    maxHitsB,
  };
}

const END_INDEX = { 'a-routs': 1, 'b-routs': 2, mutual: 3, limit: 4 } as const;

/**
 * Shard kernel (`gba-engagement` job kind): `samples` engagements of the payload's situation. Each
 * round's dice are drawn from `rng`, one uniform DR 0-9 (`rng.int(10)`) per role the round can read.
 */
export function gbaEngagementKernel(payload: unknown, rng: Rng, samples: number): Float64Array {
  const { situation, options, charts } = payload as GbaEngagementPayload;
  const player = new GbaEngagementPlayer(situation, options, charts);
  const L = gbaCountsLayout(situation, options);
  const counts = new Float64Array(L.length);
  const na = situation.a.units.length;
  const draw = (): number => rng.int(10);
  for (let i = 0; i < samples; i++) {
    const r = player.play(draw);
    counts[0]! += 1;
    counts[END_INDEX[r.end]]! += 1;
    if (r.end !== 'limit') counts[L.ended + r.rounds]! += 1;
    if (r.breakthroughs.a > 0) counts[L.breakthroughA]! += 1;
    if (r.breakthroughs.b > 0) counts[L.breakthroughB]! += 1;
    counts[L.breakthroughsA]! += r.breakthroughs.a;
    counts[L.breakthroughsB]! += r.breakthroughs.b;
    counts[L.routPointsA]! += r.routPointsLost.a;
    counts[L.routPointsB]! += r.routPointsLost.b;
    if (r.withdrew.a) counts[L.withdrewA]! += 1;
    if (r.withdrew.b) counts[L.withdrewB]! += 1;
    let sumA = 0;
    let sumB = 0;
    r.units.forEach((u, j) => {
      counts[L.units + UNIT_BINS * j + (u.routed ? ROUTED_BIN : u.hits)]! += 1;
      if (!u.routed) {
        if (j < na) sumA += u.hits;
        else sumB += u.hits;
      }
    });
    counts[L.sideA + sumA]! += 1;
    counts[L.sideB + sumB]! += 1;
  }
  return counts;
}

export interface RunGbaEngagementOptions extends Partial<Omit<GbaEngagementOptions, 'reverse'>> {
  readonly seed: string | number;
  readonly samples: number;
  readonly reverse?: Partial<GbaEngagementOptions['reverse']> | undefined;
}

/** In-process run on one rng stream (deterministic in seed and samples); returns the counts. */
export function runGbaEngagementCounts(
  situation: GbaShockSituation,
  o: RunGbaEngagementOptions,
): { payload: GbaEngagementPayload; counts: Float64Array } {
  const payload: GbaEngagementPayload = { situation, options: gbaEngagementOptions(o) };
  return { payload, counts: gbaEngagementKernel(payload, createRng(o.seed, 0), o.samples) };
}

/**
 * What is wrong with merged counts that no run could give, or undefined (merge refuses a slice whose
 * counts were changed): every engagement ends once, decided in one round or at the limit; every unit
 * and every side ends in exactly one bin; nothing happens more often than there were engagements.
 */
export function gbaCountsProblem(payload: GbaEngagementPayload, c: Float64Array): string | undefined {
  const { situation, options } = payload;
  const L = gbaCountsLayout(situation, options);
  if (c.length !== L.length) return `${c.length} counts, expected ${L.length}`;
  const n = c[0]!;
  const sum = (from: number, to: number) => {
    let t = 0;
    for (let i = from; i < to; i++) t += c[i]!;
    return t;
  };
  if (sum(1, 5) !== n) return 'the ends do not add up to the engagements';
  if (sum(L.ended, L.ended + options.roundLimit + 1) !== n - c[4]!)
    return 'the rounds of decision do not add up to the decided engagements';
  for (const i of [L.breakthroughA, L.breakthroughB, L.withdrewA, L.withdrewB])
    if (c[i]! > n) return 'an event counted more often than there were engagements';
  if (c[L.breakthroughsA]! < c[L.breakthroughA]! || c[L.breakthroughsB]! < c[L.breakthroughB]!)
    return 'fewer breakthroughs than engagements with one';
  const units = situation.a.units.length + situation.b.units.length;
  for (let j = 0; j < units; j++)
    if (sum(L.units + UNIT_BINS * j, L.units + UNIT_BINS * (j + 1)) !== n)
      return `unit ${j + 1}: its end states do not add up to the engagements`;
  if (sum(L.sideA, L.sideA + L.maxHitsA + 1) !== n || sum(L.sideB, L.sideB + L.maxHitsB + 1) !== n)
    return "the sides' hits do not add up to the engagements";
  return undefined;
}
