// Test fixture: the run, merge and schema commands as a program, the way src/cli/main.ts wires them.
import { Command, CommanderError } from 'commander';
import { registerRun } from '../../src/cli/commands/run.ts';
import { registerMerge } from '../../src/cli/commands/merge.ts';
import { registerSchema } from '../../src/cli/commands/schema.ts';
import { reportError } from '../../src/cli/errors.ts';
const program = new Command().exitOverride();
const exit = { code: 0 };
registerRun(program, exit);
registerMerge(program, exit);
registerSchema(program, exit);
try {
  await program.parseAsync(process.argv.slice(2), { from: 'user' });
  process.exitCode = exit.code;
} catch (e) {
  if (e instanceof CommanderError) process.exitCode = 2;
  else process.exitCode = reportError(e);
}
