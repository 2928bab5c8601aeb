/**
 * What every chart shares: the spec type, a common look, and small helpers. Builders here return concise
 * Vega-Lite specs with their data inline (`data.values`), never a URL, so a spec is a complete,
 * self-contained description of one chart (ARCHITECTURE.md "The pipeline": the report layer builds concise Vega-Lite specs).
 */
import type { TopLevelSpec } from 'vega-lite';

/** A concise Vega-Lite spec, as every chart builder returns it. */
export type ChartSpec = TopLevelSpec;

/** One layer of a layered chart. */
export type ChartLayer = Extract<TopLevelSpec, { layer: unknown }>['layer'][number];

/** Text shared by every chart: a title and an optional subtitle (e.g. the rule version and sample size). */
export interface ChartText {
  readonly title: string;
  readonly subtitle?: string;
}

export const VEGA_LITE_SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';

/** One look for every chart: white background, readable type, no chart border. */
export const CHART_CONFIG = {
  background: 'white',
  padding: 8,
  font: 'DejaVu Sans, Liberation Sans, Arial, sans-serif',
  view: { stroke: null },
  title: { fontSize: 15, subtitleFontSize: 12, subtitleColor: '#555', anchor: 'start', offset: 10 },
  axis: { labelFontSize: 11, titleFontSize: 12, titlePadding: 8 },
  legend: { labelFontSize: 11, titleFontSize: 12 },
} as const;

/** The title block of a spec. */
export function titleOf(t: ChartText): { text: string; subtitle?: string } {
  return t.subtitle === undefined ? { text: t.title } : { text: t.title, subtitle: t.subtitle };
}

/** The top of every spec: schema, title, config. */
export function specHead(t: ChartText): {
  $schema: string;
  title: { text: string; subtitle?: string };
  config: typeof CHART_CONFIG;
} {
  return { $schema: VEGA_LITE_SCHEMA, title: titleOf(t), config: CHART_CONFIG };
}

/** Throw when a number that a chart plots is not finite (NaN would silently drop a mark). */
export function requireFinite(what: string, v: number): number {
  if (!Number.isFinite(v)) throw new Error(`${what} must be a finite number, got ${v}`);
  return v;
}

/** Throw when a list a chart needs is empty. */
export function requireNonEmpty<T>(what: string, xs: readonly T[]): readonly T[] {
  if (xs.length === 0) throw new Error(`${what} must not be empty`);
  return xs;
}

/** The distinct values of `xs` in first-seen order. */
export function distinct(xs: readonly string[]): string[] {
  return [...new Set(xs)];
}

/** Axis settings for a points-cost axis: whole-number ticks when every cost is a whole number. */
export function costAxis(costs: readonly number[]): { labelOverlap: 'greedy'; tickMinStep?: number } {
  return costs.every(Number.isInteger)
    ? { labelOverlap: 'greedy', tickMinStep: 1 }
    : { labelOverlap: 'greedy' };
}
