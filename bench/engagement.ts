/**
 * The battle-line engagement kernel, single thread, medians of 5 runs: engagements per second, combat
 * resolutions per second inside them and the nanoseconds one costs (a shooting counts as a combat), and `engagement kernel / bare PRNG: R` = combats per second divided
 * by bare seeded-PRNG draws per second in the same process, timed alternately (so machine load hits both).
 * Run: npx tsx bench/engagement.ts [engagements per run]
 */
import './v8-flags.ts';
import { createRng } from '../src/core/rng.ts';
import { ENGAGEMENT_CASES } from './engagement-cases.ts';
import { prngRate } from './prng-rate.ts';
import type { AnySystem } from '../src/core/system.ts';
import { battleOf } from '../src/engine/lines/fight.ts';
import type { LinesModel } from '../src/engine/lines/index.ts';
import { prepared } from '../src/engine/lines/prepare.ts';
import { systemOfRules } from '../src/systems/registry.ts';

const samples = Number(process.argv[2] ?? 20_000);
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
const dbm = systemOfRules('dbm-3.2') as AnySystem;
const model = dbm.engagement as LinesModel<unknown>;
const variant = dbm.variant({ version: 'dbm-3.2' });

for (const c of ENGAGEMENT_CASES) {
  const configured = model.configure(c.block, variant);
  const config = c.battlefield ? { ...configured, battlefield: c.battlefield } : configured;
  const battle = battleOf(prepared(config, model.adapter));
  // Warm up (and compile every combat table this fight meets).
  model.kernel(config, createRng('warm-up', 0), 2_000);
  const rates: number[] = [];
  const combatRates: number[] = [];
  const ratios: number[] = [];
  const nsPerCombat: number[] = [];
  const closeBefore = battle.combats;
  const shotBefore = battle.shootings;
  for (let run = 0; run < 5; run++) {
    const before = battle.combats + battle.shootings;
    const t0 = performance.now();
    model.kernel(config, createRng('bench', run), samples);
    const seconds = (performance.now() - t0) / 1000;
    const combats = battle.combats + battle.shootings - before;
    const prng = prngRate(Math.max(1_000_000, combats));
    rates.push(samples / seconds);
    combatRates.push(combats / seconds);
    ratios.push(combats / seconds / prng);
    nsPerCombat.push((seconds * 1e9) / combats);
  }
  console.log(c.name);
  console.log(
    `  ${Math.round(median(rates)).toLocaleString('en')} engagements/s, ${Math.round(median(combatRates)).toLocaleString('en')} combats/s (median of 5 x ${samples})`,
  );
  console.log(
    `  ${median(nsPerCombat).toFixed(0)} ns per combat (the whole engagement's time over its combats)`,
  );
  // What an engagement is made of: R weighs the whole engagement (moves, approach, break tests) by its
  // combats, so a case with few combats a bound reads low however fast each combat is.
  const engagements = 5 * samples;
  console.log(
    `  ${((battle.combats - closeBefore) / engagements).toFixed(1)} close combats and ${((battle.shootings - shotBefore) / engagements).toFixed(1)} shootings an engagement`,
  );
  console.log(`  engagement kernel / bare PRNG: ${median(ratios).toFixed(3)}`);
}
