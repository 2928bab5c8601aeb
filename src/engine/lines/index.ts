/**
 * The battle-line engagement model (docs/engagement-model.md): lines of files fought bound by bound
 * until one breaks, for any rule system that supplies a LineAdapter. A system's module makes its
 * EngagementModel with `linesModel`.
 */
import { remember } from '../../core/bounded.ts';
import {
  OUTCOME_RECORD_FIELDS,
  type AnySystem,
  type EngagementModel,
  type LineUp,
} from '../../core/system.ts';
import type { LineAdapter } from './adapter.ts';
import { configureLines, LineBuilder, linesBlockSchema } from './block.ts';
import { linesBoundsOdds } from './bounds.ts';
import { countsProblem, engagementDecisions, engagementShard } from './counts.ts';
import { wholeBelow } from './number-table.ts';
import {
  DEFAULT_OPTIONS,
  type Battlefield,
  type FileConfig,
  type LineConfig,
  type LinesConfig,
  type ModelOptions,
} from './model.ts';
import { asEngagementSummary, linesSummary } from './summary.ts';

export type {
  LineAdapter,
  CombatSignature,
  ArmyState,
  CommandRule,
  CommandEnd,
  PaidMove,
  PipRule,
  ScoreRule,
} from './adapter.ts';
export type {
  LineId,
  LinesConfig,
  LineConfig,
  FileConfig,
  RankConfig,
  EngagementResult,
  CommandsConfig,
} from './model.ts';

export { packResult, packTable, type SideResult } from './pack.ts';

export { linesSummary } from './summary.ts';
export { fightEngagement, playEngagement, type CombatEvent, type MoveEvent } from './fight.ts';
export { accumulate, countsLayout, mergeCounts } from './counts.ts';
export { engagementShard } from './counts.ts';
export { pairSetup, standingOverlaps, type PairSetup } from './pair-setup.ts';

/** Engagements per shard: small enough to spread a study over threads, large enough to amortise. */
const LINES_SHARD = 5_000;

interface LinesModelOptions {
  /** The system the model belongs to (a function: the module and its model refer to each other). */
  readonly system: () => AnySystem;
  /** What a side's losses toward the break rule are called ("element equivalents", "PoC"). */
  readonly lossName: string;
}

export interface LinesModel<E> extends EngagementModel<LinesConfig<E>> {
  readonly adapter: LineAdapter<E>;
}

/** Line-ups' lines by variant (objects, so the kernel's per-line layouts are found by identity). */
const lineMemo = new WeakMap<object, Map<number | string, LineConfig>>();
const LINE_MEMO = 2048;

/** Each element name met, numbered in the order met (lineKey). */
const elementNumbers = new Map<string, number>();

/**
 * The key of a line-up's line in lineMemo: a number where its parts fit their bits (a line-up's
 * element, count, depth and width; a number is found faster than a text made for each call), else the
 * same parts as text. The two never meet: texts and numbers are different keys.
 */
function lineKey(element: string, count: number, depth: number, width: number): number | string {
  let n = elementNumbers.get(element);
  if (n === undefined) elementNumbers.set(element, (n = elementNumbers.size));
  return wholeBelow(count, 1024) && wholeBelow(depth, 16) && wholeBelow(width, 1024)
    ? ((n * 1024 + count) * 16 + depth) * 1024 + width
    : `${element}|${count}|${depth}|${width}`;
}

export function linesModel<E, T, V>(adapter: LineAdapter<E, T, V>, o: LinesModelOptions): LinesModel<E> {
  const a = adapter as unknown as LineAdapter<E>;
  return {
    id: 'lines',
    adapter: a,
    block: linesBlockSchema(a as LineAdapter),
    shardSize: LINES_SHARD,
    goings: a.goings,
    configure: (block, variant) => configureLines(a, block, variant, o.system()),
    kernel: (config, rng, samples) => engagementShard(config, a, rng, samples),
    // counts.ts: the counts start with the outcome record.
    decisions: (_config, c) => Float64Array.from({ length: OUTCOME_RECORD_FIELDS }, (_, i) => c[i]!),
    // For configs made for one use (a balance line-up): laid out for the call, not remembered.
    decide: (config, rng, samples) => engagementDecisions(config, a, rng, samples),
    countsProblem: (config, counts) => countsProblem(config as LinesConfig, counts),
    summarise: (config, counts) =>
      asEngagementSummary(linesSummary(config as LinesConfig, counts), a.points, o.lossName),
    boundsOdds: (input, variant, request) => linesBoundsOdds(a, o.system(), variant, input, request),
    lineUp: (variant, x, y, setting) => {
      const system = o.system();
      const b = new LineBuilder(a, system, variant);
      // One line object per (element, count, depth, width) of a variant: the kernel lays each line out
      // once, whatever the opponent (prepare.ts).
      let lines = lineMemo.get(variant);
      if (!lines) {
        lines = new Map();
        lineMemo.set(variant, lines);
      }
      // Frontage (docs/engagement-model.md "Line-ups"): a line is as many files of `depth` as its elements
      // make, but never more than two wider than the enemy's (enough to overlap both flanks); the elements
      // beyond that frontage stand in lines behind it (DBM 3.2 p.25: rear lines step forward into gaps
      // instead of being swept away), each as wide as the front, files of the same depth.
      const natural = (l: LineUp) => Math.max(1, Math.ceil(l.count / l.depth));
      const line = (l: LineUp, enemy: LineUp): LineConfig<E> => {
        const width = Math.min(natural(l), natural(enemy) + 2);
        const key = lineKey(l.element, l.count, l.depth, width);
        const known = lines.get(key) as LineConfig<E> | undefined;
        if (known) return known;
        // Files of one depth are one object: the kernel lays each distinct file out once.
        const byDepth = new Map<number, FileConfig<E>>();
        const fileOf = (depth: number) => {
          let file = byDepth.get(depth);
          if (!file) {
            file = b.file(new Array<string>(depth).fill(l.element), false, [l.element]);
            byDepth.set(depth, file);
          }
          return file;
        };
        // Depths of files holding n elements in `width` files at most `l.depth` deep, deepest first.
        const spread = (n: number, files: number): number[] =>
          Array.from({ length: files }, (_, i) => Math.floor(n / files) + (i < n % files ? 1 : 0)).filter(
            (d) => d > 0,
          );
        const inFront = Math.min(l.count, width * l.depth);
        const files = spread(inFront, width).map(fileOf);
        const reserves: FileConfig<E>[][] = [];
        let left = l.count - inFront;
        while (left > 0) {
          const n = Math.min(left, width * l.depth);
          reserves.push(spread(n, Math.min(width, Math.ceil(n / l.depth))).map(fileOf));
          left -= n;
        }
        const made: LineConfig<E> = {
          name: l.element,
          files,
          ...(reserves.length > 0 ? { reserves } : {}),
          going: a.goings[0] as string,
        };
        remember(lines, key, made as LineConfig, LINE_MEMO);
        return made;
      };
      return {
        system: system.id,
        variant: variant.spec,
        boundLimit: setting.boundLimit,
        first: setting.first,
        options: { ...DEFAULT_OPTIONS, ...(setting.options as Partial<ModelOptions>) },
        ...(setting.battlefield ? { battlefield: setting.battlefield as Battlefield } : {}),
        a: line(x, y),
        b: line(y, x),
      };
    },
  };
}
