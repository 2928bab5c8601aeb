/**
 * The outcome chart as a Vega-Lite spec built from report data: one 100% stacked bar per side (and per
 * matchup when two are compared), outcomes in the rule set's order, worst first, from the left.
 */
import type { TopLevelSpec } from 'vega-lite';
import type { OddsReport } from '../../engine/odds.ts';
import type { OutcomeView } from '../rulesets/types.ts';
import { inkOn } from './ink.ts';

interface ChartDatum {
  readonly bar: string;
  /** The bar's place, top down: the y order is sorted by it, so a renamed bar keeps its place. */
  readonly row: number;
  readonly outcome: string;
  readonly order: number;
  readonly count: number;
  readonly of: number;
  readonly p: number;
  /** The colour its percentage is written in on its segment (view/ink.ts). */
  readonly ink: string;
}

/** One row per (bar, outcome): sides A then B, matchups in order within each side. */
export function chartData(outcomes: readonly OutcomeView[], reports: readonly OddsReport[]): ChartDatum[] {
  const rows: ChartDatum[] = [];
  let row = 0;
  for (const id of ['a', 'b'] as const) {
    reports.forEach((r, m) => {
      const bar = `${id.toUpperCase()}${reports.length > 1 ? m + 1 : ''} ${r[id].element}`;
      const place = row++;
      outcomes.forEach((o, order) => {
        const t = r[id].outcomes[o.id];
        if (!t) throw new Error(`report has no outcome "${o.id}"`);
        rows.push({
          bar,
          row: place,
          outcome: o.label,
          order,
          count: t.count,
          of: t.of,
          p: t.of === 0 ? 0 : t.count / t.of,
          ink: inkOn(o.color),
        });
      });
    });
  }
  return rows;
}

/** The name of the spec's data set, for updating a drawn chart in place. */
export const CHART_DATASET = 'odds';

/** Pixels a segment needs for its percentage ("100%" at 11 px bold, with a margin). */
const LABEL_ROOM = 30;

/** A bar's name on two lines when it is long and has a bracket: "A Phalanx PH" / "(TQ 7, Size 10)". */
const TWO_LINES =
  "length(datum.label) > 16 && indexof(datum.label, ' (') > 0 ? " +
  "[substring(datum.label, 0, indexof(datum.label, ' (')), substring(datum.label, indexof(datum.label, ' (') + 1)] : datum.label";

/** 0% to 100% in quarters; labels that would run together on a narrow chart are dropped. */
export const PERCENT_AXIS = {
  format: '.0%',
  values: [0, 0.25, 0.5, 0.75, 1],
  labelFlush: true,
  labelOverlap: 'greedy' as const,
  grid: true,
};

/** The page's colour scheme (dark mode follows the system setting). */
export type Theme = 'light' | 'dark';

/** Axis and legend colours for a scheme: vega's own in light mode, light ink on the dark page. */
export function themeConfig(theme: Theme): Record<string, unknown> {
  if (theme === 'light') return {};
  const ink = '#e4e8ec';
  return {
    axis: { labelColor: ink, titleColor: ink, gridColor: '#34404b' },
    legend: { labelColor: ink, titleColor: ink },
  };
}

/** A spec's config with the scheme's colours merged in. */
export function withTheme(config: Record<string, Record<string, unknown>>, theme: Theme) {
  const t = themeConfig(theme) as Record<string, Record<string, unknown>>;
  return Object.fromEntries(
    [...new Set([...Object.keys(config), ...Object.keys(t)])].map((k) => [k, { ...config[k], ...t[k] }]),
  );
}

export function chartSpec(
  outcomes: readonly OutcomeView[],
  reports: readonly OddsReport[],
  theme: Theme = 'light',
): TopLevelSpec {
  const values = chartData(outcomes, reports);
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    description: 'Chance of each outcome for each side',
    data: { name: CHART_DATASET, values: values.map((d) => ({ ...d })) },
    width: 'container',
    autosize: { type: 'fit-x', contains: 'padding' },
    // A fixed height (not a step) so the container-wide width can fit without a discrete-height warning.
    height: 32 * new Set(values.map((d) => d.bar)).size,
    background: 'transparent',
    config: withTheme(
      {
        view: { stroke: null },
        axis: { labelFontSize: 12, domain: false, ticks: false },
        legend: { labelFontSize: 12, symbolType: 'square' },
      },
      theme,
    ),
    transform: [
      { stack: 'p', groupby: ['bar'], sort: [{ field: 'order' }], as: ['p0', 'p1'] },
      { calculate: '(datum.p0 + datum.p1) / 2', as: 'mid' },
    ],
    encoding: {
      y: {
        field: 'bar',
        type: 'nominal',
        // By the bar's place, not the order names first appeared: a chart updated in place (its data
        // swapped) would otherwise put a renamed bar (A's new grade) below the others.
        sort: { field: 'row', op: 'min', order: 'ascending' },
        title: null,
        // A long side name ("A Phalanx PH (TQ 7, Size 10)") breaks before its brackets: two lines.
        axis: { labelLimit: 150, labelPadding: 6, labelExpr: TWO_LINES },
      },
    },
    layer: [
      {
        mark: { type: 'bar', height: { band: 0.8 } },
        encoding: {
          x: {
            field: 'p0',
            type: 'quantitative',
            scale: { domain: [0, 1] },
            axis: { ...PERCENT_AXIS, title: null },
          },
          x2: { field: 'p1' },
          color: {
            field: 'outcome',
            type: 'nominal',
            scale: { domain: outcomes.map((o) => o.label), range: outcomes.map((o) => o.color) },
            // At most three outcomes a row, so the legend fits a phone and a half-width chart beside the
            // "this or worse" one; only the outcomes that can happen are listed (main.ts).
            legend: {
              orient: 'bottom',
              title: null,
              direction: 'horizontal',
              columns: Math.min(3, outcomes.length),
              labelLimit: 90,
            },
          },
          tooltip: [
            { field: 'bar', title: 'side' },
            { field: 'outcome' },
            { field: 'p', format: '.1%', title: 'chance' },
            { field: 'count', title: 'rolls' },
          ],
        },
      },
      {
        mark: { type: 'text', fontSize: 11, fontWeight: 600 },
        // A percentage only where its segment holds it (about 30 pixels), in ink that reads on its colour.
        transform: [{ filter: `datum.p * width >= ${LABEL_ROOM}` }],
        encoding: {
          x: { field: 'mid', type: 'quantitative' },
          text: { field: 'p', type: 'quantitative', format: '.0%' },
          color: { field: 'ink', type: 'nominal', scale: null },
        },
      },
    ],
  };
}
