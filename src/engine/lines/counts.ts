/**
 * Engagement results as merged counts (ARCHITECTURE.md "Determinism"): a flat Float64Array that
 * shards fill and the runner adds element-wise, and the summary read off it.
 */
import { OUTCOME_RECORD_FIELDS, type OutcomeRecord, type RandomSource } from '../../core/system.ts';
import type { LineAdapter } from './adapter.ts';
import {
  A_WINS,
  B_WINS,
  MUTUAL,
  T_AP,
  T_EE,
  T_ELEMENTS,
  T_FLED,
  UNDECIDED,
  REFUSED,
  CAUSES,
  battleOf,
  type Battle,
} from './fight.ts';
import type { EngagementResult, LinesConfig, SideTally } from './model.ts';
import { allFiles, prepared } from './prepare.ts';

/**
 * Offsets into the counts array. First the outcome record (core/system.ts OutcomeRecord: engagements,
 * decisions, refused, each side's losses by cause), then per side: elements, elements², AP, AP², element
 * equivalents, fled.
 */
interface CountsLayout {
  readonly length: number;
  readonly samples: 0;
  readonly aWins: 1;
  readonly bWins: 2;
  readonly mutual: 3;
  readonly undecided: 4;
  readonly refused: 5;
  /** Elements lost by cause (LOSS_CAUSES): A's at causes, B's at causes + CAUSES. */
  readonly causes: 6;
  /** Side sums start here: A at sides, B at sides + SIDE_FIELDS. */
  readonly sides: number;
  /** bounds[k] = engagements decided (a side broke) in bound k (1..boundLimit); index 0 unused. */
  readonly bounds: number;
  /** undecidedBounds[k] = engagements that stopped undecided in bound k (the limit, or no fight left). */
  readonly undecidedBounds: number;
  /** Per file of A then of B (front line, then reserve lines): elements lost, AP lost, file gone. */
  readonly filesA: number;
  readonly filesB: number;
  /**
   * Lines with commands (else -1): per command of A then of B, engagements that ended with it
   * demoralised; then A's and B's engagements in which the side used its score bonus (the C-in-C's +1).
   */
  readonly commands: number;
  /**
   * Lines whose commands are worth competition points (CommandsConfig.points; else -1): per side, the
   * engagements that ended with it scoring 0, 1, ... `most` (A's then B's).
   */
  readonly scores: number;
  /** The most a side can score: both sides' points together (0 without). */
  readonly most: number;
}

export const SIDE_FIELDS = 6;
export const FILE_FIELDS = 3;

export function countsLayout(config: LinesConfig): CountsLayout {
  const sides = OUTCOME_RECORD_FIELDS;
  const bounds = sides + 2 * SIDE_FIELDS;
  const undecidedBounds = bounds + config.boundLimit + 1;
  const filesA = undecidedBounds + config.boundLimit + 1;
  const filesB = filesA + FILE_FIELDS * allFiles(config.a).length;
  const end = filesB + FILE_FIELDS * allFiles(config.b).length;
  const ca = config.a.commands?.files.length ?? 0;
  const cb = config.b.commands?.files.length ?? 0;
  const commands = ca + cb > 0 ? end : -1;
  const afterCommands = commands < 0 ? end : end + ca + cb + 2;
  const sum = (xs: readonly number[] | undefined) => (xs ?? []).reduce((t, x) => t + x, 0);
  const most = sum(config.a.commands?.points) + sum(config.b.commands?.points);
  const scored = config.a.commands?.points !== undefined && config.b.commands?.points !== undefined;
  return {
    length: scored ? afterCommands + 2 * (most + 1) : afterCommands,
    commands,
    scores: scored ? afterCommands : -1,
    most: scored ? most : 0,
    samples: 0,
    aWins: 1,
    bWins: 2,
    mutual: 3,
    undecided: 4,
    refused: 5,
    causes: 6,
    sides,
    bounds,
    undecidedBounds,
    filesA,
    filesB,
  };
}

const DECISION_INDEX = {
  'a-wins': A_WINS,
  'b-wins': B_WINS,
  mutual: MUTUAL,
  undecided: UNDECIDED,
  refused: REFUSED,
} as const;

