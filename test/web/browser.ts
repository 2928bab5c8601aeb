/**
 * Shared set-up of the browser tests: Debian's chromium driven by playwright-core (never a downloaded
 * browser), the page built into a temporary folder and served by the `serve` command's static server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from '../chromium.ts';
import { buildWeb } from '../../scripts/build-web.ts';
import { serveStatic, type StaticServer } from '../../src/cli/commands/serve.ts';

export { chromiumPath, describeWithChromium, findChromium } from '../chromium.ts';

export interface Harness {
  readonly url: string;
  readonly context: BrowserContext;
  /** Console errors, page errors and requests leaving the site seen so far, across pages. */
  readonly errors: string[];
  open(hash?: string, viewport?: { width: number; height: number }): Promise<Page>;
  close(): Promise<void>;
}

/** A form field of the page by its data-field name. */
export const field = (name: string) => `[data-field="${name}"]`;

/**
 * The harness of one test file: started before its tests (the page built and served, chromium
 * launched), closed after them.
 */
export function fileHarness(): Harness {
  let h: Harness | undefined;
  beforeAll(async () => {
    h = await startHarness();
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });
  const started = (): Harness => {
    if (!h) throw new Error('the browser harness has not started');
    return h;
  };
  return {
    get url() {
      return started().url;
    },
    get context() {
      return started().context;
    },
    get errors() {
      return started().errors;
    },
    open: (hash, viewport) => started().open(hash, viewport),
    close: () => started().close(),
  };
}

export async function startHarness(): Promise<Harness> {
  const site = mkdtempSync(join(tmpdir(), 'debellator-web-'));
  const profile = mkdtempSync(join(tmpdir(), 'debellator-chromium-'));
  await buildWeb({ outDir: site });
  const server: StaticServer = await serveStatic(site, { port: 0, host: '127.0.0.1' });
  const context = await launchChromium(profile, {
    acceptDownloads: true,
    viewport: { width: 390, height: 844 },
  });
  const errors: string[] = [];
  return {
    url: server.url,
    context,
    errors,
    async open(hash = '', viewport) {
      const page = await context.newPage();
      // Each page opens as a first visit would: no remembered last matchup (saved.ts).
      await page.addInitScript(() => {
        try {
          localStorage.removeItem('debellator.last');
        } catch {
          // storage refused: nothing to forget
        }
      });
      if (viewport) await page.setViewportSize(viewport);
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(`console: ${m.text()}`);
      });
      page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
      // Offline once loaded: nothing but the page's own files (no CDN, no schema fetch).
      page.on('request', (r) => {
        const u = r.url();
        if (!u.startsWith(server.url) && !/^(data|blob):/.test(u))
          errors.push(`request outside the site: ${u}`);
      });
      await page.goto(`${server.url}index.html${hash}`);
      await page.waitForSelector('#chart svg', { timeout: 15_000 });
      return page;
    },
    async close() {
      await context.close();
      await server.close();
      rmSync(site, { recursive: true, force: true });
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export interface ShownCell {
  readonly count: number;
  readonly of: number;
  readonly text: string;
}

/** Every probability the page shows, keyed "<matchup>:<side>.<outcome>" (or "...atleast:<outcome>"). */
export async function shownCells(page: Page): Promise<Record<string, ShownCell>> {
  return page.$$eval('td[data-key][data-matchup]', (tds) =>
    Object.fromEntries(
      tds.map((td) => {
        const el = td as HTMLElement;
        return [
          `${el.dataset.matchup}:${el.dataset.key}`,
          {
            count: Number(el.dataset.count),
            of: Number(el.dataset.of),
            text: el.querySelector('.pct')?.textContent ?? '',
          },
        ];
      }),
    ),
  );
}
