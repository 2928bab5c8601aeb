/**
 * The `debellator` command line: a thin shell over the library. Each command lives in its own module
 * under commands/ and registers itself here. Exit codes: 0 success, 1 failure, 2 bad input.
 */
import { Command, CommanderError } from 'commander';
import { toolInfo } from '../pipeline/tool.ts';
import { reportError } from './errors.ts';
import { registerArmy } from './commands/army.ts';
import { registerBattle } from './commands/battle.ts';
import { registerCost } from './commands/cost.ts';
import { registerOdds } from './commands/odds.ts';
import { registerServe } from './commands/serve.ts';
import { registerRun } from './commands/run.ts';
import { registerMatrix } from './commands/matrix.ts';
import { registerMerge } from './commands/merge.ts';
import { registerSchema } from './commands/schema.ts';

let pipesGuarded = false;

/**
 * A closed stdout (`debellator schema | head -c 1`) ends the command quietly, exit 0: whoever reads has
 * what they wanted. A closed stderr is ignored (the command goes on; its exit code still tells).
 */
function guardPipes(): void {
  if (pipesGuarded) return;
  pipesGuarded = true;
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    process.exit(0);
  });
  process.stderr.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
  });
}

export async function main(argv: readonly string[]): Promise<number> {
  guardPipes();
  // The shell passes bytes; Node reads them as UTF-8 and turns what is not into U+FFFD, which every
  // message would then echo. An argument that is not UTF-8 is refused, by its position.
  const bad = argv.findIndex((a) => a.includes('\uFFFD'));
  if (bad >= 0) {
    process.stderr.write(
      `debellator: argument ${bad + 1} is not UTF-8 text (or holds U+FFFD, the replacement character)\n`,
    );
    return 2;
  }
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
  registerMatrix(program, exit);
  registerArmy(program, exit);
  registerBattle(program, exit);
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
