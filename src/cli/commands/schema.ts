/** `debellator schema`: print the JSON Schema of scenario files (for editor validation). */
import type { Command } from 'commander';

export function registerSchema(program: Command, exit: { code: number }): void {
  program
    .command('schema')
    .description('Print the JSON Schema of scenario files, e.g. debellator schema > scenario.schema.json')
    .action(async () => {
      const { scenarioJsonSchema } = await import('../../pipeline/json-schema.ts');
      process.stdout.write(`${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`);
      exit.code = 0;
    });
}
