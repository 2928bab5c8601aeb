/**
 * The balance report's first screen, in Debian's chromium at 390 and 1280 px: a small balance study of
 * two changed costs is run, and its page opens with one plain sentence per changed cost, variants named
 * in words, above the method; the Markdown says the same sentences and the heatmap's columns are named
 * where the heatmap is. Screenshots go to $TMPDIR/debellator-screenshots/.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithChromium, launchChromium } from '../chromium.ts';
import { cli } from '../pipeline/harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'debellator-first-screen-'));
const out = join(dir, 'report');
const shots = join(tmpdir(), 'debellator-screenshots');
let context: BrowserContext | undefined;

describeWithChromium('the balance report answers in its first screen', () => {
  beforeAll(async () => {
    const file = join(dir, 'cuts.yaml');
    // DBM 3.2 cut Reg Bd(O) from 7 to 6 AP and Reg Ax(O) from 4 to 3.5 (the 3.2 amendments).
    writeFileSync(
      file,
      `name: cuts
rules: dbm-3.2
seed: 2
studies:
  - kind: balance
    name: cuts
    title: Were the cuts right?
    versions: [dbm-3.1, dbm-3.2]
    elements: [Reg Bd(O), Reg Ax(O), Irr Kn(O)]
    field: [Reg Bd(O), Irr Kn(O), Reg Sp(O)]
    grid: { budget: [40, 60], depth: [support], terrain: [open, mixed] }
    engagements: { pilot: 8, final: 16 }
`,
    );
    const r = await cli('run', file, '--threads', '2', '--out', out, '--quiet');
    expect([r.code, r.stderr]).toEqual([0, '']);
    context = await launchChromium(join(dir, 'profile'));
  }, 120_000);
  afterAll(async () => {
    await context?.close();
  });

  it.each([
    [390, 844],
    [1280, 800],
  ])('at %i px: a sentence per changed cost, variants in words, above the method', async (width, height) => {
    const page = await context!.newPage();
    await page.setViewportSize({ width, height });
    await page.goto(pathToFileURL(join(out, 'index.html')).href);
    const lead = await page.$$eval('ul.lead li', (els) =>
      els.map((e) => ({ text: e.textContent ?? '', rect: e.getBoundingClientRect().toJSON() as DOMRect })),
    );
    expect(lead.map((l) => l.text.split(',')[0])).toEqual(['Reg Bd(O)', 'Reg Ax(O)']);
    expect(lead[0]!.text).toMatch(/^Reg Bd\(O\), 7\.0 → 6\.0 AP \(fair price \d+\.\d AP\): /);
    expect(lead[1]!.text).toMatch(/^Reg Ax\(O\), 4\.0 → 3\.5 AP \(fair price \d+\.\d AP\): /);
    // Variants are named by the values that vary in the grid, never by their numbers.
    for (const l of lead) {
      expect(l.text).toMatch(
        /in every variant|in the open|in mixed terrain|at (40|60) AP|in \d of 4 variants/,
      );
      expect(l.text).not.toMatch(/\bv\d\b/);
    }
    // The answer is on the first screen, and above the method and the intro.
    expect(lead[0]!.rect.top).toBeGreaterThan(0);
    expect(lead[0]!.rect.bottom).toBeLessThan(height);
    const method = await page
      .locator('p', { hasText: 'Each element fights equal-points battle lines' })
      .boundingBox();
    const intro = await page.locator('p', { hasText: 'Scenario' }).first().boundingBox();
    expect(lead.at(-1)!.rect.bottom).toBeLessThanOrEqual(Math.min(method!.y, intro!.y));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: join(shots, `report-first-screen-${width}.png`) });
    // The Markdown's headline says the same sentences; the heatmap's columns are named beside it.
    const md = readFileSync(join(out, 'cuts.md'), 'utf8');
    for (const l of lead) expect(md).toContain(`\n- ${l.text}\n`);
    expect(md.indexOf('## Headline')).toBeLessThan(md.indexOf('Each element fights'));
    // Printed: no contents list, tables and charts whole rather than scrolled.
    await page.emulateMedia({ media: 'print' });
    const printed = await page.evaluate(() => ({
      nav: getComputedStyle(document.querySelector('nav')!).display,
      table: getComputedStyle(document.querySelector('.table-wrap')!).overflowX,
      chart: getComputedStyle(document.querySelector('.chart')!).overflowX,
    }));
    expect(printed).toEqual({ nav: 'none', table: 'visible', chart: 'visible' });
    await page.emulateMedia({ media: 'screen' });
    const key = await page.locator('p', { hasText: 'Columns: v1 ' }).textContent();
    expect(key).toContain(
      'v1 40 AP · open; v2 40 AP · mixed terrain; v3 60 AP · open; v4 60 AP · mixed terrain.',
    );
    await page.close();
  });
});
