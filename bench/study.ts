/**
 * Wall time of the full default balance study (`scenarios/dbm-3.2-costs.yaml`: every costed land element,
 * DBM 3.0, 3.1 and 3.2, the default grid of 8 battlefield variants) on this machine's cores, as a user runs it.
 * One run (it takes minutes); the figure to compare with the target of 10 minutes on 2 cores.
 * Run: npx tsx bench/study.ts [scenario] [threads]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const scenario = process.argv[2] ?? 'scenarios/dbm-3.2-costs.yaml';
const threads = process.argv[3] ?? String(Math.min(2, availableParallelism()));
const out = mkdtempSync(join(tmpdir(), 'debellator-study-bench-'));
console.log(`full study: ${scenario}, ${threads} threads, load average ${loadavg()[0]?.toFixed(1)}`);
const t0 = performance.now();
try {
  execFileSync(
    process.execPath,
    ['bin/debellator.js', 'run', scenario, '--out', join(out, 'r'), '--threads', threads, '--quiet'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const seconds = (performance.now() - t0) / 1000;
  const results = JSON.parse(readFileSync(join(out, 'r', 'results.json'), 'utf8')) as {
    studies: { name: string; kind: string; results: { fought?: number; units?: unknown[] } }[];
  };
  const fought = results.studies.reduce((t, s) => t + (s.results.fought ?? 0), 0);
  const units = results.studies.reduce((t, s) => t + (s.results.units?.length ?? 0), 0);
  console.log(
    `   wall time ${(seconds / 60).toFixed(1)} min (${seconds.toFixed(0)} s); ${units} units, ${fought.toLocaleString('en-US')} engagements, ${Math.round(fought / seconds).toLocaleString('en-US')} engagements/s (target: under 10 min on 2 cores)`,
  );
  // Per study: what it fought (a balance study's engagements, an army study's battles).
  for (const s of results.studies)
    console.log(`   ${s.name} (${s.kind}): ${(s.results.fought ?? 0).toLocaleString('en-US')} fought`);
} finally {
  rmSync(out, { recursive: true, force: true });
}
