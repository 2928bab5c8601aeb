/**
 * The report as one self-contained HTML page: prose, tables, and Vega-Lite charts drawn in the browser by
 * vega-embed, with the vega, vega-lite and vega-embed builds inlined so the page opens offline from disk
 * (file://). Each section says how to reproduce its numbers. A pure function of its inputs: the script
 * texts come in as arguments (see assets.ts), nothing is read or fetched here.
 *
 * Phones: the page itself never scrolls sideways. A chart whose spec has a fixed pixel width (a continuous
 * x axis: histograms, scatters, cost rows) is drawn on the page at the width of its box instead
 * (`width: "container"`, see pageSpec); a chart sized by steps (one band per category, as the heatmap)
 * keeps its size and scrolls inside its box. Titles are wrapped to the box's width when drawn, and tables
 * scroll inside their own box. The files under charts/ keep the builder's fixed size.
 */
import type { VegaScripts } from './assets.ts';
import type { ChartSpec } from './charts/common.ts';
import { cellText, kindOf, type Table } from './table.ts';

export interface ReportChart {
  /** Unique in the report: letters, digits, '.', '_' and '-' (it names the div and the image files). */
  readonly name: string;
  readonly spec: ChartSpec;
  readonly caption: string;
}

/** A table of the page: its caption and its data (report/table.ts), the same data the Markdown and CSV get. */
export interface ReportTable {
  readonly caption: string;
  readonly table: Table;
}

export interface ReportSection {
  readonly heading: string;
  /** Prose; blank lines separate paragraphs, `backticks` mark code. */
  readonly text: string;
  readonly charts?: readonly ReportChart[];
  readonly tables?: readonly ReportTable[];
  /** The command line that reproduces this section's numbers. */
  readonly reproduce: string;
}

export interface ReportInput {
  readonly title: string;
  /**
   * The answer, first: one plain sentence each, shown right under the title, before the intro, the
   * contents and any method text (a study's ReportPart.lead).
   */
  readonly lead?: readonly string[];
  readonly intro: string;
  readonly sections: readonly ReportSection[];
  /** E.g. "debellator 0.1.0, seed 1, 2026-11-21"; shown at the foot of the page. */
  readonly footer?: string;
}

interface HtmlOptions {
  /**
   * Folder (relative to the page) holding `<name>.png` for every chart; when given, each chart carries a
   * <noscript> image so the page still shows the charts with scripts off.
   */
  readonly imageDir?: string;
}

const CHART_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export function escapeHtml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Escaped text with `code` and **bold** marked up. */
function inlineHtml(s: string): string {
  return escapeHtml(s)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
}

function paragraphs(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0)
    .map((p) => `<p>${inlineHtml(p)}</p>`)
    .join('\n');
}

function tableHtml(t: Table): string {
  const align = t.columns.map((_, i) => (kindOf(t, i) === 'figure' ? ' style="text-align:right"' : ''));
  const head = t.columns.map((c, i) => `<th${align[i]}>${inlineHtml(c.name)}</th>`).join('');
  const body = t.rows
    .map(
      (r) =>
        `<tr>${t.columns.map((c, i) => `<td${align[i]}>${inlineHtml(cellText(c, r[i]))}</td>`).join('')}</tr>`,
    )
    .join('\n');
  return `<div class="table-wrap"><table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table></div>`;
}

function reportTableHtml(t: ReportTable): string {
  return `<figure class="table">\n<figcaption>${inlineHtml(t.caption)}</figcaption>\n${tableHtml(t.table)}\n</figure>`;
}

const chartId = (name: string): string => `chart-${name.replace(/\./g, '_')}`;

/** The most a chart that follows its box's width grows to on a wide screen, in pixels. */
const FLUID_MAX_WIDTH = 760;

/**
 * The spec as the page draws it. A fixed pixel width becomes the box's width (`"container"`, with the
 * axes, legend and title fitted inside it); a step width (one band per category) is kept, and the chart
 * scrolls inside its box when it is wider than the screen.
 */
export function pageSpec(spec: ChartSpec): { readonly spec: ChartSpec; readonly fluid: boolean } {
  if (!('width' in spec) || typeof spec.width !== 'number') return { spec, fluid: false };
  return {
    spec: { ...spec, width: 'container', autosize: { type: 'fit-x', contains: 'padding' } } as ChartSpec,
    fluid: true,
  };
}

