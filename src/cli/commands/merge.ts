/**
 * `debellator merge SLICE... [--out DIR]`: combine the slice files of a `run --shard i/n` batch into the
 * report a single run writes (same bytes). Every slice is validated before anything is written; every
 * problem found in the slices, down to sampled counts that disagree with the exact odds, is bad input
 * (exit 2) and writes nothing.
 */
import { join } from 'node:path';
import type { Command } from 'commander';
import { InputError, InputErrors } from '../../core/errors.ts';
import { once } from '../parse.ts';
import { SignalGuard, writeRun } from './run.ts';

export function registerMerge(program: Command, exit: { code: number }): void {
  program
    .command('merge')
    .description('Merge the slice files of a `run --shard i/n` batch into one report')
    .argument('<slices...>', 'slice files (slice-1-of-4.json ...)')
    .option('--out <dir>', 'output folder (default reports/<scenario name>)', once('out'))
    .option('--quiet', 'do not list the files written')
    .action(async (files: string[], flags: { out?: string; quiet?: boolean }) => {
      const { readTextFile } = await import('../../pipeline/structured-file.ts');
      const { MAX_SLICE_BYTES, checkSliceData, checkSlices, mergeCounts } =
        await import('../../pipeline/slices.ts');
      const { checkScenario } = await import('../../pipeline/scenario.ts');
      const { buildResults } = await import('../../pipeline/results.ts');
      const { abandon, prepareOutput } = await import('../../pipeline/output.ts');
      const { toolInfo } = await import('../../pipeline/tool.ts');
      const slices = files.map((name) => {
        const text = readTextFile(name, MAX_SLICE_BYTES);
        let data: unknown;
        try {
          data = JSON.parse(text);
        } catch {
          throw new InputError('not JSON', { file: name });
        }
        return { name, data: checkSliceData(name, data) };
      });
      const first = checkSlices(slices, toolInfo());
      const o = first.options;
      let loaded;
      try {
        loaded = checkScenario(
          { file: first.scenario.file, data: first.scenario.input, lineOf: () => 1 },
          {
            ...(o.seed !== null ? { seed: o.seed } : {}),
            ...(o.samples !== null ? { samples: o.samples } : {}),
            // A slice's `charts` is read only from inside the scenario's own folder.
            confineCharts: true,
          },
        );
      } catch (e) {
        // The scenario the slices carry is at fault: name the slice file and the field in it.
        if (!(e instanceof InputError)) throw e;
        const inSlice = (x: InputError) =>
          new InputError(x.detail, { file: slices[0]!.name, path: ['scenario', 'input', ...x.path] });
        throw e instanceof InputErrors ? new InputErrors(e.errors.map(inSlice)) : inSlice(e);
      }
      const counts = await mergeCounts(loaded, slices);
      const guard = new SignalGuard(abandon);
      try {
        const out = prepareOutput(flags.out ?? join('reports', loaded.name));
        guard.hold(out);
        const results = buildResults(loaded, counts, { tool: first.tool, options: first.options });
        const reproduce = `npx debellator run ${loaded.file} --seed ${loaded.seed}${o.samples !== null ? ` --samples ${o.samples}` : ''}`;
        await writeRun(loaded, results, out, exit, flags.quiet === true, reproduce, guard, true);
      } finally {
        guard.release();
      }
    });
}
