/**
 * `debellator run SCENARIO [--samples N] [--seed S] [--threads N] [--shard i/n] [--out DIR] [--quiet]`:
 * check the scenario, enumerate every cell exactly, sample when asked, write Markdown, CSV and JSON.
 * With --shard only one slice of the shard space runs and its counts go to a slice file (merge.ts).
 */
import { join } from 'node:path';
import type { Command } from 'commander';
import { CancelledError, defaultThreads } from '../../run/pool.ts';
import { Progress } from '../../run/progress.ts';
import { parseSlice } from '../../run/shards.ts';
import { reportFiles } from '../../report/tables.ts';
import { writeAtomic, writeFiles } from '../../run/write-files.ts';
import type { RunResults } from '../../run/results.ts';
import type { LoadedScenario } from '../../scenario/load.ts';
import { UsageError } from '../errors.ts';

interface RunFlags {
  samples?: number;
  seed?: string;
  threads?: number;
  shard?: string;
  out?: string;
  quiet?: boolean;
}

/** Whole numbers, also written 1e7 or 10_000_000. */
export function parseCount(flag: string, min: number) {
  return (v: string): number => {
    const t = v.replace(/_/g, '');
    const n = /^\d+(\.\d+)?(e\d+)?$/i.test(t) ? Number(t) : NaN;
    if (!Number.isSafeInteger(n) || n < min)
      throw new UsageError(`--${flag}: "${v}" is not a whole number >= ${min}`);
    return n;
  };
}

/** Run `work` with Ctrl-C turned into an abort signal; restores the default handler afterwards. */
export async function withInterrupt<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once('SIGINT', onSigint);
  try {
    return await work(controller.signal);
  } finally {
    process.removeListener('SIGINT', onSigint);
  }
}

/** Write a run's report files and tell the user where; exit 1 if sampled and exact disagree. */
export function writeReport(results: RunResults, dir: string, exit: { code: number }, quiet: boolean): void {
  const written = writeFiles(dir, reportFiles(results));
  if (!quiet) for (const f of written) process.stdout.write(`${f}\n`);
  const bad = results.studies.filter((s) => !s.agrees);
  for (const s of bad) {
    const cells = s.cells.filter((c) => !c.result.agrees).map((c) => c.label);
    process.stderr.write(
      `debellator: ${s.name}: sampled and exact disagree in ${cells.length} cell(s): ${cells.slice(0, 5).join('; ')}\n`,
    );
  }
  exit.code = bad.length > 0 ? 1 : 0;
}

const hasLongStudies = (l: LoadedScenario) =>
  l.long.engagements.length + l.long.balances.length + l.long.gbaEngagements.length > 0;

/** Engagement and balance studies: run after the single-combat studies, written next to them. */
async function runLongStudies(
  loaded: LoadedScenario,
  base: string,
  threads: number,
  quiet: boolean,
): Promise<'done' | 'cancelled'> {
  // Loaded on demand: the chart renderer (vega, resvg) alone takes most of a second to import.
  const { balanceReport, balanceSummary, balanceTables } = await import('../../balance/report.ts');
  const { engagementFiles } = await import('../../report/engagement-tables.ts');
  const { writeReport: writeHtmlReport } = await import('../../report/render.ts');
  const { runBalanceStudies, runEngagementStudies, runGbaEngagementStudies } =
    await import('../../run/long-run.ts');
  const { gbaEngagementFiles } = await import('../../report/gba-engagement-files.ts');
  const progress = new Progress(0, process.stderr, quiet);
  const opts = {
    threads,
    seed: loaded.plan.seed,
    onWork: (n: number) => progress.grow(n),
    onDone: (n: number) => progress.tick(n),
  };
  const charts = loaded.input.charts ? `, ${loaded.plan.version}` : '';
  const header = `Scenario \`${loaded.plan.name}\` (${loaded.file})${charts}, seed ${loaded.plan.seed}.`;
  try {
    await withInterrupt(async (signal) => {
      const engagements = await runEngagementStudies(loaded.long, { ...opts, signal });
      const balances = await runBalanceStudies(loaded.long, { ...opts, signal });
      const shocks = await runGbaEngagementStudies(loaded.long, { ...opts, signal });
      progress.end();
      const written: string[] = [];
      for (const e of engagements) written.push(...writeFiles(base, engagementFiles(e, header)));
      for (const g of shocks) written.push(...writeFiles(base, gbaEngagementFiles(g, header)));
      const single = balances.length === 1;
      for (const b of balances) {
        const dir = single ? base : join(base, b.name);
        const config = loaded.long.balances.find((x) => x.name === b.name)!;
        const tables = new Map(Object.entries(balanceTables(b)));
        tables.set(
          'balance.json',
          `${JSON.stringify({ scenario: { file: loaded.file, input: loaded.raw }, ...b }, null, 2)}\n`,
        );
        written.push(...writeFiles(dir, tables));
        const report = balanceReport(
          b,
          config,
          `npx debellator run ${loaded.file} --seed ${loaded.plan.seed}`,
        );
        const html = await writeHtmlReport(dir, { ...report, footer: header });
        written.push(html.html);
      }
      if (!quiet) {
        for (const f of written) process.stdout.write(`${f}\n`);
        for (const b of balances) {
          const summary = balanceSummary(b);
          if (summary) process.stdout.write(`\n${summary}\n`);
        }
        const html = written.filter((f) => f.endsWith('index.html'));
        if (html.length > 0) process.stdout.write(`\nOpen ${html.join(', ')} in a browser for the charts.\n`);
      }
    });
    return 'done';
  } catch (e) {
    progress.end();
    if (e instanceof CancelledError) {
      process.stderr.write('debellator: cancelled; nothing more written\n');
      return 'cancelled';
    }
    throw e;
  }
}