/** Add one engagement's result into `counts`. */
export function accumulate(counts: Float64Array, layout: CountsLayout, r: EngagementResult): void {
  counts[0]! += 1;
  counts[DECISION_INDEX[r.decision]]! += 1;
  if (r.decision !== 'refused')
    counts[(r.decision === 'undecided' ? layout.undecidedBounds : layout.bounds) + r.bounds]! += 1;
  for (let i = 0; i < CAUSES; i++) {
    counts[layout.causes + i]! += r.a.causes[i]!;
    counts[layout.causes + CAUSES + i]! += r.b.causes[i]!;
  }
  const addSide = (at: number, files: number, t: SideTally) => {
    counts[at]! += t.elementsLost;
    counts[at + 1]! += t.elementsLost * t.elementsLost;
    counts[at + 2]! += t.apLost;
    counts[at + 3]! += t.apLost * t.apLost;
    counts[at + 4]! += t.eeLost;
    counts[at + 5]! += t.fled;
    for (let i = 0; i < t.fileElementsLost.length; i++) {
      const f = files + FILE_FIELDS * i;
      counts[f]! += t.fileElementsLost[i]!;
      counts[f + 1]! += t.fileApLost[i]!;
      if (t.fileGone[i]) counts[f + 2]! += 1;
    }
  };
  addSide(layout.sides, layout.filesA, r.a);
  addSide(layout.sides + SIDE_FIELDS, layout.filesB, r.b);
  if (layout.commands >= 0) {
    const da = r.a.demoralised ?? [];
    const db = r.b.demoralised ?? [];
    [...da, ...db].forEach((d, i) => {
      if (d) counts[layout.commands + i]! += 1;
    });
    const at = layout.commands + da.length + db.length;
    if (r.a.scoreBonusUsed) counts[at]! += 1;
    if (r.b.scoreBonusUsed) counts[at + 1]! += 1;
  }
  if (layout.scores >= 0)
    [r.a.score, r.b.score].forEach((v, s) => {
      if (v !== undefined) counts[layout.scores + s * (layout.most + 1) + v]! += 1;
    });
}

/**
 * A shard: `samples` engagements on `rng`, counted. With `first: alternate`, even-numbered engagements
 * of the shard give A the first bound and odd-numbered ones B.
 */
export function engagementShard<E, T, V>(
  config: LinesConfig<E>,
  adapter: LineAdapter<E, T, V>,
  rng: RandomSource,
  samples: number,
): Float64Array {
  const layout = countsLayout(config as LinesConfig);
  const counts = new Float64Array(layout.length);
  const battle = battleOf(prepared(config, adapter));
  const draw = (n: number) => rng.int(n);
  for (let i = 0; i < samples; i++) {
    const first = config.first === 'alternate' ? ((i % 2) as 0 | 1) : config.first === 'a' ? 0 : 1;
    battle.run(draw, first);
    accumulateBattle(counts, layout, battle);
  }
  return counts;
}

/**
 * A shard counting only who won: engagements, A wins, B wins, both broke, undecided (the first five of
 * engagementShard's counts, from the same draws).
 */
export function engagementDecisions<E, T, V>(
  config: LinesConfig<E>,
  adapter: LineAdapter<E, T, V>,
  rng: RandomSource,
  samples: number,
): OutcomeRecord {
  const out = new Float64Array(OUTCOME_RECORD_FIELDS);
  out[0] = samples;
  // A balance study's line-ups are made in this thread for one use: laid out, not remembered.
  const battle = battleOf(prepared(config, adapter, false));
  const draw = (n: number) => rng.int(n);
  for (let i = 0; i < samples; i++) {
    const first = config.first === 'alternate' ? ((i % 2) as 0 | 1) : config.first === 'a' ? 0 : 1;
    battle.run(draw, first);
    out[battle.decision]! += 1;
    for (let k = 0; k < CAUSES; k++) {
      out[6 + k]! += battle.causes[0][k]!;
      out[6 + CAUSES + k]! += battle.causes[1][k]!;
    }
  }
  // The line-up is not asked for again: the Battle kept for its shape must not keep its layout alive.
  battle.release();
  return out;
}

