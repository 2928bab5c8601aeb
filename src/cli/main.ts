/**
 * The `debellator` command line: a thin shell over the library. Each command lives in its own module
 * under commands/ and registers itself here. Exit codes: 0 success, 1 failure, 2 bad input.
 */
import { Command, CommanderError } from 'commander';
import { toolInfo } from '../pipeline/tool.ts';
import { reportError } from './errors.ts';
import { registerArmy } from './commands/army.ts';
import { registerCost } from './commands/cost.ts';
import { registerOdds } from './commands/odds.ts';
import { registerServe } from './commands/serve.ts';
import { registerRun } from './commands/run.ts';
import { registerMerge } from './commands/merge.ts';
import { registerSchema } from './commands/schema.ts';

export async function main(argv: readonly string[]): Promise<number> {
  const program = new Command();
  program
    .name('debellator')
    .description(
      'Exact and Monte Carlo combat odds and balance studies for DBM, DBA, Blood and Blades and GBA',
    )
    .version(toolInfo().version, '-V, --version', 'print the version')
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });
  const exit = { code: 0 };
  registerOdds(program, exit);
  registerCost(program, exit);
  registerArmy(program, exit);
  registerRun(program, exit);
  registerMerge(program, exit);
  registerSchema(program, exit);
  registerServe(program, exit);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exit.code;
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.exitCode === 0)
        return 0;
      return 2;
    }
    return reportError(err);
  }
}