export function registerRun(program: Command, exit: { code: number }): void {
  program
    .command('run')
    .description(
      'Run a scenario file: exact odds and Monte Carlo estimates of every study, written to reports/',
    )
    .argument('<scenario>', 'scenario file, YAML or JSON (docs/scenarios.md)')
    .option(
      '--samples <n>',
      'Monte Carlo samples per cell (overrides the scenario)',
      parseCount('samples', 0),
    )
    .option('--seed <seed>', 'random seed (overrides the scenario)')
    .option('--threads <n>', 'worker threads (default: all cores)', parseCount('threads', 1))
    .option('--shard <i/n>', 'run only slice i of n of the shard space and write its counts (see merge)')
    .option('--out <dir>', 'output folder (default reports/<scenario name>, slices in .../slices)')
    .option('--quiet', 'no progress bar, no list of files written')
    .action(async (file: string, flags: RunFlags) => {
      const slice = flags.shard === undefined ? undefined : parseSlice(flags.shard);
      if (flags.shard !== undefined && !slice)
        throw new UsageError(`--shard: "${flags.shard}" is not i/n with 1 <= i <= n`);
      const options = { seed: flags.seed ?? null, samples: flags.samples ?? null };
      const { loadScenarioFile } = await import('../../scenario/load.ts');
      const { runScenario } = await import('../../run/run.ts');
      const loaded = loadScenarioFile(file, {
        ...(flags.seed !== undefined ? { seed: flags.seed } : {}),
        ...(flags.samples !== undefined ? { samples: flags.samples } : {}),
      });
      if (slice && hasLongStudies(loaded))
        throw new UsageError(
          '--shard splits odds and matrix studies only; run engagement and balance studies whole (--threads)',
        );
      const quiet = flags.quiet === true;
      let progress: Progress | undefined;
      const started = performance.now();
      let output;
      try {
        output = await withInterrupt((signal) =>
          runScenario(loaded, {
            threads: flags.threads ?? defaultThreads(),
            options,
            signal,
            ...(slice ? { slice } : {}),
            onStart: (total) => {
              progress = new Progress(total, process.stderr, quiet);
              // Batch logs (CI, Slurm) get one line instead of a progress bar.
              if (!quiet && !process.stderr.isTTY && total > 0)
                process.stderr.write(`debellator: sampling ${total.toLocaleString('en')} samples\n`);
            },
            onShard: (n) => progress?.tick(n),
          }),
        );
      } catch (e) {
        progress?.end();
        if (e instanceof CancelledError) {
          process.stderr.write('debellator: cancelled; nothing written\n');
          exit.code = 130;
          return;
        }
        throw e;
      }
      progress?.end();
      const base = flags.out ?? join('reports', loaded.plan.name);
      if (output.kind === 'slice') {
        const s = output.slice;
        const target = join(
          flags.out ?? join(base, 'slices'),
          `slice-${s.slice.index}-of-${s.slice.count}.json`,
        );
        writeAtomic(target, `${JSON.stringify(s)}\n`);
        if (!quiet) process.stdout.write(`${target} (${s.shards.ran} of ${s.shards.of} shards)\n`);
        exit.code = 0;
        return;
      }
      if (output.results.studies.length > 0 || !hasLongStudies(loaded))
        writeReport(output.results, base, exit, quiet);
      if (!quiet && output.results.studies.length > 0) {
        const cells = output.results.studies.reduce((t, s) => t + s.cells.length, 0);
        process.stderr.write(`${cells} cells in ${((performance.now() - started) / 1000).toFixed(2)} s\n`);
      }
      if (hasLongStudies(loaded)) {
        const done = await runLongStudies(loaded, base, flags.threads ?? defaultThreads(), quiet);
        if (done === 'cancelled') exit.code = 130;
      }
    });
}
