import { loadScenarioText } from '../src/pipeline/scenario.ts';
import { runShard } from '../src/studies/kernels.ts';
import { readFileSync } from 'node:fs';
const text = readFileSync('scenarios/dbm-3.2-costs.yaml', 'utf8');
const loaded = loadScenarioText(text, 'x.yaml');
const s = loaded.studies[0]!;
const stage = s.kind.work(s.plan, new Map());
const jobs = stage.jobs.slice(0, Number(process.argv[2] ?? 60));
const t0 = performance.now();
let eng = 0;
for (const j of jobs) {
  await runShard({ kind: j.kind, payload: j.payload, seed: j.seed, stream: 0, samples: j.samples });
  eng += j.samples;
}
const sec = (performance.now() - t0) / 1000;
console.log(jobs.length, 'jobs', eng, 'engagements', sec.toFixed(2), 's', Math.round(eng / sec), 'eng/s');
const t1 = performance.now();
for (const j of jobs) await runShard({ kind: j.kind, payload: j.payload, seed: j.seed, stream: 1, samples: j.samples });
const sec2 = (performance.now() - t1) / 1000;
console.log('second pass', sec2.toFixed(2), 's', Math.round(eng / sec2), 'eng/s');
for (let r = 2; r < 6; r++) for (const j of jobs) await runShard({ kind: j.kind, payload: j.payload, seed: j.seed, stream: r, samples: j.samples });
