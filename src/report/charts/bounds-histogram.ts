/**
 * Bounds to a decision: for each series (a matchup, or one side's wins), the probability that the
 * engagement was decided in bound k, as bars (grouped when there are several series), with a dashed rule
 * at each series' mean. Mass far to the right means long, grinding fights; a last bar at the bound limit
 * usually holds the undecided fights.
 */
import {
  type ChartLayer,
  type ChartSpec,
  type ChartText,
  requireFinite,
  requireNonEmpty,
  specHead,
} from './common.ts';

export interface BoundsSeries {
  /** E.g. "Bd(O) v Kn(S)". */
  readonly name: string;
  /** Probability the fight was decided in bound k (the `bounds` of an EngagementSummary fits as is). */
  readonly bounds: readonly { readonly bound: number; readonly p: number }[];
  /** Mean bounds to a decision; drawn as a dashed rule when given. */
  readonly mean?: number;
}

export interface BoundsHistogramInput extends ChartText {
  readonly series: readonly BoundsSeries[];
  /** Default "Bound in which a side broke". */
  readonly xTitle?: string;
}

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
  const color = {
    field: 'series',
    type: 'nominal',
    sort: names,
    title: null,
    legend: { orient: 'bottom' },
  } as const;
  const x = {
    field: 'bound',
    type: 'quantitative' as const,
    title: xTitle,
    scale: { domain: [minBound - 0.5, maxBound + 0.5], nice: false },
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
          { field: 'p', title: 'Probability', format: '.4f' },
        ],
      },
    },
  ];
  const means = series.flatMap((s) =>
    s.mean === undefined ? [] : [{ series: s.name, mean: requireFinite(`mean of ${s.name}`, s.mean) }],
  );
  if (means.length > 0) {
    layers.push({
      data: { values: means },
      mark: { type: 'rule', strokeDash: [5, 3], strokeWidth: 2 },
      encoding: {
        x: { ...x, field: 'mean' },
        color,
        tooltip: [
          { field: 'series', title: 'Series' },
          { field: 'mean', title: 'Mean bounds', format: '.2f' },
        ],
      },
    });
  }
  return {
    ...specHead(input),
    width: Math.min(640, Math.max(320, (maxBound - minBound + 1) * 14 * Math.max(1, n))),
    height: 240,
    data: { values },
    layer: layers,
  };
}
