/**
 * The "this or worse" chart beside the outcome bars, as a Vega-Lite spec built from report data: for
 * each side (and matchup), the chance of the worst outcome, then of each outcome or worse, down the
 * rule set's order. One line per side, A blue and B red; the second matchup of a what-if dashed.
 */
import type { TopLevelSpec } from 'vega-lite';
import type { OddsReport } from '../../engine/odds.ts';
import type { OutcomeView } from '../rulesets/types.ts';
import { PERCENT_AXIS, withTheme, type Theme } from './chart-spec.ts';
import { atLeastRows, outcomeRows } from './probabilities.ts';

interface CumulativeDatum {
  /** "A Reg Bd(O)", "B2 Irr Kn(S)". */
  readonly side: string;
  /** Which line style: the side and the matchup. */
  readonly series: string;
  /** "destroyed", "recoils or worse". */
  readonly threshold: string;
  readonly order: number;
  readonly count: number;
  readonly of: number;
  readonly p: number;
}

/** The name of the spec's data set, for updating a drawn chart in place. */
export const CUMULATIVE_DATASET = 'worse';

/** The thresholds, worst first: the worst outcome itself, then every "or worse" view the rule set has. */
export function cumulativeData(
  outcomes: readonly OutcomeView[],
  reports: readonly OddsReport[],
): CumulativeDatum[] {
  const rows: CumulativeDatum[] = [];
  const [worst] = outcomes;
  if (!worst) return rows;
  for (const id of ['a', 'b'] as const) {
    reports.forEach((r, m) => {
      const side = `${id.toUpperCase()}${reports.length > 1 ? m + 1 : ''} ${r[id].element}`;
      const first = outcomeRows([worst], r[id])[0]!;
      const series = `${id.toUpperCase()}${m + 1}`;
      rows.push({
        side,
        series,
        threshold: worst.label,
        order: 0,
        count: first.count,
        of: first.of,
        p: first.p,
      });
      atLeastRows(outcomes, r[id]).forEach((row, k) =>
        rows.push({
          side,
          series,
          threshold: row.label,
          order: k + 1,
          count: row.count,
          of: row.of,
          p: row.p,
        }),
      );
    });
  }
  return rows;
}

export function cumulativeSpec(
  outcomes: readonly OutcomeView[],
  reports: readonly OddsReport[],
  theme: Theme = 'light',
): TopLevelSpec {
  const values = cumulativeData(outcomes, reports);
  const thresholds = [...new Set(values.map((d) => d.threshold))];
  const series = [...new Set(values.map((d) => d.series))];
  const sides = [...new Set(values.map((d) => d.side))];
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    description: 'Chance of each outcome or worse, for each side',
    data: { name: CUMULATIVE_DATASET, values: values.map((d) => ({ ...d })) },
    width: 'container',
    autosize: { type: 'fit-x', contains: 'padding' },
    height: Math.max(90, 26 * thresholds.length),
    background: 'transparent',
    config: withTheme(
      {
        view: { stroke: null },
        axis: { labelFontSize: 12, domain: false, ticks: false },
        legend: { labelFontSize: 12 },
      },
      theme,
    ),
    encoding: {
      y: {
        field: 'threshold',
        type: 'nominal',
        sort: { field: 'order', op: 'min', order: 'ascending' },
        title: null,
        axis: { labelLimit: 130, labelPadding: 6 },
      },
      x: {
        field: 'p',
        type: 'quantitative',
        scale: { domain: [0, 1] },
        axis: { ...PERCENT_AXIS, title: 'this or worse' },
      },
      // Lines by series (side and matchup), so a renamed side stays the same line.
      detail: { field: 'series', type: 'nominal' },
      color: {
        field: 'side',
        type: 'nominal',
        sort: null,
        scale: {
          domain: sides,
          range: sides.map((s) => (s.startsWith('A') ? '#2f6db5' : '#b5452f')),
        },
        legend: { orient: 'bottom', title: null, direction: 'vertical', labelLimit: 260 },
      },
      strokeDash: {
        field: 'series',
        type: 'nominal',
        scale: { domain: series, range: series.map((s) => (s.endsWith('2') ? [5, 3] : [1, 0])) },
        legend: null,
      },
      order: { field: 'order' },
      tooltip: [
        { field: 'side', title: 'side' },
        { field: 'threshold', title: 'outcome' },
        { field: 'p', format: '.1%', title: 'chance' },
        { field: 'count', title: 'rolls' },
      ],
    },
    layer: [{ mark: { type: 'line', strokeWidth: 2 } }, { mark: { type: 'point', filled: true, size: 45 } }],
  };
}
