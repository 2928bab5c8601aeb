/**
 * The written report opened from disk (file://) in Debian's chromium, headless: every chart is drawn, no
 * console error, nothing fetched from the network; at 390 px (a phone) and 1280 px the page never scrolls
 * sideways, every chart fits its box or scrolls inside it, legends and titles stay inside their chart,
 * scatter labels do not overlap, and each chart shows what docs/report.md says it shows. Needs chromium
 * (apt-get install -y chromium; the suite installs it when run as root); without it this test is skipped.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import {
  boundsHistogramSpec,
  costChangeSpec,
  costEffectivenessSpec,
  matchupHeatmapSpec,
  outcomeBarsSpec,
} from '../../src/report/charts/index.ts';
import { readVegaScripts } from '../../src/report/assets.ts';
import { buildReportHtml, type ReportInput } from '../../src/report/html.ts';
import { renderPng, renderSvg } from '../../src/report/render.ts';
import type { Table } from '../../src/report/table.ts';
import { describeWithChromium, launchChromium } from '../chromium.ts';
import {
  costChangeInput,
  crowdedScatterInput,
  heatmapInput,
  longBoundsInput,
  outcomeInput,
} from './fixtures.ts';

/** A table wider than a phone: it must scroll inside its own box. */
const WIDE_TABLE: Table = {
  columns: [{ name: 'Type' }, ...Array.from({ length: 14 }, (_, i) => ({ name: `Variant ${i + 1}` }))],
  rows: [['Irr Kn(F)', ...Array.from({ length: 14 }, (_, i) => (i * 0.37).toFixed(2))]],
};

const REPORT: ReportInput = {
  title: 'Synthetic balance report',
  intro: 'Made-up numbers, to check that the page draws.',
  sections: [
    {
      heading: 'Matchups and costs',
      text: 'All types against all types, and cost against effectiveness.',
      charts: [
        { name: 'matchups', spec: matchupHeatmapSpec(heatmapInput), caption: 'Net effectiveness' },
        {
          name: 'cost-effectiveness',
          spec: costEffectivenessSpec(crowdedScatterInput),
          caption: 'Cost v effectiveness',
        },
        { name: 'cost-change', spec: costChangeSpec(costChangeInput), caption: 'Old to new cost' },
      ],
      tables: [
        {
          caption: 'Costs',
          table: {
            columns: [{ name: 'Type' }, { name: '3.0' }, { name: '3.2' }],
            rows: [
              ['Kn(S)', 10, 9],
              ['Bw(I)', 4, 5],
            ],
          },
        },
        { caption: 'Break-even by variant', table: WIDE_TABLE },
      ],
      reproduce: 'debellator balance scenarios/dbm-balance.yaml --seed 1 --samples 100000',
    },
    {
      heading: 'One matchup',
      text: 'Outcomes and bounds to a decision.',
      charts: [
        { name: 'outcomes', spec: outcomeBarsSpec(outcomeInput), caption: 'Outcomes' },
        { name: 'bounds', spec: boundsHistogramSpec(longBoundsInput), caption: 'Bounds' },
      ],
      reproduce: 'debellator engage scenarios/bd-v-kn.yaml --seed 1',
    },
  ],
};

let dir = '';
let context: BrowserContext | undefined;

afterAll(async () => {
  await context?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The report folder as the pipeline writes it: index.html and every chart's three files. */
async function writeReport(out: string, report: ReportInput): Promise<void> {
  mkdirSync(join(out, 'charts'), { recursive: true });
  for (const c of report.sections.flatMap((x) => x.charts ?? [])) {
    const svg = await renderSvg(c.spec);
    writeFileSync(join(out, 'charts', `${c.name}.vl.json`), JSON.stringify(c.spec));
    writeFileSync(join(out, 'charts', `${c.name}.svg`), svg);
    writeFileSync(join(out, 'charts', `${c.name}.png`), renderPng(svg));
  }
  writeFileSync(join(out, 'index.html'), buildReportHtml(report, readVegaScripts(), { imageDir: 'charts' }));
}

/** Every chart on the page drawn (an svg in each box) for the width its box has now. */
async function chartsDrawn(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll('div.chart')).every(
        (d) =>
          d.querySelector('svg, canvas') !== null &&
          d.getAttribute('data-drawn-width') === String(d.parentElement!.clientWidth),
      ),
    undefined,
    { timeout: 20_000 },
  );
}

