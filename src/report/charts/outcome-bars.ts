/**
 * Outcome distribution of one matchup: for each side, the probability of each combat outcome (e.g. DBM's
 * destroyed / flee / recoil / none), as horizontal bars, one row per outcome with a bar per side in the
 * side's colour, optional 95% error bars (for sampled results; exact results have none) and the
 * probability printed at the end of each bar as a percentage (19.4%; inside the bar when it runs near the
 * right edge). The axis reads in whole percent, 0% to 100%. Rows and bars have a fixed height and the bars
 * run across, so the chart takes the width of its box on the page and labels never collide.
 */
import type { OddsReport } from '../../engine/odds.ts';
import {
  type ChartLayer,
  type ChartSpec,
  type ChartText,
  distinct,
  requireFinite,
  requireNonEmpty,
  specHead,
} from './common.ts';

/** d3 formats: the axis in whole percent, bar labels to a tenth, the tooltip to a hundredth. */
const PERCENT_AXIS = '.0%';
const PERCENT_LABEL = '.1%';
const PERCENT_TOOLTIP = '.2%';
/** A label whose bar (or error bar) reaches past this probability is printed inside the bar. */
export const LABEL_INSIDE_FROM = 0.82;

interface OutcomeProbability {
  readonly outcome: string;
  readonly p: number;
  readonly lo?: number;
  readonly hi?: number;
}

export interface OutcomeSide {
  /** E.g. "A: Reg Bd(O)". */
  readonly name: string;
  readonly outcomes: readonly OutcomeProbability[];
}

export interface OutcomeBarsInput extends ChartText {
  readonly sides: readonly OutcomeSide[];
  /** Outcome order, top to bottom; defaults to first-seen order. */
  readonly order?: readonly string[];
}

export function outcomeBarsSpec(input: OutcomeBarsInput): ChartSpec {
  const sides = requireNonEmpty('outcome sides', input.sides);
  const values = sides.flatMap((s) =>
    s.outcomes.map((o) => {
      const p = requireFinite(`P(${o.outcome}) of ${s.name}`, o.p);
      const lo = o.lo === undefined ? null : requireFinite(`95% low of ${o.outcome}`, o.lo);
      const hi = o.hi === undefined ? null : requireFinite(`95% high of ${o.outcome}`, o.hi);
      const end = Math.max(p, hi ?? p);
      const inside = end > LABEL_INSIDE_FROM;
      return {
        side: s.name,
        outcome: o.outcome,
        p,
        lo,
        hi,
        /** Where the label is anchored: past the bar and its error bar, or inside the bar's end. */
        labelAt: inside ? p : end,
        inside,
      };
    }),
  );
  requireNonEmpty('outcomes', values);
  const order = input.order ?? distinct(values.map((v) => v.outcome));
  const sideNames = sides.map((s) => s.name);
  const y = {
    field: 'outcome',
    type: 'nominal',
    sort: order,
    title: null,
    scale: { paddingInner: 0.3 },
  } as const;
  const yOffset = { field: 'side', type: 'nominal', sort: sideNames } as const;
  const tooltip = [
    { field: 'side', title: 'Side' },
    { field: 'outcome', title: 'Outcome' },
    { field: 'p', title: 'Probability', format: PERCENT_TOOLTIP },
    { field: 'lo', title: '95% low', format: PERCENT_TOOLTIP },
    { field: 'hi', title: '95% high', format: PERCENT_TOOLTIP },
  ];
  const layers: ChartLayer[] = [
    {
      mark: { type: 'bar' },
      encoding: {
        x: {
          field: 'p',
          type: 'quantitative',
          title: 'Probability',
          scale: { domain: [0, 1] },
          axis: { format: PERCENT_AXIS },
        },
        color: {
          field: 'side',
          type: 'nominal',
          sort: sideNames,
          title: null,
          legend: { orient: 'bottom', direction: 'vertical', columns: 1, labelLimit: 0 },
        },
        tooltip,
      },
    },
  ];
  const withCi = values.filter((v) => v.lo !== null && v.hi !== null);
  if (withCi.length > 0) {
    layers.push({
      data: { values: withCi },
      mark: { type: 'rule', color: 'black', strokeWidth: 1.5 },
      encoding: { x: { field: 'lo', type: 'quantitative' }, x2: { field: 'hi' } },
    });
  }
  layers.push({
    mark: {
      type: 'text',
      fontSize: 10,
      baseline: 'middle',
      align: { expr: "datum.inside ? 'right' : 'left'" },
      dx: { expr: 'datum.inside ? -4 : 4' },
    },
    encoding: {
      x: { field: 'labelAt', type: 'quantitative' },
      text: { field: 'p', type: 'quantitative', format: PERCENT_LABEL },
      color: { condition: { test: 'datum.inside', value: 'white' }, value: 'black' },
      tooltip,
    },
  });
  return {
    ...specHead(input),
    width: 360,
    height: { step: 16, for: 'offset' },
    data: { values },
    encoding: { y, yOffset },
    layer: layers,
  };
}

/** The outcome bars of one exact odds report (`debellator odds --json`), side A then side B. */
export function outcomeBarsFromOdds(report: OddsReport, text: ChartText): OutcomeBarsInput {
  const side = (id: 'a' | 'b') => {
    const s = report[id];
    const outcomes = Object.entries(s.outcomes).map(([outcome, t]) => ({ outcome, p: t.p }));
    return { name: `${id.toUpperCase()}: ${s.element}`, outcomes };
  };
  return { ...text, sides: [side('a'), side('b')] };
}
