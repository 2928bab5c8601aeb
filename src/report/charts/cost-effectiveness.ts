/**
 * Cost against effectiveness: one labelled point per element type (x = its points cost, y = how well it
 * does), optional 95% error bars on the effectiveness, and, when a fit is given, the fitted line
 * y = intercept + slope * cost (dashed red, its equation and R² in the legend). Points above the line do
 * better than their cost predicts; points below do worse. Labels are placed so that they overlap neither
 * each other nor the points (label-layout.ts); a label that had to move away from its point is joined to
 * it by a thin grey line, and a label with no free place at all is left out (the point's tooltip names
 * it).
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
import { placeLabels } from './label-layout.ts';

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

/**
 * Plot width in pixels in the chart files (the report page draws it at the width of its box instead), and
 * its height: 16 pixels a point, at least 340 and at most 640, so crowded charts get room for labels.
 */
const PLOT_WIDTH = 520;
const plotHeight = (points: number): number => Math.min(640, Math.max(340, 16 * points));
/**
 * The narrowest plot the labels are laid out for: a 320-pixel phone leaves about this much beside the
 * y axis. Drawn narrower, labels may touch.
 */
export const MIN_PLOT_WIDTH = 230;
const LABEL_FONT_SIZE = 11;
/** Radius of a point's symbol in pixels (area 70). */
const POINT_RADIUS = Math.sqrt(70 / Math.PI);

/** [lo, hi] of the values, widened by `pad` of their span on both sides (an empty span becomes ±1). */
function paddedDomain(vs: readonly number[], pad: number): [number, number] {
  const lo = Math.min(...vs);
  const hi = Math.max(...vs);
  const span = hi > lo ? hi - lo : 2;
  const mid = (lo + hi) / 2;
  return hi > lo ? [lo - span * pad, hi + span * pad] : [mid - span / 2, mid + span / 2];
}

export function costEffectivenessSpec(input: CostEffectivenessInput): ChartSpec {
  const points = requireNonEmpty('cost points', input.points);
  const format = input.format ?? '.3f';
  const xTitle = input.xTitle ?? 'Points cost';
  for (const p of points) {
    requireFinite(`cost of ${p.label}`, p.cost);
    requireFinite(`effectiveness of ${p.label}`, p.effectiveness);
    if (p.lo !== undefined) requireFinite(`95% low of ${p.label}`, p.lo);
    if (p.hi !== undefined) requireFinite(`95% high of ${p.label}`, p.hi);
  }
  const xDomain = paddedDomain(
    points.map((p) => p.cost),
    0.08,
  );
  const yDomain = paddedDomain(
    points.flatMap((p) => [p.effectiveness, p.lo ?? p.effectiveness, p.hi ?? p.effectiveness]),
    0.1,
  );
  const height = plotHeight(points.length);
  const px = (v: number) => ((v - xDomain[0]) / (xDomain[1] - xDomain[0])) * MIN_PLOT_WIDTH;
  const py = (v: number) => height - ((v - yDomain[0]) / (yDomain[1] - yDomain[0])) * height;
  const placements = placeLabels(
    points.map((p) => ({
      x: px(p.cost),
      y: py(p.effectiveness),
      text: p.label,
      ...(p.lo !== undefined && p.hi !== undefined ? { bar: { y0: py(p.hi), y1: py(p.lo) } } : {}),
    })),
    { width: MIN_PLOT_WIDTH, height, fontSize: LABEL_FONT_SIZE, pointRadius: POINT_RADIUS },
  );
  const values = points.map((p, i) => {
    const at = placements[i]!;
    // a leader runs from the point's rim to just short of the label
    const len = Math.hypot(at.dx, at.dy) || 1;
    return {
      label: p.label,
      cost: p.cost,
      effectiveness: p.effectiveness,
      lo: p.lo ?? null,
      hi: p.hi ?? null,
      dx: at.dx,
      dy: at.dy,
      align: at.align,
      leader: at.leader,
      shown: !at.crowded,
      l0x: (at.dx / len) * (POINT_RADIUS + 1),
      l0y: (at.dy / len) * (POINT_RADIUS + 1),
      l1x: at.dx + (at.align === 'left' ? -2 : at.align === 'right' ? 2 : 0),
      l1y: at.dy,
    };
  });
  const x = {
    field: 'cost',
    type: 'quantitative',
    title: xTitle,
    scale: { domain: xDomain, nice: false, zero: false },
    axis: costAxis(points.map((p) => p.cost)),
  } as const;
  const y = {
    field: 'effectiveness',
    type: 'quantitative',
    title: input.yTitle,
    scale: { domain: yDomain, nice: false, zero: false },
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
    const r2 = input.fit.r2 === undefined ? '' : `, R² = ${input.fit.r2.toFixed(2)}`;
    const signed = (v: number) => (v < 0 ? `−${(-v).toFixed(3)}` : v.toFixed(3));
    const line = `fit: ${signed(intercept)} ${slope < 0 ? '−' : '+'} ${Math.abs(slope).toFixed(3)} × cost${r2}`;
    layers.push({
      data: {
        values: xDomain.map((cost) => ({ cost, effectiveness: intercept + slope * cost, line })),
      },
      mark: { type: 'line', strokeDash: [6, 4], strokeWidth: 2, clip: true },
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
  const leaders = values.filter((v) => v.leader && v.shown);
  if (leaders.length > 0)
    layers.push({
      data: { values: leaders },
      mark: {
        type: 'rule',
        color: '#888888',
        strokeWidth: 1,
        xOffset: { expr: 'datum.l0x' },
        yOffset: { expr: 'datum.l0y' },
        x2Offset: { expr: 'datum.l1x' },
        y2Offset: { expr: 'datum.l1y' },
      },
      encoding: { x, y, x2: { field: 'cost' }, y2: { field: 'effectiveness' } },
    });
  layers.push(
    {
      mark: { type: 'point', filled: true, size: 70, color: '#1f4e8c' },
      encoding: { x, y, tooltip },
    },
    {
      transform: [{ filter: 'datum.shown' }],
      mark: {
        type: 'text',
        baseline: 'middle',
        fontSize: LABEL_FONT_SIZE,
        align: { expr: 'datum.align' },
        dx: { expr: 'datum.dx' },
        dy: { expr: 'datum.dy' },
      },
      encoding: { x, y, text: { field: 'label' }, tooltip },
    },
  );
  return {
    ...specHead(input),
    width: PLOT_WIDTH,
    height,
    data: { values },
    layer: layers,
  };
}
