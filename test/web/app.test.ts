/**
 * What players of dice calculators expect of the odds page, in Debian's chromium: saved matchups and the
 * last one remembered (browser storage), an installable app that opens offline (web manifest, service
 * worker), dark mode following the system setting, a print stylesheet, and an export named after the
 * matchup. Screenshots (390 and 1280 px: dark mode, the app launched offline) go to
 * $TMPDIR/debellator-screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { ruleSetById } from '../../src/web/rulesets/index.ts';
import type { WebRuleSet } from '../../src/web/rulesets/types.ts';
import { matchupsToHash } from '../../src/web/url-state.ts';
import { luminance } from '../../src/web/view/ink.ts';
import { describeWithChromium, field, fileHarness } from './browser.ts';

const harness = fileHarness();

const shots = join(tmpdir(), 'debellator-screenshots');
const WIDTHS = [390, 1280] as const;
const dbm = ruleSetById('dbm') as WebRuleSet;

/** A page of the harness's browser that keeps its storage (harness.open forgets the last matchup). */
async function remembering(width: number, hash = ''): Promise<Page> {
  const page = await harness.context.newPage();
  await page.setViewportSize({ width, height: 844 });
  await page.goto(`${harness.url}index.html${hash}`);
  await page.waitForSelector('#chart svg');
  return page;
}

/** "rgb(20, 25, 30)" -> "#14191e". */
const hex = (css: string): string =>
  `#${(css.match(/\d+/g) ?? [])
    .slice(0, 3)
    .map((n) => Number(n).toString(16).padStart(2, '0'))
    .join('')}`;

describeWithChromium('saved matchups and the last one', () => {
  it('saves a matchup under its name, opens it again after edits and a reload, deletes it', async () => {
    const page = await harness.open('', { width: 390, height: 844 });
    await page.evaluate(() => localStorage.removeItem('debellator.saved'));
    await page.reload();
    await page.click(field('saved'));
    await page.click(field('a.general'));
    await page.click(field('saved.save'));
    const name = "Reg Bd(O) v Irr Kn(S) · DBM 3.2 close combat, A's bound";
    expect(await page.textContent(field('saved.open.1'))).toBe(name);
    expect(await page.textContent('#message')).toContain(`Saved "${name}"`);
    const saved = new URL(page.url()).hash;
    // Another matchup, then back to the saved one, from a reloaded page.
    await page.selectOption(field('b.element.type'), 'Wb');
    expect(new URL(page.url()).hash).not.toBe(saved);
    await page.reload();
    await page.waitForSelector('#chart svg');
    if (!(await page.isVisible(field('saved.open.1')))) await page.click(field('saved'));
    await page.click(field('saved.open.1'));
    await expect.poll(() => new URL(page.url()).hash).toBe(saved);
    expect(await page.isChecked(field('a.general'))).toBe(true);
    expect(await page.inputValue(field('b.element.type'))).toBe('Kn');
    await page.click(field('saved.delete.1'));
    expect(await page.textContent(field('saved'))).toBe('Saved matchups (0)');
    expect(harness.errors).toEqual([]);
    await page.close();
  });

  it('opens without a link on the matchup it had last', async () => {
    const first = await remembering(1280);
    await first.evaluate(() => localStorage.removeItem('debellator.last'));
    await first.goto(`${harness.url}index.html`);
    await first.waitForSelector('#chart svg');
    expect(await first.textContent('.verdict-context')).toBe("DBM 3.2 close combat, A's bound");
    await first.selectOption(field('a.element.type'), 'Sp');
    await first.click(field('b.overlaps=1'));
    const hash = new URL(first.url()).hash;
    await first.close();
    const again = await remembering(1280);
    expect(new URL(again.url()).hash).toBe(hash);
    expect(await again.inputValue(field('a.element.type'))).toBe('Sp');
    expect(await again.textContent('.verdict-context')).toBe(
      "DBM 3.2 close combat, A's bound · B's overlaps (1)",
    );
    // A link still wins over the remembered matchup.
    const linked = await harness.open('', { width: 1280, height: 844 });
    expect(await linked.inputValue(field('a.element.type'))).toBe('Bd');
    await linked.close();
    await again.close();
  });
});