/** accumulate() straight from a Battle's fields, without building a result object. */
function accumulateBattle(counts: Float64Array, layout: CountsLayout, b: Battle): void {
  counts[0]! += 1;
  counts[b.decision]! += 1;
  if (b.decision !== REFUSED)
    counts[(b.decision === UNDECIDED ? layout.undecidedBounds : layout.bounds) + b.bounds]! += 1;
  for (let k = 0; k < CAUSES; k++) {
    counts[layout.causes + k]! += b.causes[0][k]!;
    counts[layout.causes + CAUSES + k]! += b.causes[1][k]!;
  }
  for (const s of [0, 1] as const) {
    const at = layout.sides + s * SIDE_FIELDS;
    const t = b.tally[s];
    const el = t[T_ELEMENTS]!;
    const ap = t[T_AP]!;
    counts[at]! += el;
    counts[at + 1]! += el * el;
    counts[at + 2]! += ap;
    counts[at + 3]! += ap * ap;
    counts[at + 4]! += t[T_EE]!;
    counts[at + 5]! += t[T_FLED]!;
    const files = s === 0 ? layout.filesA : layout.filesB;
    const side = b.sides[s];
    const elements = b.fileElements[s];
    const fileAp = b.fileAp[s];
    for (let i = 0; i < side.files; i++) {
      // A file that lost nothing (its AP lost is 0 too) and is still in the fight adds nothing; one whose
      // elements all fled for good is gone though none was lost.
      const e = elements[i]!;
      const gone = b.fileGone(s, i);
      if (e === 0 && !gone) continue;
      const f = files + FILE_FIELDS * i;
      counts[f]! += e;
      counts[f + 1]! += fileAp[i]!;
      if (gone) counts[f + 2]! += 1;
    }
  }
  if (layout.commands >= 0) {
    let at = layout.commands;
    for (const s of [0, 1] as const) for (const d of b.demoralised[s]) counts[at++]! += d;
    counts[at]! += b.scoreUsed[0]!;
    counts[at + 1]! += b.scoreUsed[1]!;
  }
  if (layout.scores >= 0)
    for (const s of [0, 1] as const)
      if (b.finalScore[s]! >= 0) counts[layout.scores + s * (layout.most + 1) + b.finalScore[s]!]! += 1;
}

/** Add shard counts element-wise. */
export function mergeCounts(into: Float64Array, from: Float64Array): Float64Array {
  for (let i = 0; i < into.length; i++) into[i]! += from[i]!;
  return into;
}

/**
 * What is wrong with merged counts that no run of `config` could give, or undefined (merge refuses a
 * slice whose counts were changed): every engagement ends once (a decision, and a bound it ended in);
 * each side's losses are the sum of its files' losses; nothing is lost more often than it stands; a sum
 * of squares is at least the square of the sum over the engagements (Cauchy-Schwarz).
 */
export function countsProblem(config: LinesConfig, c: Float64Array): string | undefined {
  const L = countsLayout(config);
  if (c.length !== L.length) return `${c.length} counts, expected ${L.length}`;
  const n = c[0]!;
  const sum = (from: number, to: number, step = 1) => {
    let t = 0;
    for (let i = from; i < to; i += step) t += c[i]!;
    return t;
  };
  const near = (x: number, y: number) => Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(x), Math.abs(y));
  if (sum(1, 6) !== n) return 'the decisions do not add up to the engagements';
  if (sum(L.bounds, L.bounds + config.boundLimit + 1) !== c[1]! + c[2]! + c[3]!)
    return 'the bounds of decision do not add up to the decided engagements';
  if (sum(L.undecidedBounds, L.undecidedBounds + config.boundLimit + 1) !== c[4]!)
    return 'the bounds of undecided engagements do not add up';
  for (const [s, line, files] of [
    [0, config.a, L.filesA],
    [1, config.b, L.filesB],
  ] as const) {
    const at = L.sides + s * SIDE_FIELDS;
    const all = allFiles(line);
    const elements = all.reduce((t, f) => t + f.ranks.length, 0);
    const end = files + FILE_FIELDS * all.length;
    if (c[at]! !== sum(files, end, FILE_FIELDS))
      return `side ${s === 0 ? 'A' : 'B'}: elements lost do not add up`;
    const causes = L.causes + s * CAUSES;
    if (c[at]! !== sum(causes, causes + CAUSES))
      return `side ${s === 0 ? 'A' : 'B'}: elements lost by cause do not add up`;
    if (!near(c[at + 2]!, sum(files + 1, end, FILE_FIELDS)))
      return `side ${s === 0 ? 'A' : 'B'}: AP lost do not add up`;
    if (c[at]! > n * elements || c[at + 5]! > n * elements)
      return `side ${s === 0 ? 'A' : 'B'}: more elements lost than it has`;
    for (const [x, x2] of [
      [c[at]!, c[at + 1]!],
      [c[at + 2]!, c[at + 3]!],
    ] as const)
      if (n > 0 ? x2 * n < x * x * (1 - 1e-9) : x !== 0 || x2 !== 0)
        return `side ${s === 0 ? 'A' : 'B'}: a sum of squares is below its sum's square`;
    for (let f = files; f < end; f += FILE_FIELDS)
      if (c[f + 2]! > n) return `side ${s === 0 ? 'A' : 'B'}: a file is gone more often than it fought`;
  }
  if (L.scores >= 0)
    for (const s of [0, 1])
      if (sum(L.scores + s * (L.most + 1), L.scores + (s + 1) * (L.most + 1)) !== n)
        return `side ${s === 0 ? 'A' : 'B'}: the scores do not add up to the engagements`;
  return undefined;
}
