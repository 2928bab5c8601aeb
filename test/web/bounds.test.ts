/**
 * The page's "Fight on" panel in a real browser (Debian's chromium): with more than one bound it shows a
 * per-bound and a cumulative chart and the numbers, which equal the rule set's multi-bound odds for the
 * matchup being edited (docs/situation.md "Several bounds"); the link keeps the number of bounds; it fits
 * a 390-pixel phone and a 1280-pixel desktop.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { BoundsOdds } from '../../src/core/bounds.ts';
import { ruleSetOf } from '../../src/web/rulesets/index.ts';
import type { SituationInput } from '../../src/web/rulesets/types.ts';
import { matchupsToHash } from '../../src/web/url-state.ts';
import { describeWithChromium, field, fileHarness } from './browser.ts';

const harness = fileHarness();

const shots = join(tmpdir(), 'debellator-screenshots');

/** What the page should show: the rule set's own multi-bound odds (what the panel calls). */
const expected = (input: SituationInput, n: number): BoundsOdds => ruleSetOf(input).bounds!(input, n);

interface Shown {
  cum: number;
  per: number;
}

async function shownBounds(page: Page): Promise<Record<string, Shown>> {
  return page.$$eval('.fight-on td[data-key]', (tds) =>
    Object.fromEntries(
      tds.map((td) => {
        const el = td as HTMLElement;
        return [el.dataset.key, { cum: Number(el.dataset.cum), per: Number(el.dataset.per) }];
      }),
    ),
  );
}

/** Every number the table shows equals the odds; every end that happens has a column. */
async function expectBounds(page: Page, b: BoundsOdds): Promise<void> {
  const shown = await shownBounds(page);
  const seen = b.ends.filter((e) => b.perBound.some((r) => r.ended[e.id]!.p > 0));
  expect(Object.keys(shown).length).toBe(b.bounds * (seen.length + 1));
  b.cumulative.forEach((row, i) => {
    for (const e of seen) {
      expect(shown[`${row.bound}:${e.id}`], `${row.bound}:${e.id}`).toEqual({
        cum: row.ended[e.id]!.p,
        per: b.perBound[i]!.ended[e.id]!.p,
      });
    }
    expect(shown[`${row.bound}:fighting`]!.cum).toBe(row.fighting.p);
  });
  // One bar per bound in each chart; the cumulative bars are full.
  expect(await page.$$eval('[data-chart="per-bound"] .fo-track', (x) => x.length)).toBe(b.bounds);
  expect(await page.$$eval('[data-chart="cumulative"] .fo-track', (x) => x.length)).toBe(b.bounds);
  const full = await page.$$eval('[data-chart="cumulative"] .fo-track', (tracks) =>
    tracks.map(
      (t) =>
        Array.from(t.children).reduce((w, s) => w + (s as HTMLElement).getBoundingClientRect().width, 0) /
        t.getBoundingClientRect().width,
    ),
  );
  for (const f of full) expect(f).toBeCloseTo(1, 2);
}

async function setBounds(page: Page, n: number): Promise<void> {
  await page.fill(field('bounds'), String(n));
  await page.press(field('bounds'), 'Enter');
  await page.waitForFunction((k) => location.hash.includes(`bounds=${k}`) || k === 1, n);
}