interface Rect {
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
}

interface ChartLayout {
  readonly id: string;
  readonly fluid: boolean;
  /** The box (div.chart): its visible width, its scrollable width, whether it scrolls sideways. */
  readonly box: Rect;
  readonly boxClient: number;
  readonly boxScroll: number;
  readonly overflowX: string;
  readonly svg: Rect;
  readonly title: Rect | null;
  readonly legends: readonly Rect[];
  readonly legendLabels: readonly string[];
  /** The text marks of the chart's own layers (not axes or legends), with their boxes. */
  readonly texts: readonly { readonly text: string; readonly rect: Rect }[];
}

/** Where everything is on the page, read from the drawn SVGs. */
function readLayout(
  page: Page,
): Promise<{ scrollWidth: number; clientWidth: number; charts: ChartLayout[] }> {
  return page.evaluate(() => {
    const rect = (e: Element) => {
      const r = e.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    };
    return {
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
      charts: Array.from(document.querySelectorAll('div.chart')).map((d) => {
        const svg = d.querySelector('svg')!;
        const title = svg.querySelector('g.role-title');
        return {
          id: d.id,
          fluid: d.classList.contains('fluid'),
          box: rect(d),
          boxClient: d.clientWidth,
          boxScroll: d.scrollWidth,
          overflowX: getComputedStyle(d).overflowX,
          svg: rect(svg),
          title: title ? rect(title) : null,
          legends: Array.from(svg.querySelectorAll('g.role-legend')).map(rect),
          legendLabels: Array.from(svg.querySelectorAll('g.role-legend-label text')).map(
            (t) => t.textContent ?? '',
          ),
          texts: Array.from(svg.querySelectorAll('g.mark-text.role-mark text')).map((t) => ({
            text: t.textContent ?? '',
            rect: rect(t),
          })),
        };
      }),
    };
  });
}

const inside = (r: Rect, outer: Rect, slack = 0.5): boolean =>
  r.left >= outer.left - slack &&
  r.right <= outer.right + slack &&
  r.top >= outer.top - slack &&
  r.bottom <= outer.bottom + slack;

const overlap = (a: Rect, b: Rect, slack = 0.5): boolean =>
  a.left < b.right - slack &&
  b.left < a.right - slack &&
  a.top < b.bottom - slack &&
  b.top < a.bottom - slack;

/** The page at `width` px: no sideways scrolling, charts fit or scroll in their box, nothing spills. */
async function checkLayout(page: Page, width: number): Promise<void> {
  const layout = await readLayout(page);
  expect(layout.clientWidth).toBe(width);
  expect(layout.scrollWidth, `page scrolls sideways at ${width} px`).toBeLessThanOrEqual(layout.clientWidth);
  for (const c of layout.charts) {
    const at = `${c.id} at ${width} px`;
    expect(c.box.right, at).toBeLessThanOrEqual(width + 0.5);
    const fits = c.svg.right - c.svg.left <= c.boxClient + 0.5;
    // a chart that follows its box always fits; one sized in cells may scroll, inside its box only
    if (c.fluid) expect(fits, `${at} is wider than its box`).toBe(true);
    if (!fits) {
      expect(c.overflowX, at).toBe('auto');
      expect(c.boxScroll, at).toBeGreaterThan(c.boxClient);
    }
    // title and legends inside the chart; no legend label cut short
    if (c.title) {
      expect(inside(c.title, c.svg), `${at}: title`).toBe(true);
      expect(c.title.right - c.title.left, `${at}: title wider than the box`).toBeLessThanOrEqual(
        c.boxClient,
      );
    }
    for (const l of c.legends) expect(inside(l, c.svg), `${at}: legend`).toBe(true);
    for (const t of c.legendLabels) expect(t, at).not.toContain('…');
    // the chart's own text marks (scatter labels, mean labels, bar labels, cell values) never overlap
    for (let i = 0; i < c.texts.length; i++) {
      const a = c.texts[i]!;
      expect(inside(a.rect, c.svg), `${at}: "${a.text}" outside the chart`).toBe(true);
      for (const b of c.texts.slice(i + 1))
        expect(overlap(a.rect, b.rect), `${at}: "${a.text}" overlaps "${b.text}"`).toBe(false);
    }
  }
  const byId = new Map(layout.charts.map((c) => [c.id, c]));
  const texts = (id: string) => byId.get(id)!.texts.map((t) => t.text);
  // every scatter label is shown; the bounds chart labels both means; the bars read in percent
  expect(texts('chart-cost-effectiveness').sort()).toEqual(
    crowdedScatterInput.points.map((p) => p.label).sort(),
  );
  expect(texts('chart-bounds')).toEqual(['mean 4.2', 'mean 4.6']);
  expect(texts('chart-outcomes')).toContain('19.4%');
  expect(texts('chart-outcomes').every((t) => t.endsWith('%'))).toBe(true);
  expect(byId.get('chart-matchups')!.legendLabels).toContain('95% interval includes 0');
  // the wide table scrolls inside its own box
  const table = await page.$eval('figure.table:last-of-type .table-wrap', (e) => ({
    client: e.clientWidth,
    scroll: e.scrollWidth,
  }));
  if (width < 600) expect(table.scroll).toBeGreaterThan(table.client);
}