describeWithChromium('an installable app that opens offline', () => {
  it('has a web manifest chromium accepts, and a service worker that serves the page offline', async () => {
    const page = await remembering(1280);
    const cdp = await harness.context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      errors: unknown[];
      data?: string;
    };
    expect(manifest.url).toBe(`${harness.url}manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const data = JSON.parse(manifest.data ?? '{}') as {
      name: string;
      display: string;
      icons: { src: string }[];
    };
    expect([data.name, data.display]).toEqual(['Debellator · combat odds', 'standalone']);
    const installability = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: unknown[];
    };
    expect(installability.installabilityErrors).toEqual([]);
    await page.evaluate(() => navigator.serviceWorker.ready);
    // Launched with no network: every file comes from the worker's cache, and the odds are exact.
    await harness.context.setOffline(true);
    try {
      mkdirSync(shots, { recursive: true });
      for (const width of WIDTHS) {
        const app = await harness.context.newPage();
        await app.setViewportSize({ width, height: 844 });
        await app.goto(`${harness.url}index.html${matchupsToHash([dbm.defaultInput('dbm-3.2')])}`);
        await app.waitForSelector('#chart svg', { timeout: 15_000 });
        expect(await app.textContent('.verdict-text')).toMatch(/^Reg Bd\(O\) destroys Irr Kn\(S\) 3%/);
        await app.screenshot({ path: join(shots, `app-offline-${width}.png`) });
        await app.close();
      }
    } finally {
      await harness.context.setOffline(false);
    }
    await page.close();
  });
});

describeWithChromium.each(WIDTHS)('dark mode, print and export at %i pixels', (width) => {
  it('follows the system\u2019s dark setting: dark page, light text, charts readable on it', async () => {
    const page = await harness.open('', { width, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => {
      const t = document.querySelector('#chart .role-axis-label text');
      return t !== null && t.getAttribute('fill') !== '#888' && t.getAttribute('fill') !== '#000';
    });
    const look = await page.evaluate(() => ({
      bg: getComputedStyle(document.body).backgroundColor,
      ink: getComputedStyle(document.body).color,
      card: getComputedStyle(document.querySelector('.side')!).backgroundColor,
      field: getComputedStyle(document.querySelector('select')!).backgroundColor,
      axis: document.querySelector('#chart .role-axis-label text')!.getAttribute('fill') ?? '',
    }));
    expect(luminance(hex(look.bg))).toBeLessThan(0.05);
    expect(luminance(hex(look.card))).toBeLessThan(0.05);
    expect(luminance(hex(look.field))).toBeLessThan(0.1);
    expect(luminance(hex(look.ink))).toBeGreaterThan(0.6);
    expect(luminance(look.axis)).toBeGreaterThan(0.6);
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: join(shots, `dark-${width}.png`) });
    // And back to light when the setting changes.
    await page.emulateMedia({ colorScheme: 'light' });
    await expect
      .poll(() =>
        page.evaluate(() => getComputedStyle(document.body).backgroundColor).then((c) => luminance(hex(c))),
      )
      .toBeGreaterThan(0.8);
    expect(harness.errors).toEqual([]);
    await page.close();
  });

  it('prints the odds, not the form: the matchup in words, the charts and tables; a PDF', async () => {
    const page = await harness.open('', { width, height: 844 });
    await page.emulateMedia({ media: 'print' });
    const shown = await page.evaluate(() =>
      Object.fromEntries(
        ['.editor', '.strip', '.top', '.verdict .copy', '.verdict-context', '#chart', 'section.odds'].map(
          (s) => [s, getComputedStyle(document.querySelector(s)!).display !== 'none'],
        ),
      ),
    );
    expect(shown).toEqual({
      '.editor': false,
      '.strip': false,
      '.top': false,
      '.verdict .copy': false,
      '.verdict-context': true,
      '#chart': true,
      'section.odds': true,
    });
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await page.close();
  });

  it('exports a file named after the matchup', async () => {
    const page = await harness.open('', { width, height: 844 });
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
    expect(download.suggestedFilename()).toBe('reg-bd-o-v-irr-kn-s-dbm-3-2.json');
    await page.selectOption(field('version'), 'dbm-3.0');
    await page.selectOption(field('b.element.type'), 'Wb');
    const [second] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
    expect(second.suggestedFilename()).toMatch(/^reg-bd-o-v-irr-wb-[a-z]-dbm-3-0\.json$/);
    await page.close();
  });
});
