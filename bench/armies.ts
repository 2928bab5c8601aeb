/**
 * Battles of whole armies (docs/armies.md "Battles"), single thread, medians of 5 runs: battles per
 * second of three pairs of reference armies at 400 AP under DBM 3.2 on mixed terrain, and of all three
 * together (what an army study draws on one core; a run on n cores does about n times as many).
 * Run: npx tsx bench/armies.ts [battles per run]
 */
import './v8-flags.ts';
import { loadavg } from 'node:os';
import { createRng } from '../src/core/rng.ts';
import { readStructuredFile } from '../src/pipeline/structured-file.ts';
import { requireSystem } from '../src/systems/registry.ts';

const battles = Number(process.argv[2] ?? 300);
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
const dbm = requireSystem('dbm-3.2');
const spec = { version: 'dbm-3.2' };
const fit = (name: string) => dbm.army!.fit(readStructuredFile(`armies/${name}.yaml`).data, spec, 400);
const setting = {
  battlefield: {
    distance: 600,
    shooters: 'halt',
    terrain: { per: 'file', weights: { good: 6, rough: 3, difficult: 1 } },
  },
};
const pairs = [
  ['early-imperial-roman', 'sassanid'],
  ['marian-roman', 'gallic'],
  ['hussite', 'mongol'],
] as const;

console.log(`army battles, 1 thread, load average ${loadavg()[0]?.toFixed(1)}`);
const all: number[][] = [[], [], [], [], []];
for (const [a, b] of pairs) {
  const config = dbm.army!.battle(fit(a), fit(b), spec, setting);
  // Warm up (and compile every combat table these armies meet).
  dbm.engagement!.kernel(config, createRng('warm-up', 0), 50);
  const rates: number[] = [];
  for (let run = 0; run < 5; run++) {
    const t0 = performance.now();
    dbm.engagement!.kernel(config, createRng('bench', run), battles);
    const seconds = (performance.now() - t0) / 1000;
    rates.push(battles / seconds);
    all[run]!.push(seconds);
  }
  console.log(
    `  ${a} v ${b}: ${Math.round(median(rates)).toLocaleString('en')} battles/s (median of 5 x ${battles})`,
  );
}
const together = all.map((s) => (pairs.length * battles) / s.reduce((t, x) => t + x, 0));
console.log(`  all three: ${Math.round(median(together)).toLocaleString('en')} battles/s`);
