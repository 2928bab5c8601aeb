/** Runs the run/merge/schema commands in this process and captures what they print. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, CommanderError } from 'commander';
import { vi } from 'vitest';
import { registerMerge } from '../../src/cli/commands/merge.ts';
import { registerRun } from '../../src/cli/commands/run.ts';
import { registerSchema } from '../../src/cli/commands/schema.ts';
import { reportError } from '../../src/cli/errors.ts';

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export async function cli(...argv: string[]): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => {
    stdout += String(s);
    return true;
  });
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((s: string | Uint8Array) => {
    stderr += String(s);
    return true;
  });
  try {
    const program = new Command().exitOverride();
    const exit = { code: 0 };
    registerRun(program, exit);
    registerMerge(program, exit);
    registerSchema(program, exit);
    let code: number;
    try {
      await program.parseAsync(argv, { from: 'user' });
      code = exit.code;
    } catch (e) {
      code = e instanceof CommanderError ? 2 : reportError(e);
    }
    return { code, stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

/**
 * A scenario run as `n` slices (`--shard i/n`, one thread each) into `slices`, then merged into `merged`:
 * each slice's exit code and the merge's result.
 */
export async function slicesThenMerge(
  scenario: string,
  slices: string,
  merged: string,
  n = 3,
): Promise<{ codes: number[]; merge: CliResult }> {
  const codes: number[] = [];
  for (let i = 1; i <= n; i++)
    codes.push(
      (await cli('run', scenario, '--shard', `${i}/${n}`, '--threads', '1', '--out', slices, '--quiet')).code,
    );
  return { codes, merge: await mergeSlices(slices, merged) };
}

/** `merge` of every slice file in the folder `slices` into `merged`. */
export async function mergeSlices(slices: string, merged: string): Promise<CliResult> {
  return cli('merge', ...readdirSync(slices).map((f) => join(slices, f)), '--out', merged, '--quiet');
}

/** Every file below `dir` by its path from `dir`, with its text (two report folders compared whole). */
export const fileTree = (dir: string): Record<string, string> =>
  Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => [
        join(e.parentPath, e.name).slice(dir.length),
        readFileSync(join(e.parentPath, e.name), 'utf8'),
      ]),
  );