/** Launched inside the test (not in a hook) so a missing chromium is a failed test, never a skipped one. */
async function launch(): Promise<BrowserContext> {
  context = await launchChromium(join(dir, 'profile'));
  return context;
}

describeWithChromium('report page in a browser', () => {
  it('draws every chart from disk with no console error and no network request', async () => {
    dir = mkdtempSync(join(tmpdir(), 'debellator-report-'));
    const browser = await launch();
    await writeReport(join(dir, 'report'), REPORT);
    const page = await browser.newPage();
    const errors: string[] = [];
    const fetched: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith('file:')) return route.continue();
      fetched.push(url);
      return route.abort();
    });
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(pathToFileURL(join(dir, 'report', 'index.html')).href);
    const ids = await page.$$eval('div.chart', (els) => els.map((e) => e.id));
    expect(ids).toEqual([
      'chart-matchups',
      'chart-cost-effectiveness',
      'chart-cost-change',
      'chart-outcomes',
      'chart-bounds',
    ]);
    await chartsDrawn(page);
    const marks = await page.$$eval('div.chart', (els) =>
      els.map((e) => e.querySelectorAll('.role-mark').length),
    );
    for (const n of marks) expect(n).toBeGreaterThan(0);
    expect(await page.textContent('#chart-matchups')).toContain('Bw(I)');
    expect(await page.$$eval('tbody tr', (rows) => rows.length)).toBe(3);
    expect(await page.textContent('section#section-2 .reproduce code')).toBe(
      'debellator engage scenarios/bd-v-kn.yaml --seed 1',
    );
    await checkLayout(page, 390);
    expect(errors).toEqual([]);
    expect(fetched).toEqual([]);
    await page.close();
  });

  it('fits a 1280 px screen, and redraws to fit when the window narrows to 390 px', async () => {
    const browser = context ?? (await launch());
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(pathToFileURL(join(dir, 'report', 'index.html')).href);
    await chartsDrawn(page);
    await checkLayout(page, 1280);
    await page.setViewportSize({ width: 390, height: 900 });
    // redrawn for the narrower boxes (the page waits 200 ms after the last resize)
    await chartsDrawn(page);
    await checkLayout(page, 390);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('rings the heatmap cells whose interval includes the centre and gives the interval on hover', async () => {
    const browser = context ?? (await launch());
    const page = await browser.newPage();
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(pathToFileURL(join(dir, 'report', 'index.html')).href);
    await chartsDrawn(page);
    // the fixture's diagonal, 0 ± 0.05: four cells include 0
    expect(await page.$$eval('#chart-matchups g.mark-symbol.role-mark path', (ps) => ps.length)).toBe(4);
    // hover the top-left cell (Kn(S) against itself)
    await page.locator('#chart-matchups').scrollIntoViewIfNeeded();
    const cell = await page.$eval('#chart-matchups g.mark-rect.role-mark path', (p) => {
      const r = p.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    });
    await page.mouse.move(cell.x, cell.y);
    await page.waitForSelector('#vg-tooltip-element.visible', { timeout: 5_000 });
    const tip = await page.textContent('#vg-tooltip-element');
    expect(tip).toContain('95% interval');
    expect(tip).toContain('−0.05 to 0.05');
    await page.close();
  });
});
