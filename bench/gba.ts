/**
 * GBA benchmarks (`npm run bench:gba`): prints figures, never asserts; medians of 5 runs.
 *
 * 1. Exact odds of one shock (compile + unfold + exact counts, no cache) as the number of d10s grows:
 *    milliseconds against the 10^k combinations a plain enumeration would resolve.
 * 2. Monte Carlo sampling of a GBA weighted table (engine/sample.ts sampleWeighted) per thread, and its
 *    ratio to a bare seeded-PRNG loop drawing the same number of 53-bit values.
 * 3. Repeated-shock engagements per second, one thread.
 */
import './v8-flags.ts';
import { createRng } from '../src/core/rng.ts';
import { sampleWeighted } from '../src/engine/sample.ts';
import { compileTable } from '../src/engine/table.ts';
import { gbaEngagementKernel, gbaEngagementOptions } from '../src/systems/gba/engagement/index.ts';
import { GBA_OUTCOMES } from '../src/systems/gba/outcomes.ts';
import { parseGbaSituation } from '../src/systems/gba/parse.ts';
import { gba, gbaRules } from '../src/systems/gba/ruleset.ts';
import type { GbaShockSituation } from '../src/systems/gba/situation.ts';

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

function timed(fn: () => void, reps = 5): number {
  const ts: number[] = [];
  for (let i = 0; i < reps; i++) {
    const t0 = performance.now();
    fn();
    ts.push(performance.now() - t0);
  }
  return median(ts);
}

const shock = (x: Record<string, unknown>): GbaShockSituation =>
  parseGbaSituation({ rules: 'gba-5', mode: 'shock', ...x }) as GbaShockSituation;

const cases: [string, GbaShockSituation][] = [
  [
    'PH v HI/HO, both moved',
    shock({
      a: { units: [{ type: 'PH', tq: 7, size: 10, moved: true }] },
      b: { units: [{ type: 'HI', class: 'HO', tq: 6, size: 8 }] },
    }),
  ],
  [
    'PH+Alexander v two-hex HO+Memnon',
    shock({
      a: { leader: { charisma: 4 }, units: [{ type: 'PH', tq: 7, size: 10, moved: true }] },
      b: { leader: { charisma: 3 }, units: [{ type: 'HI', class: 'HO', tq: 6, size: 10, twoHex: true }] },
    }),
  ],
  [
    'HI+PH v two HO, both leaders',
    shock({
      a: {
        leader: { charisma: 4 },
        units: [
          { type: 'HI', tq: 8, size: 6, moved: true },
          { type: 'PH', tq: 7, size: 10, moved: true },
        ],
      },
      b: {
        leader: { charisma: 3 },
        units: [
          { type: 'HI', class: 'HO', tq: 8, size: 5 },
          { type: 'HI', class: 'HO', tq: 5, size: 5 },
        ],
      },
    }),
  ],
  [
    'PH+HI v EL+2 LI (Hydaspes-like), both leaders',
    shock({
      a: {
        leader: { charisma: 2 },
        units: [
          { type: 'PH', tq: 7, size: 10, moved: true },
          { type: 'HI', tq: 8, size: 6, moved: true },
        ],
      },
      b: {
        leader: { charisma: 2 },
        units: [
          { type: 'EL', tq: 6, size: 5 },
          { type: 'LI', tq: 5, size: 5, missile: 'J' },
          { type: 'LI', tq: 4, size: 5, missile: 'A' },
        ],
      },
    }),
  ],
];

console.log('1. Exact odds of one shock (fresh rule set each run: unfold + exact counts)');
for (const [name, s] of cases) {
  const dice = gba.dice(s).length;
  const ms = timed(() => gbaRules().exact(s));
  console.log(`   ${name}: ${dice} d10s (10^${dice} combinations), ${ms.toFixed(1)} ms`);
}

console.log('2. Sampling a weighted table (GBA) against a bare 53-bit PRNG loop, one thread');
{
  const [, s] = cases[3] as [string, GbaShockSituation];
  const t = compileTable(gba, s);
  const n = 5_000_000;
  const size = GBA_OUTCOMES.length ** 2;
  let sink = 0;
  const sample = () => {
    const c = sampleWeighted(t.codes, t.weights as Float64Array, size, createRng('bench', 1), n);
    sink += c[0] as number;
  };
  const bareLoop = () => {
    const r = createRng('bench', 2);
    let x = 0;
    for (let i = 0; i < n; i++) x += r.double();
    sink += x;
  };
  sample();
  bareLoop();
  // Alternate the two loops so a change in machine load hits both alike.
  const sampledTimes: number[] = [];
  const bareTimes: number[] = [];
  for (let i = 0; i < 5; i++) {
    sampledTimes.push(timed(sample, 1));
    bareTimes.push(timed(bareLoop, 1));
  }
  const sampled = median(sampledTimes);
  const bare = median(bareTimes);
  const rate = n / (sampled / 1000);
  console.log(
    `   ${t.codes.length} joint codes: ${(rate / 1e6).toFixed(1)}M samples/s, ratio to bare PRNG ${(bare / sampled).toFixed(2)}` +
      (sink === -1 ? '' : ''),
  );
}

console.log('3. Repeated-shock engagements per second, one thread (round limit 20)');
for (const [name, s, o] of [
  ['PH v HI/HO, same attacker', cases[0]![1], {}],
  [
    'HI+PH v two HO, alternate, withdrawal levels',
    cases[2]![1],
    {
      laterAttacker: 'alternate' as const,
      routPoints: { a: [8, 7], b: [8, 5] },
      withdrawalLevel: { a: 8, b: 6 },
    },
  ],
] as const) {
  const payload = { situation: s, options: gbaEngagementOptions({ roundLimit: 20, ...o }) };
  gbaEngagementKernel(payload, createRng('warm'), 2000);
  const n = 20_000;
  const ms = timed(() => gbaEngagementKernel(payload, createRng('bench'), n));
  console.log(`   ${name}: ${Math.round(n / (ms / 1000)).toLocaleString('en-US')} engagements/s`);
}
