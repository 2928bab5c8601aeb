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

const VEGA_LITE_SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';

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
function titleOf(t: ChartText): { text: string; subtitle?: string } {
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

/**
 * Advance widths of printable ASCII (space to tilde) in DejaVu Sans, in hundredths of the font size. The
 * charts ask for DejaVu Sans first; the fallbacks (Liberation Sans, Arial) are narrower, so widths
 * estimated from this table err on the wide side.
 */
const ASCII_WIDTHS = (
  '32,40,46,84,64,95,78,27,39,39,50,84,32,36,32,34,64,64,64,64,64,64,64,64,64,64,34,34,84,84,84,53,100,68,69,' +
  '70,77,63,58,77,75,29,29,66,56,86,75,79,60,79,69,63,61,73,68,99,69,61,69,39,34,39,84,50,50,61,63,55,63,62,' +
  '35,63,63,28,28,58,28,97,63,61,63,63,41,52,39,63,59,82,59,59,52,64,34,64,84'
)
  .split(',')
  .map(Number);

/** Estimated width in pixels of one line of normal-weight chart text (DejaVu Sans) at `fontSize`. */
export function textWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    em += code >= 32 && code < 127 ? ASCII_WIDTHS[code - 32]! / 100 : 0.84;
  }
  return em * fontSize;
}

/** Words of `text` wrapped into lines no wider than `maxWidth` pixels (a longer single word stays whole). */
export function wrapWords(text: string, maxWidth: number, fontSize: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    const next = line === '' ? word : `${line} ${word}`;
    if (line !== '' && textWidth(next, fontSize) > maxWidth) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/**
 * A legend `labelExpr` that prints every label wider than `maxWidth` pixels on several lines (Vega draws
 * an array of strings as lines), or undefined when every label fits on one line.
 */
export function wrappedLabelExpr(
  labels: readonly string[],
  maxWidth: number,
  fontSize: number,
): string | undefined {
  const long = labels.filter((l) => textWidth(l, fontSize) > maxWidth);
  if (long.length === 0) return undefined;
  const table = Object.fromEntries(long.map((l) => [l, wrapWords(l, maxWidth, fontSize)]));
  return `(${JSON.stringify(table)})[datum.label] || datum.label`;
}
