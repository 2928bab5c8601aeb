/**
 * The odds page in a real browser (Debian's chromium): the numbers it shows are oddsReport's for the
 * situation built in its form, the link reproduces the page, the export is a situation file the CLI
 * reads, and it fits a 390-pixel phone.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { OddsReport } from '../../src/engine/odds.ts';
import { decodeJson } from '../../src/web/base64url.ts';
import { ruleSetById, ruleSetOf } from '../../src/web/rulesets/index.ts';
import type { WebRuleSet } from '../../src/web/rulesets/types.ts';
import { matchupsToHash } from '../../src/web/url-state.ts';
import { describeWithChromium, field, fileHarness, type ShownCell, shownCells } from './browser.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const OUTCOMES = ['destroyed', 'flee', 'recoil', 'none'] as const;

const harness = fileHarness();

type Report = OddsReport<(typeof OUTCOMES)[number]>;
/** The exact odds of a situation file, through its rule system's own module (what the page calls). */
const reportOf = (input: unknown): OddsReport => ruleSetOf(input).report(input as never);
const report = (input: unknown): Report => reportOf(input) as Report;
const web = (id: string) => ruleSetById(id) as WebRuleSet;

/** Every shown number of one matchup equals the report's exact count, and its percentage. */
function expectShown(cells: Record<string, ShownCell>, matchup: number, r: Report): void {
  for (const side of ['a', 'b'] as const) {
    let worse = 0;
    for (const o of OUTCOMES) {
      const t = r[side].outcomes[o];
      const cell = cells[`${matchup}:${side}.${o}`];
      expect(cell, `${matchup}:${side}.${o}`).toEqual({
        count: t.count,
        of: t.of,
        text: `${(t.p * 100).toFixed(1)}%`,
      });
      worse += t.count;
      if (o === 'flee' || o === 'recoil')
        expect(cells[`${matchup}:${side}.atleast:${o}`]?.count, `${side} ${o} or worse`).toBe(worse);
    }
  }
}

/** A: Irr Wb(O) general in rough going; B: Reg Bd(O) overlapped once. Set through the form. */
async function setWarbandAgainstBlades(page: Page): Promise<void> {
  await page.selectOption(field('a.element.type'), 'Wb');
  await page.selectOption(field('a.element.reg'), 'Irr');
  await page.selectOption(field('a.element.grade'), 'O');
  await page.check(field('a.general'));
  await page.selectOption(field('a.going'), 'rough');
  await page.selectOption(field('b.element.type'), 'Bd');
  await page.selectOption(field('b.element.reg'), 'Reg');
  await page.selectOption(field('b.element.grade'), 'O');
  await page.click(field('b.overlaps=1'));
}

const WARBAND_V_BLADES = {
  rules: 'dbm-3.2',
  mode: 'close',
  a: { element: 'Irr Wb(O)', general: true, going: 'rough' },
  b: { element: 'Reg Bd(O)', overlaps: 1 },
};

async function hashSituations(page: Page): Promise<unknown[]> {
  const params = new URLSearchParams(new URL(page.url()).hash.slice(1));
  return ['s', 'vs'].flatMap((k) => (params.has(k) ? [decodeJson(params.get(k) as string)] : []));
}

