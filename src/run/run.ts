/**
 * One run of a loaded scenario: sample every job (or one slice of the shard space) on the pool, then
 * assemble results. The only impure step of the pipeline besides writing files.
 */
import type { LoadedScenario } from '../scenario/load.ts';
import { runShards } from './pool.ts';
import { buildResults, jobsOf, type RunResults } from './results.ts';
import { allShards, sliceOf, type Slice } from './shards.ts';
import { sliceFile, type SliceFile } from './slices.ts';
import { toolInfo } from './tool.ts';

export interface RunOptions {
  readonly threads: number;
  readonly slice?: Slice;
  readonly signal?: AbortSignal;
  /** Told the total samples to draw before starting. */
  readonly onStart?: (totalSamples: number) => void;
  readonly onShard?: (samples: number) => void;
  /** The command-line overrides, recorded in results. */
  readonly options: RunResults['options'];
}

export type RunOutput =
  | { readonly kind: 'results'; readonly results: RunResults }
  | { readonly kind: 'slice'; readonly slice: SliceFile };

export async function runScenario(loaded: LoadedScenario, opts: RunOptions): Promise<RunOutput> {
  const { plan } = loaded;
  const { jobs } = jobsOf(plan);
  const every = allShards(jobs);
  const refs = opts.slice ? sliceOf(every, opts.slice) : every;
  opts.onStart?.(refs.reduce((t, r) => t + r.samples, 0));
  const counts = await runShards(jobs, refs, {
    threads: opts.threads,
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(opts.onShard ? { onShard: opts.onShard } : {}),
  });
  const scenario = { file: loaded.file, input: loaded.raw };
  if (opts.slice) {
    return {
      kind: 'slice',
      slice: sliceFile(
        {
          tool: toolInfo(),
          scenario,
          options: opts.options,
          seed: plan.seed,
          slice: opts.slice,
          shards: { ran: refs.length, of: every.length },
        },
        counts,
      ),
    };
  }
  return {
    kind: 'results',
    results: buildResults(plan, counts, { tool: toolInfo(), ...scenario, options: opts.options }),
  };
}
