/**
 * Blood and Blades 0.7 as one SystemModule (core/system.ts): the only thing code outside this folder
 * imports from it.
 */
import type { SystemModule, Variant, VariantSpec } from '../../core/system.ts';
import { linesModel } from '../../engine/lines/index.ts';
import { bnbBalance } from './balance.ts';
import { bnbElementCost, type BnbCostOptions } from './costs.ts';
import { bnbLineAdapter } from './engagement.ts';
import { allBnbElements, formatBnbElement, parseBnbElement } from './notation.ts';
import type { BnbOutcome } from './outcomes.ts';
import { bnb } from './ruleset.ts';
import {
  BNB_RULES_ID,
  bnbCombatSchema,
  bnbSideSchema,
  bnbSituationSchema,
  bnbToInput,
  parseBnbSituation,
  type BnbSituation,
} from './situation.ts';
import {
  BNB_GRADES,
  BNB_REGULARITIES,
  BNB_TROOP_NAMES,
  BNB_TROOP_TYPES,
  isMounted,
  type BnbElement,
} from './troops.ts';
import { costTableOf } from './variant.ts';

const NAME = 'Blood and Blades 0.7';

const COST_OPTIONS: readonly { readonly id: keyof BnbCostOptions; readonly help: string }[] = [
  { id: 'mounted', help: 'infantry mounted on vehicles' },
  { id: 'specialSupport', help: 'Ps giving a special support the army list allows' },
  { id: 'cInC', help: "the C-in-C's base (B&B 0.7 ch.5 budget)" },
];

function variant(spec: VariantSpec): Variant<BnbSituation, BnbOutcome, BnbElement> {
  const costs = costTableOf(spec);
  const house = spec.costs && Object.keys(spec.costs).length > 0;
  return {
    spec,
    name: spec.name ?? (house ? `${NAME} with house rules` : NAME),
    ruleset: bnb,
    parseSituation: parseBnbSituation,
    cost: (e, options = []) => {
      const o = Object.fromEntries(
        options.filter((x) => COST_OPTIONS.some((c) => c.id === x)).map((x) => [x, true]),
      ) as BnbCostOptions;
      try {
        return bnbElementCost(e, o, costs);
      } catch {
        return undefined;
      }
    },
  };
}

const bnbSystem: SystemModule<BnbSituation, BnbOutcome, BnbElement> = {
  id: 'bnb',
  name: 'Blood and Blades',
  source: import.meta.url,
  versions: [{ id: BNB_RULES_ID, name: NAME }],
  // B&B 0.7 ch.7 outcomes, worst first: destroyed, spent (leaves the table at half its PoC), flees, recoils.
  outcomes: [
    { id: 'destroyed', label: 'destroyed', color: '#c2362f', loss: 1, effect: true },
    { id: 'spent', label: 'spent', atLeast: 'spent or worse', color: '#a4508b', loss: 0.5, effect: true },
    { id: 'flee', label: 'flees', atLeast: 'flees or worse', color: '#e8833a', loss: 0, effect: true },
    { id: 'recoil', label: 'recoils', atLeast: 'recoils or worse', color: '#e9c46a', loss: 0, effect: true },
    { id: 'none', label: 'no effect', color: '#8fb39a', loss: 0, effect: false },
  ],
  situation: {
    schema: bnbSituationSchema,
    side: bnbSideSchema,
    combat: bnbCombatSchema,
    defaults: { mode: 'close', bound: 'a' },
    toInput: bnbToInput,
    example: () => ({
      rules: BNB_RULES_ID,
      mode: 'close',
      a: { element: 'Reg Bd(O)' },
      b: { element: 'Irr Cv(O)' },
    }),
    modeName: (s) => (s.mode === 'close' ? 'close combat' : 'shooting'),
  },
  catalogue: {
    parse: parseBnbElement,
    format: formatBnbElement,
    all: allBnbElements,
    types: BNB_TROOP_TYPES.map((t) => ({ id: t, name: BNB_TROOP_NAMES[t] })),
    typesOf: (e) => [e.type],
    grade: { all: BNB_GRADES, of: (e) => e.grade },
    reg: { all: BNB_REGULARITIES, of: (e) => e.reg },
    // B&B 0.7 ch.4: the mounted types, and the infantry (heavy and light; baggage is neither).
    groups: {
      mounted: (e) => isMounted(e.type),
      foot: (e) => !isMounted(e.type) && e.type !== 'Bg',
    },
    // B&B 0.7 ch.7 support: up to two ranks behind the fighting base, in `rear`.
    depth: { field: 'rear', max: 3, value: (n, d) => Array.from({ length: d - 1 }, () => n) },
    costOptions: COST_OPTIONS,
  },
  variant,
  engagement: linesModel(bnbLineAdapter, {
    system: () => bnbSystem as never,
    lossName: 'Points of Confidence',
  }),
  balance: bnbBalance,
};

export default bnbSystem;
