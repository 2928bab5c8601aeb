/**
 * The written report opened from disk (file://) in Debian's chromium, headless: every chart is drawn, no
 * console error, nothing fetched from the network, and the page fits a phone's width. Needs chromium
 * (apt-get install -y chromium); without it this test fails, it does not skip.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
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
import { launchChromium } from '../chromium.ts';
import { boundsInput, costChangeInput, heatmapInput, outcomeInput, scatterInput } from './fixtures.ts';

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
          spec: costEffectivenessSpec(scatterInput),
          caption: 'Cost v effectiveness',
        },
        { name: 'cost-change', spec: costChangeSpec(costChangeInput), caption: 'Old to new cost' },
      ],
      tables: [
        {
          caption: 'Costs',
          markdown: '| Type | 3.0 | 3.2 |\n|---|--:|--:|\n| Kn(S) | 10 | 9 |\n| Bw(I) | 4 | 5 |',
        },
      ],
      reproduce: 'debellator balance scenarios/dbm-balance.yaml --seed 1 --samples 100000',
    },
    {
      heading: 'One matchup',
      text: 'Outcomes and bounds to a decision.',
      charts: [
        { name: 'outcomes', spec: outcomeBarsSpec(outcomeInput), caption: 'Outcomes' },
        { name: 'bounds', spec: boundsHistogramSpec(boundsInput), caption: 'Bounds' },
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

/** Launched inside the test (not in a hook) so a missing chromium is a failed test, never a skipped one. */
async function launch(): Promise<BrowserContext> {
  context = await launchChromium(join(dir, 'profile'));
  return context;
}

describe('report page in a browser', () => {
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
    await page.waitForFunction(
      () =>
        Array.from(document.querySelectorAll('div.chart')).every(
          (d) => d.querySelector('svg, canvas') !== null,
        ),
      undefined,
      { timeout: 20_000 },
    );
    const marks = await page.$$eval('div.chart', (els) =>
      els.map((e) => e.querySelectorAll('.role-mark').length),
    );
    for (const n of marks) expect(n).toBeGreaterThan(0);
    expect(await page.textContent('#chart-matchups')).toContain('Bw(I)');
    expect(await page.$$eval('tbody tr', (rows) => rows.length)).toBe(2);
    expect(await page.textContent('section#section-2 .reproduce code')).toBe(
      'debellator engage scenarios/bd-v-kn.yaml --seed 1',
    );
    // fits a phone: nothing wider than the viewport makes the page scroll sideways
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    expect(fetched).toEqual([]);
    await page.close();
  });
});
