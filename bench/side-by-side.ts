/**
 * Whole runs of a scenario by this checkout (A) and another one (B) at the same time, one thread each
 * (`run --threads 1`), so that a shared machine's drift hits both alike: on the 2-core development host,
 * runs one after the other moved by 10-30% from one minute to the next, while two runs side by side of
 * a minute or more kept within 1% of each other's processor time when they ran the same code (within 7%
 * on the few seconds of the default scenario here: use a longer one to see a change of 2%). Each pair
 * starts A and B together, which one is spawned first alternating; it prints every pair's processor
 * seconds (user and system, the CLI's re-started Node process and its threads included), their ratio B/A,
 * the median ratio, and whether the two wrote the same results.json (a speed change must leave it so).
 *
 *   npm run bench:side-by-side -- OTHER_CHECKOUT [scenario] [pairs]
 *   (default: bench/small-balance.yaml, 3 pairs; the other checkout needs its node_modules)
 *
 * A ratio above 1 says A takes less processor time than B. With one thread each, a run's processor time
 * is its work: the figure says nothing of how the work spreads over threads (bench:study does).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { median } from 'simple-statistics';

const other = process.argv[2];
const scenario = process.argv[3] ?? 'bench/small-balance.yaml';
const pairs = Number(process.argv[4] ?? 3);
if (!other || !existsSync(resolve(other, 'bin/debellator.js')) || !Number.isInteger(pairs) || pairs < 1) {
  console.error('usage: npm run bench:side-by-side -- OTHER_CHECKOUT [scenario] [pairs]');
  process.exit(2);
}
if (!existsSync(resolve(other, 'node_modules'))) {
  console.error(
    `bench:side-by-side: ${other} has no node_modules: run npm ci there (or link this checkout's)`,
  );
  process.exit(2);
}
if (!existsSync(resolve(scenario))) {
  console.error(`bench:side-by-side: no scenario ${scenario}`);
  process.exit(2);
}

interface Run {
  /** Processor seconds, user and system, of the run and every process it waited for. */
  readonly cpu: number;
  readonly wall: number;
  /** SHA-256 of the results.json it wrote. */
  readonly digest: string;
}

/**
 * One whole run from checkout `root` into a fresh folder. bash's `time` reports the processor time of
 * the processes it waited for, the CLI's re-started Node process included (bin/debellator.js).
 */
function runIn(root: string): Promise<Run> {
  const out = mkdtempSync(join(tmpdir(), 'debellator-side-'));
  const command = `TIMEFORMAT='%U %S %R'; time node bin/debellator.js run ${JSON.stringify(resolve(scenario))} --out ${JSON.stringify(out)} --threads 1 --yes --quiet`;
  return new Promise((done, fail) => {
    const child = spawn('bash', ['-c', command], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', fail);
    child.on('exit', (code) => {
      const times = err.trim().split('\n').pop()!.split(' ').map(Number);
      const file = join(out, 'results.json');
      if (code !== 0 || times.length !== 3 || times.some((t) => !Number.isFinite(t)) || !existsSync(file)) {
        fail(new Error(`the run in ${root} failed (exit ${code}): ${err.trim().slice(-500)}`));
        return;
      }
      const digest = createHash('sha256').update(readFileSync(file)).digest('hex');
      rmSync(out, { recursive: true, force: true });
      done({ cpu: times[0]! + times[1]!, wall: times[2]!, digest });
    });
  });
}

const here = resolve('.');
const ratios: number[] = [];
let same = true;
console.log(
  `A ${here} against B ${resolve(other)}: ${scenario}, ${pairs} pairs side by side, one thread each`,
);
for (let i = 0; i < pairs; i++) {
  const first = i % 2 === 0 ? here : resolve(other);
  const second = first === here ? resolve(other) : here;
  const started = [runIn(first), runIn(second)];
  const [f, s] = await Promise.all(started);
  const [a, b] = first === here ? [f!, s!] : [s!, f!];
  ratios.push(b.cpu / a.cpu);
  same &&= a.digest === b.digest;
  console.log(
    `  pair ${i + 1}: A ${a.cpu.toFixed(1)} s, B ${b.cpu.toFixed(1)} s of processor time (wall ${a.wall.toFixed(1)} s and ${b.wall.toFixed(1)} s): B/A ${(b.cpu / a.cpu).toFixed(3)}`,
  );
}
console.log(
  `  B/A ${median(ratios).toFixed(3)} (median; pairs ${Math.min(...ratios).toFixed(3)} to ${Math.max(...ratios).toFixed(3)}): above 1, A is faster`,
);
console.log(`  results.json ${same ? 'identical' : 'DIFFERENT'}`);
if (!same) process.exitCode = 1;
