/**
 * DBM (De Bellis Multitudinis) 3.0, 3.1 and 3.2 as one SystemModule (core/system.ts): the only thing
 * code outside this folder imports from it.
 */
import type { SystemModule, Variant, VariantSpec } from '../../core/system.ts';
import { linesModel } from '../../engine/lines/index.ts';
import { dbmArmy } from './army/build.ts';
import { dbmBalance } from './balance.ts';
import { COST_ADJUSTMENTS, elementCost, type CostAdjustment } from './costs.ts';
import { dbmLineAdapter } from './engagement.ts';
import { allElements, formatElement, parseElement } from './notation.ts';
import type { DbmOutcome } from './outcomes.ts';
import { dbmRuleSet } from './ruleset.ts';
import type { DbmSituation } from './situation.ts';
import {
  dbmCombatSchema,
  dbmSideSchema,
  dbmSituationSchema,
  parseDbmSituation,
  situationToInput,
} from './situation-input.ts';
import {
  GRADES,
  isMounted,
  isNaval,
  REGULARITIES,
  TROOP_NAMES,
  TROOP_TYPES,
  type Element,
} from './troops.ts';
import { dbmHouseRulesSchema, versionOfSpec } from './variant.ts';
import { DBM_VERSION_IDS, DBM_VERSIONS } from './versions.ts';

const COST_HELP: Readonly<Record<CostAdjustment, string>> = {
  chariots: 'knights or cavalry that are chariots',
  mountedInfantry: 'mounted infantry',
  doubleBaseRear: 'the rear element of a double element',
  cinCOrSubGeneral: "C-in-C's or sub-general's element",
  allyGeneral: "ally general's element",
};

function variant(spec: VariantSpec): Variant<DbmSituation, DbmOutcome, Element> {
  const version = versionOfSpec(spec);
  return {
    spec,
    name: version.name,
    ruleset: dbmRuleSet(version),
    parseSituation: (input) => parseDbmSituation(input, version.id),
    cost: (e, options = []) => {
      const known = options.filter((o): o is CostAdjustment => o in COST_ADJUSTMENTS);
      try {
        return elementCost(version.costs, e, known);
      } catch {
        return undefined;
      }
    },
  };
}

const dbmSystem: SystemModule<DbmSituation, DbmOutcome, Element> = {
  id: 'dbm',
  name: 'DBM',
  source: import.meta.url,
  versions: DBM_VERSION_IDS.map((id) => ({ id, name: DBM_VERSIONS[id].name })),
  // DBM 3.2 p.23 Combat Outcome: the four things that can happen to an element, worst first.
  outcomes: [
    { id: 'destroyed', label: 'destroyed', color: '#c2362f', loss: 1, effect: true },
    { id: 'flee', label: 'flees', atLeast: 'flees or worse', color: '#e8833a', loss: 0, effect: true },
    { id: 'recoil', label: 'recoils', atLeast: 'recoils or worse', color: '#e9c46a', loss: 0, effect: true },
    { id: 'none', label: 'unaffected', color: '#8fb39a', loss: 0, effect: false },
  ],
  situation: {
    schema: dbmSituationSchema,
    side: dbmSideSchema,
    combat: dbmCombatSchema,
    defaults: { mode: 'close', bound: 'a' },
    toInput: situationToInput,
    example: (version) => ({
      rules: version,
      mode: 'close',
      a: { element: 'Reg Bd(O)' },
      b: { element: 'Irr Kn(S)' },
    }),
    modeName: (s) => (s.mode === 'close' ? 'close combat' : 'shooting'),
  },
  catalogue: {
    parse: parseElement,
    format: formatElement,
    all: allElements,
    types: TROOP_TYPES.map((t) => ({ id: t, name: TROOP_NAMES[t] })),
    typesOf: (e) => [e.type],
    grade: { all: GRADES, of: (e) => e.grade },
    reg: { all: REGULARITIES, of: (e) => e.reg },
    // DBM 3.2 p.3: every type but the naval ones; mounted and foot types.
    groups: {
      land: (e) => !isNaval(e.type),
      mounted: (e) => isMounted(e.type),
      foot: (e) => !isNaval(e.type) && !isMounted(e.type),
    },
    // DBM 3.2 p.21 Rear Support: up to three ranks behind the front element, in `rear`.
    depth: { field: 'rear', max: 4, value: (n, d) => Array.from({ length: d - 1 }, () => n) },
    costOptions: (Object.keys(COST_ADJUSTMENTS) as CostAdjustment[]).map((id) => ({
      id,
      help: COST_HELP[id],
    })),
  },
  houseRules: dbmHouseRulesSchema,
  variant,
  engagement: linesModel(dbmLineAdapter, {
    system: () => dbmSystem as never,
    lossName: 'element equivalents',
  }),
  balance: dbmBalance,
  army: dbmArmy,
};

export default dbmSystem;
