/** Runs the run/merge/schema commands in this process and captures what they print. */
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
