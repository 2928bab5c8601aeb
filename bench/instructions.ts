/**
 * Machine instructions per engagement of the battle-line kernel, on bench/engagement.ts's three cases,
 * for this checkout and optionally another (a baseline worktree): a count that the host's load does not
 * move, for kernel changes of a few percent that timings on a shared machine cannot see. Each case runs
 * under valgrind's callgrind (Debian's `valgrind`), in V8's single-threaded mode (its compiler then works
 * in step with the program, so the same code counts the same to about 0.3%), twice: warmed up and then N
 * engagements, and warmed up alone; the difference over N is the figure. Instructions are not time (a
 * cache miss costs hundreds of them): confirm a gain with bench:side-by-side before quoting it as speed.
 * About a minute per case and checkout.
 *
 *   npm run bench:instructions -- [OTHER_CHECKOUT] [engagements] [cases, e.g. 0,1]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ENGAGEMENT_CASES } from './engagement-cases.ts';

const other = process.argv[2] && process.argv[2] !== '-' ? process.argv[2] : undefined;
const engagements = Number(process.argv[3] ?? 20_000);
const cases = (process.argv[4] ?? '0,1,2').split(',').map(Number);
if (other && !existsSync(resolve(other, 'src/engine/lines/fight.ts'))) {
  console.error('usage: npm run bench:instructions -- [OTHER_CHECKOUT] [engagements] [cases]');
  process.exit(2);
}
if (spawnSync('valgrind', ['--version']).status !== 0) {
  console.error('bench:instructions needs valgrind (Debian: apt-get install valgrind)');
  process.exit(2);
}

/**
 * The driver each checkout is bundled with: warm up on 2,000 engagements of case argv[2] (the cases
 * written in as data), then run argv[3].
 */
const DRIVER = `import './v8-flags.ts';
import { createRng } from '../src/core/rng.ts';
import type { AnySystem } from '../src/core/system.ts';
import type { LinesConfig, LinesModel } from '../src/engine/lines/index.ts';
import { systemOfRules } from '../src/systems/registry.ts';
const dbm = systemOfRules('dbm-3.2') as AnySystem;
const model = dbm.engagement as LinesModel<unknown>;
const variant = dbm.variant({ version: 'dbm-3.2' });
const cases = ${JSON.stringify(ENGAGEMENT_CASES)};
const c = cases[Number(process.argv[2])]!;
const n = Number(process.argv[3]);
const configured = model.configure(c.block, variant);
const config = (c.battlefield ? { ...configured, battlefield: c.battlefield } : configured) as LinesConfig;
model.kernel(config, createRng('warm-up', 0), 2000);
if (n > 0) console.log(model.kernel(config, createRng('bench', 0), n)[1]);
`;

const work = mkdtempSync(join(tmpdir(), 'debellator-instructions-'));

/** Bundle the driver against a checkout's sources (its bench/ holds v8-flags.ts). */
function bundle(checkout: string, name: string): string {
  const driver = join(resolve(checkout), 'bench', `.instructions-driver-${process.pid}.ts`);
  const out = join(work, `${name}.mjs`);
  writeFileSync(driver, DRIVER);
  try {
    const r = spawnSync(
      resolve('node_modules/.bin/esbuild'),
      [driver, '--bundle', '--platform=node', '--format=esm', `--outfile=${out}`, '--log-level=error'],
      { encoding: 'utf8' },
    );
    if (r.status !== 0) throw new Error(`bundling ${checkout}: ${r.stderr}`);
  } finally {
    rmSync(driver, { force: true });
  }
  return out;
}

/** Instructions callgrind counts for the whole process. */
function instructions(file: string, which: number, n: number): number {
  const r = spawnSync(
    'valgrind',
    [
      '--tool=callgrind',
      '--callgrind-out-file=/dev/null',
      'node',
      '--single-threaded',
      file,
      String(which),
      String(n),
    ],
    { encoding: 'utf8', maxBuffer: 1 << 26 },
  );
  const m = /Collected\s*:\s*(\d+)/.exec(r.stderr);
  if (r.status !== 0 || !m) throw new Error(`callgrind failed on case ${which}: ${r.stderr.slice(-500)}`);
  return Number(m[1]);
}

try {
  const trees = [{ name: 'A (this checkout)', file: bundle('.', 'a') }];
  if (other) trees.push({ name: `B (${other})`, file: bundle(other, 'b') });
  for (const c of cases) {
    console.log(ENGAGEMENT_CASES[c]?.name ?? `case ${c}`);
    const per: number[] = [];
    for (const t of trees) {
      const each = (instructions(t.file, c, engagements) - instructions(t.file, c, 0)) / engagements;
      per.push(each);
      console.log(`  ${t.name}: ${Math.round(each).toLocaleString('en')} instructions an engagement`);
    }
    if (per.length === 2) console.log(`  B/A: ${(per[1]! / per[0]!).toFixed(3)}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
