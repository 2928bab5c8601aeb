/**
 * Shard kernels by job kind: the work one shard of a job does. A kernel is a function of plain data:
 * the job's payload (structured-cloneable, no closures), a seeded random stream for this shard and the
 * number of samples; it returns counts (a Float64Array whose layout the job kind defines; the runner
 * only adds counts element by element). Counts are whole numbers, so sums are exact and do not depend on
 * the order shards finish in. The worker thread (src/pipeline/worker.js) and the in-process runner both
 * call runShard, so every kind runs on any thread count.
 */
import { remember } from '../core/bounded.ts';
import { createRng } from '../core/rng.ts';
import type { RandomSource, Variant } from '../core/system.ts';
import { sampleCodes, sampleWeighted } from '../engine/sample.ts';
import { loadSystem } from '../systems/registry.ts';
import { armyRecord, armyRecordProblem } from './army/record.ts';
import { engagementsAgainst, PER_OPPONENT, type BalancePayload } from './balance/design.ts';
import type { LinesConfig } from '../engine/lines/index.ts';

export type ShardKernel = (
  payload: unknown,
  rng: RandomSource,
  samples: number,
) => Float64Array | Promise<Float64Array>;

/** Payload of a `table` job: a compiled outcome table (engine/table.ts). */
export interface TablePayload {
  readonly codes: Uint8Array;
  /** Present for a weighted table. */
  readonly weights?: Float64Array | undefined;
  readonly jointSize: number;
}

/** Payload of an `engagement` job: the system (found or imported by id and module URL) and its model's config. */
export interface EngagementPayload {
  readonly system: { readonly id: string; readonly source: string };
  readonly config: unknown;
}

const tableKernel: ShardKernel = (payload, rng, samples) => {
  const p = payload as TablePayload;
  return p.weights
    ? sampleWeighted(p.codes, p.weights, p.jointSize, rng, samples)
    : sampleCodes(p.codes, p.jointSize, rng, samples);
};

const engagementKernel: ShardKernel = async (payload, rng, samples) => {
  const p = payload as EngagementPayload;
  const system = await loadSystem(p.system.id, p.system.source);
  if (!system.engagement) throw new Error(`${system.name} has no engagement model`);
  return system.engagement.kernel(p.config, rng, samples);
};

/**
 * An army study's battles (studies/army/record.ts): the engagement model's battles of two armies, kept
 * as whole-number counts (decisions, side A's score, commands demoralised).
 */
const armyKernel: ShardKernel = async (payload, rng, samples) => {
  const p = payload as EngagementPayload;
  const system = await loadSystem(p.system.id, p.system.source);
  if (!system.engagement) throw new Error(`${system.name} has no engagement model`);
  const counts = system.engagement.kernel(p.config, rng, samples);
  return armyRecord(p.config as LinesConfig, counts as Float64Array);
};

const variants = new Map<string, Variant>();
const lineUps = new Map<string, unknown>();
const LINE_UP_MEMO = 256;

/**
 * A balance job (studies/balance/design.ts): one element at one count against every field opponent;
 * per opponent, engagements then A wins, B wins, both broke, undecided.
 */
const balanceKernel: ShardKernel = async (payload, rng, samples) => {
  const p = payload as BalancePayload;
  let whole = 0;
  for (let j = 0; j < p.opponents.length; j++) whole += engagementsAgainst(p, j);
  if (samples !== whole) throw new Error(`a balance job runs whole (${whole} engagements), not ${samples}`);
  const system = await loadSystem(p.system.id, p.system.source);
  const model = system.engagement;
  if (!model?.lineUp) throw new Error(`${system.name} has no line-up engagements`);
  const specKey = JSON.stringify(p.spec);
  let variant = variants.get(specKey);
  if (!variant) {
    variant = system.variant(p.spec);
    variants.set(specKey, variant);
  }
  const setting = JSON.stringify(p.setting);
  const out = new Float64Array(p.opponents.length * PER_OPPONENT);
  p.opponents.forEach((o, j) => {
    const n = engagementsAgainst(p, j);
    if (n === 0) return;
    const key = `${specKey}|${setting}|${p.element}|${p.count}|${o.ownDepth}|${o.element}|${o.count}|${o.depth}`;
    let config = lineUps.get(key);
    if (config === undefined) {
      config = model.lineUp!(
        variant,
        { element: p.element, count: p.count, depth: o.ownDepth },
        { element: o.element, count: o.count, depth: o.depth },
        p.setting,
      );
      remember(lineUps, key, config, LINE_UP_MEMO);
    }
    const decided = model.decide
      ? model.decide(config, rng, n)
      : model.decisions(config, model.kernel(config, rng, n));
    out.set(decided, j * PER_OPPONENT);
  });
  return out;
};

export const KERNELS: Readonly<Record<string, ShardKernel>> = {
  table: tableKernel,
  engagement: engagementKernel,
  balance: balanceKernel,
  army: armyKernel,
};

