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
});
