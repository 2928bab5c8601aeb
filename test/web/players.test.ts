/**
 * The odds page's players' features in a real browser (Debian's chromium), each at a 390-pixel phone and
 * a 1280-pixel desktop: the odds in plain words with its copy button, the "this or worse" chart, swapping
 * A and B, one element against many (computed in the page's worker), the tab kept in the URL, the chart
 * keeping its bars in place when a side changes, combat modes offered only where the rules allow them,
 * and the GBA page's collapsed rows, legend and background panel. Numbers are checked against
 * oddsReport and hand-worked counts.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { OddsReport } from '../../src/engine/odds.ts';
import { decodeJson } from '../../src/web/base64url.ts';
import { ruleSetById, ruleSetOf } from '../../src/web/rulesets/index.ts';
import type { WebRuleSet } from '../../src/web/rulesets/types.ts';
import { matchupsToHash } from '../../src/web/url-state.ts';
import { describeWithChromium, field, fileHarness, shownCells } from './browser.ts';

const harness = fileHarness();

const reportOf = (input: unknown): OddsReport => ruleSetOf(input).report(input as never);
const dbm = ruleSetById('dbm') as WebRuleSet;

const WIDTHS = [390, 1280] as const;
const open = (width: number, hash = '') => harness.open(hash, { width, height: 900 });

async function hashSituations(page: Page): Promise<unknown[]> {
  const params = new URLSearchParams(new URL(page.url()).hash.slice(1));
  return ['s', 'vs'].flatMap((k) => (params.has(k) ? [decodeJson(params.get(k) as string)] : []));
}

/** The page fits its width: nothing scrolls sideways. */
async function fits(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** The bars' labels, top down. */
const barOrder = (page: Page) =>
  page.$$eval('#chart .role-axis-label text', (els) =>
    els
      .map((e) => ({ t: e.textContent ?? '', y: e.getBoundingClientRect().top }))
      .filter((x) => /^[AB]\d? /.test(x.t))
      .sort((x, y) => x.y - y.y)
      .map((x) => x.t),
  );

describeWithChromium.each(WIDTHS)('odds page players\u2019 features at %i pixels', (width) => {
  it('says the odds in plain words, and copies them', async () => {
    const page = await open(width);
    await harness.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: harness.url });
    // DBM 3.2 p.21-22 (test/cli/players.test.ts): blades destroyed 15/36 = 42% by knights, knights
    // destroyed 1/36 = 3% (doubled on 6-1), recoil 9/36 = 25%.
    const line = 'Reg Bd(O) destroys Irr Kn(S) 3%, is destroyed 42%; Irr Kn(S) recoils 25%';
    expect(await page.textContent('.verdict-text')).toBe(line);
    await page.click(field('verdict.copy.1'));
    await expect.poll(() => page.textContent(field('verdict.copy.1'))).toBe('Copied');
    // The copied line says what it compares first (version, combat), as `debellator odds` titles it.
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `DBM 3.2 close combat, A's bound: ${line}`,
    );
    // A what-if shows a line per matchup.
    await page.click(field('compare'));
    expect(await page.$$eval('.verdict-text', (els) => els.map((e) => e.textContent))).toEqual([line, line]);
    await fits(page, width);
    expect(harness.errors).toEqual([]);
    await page.close();
  });

  it('draws the "this or worse" chart beside the bars, with the exact counts', async () => {
    const page = await open(width);
    await page.waitForSelector('#cumulative svg');
    const points = await page.$$eval('#cumulative .mark-symbol path[aria-label]', (els) =>
      els.map((e) => {
        const l = e.getAttribute('aria-label') ?? '';
        const get = (k: string) => new RegExp(`${k}: ([^;]+)`).exec(l)?.[1];
        return [get('side'), get('threshold'), Number(get('rolls'))];
      }),
    );
    const r = reportOf(dbm.defaultInput('dbm-3.2'));
    const [a, b] = [r.a.outcomes, r.b.outcomes];
    expect(points).toEqual(
      expect.arrayContaining([
        ['A Reg Bd(O)', 'destroyed', a.destroyed!.count],
        ['A Reg Bd(O)', 'flees or worse', a.destroyed!.count + a.flee!.count],
        ['A Reg Bd(O)', 'recoils or worse', a.destroyed!.count + a.flee!.count + a.recoil!.count],
        ['B Irr Kn(S)', 'destroyed', 1],
        ['B Irr Kn(S)', 'flees or worse', 1],
        // 1 destroyed + 9 recoil = 10/36.
        ['B Irr Kn(S)', 'recoils or worse', b.destroyed!.count + b.flee!.count + b.recoil!.count],
      ]),
    );
    expect(points).toHaveLength(6);
    expect(b.recoil!.count).toBe(9);
    // Beside the bars where there is room (the results column at 1280), under them on a phone.
    const [bars, worse] = await Promise.all(
      ['#chart', '#cumulative'].map((s) => page.locator(s).boundingBox()),
    );
    if (width >= 1280) expect(worse!.x).toBeGreaterThan(bars!.x + bars!.width - 1);
    else expect(worse!.y).toBeGreaterThan(bars!.y + bars!.height - 1);
    await fits(page, width);
    expect(harness.errors).toEqual([]);
    await page.close();
  });

  it('swaps A and B with all their inputs, from the keyboard too', async () => {
    const page = await open(width);
    await page.click(field('a.general'));
    await page.click(field('b.overlaps=1'));
    const before = (await hashSituations(page))[0] as { a: unknown; b: unknown };
    // Reach the swap button with the keyboard and press it.
    await page.focus(field('compare'));
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.field)).toBe('swap');
    await page.keyboard.press('Enter');
    const [after] = (await hashSituations(page)) as { a: unknown; b: unknown; bound: string }[];
    expect([after!.a, after!.b, after!.bound]).toEqual([before.b, before.a, 'b']);
    expect(await page.inputValue(field('a.element.type'))).toBe('Kn');
    expect(await page.isChecked(field('b.general'))).toBe(true);
    // Knights in B's bound against the general's blades: the mirror of the odds before, side for side.
    const r = reportOf(after);
    const r0 = reportOf(before);
    expect(r.a.outcomes).toEqual(r0.b.outcomes);
    const cells = await shownCells(page);
    expect(cells['1:a.destroyed']?.count).toBe(r.a.outcomes.destroyed!.count);
    await fits(page, width);
    expect(harness.errors).toEqual([]);
    await page.close();
  });

  it('keeps the tab shown in the URL', async () => {
    const page = await open(width);
    await page.click(field('compare'));
    expect(new URL(page.url()).hash).toMatch(/&tab=2$/);
    await page.click(field('b.overlaps=2'));
    const again = await open(width, new URL(page.url()).hash);
    expect(await again.getAttribute(field('tab.2'), 'aria-selected')).toBe('true');
    expect(await again.getAttribute(field('b.overlaps=2'), 'aria-pressed')).toBe('true');
    await again.click(field('tab.1'));
    expect(new URL(again.url()).hash).not.toContain('tab=');
    expect(await again.getAttribute(field('b.overlaps=0'), 'aria-pressed')).toBe('true');
    await fits(again, width);
    expect(harness.errors).toEqual([]);
    await Promise.all([page.close(), again.close()]);
  });

  it('plays A against every opponent of a type, computed in the worker', async () => {
    const page = await open(width);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await page.click('.matrix-row summary');
    const knights = dbm.elements.filter((e) => e.type === 'Kn');
    await expect
      .poll(() => page.textContent('.matrix-row [role=status]'))
      .toBe(`${knights.length} opponents`);
    expect(requests).toContain('/worker.js');
    const rows = await page.$$eval('.matrix-row-table tbody tr', (trs) =>
      trs.map((tr) => [
        (tr as HTMLElement).dataset.opponent,
        Object.fromEntries(
          Array.from(tr.querySelectorAll('td[data-key]')).map((td) => [
            (td as HTMLElement).dataset.key,
            Number((td as HTMLElement).dataset.count),
          ]),
        ),
      ]),
    );
    expect(rows.map(([o]) => o)).toEqual(knights.map((k) => k.notation));
    for (const [opponent, counts] of rows) {
      const r = reportOf({ ...dbm.defaultInput('dbm-3.2'), b: { element: opponent } });
      expect(counts, String(opponent)).toEqual({
        'b.destroyed': r.b.outcomes.destroyed!.count,
        'a.destroyed': r.a.outcomes.destroyed!.count,
        'b.atleast:recoil':
          r.b.outcomes.destroyed!.count + r.b.outcomes.flee!.count + r.b.outcomes.recoil!.count,
      });
    }
    // Irr Kn(S) is the default matchup: 1/36 destroyed, 15/36 blades destroyed.
    expect(rows.find(([o]) => o === 'Irr Kn(S)')?.[1]).toMatchObject({ 'b.destroyed': 1, 'a.destroyed': 15 });
    // Sorting by a column, from a keyboard-reachable button: most destroyed first.
    await page.click(field('matrix.sort.b.destroyed'));
    const sorted = await page.$$eval('.matrix-row-table td[data-key="b.destroyed"]', (tds) =>
      tds.map((td) => Number((td as HTMLElement).dataset.count)),
    );
    expect(sorted).toEqual([...sorted].sort((x, y) => y - x));
    // Every element of the catalogue.
    await page.selectOption(field('matrix.opponents'), 'all');
    await expect
      .poll(() => page.textContent('.matrix-row [role=status]'), { timeout: 20_000 })
      .toBe(`${dbm.elements.length} opponents`);
    expect(await page.locator('.matrix-row-table tbody tr').count()).toBe(dbm.elements.length);
    await fits(page, width);
    expect(harness.errors).toEqual([]);
    await page.close();
  });

  it('keeps each bar in its place when a side changes (chart updated in place)', async () => {
    const page = await open(width);
    expect(await barOrder(page)).toEqual(['A Reg Bd(O)', 'B Irr Kn(S)']);
    await page.selectOption(field('a.element.grade'), 'S');
    await expect.poll(() => barOrder(page)).toEqual(['A Reg Bd(S)', 'B Irr Kn(S)']);
    await page.click(field('compare'));
    await page.selectOption(field('a.element.grade'), 'I');
    await expect
      .poll(() => barOrder(page))
      .toEqual(['A1 Reg Bd(S)', 'A2 Reg Bd(I)', 'B1 Irr Kn(S)', 'B2 Irr Kn(S)']);
    expect(harness.errors).toEqual([]);
    await page.close();
  });

  it('offers shooting only where the rules allow it', async () => {
    const page = await open(width);
    const modes = () =>
      page.$$eval('[data-field^="mode="]', (els) => els.map((e) => (e as HTMLElement).dataset.field));
    // DBM 3.2 p.20: neither blades nor knights shoot.
    expect(await modes()).toEqual(['mode=close']);
    await page.selectOption(field('a.element.type'), 'Bw');
    expect(await modes()).toEqual(['mode=close', 'mode=shooting']);
    await page.click(field('mode=shooting'));
    // Only the bowmen shoot: one choice of shooter.
    expect(
      await page.$$eval('[data-field^="shooters="]', (els) =>
        els.map((e) => (e as HTMLElement).dataset.field),
      ),
    ).toEqual(['shooters=a']);
    // GBA 8.13: missile fire needs a firer with a missile class; choosing one offers it, with a range.
    await page.selectOption(field('ruleset'), 'gba');
    expect(await modes()).toEqual(['mode=shock']);
    await page.selectOption(field('a.units.0.missile'), 'A');
    await page.click(field('mode=missile'));
    const [s] = (await hashSituations(page)) as { mode: string; range: number }[];
    expect([s!.mode, s!.range]).toEqual(['missile', 1]);
    expect(harness.errors).toEqual([]);
    await page.close();
  });
});

