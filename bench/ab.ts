/**
 * Paired A/B timing of the engine between this checkout (A) and another one (B: a baseline, e.g. a git
 * worktree of main with its own node_modules), in one process, on real work: a slice of the first stage of
 * the bundled study (`scenarios/dbm-3.2-costs.yaml`: army battles and balance line-ups), each tree running
 * the shards through its own `runShard`, exactly as a worker thread does.
 *
 * Rounds alternate A B, B A, ..., each after a full garbage collection (with --expose-gc), so the
 * machine's drift and the other tree's garbage hit both alike. It prints each tree's median milliseconds a
 * round, the median ratio B/A per pair of rounds with its range, and whether both trees' counts are
 * identical (a speed change must leave them so; bench:identity checks more configs). Run against another
 * checkout of the same code to see the harness's own spread: a median of 1.004, pairs 0.95 to 1.05, in 7
 * rounds on the 2-core development host.
 *
 *   npm run bench:ab -- OTHER_CHECKOUT [rounds] [jobs]
 *   (that is: node --expose-gc --import tsx bench/ab.ts OTHER_CHECKOUT [rounds] [jobs])
 *
 * `jobs`: how many balance jobs, spread evenly over the stage, and a tenth as many army jobs (default 400
 * and 40: about 90,000 engagements, 2.5 s a round on the 2-core development host).
 */
import './v8-flags.ts';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const other = process.argv[2];
const rounds = Number(process.argv[3] ?? 9);
const perKind = Number(process.argv[4] ?? 400);
if (!other || !existsSync(resolve(other, 'src/studies/kernels.ts'))) {
  console.error('usage: npm run bench:ab -- OTHER_CHECKOUT [rounds] [jobs]');
  process.exit(2);
}
if (!existsSync(resolve(other, 'node_modules'))) {
  console.error(`bench:ab: ${other} has no node_modules: run npm ci there (or link this checkout's)`);
  process.exit(2);
}
const SCENARIO = resolve('scenarios/dbm-3.2-costs.yaml');

interface Task {
  readonly kind: string;
  readonly payload: unknown;
  readonly seed: string;
  readonly stream: number;
  readonly samples: number;
}

interface Tree {
  readonly root: string;
  readonly tasks: readonly Task[];
  readonly run: (t: Task) => Promise<Float64Array>;
}

/** Every shard of `perKind` balance jobs and a tenth as many army jobs, spread evenly over the stage's. */
function sliceOf(
  jobs: readonly { kind: string; payload: unknown; seed: string; samples: number; shardSize: number }[],
) {
  const byKind = new Map<string, (typeof jobs)[number][]>();
  for (const j of jobs) {
    const list = byKind.get(j.kind);
    if (list) list.push(j);
    else byKind.set(j.kind, [j]);
  }
  const tasks: Task[] = [];
  for (const [kind, all] of byKind) {
    const n = Math.min(all.length, kind === 'army' ? Math.max(1, Math.round(perKind / 10)) : perKind);
    for (let i = 0; i < n; i++) {
      const j = all[Math.floor((i * all.length) / n)]!;
      for (let s = 0, left = j.samples; left > 0; s++, left -= j.shardSize)
        tasks.push({
          kind,
          payload: j.payload,
          seed: j.seed,
          stream: s,
          samples: Math.min(left, j.shardSize),
        });
    }
  }
  return tasks;
}

async function load(root: string): Promise<Tree> {
  const at = (p: string) => pathToFileURL(resolve(root, p)).href;
  const { loadScenarioFile } = await import(at('src/pipeline/scenario.ts'));
  const { runShard } = await import(at('src/studies/kernels.ts'));
  const loaded = loadScenarioFile(SCENARIO);
  const jobs = loaded.studies.flatMap(
    (s: {
      kind: { work: (plan: unknown, done: ReadonlyMap<string, Float64Array>) => { jobs: unknown[] } };
      plan: unknown;
    }) => s.kind.work(s.plan, new Map()).jobs,
  );
  return { root, tasks: sliceOf(jobs), run: runShard };
}

async function round(tree: Tree): Promise<{ ms: number; counts: Float64Array[] }> {
  (globalThis as { gc?: () => void }).gc?.();
  const t0 = performance.now();
  const counts: Float64Array[] = [];
  for (const t of tree.tasks) counts.push(await tree.run(t));
  return { ms: performance.now() - t0, counts };
}

const trees = [await load('.'), await load(other)] as const;
const samples = trees[0].tasks.reduce((t, x) => t + x.samples, 0);
console.log(
  `A ${resolve('.')} against B ${resolve(other)}: ${trees[0].tasks.length} shards, ${samples.toLocaleString('en')} samples a round`,
);
// Warm up both: tables built, code optimised.
const first = [await round(trees[0]), await round(trees[1])];
const same = first[0]!.counts.every((c, i) => {
  const d = first[1]!.counts[i]!;
  return c.length === d.length && c.every((x, k) => x === d[k]);
});
const ms: [number[], number[]] = [[], []];
for (let r = 0; r < rounds; r++)
  for (const k of r % 2 === 0 ? [0, 1] : [1, 0]) ms[k]!.push((await round(trees[k]!)).ms);
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
const ratios = ms[0].map((a, i) => ms[1][i]! / a);
console.log(
  `  A ${median(ms[0]).toFixed(0)} ms a round, B ${median(ms[1]).toFixed(0)} ms (medians of ${rounds})`,
);
console.log(
  `  B/A ${median(ratios).toFixed(3)} (pairs ${Math.min(...ratios).toFixed(3)} to ${Math.max(...ratios).toFixed(3)}): above 1, A is faster`,
);
console.log(`  counts ${same ? 'identical' : 'DIFFER: the two trees do not compute the same results'}`);
if (!same) process.exitCode = 1;
