/**
 * The odds page's rough edges found by players (issue "Players' experience, round three"), each in
 * Debian's chromium at 390 and 1280 px: the "this or worse" chart redrawn for new sides, focus clear of
 * the odds bar on a phone, GBA's bar labels, colours and names, the what-if table's columns in line, no
 * control the rules refuse, the copied line saying what it compares, and A blue in "Fight on".
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { ruleSetById } from '../../src/web/rulesets/index.ts';
import type { WebRuleSet } from '../../src/web/rulesets/types.ts';
import { matchupsToHash } from '../../src/web/url-state.ts';
import { luminance } from '../../src/web/view/ink.ts';
import { describeWithChromium, field, fileHarness } from './browser.ts';

const harness = fileHarness();

const WIDTHS = [390, 1280] as const;
const open = (width: number, hash = '') => harness.open(hash, { width, height: 844 });
const gba = ruleSetById('gba') as WebRuleSet;

/** The "this or worse" chart as drawn: its points (side, threshold, fill) and its legend's names. */
async function worseChart(page: Page): Promise<{ points: string[][]; legend: string[] }> {
  return page.evaluate(() => {
    const points = Array.from(document.querySelectorAll('#cumulative .mark-symbol path[aria-label]')).map(
      (e) => {
        const l = e.getAttribute('aria-label') ?? '';
        return [
          /side: ([^;]+)/.exec(l)?.[1] ?? '',
          /threshold: ([^;]+)/.exec(l)?.[1] ?? '',
          e.getAttribute('fill') ?? '',
        ];
      },
    );
    const legend = Array.from(document.querySelectorAll('#cumulative .role-legend-label text')).map(
      (e) => e.textContent ?? '',
    );
    return { points, legend };
  });
}

/** Settled: the chart shows these two sides, every point filled in its side's colour. */
async function expectWorse(page: Page, a: string, b: string): Promise<void> {
  await expect.poll(async () => (await worseChart(page)).legend).toEqual([`A ${a}`, `B ${b}`]);
  const { points } = await worseChart(page);
  expect(points).toHaveLength(6);
  for (const [side, , fill] of points) {
    expect([`A ${a}`, `B ${b}`]).toContain(side);
    // A blue, B red (cumulative-spec.ts): a point whose side is outside the colour scale has no fill.
    expect(fill).toBe(side!.startsWith('A') ? '#2f6db5' : '#b5452f');
  }
}

/** Contrast ratio of two "#rrggbb" colours (WCAG 2). */
const contrast = (x: string, y: string): number => {
  const [l1, l2] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return (l1 + 0.05) / (l2 + 0.05);
};