describeWithChromium('odds page', () => {
  it('shows the exact odds of oddsReport for a matchup built in the form, per rule version', async () => {
    const page = await harness.open();
    await setWarbandAgainstBlades(page);
    const r32 = report(WARBAND_V_BLADES);
    // DBM 3.2: A destroyed 4/36, recoils or worse 21/36; B destroyed 10/36.
    expect([r32.a.outcomes.destroyed.count, r32.b.outcomes.destroyed.count]).toEqual([4, 10]);
    const cells = await shownCells(page);
    expectShown(cells, 1, r32);
    expect(cells['1:a.atleast:recoil']).toEqual({ count: 21, of: 36, text: '58.3%' });
    // The URL holds the situation file, defaults left out.
    expect(await hashSituations(page)).toEqual([WARBAND_V_BLADES]);
    // Factors listed with their rule sections, as the rule set explains them.
    const rules = await page.$$eval('.factors.side-a .rule', (els) => els.map((e) => e.textContent));
    expect(rules).toEqual(r32.a.factors.map((f) => f.rule));
    // DBM 3.0: warband in bad going fight at -2, not -1 (3.2 end note lv).
    await page.selectOption(field('version'), 'dbm-3.0');
    const r30 = report({ ...WARBAND_V_BLADES, rules: 'dbm-3.0' });
    expect(r30.a.outcomes.destroyed.count).toBe(9);
    expectShown(await shownCells(page), 1, r30);
    expect(harness.errors).toEqual([]);
    await page.close();
  });

  it('reproduces the page from its link', async () => {
    const page = await harness.open();
    await setWarbandAgainstBlades(page);
    await page.click(field('compare'));
    await page.click(field('a.rear.add'));
    const url = page.url();
    const before = await shownCells(page);
    const again = await harness.open(new URL(url).hash);
    expect(await shownCells(again)).toEqual(before);
    expect(await again.inputValue(field('a.element.type'))).toBe('Wb');
    expect(await again.inputValue(field('a.going'))).toBe('rough');
    expect(await again.locator(field('tab.2')).count()).toBe(1);
    expect(harness.errors).toEqual([]);
    await Promise.all([page.close(), again.close()]);
  });

  it('compares a second matchup and shows the difference: a 2nd rank of blades', async () => {
    const page = await harness.open();
    await setWarbandAgainstBlades(page);
    await page.click(field('compare'));
    await page.click(field('b.rear.add'));
    const second = { ...WARBAND_V_BLADES, b: { ...WARBAND_V_BLADES.b, rear: ['Reg Bd(O)'] } };
    expect(await hashSituations(page)).toEqual([WARBAND_V_BLADES, second]);
    const [r1, r2] = [report(WARBAND_V_BLADES), report(second)];
    const cells = await shownCells(page);
    expectShown(cells, 1, r1);
    expectShown(cells, 2, r2);
    const diffs = await page.$$eval('td.diff', (tds) =>
      Object.fromEntries(
        tds.map((td) => [(td as HTMLElement).dataset.key, Number((td as HTMLElement).dataset.diff)]),
      ),
    );
    for (const side of ['a', 'b'] as const)
      for (const o of OUTCOMES) {
        const d = r2[side].outcomes[o].count / 36 - r1[side].outcomes[o].count / 36;
        expect(diffs[`${side}.${o}`], `${side}.${o}`).toBeCloseTo(d, 6);
      }
    expect(await page.textContent('.changes')).toContain('b.rear');
    expect(harness.errors).toEqual([]);
    await page.close();
  });

  it('exports a situation file that `debellator odds --situation` reads, and imports one', async () => {
    const page = await harness.open();
    await setWarbandAgainstBlades(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
    const file = join(tmpdir(), `debellator-export-${process.pid}.json`);
    await download.saveAs(file);
    const exported = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    expect(exported).toEqual(web('dbm').normalise(WARBAND_V_BLADES));
    const cli = JSON.parse(
      execFileSync(
        process.execPath,
        [join(ROOT, 'bin', 'debellator.js'), 'odds', '--situation', file, '--json'],
        {
          encoding: 'utf8',
        },
      ),
    ) as Report;
    expect(cli).toEqual(report(WARBAND_V_BLADES));

    const shooting = {
      rules: 'dbm-3.1',
      mode: 'shooting',
      shooters: 'both',
      a: { element: 'Reg Bw(O)' },
      b: { element: 'Reg Bw(I)' },
    };
    writeFileSync(file, JSON.stringify(shooting));
    await page.setInputFiles('#import-file', file);
    await page.waitForSelector(field('shooters=both'));
    expectShown(await shownCells(page), 1, report(shooting));
    expect(await page.inputValue(field('version'))).toBe('dbm-3.1');
    expect(harness.errors).toEqual([]);
    await page.close();
  });

  it('says so when a link is damaged, and shows the default matchup', async () => {
    const page = await harness.open('#s=not-a-situation');
    expect(await page.textContent('#message')).toContain("This link's situation could not be read");
    expectShown(
      await shownCells(page),
      1,
      report({ a: { element: 'Reg Bd(O)' }, b: { element: 'Irr Kn(S)' } }),
    );
    expect(harness.errors).toEqual([]);
    await page.close();
  });

  it('fits a 390-pixel-wide phone screen, one matchup or two', async () => {
    const page = await harness.open('', { width: 390, height: 844 });
    await setWarbandAgainstBlades(page);
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await width()).toBeLessThanOrEqual(390);
    const dir = join(tmpdir(), 'debellator-screenshots');
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: join(dir, 'odds-390.png'), fullPage: true });
    await page.click(field('compare'));
    await page.click(field('a.rear.add'));
    await page.click('summary >> text=More circumstances');
    expect(await width()).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(dir, 'odds-390-compare.png'), fullPage: true });
    expect(harness.errors).toEqual([]);
    await page.close();
  });
});

