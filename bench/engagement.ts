/**
 * Engagements per second, single thread, median of 5 runs: an 8-file x 2-deep line fight.
 * Run: npx tsx bench/engagement.ts [engagements per run]
 */
import { createRng } from '../src/core/rng.ts';
import { engagementShard } from '../src/engagement/counts.ts';
import { prepared } from '../src/engagement/prepare.ts';
import { parseEngagementStudy, toEngagementConfig } from '../src/engagement/study-schema.ts';
import { summarise } from '../src/engagement/summary.ts';

const samples = Number(process.argv[2] ?? 20_000);
const cases = [
  { a: '8 files of Reg Bd(O), 2 deep', b: '8 files of Reg Bd(O), 2 deep' },
  { a: '8 files of Reg Sp(O), 2 deep', b: '8 files of Irr Kn(O), 2 deep' },
];

for (const study of cases) {
  const config = toEngagementConfig(parseEngagementStudy(study));
  engagementShard(config, createRng('warm-up'), 2_000);
  const rates: number[] = [];
  let counts: Float64Array = new Float64Array(0);
  for (let run = 0; run < 5; run++) {
    const t0 = performance.now();
    counts = engagementShard(config, createRng('bench', run), samples);
    rates.push(samples / ((performance.now() - t0) / 1000));
  }
  rates.sort((x, y) => x - y);
  const s = summarise(config, counts);
  const median = rates[2]!;
  console.log(`${study.a} vs ${study.b}`);
  console.log(
    `  ${Math.round(median).toLocaleString('en')} engagements/s (median of 5 x ${samples}; min ${Math.round(rates[0]!)}, max ${Math.round(rates[4]!)})`,
  );
  console.log(
    `  mean bounds ${s.meanBounds.toFixed(2)}, P(A) ${s.aWins.p.toFixed(3)}, P(B) ${s.bWins.p.toFixed(3)}, ` +
      `distinct combat situations compiled ${prepared(config).cache.size}`,
  );
}
