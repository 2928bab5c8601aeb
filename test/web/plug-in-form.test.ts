/**
 * The fixture rule system (test/fixtures/systems/duel) on the web page: its form is generated from its
 * situation schema's field metadata with no web code of its own (ARCHITECTURE.md "The system contract").
 * The fixture and the page's generic rule-set module are bundled for the browser, the form rendered in
 * Debian's chromium, and editing it changes the exact odds as the Duel rules say.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { describeWithChromium, launchChromium } from '../chromium.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'debellator-duel-web-'));
let context: BrowserContext;
let page: Page;

const ENTRY = `
import duel from ${JSON.stringify(join(ROOT, 'test/fixtures/systems/duel/index.ts'))};
import { webRuleSet } from ${JSON.stringify(join(ROOT, 'src/web/rulesets/from-system.ts'))};
const rs = webRuleSet(duel);
let input = rs.defaultInput('duel-1');
const host = document.getElementById('form');
const show = () => {
  const r = rs.report(input);
  document.getElementById('odds').textContent = JSON.stringify({
    input,
    aRecoil: r.a.outcomes.recoil.count,
    bDestroyed: r.b.outcomes.destroyed.count,
    bFactors: r.b.factors.map((f) => f.label + ' ' + f.value),
  });
};
const render = () => rs.renderForm(host, input, (next) => { input = next; render(); show(); });
render();
show();
`;

beforeAll(async () => {
  const esbuild = await import('esbuild');
  writeFileSync(join(dir, 'entry.ts'), ENTRY);
  await esbuild.build({
    entryPoints: [join(dir, 'entry.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    outfile: join(dir, 'app.js'),
    define: { 'import.meta.url': '""' },
    logLevel: 'error',
  });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><body><div id="form"></div><pre id="odds"></pre><script src="app.js"></script></body></html>',
  );
  context = await launchChromium(join(dir, 'profile'));
  page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`file://${join(dir, 'index.html')}`);
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page
    .waitForFunction(() => (document.getElementById('odds')?.textContent ?? '') !== '', undefined, {
      timeout: 20_000,
    })
    .catch(() => undefined);
  expect(errors).toEqual([]);
}, 60_000);

afterAll(async () => {
  await context?.close();
  rmSync(dir, { recursive: true, force: true });
});

const odds = async () =>
  JSON.parse((await page.textContent('#odds')) as string) as {
    input: { a: Record<string, unknown>; b: Record<string, unknown> };
    aRecoil: number;
    bDestroyed: number;
    bFactors: string[];
  };

describeWithChromium('a fixture rule system on the web page', () => {
  it("renders a control for every field of each side, from the schema's metadata", async () => {
    const fields = await page.$$eval('[data-field]', (els) =>
      els.map((e) => (e as HTMLElement).dataset.field),
    );
    for (const id of ['a', 'b']) {
      expect(fields.some((f) => f?.startsWith(`${id}.support`))).toBe(true);
      expect(fields.some((f) => f?.startsWith(`${id}.overlaps`))).toBe(true);
      expect(fields.some((f) => f?.startsWith(`${id}.element`))).toBe(true);
    }
    // The labels and help come from the metadata.
    const text = await page.textContent('#form');
    expect(text).toContain('Supported');
    expect(text).toContain('Overlaps');
  });

  it('ticking B "Supported" gives B +1, as the Duel rules say', async () => {
    const before = await odds();
    expect(before.bFactors).not.toContain('supported 1');
    await page.locator('[data-field^="b.support"]').first().click();
    const after = await odds();
    expect(after.input.b.support).toBe(true);
    expect(after.bFactors).toContain('supported 1');
  });
});
