/**
 * What a balance study's line-up costs besides its fights (ARCHITECTURE.md "Engagements": each line-up
 * is fought only 8 or 16 times, so its setting up weighs on the study). Single thread, medians of 5
 * passes: the first stage's jobs of 24 units of the bundled study (scenarios/dbm-3.2-costs.yaml), spread
 * over its elements and grid, each against every opponent it fights, as the worker does it (studies/
 * jobs/balance.ts): the line-up (the model's lineUp), its layout (prepare.ts), its Battle (fight.ts
 * battleOf), then its engagements. It prints microseconds per line-up of each part and the setup's share.
 * Each pass moves every unit's count by one (new lines, new layouts, as a study's next stage does) on
 * combat tables already built, as a worker has them after the first minutes of a run.
 * Run: npx tsx bench/line-ups.ts [units]
 */
import { loadavg } from 'node:os';
import { createRng } from '../src/core/rng.ts';
import type { RandomSource } from '../src/core/system.ts';
import { battleOf } from '../src/engine/lines/fight.ts';
import type { LinesConfig, LinesModel } from '../src/engine/lines/index.ts';
import { prepared } from '../src/engine/lines/prepare.ts';
import { loadScenarioFile } from '../src/pipeline/scenario.ts';
import { engagementsAgainst, type BalancePayload } from '../src/studies/balance/design.ts';
import type { Job } from '../src/studies/index.ts';
import { requireSystem } from '../src/systems/registry.ts';

const unitsWanted = Number(process.argv[2] ?? 24);
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
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
const system = requireSystem('dbm-3.2');
const model = system.engagement as LinesModel<unknown>;
const variants = new Map<string, ReturnType<typeof system.variant>>();
const variantOf = (p: BalancePayload) => {
  const key = JSON.stringify(p.spec);
  let v = variants.get(key);
  if (!v) variants.set(key, (v = system.variant(p.spec)));
  return v;
};

interface Pass {
  lineUps: number;
  engagements: number;
  lineUp: number;
  layout: number;
  battle: number;
  fights: number;
}

/** Every picked job at its count moved by `shift`, its parts timed. */
function pass(shift: number, rng: RandomSource): Pass {
  const t: Pass = { lineUps: 0, engagements: 0, lineUp: 0, layout: 0, battle: 0, fights: 0 };
  const draw = (n: number) => rng.int(n);
  for (const job of picked) {
    const p = job.payload as BalancePayload;
    const variant = variantOf(p);
    p.opponents.forEach((o, j) => {
      const n = engagementsAgainst(p, j);
      if (n === 0) return;
      const t0 = performance.now();
      const config = model.lineUp!(
        variant,
        { element: p.element, count: p.count + shift, depth: o.ownDepth },
        { element: o.element, count: o.count, depth: o.depth },
        p.setting,
      ) as LinesConfig<unknown>;
      const t1 = performance.now();
      const layout = prepared(config, model.adapter, false);
      const t2 = performance.now();
      const battle = battleOf(layout);
      const t3 = performance.now();
      for (let i = 0; i < n; i++)
        battle.run(draw, config.first === 'alternate' ? ((i % 2) as 0 | 1) : config.first === 'a' ? 0 : 1);
      const t4 = performance.now();
      t.lineUps++;
      t.engagements += n;
      t.lineUp += t1 - t0;
      t.layout += t2 - t1;
      t.battle += t3 - t2;
      t.fights += t4 - t3;
    });
  }
  return t;
}

console.log(
  `balance line-ups, 1 thread, load average ${loadavg()[0]?.toFixed(1)}: ${picked.length} units of ` +
    `${byUnit.size}, first-stage jobs of scenarios/dbm-3.2-costs.yaml`,
);
// Warm up: the JIT, and every combat table these line-ups meet at their counts and the next ones.
for (let shift = 0; shift < 3; shift++) pass(shift, createRng('warm-up', shift));
const passes = Array.from({ length: 5 }, (_, run) => pass(3 + run, createRng('bench', run)));
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
