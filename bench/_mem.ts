import { loadScenarioText } from '../src/pipeline/scenario.ts';
import { runShard } from '../src/studies/kernels.ts';
import { readFileSync } from 'node:fs';
const loaded = loadScenarioText(readFileSync('scenarios/dbm-3.2-costs.yaml', 'utf8'), 'x.yaml');
const s = loaded.studies[0]!;
const jobs = s.kind.work(s.plan, new Map()).jobs;
const n = Number(process.argv[2] ?? 1000);
const mb = () => Math.round(process.memoryUsage().rss / 1e6);
const t0 = performance.now();
for (let i = 0; i < n; i++) {
  const j = jobs[(i * 7919) % jobs.length]!;
  await runShard({ kind: j.kind, payload: j.payload, seed: j.seed, stream: 0, samples: j.samples });
  if (i % 200 === 199) { (globalThis as any).gc?.(); console.log(i + 1, 'jobs', mb(), 'MB rss', Math.round(process.memoryUsage().heapUsed / 1e6), 'MB heap', Math.round(process.memoryUsage().heapTotal / 1e6), 'MB heapTotal', Math.round(process.memoryUsage().external / 1e6), 'MB ext', Math.round(process.memoryUsage().arrayBuffers / 1e6), 'MB ab', ((performance.now() - t0) / 1000).toFixed(1), 's'); }
}