function chartHtml(c: ReportChart, options: HtmlOptions): string {
  const img =
    options.imageDir === undefined
      ? ''
      : `\n<noscript><img src="${escapeHtml(`${options.imageDir}/${c.name}.png`)}" alt="${escapeHtml(c.caption)}"></noscript>`;
  return (
    `<figure class="chart-figure">\n<div class="chart${pageSpec(c.spec).fluid ? ' fluid' : ''}" id="${chartId(c.name)}" role="img" ` +
    `aria-label="${escapeHtml(c.caption)}"></div>${img}\n<figcaption>${inlineHtml(c.caption)}</figcaption>\n</figure>`
  );
}

function sectionHtml(s: ReportSection, index: number, options: HtmlOptions): string {
  return [
    `<section id="section-${index + 1}">`,
    `<h2>${inlineHtml(s.heading)}</h2>`,
    paragraphs(s.text),
    ...(s.charts ?? []).map((c) => chartHtml(c, options)),
    ...(s.tables ?? []).map(reportTableHtml),
    `<div class="reproduce"><span>Reproduce:</span><pre><code>${escapeHtml(s.reproduce)}</code></pre></div>`,
    '</section>',
  ].join('\n');
}

/** Text safe inside a <script> element: no "</script", "<!--" or line separators end it early. */
export function scriptSafe(js: string): string {
  return js.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
}

/** JSON that is safe inside <script type="application/json">. */
function jsonInScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const STYLE = `
:root { color-scheme: light; --ink: #1b1f24; --muted: #5b6470; --rule: #d8dde3; --accent: #1f4e8c; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
  color: var(--ink); background: #fff; }
main { max-width: 980px; margin: 0 auto; padding: 24px 16px 48px; }
h1 { font-size: 1.7rem; line-height: 1.25; margin: 0.2em 0 0.4em; }
h2 { font-size: 1.3rem; margin: 2em 0 0.5em; padding-top: 0.6em; border-top: 1px solid var(--rule); }
h4 { margin: 1em 0 0.3em; }
nav ol { padding-left: 1.3em; }
nav a { color: var(--accent); }
code { font: 0.9em/1.4 ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; background: #f3f5f7;
  padding: 0.1em 0.3em; border-radius: 3px; }
figure { margin: 1.4em 0; }
figcaption { color: var(--muted); font-size: 0.92rem; margin-top: 0.4em; }
.chart { overflow-x: auto; overflow-y: hidden; max-width: 100%; }
.chart.fluid { max-width: ${FLUID_MAX_WIDTH}px; }
figure img { max-width: 100%; height: auto; }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; font-size: 0.9rem; font-variant-numeric: tabular-nums; }
th, td { border-bottom: 1px solid var(--rule); padding: 0.3em 0.7em; text-align: left; white-space: nowrap; }
/* Words (left-aligned cells after the first) wrap, so numbers and verdicts fit beside them. */
td:not(:first-child):not([style]) { white-space: normal; min-width: 11em; }
thead th { border-bottom: 2px solid var(--ink); }
tbody tr:nth-child(even) { background: #f7f9fb; }
figure.table figcaption { margin: 0 0 0.4em; }
.reproduce { margin: 1.2em 0; }
.reproduce span { font-size: 0.85rem; color: var(--muted); text-transform: uppercase; letter-spacing: 0.04em; }
.reproduce pre { margin: 0.3em 0 0; padding: 0.7em 0.9em; background: #f3f5f7; border-left: 3px solid var(--accent);
  overflow-x: auto; }
.reproduce pre code { background: none; padding: 0; white-space: pre; }
.chart-error { color: #a00; }
footer { color: var(--muted); font-size: 0.85rem; margin-top: 3em; }
ul.lead { margin: 0.6em 0 1.2em; padding-left: 1.2em; font-size: 1.05rem; }
ul.lead li { margin: 0.35em 0; }
@media (max-width: 600px) { body { font-size: 15px; } main { padding: 14px 10px 32px; } h1 { font-size: 1.4rem; }
  ul.lead { font-size: 1rem; } }
@media print {
  body { font-size: 10.5pt; }
  main { max-width: none; padding: 0; }
  nav, .reproduce span { display: none; }
  h2 { break-after: avoid; }
  figure, tr { break-inside: avoid; }
  .chart, .table-wrap, .reproduce pre { overflow: visible; }
  th, td { white-space: normal; }
  tbody tr:nth-child(even) { background: none; }
  a { color: inherit; text-decoration: none; }
}
`;

/**
 * Draws every chart once the libraries are loaded; a chart that fails says so in its box and the console.
 * Before drawing, the title and subtitle are wrapped into lines that fit the chart's box (measured with
 * the chart's own font); when the window's width changes, charts whose box changed are drawn again. A
 * drawn chart's box carries the width of the figure it was drawn for (data-drawn-width).
 */
