/**
 * `debellator run SCENARIO [--samples N] [--seed S] [--threads N] [--shard i/n] [--out DIR] [--quiet]`:
 * check the scenario and the output folder, run every study on the one pipeline, write the report
 * (whole, or not at all). With --shard only one slice of the final stage's shards runs and its counts go
 * to a slice file (see merge).
 */
import { join } from 'node:path';
import type { Command } from 'commander';
import { InputError } from '../../core/errors.ts';
import { once, parseCount, parseSeed, parseShard, threadsFor } from '../parse.ts';
import type { LoadedScenario } from '../../pipeline/scenario.ts';
import type { RunResults } from '../../pipeline/results.ts';
import type { Output } from '../../pipeline/output.ts';
import type { RoundPlan } from '../../pipeline/estimate.ts';

interface RunFlags {
  samples?: number;
  seed?: string;
  threads?: number;
  shard?: string;
  out?: string;
  quiet?: boolean;
  yes?: boolean;
}

/** Run `work` with Ctrl-C turned into an abort signal; restores the default handler afterwards. */
export async function withInterrupt<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    return await work(controller.signal);
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
}

/** Write a run's report into its output (whole), print where and what, set the exit code. */
export async function writeRun(
  loaded: LoadedScenario,
  results: RunResults,
  out: Output,
  exit: { code: number },
  quiet: boolean,
  reproduce: string,
): Promise<void> {
  const { buildReport } = await import('../../pipeline/report.ts');
  const { abandon, commit, stage } = await import('../../pipeline/output.ts');
  // Until the report is swapped in, Ctrl-C (or a catchable kill) removes the staging folder and leaves
  // the previous report; a failure does the same.
  let committed = false;
  const onSignal = () => {
    if (!committed) {
      abandon(out);
      process.stderr.write('debellator: cancelled; the previous report is untouched\n');
    }
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let report;
  try {
    report = await buildReport(loaded, results, reproduce);
    stage(out, report.files);
    commit(out);
    committed = true;
  } catch (e) {
    abandon(out);
    throw e;
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
  if (!quiet) {
    const main = [...report.files.keys()].filter((f) => !f.startsWith('charts/'));
    for (const f of main) process.stdout.write(`${join(out.dir, f)}\n`);
    const charts = report.files.size - main.length;
    if (charts > 0) process.stdout.write(`${join(out.dir, 'charts')}/ (${charts} files)\n`);
    if (report.summaries.length > 0) process.stdout.write(`\n${report.summaries.join('\n')}\n`);
    if (report.html)
      process.stdout.write(`\nOpen ${join(out.dir, 'index.html')} in a browser for the charts.\n`);
  }
  for (const p of report.problems) process.stderr.write(`debellator: ${p}\n`);
  exit.code = report.problems.length > 0 ? 1 : 0;
}

export function registerRun(program: Command, exit: { code: number }): void {
  program
    .command('run')
    .description('Run a scenario file: every study, exact and sampled, written to reports/<name>/')
    .argument('<scenario>', 'scenario file, YAML or JSON (docs/scenarios.md)')
    .option(
      '--samples <n>',
      'Monte Carlo samples per cell or engagements per study (overrides the scenario)',
      once('samples', parseCount('samples', 0, 1e12)),
    )
    .option('--seed <seed>', 'random seed (overrides the scenario)', once('seed', parseSeed))
    .option(
      '--threads <n>',
      "worker threads (default and most: the machine's cores)",
      once('threads', parseCount('threads', 1, 1024)),
    )
    .option(
      '--shard <i/n>',
      'run only slice i of n of the work and write its counts (see merge)',
      once('shard'),
    )
    .option(
      '--out <dir>',
      'output folder (default reports/<scenario name>; slices in <dir>/slices)',
      once('out'),
    )
    .option('--quiet', 'no progress bar, no list of files written')
    .option('--yes', 'run even when the estimate is above the ceilings (an hour, 3/4 of the memory)')
    .action(async (file: string, flags: RunFlags) => {
      const slice = flags.shard === undefined ? undefined : parseShard(flags.shard);
      if (flags.out !== undefined && flags.out.trim() === '') throw new InputError('--out: give a folder');
      const quiet = flags.quiet === true;
      const options = { seed: flags.seed ?? null, samples: flags.samples ?? null };
      const threads = threadsFor(flags.threads, (s) => process.stderr.write(`debellator: ${s}\n`));
      const { loadScenarioFile } = await import('../../pipeline/scenario.ts');
      const { runScenario } = await import('../../pipeline/run.ts');
      const { CancelledError } = await import('../../pipeline/pool.ts');
      const { Progress } = await import('../../pipeline/progress.ts');
      const { abandon, prepareFile, prepareOutput, writeWhole } = await import('../../pipeline/output.ts');
      const { toolInfo } = await import('../../pipeline/tool.ts');
      const loaded = loadScenarioFile(file, {
        ...(flags.seed !== undefined ? { seed: flags.seed } : {}),
        ...(flags.samples !== undefined ? { samples: flags.samples } : {}),
      });
      const base = flags.out ?? join('reports', loaded.name);
      // The output is checked before any work: a run never computes what it cannot write.
      const out = slice ? undefined : prepareOutput(base);
      const sliceFileName = slice
        ? join(flags.out ?? join(base, 'slices'), `slice-${slice.index}-of-${slice.count}.json`)
        : undefined;
      const cleaned = sliceFileName ? prepareFile(sliceFileName, '--out') : (out?.cleaned ?? []);
      if (!quiet) for (const c of cleaned) process.stderr.write(`debellator: ${c}\n`);
      const { describeEstimate, estimateRound, overCeiling, ANNOUNCE_SECONDS } =
        await import('../../pipeline/estimate.ts');
      const progress = new Progress(0, process.stderr, quiet, loaded.name);
      /** Before each round: refuse a first round above the ceilings without --yes; say when it is long. */
      const beforeRound = async (work: RoundPlan, first: boolean) => {
        const e = await estimateRound(work, threads);
        const over = overCeiling(e);
        const what = `${loaded.name}: ${first ? '' : 'next stage: '}${describeEstimate(e, threads)}`;
        if (over && first && flags.yes !== true)
          throw new InputError(
            `${what}; that is ${over} (docs/scenarios.md "How big a run may be"): lower --samples, cut the run with --shard, or add --yes to start it anyway`,
          );
        if (!quiet && (e.seconds > ANNOUNCE_SECONDS || over)) process.stderr.write(`debellator: ${what}\n`);
      };
      let announced = false;
      let counts;
      try {
        counts = await withInterrupt((signal) =>
          runScenario(loaded, {
            threads,
            ...(slice ? { slice } : {}),
            signal,
            beforeRound,
            onWork: (work) => {
              progress.round(work);
              if (!announced && !quiet && !process.stderr.isTTY && work.samples > 0) {
                announced = true;
                process.stderr.write(`debellator: ${loaded.name}: sampling\n`);
              }
            },
            onShard: (_job, n) => progress.tick(n),
          }),
        );
      } catch (e) {
        progress.end();
        if (out) abandon(out);
        if (e instanceof CancelledError) {
          process.stderr.write('debellator: cancelled; the previous report is untouched\n');
          exit.code = 130;
          return;
        }
        throw e;
      }
      progress.end();
      const tool = toolInfo();
      if (slice && sliceFileName) {
        const { sliceFile } = await import('../../pipeline/slices.ts');
        const s = sliceFile({
          tool,
          scenario: { file: loaded.file, input: loaded.raw },
          options,
          seed: loaded.seed,
          slice,
          shards: counts.shards,
          groups: { ran: counts.groups.ran, of: counts.groups.of },
          complete: counts.complete,
          grouped: counts.grouped,
          partial: counts.partial,
        });
        writeWhole(sliceFileName, `${JSON.stringify(s)}\n`);
        if (!quiet)
          process.stdout.write(
            `${sliceFileName} (${[
              ...(counts.shards.of > 0 ? [`${counts.shards.ran} of ${counts.shards.of} shards`] : []),
              ...(counts.groups.of > 0
                ? [`${counts.groups.ran} of ${counts.groups.of} ${counts.groups.noun}`]
                : []),
            ].join(', ')})\n`,
          );
        exit.code = 0;
        return;
      }
      const { buildResults } = await import('../../pipeline/results.ts');
      if (!quiet)
        process.stderr.write(`debellator: ${loaded.name}: sampling done; analysing and writing the report\n`);
      const results = buildResults(loaded, counts.complete, { tool, options });
      const reproduce = `npx debellator run ${loaded.file} --seed ${loaded.seed}${flags.samples !== undefined ? ` --samples ${flags.samples}` : ''}`;
      await writeRun(loaded, results, out!, exit, quiet, reproduce);
    });
}
