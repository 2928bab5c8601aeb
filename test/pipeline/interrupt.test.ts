/**
 * Interrupted runs (docs/scenarios.md "What a run writes"): a run killed at any moment (Ctrl-C or
 * SIGKILL; while loading, sampling the engagements, or writing) leaves the previous report byte for byte,
 * or, killed after the swap, the new report whole; the next run removes whatever the killed runs left
 * (staging folders, temporary files) and puts back a report a killed swap had moved aside.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from './harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'debellator-interrupt-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A matrix (sampled first) and an engagement study (sampled after it): a few seconds on one thread. */
const scenario = join(dir, 'intr.yaml');
writeFileSync(
  scenario,
  `name: intr
rules: dbm-3.2
seed: 1
studies:
  - kind: matrix
    name: grid
    samples: 20000000
    a: [Reg Sp(O), Reg Bd(O)]
    b: [Irr Kn(O), Irr Wb(S)]
  - kind: engagement
    name: lines
    samples: 1500000
    a: 4 files of Reg Bd(O)
    b: 4 files of Irr Kn(O)
`,
);

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

/** Spawn a run; kill it with `signal` once `when` says so; resolve with its exit and stderr. */
function killedRun(
  out: string,
  signal: NodeJS.Signals,
  when: (stderr: string, ms: number) => boolean,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'test/pipeline/cli-entry.ts',
      'run',
      scenario,
      '--seed',
      '2',
      '--threads',
      '1',
      '--out',
      out,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const t0 = performance.now();
  const poll = setInterval(() => {
    if (child.exitCode === null && when(stderr, performance.now() - t0)) {
      clearInterval(poll);
      child.kill(signal);
    }
  }, 10);
  return new Promise((resolve) =>
    child.on('exit', (code, sig) => {
      clearInterval(poll);
      resolve({ code, signal: sig, stderr });
    }),
  );
}

describe('a run killed at any moment leaves the previous report', () => {
  const out = join(dir, 'reports', 'intr');
  let before: Record<string, string> = {};

  it('makes the previous report', async () => {
    const r = await cli('run', scenario, '--threads', '1', '--out', out, '--quiet');
    expect(r.code, r.stderr).toBe(0);
    before = tree(out);
    expect(Object.keys(before)).toContain('results.json');
  }, 60_000);

  const moments: [string, (stderr: string, ms: number) => boolean][] = [
    ['while loading', (_s, ms) => ms > 300],
    [
      'while sampling the engagements',
      (() => {
        let seen = 0;
        return (s: string, ms: number) => {
          if (!s.includes('sampling')) return false;
          seen ||= ms;
          return ms - seen > 1500;
        };
      })(),
    ],
    ['while writing the report', (s) => s.includes('analysing and writing')],
  ];
  for (const signal of ['SIGINT', 'SIGKILL'] as const)
    for (const [moment, when] of moments)
      it(`${signal} ${moment}`, async () => {
        const r = await killedRun(out, signal, when);
        expect(r.code === 0, `the run finished before the ${signal}:\n${r.stderr}`).toBe(false);
        if (signal === 'SIGINT' && r.code !== null) expect(r.code, r.stderr).toBe(130);
        expect(r.stderr).not.toMatch(/internal error/);
        const now = tree(out);
        if (JSON.stringify(now) !== JSON.stringify(before)) {
          // Killed after the swap: the new report, whole (seed 2, every file of the old one).
          expect(Object.keys(now).sort()).toEqual(Object.keys(before).sort());
          expect(JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')).seed).toBe('2');
        }
      }, 60_000);

  // Between "sampling done" and the swap the run analyses, renders and writes: a signal there too is
  // a cancel (exit 130, said so), never a kill that leaves its staging folder and lock behind.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    it(`${signal} right after sampling is done: cancelled, nothing left behind`, async () => {
      const r = await killedRun(out, signal, (s) => s.includes('sampling done'));
      expect([r.code, r.signal], r.stderr).toEqual([130, null]);
      expect(r.stderr).toContain('debellator: cancelled; the previous report is untouched');
      expect(readdirSync(join(dir, 'reports'))).toEqual(['intr']);
      expect(tree(out)).toEqual(before);
    }, 60_000);

  it('the next run removes what the killed runs left and writes the same bytes as before', async () => {
    const r = await cli('run', scenario, '--threads', '1', '--out', out);
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(join(dir, 'reports'))).toEqual(['intr']);
    expect(tree(out)).toEqual(before);
  }, 60_000);
});

/** A process id that is surely not running (a child that has exited). */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(r.stdout.toString());
}

describe('leftovers of killed runs', () => {
  const small = join(dir, 'small.yaml');
  writeFileSync(
    small,
    'rules: dbm-3.2\nsamples: 1000\nstudies:\n  - kind: matrix\n    name: m\n    a: [Reg Bd(O)]\n    b: [Irr Kn(O)]\n',
  );

  it('stale staging folders and temporary files are removed and said so; the report is whole', async () => {
    const out = join(dir, 'left', 'r');
    const first = await cli('run', small, '--out', out, '--quiet');
    expect(first.code, first.stderr).toBe(0);
    const whole = tree(out);
    const pid = deadPid();
    mkdirSync(`${out}.staging-${pid}`);
    writeFileSync(join(`${out}.staging-${pid}`, 'm.md'), 'half');
    writeFileSync(join(out, 'results.json.tmp-12345'), 'x'.repeat(1000));
    mkdirSync(join(out, `.staging-${pid}`));
    const r = await cli('run', small, '--out', out);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`removed ${out}.staging-${pid}, left by a run that was stopped`);
    expect(r.stderr).toContain(`removed ${join(out, 'results.json.tmp-12345')}`);
    expect(readdirSync(join(dir, 'left'))).toEqual(['r']);
    expect(tree(out)).toEqual(whole);
  }, 60_000);

  it('a half-written slice file of a killed --shard run is removed by the next one', async () => {
    const slices = join(dir, 'slices');
    mkdirSync(slices, { recursive: true });
    const pid = deadPid();
    const half = join(slices, `slice-1-of-2.json.staging-${pid}`);
    writeFileSync(half, '{"format":');
    const r = await cli('run', small, '--shard', '2/2', '--out', slices);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`removed ${half}, left by a run that was stopped`);
    expect(readdirSync(slices)).toEqual(['slice-2-of-2.json']);
  }, 60_000);

  it('a report a killed swap had moved aside is put back before the run', async () => {
    const out = join(dir, 'swap', 'r');
    expect((await cli('run', small, '--out', out, '--quiet')).code).toBe(0);
    const whole = tree(out);
    const pid = deadPid();
    // Killed between the two renames: the old report aside, the new one still in staging.
    renameSync(out, `${out}.old-${pid}`);
    cpSync(`${out}.old-${pid}`, `${out}.staging-${pid}`, { recursive: true });
    writeFileSync(join(`${out}.staging-${pid}`, 'm.md'), 'half');
    const r = await cli('run', small, '--out', out);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`put back ${out}, moved aside by a run that was stopped`);
    expect(readdirSync(join(dir, 'swap'))).toEqual(['r']);
    expect(tree(out)).toEqual(whole);
    expect(existsSync(`${out}.old-${pid}`)).toBe(false);
  }, 60_000);
});