/**
 * Every shown number of one matchup equals the report's, for any rule set's outcomes (worst first). A
 * rule set with many outcomes (GBA) leaves out those that cannot happen for either side; the last
 * outcome shown has no "or worse" row (it would always be 100%).
 */
function expectShownOf(
  cells: Record<string, ShownCell>,
  matchup: number,
  r: OddsReport,
  outcomes: readonly { id: string; atLeast?: string }[],
): void {
  const never = (id: string) =>
    outcomes.length > 5 && r.a.outcomes[id]?.count === 0 && r.b.outcomes[id]?.count === 0;
  const shown = outcomes.filter((o) => !never(o.id));
  for (const side of ['a', 'b'] as const) {
    let worse = 0;
    for (const o of outcomes) {
      const t = r[side].outcomes[o.id] as { count: number; of: number; p: number };
      if (never(o.id)) {
        expect(cells[`${matchup}:${side}.${o.id}`], `${o.id} cannot happen: no row`).toBeUndefined();
        continue;
      }
      expect(cells[`${matchup}:${side}.${o.id}`], `${matchup}:${side}.${o.id}`).toEqual({
        count: t.count,
        of: t.of,
        text: `${(t.p * 100).toFixed(1)}%`,
      });
      worse += t.count;
      if (o.atLeast && o !== shown.at(-1))
        expect(cells[`${matchup}:${side}.atleast:${o.id}`]?.count, o.atLeast).toBe(worse);
    }
  }
}

/**
 * DBA 3.0: A fast warband general in rough going; B pikes overlapped once, pikes behind (rear support)
 * and on a flank. A is destroyed 2/36 and recoils 24/36; B is destroyed 10/36.
 */
const DBA_WARBAND_V_PIKES = {
  rules: 'dba-3.0',
  mode: 'close',
  a: { element: '3Wb', general: true, going: 'rough' },
  b: { element: '4Pk', overlaps: 1, behind: '4Pk', flankFriends: ['4Pk'] },
};
const DBA_COUNTS_A = [2, 0, 24, 10];
const DBA_COUNTS_B = [10, 0, 0, 26];

async function setDbaWarbandAgainstPikes(page: Page): Promise<void> {
  await page.selectOption(field('ruleset'), 'dba');
  await page.selectOption(field('a.element'), '3Wb');
  await page.check(field('a.general'));
  await page.selectOption(field('a.going'), 'rough');
  await page.selectOption(field('b.element'), '4Pk');
  await page.click(field('b.overlaps=1'));
  await page.click(field('b.behind.add'));
  await page.click(field('b.flankFriends.add'));
}

/**
 * B&B 0.7 shooting: Reg Bw(O) with crossbows and an extra shooter, against Irr Ps(O) in rough going.
 * B is destroyed 15/36 and recoils 6/36.
 */
const BNB_COUNTS_B = [15, 0, 0, 6, 15];
const BNB_BOWS_V_PSILOI = {
  rules: 'bnb-0.7',
  mode: 'shooting',
  shooters: 'a',
  a: { element: 'Reg Bw(O)', weapon: 'crossbow', extraShooters: 1 },
  b: { element: 'Irr Ps(O)', going: 'rough' },
};

