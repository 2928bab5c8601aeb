/**
 * The summary of a lines study, read off merged counts (plain, JSON-serialisable data): decisions with
 * Wilson intervals, bounds to decision, losses per side and per file, and the same as the summary every
 * engagement model gives (core/system.ts EngagementSummary).
 */
import { meanOf, wilson, type Mean, type Proportion } from '../../core/statistics.ts';
import { LOSS_CAUSES, type DataTable, type EngagementSummary, type LossCause } from '../../core/system.ts';
import { FILE_FIELDS, SIDE_FIELDS, countsLayout } from './counts.ts';
import type { LinesConfig } from './model.ts';
import { allFiles } from './prepare.ts';

interface FileLosses {
  /** Index of the file in its side's list. */
  readonly position: number;
  readonly elements: number;
  readonly ap: number;
  /** Probability that nothing of the file is left in the fight at the end. */
  readonly wipedOut: number;
}

interface SideLosses {
  readonly name: string;
  /** Elements lost per engagement by cause (LOSS_CAUSES). */
  readonly causes: Readonly<Record<LossCause, number>>;
  readonly elements: Mean;
  readonly ap: Mean;
  readonly elementEquivalents: number;
  readonly fled: number;
  readonly files: readonly FileLosses[];
  /** Lines with commands: per command (left to right), the probability it ended demoralised. */
  readonly commands?: readonly {
    readonly files: number;
    readonly cInC: boolean;
    readonly demoralised: number;
  }[];
  /** Lines with commands: the probability the side used its score bonus (the C-in-C's +1). */
  readonly scoreBonusUsed?: number;
  /**
   * Lines whose commands are worth points (DBM armies: the competition score, DBM 3.2 p.25): the share of
   * engagements in which the side scored 0, 1, ... `most`, and its mean score with a 95% interval.
   */
  readonly score?: { readonly distribution: readonly number[]; readonly mean: Mean };
}

interface LinesSummary {
  readonly samples: number;
  readonly aWins: Proportion;
  readonly bWins: Proportion;
  /** Mutual break, undecided or refused. */
  readonly draw: Proportion;
  readonly mutualBreak: Proportion;
  readonly undecided: Proportion;
  /** Neither side would close (docs/engagement-model.md "Refusing a fight"). */
  readonly refused: Proportion;
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

export function linesSummary(config: LinesConfig, counts: Float64Array): LinesSummary {
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
    const cmds = config[id].commands;
    const first = L.commands + (id === 'a' ? 0 : (config.a.commands?.files.length ?? 0));
    const all = (config.a.commands?.files.length ?? 0) + (config.b.commands?.files.length ?? 0);
    const scoreOf = () => {
      const from = L.scores + (id === 'a' ? 0 : L.most + 1);
      const distribution = Array.from({ length: L.most + 1 }, (_, k) => per(at(from + k)));
      let sum = 0;
      let sum2 = 0;
      distribution.forEach((p, k) => {
        sum += k * p * n;
        sum2 += k * k * p * n;
      });
      return { distribution, mean: meanOf(sum, sum2, n) };
    };
    return {
      ...(L.scores >= 0 ? { score: scoreOf() } : {}),
      ...(cmds && L.commands >= 0
        ? {
            commands: cmds.files.map((files, i) => ({
              files,
              cInC: i === cmds.cInC,
              demoralised: per(at(first + i)),
            })),
            scoreBonusUsed: per(at(L.commands + all + (id === 'a' ? 0 : 1))),
          }
        : {}),
      name: config[id].name,
      causes: Object.fromEntries(
        LOSS_CAUSES.map((c, i) => [c, per(at(L.causes + (id === 'a' ? 0 : LOSS_CAUSES.length) + i))]),
      ) as Record<LossCause, number>,
      elements: meanOf(at(s), at(s + 1), n),
      ap: meanOf(at(s + 2), at(s + 3), n),
      elementEquivalents: per(at(s + 4)),
      fled: per(at(s + 5)),
      files: allFiles(config[id]).map((_, i) => {
        const f = f0 + FILE_FIELDS * i;
        return { position: i, elements: per(at(f)), ap: per(at(f + 1)), wipedOut: per(at(f + 2)) };
      }),
    };
  };
  return {
    samples: n,
    aWins: wilson(at(L.aWins), n),
    bWins: wilson(at(L.bWins), n),
    draw: wilson(at(L.mutual) + at(L.undecided) + at(L.refused), n),
    mutualBreak: wilson(at(L.mutual), n),
    undecided: wilson(at(L.undecided), n),
    refused: wilson(at(L.refused), n),
    bounds,
    meanBoundsToDecision: decided > 0 ? decidedSum / decided : 0,
    meanBounds: n > 0 ? allSum / n : 0,
    a: side('a'),
    b: side('b'),
  };
}

