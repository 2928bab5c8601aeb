/**
 * `debellator merge SLICE... [--out DIR]`: combine the slice files of a `run --shard i/n` batch into
 * the report a single run writes (same bytes). Refuses slices of different runs or a missing slice.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { buildResults } from '../../run/results.ts';
import { mergeSlices, type SliceFile } from '../../run/slices.ts';
import { UsageError } from '../errors.ts';
import { writeReport } from './run.ts';

function readSlice(file: string): { name: string; data: SliceFile } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`${file}: cannot read (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  try {
    return { name: file, data: JSON.parse(text) as SliceFile };
  } catch {
    throw new UsageError(`${file}: not JSON`);
  }
}

export function registerMerge(program: Command, exit: { code: number }): void {
  program
    .command('merge')
    .description('Merge the slice files of a `run --shard i/n` batch into one report')
    .argument('<slices...>', 'slice files (slice-1-of-4.json ...)')
    .option('--out <dir>', 'output folder (default reports/<scenario name>)')
    .option('--quiet', 'do not list the files written')
    .action(async (files: string[], flags: { out?: string; quiet?: boolean }) => {
      const { checkScenario } = await import('../../scenario/load.ts');
      const { first, counts } = mergeSlices(files.map(readSlice));
      const o = first.options;
      const loaded = checkScenario(
        { file: first.scenario.file, data: first.scenario.input, lineOf: () => 1 },
        {
          ...(o.seed !== null ? { seed: o.seed } : {}),
          ...(o.samples !== null ? { samples: o.samples } : {}),
        },
      );
      const results = buildResults(loaded.plan, counts, {
        tool: first.tool,
        file: first.scenario.file,
        input: first.scenario.input,
        options: first.options,
      });
      writeReport(results, flags.out ?? join('reports', loaded.plan.name), exit, flags.quiet === true);
    });
}
