/**
 * What `run` prints after every study kind (a short summary, like the balance study's), and how the
 * engagement tables name their rows: in words, A told from B when both sides are the same, no AP
 * columns for rule systems without points (DBA, GBA).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'debellator-summaries-'));

async function runScenario(name: string, text: string): Promise<{ out: string; dir: string }> {
  const file = join(dir, `${name}.yaml`);
  writeFileSync(file, text);
  const out = join(dir, name);
  const r = await cli('run', file, '--threads', '1', '--out', out);
  expect([r.code, r.stderr.includes('internal error')]).toEqual([0, false]);
  return { out: r.stdout, dir: out };
}

describe('run prints a summary for every study kind', () => {
  it('odds: each situation in plain words; matrix: its best and worst cell for A', async () => {
    const { out } = await runScenario(
      'dbm',
      `name: dbm
rules: dbm-3.2
seed: 1
samples: 0
studies:
  - kind: odds
    name: classics
    title: Classics
    situations:
      - { a: { element: Reg Bd(O) }, b: { element: Irr Kn(S) } }
  - kind: matrix
    name: blades
    title: Blades and knights
    a: [Reg Bd(O), Irr Kn(S)]
    b: [Reg Bd(O), Irr Kn(S)]
`,
    );
    // DBM 3.2 p.21-22, worked in test/cli/players.test.ts: blades destroyed 15/36 by knights, knights
    // destroyed 1/36 (doubled on 6-1) and recoil 9/36.
    expect(out).toContain(
      'Classics: 1 situation (DBM 3.2, exact)\n  1. Reg Bd(O) destroys Irr Kn(S) 3%, is destroyed 42%; Irr Kn(S) recoils 25%\n',
    );
    // Knights v blades, knights' bound, are the mirror of it: B (blades) destroyed 15/36 = 42%.
    expect(out).toContain(
      'Blades and knights: 2 x 2 = 4 cells (DBM 3.2, exact)\n  best for A: Irr Kn(S) v Reg Bd(O), B destroyed 42%\n  worst for A: Reg Bd(O) v Irr Kn(S), A destroyed 42%\n',
    );
  }, 30_000);

  it('a mirror engagement tells A from B, in the summary, the Markdown and the CSV', async () => {
    const { out, dir: d } = await runScenario(
      'mirror',
      `name: mirror
rules: dbm-3.2
seed: 1
samples: 200
studies:
  - kind: engagement
    name: mirror
    title: Mirror
    a: 3 files of Reg Bd(O)
    b: 3 files of Reg Bd(O)
`,
    );
    expect(out).toMatch(
      /Mirror: A \(3 files of Reg Bd\(O\)\) wins [\d.]+%, B \(3 files of Reg Bd\(O\)\) wins/,
    );
    const md = readFileSync(join(d, 'mirror.md'), 'utf8');
    expect(md).toMatch(/\| A \(3 files of Reg Bd\(O\)\) wins \| /);
    expect(md).toMatch(/\| B \(3 files of Reg Bd\(O\)\) wins \| /);
    expect(md).toContain('| loss | A (3 files of Reg Bd(O)) | B (3 files of Reg Bd(O)) |');
    expect(md).toContain('| AP lost |');
    const csv = readFileSync(join(d, 'mirror.csv'), 'utf8').split('\n');
    expect(csv[1]).toMatch(/^mirror,wins,A,,/);
    expect(csv[2]).toMatch(/^mirror,wins,B,,/);
    expect(csv[3]).toMatch(/^mirror,both break in the same bound,,,/);
    expect(csv.some((l) => l.startsWith('mirror,decided in this bound,,1,'))).toBe(true);
  }, 30_000);

  it('DBA and GBA engagements have no AP; GBA names its units and sides in words', async () => {
    const dba = await runScenario(
      'dba',
      `name: dba
rules: dba-3.0
seed: 1
samples: 200
studies:
  - kind: engagement
    name: pikes
    title: Pikes and blades
    a: 3 files of 4Pk, 2 deep
    b: 3 files of 4Bd
`,
    );
    for (const f of ['pikes.md', 'pikes.csv', 'index.html'])
      expect(readFileSync(join(dba.dir, f), 'utf8'), f).not.toMatch(/\bAP\b/);
    const gba = await runScenario(
      'gba',
      `name: gba
rules: gba-5
seed: 1
samples: 100
studies:
  - kind: engagement
    name: shock
    title: Phalanx and hoplites
    situation:
      a: { units: [{ name: Phalanx, type: PH, tq: 7, size: 10, moved: true }] }
      b: { units: [{ name: Hoplites, type: HI, class: HO, tq: 6, size: 8 }] }
    roundLimit: 5
    laterAttacker: same
    laterMoved: still
`,
    );
    const md = readFileSync(join(gba.dir, 'shock.md'), 'utf8');
    expect(md).not.toMatch(/\bAP\b/);
    expect(md).toContain("| A's first unit (Phalanx) | 7 |");
    expect(md).toContain("| B's first unit (Hoplites) | 6 |");
    expect(md).toMatch(/\| A \(Phalanx\) \| [\d.]+% \|/);
    expect(gba.out).toMatch(/Phalanx and hoplites: A \(Phalanx\) wins/);
  }, 30_000);

  it('odds that compare versions name each one: in the summary, the Markdown and the CSV', async () => {
    const { out, dir: d } = await runScenario(
      'cmp',
      `name: cmp
rules: dbm-3.2
seed: 1
samples: 0
studies:
  - kind: odds
    name: cmp
    situations:
      - { rules: dbm-3.0, a: { element: Reg Bd(X) }, b: { element: Irr Kn(O) } }
      - { rules: dbm-3.2, a: { element: Reg Bd(X) }, b: { element: Irr Kn(O) } }
`,
    );
    // DBM 3.0: Bd(X) fight as (F) blades (end notes iv, lix): +3 each; the loser of a higher total is
    // destroyed either way, 15/36 = 42% each. DBM 3.2 p.5: Bd(X) count as (S) against knights, so a
    // knight scoring more takes -1: it wins on d2 >= d1 + 2 (10/36 = 28%), is doubled on 6-1, 5-1
    // (2/36 = 6%) and recoils on the other 13 of the 15 rolls where d1 > d2 (36%).
    expect(out).toContain(
      'cmp: 2 situations (DBM 3.0 and DBM 3.2, exact)\n' +
        '  1. Reg Bd(X) destroys Irr Kn(O) 42%, is destroyed 42% (DBM 3.0)\n' +
        '  2. Reg Bd(X) destroys Irr Kn(O) 6%, is destroyed 28%; Irr Kn(O) recoils 36% (DBM 3.2)\n',
    );
    const md = readFileSync(join(d, 'cmp.md'), 'utf8');
    expect(md).toContain('debellator 0.1.0, DBM 3.0 and DBM 3.2. Exact enumeration only');
    expect(md).toContain('| 1. Reg Bd(X) v Irr Kn(O) (DBM 3.0) | A Reg Bd(X) | 0.4167 |');
    expect(md).toContain('| 2. Reg Bd(X) v Irr Kn(O) (DBM 3.2) | A Reg Bd(X) | 0.2778 |');
    const csv = readFileSync(join(d, 'cmp.csv'), 'utf8').split('\n');
    expect(csv[0]).toMatch(/^study,cell,a,b,version,cost_a,cost_b,side,outcome,/);
    expect(csv[1]).toBe(
      'cmp,1. Reg Bd(X) v Irr Kn(O) (DBM 3.0),Reg Bd(X),Irr Kn(O),dbm-3.0,8,10,A,destroyed,15,36,0.416667,0,,,,,',
    );
    expect(csv[9]).toMatch(
      /^cmp,2\. Reg Bd\(X\) v Irr Kn\(O\) \(DBM 3\.2\),Reg Bd\(X\),Irr Kn\(O\),dbm-3\.2,7,10,A,destroyed,10,36,/,
    );
  }, 30_000);

  it('a balance study of one element says its verdict; one variant is not called robust', async () => {
    const { out, dir: d } = await runScenario(
      'one',
      `name: one
rules: dbm-3.2
seed: 2
studies:
  - kind: balance
    name: one
    versions: [dbm-3.1, dbm-3.2]
    elements: [Reg Bd(O)]
    field: [Reg Bd(O), Irr Kn(O), Reg Sp(O)]
    grid: { budget: [40], depth: [support], terrain: [open] }
    engagements: { pilot: 8, final: 16 }
`,
    );
    const first = out.split('\n').find((l) => l.startsWith('one: '))!;
    expect(first).toMatch(
      /^one: Under DBM 3\.2, Reg Bd\(O\) costs 6\.0 AP; its fair price is [\d.]+ AP \[[\d.]+, [\d.]+\]: (under-costed|balanced|over-costed) \(one variant\)\.$/,
    );
    expect(out).not.toMatch(/1 elements|robust/);
    const md = readFileSync(join(d, 'one.md'), 'utf8');
    expect(md).toContain('): 1 variant. Its break-even cost');
    expect(md).not.toMatch(/robust|1 variants/);
    // The answer leads: the one changed cost, in the one variant.
    expect(md).toMatch(
      /## Headline\n\n- Reg Bd\(O\), 7\.0 → 6\.0 AP \(fair price [\d.]+ AP\): .* in its one variant\.\n/,
    );
  }, 60_000);
});
