/**
 * bench/line-ups.ts's timing, bundled by it as the workers' code is (pipeline/worker-bundle.ts): under
 * tsx every closure a layout makes is also named (esbuild's keepNames), which about doubles the setup's
 * time; the workers run a plain bundle. Pure computation on plain data: the jobs' payloads in, the
 * passes' sums out.
 */
import { createRng } from '../src/core/rng.ts';
import { battleOf, REFUSED } from '../src/engine/lines/fight.ts';
import type { LinesConfig, LinesModel } from '../src/engine/lines/index.ts';
import { prepared } from '../src/engine/lines/prepare.ts';
import { engagementsAgainst, type BalancePayload } from '../src/studies/balance/design.ts';
import { requireSystem } from '../src/systems/registry.ts';

/**
 * One pass's sums: line-ups and engagements, the engagements refused (no bound played), the bounds and
 * combats (close combats and shootings) played, and milliseconds in each part.
 */
export interface Pass {
  lineUps: number;
  engagements: number;
  refused: number;
  bounds: number;
  combats: number;
  lineUp: number;
  layout: number;
  battle: number;
  fights: number;
}

/**
 * `warm` untimed passes then `timed` passes over every job, pass i at each job's count plus i (new lines
 * and layouts each pass, on combat tables already built), as a worker plays a balance job
 * (studies/jobs/balance.ts).
 */
export function timeLineUps(payloads: readonly BalancePayload[], warm: number, timed: number): Pass[] {
  const system = requireSystem('dbm-3.2');
  const model = system.engagement as LinesModel<unknown>;
  const variants = new Map<string, ReturnType<typeof system.variant>>();
  const variantOf = (p: BalancePayload) => {
    const key = JSON.stringify(p.spec);
    let v = variants.get(key);
    if (!v) variants.set(key, (v = system.variant(p.spec)));
    return v;
  };
  const pass = (shift: number, seed: string): Pass => {
    const t: Pass = {
      lineUps: 0,
      engagements: 0,
      refused: 0,
      bounds: 0,
      combats: 0,
      lineUp: 0,
      layout: 0,
      battle: 0,
      fights: 0,
    };
    const rng = createRng(seed, shift);
    const draw = (n: number) => rng.int(n);
    for (const p of payloads) {
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
        const combats = battle.combats + battle.shootings;
        let bounds = 0;
        let refused = 0;
        const t3 = performance.now();
        for (let i = 0; i < n; i++) {
          battle.run(draw, config.first === 'alternate' ? ((i % 2) as 0 | 1) : config.first === 'a' ? 0 : 1);
          // A refused engagement plays no bound (its `bounds` reads the limit).
          if (battle.decision === REFUSED) refused++;
          else bounds += battle.bounds;
        }
        const t4 = performance.now();
        t.refused += refused;
        t.bounds += bounds;
        t.combats += battle.combats + battle.shootings - combats;
        t.lineUps++;
        t.engagements += n;
        t.lineUp += t1 - t0;
        t.layout += t2 - t1;
        t.battle += t3 - t2;
        t.fights += t4 - t3;
      });
    }
    return t;
  };
  for (let shift = 0; shift < warm; shift++) pass(shift, 'warm-up');
  return Array.from({ length: timed }, (_, run) => pass(warm + run, 'bench'));
}
