/**
 * `--shard i/n` slice files and their merge. A slice file carries the scenario as read, the options, the
 * counts of the jobs it ran whole (earlier stages, the same in every slice), the counts of every job of
 * its share of the groups of grouped studies (a balance study's units, pilot to final design) and the
 * counts of its share of the final stage's shards. Merging all n slices of one run gives the counts a single run gives,
 * hence byte-identical results (counts are whole numbers, so sums are exact).
 *
 * Merge trusts nothing: every slice is validated against a schema (whole, non-negative counts), must
 * belong to the same run and be made by this version of the tool, each of the n slices must come
 * exactly once, every job must be one the scenario asks for, each job's counts must carry the digest of
 * its job key, shard range and counts (a change that keeps the totals shows there), and each slice's
 * counts must hold exactly the samples of its shards. docs/distributed.md says what this can and cannot
 * detect.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { InputError } from '../core/errors.ts';
import { parseWith } from '../core/schema-issues.ts';
import type { Job } from '../studies/index.ts';
import { countsProblem, samplesHeld } from '../studies/kernels.ts';
import { finalJobsOf, isGrouped, slicePlan, wholeJob, type JobKey } from './run.ts';
import type { LoadedScenario } from './scenario.ts';
import { MAX_SLICES, samplesByJob, shardsByJob, sliceRange, totalShards, type Slice } from './shards.ts';
import type { ToolInfo } from './tool.ts';

const SLICE_FORMAT = 'debellator-slice/4';
/** Largest slice file read (the biggest bundled study's slices are a few MB). */
export const MAX_SLICE_BYTES = 256 * 1024 * 1024;

const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** A job's counts: its id, the counts, and their digest (countsDigest). */
const countsEntry = z.tuple([
  z.string().min(1).max(1000),
  z.array(count).max(10_000_000),
  z.string().regex(/^[0-9a-f]{16}$/, 'a digest is 16 hexadecimal digits'),
]);

const sliceFileSchema = z
  .object({
    format: z.literal(SLICE_FORMAT),
    tool: z.object({ name: z.string(), version: z.string() }).strict(),
    scenario: z.object({ file: z.string(), input: z.unknown() }).strict(),
    options: z.object({ seed: z.string().nullable(), samples: count.nullable() }).strict(),
    seed: z.string(),
    slice: z
      .object({ index: z.number().int().min(1), count: z.number().int().min(1).max(MAX_SLICES) })
      .strict(),
    shards: z.object({ ran: count, of: count }).strict(),
    groups: z.object({ ran: count, of: count }).strict(),
    complete: z.array(countsEntry).max(10_000_000),
    grouped: z.array(countsEntry).max(10_000_000),
    partial: z.array(countsEntry).max(10_000_000),
  })
  .strict();

type SliceFile = z.output<typeof sliceFileSchema>;

export interface RunOptionsRecord {
  readonly seed: string | null;
  readonly samples: number | null;
}

/**
 * The digest of a job's counts in a slice file: a hash of the slice format, the job's id and seed key,
 * the shards of it the counts are of, and the counts. Merge recomputes it from the job it expects, so
 * counts moved between jobs, between slices or between outcomes, or edited in any way that does not
 * also recompute the digest, are refused. It is a checksum, not a signature: anyone can recompute it.
 */
export function countsDigest(id: string, key: JobKey, counts: ArrayLike<number>): string {
  return createHash('sha256')
    .update(`${SLICE_FORMAT}\n${id}\n${key.seed}\n${key.from}-${key.to}\n${Array.from(counts).join(',')}`)
    .digest('hex')
    .slice(0, 16);
}

function entries(
  m: ReadonlyMap<string, Float64Array>,
  keys: ReadonlyMap<string, JobKey>,
): [string, number[], string][] {
  return [...m.entries()]
    .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
    .map(([id, c]) => {
      const key = keys.get(id);
      if (!key) throw new Error(`no key for job ${id}`);
      return [id, Array.from(c), countsDigest(id, key, c)];
    });
}

export function sliceFile(meta: {
  tool: ToolInfo;
  scenario: { file: string; input: unknown };
  options: RunOptionsRecord;
  seed: string;
  slice: Slice;
  shards: { ran: number; of: number };
  groups: { ran: number; of: number };
  complete: ReadonlyMap<string, Float64Array>;
  grouped: ReadonlyMap<string, Float64Array>;
  partial: ReadonlyMap<string, Float64Array>;
  keys: ReadonlyMap<string, JobKey>;
}): SliceFile {
  return {
    format: SLICE_FORMAT,
    tool: meta.tool,
    scenario: meta.scenario,
    options: meta.options,
    seed: meta.seed,
    slice: meta.slice,
    shards: meta.shards,
    groups: meta.groups,
    complete: entries(meta.complete, meta.keys),
    grouped: entries(meta.grouped, meta.keys),
    partial: entries(meta.partial, meta.keys),
  };
}

