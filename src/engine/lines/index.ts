/**
 * The battle-line engagement model (docs/engagement-model.md): lines of files fought bound by bound
 * until one breaks, for any rule system that supplies a LineAdapter. A system's module makes its
 * EngagementModel with `linesModel`.
 */
import { remember } from '../../core/bounded.ts';
import type { AnySystem, EngagementModel, LineUp } from '../../core/system.ts';
import type { LineAdapter } from './adapter.ts';
import { configureLines, LineBuilder, linesBlockSchema } from './block.ts';
import { linesBoundsOdds } from './bounds.ts';
import { countsProblem, engagementDecisions, engagementShard } from './counts.ts';
import {
  DEFAULT_OPTIONS,
  type Battlefield,
  type FileConfig,
  type LineConfig,
  type LinesConfig,
  type ModelOptions,
} from './model.ts';
import { asEngagementSummary, linesSummary } from './summary.ts';

export type { LineAdapter, CombatSignature, ArmyState } from './adapter.ts';
export type { LineId, LinesConfig, LineConfig, FileConfig, RankConfig, EngagementResult } from './model.ts';

export { packTable, type SideResult } from './pack.ts';

export { linesSummary } from './summary.ts';
export { fightEngagement, playEngagement, type CombatEvent } from './fight.ts';
export { accumulate, countsLayout, mergeCounts } from './counts.ts';
export { engagementShard } from './counts.ts';
export { pairConfig } from './bounds.ts';

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
const lineMemo = new WeakMap<object, Map<string, LineConfig>>();
const LINE_MEMO = 2048;

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
    // counts.ts: the first five counts are engagements, A wins, B wins, both broke, undecided.
    decisions: (_config, c) => [c[0]!, c[1]!, c[2]!, c[3]!, c[4]!],
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
      // Frontage (docs/engagement-model.md "Line-ups"): a line is as many files as its depth gives, but
      // never more than two wider than the enemy's (enough to overlap both flanks); elements beyond that
      // stand deeper in the files, as reserves that step up when the front falls.
      const natural = (l: LineUp) => Math.max(1, Math.ceil(l.count / l.depth));
      const line = (l: LineUp, enemy: LineUp): LineConfig<E> => {
        const width = Math.min(natural(l), natural(enemy) + 2);
        const key = `${l.element}|${l.count}|${l.depth}|${width}`;
        const known = lines.get(key) as LineConfig<E> | undefined;
        if (known) return known;
        const files: FileConfig<E>[] = [];
        // Files of one depth are one object: the kernel lays each distinct file out once.
        const byDepth = new Map<number, FileConfig<E>>();
        for (let i = 0; i < width; i++) {
          const depth = Math.floor(l.count / width) + (i < l.count % width ? 1 : 0);
          if (depth === 0) continue;
          let file = byDepth.get(depth);
          if (!file) {
            file = b.file(new Array<string>(depth).fill(l.element), false, [l.element]);
            byDepth.set(depth, file);
          }
          files.push(file);
        }
        const made: LineConfig<E> = { name: l.element, files, going: a.goings[0] as string };
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
