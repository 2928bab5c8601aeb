/**
 * An army study (docs/armies.md "The army study") on the runner: end to end, 3 slices and a merge give
 * the bytes of one run, and a merge refuses slices after an army file changed. A file of its own: the
 * battle engine's caches are per process, and these runs compare bytes.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, fileTree, slicesThenMerge } from './harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'debellator-army-run-'));

describe('an army study on the shard runner', () => {
  const army = join(dir, 'army.yaml');
  // Three bundled armies (read from the tool's armies/, the scenario's folder has none), 3.0 and 3.2,
  // one battlefield, 6 battles a pairing: 2 x 9 jobs, and Reg Bd(O) priced in the Early Imperial
  // Romans under 3.2 (fill and +7 Reg Bd(O), 2 opponents, both ways): 8 jobs.
  writeFileSync(
    army,
    `name: army
rules: dbm-3.2
seed: 3
studies:
  - kind: army
    name: armies
    title: Legions
    armies: [armies/early-imperial-roman.yaml, armies/sassanid.yaml, armies/gallic.yaml]
    grid: { points: [400], terrain: [mixed] }
    battles: 6
    substitution: { elements: [Reg Bd(O)] }
`,
  );

  it('runs end to end: the headline first, Markdown, CSV and charts', async () => {
    const whole = join(dir, 'army-whole');
    const r = await cli('run', army, '--threads', '1', '--out', whole);
    expect(r.stderr).toBe(
      'debellator: army: sampling\ndebellator: army: sampling done; analysing and writing the report\n',
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /Legions:\n {2}Under this model, the mean score against the field of legionary-heavy armies (rose|fell|did not change measurably)/,
    );
    expect(readdirSync(whole).sort()).toEqual([
      '.debellator-files',
      'armies.csv',
      'armies.md',
      'charts',
      'index.html',
      'results.json',
    ]);
    expect(readFileSync(join(whole, 'armies.md'), 'utf8').split('\n')[2]).toMatch(
      /^Under this model, the mean score against the field of legionary-heavy armies /,
    );
    const results = JSON.parse(readFileSync(join(whole, 'results.json'), 'utf8'));
    const study = results.studies[0].results;
    expect(study.fought).toBe(2 * (3 * 6 + 3 * 6) + 8 * 3);
    expect(study.armies.map((a: { id: string }) => a.id)).toEqual([
      'early-imperial-roman',
      'sassanid',
      'gallic',
    ]);
    expect(readdirSync(join(whole, 'charts')).sort()).toEqual([
      'armies-change.png',
      'armies-change.svg',
      'armies-change.vl.json',
      'armies-scores.png',
      'armies-scores.svg',
      'armies-scores.vl.json',
    ]);
  }, 60_000);

  it('3 slices and a merge give the bytes of one run', async () => {
    const whole = join(dir, 'army-whole');
    const slices = join(dir, 'army-slices');
    const merged = join(dir, 'army-merged');
    const { codes, merge: m } = await slicesThenMerge(army, slices, merged);
    for (const code of codes) expect(code).toBe(0);
    expect(m.stderr).toBe('');
    expect(m.code).toBe(0);
    expect(fileTree(merged)).toEqual(fileTree(whole));
  }, 60_000);

  it('merge refuses slices when an army file changed since the run (job ids name the armies fought)', async () => {
    const own = join(dir, 'own');
    mkdirSync(own);
    const sassanid = readFileSync(join(import.meta.dirname, '..', '..', 'armies', 'sassanid.yaml'), 'utf8');
    writeFileSync(join(own, 'persians.yaml'), sassanid);
    const file = join(own, 'two.yaml');
    writeFileSync(
      file,
      'name: two\nrules: dbm-3.2\nstudies:\n  - kind: army\n    name: two\n    armies: [persians.yaml, armies/gallic.yaml]\n    versions: [dbm-3.2]\n    grid: { points: [400], terrain: [open] }\n    battles: 2\n    substitution: false\n',
    );
    const slices = join(own, 'slices');
    for (let i = 1; i <= 2; i++)
      expect(
        (await cli('run', file, '--shard', `${i}/2`, '--threads', '1', '--out', slices, '--quiet')).code,
      ).toBe(0);
    writeFileSync(join(own, 'persians.yaml'), sassanid.replace('3 Irr El(O)', '2 Irr El(O)'));
    const r = await cli('merge', join(slices, 'slice-1-of-2.json'), join(slices, 'slice-2-of-2.json'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/persians v gallic/);
  });
});