describeWithChromium('odds page: DBA 3.0, Blood and Blades 0.7, GBA 5e', () => {
  it('DBA: shows oddsReport for a matchup built in the form, and its link reproduces it', async () => {
    const page = await harness.open();
    await setDbaWarbandAgainstPikes(page);
    expect(await hashSituations(page)).toEqual([DBA_WARBAND_V_PIKES]);
    const r = reportOf(DBA_WARBAND_V_PIKES);
    expect(Object.values(r.a.outcomes).map((t) => t.count)).toEqual(DBA_COUNTS_A);
    expect(Object.values(r.b.outcomes).map((t) => t.count)).toEqual(DBA_COUNTS_B);
    const cells = await shownCells(page);
    expectShownOf(cells, 1, r, web('dba').outcomes);
    const rules = await page.$$eval('.factors.side-b .rule', (els) => els.map((e) => e.textContent));
    expect(rules).toEqual(r.b.factors.map((f) => f.rule));

    // The export is the same situation file, which the DBA parser reads back.
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
    const file = join(tmpdir(), `debellator-export-dba-${process.pid}.json`);
    await download.saveAs(file);
    const exported = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    expect(exported).toEqual(DBA_WARBAND_V_PIKES);
    expect(reportOf(exported)).toEqual(r);

    const again = await harness.open(new URL(page.url()).hash);
    expect(await shownCells(again)).toEqual(cells);
    expect(await again.inputValue(field('ruleset'))).toBe('dba');
    expect(await again.inputValue(field('a.element'))).toBe('3Wb');
    expect(await again.inputValue(field('b.behind.element'))).toBe('4Pk');
    expect(harness.errors).toEqual([]);
    await Promise.all([page.close(), again.close()]);
  });

  it('B&B: shows oddsReport for a shooting matchup built in the form', async () => {
    const page = await harness.open();
    await page.selectOption(field('ruleset'), 'bnb');
    await page.selectOption(field('a.element.type'), 'Bw');
    await page.click(field('mode=shooting'));
    await page.selectOption(field('a.weapon'), 'crossbow');
    await page.click(field('a.extraShooters=1'));
    await page.selectOption(field('b.element.type'), 'Ps');
    await page.selectOption(field('b.element.reg'), 'Irr');
    await page.selectOption(field('b.going'), 'rough');
    expect(await hashSituations(page)).toEqual([BNB_BOWS_V_PSILOI]);
    const r = reportOf(BNB_BOWS_V_PSILOI);
    expect(Object.values(r.b.outcomes).map((t) => t.count)).toEqual(BNB_COUNTS_B);
    expectShownOf(await shownCells(page), 1, r, web('bnb').outcomes);
    // An edit that leaves no Bw to shoot settles back to close combat, with the parser's reason.
    await page.selectOption(field('a.element.type'), 'Bd');
    expect(await page.textContent('#message')).toContain('only Bw shoot');
    const [settled] = (await hashSituations(page)) as { mode: string; a: { element: string } }[];
    expect([settled!.mode, settled!.a.element]).toEqual(['close', 'Reg Bd(O)']);
    expect(harness.errors).toEqual([]);
    await page.close();
  });

  it('GBA: a shock combat opened from its link, then edited, shows oddsReport (exact hook)', async () => {
    // scenarios/situations/phalanx-v-hoplites.yaml: the phalanx with Alexander shocks hoplites.
    const phalanx = {
      rules: 'gba-5',
      mode: 'shock',
      facing: 'front',
      a: {
        leader: { name: 'Alexander', charisma: 4 },
        units: [{ name: 'Phalanx', type: 'PH', tq: 7, size: 10, moved: true }],
      },
      b: { units: [{ name: 'Hoplites', type: 'HI', class: 'HO', tq: 6, size: 8 }] },
    };
    const page = await harness.open(matchupsToHash([phalanx]));
    const r = reportOf(phalanx);
    // The hoplites rout 17,200 times in 100,000 (five d10s).
    expect(r.b.outcomes.rout).toEqual({ count: 17_200, of: 100_000, p: 0.172 });
    expectShownOf(await shownCells(page), 1, r, web('gba').outcomes);
    // Breakthrough (9.17) and the leader casualty (9.14) are listed with their exact counts.
    const events = await page.$$eval('table.events tbody tr', (rows) =>
      rows.map((row) => [row.getAttribute('data-key'), Number(row.getAttribute('data-count'))]),
    );
    expect(events).toEqual((r.events ?? []).map((e) => [e.id, e.count]));
    expect(events).toContainEqual(['breakthrough:b', 11_360]);
    expect(await page.inputValue(field('ruleset'))).toBe('gba');
    await page.fill(field('b.units.0.tq'), '5');
    await page.press(field('b.units.0.tq'), 'Tab');
    // The page writes the minimal situation file: the default facing (front) is left out.
    const { facing: _front, ...rest } = phalanx;
    const weaker = { ...rest, b: { units: [{ ...phalanx.b.units[0], tq: 5 }] } };
    await expect.poll(() => hashSituations(page)).toEqual([weaker]);
    expectShownOf(await shownCells(page), 1, reportOf(weaker), web('gba').outcomes);
    expect(harness.errors).toEqual([]);
    await page.close();
  });

  it('DBA fits a 390-pixel-wide phone screen', async () => {
    const page = await harness.open('', { width: 390, height: 844 });
    await setDbaWarbandAgainstPikes(page);
    await page.click('.side-b summary >> text=More circumstances');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const dir = join(tmpdir(), 'debellator-screenshots');
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: join(dir, 'odds-390-dba.png'), fullPage: true });
    expect(harness.errors).toEqual([]);
    await page.close();
  });
});