describeWithChromium('the Fight on panel', () => {
  it('1280 px: one bound shows no chart; three bounds of DBM blades against knights match the exact odds', async () => {
    mkdirSync(shots, { recursive: true });
    const page = await harness.open('', { width: 1280, height: 900 });
    expect(await page.inputValue(field('bounds'))).toBe('1');
    expect(await page.$$('.fight-on .fo-chart')).toEqual([]);
    expect(await page.textContent('.fight-on')).toContain('bounds?');
    await setBounds(page, 3);
    const input: SituationInput = {
      rules: 'dbm-3.2',
      mode: 'close',
      a: { element: 'Reg Bd(O)' },
      b: { element: 'Irr Kn(S)' },
    };
    const b = expected(input, 3);
    await expectBounds(page, b);
    // A's blades destroyed by the end of bound 3: 36240/46656 = 77.7% (test/cli/odds-bounds.test.ts).
    expect(await page.textContent('[data-key="3:a-destroyed"] .fo-cum')).toBe('77.7%');
    expect(await page.textContent('[data-bounds-summary]')).toContain('Within 3 bounds: A destroyed 77.7%');
    expect(new URL(page.url()).hash).toBe(`${matchupsToHash([input])}&bounds=3`);
    await page.locator('.fight-on').screenshot({ path: join(shots, 'bounds-1280.png') });
    expect(harness.errors).toEqual([]);

    // The link reopens the panel as it was.
    const again = await harness.open(new URL(page.url()).hash, { width: 1280, height: 900 });
    expect(await again.inputValue(field('bounds'))).toBe('3');
    await expectBounds(again, b);
    await again.close();

    // A general and an overlap are carried, bound after bound: the panel gives the odds with them.
    await page.check(field('a.general'));
    await page.click(field('b.overlaps=1'));
    const carried = expected(
      { ...input, a: { element: 'Reg Bd(O)', general: true }, b: { element: 'Irr Kn(S)', overlaps: 1 } },
      3,
    );
    await expectBounds(page, carried);
    expect(carried.cumulative[2]!.ended['a-destroyed']!.p).toBeLessThan(
      b.cumulative[2]!.ended['a-destroyed']!.p,
    );
    expect(await page.textContent('.fight-on .notes')).toContain('B is overlapped on one flank');
    // Circumstances the model does not carry: the panel names every one at once, in words, and the
    // single-combat odds stay.
    await page.check(field('a.rearContact'));
    await page.check(field('b.movedIntoContact'));
    expect(await page.textContent('[data-bounds-error]')).toMatch(
      /^Fight on cannot model A's enemy on rear and B's moved into contact: not part of the multi-bound model/,
    );
    await page.uncheck(field('b.movedIntoContact'));
    await page.uncheck(field('a.rearContact'));
    await page.click(field('b.overlaps=0'));
    await page.uncheck(field('a.general'));
    await expectBounds(page, b);

    // Another rule set keeps the number of bounds: DBA 4Bd against 3Kn, the hand-worked case carried on.
    await page.selectOption(field('ruleset'), 'dba');
    const dba = expected(
      { rules: 'dba-3.0', mode: 'close', a: { element: '4Bd' }, b: { element: '3Kn' } },
      3,
    );
    await expectBounds(page, dba);
    // 15/36 + 13/36 x 15/36 + (13/36)^2 x 15/36 = 28995/46656 = 62.1%.
    expect(await page.textContent('[data-key="3:a-destroyed"] .fo-cum')).toBe('62.1%');
    expect(harness.errors).toEqual([]);
    await page.close();
  });

  it('1280 px: bowmen shooting at knights as they close, bound by bound', async () => {
    const input: SituationInput = {
      rules: 'dbm-3.2',
      mode: 'shooting',
      a: { element: 'Reg Bw(O)' },
      b: { element: 'Irr Kn(F)' },
    };
    const page = await harness.open(`${matchupsToHash([input])}&bounds=4`, { width: 1280, height: 900 });
    const b = expected(input, 4);
    await expectBounds(page, b);
    // test/engine/lines/bounds.test.ts: 2/36 of the knights shot down in bound 1, then 34/36 charge home.
    expect(await page.textContent('[data-key="1:b-destroyed"] .fo-cum')).toBe('5.6%');
    expect(await page.textContent('[data-bounds-phases] p')).toContain('the two start 300p apart');
    expect(await page.textContent('[data-phase="1"]')).toBe('1 (A): shooting; 200p apart after it');
    expect(await page.textContent('[data-phase="2"]')).toBe(
      '2 (B): contact: the lines meet 94.4%, close combat 94.4%',
    );
    await page.locator('.fight-on').screenshot({ path: join(shots, 'bounds-1280-shooting.png') });
    expect(harness.errors).toEqual([]);
    await page.close();
  });

  it('390 px: five bounds of DBA fit the phone; GBA counts rounds', async () => {
    const dbaInput: SituationInput = {
      rules: 'dba-3.0',
      mode: 'close',
      a: { element: '4Pk', behind: '4Pk' },
      b: { element: '4Wb' },
    };
    const page = await harness.open(`${matchupsToHash([dbaInput])}&bounds=5`, { width: 390, height: 844 });
    await expectBounds(page, expected(dbaInput, 5));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.locator('.fight-on').screenshot({ path: join(shots, 'bounds-390-dba.png') });

    await page.selectOption(field('ruleset'), 'gba');
    const gbaInput = ruleSetOf({ rules: 'gba-5' }).defaultInput('gba-5');
    const gba = expected(gbaInput, 5);
    expect(gba.unit).toBe('round');
    await expectBounds(page, gba);
    expect(await page.textContent('.fight-on')).toContain('By the end of each round');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(shots, 'bounds-390-gba.png'), fullPage: true });

    // Back to one bound: the charts go, and the link drops its bounds part.
    await setBounds(page, 1);
    await page.waitForFunction(() => !location.hash.includes('bounds='));
    expect(await page.$$('.fight-on .fo-chart')).toEqual([]);
    expect(harness.errors).toEqual([]);
    await page.close();
  });
});