/** A slice file's data, validated (InputError naming the file and field). */
export function checkSliceData(name: string, data: unknown): SliceFile {
  if ((data as { format?: unknown } | null)?.format !== SLICE_FORMAT)
    throw new InputError(`not a ${SLICE_FORMAT} slice file`, { file: name });
  let parsed: SliceFile;
  try {
    parsed = parseWith(sliceFileSchema, data);
  } catch (e) {
    if (e instanceof InputError) throw e.inFile(name);
    throw e;
  }
  for (const key of ['complete', 'grouped', 'partial'] as const) {
    const seen = new Set<string>();
    parsed[key].forEach(([id], i) => {
      if (seen.has(id)) throw new InputError(`job ${id} is listed twice`, { file: name, path: [key, i, 0] });
      seen.add(id);
    });
  }
  if (parsed.slice.index > parsed.slice.count)
    throw new InputError(`slice ${parsed.slice.index}/${parsed.slice.count}: i must be at most n`, {
      file: name,
      path: ['slice', 'index'],
    });
  if (parsed.shards.ran > parsed.shards.of)
    throw new InputError(`ran ${parsed.shards.ran} of ${parsed.shards.of} shards`, {
      file: name,
      path: ['shards', 'ran'],
    });
  return parsed;
}

const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);
/** The first few of `total` slice numbers `xs` of n. */
const listed = (xs: readonly number[], total: number, n: number) =>
  `${xs.map((i) => `${i}/${n}`).join(', ')}${total > xs.length ? ` and ${(total - xs.length).toLocaleString('en-US')} more` : ''}`;

/**
 * Check that `files` are the n slices of one run, made by this tool (`tool`), before the scenario is
 * re-planned.
 */
export function checkSlices(files: readonly { name: string; data: SliceFile }[], tool: ToolInfo): SliceFile {
  if (files.length === 0) throw new InputError('merge: give the slice files of one run');
  const first = files[0]!.data;
  const n = first.slice.count;
  const seen = new Map<number, string>();
  for (const { name, data } of files) {
    if (data.tool.name !== tool.name || data.tool.version !== tool.version)
      throw new InputError(
        `made by ${data.tool.name} ${data.tool.version}; this is ${tool.name} ${tool.version}: merge with the version that made the slices (every machine needs the same version)`,
        { file: name, path: ['tool', 'version'] },
      );
    for (const key of ['tool', 'scenario', 'options', 'seed'] as const)
      if (!same(data[key], first[key]))
        throw new InputError(`${key} differs from ${files[0]!.name}: the slices are of different runs`, {
          file: name,
        });
    if (data.slice.count !== n || data.slice.index > n)
      throw new InputError(`slice ${data.slice.index}/${data.slice.count}, expected one of n = ${n}`, {
        file: name,
      });
    const dup = seen.get(data.slice.index);
    if (dup) throw new InputError(`slice ${data.slice.index}/${n} is also in ${dup}`, { file: name });
    seen.set(data.slice.index, name);
    if (!same(data.complete, first.complete))
      throw new InputError(`its whole-run counts differ from ${files[0]!.name}`, { file: name });
  }
  if (files.length !== n) {
    const missing: number[] = [];
    for (let i = 1; i <= n && missing.length < 10; i++) if (!seen.has(i)) missing.push(i);
    throw new InputError(
      `merge: ${n - files.length} of ${n} slices missing: ${listed(missing, n - files.length, n)}`,
    );
  }
  return first;
}

/** How many samples a job's counts hold (its kernel's layout). */
const samplesOf = (job: Job, counts: ArrayLike<number>): number => samplesHeld(job.kind, counts);

/** Refuse counts whose digest is not that of `job`'s `key` and these counts. */
function checkDigest(
  job: Job,
  key: JobKey,
  entry: readonly [string, ArrayLike<number>, string],
  file: string,
): void {
  if (countsDigest(job.id, key, entry[1]) !== entry[2])
    throw new InputError(
      `job ${job.id}: its counts do not match their digest (of the job, its shards ${key.from + 1} to ${key.to} and the counts): the slice was changed or damaged`,
      { file },
    );
}

/** Refuse counts no run of the job could give (checked before anything reads them). */
async function refuseImpossible(job: Job, c: ArrayLike<number>, file: string): Promise<void> {
  const problem = await countsProblem(job, c);
  if (problem) throw new InputError(`job ${job.id}: ${problem}: the slice was changed or damaged`, { file });
}

/** Refuse counts that are not exactly what `job` draws, or that no run of it could give. */
async function checkJobCounts(job: Job, c: ArrayLike<number>, file: string): Promise<void> {
  await refuseImpossible(job, c, file);
  if (samplesOf(job, c) !== job.samples)
    throw new InputError(`job ${job.id} holds ${samplesOf(job, c)} samples, expected ${job.samples}`, {
      file,
    });
}

/**
 * Add one slice's groups of grouped studies to `merged`: replay every stage of the slice's share of
 * each grouped study, which must find each job's counts in the slice, whole and consistent, and nothing
 * else.
 */
