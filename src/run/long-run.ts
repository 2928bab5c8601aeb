/**
 * Runs engagement and balance studies on the shard runner. Engagement studies are cut into fixed-size
 * shards seeded from (seed, study, shard), so their counts are identical for any thread count.
 */
import { summarise } from '../engagement/summary.ts';
import { summariseGbaEngagement, type GbaEngagementSummary } from '../systems/gba/engagement/index.ts';
import { runBalanceStudy, type BalanceResults } from '../balance/study.ts';
import type { EngagementRecord } from '../report/engagement-tables.ts';
import type { LongStudies } from '../scenario/long-studies.ts';
import { runShards } from './pool.ts';
import { allShards, type Job } from './shards.ts';

/** Engagements per shard: small enough to spread a study over threads, large enough to amortise. */
export const ENGAGEMENT_SHARD = 5_000;

export interface LongRunOptions {
  readonly threads: number;
  readonly seed: string;
  readonly signal?: AbortSignal;
  readonly onWork?: (engagements: number) => void;
  readonly onDone?: (engagements: number) => void;
}

/** Every job cut into engagement-sized shards, run on the pool, counts summed per job index. */
async function runJobs(jobs: readonly Job[], opts: LongRunOptions): Promise<Map<number, Float64Array>> {
  const refs = allShards(jobs, ENGAGEMENT_SHARD);
  opts.onWork?.(refs.reduce((t, r) => t + r.samples, 0));
  return runShards(jobs, refs, {
    threads: opts.threads,
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(opts.onDone ? { onShard: opts.onDone } : {}),
  });
}

export async function runEngagementStudies(
  long: LongStudies,
  opts: LongRunOptions,
): Promise<EngagementRecord[]> {
  if (long.engagements.length === 0) return [];
  const totals = await runJobs(
    long.engagements.map((e) => ({
      kind: 'engagement',
      payload: e.config,
      seed: `${opts.seed}|engagement|${e.name}`,
      samples: e.samples,
    })),
    opts,
  );
  return long.engagements.map((e, i) => ({
    name: e.name,
    title: e.title,
    seed: opts.seed,
    config: e.config,
    summary: summarise(e.config, totals.get(i) as Float64Array),
  }));
}

export async function runBalanceStudies(long: LongStudies, opts: LongRunOptions): Promise<BalanceResults[]> {
  const out: BalanceResults[] = [];
  for (const b of long.balances) {
    out.push(
      await runBalanceStudy(b, {
        threads: opts.threads,
        ...(opts.signal ? { signal: opts.signal } : {}),
        ...(opts.onWork ? { onBatch: opts.onWork } : {}),
        ...(opts.onDone ? { onShard: opts.onDone } : {}),
      }),
    );
  }
  return out;
}

export interface GbaEngagementRecord {
  readonly name: string;
  readonly title: string;
  readonly seed: string;
  readonly summary: GbaEngagementSummary;
}

/** GBA repeated-shock studies, sharded like line engagements. */
export async function runGbaEngagementStudies(
  long: LongStudies,
  opts: LongRunOptions,
): Promise<GbaEngagementRecord[]> {
  if (long.gbaEngagements.length === 0) return [];
  const totals = await runJobs(
    long.gbaEngagements.map((e) => ({
      kind: 'gba-engagement',
      payload: { situation: e.situation, options: e.options, ...(e.charts ? { charts: e.charts } : {}) },
      seed: `${opts.seed}|gba-engagement|${e.name}`,
      samples: e.samples,
    })),
    opts,
  );
  return long.gbaEngagements.map((e, i) => ({
    name: e.name,
    title: e.title,
    seed: opts.seed,
    summary: summariseGbaEngagement(e.situation, e.options, totals.get(i) as Float64Array),
  }));
}
