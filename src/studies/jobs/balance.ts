/**
 * `balance` jobs (studies/balance/design.ts): one element at one count against every opponent of a
 * balance study's field, each fight the engagement model's line-up of the two; per opponent, the
 * OutcomeRecord (engagements, A wins, B wins, both broke, undecided, refused, then losses by cause). A
 * job runs whole, in one shard.
 */
import { remember } from '../../core/bounded.ts';
import { canonicalKey } from '../../core/canonical-key.ts';
import type { RandomSource, Variant } from '../../core/system.ts';
import { loadSystem } from '../../systems/registry.ts';
import { MAX_COUNT } from '../balance/curves.ts';
import { engagementsAgainst, PER_OPPONENT, type BalancePayload, type Opponent } from '../balance/design.ts';
import { isCount, isRecord, isSystemRef, jobKind } from '../job-kind.ts';

const FIRST = new Set<unknown>(['a', 'b', 'alternate']);

const isOpponent = (o: unknown): o is Opponent =>
  isRecord(o) &&
  typeof o.element === 'string' &&
  isCount(o.count, 1) &&
  isCount(o.depth, 1) &&
  isCount(o.ownDepth, 1);

const isBalancePayload = (p: unknown): p is BalancePayload =>
  isRecord(p) &&
  isSystemRef(p.system) &&
  isRecord(p.spec) &&
  typeof p.spec.version === 'string' &&
  isRecord(p.setting) &&
  isCount(p.setting.boundLimit, 1) &&
  FIRST.has(p.setting.first) &&
  isRecord(p.setting.options) &&
  typeof p.element === 'string' &&
  isCount(p.count, 1) &&
  Array.isArray(p.opponents) &&
  p.opponents.every(isOpponent) &&
  (isCount(p.engagements) ||
    (Array.isArray(p.engagements) &&
      p.engagements.length === p.opponents.length &&
      p.engagements.every((n) => isCount(n))));

/** Engagements a job plays in all (it runs whole). */
function wholeOf(p: BalancePayload): number {
  let whole = 0;
  for (let j = 0; j < p.opponents.length; j++) whole += engagementsAgainst(p, j);
  return whole;
}

/** Opponents the job fights (some engagements against them). */
function foughtCount(p: BalancePayload): number {
  let n = 0;
  for (let j = 0; j < p.opponents.length; j++) if (engagementsAgainst(p, j) > 0) n++;
  return n;
}

/**
 * Variants by their spec. Line-ups are made afresh: the lines they are made of are kept (engine/lines
 * lineUp) and laid out once, but a line-up itself (the two lines under one setting) comes back too seldom
 * to keep. Keeping the last 256 a worker met served 9% of them, and their keys and the layouts they held
 * past the young generation's passes cost more than it saved (ARCHITECTURE.md "Worker threads and the
 * collector").
 */
const variants = new Map<string, Variant>();
const VARIANT_MEMO = 64;

/** Variants and settings (their keys) numbered in the order met: a run meets a few dozen. */
const numbers = new Map<string, number>();
function numberOf(key: string): number {
  let n = numbers.get(key);
  if (n === undefined) numbers.set(key, (n = numbers.size));
  return n;
}

/** An opponent's element name as JSON text (a field has a few dozen). */
const opponentJsons = new Map<string, string>();
function opponentJson(element: string): string {
  let json = opponentJsons.get(element);
  if (json === undefined) opponentJsons.set(element, (json = JSON.stringify(element)));
  return json;
}