const fixed = (x: number, d = 3) => x.toFixed(d);
const point = (x: number): Mean => ({ mean: x, lo: x, hi: x });

/** The summary every engagement model gives, from a lines summary. `points`: the system has AP. */
export function asEngagementSummary(s: LinesSummary, points: boolean, lossName: string): EngagementSummary {
  const files = (id: 'a' | 'b'): DataTable => ({
    title: `Losses by file of ${id.toUpperCase()} (${s[id].name})`,
    note: 'Files numbered from the left of the line; means per engagement.',
    columns: ['file', 'elements lost', ...(points ? ['AP lost'] : []), 'P(file wiped out)'],
    rows: s[id].files.map((f) => [
      f.position + 1,
      fixed(f.elements),
      ...(points ? [fixed(f.ap, 2)] : []),
      fixed(f.wipedOut),
    ]),
  });
  const causes: DataTable = {
    title: 'Elements lost, by cause',
    note: 'Means per engagement: destroyed in frontal combat, destroyed with an enemy on a flank, swept away with a friend in front, lost off the table edge fleeing or recoiling, destroyed by shooting.',
    columns: ['cause', `A (${s.a.name})`, `B (${s.b.name})`],
    rows: LOSS_CAUSES.map((c) => [c, fixed(s.a.causes[c]), fixed(s.b.causes[c])]),
  };
  return {
    samples: s.samples,
    names: { a: s.a.name, b: s.b.name },
    aWins: s.aWins,
    bWins: s.bWins,
    mutual: s.mutualBreak,
    undecided: s.undecided,
    ...(s.refused.count > 0 ? { refused: s.refused } : {}),
    unit: 'bound',
    histogram: s.bounds.map((b) => ({ k: b.bound, decided: b.decided, undecided: b.undecided })),
    meanToDecision: s.meanBoundsToDecision,
    losses: [
      { id: 'elements', label: 'elements lost', a: s.a.elements, b: s.b.elements },
      ...(points ? [{ id: 'ap', label: 'AP lost', a: s.a.ap, b: s.b.ap }] : []),
      {
        id: 'break',
        label: lossName,
        a: point(s.a.elementEquivalents),
        b: point(s.b.elementEquivalents),
      },
      { id: 'fled', label: 'elements fled', a: point(s.a.fled), b: point(s.b.fled) },
    ],
    tables: [
      causes,
      files('a'),
      files('b'),
      ...(s.a.score && s.b.score
        ? [
            {
              title: 'Competition score (DBM 3.2 p.25: 0 to 10 victory points a side)',
              note: 'The share of battles ending with each score, and the mean with a 95% interval.',
              columns: ['side', 'mean VP', ...s.a.score.distribution.map((_, k) => `${k}`)],
              rows: (['a', 'b'] as const).map((id) => [
                `${id.toUpperCase()} (${s[id].name})`,
                `${s[id].score!.mean.mean.toFixed(2)} [${s[id].score!.mean.lo.toFixed(2)}, ${s[id].score!.mean.hi.toFixed(2)}]`,
                ...s[id].score!.distribution.map((p) => fixed(p)),
              ]),
            } satisfies DataTable,
          ]
        : []),
      ...(['a', 'b'] as const)
        .filter((id) => s[id].commands)
        .map((id): DataTable => ({
          title: `Commands of ${id.toUpperCase()} (${s[id].name})`,
          note: "Commands numbered from the left; the C-in-C's marked. Probabilities per engagement.",
          columns: ['command', 'files', 'P(demoralised at the end)', "P(C-in-C's +1 used)"],
          rows: s[id].commands!.map((c, i) => [
            `${i + 1}${c.cInC ? ' (C-in-C)' : ''}`,
            c.files,
            fixed(c.demoralised),
            c.cInC ? fixed(s[id].scoreBonusUsed ?? 0) : '',
          ]),
        })),
    ],
    detail: s,
  };
}
