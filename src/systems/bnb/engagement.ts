/**
 * Blood and Blades 0.7 under the engagement kernel. Every combat is one B&B close combat resolved by the
 * B&B rule set (src/systems/bnb/resolve.ts). The file's 2nd and 3rd ranks are its support (B&B 0.7 ch.7
 * support); a base with strictly identical in-line neighbours on both flanks has the cohesion effect
 * (ch.7 cohesion effect); 'spent' bases leave the fight and cost half their PoC; the break rule is army
 * morale: routed when the losses level reaches a third of the reference level (ch.6 army moral).
 */
import { bnbElementCost, type BnbCostTable } from './costs.ts';
import { bnbPoc } from './morale.ts';
import { compileBnb, resolveBnbRoll } from './resolve.ts';
import { bnbSide, type BnbRearRank, type BnbSide } from './situation.ts';
import type { BnbElement, BnbWeapon } from './index.ts';
import type { BnbEngagementConfig, BnbRankConfig } from '../../engagement/model.ts';
import { packTable } from '../../engagement/situations.ts';
import type { CombatSignature, EngagementSystem } from '../../engagement/system-adapter.ts';

/** The parts of a BnbSide fixed by a file's state (everything but overlaps and cohesion). */
export type BnbTemplate = Omit<BnbSide, 'overlaps' | 'cohesion'>;

/**
 * A B&B rank: its cost (Table 5.4, with overrides) and its PoC (ch.6 PoC). Baggage is lost at its PoC but
 * is not part of the reference level (ch.6 army moral).
 */
export function bnbRank(
  element: BnbElement,
  costs: BnbCostTable | undefined,
  more: { readonly weapon?: BnbWeapon; readonly listPermitted?: boolean } = {},
): BnbRankConfig {
  const ee = bnbPoc(element);
  const rank = { element, ap: bnbElementCost(element, {}, costs), ee, ...more };
  return element.type === 'Bg' ? { ...rank, reference: 0 } : rank;
}

function templateOf(config: BnbEngagementConfig, line: 'a' | 'b', file: number, head: number): BnbTemplate {
  const l = config[line];
  const ranks = l.files[file]!.ranks;
  const front = ranks[head];
  if (!front) throw new Error(`file has no rank ${head}`);
  // B&B 0.7 ch.7 support: the 2nd and 3rd ranks behind the fighting base.
  const rear: BnbRearRank[] = ranks.slice(head + 1, head + 3).map((r) => ({
    element: r.element,
    ...(r.weapon !== undefined ? { weapon: r.weapon } : {}),
    ...(r.listPermitted !== undefined ? { listPermitted: r.listPermitted } : {}),
  }));
  const {
    overlaps: _o,
    cohesion: _c,
    ...rest
  } = bnbSide(front.element, { going: l.going, rear, ...(front.weapon ? { weapon: front.weapon } : {}) });
  return rest;
}

const sameBase = (x: BnbElement, y: BnbElement) =>
  x.type === y.type && x.grade === y.grade && x.reg === y.reg;

function table(_config: BnbEngagementConfig, s: CombatSignature<BnbTemplate>): Uint16Array {
  const ov = (n: number) => Math.min(2, n) as 0 | 1 | 2;
  const compiled = compileBnb({
    rules: 'bnb-0.7',
    mode: 'close',
    bound: s.bound,
    a: { ...s.a, overlaps: ov(s.overlapsA), cohesion: s.flankA === 1 },
    b: { ...s.b, overlaps: ov(s.overlapsB), cohesion: s.flankB === 1 },
  });
  return packTable((da, db) => {
    const r = resolveBnbRoll(compiled, da, db);
    return {
      a: { outcome: r.a.outcome, rearLost: 0, pursuit: r.a.pursuit },
      b: { outcome: r.b.outcome, rearLost: 0, pursuit: r.b.pursuit },
    };
  });
}

export const bnbSystem: EngagementSystem<BnbEngagementConfig, BnbTemplate> = {
  template: templateOf,
  // B&B 0.7 ch.7 overlap: any base whose front corner touches the enemy's and is not in close combat.
  overlapCounts: () => true,
  // Flank value: 1 when both in-line neighbours are strictly identical bases (cohesion effect), else 0.
  flankRange: () => 2,
  flankValue: (templates, self, left, right) => {
    const el = templates[self]!.element;
    return left !== undefined &&
      right !== undefined &&
      sameBase(el, templates[left]!.element) &&
      sameBase(el, templates[right]!.element)
      ? 1
      : 0;
  },
  // B&B 0.7 ch.7 flee: only the base that flees (reading, docs/engagement-model.md "B&B 0.7").
  fleesWithFront: () => false,
  table,
  // B&B 0.7 ch.6 army moral: routed at a third of the reference level (options.breakFraction, default 1/3).
  breakRule: { kind: 'fraction' },
};