describeWithChromium('the GBA page', () => {
  const PHALANX = {
    rules: 'gba-5',
    mode: 'shock',
    a: {
      leader: { name: 'Alexander', charisma: 4 },
      units: [{ name: 'Phalanx', type: 'PH', tq: 7, size: 10, moved: true }],
    },
    b: { units: [{ name: 'Hoplites', type: 'HI', class: 'HO', tq: 6, size: 8 }] },
  };

  it.each(WIDTHS)(
    'at %i pixels: rows and legend only for outcomes that can happen, the charts background folded away, inputs named by side',
    async (width) => {
      const page = await open(width, matchupsToHash([PHALANX]));
      const r = reportOf(PHALANX);
      const possible = (ruleSetById('gba') as WebRuleSet).outcomes.filter(
        (o) => (r.a.outcomes[o.id]?.count ?? 0) + (r.b.outcomes[o.id]?.count ?? 0) > 0,
      );
      // The phalanx takes 2 to 5 hits and the hoplites rout or take 2 to 4 (test/web/page.test.ts).
      expect(possible.map((o) => o.label)).toEqual(['routs', '5 hits', '4 hits', '3 hits', '2 hits']);
      const rows = await page.$$eval('section.odds.side-a tbody:not(.cumulative) th', (ths) =>
        ths.map((t) => t.textContent),
      );
      expect(rows).toEqual(possible.map((o) => o.label));
      expect(await page.textContent('[data-key="impossible"]')).toBe(
        'Cannot happen here: 8 hits, 7 hits, 6 hits, 1 hit, 0 hits.',
      );
      const legend = await page.$$eval('#chart .role-legend-label text', (els) =>
        els.map((e) => e.textContent),
      );
      expect(legend).toEqual(possible.map((o) => o.label));
      // The legend fits inside the chart.
      const [chart, box] = await Promise.all([
        page.locator('#chart').boundingBox(),
        page.locator('#chart .role-legend').boundingBox(),
      ]);
      expect(box!.x + box!.width).toBeLessThanOrEqual(chart!.x + chart!.width);
      // Notes for players; where the charts come from is folded away.
      expect(await page.textContent('.notes')).not.toContain('gbohc');
      expect(await page.isVisible('.background .notes')).toBe(false);
      await page.click('summary >> text=Where the charts come from');
      expect(await page.textContent('.background .notes')).toContain('Charts: gbohc');
      // Every unit input says whose it is.
      expect(await page.getAttribute(field('a.units.0.tq'), 'aria-label')).toBe("A's first unit's TQ");
      expect(await page.getAttribute(field('b.units.0.hits'), 'aria-label')).toBe("B's first unit's hits");
      expect(await page.textContent('section.side.side-b .unit-no')).toBe('B unit 1');
      await fits(page, width);
      expect(harness.errors).toEqual([]);
      await page.close();
    },
  );
});