async function balanceKernel(p: BalancePayload, rng: RandomSource, samples: number): Promise<Float64Array> {
  const whole = wholeOf(p);
  if (samples !== whole) throw new Error(`a balance job runs whole (${whole} engagements), not ${samples}`);
  const system = await loadSystem(p.system.id, p.system.source);
  const model = system.engagement;
  if (!model?.lineUp) throw new Error(`${system.name} has no line-up engagements`);
  const variantKey = canonicalKey({ system: p.system, spec: p.spec });
  let variant = variants.get(variantKey);
  if (!variant) {
    variant = system.variant(p.spec);
    remember(variants, variantKey, variant, VARIANT_MEMO);
  }
  const out = new Float64Array(p.opponents.length * PER_OPPONENT);
  p.opponents.forEach((o, j) => {
    const n = engagementsAgainst(p, j);
    if (n === 0) return;
    const own = { element: p.element, count: p.count, depth: o.ownDepth };
    const opponent = { element: o.element, count: o.count, depth: o.depth };
    const config = model.lineUp!(variant, own, opponent, p.setting);
    const decided = model.decide
      ? model.decide(config, rng, n)
      : model.decisions(config, model.kernel(config, rng, n));
    out.set(decided, j * PER_OPPONENT);
  });
  return out;
}

export const balanceJobs = jobKind<BalancePayload>({
  id: 'balance',
  unit: 'engagements',
  isPayload: isBalancePayload,
  system: (p) => p.system,
  kernel: balanceKernel,
  countsLength: (p) => p.opponents.length * PER_OPPONENT,
  // Only the opponents it fights have counts other than 0.
  countsLive: (p) => PER_OPPONENT * foughtCount(p),
  // Per opponent, the decisions (A wins, B wins, both broke, undecided, refused) add up to its
  // engagements (core/system.ts OutcomeRecord).
  countsProblem: (_p, counts) => {
    for (let i = 0; i + PER_OPPONENT <= counts.length; i += PER_OPPONENT) {
      let d = 0;
      for (let k = 1; k <= 5; k++) d += counts[i + k] as number;
      if (d !== counts[i]) return `opponent ${i / PER_OPPONENT + 1}: the decisions do not add up`;
    }
    return undefined;
  },
  samplesHeld: (counts) => {
    let t = 0;
    for (let i = 0; i < counts.length; i += PER_OPPONENT) t += counts[i] as number;
    return t;
  },
  // A line-up per opponent fought.
  setups: foughtCount,
  // A pilot's line-ups meet their shapes cold (each makes its own Battle), where a run's find a Battle of
  // their shape kept (engine/lines/fight.ts room): calibrated on the bundled and a small study
  // (docs/scenarios.md "How the estimate is made").
  setupShare: 0.6,
  // The element's combat tables against the whole field, under its variant: its jobs at every setting
  // and stage share them.
  affinity: (p) => `${canonicalKey({ system: p.system, spec: p.spec })}|${p.element}`,
  // The combat tables of the element against each opponent fought, under the variant and setting.
  // (The variant and setting by their number among those met: the estimate checks each context of every
  // job of a stage against those already built, and short texts keep that quick.)
  // (Each text is `${under}|${JSON.stringify([p.element, o.element])}`, its pieces made once a job: a
  // stage's boundary, the threads waiting, read every job's contexts.)
  contexts: (p) => {
    const under = numberOf(canonicalKey({ system: p.system, spec: p.spec, setting: p.setting }));
    const head = `${under}|[${JSON.stringify(p.element)},`;
    const out: string[] = [];
    for (let j = 0; j < p.opponents.length; j++)
      if (engagementsAgainst(p, j) > 0) out.push(`${head}${opponentJson(p.opponents[j]!.element)}]`);
    return out;
  },
  // The job against a few of the opponents it fights, spread evenly, each with its mean engagements
  // per opponent; `fresh` moves the element's count by that much (line-ups not yet laid out).
  pilot: (p, jobSamples, samples, fresh) => {
    const fought = p.opponents.filter((_, j) => engagementsAgainst(p, j) > 0);
    const n = Math.max(1, fought.length);
    const each = Math.max(1, Math.round(jobSamples / n));
    const k = Math.max(1, Math.min(n, Math.ceil(samples / each)));
    const opponents = Array.from(
      { length: k },
      (_, i) => (fought.length > 0 ? fought : p.opponents)[Math.floor((i * n) / k)]!,
    );
    const count =
      fresh === 0 ? p.count : p.count + fresh <= MAX_COUNT ? p.count + fresh : Math.max(1, p.count - fresh);
    return { payload: { ...p, count, opponents, engagements: each }, samples: k * each, setups: k };
  },
});