const EMBED = `
(function () {
  var charts = JSON.parse(document.getElementById('chart-data').textContent);
  var ctx = document.createElement('canvas').getContext('2d');
  function fontOf(config, size, weight) {
    var families = String((config && config.font) || 'sans-serif').split(',').map(function (f) {
      f = f.trim();
      return /\\s/.test(f) ? '"' + f + '"' : f;
    });
    return weight + ' ' + size + 'px ' + families.join(', ');
  }
  function wrap(text, font, max) {
    if (text === undefined || text === null) return text;
    ctx.font = font;
    var words = (Array.isArray(text) ? text.join(' ') : String(text)).split(/\\s+/);
    var lines = [];
    var line = '';
    words.forEach(function (w) {
      var next = line === '' ? w : line + ' ' + w;
      if (line !== '' && ctx.measureText(next).width > max) {
        lines.push(line);
        line = w;
      } else line = next;
    });
    if (line !== '') lines.push(line);
    return lines.length === 1 ? lines[0] : lines;
  }
  function fitted(spec, width) {
    var t = spec.title;
    if (!t || typeof t !== 'object' || Array.isArray(t)) return spec;
    var config = spec.config || {};
    var tc = config.title || {};
    var max = Math.max(120, width - 2 * (typeof config.padding === 'number' ? config.padding : 5));
    var title = Object.assign({}, t, { text: wrap(t.text, fontOf(config, tc.fontSize || 13, 'bold'), max) });
    if (t.subtitle !== undefined) title.subtitle = wrap(t.subtitle, fontOf(config, tc.subtitleFontSize || 10, 'normal'), max);
    return Object.assign({}, spec, { title: title });
  }
  // the width a chart may take: its figure's, and no more than the cap for charts that follow their box
  function available(el) {
    return el.parentNode.clientWidth;
  }
  function draw(c) {
    var el = document.getElementById(c.id);
    c.width = available(el);
    var width = el.classList.contains('fluid') ? Math.min(c.width, ${FLUID_MAX_WIDTH}) : c.width;
    if (c.result) c.result.finalize();
    vegaEmbed(el, fitted(c.spec, width), { actions: false, renderer: 'svg' }).then(function (result) {
      c.result = result;
      el.setAttribute('data-drawn-width', String(c.width));
    }).catch(function (err) {
      el.className += ' chart-error';
      el.textContent = 'This chart could not be drawn: ' + err;
      console.error('chart ' + c.id + ':', err);
    });
  }
  charts.forEach(draw);
  var timer;
  window.addEventListener('resize', function () {
    clearTimeout(timer);
    timer = setTimeout(function () {
      charts.forEach(function (c) {
        if (available(document.getElementById(c.id)) !== c.width) draw(c);
      });
    }, 200);
  });
})();
`;

export function buildReportHtml(
  report: ReportInput,
  scripts: VegaScripts,
  options: HtmlOptions = {},
): string {
  const charts = report.sections.flatMap((s) => s.charts ?? []);
  const seen = new Set<string>();
  for (const c of charts) {
    if (!CHART_NAME.test(c.name))
      throw new Error(`chart name ${JSON.stringify(c.name)} must match ${CHART_NAME}`);
    if (seen.has(c.name)) throw new Error(`chart name ${JSON.stringify(c.name)} is used twice in the report`);
    seen.add(c.name);
  }
  const toc =
    report.sections.length > 1
      ? `<nav><ol>${report.sections
          .map((s, i) => `<li><a href="#section-${i + 1}">${inlineHtml(s.heading)}</a></li>`)
          .join('')}</ol></nav>`
      : '';
  const data = charts.map((c) => ({ id: chartId(c.name), spec: pageSpec(c.spec).spec }));
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(report.title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<main>',
    `<h1>${inlineHtml(report.title)}</h1>`,
    ...(report.lead && report.lead.length > 0
      ? [`<ul class="lead">${report.lead.map((l) => `<li>${inlineHtml(l)}</li>`).join('')}</ul>`]
      : []),
    paragraphs(report.intro),
    toc,
    ...report.sections.map((s, i) => sectionHtml(s, i, options)),
    report.footer === undefined ? '' : `<footer>${inlineHtml(report.footer)}</footer>`,
    '</main>',
    `<script type="application/json" id="chart-data">${jsonInScript(data)}</script>`,
    `<script>${scriptSafe(scripts.vega)}</script>`,
    `<script>${scriptSafe(scripts.vegaLite)}</script>`,
    `<script>${scriptSafe(scripts.vegaEmbed)}</script>`,
    `<script>${EMBED}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
