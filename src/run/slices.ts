/**
 * `--shard i/n` slice files and their merge. A slice file carries the scenario as read, the options and
 * the summed counts of the jobs its shards touched; merging all n slices of one run gives the counts a
 * single run gives, hence byte-identical results (counts are whole numbers, so sums are exact).
 */
import type { RunResults, ToolInfo } from './results.ts';
import { SHARD_SIZE, type Slice } from './shards.ts';

export interface SliceFile {
  readonly format: 'debellator-slice/1';
  readonly tool: ToolInfo;
  readonly scenario: { readonly file: string; readonly input: unknown };
  readonly options: RunResults['options'];
  readonly seed: string;
  readonly shardSize: number;
  readonly slice: Slice;
  /** Shards this slice ran, of how many in the whole run. */
  readonly shards: { readonly ran: number; readonly of: number };
  /** [job index, counts] for every job with a shard in this slice, by job index. */
  readonly counts: readonly (readonly [number, readonly number[]])[];
}

export class MergeError extends Error {
  override readonly name = 'UsageError';
}

export function sliceFile(
  meta: Pick<SliceFile, 'tool' | 'scenario' | 'options' | 'seed' | 'slice' | 'shards'>,
  counts: ReadonlyMap<number, Float64Array>,
): SliceFile {
  const entries = [...counts.entries()]
    .sort(([x], [y]) => x - y)
    .map(([job, c]) => [job, Array.from(c)] as const);
  return { format: 'debellator-slice/1', ...meta, shardSize: SHARD_SIZE, counts: entries };
}

const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);

/** Check that `files` are the n slices of one run and add their counts. */
export function mergeSlices(files: readonly { name: string; data: SliceFile }[]): {
  first: SliceFile;
  counts: Map<number, Float64Array>;
} {
  if (files.length === 0) throw new MergeError('merge: give the slice files of one run');
  for (const f of files) {
    if (f.data?.format !== 'debellator-slice/1')
      throw new MergeError(`${f.name}: not a debellator slice file`);
  }
  const first = (files[0] as { data: SliceFile }).data;
  const n = first.slice.count;
  const seen = new Map<number, string>();
  for (const { name, data } of files) {
    for (const key of ['tool', 'scenario', 'options', 'seed', 'shardSize'] as const) {
      if (!same(data[key], first[key]))
        throw new MergeError(`${name}: ${key} differs from ${files[0]?.name}`);
    }
    if (data.slice.count !== n)
      throw new MergeError(`${name}: slice ${data.slice.index}/${data.slice.count}, expected n = ${n}`);
    const dup = seen.get(data.slice.index);
    if (dup) throw new MergeError(`${name}: slice ${data.slice.index}/${n} is also in ${dup}`);
    seen.set(data.slice.index, name);
  }
  const missing = Array.from({ length: n }, (_, i) => i + 1).filter((i) => !seen.has(i));
  if (missing.length > 0)
    throw new MergeError(
      `merge: missing slice${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${n}`).join(', ')}`,
    );
  if (first.shardSize !== SHARD_SIZE)
    throw new MergeError(`slices use shard size ${first.shardSize}, this tool ${SHARD_SIZE}`);
  const counts = new Map<number, Float64Array>();
  for (const { data } of files) {
    for (const [job, c] of data.counts) {
      const t = counts.get(job);
      if (!t) counts.set(job, Float64Array.from(c));
      else for (let i = 0; i < c.length; i++) t[i] = (t[i] as number) + (c[i] as number);
    }
  }
  return { first, counts };
}
