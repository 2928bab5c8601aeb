/**
 * Matchup heatmap: one cell per (row type, column type) pair, coloured on a diverging scale centred on a
 * neutral value (0 for a net effectiveness, 0.5 for a probability of winning), with the value printed in
 * the cell. Red is below the centre, blue above; the scale is symmetric so equal distances from the
 * centre get equally strong colours.
 */
import {
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
  /** Optional 95% interval, shown in the tooltip. */
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
const CELL = 46;

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
  const values = cells.map((c) => ({
    row: c.row,
    col: c.col,
    value: c.value,
    lo: c.lo ?? null,
    hi: c.hi ?? null,
  }));
  const x = {
    field: 'col',
    type: 'nominal',
    sort: cols,
    title: input.colTitle,
    axis: { orient: 'top', labelAngle: -40 },
  } as const;
  const y = { field: 'row', type: 'nominal', sort: rows, title: input.rowTitle } as const;
  const tooltip = [
    { field: 'row', title: input.rowTitle },
    { field: 'col', title: input.colTitle },
    { field: 'value', title: input.valueTitle, format },
    { field: 'lo', title: '95% low', format },
    { field: 'hi', title: '95% high', format },
  ];
  return {
    ...specHead(input),
    width: Math.max(1, cols.length) * CELL,
    height: Math.max(1, rows.length) * CELL,
    data: { values },
    encoding: { x, y },
    layer: [
      {
        mark: { type: 'rect', stroke: 'white', strokeWidth: 1 },
        encoding: {
          color: {
            field: 'value',
            type: 'quantitative',
            title: input.valueTitle,
            scale: { scheme: 'redblue', domain: [centre - spread, centre + spread], domainMid: centre },
            legend: { format, gradientLength: Math.max(80, rows.length * CELL - 20) },
          },
          tooltip,
        },
      },
      {
        mark: { type: 'text', fontSize: 11 },
        encoding: {
          text: { field: 'value', type: 'quantitative', format },
          color: {
            condition: { test: `abs(datum.value - ${centre}) > ${0.6 * spread}`, value: 'white' },
            value: 'black',
          },
          tooltip,
        },
      },
    ],
  };
}