/**
 * What is wrong with a job's counts that no run of it could give, or undefined (merge refuses a slice
 * whose counts were changed or damaged): the wrong number of counts for the job; a table outcome the
 * table cannot give; a balance opponent's decisions that do not add up to its engagements; engagement
 * counts whose model finds them impossible (sums that do not add up); army records whose decisions or
 * scores do not add up to the battles. Counts are whole and non-negative
 * already (the slice schema).
 */
export async function countsProblem(
  job: { readonly kind: string; readonly payload: unknown; readonly seed: string },
  counts: ArrayLike<number>,
): Promise<string | undefined> {
  const want = await countsLength(job);
  if (counts.length !== want) return `${counts.length} counts; its kind has ${want}`;
  if (job.kind === 'table') {
    const p = job.payload as TablePayload;
    const possible = new Uint8Array(p.jointSize);
    p.codes.forEach((code, i) => {
      if (!p.weights || (p.weights[i] as number) > 0) possible[code] = 1;
    });
    for (let i = 0; i < counts.length; i++)
      if ((counts[i] as number) > 0 && possible[i] === 0)
        return `it counts an outcome its combat cannot have (joint outcome ${i})`;
    return undefined;
  }
  if (job.kind === 'balance') {
    for (let i = 0; i + PER_OPPONENT <= counts.length; i += PER_OPPONENT) {
      let d = 0;
      // Engagements, then A wins, B wins, both broke, undecided, refused (core/system.ts OutcomeRecord).
      for (let k = 1; k <= 5; k++) d += counts[i + k] as number;
      if (d !== counts[i]) return `opponent ${i / PER_OPPONENT + 1}: the decisions do not add up`;
    }
    return undefined;
  }
  if (job.kind === 'army')
    return armyRecordProblem((job.payload as EngagementPayload).config as LinesConfig, counts);
  if (job.kind === 'engagement') {
    const p = job.payload as EngagementPayload;
    const c = Float64Array.from(counts);
    const system = await loadSystem(p.system.id, p.system.source);
    const model = system.engagement;
    if (!model) return `${system.name} has no engagement model`;
    // The outcome record (core/system.ts OutcomeRecord): engagements, then its five decisions.
    const r = model.decisions(p.config, c);
    if (r[1]! + r[2]! + r[3]! + r[4]! + r[5]! !== r[0])
      return 'the decisions do not add up to the engagements';
    return model.countsProblem?.(p.config, c);
  }
  return undefined;
}

/** How many samples a job kind's counts hold (merge checks every slice against its shards). */
export function samplesHeld(kind: string, counts: ArrayLike<number>): number {
  let t = 0;
  if (kind === 'table') for (let i = 0; i < counts.length; i++) t += counts[i] as number;
  else if (kind === 'balance') for (let i = 0; i < counts.length; i += PER_OPPONENT) t += counts[i] as number;
  else t = (counts[0] as number | undefined) ?? 0;
  return t;
}

/**
 * How many numbers a job's counts have (merge refuses a slice whose counts have another length): a
 * table's joint outcomes, five per balance opponent, else what the kernel returns for no samples.
 */
export async function countsLength(job: {
  readonly kind: string;
  readonly payload: unknown;
  readonly seed: string;
}): Promise<number> {
  if (job.kind === 'table') return (job.payload as TablePayload).jointSize;
  if (job.kind === 'balance') return (job.payload as BalancePayload).opponents.length * PER_OPPONENT;
  return (await runShard({ kind: job.kind, payload: job.payload, seed: job.seed, stream: 0, samples: 0 }))
    .length;
}

/**
 * A small task of a job's kind for timing it (a run's estimate before it starts): about `samples`
 * samples of the job from a stream of its own (a balance job, which runs whole, against a few of its
 * opponents). `samples` on the result is what it draws, in the job's sample units.
 */
export function pilotTask(
  job: { readonly kind: string; readonly payload: unknown; readonly seed: string; readonly samples: number },
  samples: number,
): ShardTask {
  const seed = `${job.seed}|pilot`;
  if (job.kind === 'balance') {
    // A balance job runs whole: its pilot is the job against a few of its opponents, spread evenly.
    const p = job.payload as BalancePayload;
    const n = p.opponents.length;
    const each = Math.max(1, Math.round(job.samples / n));
    const k = Math.max(1, Math.min(n, Math.ceil(samples / each)));
    const opponents = Array.from({ length: k }, (_, i) => p.opponents[Math.floor((i * n) / k)]!);
    const payload: BalancePayload = { ...p, opponents, engagements: each };
    return { kind: job.kind, payload, seed, stream: 0, samples: k * each };
  }
  return {
    kind: job.kind,
    payload: job.payload,
    seed,
    stream: 0,
    samples: Math.max(1, Math.min(samples, job.samples)),
  };
}

/** One shard as sent to a worker: plain data only. */
export interface ShardTask {
  readonly kind: string;
  readonly payload: unknown;
  /** The job's seed key; the shard's stream is its index within the job. */
  readonly seed: string;
  readonly stream: number;
  readonly samples: number;
}

export async function runShard(task: ShardTask): Promise<Float64Array> {
  const kernel = KERNELS[task.kind];
  if (!kernel) throw new Error(`unknown job kind "${task.kind}"`);
  return kernel(task.payload, createRng(task.seed, task.stream), task.samples);
}
