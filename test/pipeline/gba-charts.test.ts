/**
 * A user's own GBA charts (9.5): `odds --charts`, and a scenario's `charts` file used by its odds and
 * gba-engagement studies, byte-identical for 1 and 2 threads; bad chart files refused with file:line.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMain } from '../cli/run-main.ts';
import { DEFAULT_GBA_CHARTS_DATA } from '../systems/gba/api.ts';
import { cli } from './harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'debellator-charts-'));
// A card whose Shock CRT gives 1(3) everywhere: the attacker takes 1 hit, the defender 3, whatever the roll.
const card = structuredClone(DEFAULT_GBA_CHARTS_DATA) as { id: string; shockCrt: { rows: string[] } };
card.id = 'flat-card';
card.shockCrt.rows = card.shockCrt.rows.map(() => Array(13).fill('1(3)').join(' '));
writeFileSync(join(dir, 'flat.json'), JSON.stringify(card, null, 1));
const bad = structuredClone(card);
bad.shockCrt.rows[3] = '1(3) 2(2)';
writeFileSync(join(dir, 'bad.json'), JSON.stringify(bad, null, 1));
const badLine =
  JSON.stringify(bad, null, 1)
    .split('\n')
    .findIndex((l) => l.includes('"1(3) 2(2)"')) + 1;

// Nobody moved, no leaders: only the CRT die and collapse checks are rolled.
const situation = {
  rules: 'gba-5',
  mode: 'shock',
  a: { units: [{ type: 'PH', tq: 7, size: 10 }] },
  b: { units: [{ type: 'HI', class: 'HO', tq: 6, size: 10, twoHex: true, hits: 2 }] },
};
writeFileSync(join(dir, 'duel.json'), JSON.stringify(situation));

const odds = (...args: string[]) => runMain(['odds', ...args]);

describe('odds --charts', () => {
  it('uses the card: 1(3) on every roll, a breakthrough, then the two-hex saving roll decides (9.16-9.18)', async () => {
    const r = await odds('--situation', join(dir, 'duel.json'), '--charts', join(dir, 'flat.json'), '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    // The phalanx takes 1; the hoplites 2+3 = 5, at least three times 1: breakthrough (9.17), 7 hits.
    // 7 >= TQ 6 routs a two-hex unit only if its saving roll fails: DR + 1 excess hit <= 6 stands at
    // TQ-1 = 5 (9.13 via 9.18[1]): DR 0-5, 6 in 10.
    expect(j.a.outcomes['hits:1'].p).toBe(1);
    expect(j.b.outcomes['hits:5'].p).toBe(0.6);
    expect(j.b.outcomes.rout.p).toBe(0.4);
    expect(j.events.find((e: { id: string }) => e.id === 'breakthrough:b').p).toBe(1);
    expect(j.details.join(' ')).toContain('Charts: flat-card');
    const plain = JSON.parse((await odds('--situation', join(dir, 'duel.json'), '--json')).out);
    expect(plain.a.outcomes['hits:1'].p).toBeLessThan(1); // the bundled CRT gives the phalanx 2-3 hits too
  });
  it('refuses a bad card with its file, line and cell, and charts for a system that has none', async () => {
    const r = await odds('--situation', join(dir, 'duel.json'), '--charts', join(dir, 'bad.json'));
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `debellator: ${join(dir, 'bad.json')}:${badLine} shockCrt.rows[3]: must have exactly 13 items\n`,
    );
    const d = await odds('Reg Bd(O)', 'Irr Wb(S)', '--charts', join(dir, 'flat.json'));
    expect([d.code, d.err]).toEqual([2, 'debellator: --charts: DBM has no charts to replace\n']);
  });
});

describe('a scenario with its own charts', () => {
  const scenario = (charts: string, rules = 'gba-5') => `name: card
rules: ${rules}
seed: 3
samples: 20000
charts: ${charts}
studies:
  - kind: odds
    name: first
    situations:
      - ${JSON.stringify({ a: situation.a, b: situation.b })}
  - kind: engagement
    name: fight
    samples: 3000
    roundLimit: 4
    situation: ${JSON.stringify({ a: situation.a, b: situation.b })}
`;
  const files = (d: string): Record<string, string> =>
    Object.fromEntries(
      readdirSync(d, { withFileTypes: true })
        .filter((f) => f.isFile())
        .map((f) => [f.name, readFileSync(join(d, f.name), 'utf8')]),
    );

  it('odds and engagement studies use it, the reports name it, and 1 or 2 threads give the same bytes', async () => {
    const file = join(dir, 'card.yaml');
    writeFileSync(file, scenario('flat.json'));
    const one = join(dir, 'one');
    const two = join(dir, 'two');
    expect((await cli('run', file, '--threads', '1', '--out', one, '--quiet')).code).toBe(0);
    expect((await cli('run', file, '--threads', '2', '--out', two, '--quiet')).code).toBe(0);
    const f1 = files(one);
    expect(files(two)).toEqual(f1);
    expect(f1['first.md']).toContain('charts "flat-card"');
    expect(f1['fight.md']).toContain('charts "flat-card"');
    // The engagement's CSV: one row per measure; the same numbers as results.json.
    const csv = (f1['fight.csv'] as string).split('\n');
    expect(csv[0]).toBe('study,measure,side,round,value,ci95_low,ci95_high');
    const aWins = csv.find((l) => l.startsWith('fight,wins,A,'))!.split(',');
    const record = JSON.parse(f1['results.json'] as string).studies[1];
    expect(Number(aWins[4])).toBeCloseTo(record.results.summary.aWins.p, 6);
    const results = JSON.parse(f1['results.json'] as string);
    expect(results.studies[0].results.cells[0].result.a.exact['hits:1'].p).toBe(1);
    // The card's breakthrough on every roll shows in the events table and in results.json.
    expect(
      results.studies[0].results.cells[0].events.map((e: { id: string; p: number }) => [e.id, e.p]),
    ).toEqual([
      ['breakthrough:a', 0],
      ['breakthrough:b', 1],
    ]);
    expect(f1['first.md']).toContain(
      '| Breakthrough against B: a defending unit takes +2 hits | 1.0000 | 100/100 | GBA 9.17 |',
    );
  });
  it('refuses a missing chart file on the scenario line, and charts for DBM', async () => {
    const file = join(dir, 'missing.yaml');
    writeFileSync(file, scenario('nope.json'));
    const r = await cli('run', file, '--out', join(dir, 'x'), '--quiet');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `debellator: ${file}:5 charts: cannot read no such file (${join(dir, 'nope.json')})\n`,
    );
    const dbm = join(dir, 'dbm.yaml');
    writeFileSync(
      dbm,
      'name: d\nrules: dbm-3.2\ncharts: flat.json\nstudies:\n  - kind: odds\n    name: o\n    situations:\n      - { a: { element: Reg Bd(O) }, b: { element: Irr Kn(S) } }\n',
    );
    const d = await cli('run', dbm, '--out', join(dir, 'y'), '--quiet');
    expect(d.code).toBe(2);
    expect(d.stderr).toMatch(/^debellator: .*dbm\.yaml:3 charts: DBM has no charts to replace/);
  });
});
