/** `debellator schema`: print the JSON Schema of scenario files (for editor validation). */
import type { Command } from 'commander';
import { scenarioJsonSchema } from '../../scenario/schema.ts';

export function registerSchema(program: Command, exit: { code: number }): void {
  program
    .command('schema')
    .description('Print the JSON Schema of scenario files, e.g. debellator schema > scenario.schema.json')
    .action(() => {
      process.stdout.write(`${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`);
      exit.code = 0;
    });
}
