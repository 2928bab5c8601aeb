/**
 * Bounds to a decision: for each series (a matchup, or one side's wins), the probability that the
 * engagement was decided in bound k, as bars (side by side when there are several series). A dashed
 * rule marks each series' mean, labelled "mean 4.2" above the plot in the series' colour. Mass far to the
 * right means long, grinding fights. Whether undecided fights are in the bars is the caller's choice (the
 * engagement study plots only the fights in which a side broke).
 * With two or more series a legend below the plot names them, one per line, long names wrapped; a single
 * series has no legend (name it in the title or subtitle).
 */
import {
  type ChartLayer,
  type ChartSpec,
  type ChartText,
  requireFinite,
  requireNonEmpty,
  specHead,
  wrappedLabelExpr,
} from './common.ts';

export interface BoundsSeries {
  /** E.g. "Bd(O) v Kn(S)". */
  readonly name: string;
  /** Probability the fight was decided in bound k (the `bounds` of an EngagementSummary fits as is). */
  readonly bounds: readonly { readonly bound: number; readonly p: number }[];
  /** Mean bounds to a decision; drawn as a dashed rule, labelled with its value, when given. */
  readonly mean?: number;
}

export interface BoundsHistogramInput extends ChartText {
  readonly series: readonly BoundsSeries[];
  /** Default "Bound in which a side broke". */
  readonly xTitle?: string;
}

/** Legend labels wider than this (pixels) are wrapped onto several lines, so the legend fits a phone. */
const LEGEND_LABEL_WIDTH = 240;
const LEGEND_FONT_SIZE = 11;
/** Vertical distance between the mean labels of successive series, in pixels. */
const MEAN_LABEL_STEP = 14;

export function boundsHistogramSpec(input: BoundsHistogramInput): ChartSpec {
  const series = requireNonEmpty('bounds series', input.series);
  const names = series.map((s) => s.name);
  const values = series.flatMap((s) =>
    s.bounds.map((b) => ({
      series: s.name,
      bound: requireFinite(`bound of ${s.name}`, b.bound),
      p: requireFinite(`P(bound ${b.bound}) of ${s.name}`, b.p),
    })),
  );
  requireNonEmpty('bounds', values);
  const maxBound = Math.max(...values.map((v) => v.bound));
  const minBound = Math.min(...values.map((v) => v.bound));
  const xTitle = input.xTitle ?? 'Bound in which a side broke';
  const labelExpr = wrappedLabelExpr(names, LEGEND_LABEL_WIDTH, LEGEND_FONT_SIZE);
  const color = {
    field: 'series',
    type: 'nominal',
    sort: names,
    title: null,
    legend:
      series.length < 2
        ? null
        : {
            orient: 'bottom',
            direction: 'vertical',
            columns: 1,
            labelLimit: 0,
            labelFontSize: LEGEND_FONT_SIZE,
            symbolType: 'square',
            ...(labelExpr === undefined ? {} : { labelExpr }),
          },
  } as const;
  const domain = [minBound - 0.5, maxBound + 0.5];
  const x = {
    field: 'bound',
    type: 'quantitative' as const,
    title: xTitle,
    scale: { domain, nice: false },
    axis: { tickMinStep: 1, format: 'd' },
  };
  const n = series.length;
  const band = 0.8 / n;
  const layers: ChartLayer[] = [
    {
      transform: [
        { calculate: `indexof(${JSON.stringify(names)}, datum.series)`, as: 'k' },
        { calculate: `datum.bound - 0.4 + datum.k * ${band}`, as: 'x0' },
        { calculate: `datum.x0 + ${band}`, as: 'x1' },
      ],
      mark: { type: 'rect' },
      encoding: {
        x: { ...x, field: 'x0' },
        x2: { field: 'x1' },
        y: { field: 'p', type: 'quantitative', title: 'Probability', axis: { format: '.0%' } },
        color,
        tooltip: [
          { field: 'series', title: 'Series' },
          { field: 'bound', title: 'Bound' },
          { field: 'p', title: 'Probability', format: '.2%' },
        ],
      },
    },
  ];
  const means = series.flatMap((s, k) =>
    s.mean === undefined
      ? []
      : [
          {
            series: s.name,
            mean: requireFinite(`mean of ${s.name}`, s.mean),
            label: `mean ${s.mean.toFixed(1)}`,
            // the label sits right of its rule, or left of it in the right quarter of the plot
            side: (s.mean - domain[0]!) / (domain[1]! - domain[0]!) > 0.75 ? 'left' : 'right',
            dy: -6 - MEAN_LABEL_STEP * (meanCount(series, k) - 1),
          },
        ],
  );
  if (means.length > 0) {
    const tooltip = [
      { field: 'series', title: 'Series' },
      { field: 'mean', title: 'Mean', format: '.2f' },
    ];
    layers.push(
      {
        data: { values: means },
        mark: { type: 'rule', strokeDash: [5, 3], strokeWidth: 2 },
        encoding: { x: { ...x, field: 'mean' }, color, tooltip },
      },
      {
        data: { values: means },
        mark: {
          type: 'text',
          baseline: 'bottom',
          fontSize: 11,
          fontWeight: 'bold',
          align: { expr: "datum.side === 'left' ? 'right' : 'left'" },
          dx: { expr: "datum.side === 'left' ? -3 : 3" },
          dy: { expr: 'datum.dy' },
        },
        encoding: {
          x: { ...x, field: 'mean' },
          y: { value: 0 },
          text: { field: 'label' },
          color,
          tooltip,
        },
      },
    );
  }
  return {
    ...specHead(input),
    width: Math.min(640, Math.max(320, (maxBound - minBound + 1) * 14 * Math.max(1, n))),
    height: 240,
    data: { values },
    layer: layers,
  };
}

/** How many of the series up to and including `k` carry a mean (their labels stack upwards). */
function meanCount(series: readonly BoundsSeries[], k: number): number {
  return series.slice(0, k + 1).filter((s) => s.mean !== undefined).length;
}