async function mergeGroups(
  loaded: LoadedScenario,
  name: string,
  data: SliceFile,
  merged: Map<string, Float64Array>,
): Promise<void> {
  const given = new Map(data.grouped.map((e) => [e[0], e]));
  const used = new Set<string>();
  let groups = 0;
  for (const s of loaded.studies) {
    if (!isGrouped(s)) continue;
    const cut = slicePlan(s, data.slice);
    groups += cut.of;
    const done = new Map<string, Float64Array>();
    for (let round = 0; round < 1000; round++) {
      const stage = s.kind.work(cut.plan, done);
      if (stage.jobs.length === 0) break;
      for (const j of stage.jobs) {
        const e = given.get(j.id);
        if (!e) throw new InputError(`lacks the counts of job ${j.id}`, { file: name });
        const c = Float64Array.from(e[1]);
        await checkJobCounts(j, c, name);
        checkDigest(j, wholeJob(j), e, name);
        if (merged.has(j.id)) throw new InputError(`job ${j.id} is also in another slice`, { file: name });
        done.set(j.id, c);
        used.add(j.id);
      }
    }
    for (const [id, c] of done) merged.set(id, c);
  }
  if (data.groups.of !== groups)
    throw new InputError(`made for ${data.groups.of} groups; the scenario has ${groups}`, { file: name });
  for (const id of given.keys())
    if (!used.has(id))
      throw new InputError(`counts for a job this slice does not have: ${id}`, { file: name });
}

/**
 * The counts of a run from its slices, checked against the re-planned scenario: the whole-run jobs are
 * exactly those the studies ask for before their final stage, every partial job is a final job, and each
 * slice's counts hold exactly the samples of its shards.
 */
export async function mergeCounts(
  loaded: LoadedScenario,
  files: readonly { name: string; data: SliceFile }[],
): Promise<Map<string, Float64Array>> {
  const first = files[0]!.data;
  const given = new Map(first.complete.map((e) => [e[0], e]));
  const complete = new Map<string, Float64Array>(first.complete.map(([id, c]) => [id, Float64Array.from(c)]));
  // Replay the stages: every whole-run job must be one a study asks for.
  const needed = new Set<string>();
  const done = new Map<string, Float64Array>();
  for (let round = 0; round < 1000; round++) {
    const fresh = loaded.studies.flatMap((s) => {
      if (isGrouped(s)) return [];
      const stage = s.kind.work(s.plan, done);
      return stage.final ? [] : [...stage.jobs];
    });
    if (fresh.length === 0) break;
    for (const j of fresh) {
      const c = complete.get(j.id);
      if (!c) throw new InputError(`the slices lack the counts of job ${j.id}`, { file: files[0]!.name });
      await checkJobCounts(j, c, files[0]!.name);
      checkDigest(j, wholeJob(j), given.get(j.id)!, files[0]!.name);
      needed.add(j.id);
      done.set(j.id, c);
    }
  }
  for (const id of complete.keys())
    if (!needed.has(id))
      throw new InputError(`counts for a job the scenario does not have: ${id}`, { file: files[0]!.name });
  const finalJobs = finalJobsOf(loaded, complete);
  const index = new Map(finalJobs.map((j, i) => [j.id, i]));
  const total = totalShards(finalJobs);
  const merged = new Map<string, Float64Array>(complete);
  for (const { name, data } of files) await mergeGroups(loaded, name, data, merged);
  for (const { name, data } of files) {
    if (data.shards.of !== total)
      throw new InputError(`made for ${data.shards.of} shards; the scenario has ${total}`, { file: name });
    const { start, end } = sliceRange(total, data.slice);
    const ranges = shardsByJob(finalJobs, start, end);
    const expected = new Map<string, number>();
    samplesByJob(finalJobs, start, end).forEach((n, i) => {
      if (n > 0) expected.set(finalJobs[i]!.id, n);
    });
    for (const entry of data.partial) {
      const [id, c] = entry;
      const i = index.get(id);
      if (i === undefined)
        throw new InputError(`counts for a job the scenario does not have: ${id}`, { file: name });
      await refuseImpossible(finalJobs[i]!, c, name);
      const want = expected.get(id) ?? 0;
      const got = samplesOf(finalJobs[i]!, c);
      if (got !== want)
        throw new InputError(`job ${id} holds ${got} samples; this slice's shards draw ${want}`, {
          file: name,
        });
      // Counts that keep every total (moved between outcomes, jobs or slices) show here.
      checkDigest(finalJobs[i]!, { seed: finalJobs[i]!.seed, ...ranges[i]! }, entry, name);
      const t = merged.get(id);
      if (!t) merged.set(id, Float64Array.from(c));
      else if (t.length !== c.length)
        throw new InputError(`job ${id} has ${c.length} counts, other slices ${t.length}`, { file: name });
      else for (let k = 0; k < c.length; k++) t[k] = (t[k] as number) + (c[k] as number);
    }
    for (const [id, want] of expected)
      if (want > 0 && !data.partial.some(([x]) => x === id))
        throw new InputError(`lacks the counts of job ${id}`, { file: name });
  }
  return merged;
}
