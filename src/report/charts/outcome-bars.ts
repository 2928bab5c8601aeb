/**
 * Outcome distribution of one matchup: for each side, the probability of each combat outcome (e.g. DBM's
 * destroyed / flee / recoil / none), as bars grouped by outcome, one colour per side, the probability
 * printed on each bar and optional 95% error bars (for sampled results; exact results have none).
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

export interface OutcomeProbability {
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
  /** Outcome order on the x axis; defaults to first-seen order. */
  readonly order?: readonly string[];
}

export function outcomeBarsSpec(input: OutcomeBarsInput): ChartSpec {
  const sides = requireNonEmpty('outcome sides', input.sides);
  const values = sides.flatMap((s) =>
    s.outcomes.map((o) => ({
      side: s.name,
      outcome: o.outcome,
      p: requireFinite(`P(${o.outcome}) of ${s.name}`, o.p),
      lo: o.lo ?? null,
      hi: o.hi ?? null,
      /** Where the value label sits: above the bar, or above its error bar. */
      top: Math.max(o.p, o.hi ?? o.p),
    })),
  );
  requireNonEmpty('outcomes', values);
  const order = input.order ?? distinct(values.map((v) => v.outcome));
  const sideNames = sides.map((s) => s.name);
  const x = {
    field: 'outcome',
    type: 'nominal',
    sort: order,
    title: 'Outcome',
    axis: { labelAngle: 0 },
  } as const;
  const xOffset = { field: 'side', type: 'nominal', sort: sideNames } as const;
  const tooltip = [
    { field: 'side', title: 'Side' },
    { field: 'outcome', title: 'Outcome' },
    { field: 'p', title: 'Probability', format: '.4f' },
    { field: 'lo', title: '95% low', format: '.4f' },
    { field: 'hi', title: '95% high', format: '.4f' },
  ];
  const layers: ChartLayer[] = [
    {
      mark: { type: 'bar' },
      encoding: {
        y: {
          field: 'p',
          type: 'quantitative',
          title: 'Probability',
          scale: { domain: [0, 1] },
          axis: { format: '.0%' },
        },
        color: {
          field: 'side',
          type: 'nominal',
          sort: sideNames,
          title: 'Side',
          legend: { orient: 'bottom' },
        },
        tooltip,
      },
    },
    {
      mark: { type: 'text', dy: -6, fontSize: 10 },
      encoding: {
        y: { field: 'top', type: 'quantitative' },
        text: { field: 'p', type: 'quantitative', format: '.3f' },
      },
    },
  ];
  const withCi = values.filter((v) => v.lo !== null && v.hi !== null);
  if (withCi.length > 0) {
    layers.push({
      data: { values: withCi },
      mark: { type: 'rule', color: 'black' },
      encoding: { y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' } },
    });
  }
  return {
    ...specHead(input),
    width: { step: 34 },
    height: 260,
    data: { values },
    encoding: { x, xOffset },
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
