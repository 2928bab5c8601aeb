/**
 * Old cost to new cost against the break-even cost, one row per element type. The grey bar is the
 * interval of the break-even cost the caller gives (the balance study: the price at which the element
 * wins as often as it loses against the field, docs/balance.md), the black tick its estimate; the hollow
 * circle is the old cost and the arrow ends at the new one. The arrow is green when the new cost is nearer
 * the estimate than the old one, orange when it is further away; an unchanged cost is a grey dot in the
 * circle. The x axis is continuous, so the report page draws the chart at the width of its box.
 */
import {
  costAxis,
  type ChartSpec,
  type ChartText,
  requireFinite,
  requireNonEmpty,
  specHead,
} from './common.ts';

export interface CostChange {
  /** Element label, e.g. "Reg Bd(O)". */
  readonly label: string;
  readonly oldCost: number;
  readonly newCost: number;
  /** Estimated break-even cost and its interval (the grey bar). */
  readonly breakEven: number;
  readonly breakEvenLo: number;
  readonly breakEvenHi: number;
}

export interface CostChangeInput extends ChartText {
  readonly elements: readonly CostChange[];
  /** Names of the two versions, e.g. "DBM 3.0" and "DBM 3.2"; used in the legend and tooltip. */
  readonly oldName?: string;
  readonly newName?: string;
  /** Default "Points cost". */
  readonly xTitle?: string;
}

/** How a cost change relates to the break-even cost. */
type CostMove = 'closer to break-even' | 'further from break-even' | 'unchanged';

export function costMove(c: CostChange): CostMove {
  if (c.newCost === c.oldCost) return 'unchanged';
  return Math.abs(c.newCost - c.breakEven) < Math.abs(c.oldCost - c.breakEven)
    ? 'closer to break-even'
    : 'further from break-even';
}

const MOVES: readonly CostMove[] = ['closer to break-even', 'further from break-even', 'unchanged'];
const MOVE_COLOURS = ['#2a9d3f', '#e07b00', '#777777'];

export function costChangeSpec(input: CostChangeInput): ChartSpec {
  const elements = requireNonEmpty('cost changes', input.elements);
  const oldName = input.oldName ?? 'old';
  const newName = input.newName ?? 'new';
  const xTitle = input.xTitle ?? 'Points cost';
  const values = elements.map((e) => {
    for (const k of ['oldCost', 'newCost', 'breakEven', 'breakEvenLo', 'breakEvenHi'] as const)
      requireFinite(`${k} of ${e.label}`, e[k]);
    return {
      label: e.label,
      oldCost: e.oldCost,
      newCost: e.newCost,
      breakEven: e.breakEven,
      breakEvenLo: e.breakEvenLo,
      breakEvenHi: e.breakEvenHi,
      move: costMove(e),
      head: e.newCost >= e.oldCost ? 'triangle-right' : 'triangle-left',
    };
  });
  const y = { field: 'label', type: 'nominal', title: null, sort: elements.map((e) => e.label) } as const;
  const scaleX = { zero: false, nice: true, padding: 14 } as const;
  const tooltip = [
    { field: 'label', title: 'Element' },
    { field: 'oldCost', title: `Cost (${oldName})` },
    { field: 'newCost', title: `Cost (${newName})` },
    { field: 'breakEven', title: 'Break-even cost', format: '.2f' },
    { field: 'breakEvenLo', title: 'Break-even 95% low', format: '.2f' },
    { field: 'breakEvenHi', title: 'Break-even 95% high', format: '.2f' },
  ];
  const colour = {
    field: 'move',
    type: 'nominal',
    title: `${oldName} → ${newName}`,
    scale: { domain: [...MOVES], range: MOVE_COLOURS },
    legend: { orient: 'bottom', labelLimit: 0, columns: 1 },
  } as const;
  return {
    ...specHead(input),
    width: 480,
    height: { step: 30 },
    data: { values },
    encoding: { y },
    layer: [
      {
        mark: { type: 'bar', color: '#cfcfcf', height: 14 },
        encoding: {
          x: {
            field: 'breakEvenLo',
            type: 'quantitative',
            title: xTitle,
            scale: scaleX,
            axis: costAxis(elements.flatMap((e) => [e.oldCost, e.newCost])),
          },
          x2: { field: 'breakEvenHi' },
          tooltip,
        },
      },
      {
        mark: { type: 'tick', color: 'black', thickness: 2, size: 18 },
        encoding: { x: { field: 'breakEven', type: 'quantitative' }, tooltip },
      },
      {
        mark: { type: 'rule', strokeWidth: 2.5 },
        encoding: {
          x: { field: 'oldCost', type: 'quantitative' },
          x2: { field: 'newCost' },
          color: colour,
          tooltip,
        },
      },
      {
        mark: { type: 'point', filled: false, size: 60, strokeWidth: 2, color: 'black' },
        encoding: { x: { field: 'oldCost', type: 'quantitative' }, tooltip },
      },
      {
        mark: { type: 'point', filled: true, size: 110 },
        encoding: {
          x: { field: 'newCost', type: 'quantitative' },
          shape: { field: 'head', type: 'nominal', scale: null, legend: null },
          color: colour,
          tooltip,
        },
      },
    ],
  };
}
