/**
 * Matchup heatmap: one cell per (row type, column type) pair, coloured on a diverging scale centred on a
 * neutral value (0 for a net effectiveness, 0.5 for a probability of winning), with the value printed in
 * the cell. Red is below the centre, blue above; the scale is symmetric so equal distances from the
 * centre get equally strong colours. Where cells carry a 95% interval, the tooltip gives it, and a small
 * ring in the cell's top right corner marks every cell whose interval includes the centre (a result the
 * data cannot tell from even), explained by a legend entry. The chart is sized by cells (one step per row
 * and column), so on a narrow screen it scrolls inside its box rather than shrinking its text.
 */
import {
  type ChartLayer,
  type ChartSpec,
  type ChartText,
  distinct,
  requireFinite,
  requireNonEmpty,
  specHead,
} from './common.ts';

export interface HeatmapCell {
  /** Row label, e.g. the element type of side A ("Reg Bd(O)"). */
  readonly row: string;
  /** Column label, e.g. the element type of side B. */
  readonly col: string;
  /** The plotted value, from the row's point of view. */
  readonly value: number;
  /**
   * Optional 95% interval: given in the tooltip, and a ring marks the cell when it includes the centre.
   * An open end may be -Infinity (lo) or Infinity (hi); a missing end counts as open.
   */
  readonly lo?: number;
  readonly hi?: number;
}

export interface MatchupHeatmapInput extends ChartText {
  /** Axis title of the rows, e.g. "Side A". */
  readonly rowTitle: string;
  /** Axis title of the columns, e.g. "Side B". */
  readonly colTitle: string;
  /** What a cell's value is, e.g. "Net effectiveness" or "P(A wins)"; the legend title. */
  readonly valueTitle: string;
  readonly cells: readonly HeatmapCell[];
  /** Row order (top to bottom); defaults to first-seen order in `cells`. */
  readonly rows?: readonly string[];
  /** Column order (left to right); defaults to first-seen order in `cells`. */
  readonly cols?: readonly string[];
  /** The neutral value the colours diverge from: 0 (default) or 0.5 for probabilities. */
  readonly centre?: number;
  /** d3-format of the cell text and tooltip; default ".2f". */
  readonly format?: string;
}

/** Side of one square cell in pixels. */
const CELL = 42;

/** Validates one end of an interval: finite, or infinite on its own side (an open end). */
function intervalEnd(what: string, v: number | undefined, open: number): number | null {
  if (v === undefined || v === open) return null;
  return requireFinite(what, v);
}

export function matchupHeatmapSpec(input: MatchupHeatmapInput): ChartSpec {
  const cells = requireNonEmpty('heatmap cells', input.cells);
  const centre = requireFinite('heatmap centre', input.centre ?? 0);
  const rows = input.rows ?? distinct(cells.map((c) => c.row));
  const cols = input.cols ?? distinct(cells.map((c) => c.col));
  const format = input.format ?? '.2f';
  let spread = 0;
  for (const c of cells)
    spread = Math.max(spread, Math.abs(requireFinite(`cell ${c.row}/${c.col}`, c.value) - centre));
  if (spread === 0) spread = 1;
  const values = cells.map((c) => {
    const interval = c.lo !== undefined || c.hi !== undefined;
    const lo = intervalEnd(`95% low of ${c.row}/${c.col}`, c.lo, -Infinity);
    const hi = intervalEnd(`95% high of ${c.row}/${c.col}`, c.hi, Infinity);
    return {
      row: c.row,
      col: c.col,
      value: c.value,
      lo,
      hi,
      interval,
      // an absent or open end reaches past the centre
      crosses: interval && (lo === null || lo <= centre) && (hi === null || hi >= centre),
    };
  });
  const x = {
    field: 'col',
    type: 'nominal',
    sort: cols,
    title: input.colTitle,
    axis: { orient: 'top', labelAngle: -40 },
  } as const;
  const y = { field: 'row', type: 'nominal', sort: rows, title: input.rowTitle } as const;
  const f = JSON.stringify(format);
  const tooltip = [
    { field: 'row', title: input.rowTitle },
    { field: 'col', title: input.colTitle },
    { field: 'value', title: input.valueTitle, format },
    ...(values.some((v) => v.interval) ? [{ field: 'intervalText', title: '95% interval' }] : []),
  ];
  const strong = `abs(datum.value - ${centre}) > ${0.6 * spread}`;
  const crossing = values.filter((v) => v.crosses);
  const layers: ChartLayer[] = [
    {
      mark: { type: 'rect', stroke: 'white', strokeWidth: 1 },
      encoding: {
        color: {
          field: 'value',
          type: 'quantitative',
          title: input.valueTitle,
          scale: { scheme: 'redblue', domain: [centre - spread, centre + spread], domainMid: centre },
          legend: {
            format,
            orient: 'top',
            direction: 'horizontal',
            gradientLength: Math.min(220, Math.max(120, cols.length * CELL - 40)),
          },
        },
        tooltip,
      },
    },
    {
      mark: { type: 'text', fontSize: 11 },
      encoding: {
        text: { field: 'value', type: 'quantitative', format },
        color: { condition: { test: strong, value: 'white' }, value: 'black' },
        tooltip,
      },
    },
  ];
  if (crossing.length > 0)
    layers.push({
      data: { values: crossing },
      mark: {
        type: 'point',
        shape: 'circle',
        filled: false,
        size: 34,
        strokeWidth: 1.5,
        xOffset: CELL / 2 - 8,
        yOffset: -(CELL / 2 - 8),
      },
      encoding: {
        shape: {
          datum: `95% interval includes ${centre}`,
          type: 'nominal',
          scale: { range: ['circle'] },
          title: null,
          legend: {
            orient: 'top',
            labelLimit: 0,
            symbolOpacity: 1,
            symbolStrokeColor: 'black',
            symbolFillColor: 'transparent',
          },
        },
        stroke: { condition: { test: strong, value: 'white' }, value: 'black' },
        tooltip,
      },
    });
  const head = specHead(input);
  return {
    ...head,
    // Legends above the plot stack one under the other, starting at the left (Vega's legend layout; Vega-Lite
    // passes the object through although its type only names an expression)
    config: {
      ...head.config,
      legend: { ...head.config.legend, layout: { top: { direction: 'vertical', anchor: 'start' } } as never },
    },
    width: { step: CELL },
    height: { step: CELL },
    data: { values },
    transform: [
      {
        calculate: `datum.interval ? (datum.lo === null ? '−∞' : format(datum.lo, ${f})) + ' to ' + (datum.hi === null ? '∞' : format(datum.hi, ${f})) : ''`,
        as: 'intervalText',
      },
    ],
    encoding: { x, y },
    layer: layers,
  };
}
