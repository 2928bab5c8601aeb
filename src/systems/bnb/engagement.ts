/**
 * Blood and Blades 0.7 under the battle-line kernel (src/engine/lines). Every combat is one B&B close
 * combat resolved by the B&B rules (resolve.ts). The file's 2nd and 3rd ranks are its support (B&B 0.7
 * ch.7 support); a base with strictly identical in-line neighbours on both flanks has the cohesion effect
 * (ch.7 cohesion effect); a spent base leaves the fight and counts half its PoC; a side routs by the army
 * moral rule of ch.6 (morale.ts): its losses level reaches a third of its reference level.
 */
import { z } from 'zod';
import { InputError } from '../../core/errors.ts';
import type { Variant, VariantSpec } from '../../core/system.ts';
import {
  packTable,
  type LineAdapter,
  type LineId,
  type LinesConfig,
  type RankConfig,
} from '../../engine/lines/index.ts';
import { bnbElementCost, type BnbCostTable } from './costs.ts';
import { bnbIsRouted, bnbPoc, bnbRoutingLevel } from './morale.ts';
import { bnbFileAfterRecoil } from './pushback.ts';
import { compileBnb, resolveBnbRoll } from './resolve.ts';
import { BNB_DICE } from './ruleset.ts';
import {
  BNB_GOINGS,
  BNB_WEAPONS,
  bnbSide,
  type BnbGoing,
  type BnbRearRank,
  type BnbSide,
} from './situation.ts';
import type { BnbElement } from './troops.ts';
import { costTableOf } from './variant.ts';

/** The parts of a BnbSide fixed by a file's state (everything but overlaps and cohesion). */
type BnbTemplate = Omit<BnbSide, 'overlaps' | 'cohesion'>;

const sameBase = (x: BnbElement, y: BnbElement) =>
  x.type === y.type && x.grade === y.grade && x.reg === y.reg;

/** The values of a B&B rank: cost (Table 5.4 with overrides) and PoC (ch.6 PoC); Bg is not in the reference level. */
function bnbRankValues(
  element: BnbElement,
  costs: BnbCostTable | undefined,
): { ap: number; ee: number; reference?: number } {
  const ee = bnbPoc(element);
  const ap = bnbElementCost(element, {}, costs);
  return element.type === 'Bg' ? { ap, ee, reference: 0 } : { ap, ee };
}

/**
 * The side a file presents with `ranks` (indices into the file's ranks, front first) standing. Its 2nd
 * and 3rd standing ranks are its support (ch.7 support), up to the first El: an El gives no support, and
 * what its presence does to a recoil the kernel applies through `recoil` (pushback.ts), so the combat's
 * own consequences must not see it again.
 */
function templateOf(
  config: LinesConfig<BnbElement>,
  line: LineId,
  file: number,
  ranks: readonly number[],
  going: string,
): BnbTemplate {
  const all = config[line].files[file]!.ranks;
  const front = all[ranks[0]!];
  if (!front) throw new Error(`file has no rank ${ranks[0]}`);
  const support: RankConfig<BnbElement>[] = [];
  if (front.element.type !== 'El')
    for (const k of ranks.slice(1, 3)) {
      const r = all[k]!;
      if (r.element.type === 'El') break;
      support.push(r);
    }
  const rear: BnbRearRank[] = support.map((r) => ({
    element: r.element,
    ...(r.extra?.weapon !== undefined ? { weapon: r.extra.weapon as BnbRearRank['weapon'] } : {}),
    ...(r.extra?.listPermitted !== undefined ? { listPermitted: r.extra.listPermitted as boolean } : {}),
  }));
  const weapon = front.extra?.weapon as BnbSide['weapon'] | undefined;
  const {
    overlaps: _o,
    cohesion: _c,
    ...rest
  } = bnbSide(front.element, {
    going: going as BnbGoing,
    rear,
    ...(weapon ? { weapon } : {}),
  });
  return rest;
}

export const bnbLineAdapter: LineAdapter<BnbElement, BnbTemplate, BnbCostTable | undefined> = {
  dice: BNB_DICE,
  resolveVariant: (spec: VariantSpec) => costTableOf(spec),
  template: ({ config }, line, file, head, going) =>
    templateOf(config, line, file, config[line].files[file]!.ranks.map((_, k) => k).slice(head), going),
  templateOf: ({ config }, line, file, ranks, going) => templateOf(config, line, file, ranks, going),
  // B&B 0.7 ch.7 push back: an El recoiling destroys the bases it would push back; a base that would push
  // back an El is destroyed (pushback.ts). A flight starts with the same recoil.
  recoil: ({ config }, line, file, ranks) => {
    const all = config[line].files[file]!.ranks;
    return bnbFileAfterRecoil(ranks, (k) => all[k]!.element);
  },
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
  // B&B 0.7 ch.7 flee: only the base that flees (docs/engagement-model.md "Blood and Blades 0.7").
  fleesWithFront: () => false,
  table: (_ctx, s) => {
    const ov = (n: number) => Math.min(2, n) as 0 | 1 | 2;
    const compiled = compileBnb({
      rules: 'bnb-0.7',
      mode: 'close',
      bound: s.bound,
      a: { ...s.a, overlaps: ov(s.overlapsA), cohesion: s.flankA === 1 },
      b: { ...s.b, overlaps: ov(s.overlapsB), cohesion: s.flankB === 1 },
    });
    return packTable(BNB_DICE, (d) => {
      const r = resolveBnbRoll(compiled, d[0]!, d[1]!);
      return {
        a: { outcome: r.a.outcome, rearLost: 0, pursuit: r.a.pursuit },
        b: { outcome: r.b.outcome, rearLost: 0, pursuit: r.b.pursuit },
      };
    });
  },
  // B&B 0.7 ch.6 army moral: routed when the losses level reaches a third of the reference level.
  breakRule: {
    kind: 'own',
    broken: (lost, reference) => reference > 0 && bnbIsRouted(lost, bnbRoutingLevel(reference)),
  },
  goings: BNB_GOINGS,
  rankFields: {
    weapon: z.enum(BNB_WEAPONS).optional().describe('Bw and Ps: what they shoot with (default bow)'),
    listPermitted: z.boolean().optional().describe('Ps(O): the army list expressly allows this support'),
  },
  doubleBasing: false,
  points: true,
  rank: (variant: Variant, e, index, _double, extra) => {
    // B&B 0.7 ch.4 Bg: they never move, so they cannot stand behind a base that recoils into them.
    if (e.type === 'Bg' && index > 0)
      throw new InputError('Bg never move (B&B 0.7 ch.4 Bg): a Bg base stands alone in its file or in front');
    if (extra.weapon !== undefined && e.type !== 'Bw' && e.type !== 'Ps')
      throw new InputError('only Bw and Ps carry a `weapon`', { path: ['weapon'] });
    if (extra.listPermitted !== undefined && e.type !== 'Ps')
      throw new InputError('only Ps take `listPermitted`', { path: ['listPermitted'] });
    let values: { ap: number; ee: number; reference?: number };
    try {
      values = bnbRankValues(e, costTableOf(variant.spec));
    } catch (err) {
      throw new InputError((err as Error).message);
    }
    const keep = Object.fromEntries(Object.entries(extra).filter(([, v]) => v !== undefined));
    return Object.keys(keep).length > 0 ? { ...values, extra: keep } : values;
  },
};
