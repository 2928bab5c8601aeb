/**
 * Cost against effectiveness: one labelled point per element type (x = its points cost, y = how well it
 * does), optional 95% error bars on the effectiveness, and the fitted line y = intercept + slope * cost.
 * Points above the line do better than their cost predicts (under-costed); points below do worse.
 */
import {
  costAxis,
  type ChartLayer,
  type ChartSpec,
  type ChartText,
  requireFinite,
  requireNonEmpty,
  specHead,
} from './common.ts';

export interface CostPoint {
  /** Element label, e.g. "Irr Kn(S)". */
  readonly label: string;
  readonly cost: number;
  readonly effectiveness: number;
  /** Optional 95% interval of the effectiveness. */
  readonly lo?: number;
  readonly hi?: number;
}

export interface LineFit {
  readonly slope: number;
  readonly intercept: number;
  /** Optional goodness of fit, shown in the legend label. */
  readonly r2?: number;
}

export interface CostEffectivenessInput extends ChartText {
  readonly points: readonly CostPoint[];
  /** The fitted line; left out, no line is drawn. */
  readonly fit?: LineFit;
  /** Default "Points cost". */
  readonly xTitle?: string;
  /** E.g. "Net effectiveness". */
  readonly yTitle: string;
  /** d3-format of effectiveness values; default ".3f". */
  readonly format?: string;
}

export function costEffectivenessSpec(input: CostEffectivenessInput): ChartSpec {
  const points = requireNonEmpty('cost points', input.points);
  const format = input.format ?? '.3f';
  const xTitle = input.xTitle ?? 'Points cost';
  for (const p of points) {
    requireFinite(`cost of ${p.label}`, p.cost);
    requireFinite(`effectiveness of ${p.label}`, p.effectiveness);
  }
  const values = points.map((p) => ({
    label: p.label,
    cost: p.cost,
    effectiveness: p.effectiveness,
    lo: p.lo ?? null,
    hi: p.hi ?? null,
  }));
  const x = {
    field: 'cost',
    type: 'quantitative',
    title: xTitle,
    scale: { zero: false, nice: true },
    axis: costAxis(points.map((p) => p.cost)),
  } as const;
  const y = {
    field: 'effectiveness',
    type: 'quantitative',
    title: input.yTitle,
    scale: { zero: false },
  } as const;
  const tooltip = [
    { field: 'label', title: 'Element' },
    { field: 'cost', title: xTitle },
    { field: 'effectiveness', title: input.yTitle, format },
    { field: 'lo', title: '95% low', format },
    { field: 'hi', title: '95% high', format },
  ];
  const layers: ChartLayer[] = [];
  const withCi = values.filter((v) => v.lo !== null && v.hi !== null);
  if (withCi.length > 0) {
    layers.push({
      data: { values: withCi },
      mark: { type: 'rule', color: '#8aa4c8', strokeWidth: 2 },
      encoding: { x, y: { ...y, field: 'lo' }, y2: { field: 'hi' }, tooltip },
    });
  }
  if (input.fit !== undefined) {
    const { slope, intercept } = input.fit;
    requireFinite('fit slope', slope);
    requireFinite('fit intercept', intercept);
    const costs = points.map((p) => p.cost);
    const lo = Math.min(...costs);
    const hi = Math.max(...costs);
    const pad = hi > lo ? (hi - lo) * 0.05 : 1;
    const r2 = input.fit.r2 === undefined ? '' : `, R² = ${input.fit.r2.toFixed(2)}`;
    const signed = (v: number) => (v < 0 ? `−${(-v).toFixed(3)}` : v.toFixed(3));
    const line = `fit: ${signed(intercept)} ${slope < 0 ? '−' : '+'} ${Math.abs(slope).toFixed(3)} × cost${r2}`;
    layers.push({
      data: {
        values: [lo - pad, hi + pad].map((cost) => ({ cost, effectiveness: intercept + slope * cost, line })),
      },
      mark: { type: 'line', strokeDash: [6, 4], strokeWidth: 2 },
      encoding: {
        x,
        y,
        color: {
          field: 'line',
          type: 'nominal',
          title: null,
          scale: { range: ['#d62728'] },
          legend: { orient: 'bottom', labelLimit: 0 },
        },
      },
    });
  }
  layers.push(
    {
      mark: { type: 'point', filled: true, size: 70, color: '#1f4e8c' },
      encoding: { x, y, tooltip },
    },
    {
      mark: { type: 'text', align: 'left', dx: 7, dy: -6, fontSize: 11 },
      encoding: { x, y, text: { field: 'label' } },
    },
  );
  return {
    ...specHead(input),
    width: 520,
    height: 340,
    data: { values },
    layer: layers,
  };
}
