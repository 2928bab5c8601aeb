/**
 * What a balance study's line-up costs besides its fights (ARCHITECTURE.md "Engagements": each line-up
 * is fought only 8 or 16 times, so its setting up weighs on the study). Single thread, medians of 5
 * passes: the first stage's jobs of 96 units of the bundled study (scenarios/dbm-3.2-costs.yaml), spread
 * over its elements and grid, each against every opponent it fights, as the worker does it (studies/
 * jobs/balance.ts): the line-up (the model's lineUp), its layout (prepare.ts), its Battle (fight.ts
 * battleOf), then its engagements. It prints microseconds per line-up of each part and the setup's share.
 * Each pass moves every unit's count by one (new lines, new layouts, as a study's next stage does) on
 * combat tables already built, as a worker has them after the first minutes of a run. It also prints
 * what the fights are made of: the share of engagements refused, bounds an engagement, combats a bound
 * and nanoseconds a bound (the engagements' time over the bounds they played). The timing code
 * (line-ups-core.ts) is bundled and run as the workers' code is, not under tsx.
 * Run: npx tsx bench/line-ups.ts [units]
 */
import './v8-flags.ts';
import { rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { median } from 'simple-statistics';
import { loadScenarioFile } from '../src/pipeline/scenario.ts';
import { bundledText } from '../src/pipeline/worker-bundle.ts';
import type { BalancePayload } from '../src/studies/balance/design.ts';
import type { Job } from '../src/studies/index.ts';
import type { Pass, timeLineUps } from './line-ups-core.ts';

const unitsWanted = Number(process.argv[2] ?? 96);
const loaded = loadScenarioFile('scenarios/dbm-3.2-costs.yaml');
const study = loaded.studies.find((s) => s.kind.id === 'balance');
if (!study) throw new Error('scenarios/dbm-3.2-costs.yaml has no balance study');
const jobs = study.kind.work(study.plan, new Map()).jobs;
// One job a unit (its pilot at its usual depth), units spread evenly over the stage.
const byUnit = new Map<string, Job>();
for (const j of jobs) {
  const unit = j.id.replace(/\|[^|]*$/, '');
  if (!byUnit.has(unit)) byUnit.set(unit, j);
}
const all = [...byUnit.values()];
const k = Math.min(unitsWanted, all.length);
const picked = Array.from({ length: k }, (_, i) => all[Math.floor((i * all.length) / k)]!);

// The timing code bundled as the workers' code is (pipeline/worker-bundle.ts: no names kept).
const text = await bundledText(fileURLToPath(new URL('./line-ups-core.ts', import.meta.url)));
if (!text) throw new Error('bench/line-ups-core.ts could not be bundled');
const file = join(tmpdir(), `debellator-line-ups-${process.pid}.mjs`);
writeFileSync(file, text);
const core = (await import(pathToFileURL(file).href)) as { timeLineUps: typeof timeLineUps };
rmSync(file);

console.log(
  `balance line-ups, 1 thread, load average ${loadavg()[0]?.toFixed(1)}: ${picked.length} units of ` +
    `${byUnit.size}, first-stage jobs of scenarios/dbm-3.2-costs.yaml`,
);
// Three passes warm up the JIT and build every combat table these line-ups meet; five are timed.
const passes = core.timeLineUps(
  picked.map((j) => j.payload as BalancePayload),
  3,
  5,
);
const per = (f: (p: Pass) => number) => median(passes.map((p) => (1000 * f(p)) / p.lineUps));
const setup = per((p) => p.lineUp + p.layout + p.battle);
const fights = per((p) => p.fights);
const first = passes[0]!;
const us = (x: number) => x.toFixed(1);
const share = ((100 * setup) / (setup + fights)).toFixed(0);
const each = (first.engagements / first.lineUps).toFixed(1);
console.log(`  ${first.lineUps} line-ups a pass, ${each} engagements each (median of 5 passes)`);
const [lineUp, layout, battle] = [per((p) => p.lineUp), per((p) => p.layout), per((p) => p.battle)];
const parts = `line-up ${us(lineUp)}, layout ${us(layout)}, Battle ${us(battle)}`;
console.log(`  setup ${us(setup)} us per line-up: ${parts}`);
console.log(
  `  fights ${us(fights)} us per line-up; setup ${share}% of a line-up's time (before the collector)`,
);
// What the fights are made of: a bound's passes over the columns cost whatever the number of combats in
// it, and a balance bound has few (counted with the kernel's trace, over half of the bounds played are the
// approach, with none), so a study's time goes by bounds more than by combats (bench/engagement.ts's R
// counts combats).
const played = first.engagements - first.refused;
const nsPerBound = median(passes.map((p) => (1e6 * p.fights) / p.bounds));
console.log(
  `  ${((100 * first.refused) / first.engagements).toFixed(0)}% of engagements refused (no bound played); ` +
    `the others ${(first.bounds / played).toFixed(1)} bounds each, ` +
    `${(first.combats / first.bounds).toFixed(2)} combats a bound (close and shooting), ` +
    `${nsPerBound.toFixed(0)} ns a bound`,
);
