/** The result object of an engagement study, read off merged counts (plain, JSON-serialisable data). */
import { FILE_FIELDS, SIDE_FIELDS, countsLayout } from './counts.ts';
import type { EngagementConfig } from './model.ts';

import { wilson as wilsonInterval, Z95 } from '../core/statistics.ts';

/** A proportion with its Wilson 95% interval. */
export interface Proportion {
  readonly count: number;
  readonly p: number;
  readonly lo: number;
  readonly hi: number;
}

/** A mean with a normal 95% interval (the samples are many and independent). */
export interface Mean {
  readonly mean: number;
  readonly lo: number;
  readonly hi: number;
}

/** Wilson score interval (95%) for `count` successes in `n` trials (src/core/statistics.ts). */
export function wilson(count: number, n: number): Proportion {
  const { p, low, high } = wilsonInterval(count, n);
  return { count, p, lo: low, hi: high };
}

function mean(sum: number, sumSq: number, n: number): Mean {
  if (n === 0) return { mean: 0, lo: 0, hi: 0 };
  const m = sum / n;
  const variance = n > 1 ? Math.max(0, (sumSq - n * m * m) / (n - 1)) : 0;
  const half = Z95 * Math.sqrt(variance / n);
  return { mean: m, lo: m - half, hi: m + half };
}

export interface FileLosses {
  /** Index of the file in its side's list. */
  readonly position: number;
  readonly elements: number;
  readonly ap: number;
  /** Probability that nothing of the file is left in the fight at the end. */
  readonly wipedOut: number;
}

export interface SideLosses {
  readonly name: string;
  readonly elements: Mean;
  readonly ap: Mean;
  readonly elementEquivalents: number;
  readonly fled: number;
  readonly files: readonly FileLosses[];
}

export interface EngagementSummary {
  readonly samples: number;
  readonly aWins: Proportion;
  readonly bWins: Proportion;
  /** Mutual break or undecided. */
  readonly draw: Proportion;
  readonly mutualBreak: Proportion;
  readonly undecided: Proportion;
  /**
   * Per bound k = 1..boundLimit: the probability that a side broke in bound k (`decided`), and that the
   * engagement stopped undecided in bound k (at the limit, or with no enemies left face to face).
   */
  readonly bounds: readonly {
    readonly bound: number;
    readonly decided: number;
    readonly undecided: number;
  }[];
  /** Mean bound of decision, over decided engagements (0 if none). */
  readonly meanBoundsToDecision: number;
  /** Mean bound the engagement stopped in, over all. */
  readonly meanBounds: number;
  readonly a: SideLosses;
  readonly b: SideLosses;
}

export function summarise(config: EngagementConfig, counts: Float64Array): EngagementSummary {
  const L = countsLayout(config);
  if (counts.length !== L.length)
    throw new Error(`counts have ${counts.length} entries, expected ${L.length}`);
  const n = counts[0]!;
  const at = (i: number) => counts[i]!;
  const bounds = [];
  let decidedSum = 0;
  let decided = 0;
  let allSum = 0;
  for (let k = 1; k <= config.boundLimit; k++) {
    const d = at(L.bounds + k);
    const u = at(L.undecidedBounds + k);
    bounds.push({ bound: k, decided: n > 0 ? d / n : 0, undecided: n > 0 ? u / n : 0 });
    decidedSum += k * d;
    decided += d;
    allSum += k * (d + u);
  }
  const side = (id: 'a' | 'b'): SideLosses => {
    const s = L.sides + (id === 'a' ? 0 : SIDE_FIELDS);
    const f0 = id === 'a' ? L.filesA : L.filesB;
    const per = (x: number) => (n > 0 ? x / n : 0);
    return {
      name: config[id].name,
      elements: mean(at(s), at(s + 1), n),
      ap: mean(at(s + 2), at(s + 3), n),
      elementEquivalents: per(at(s + 4)),
      fled: per(at(s + 5)),
      files: config[id].files.map((_, i) => {
        const f = f0 + FILE_FIELDS * i;
        return { position: i, elements: per(at(f)), ap: per(at(f + 1)), wipedOut: per(at(f + 2)) };
      }),
    };
  };
  return {
    samples: n,
    aWins: wilson(at(L.aWins), n),
    bWins: wilson(at(L.bWins), n),
    draw: wilson(at(L.mutual) + at(L.undecided), n),
    mutualBreak: wilson(at(L.mutual), n),
    undecided: wilson(at(L.undecided), n),
    bounds,
    meanBoundsToDecision: decided > 0 ? decidedSum / decided : 0,
    meanBounds: n > 0 ? allSum / n : 0,
    a: side('a'),
    b: side('b'),
  };
}