/** CIE L*a*b* of a "#rrggbb" colour (D65). */
function lab(hex: string): [number, number, number] {
  const [r, g, b] = (hex.slice(1).match(/../g) ?? []).map((x) => {
    const c = parseInt(x, 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const [x, y, z] = [
    (r * 0.4124 + g * 0.3576 + b * 0.1805) / 0.95047,
    r * 0.2126 + g * 0.7152 + b * 0.0722,
    (r * 0.0193 + g * 0.1192 + b * 0.9505) / 1.08883,
  ];
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** CIE76 colour distance: about 2.3 is just noticeable; neighbours in a bar need far more. */
const deltaE = (p: string, q: string): number => {
  const [a, b] = [lab(p), lab(q)];
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
};

/** "rgb(31, 95, 153)" -> [31, 95, 153]. */
const rgb = (css: string): number[] => (css.match(/\d+/g) ?? []).slice(0, 3).map(Number);

describeWithChromium.each(WIDTHS)('the odds page\u2019s rough edges at %i pixels', (width) => {
  it('redraws the "this or worse" chart for new sides: after Swap, A\u2019s type and A\u2019s regularity', async () => {
    const page = await open(width);
    await page.waitForSelector('#cumulative svg');
    await expectWorse(page, 'Reg Bd(O)', 'Irr Kn(S)');
    await page.click(field('swap'));
    await expectWorse(page, 'Irr Kn(S)', 'Reg Bd(O)');
    await page.selectOption(field('a.element.type'), 'Cv');
    await expectWorse(page, 'Irr Cv(S)', 'Reg Bd(O)');
    await page.selectOption(field('a.element.reg'), 'Reg');
    await expectWorse(page, 'Reg Cv(S)', 'Reg Bd(O)');
    expect(harness.errors).toEqual([]);
    await page.close();
  });

  it('keeps keyboard focus clear of the odds bar at the foot of a phone', async () => {
    const page = await open(width);
    const targets = [
      field('b.movedIntoContact'),
      field('b.overlaps=1'),
      'details.more >> text=Both sides together',
    ];
    for (const target of targets) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.locator(target).first().focus();
      const [box, strip] = await Promise.all([
        page.locator(target).first().boundingBox(),
        page.locator('#strip').boundingBox(),
      ]);
      expect(box!.y + box!.height, target).toBeLessThanOrEqual(844);
      // The bar is shown on a phone only (two columns from 900 px hide it).
      if (width < 900) expect(box!.y + box!.height, target).toBeLessThanOrEqual(strip!.y);
    }
    await page.close();
  });

  it('GBA: readable bar labels, told-apart hit colours, whole side names, axis labels apart', async () => {
    const page = await open(width, matchupsToHash([gba.defaultInput('gba-5')]));
    await page.waitForSelector('#chart .mark-text.role-mark text');
    const drawn = await page.evaluate(() => {
      const rect = (e: Element) => e.getBoundingClientRect().toJSON() as DOMRect;
      const bars = Array.from(document.querySelectorAll('#chart .mark-rect path')).map((e) => ({
        r: rect(e),
        fill: e.getAttribute('fill') ?? '',
      }));
      const texts = Array.from(document.querySelectorAll('#chart .mark-text.role-mark text')).map((e) => ({
        r: rect(e),
        fill: e.getAttribute('fill') ?? '',
        text: e.textContent ?? '',
      }));
      const axis = (sel: string) =>
        Array.from(document.querySelectorAll(sel)).map((e) => ({ r: rect(e), text: e.textContent ?? '' }));
      return {
        bars,
        texts,
        y: axis('#chart .role-axis-label text'),
        xs: ['#chart', '#cumulative'].map((c) =>
          axis(`${c} .role-axis[aria-label^="X-axis"] .role-axis-label text`),
        ),
      };
    });
    // Each percentage sits inside its own segment, in ink that reads on it.
    expect(drawn.texts.length).toBeGreaterThan(0);
    for (const t of drawn.texts) {
      const mid = t.r.x + t.r.width / 2;
      const bar = drawn.bars.find(
        (b) =>
          mid >= b.r.x &&
          mid <= b.r.x + b.r.width &&
          t.r.y >= b.r.y - 2 &&
          t.r.y + t.r.height <= b.r.y + b.r.height + 2,
      )!;
      expect(bar, t.text).toBeDefined();
      expect(t.r.x, t.text).toBeGreaterThanOrEqual(bar.r.x - 0.5);
      expect(t.r.x + t.r.width, t.text).toBeLessThanOrEqual(bar.r.x + bar.r.width + 0.5);
      expect(contrast(t.fill, bar.fill), `${t.text} on ${bar.fill}`).toBeGreaterThanOrEqual(4.5);
    }
    // Neighbouring outcomes (GBA's hit counts, rout to none) are told apart in a stacked bar.
    const colours = gba.outcomes.map((o) => o.color);
    for (let i = 1; i < colours.length; i++)
      expect(
        deltaE(colours[i - 1]!, colours[i]!),
        `${gba.outcomes[i - 1]!.label} / ${gba.outcomes[i]!.label}`,
      ).toBeGreaterThanOrEqual(15);
    // The sides' whole names, nothing cut: "A Phalanx PH" over "(TQ 7, Size 10)".
    const names = drawn.y.map((l) => l.text).join(' ');
    expect(names).toContain('A Phalanx PH');
    expect(names).toContain('(TQ 7, Size 10)');
    expect(names).toContain('(TQ 6, Size 8)');
    expect(names).not.toContain('\u2026');
    // The percent axes' labels never run into each other.
    for (const labels of drawn.xs) {
      expect(labels.length).toBeGreaterThanOrEqual(2);
      for (let i = 1; i < labels.length; i++)
        expect(labels[i]!.r.x, labels[i]!.text).toBeGreaterThanOrEqual(
          labels[i - 1]!.r.x + labels[i - 1]!.r.width + 2,
        );
    }
    expect(harness.errors).toEqual([]);
    await page.close();
  });

  it('lines up the what-if table: every cell under its heading', async () => {
    const page = await open(width);
    await page.click(field('compare'));
    await page.click(field('a.general'));
    const misplaced = await page.evaluate(() =>
      Array.from(document.querySelectorAll('section.odds table.compare')).flatMap((table) => {
        const heads = Array.from(table.querySelectorAll('thead th')).map((th) => th.getBoundingClientRect());
        return Array.from(table.querySelectorAll('tbody tr')).flatMap((tr) =>
          Array.from(tr.children).flatMap((cell, i) => {
            const r = cell.getBoundingClientRect();
            const h = heads[i]!;
            return Math.abs(r.left - h.left) > 1 || Math.abs(r.right - h.right) > 1
              ? [`${tr.firstElementChild?.textContent}: column ${i + 1}`]
              : [];
          }),
        );
      }),
    );
    expect(misplaced).toEqual([]);
    await page.close();
  });

  it('offers no control the rules then refuse: each side\u2019s switches and counts settle as they are', async () => {
    // DBM shooting, bows at foot: only the side that shoots has elements aiding its shooting (p.20).
    const dbm = ruleSetById('dbm') as WebRuleSet;
    const bnb = ruleSetById('bnb') as WebRuleSet;
    const shooting = {
      rules: 'dbm-3.2',
      mode: 'shooting',
      a: { element: 'Reg Bw(O)' },
      b: { element: 'Reg Bd(O)' },
    };
    const cases = [
      [dbm, shooting],
      [dbm, dbm.defaultInput('dbm-3.2')],
      [bnb, { rules: 'bnb-0.7', mode: 'shooting', a: { element: 'Reg Bw(O)' }, b: { element: 'Irr Wb(O)' } }],
    ] as const;
    for (const [rs, raw] of cases) {
      const input = rs.normalise(raw);
      const page = await open(width, matchupsToHash([input]));
      if (raw === shooting) {
        expect(await page.locator(field('a.aiders=1')).count()).toBe(1);
        expect(await page.locator(field('b.aiders=1')).count()).toBe(0);
      }
      // Every switch and count the form offers for a side: set it as the form would, the parser decides.
      const offered = await page.$$eval('[data-field^="a."], [data-field^="b."]', (els) =>
        els
          .filter(
            (e) =>
              (e as HTMLInputElement).type === 'checkbox' || /=/.test((e as HTMLElement).dataset.field ?? ''),
          )
          .map((e) => (e as HTMLElement).dataset.field ?? '')
          .filter((f) => /^[ab]\.[A-Za-z]+(=[1-9])?$/.test(f)),
      );
      expect(offered.length).toBeGreaterThan(5);
      for (const f of offered) {
        const [at, n] = f.split('=') as [string, string | undefined];
        const [id, key] = at.split('.') as ['a' | 'b', string];
        const side = input[id] as Record<string, unknown>;
        const next = { ...input, [id]: { ...side, [key]: n === undefined ? !side[key] : Number(n) } };
        const r = rs.edit(input, next);
        expect([f, r.note]).toEqual([f, undefined]);
        expect(r.input).toBeDefined();
      }
      await page.close();
    }
  });

  it('copies a line that says what it compares: version, combat and circumstances', async () => {
    const page = await open(width);
    await harness.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: harness.url });
    await page.click(field('compare'));
    await page.selectOption(field('version'), 'dbm-3.0');
    await page.click(field('a.general'));
    const contexts = await page.$$eval('.verdict-context', (els) => els.map((e) => e.textContent));
    expect(contexts).toEqual([
      "DBM 3.2 close combat, A's bound",
      "DBM 3.0 close combat, A's bound · A's general",
    ]);
    await page.click(field('verdict.copy.1'));
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(
        "DBM 3.2 close combat, A's bound: Reg Bd(O) destroys Irr Kn(S) 3%, is destroyed 42%; Irr Kn(S) recoils 25%",
      );
    await page.click(field('verdict.copy.2'));
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toMatch(
        /^DBM 3\.0 close combat, A's bound: Reg Bd\(O\) destroys Irr Kn\(S\) \d+%, .* \(with A's general\)$/,
      );
    await page.close();
  });

  it('draws A blue and B red in "Fight on", as everywhere else', async () => {
    const page = await open(width);
    await page.fill(field('bounds'), '3');
    await page.press(field('bounds'), 'Enter');
    await page.waitForSelector('.fo-legend li');
    const swatches = await page.$$eval('.fo-legend li', (els) =>
      els.map((li) => [
        li.textContent ?? '',
        getComputedStyle(li.querySelector('.fo-swatch')!).backgroundColor,
      ]),
    );
    const colour = (label: string) => rgb(swatches.find(([t]) => t === label)![1]!);
    const [ar, , ab] = colour('A destroyed') as [number, number, number];
    const [br, , bb] = colour('B destroyed') as [number, number, number];
    expect(ab).toBeGreaterThan(ar);
    expect(br).toBeGreaterThan(bb);
    await page.close();
  });
});
