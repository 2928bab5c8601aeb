/**
 * The distributed path on a real engine: the Slurm job array of docs/distributed.md, taken from the doc
 * as it is, submitted with `sbatch --wait --array=1-3` to a one-node Slurm cluster on this machine
 * (scripts/slurm-local.sh) for a small balance study and a small matrix; merging each batch's slices
 * gives the bytes of one `run`. Skipped, with the reason on one line, where Slurm cannot start here (not
 * root, a package missing); any other failure to start fails the test.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, mergeSlices } from './harness.ts';

const SLURM_DIR = process.env.DEBELLATOR_SLURM_DIR ?? '/tmp/debellator-slurm';
const start = spawnSync('bash', ['scripts/slurm-local.sh', 'start'], {
  encoding: 'utf8',
  timeout: 120_000,
  env: { ...process.env, DEBELLATOR_SLURM_DIR: SLURM_DIR },
});
/** Why Slurm cannot run here (the script's one line), or undefined. */
const cannot = start.status === 3 ? start.stdout.trim() : undefined;
if (cannot) process.stdout.write(`test/pipeline/slurm.test.ts skipped: ${cannot}\n`);

/** The first ```sh block of docs/distributed.md's "Slurm job array" section: the array script. */
function docsArrayScript(): string {
  const doc = readFileSync('docs/distributed.md', 'utf8');
  const section = doc.slice(doc.indexOf('## Slurm job array'));
  const m = /```sh\n([\s\S]*?)```/.exec(section);
  if (!m || !m[1]!.startsWith('#!/bin/bash\n#SBATCH'))
    throw new Error('docs/distributed.md: no Slurm array script');
  return m[1]!;
}

const dir = mkdtempSync(join(tmpdir(), 'debellator-slurm-test-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  // Stop the cluster only when this test started it (.ci/run starts and stops its own).
  if (start.status === 0 && start.stdout.includes('started'))
    spawnSync('bash', ['scripts/slurm-local.sh', 'stop'], {
      env: { ...process.env, DEBELLATOR_SLURM_DIR: SLURM_DIR },
    });
});

/** Every file under `d` with the hash of its bytes. */
function tree(d: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(d, { recursive: true, withFileTypes: true }))
    if (e.isFile()) {
      const f = join(e.parentPath, e.name);
      out[relative(d, f)] = createHash('sha256').update(readFileSync(f)).digest('hex');
    }
  return out;
}

/** `sbatch --wait --array=1-3 SCRIPT SCENARIO FOLDER` from the repository, as a user would. */
function sbatch(script: string, scenario: string, folder: string) {
  const child = spawn(
    'sbatch',
    [
      '--wait',
      '--array=1-3',
      // One CPU a task: the node is this machine (2 cores), not the docs' 8-core nodes.
      '--cpus-per-task=1',
      `--output=${join(dir, 'slurm-%A_%a.out')}`,
      script,
      scenario,
      folder,
    ],
    { env: { ...process.env, SLURM_CONF: join(SLURM_DIR, 'slurm.conf') }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let text = '';
  child.stdout.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr.on('data', (d: Buffer) => (text += d.toString()));
  return new Promise<{ code: number | null; text: string }>((done) =>
    child.on('close', (code) => done({ code, text })),
  );
}

/** What the tasks printed, for a failure's message. */
const taskOutput = () =>
  readdirSync(dir)
    .filter((f) => f.startsWith('slurm-'))
    .map((f) => `${f}:\n${readFileSync(join(dir, f), 'utf8')}`)
    .join('\n');

describe.skipIf(cannot !== undefined)(
  `docs/distributed.md's Slurm job array on a one-node Slurm cluster${cannot ? ` (skipped: ${cannot})` : ''}`,
  () => {
    const balance = join(dir, 'bal.yaml');
    writeFileSync(
      balance,
      `name: bal
rules: dbm-3.2
seed: 5
studies:
  - kind: balance
    name: costs
    versions: [dbm-3.1, dbm-3.2]
    elements: [Reg Bd(O), Reg Ax(O), Irr Kn(O)]
    field: [Reg Bd(O), Irr Kn(O), Reg Sp(O)]
    grid: { budget: [40], depth: [support], terrain: [open] }
    engagements: { pilot: 8, final: 16 }
`,
    );
    // 3 x 3 cells of 1.5 million samples: 18 shards, 6 a slice.
    const matrix = join(dir, 'mat.yaml');
    writeFileSync(
      matrix,
      `name: mat
rules: dbm-3.2
seed: 5
samples: 1500000
studies:
  - kind: matrix
    name: grid
    a: [Reg Bd(O), Reg Sp(O), Irr Wb(S)]
    b: [Irr Kn(O), Reg Cv(O), Reg Ax(S)]
`,
    );

    it('3 array tasks each for a balance study and a matrix; the merged slices are the bytes of one run', async () => {
      expect(start.status, `scripts/slurm-local.sh start:\n${start.stdout}${start.stderr}`).toBe(0);
      const script = join(dir, 'slice.sh');
      writeFileSync(script, docsArrayScript());
      const t0 = performance.now();
      const batches = await Promise.all([
        sbatch(script, balance, join(dir, 'bal-slices')),
        sbatch(script, matrix, join(dir, 'mat-slices')),
      ]);
      for (const b of batches) expect(b.code, `${b.text}\n${taskOutput()}`).toBe(0);
      process.stdout.write(
        `slurm: 2 arrays of 3 tasks in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`,
      );
      for (const [scenario, name] of [
        [balance, 'bal'],
        [matrix, 'mat'],
      ] as const) {
        const slices = join(dir, `${name}-slices`);
        expect(readdirSync(slices).sort()).toEqual([1, 2, 3].map((i) => `slice-${i}-of-3.json`));
        const merged = join(dir, `${name}-merged`);
        const m = await mergeSlices(slices, merged);
        expect(m.code, m.stderr).toBe(0);
        const whole = join(dir, `${name}-whole`);
        const r = await cli('run', scenario, '--out', whole, '--quiet');
        expect(r.code, r.stderr).toBe(0);
        expect(tree(merged)).toEqual(tree(whole));
        expect(Object.keys(tree(whole))).toContain('results.json');
      }
    }, 120_000);
  },
);
