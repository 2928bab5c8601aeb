/**
 * The report folder (docs/scenarios.md "What a run writes"): one run at a time per folder (a lock beside
 * it), and never a file deleted that debellator did not write, even one that appears while the run works.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.ts';
import { commit, prepareFile, prepareOutput, stage } from '../../src/pipeline/output.ts';
import { cli } from './harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'debellator-output-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const scenario = join(dir, 's.yaml');
writeFileSync(
  scenario,
  'rules: dbm-3.2\nsamples: 100\nstudies:\n  - kind: matrix\n    name: m\n    a: [Reg Bd(O)]\n    b: [Irr Kn(O)]\n',
);

/** A process that is alive until killed (a stand-in for a run in progress), and its id. */
function liveProcess(): { pid: number; stop: () => void } {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  return { pid: child.pid!, stop: () => child.kill('SIGKILL') };
}

describe('one run at a time per --out', () => {
  it('a second run while one is writing the folder is refused, naming it; a dead run’s lock is taken over', async () => {
    const out = join(dir, 'locked');
    const other = liveProcess();
    try {
      writeFileSync(`${out}.lock`, `${other.pid}\n`);
      const r = await cli('run', scenario, '--out', out, '--quiet');
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(
        `debellator: --out: another debellator run (process ${other.pid}) is writing ${out}; wait for it to finish, or give another folder\n`,
      );
      expect(readdirSync(dir).sort()).toEqual(['locked.lock', 's.yaml']);
      expect(readFileSync(`${out}.lock`, 'utf8')).toBe(`${other.pid}\n`);
    } finally {
      other.stop();
    }
    await new Promise((done) => setTimeout(done, 200));
    const r = await cli('run', scenario, '--out', out);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`removed ${out}.lock, left by a run that was stopped`);
    expect(existsSync(`${out}.lock`)).toBe(false);
  });

  it('the same for a slice file', async () => {
    const slices = join(dir, 'slices');
    const other = liveProcess();
    try {
      const first = prepareFile(join(slices, 'slice-1-of-2.json'), '--out');
      writeFileSync(first.lock, `${other.pid}\n`);
      const r = await cli('run', scenario, '--shard', '1/2', '--out', slices, '--quiet');
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/another debellator run \(process \d+\) is writing .*slice-1-of-2\.json/);
      // Another slice of the same run in the same folder is no conflict.
      expect((await cli('run', scenario, '--shard', '2/2', '--out', slices, '--quiet')).code).toBe(0);
    } finally {
      other.stop();
    }
  });
});

describe('a file that appears in the report folder while the run works', () => {
  it('stops the swap: the new report is not written and nothing is deleted', async () => {
    const out = join(dir, 'appearing');
    expect((await cli('run', scenario, '--out', out, '--quiet')).code).toBe(0);
    const o = prepareOutput(out);
    writeFileSync(join(out, 'notes.txt'), 'written meanwhile');
    stage(o, new Map([['m.md', 'new']]));
    let refusal: unknown;
    try {
      commit(o);
    } catch (e) {
      refusal = e;
    }
    expect(refusal).toBeInstanceOf(InputError);
    expect((refusal as InputError).message).toMatch(
      /holds files debellator did not write \("notes\.txt"\).*; they appeared while the run worked, so the new report is not written$/,
    );
    expect(readFileSync(join(out, 'notes.txt'), 'utf8')).toBe('written meanwhile');
    expect(readFileSync(join(out, 'm.md'), 'utf8')).not.toBe('new');
    expect(readdirSync(dir).filter((f) => f.startsWith('appearing'))).toEqual(['appearing']);
  });
});
