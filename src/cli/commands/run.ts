/**
 * `debellator run SCENARIO [--samples N] [--seed S] [--threads N] [--shard i/n] [--out DIR] [--quiet]`:
 * check the scenario and the output folder, run every study on the one pipeline, write the report
 * (whole, or not at all). With --shard only one slice of the final stage's shards runs and its counts go
 * to a slice file (see merge).
 */
import { join } from 'node:path';
import type { Command } from 'commander';
import { combined, InputError } from '../../core/errors.ts';
import { once, parseCount, parseSeed, parseShard, threadsFor } from '../parse.ts';
import type { LoadedScenario } from '../../pipeline/scenario.ts';
import type { RunResults } from '../../pipeline/results.ts';
import type { FileOutput, Output } from '../../pipeline/output.ts';
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

/** The words of a cancelled run. */
const CANCELLED = 'debellator: cancelled; the previous report is untouched\n';

/**
 * SIGINT and SIGTERM for the whole of a command that writes a report or a slice file, from before its
 * output is prepared until it ends: while the run samples, a signal aborts the work (the pool stops and
 * the run ends with "cancelled", exit 130); at any other moment before the report is swapped in, it
 * removes what the run had begun (staging folder, lock, folders it made) and ends the process the same
 * way; once the report is in place it only ends the process.
 */
export class SignalGuard {
  private readonly controller = new AbortController();
  private held: Output | FileOutput | undefined;
  private sampling = false;
  private finished = false;
  private readonly onSignal = () => {
    // The first while sampling stops the pool; a second one does not wait for it.
    if (this.sampling && !this.controller.signal.aborted) {
      this.controller.abort();
      return;
    }
    if (!this.finished) {
      if (this.held) this.abandon(this.held);
      process.stderr.write(CANCELLED);
    }
    process.exit(130);
  };

  constructor(private readonly abandon: (out: Output | FileOutput) => void = () => {}) {
    process.on('SIGINT', this.onSignal);
    process.on('SIGTERM', this.onSignal);
  }

  /** Aborted by a signal while sampling. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** What a signal removes (the prepared output). */
  hold(out: Output | FileOutput | undefined): void {
    this.held = out;
  }

  /** Sample with a signal aborting the work, then return to cleaning up and exiting. */
  async sample<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    this.sampling = true;
    try {
      return await work(this.controller.signal);
    } finally {
      this.sampling = false;
    }
  }

  /** The output is in place (or written whole): a signal no longer removes anything. */
  done(): void {
    this.finished = true;
  }

  release(): void {
    process.removeListener('SIGINT', this.onSignal);
    process.removeListener('SIGTERM', this.onSignal);
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
  guard: SignalGuard,
  /** Problems of the results are the input's fault (merge: a slice was changed), not the tool's. */
  problemsAreInput = false,
): Promise<void> {
  const { buildReport } = await import('../../pipeline/report.ts');
  const { abandon, commit, stage } = await import('../../pipeline/output.ts');
  let report;
  try {
    report = await buildReport(loaded, results, reproduce);
    if (problemsAreInput && report.problems.length > 0)
      throw combined(
        report.problems.map(
          (p) =>
            new InputError(
              `merge: ${p}: counts this far from the exact odds mean a slice was changed (its digests made anew); nothing written`,
            ),
        ),
      );
    stage(out, report.files);
    commit(out);
    guard.done();
  } catch (e) {
    abandon(out);
    throw e;
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
      const guard = new SignalGuard(abandon);
      try {
        // The output is checked and locked before any work: a run never computes what it cannot write.
        const sliceFileName = slice
          ? join(flags.out ?? join(base, 'slices'), `slice-${slice.index}-of-${slice.count}.json`)
          : undefined;
        const out = sliceFileName ? prepareFile(sliceFileName, '--out') : prepareOutput(base);
        guard.hold(out);
        if (!quiet) for (const c of out.cleaned) process.stderr.write(`debellator: ${c}\n`);
        const { describeEstimate, Estimator, overCeiling, ANNOUNCE_SECONDS } =
          await import('../../pipeline/estimate.ts');
        const estimator = new Estimator();
        // Benchmarks (bench/study.ts) see every estimate, however short, and what it was made from.
        const always = process.env.DEBELLATOR_ESTIMATE === 'always';
        const announce = always ? 0 : ANNOUNCE_SECONDS;
        const progress = new Progress(0, process.stderr, quiet, loaded.name);
        /** Before each round: refuse a first round above the ceilings without --yes; say when it is long. */
        const beforeRound = async (work: RoundPlan, first: boolean) => {
          const e = await estimator.round(work, threads);
          // The bar weighs each kind's samples by what the estimate expects one to cost.
          progress.weigh(estimator.sampleWeights);
          const over = overCeiling(e);
          const what = `${loaded.name}: ${first ? '' : 'next stage: '}${describeEstimate(e, threads)}`;
          if (over && first && flags.yes !== true)
            throw new InputError(
              `${what}; that is ${over} (docs/scenarios.md "How big a run may be"): lower --samples, cut the run with --shard, or add --yes to start it anyway`,
            );
          if (!quiet && (e.seconds > announce || over)) process.stderr.write(`debellator: ${what}\n`);
          if (!quiet && always)
            process.stderr.write(`debellator: ${loaded.name}: (${estimator.describe()})\n`);
        };
        let announced = false;
        let counts;
        try {
          counts = await guard.sample((signal) =>
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
              onShard: (job, n) => progress.tick(n, job.kind),
            }),
          );
        } catch (e) {
          progress.end();
          abandon(out);
          if (e instanceof CancelledError) {
            process.stderr.write(CANCELLED);
            exit.code = 130;
            return;
          }
          throw e;
        }
        progress.end();
        const tool = toolInfo();
        if (slice && 'file' in out) {
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
            keys: counts.keys,
          });
          writeWhole(out, `${JSON.stringify(s)}\n`);
          guard.done();
          if (!quiet)
            process.stdout.write(
              `${out.file} (${[
                ...(counts.shards.of > 0 ? [`${counts.shards.ran} of ${counts.shards.of} shards`] : []),
                ...(counts.groups.of > 0
                  ? [`${counts.groups.ran} of ${counts.groups.of} ${counts.groups.noun}`]
                  : []),
              ].join(', ')})\n`,
            );
          exit.code = 0;
          return;
        }
        const report = out as Output;
        const { buildResults } = await import('../../pipeline/results.ts');
        if (!quiet)
          process.stderr.write(
            `debellator: ${loaded.name}: sampling done; analysing and writing the report\n`,
          );
        const results = buildResults(loaded, counts.complete, { tool, options });
        const reproduce = `npx debellator run ${loaded.file} --seed ${loaded.seed}${flags.samples !== undefined ? ` --samples ${flags.samples}` : ''}`;
        await writeRun(loaded, results, report, exit, quiet, reproduce, guard);
      } finally {
        guard.release();
      }
    });
}
