/**
 * What the balance study needs from a rule system with points costs: its notation, its costs (with a
 * scenario's overrides), an exact single combat between two elements, and the odds of one matchup for
 * the report. DBM (3.0, 3.1, 3.2, house rules) and Blood and Blades 0.7 provide them. Elements travel as
 * canonical notation strings, so the study code does not depend on a system's element type.
 */
import { enumerate } from '../core/exact.ts';
import { oddsReport, type OddsReport } from '../engine/odds.ts';
import { dbmRuleSetFor } from '../engine/dbm-version.ts';
import type { EngagementRulesId } from '../engagement/model.ts';
import {
  bnb,
  formatBnbElement,
  overrideBnbCosts,
  parseBnbElement,
  parseBnbSituation,
} from '../systems/bnb/index.ts';
import { bnbElementCost } from '../systems/bnb/index.ts';
import { elementCost, overrideCosts } from '../systems/dbm/costs.ts';
import { formatElement, parseElement } from '../systems/dbm/notation.ts';
import { TROOP_TYPES } from '../systems/dbm/troops.ts';
import { BNB_TROOP_TYPES } from '../systems/bnb/troops.ts';
import { compile, resolveOutcomes } from '../systems/dbm/resolve.ts';
import { side, type DbmSituation } from '../systems/dbm/situation.ts';
import {
  DBM_VERSIONS,
  deriveVersion,
  type DbmRules,
  type DbmVersion,
  type DbmVersionId,
} from '../systems/dbm/versions.ts';

/** Exact single combat of A against B, both bounds averaged. */
export interface MatchupRates {
  /** P(B destroyed); B&B: spent counts half (it costs half its PoC). */
  readonly kill: number;
  /** The same for A. */
  readonly loss: number;
  /** P(B suffers any outcome) - P(A does). */
  readonly edge: number;
  readonly net: number;
}

export interface HouseRules {
  readonly costOverrides: Readonly<Record<string, number>>;
  readonly ruleChanges?: Partial<DbmRules>;
}

export interface BalanceSystem {
  readonly versions: readonly string[];
  /** Versions a study compares when it names none. */
  readonly defaultVersions: readonly string[];
  /** The system's troop type codes (keys of a study's `depth`). */
  readonly troopTypes: readonly string[];
  versionName(id: string): string;
  /** The engagement kernel's rules id for a version. */
  engagementRules(id: string): EngagementRulesId;
  /** Canonical notation; throws the system's NotationError for bad text. */
  canonical(text: string): string;
  troopType(element: string): string;
  cost(id: string, element: string, house: HouseRules): number;
  /** depth(element) ranks per file, the ranks behind giving their rear support. */
  matchup(
    id: string,
    a: string,
    b: string,
    depth: (element: string) => number,
    house: HouseRules,
  ): MatchupRates;
  /** The odds report of one matchup in the open, A's bound, no support. */
  odds(id: string, a: string, b: string, house: HouseRules): OddsReport;
}

/** The DBM version with a scenario's house rules applied. */
export function dbmVersionWith(id: DbmVersionId, house: HouseRules): DbmVersion {
  const base = DBM_VERSIONS[id];
  const overrides = Object.entries(house.costOverrides).map(([k, cost]) => ({
    element: parseElement(k),
    cost,
  }));
  return deriveVersion(base, {
    costs: overrides.length > 0 ? overrideCosts(base.costs, overrides) : base.costs,
    ...(house.ruleChanges ? { rules: house.ruleChanges } : {}),
  });
}

function dbmSituation(
  id: DbmVersionId,
  a: string,
  b: string,
  bound: 'a' | 'b',
  depth: (e: string) => number,
): DbmSituation {
  const rear = (e: string) =>
    Array.from({ length: Math.max(0, depth(e) - 1) }, () => ({ element: parseElement(e) }));
  return {
    rules: id,
    mode: 'close',
    bound,
    shooters: 'a',
    a: side(parseElement(a), { rear: rear(a), movedIntoContact: bound === 'a' }),
    b: side(parseElement(b), { rear: rear(b), movedIntoContact: bound === 'b' }),
  };
}

const DBM: BalanceSystem = {
  versions: ['dbm-3.0', 'dbm-3.1', 'dbm-3.2'],
  defaultVersions: ['dbm-3.1', 'dbm-3.2'],
  troopTypes: TROOP_TYPES,
  versionName: (id) => DBM_VERSIONS[id as DbmVersionId].name,
  engagementRules: (id) => id as DbmVersionId,
  canonical: (text) => formatElement(parseElement(text)),
  troopType: (e) => parseElement(e).type,
  cost: (id, e, house) => elementCost(dbmVersionWith(id as DbmVersionId, house).costs, parseElement(e)),
  matchup(id, a, b, depth, house) {
    const version = dbmVersionWith(id as DbmVersionId, house);
    let kill = 0;
    let loss = 0;
    let edge = 0;
    for (const bound of ['a', 'b'] as const) {
      const c = compile(dbmSituation(id as DbmVersionId, a, b, bound, depth), version);
      for (let da = 1; da <= 6; da++) {
        for (let db = 1; db <= 6; db++) {
          const [oa, ob] = resolveOutcomes(c, da, db);
          if (ob === 'destroyed') kill++;
          if (oa === 'destroyed') loss++;
          if (ob !== 'none') edge++;
          if (oa !== 'none') edge--;
        }
      }
    }
    return { kill: kill / 72, loss: loss / 72, edge: edge / 72, net: (kill - loss) / 72 };
  },
  odds(id, a, b, house) {
    const s = dbmSituation(id as DbmVersionId, a, b, 'a', () => 1);
    return oddsReport(dbmRuleSetFor(dbmVersionWith(id as DbmVersionId, house)), {
      ...s,
      a: { ...s.a, movedIntoContact: false },
      b: { ...s.b, movedIntoContact: false },
    });
  },
};

const bnbCosts = (house: HouseRules) => {
  const overrides = Object.entries(house.costOverrides).map(([k, cost]) => ({
    element: parseBnbElement(k),
    cost,
  }));
  return overrides.length > 0 ? overrideBnbCosts(overrides) : undefined;
};

function bnbSituation(a: string, b: string, bound: 'a' | 'b', depth: (e: string) => number) {
  const rear = (e: string) => Array.from({ length: Math.min(2, Math.max(0, depth(e) - 1)) }, () => e);
  return parseBnbSituation({
    rules: 'bnb-0.7',
    mode: 'close',
    bound,
    a: { element: a, rear: rear(a) },
    b: { element: b, rear: rear(b) },
  });
}

const BNB: BalanceSystem = {
  versions: ['bnb-0.7'],
  defaultVersions: ['bnb-0.7'],
  troopTypes: BNB_TROOP_TYPES,
  versionName: () => 'Blood and Blades 0.7',
  engagementRules: () => 'bnb-0.7',
  canonical: (text) => formatBnbElement(parseBnbElement(text)),
  troopType: (e) => parseBnbElement(e).type,
  cost: (_id, e, house) => bnbElementCost(parseBnbElement(e), {}, bnbCosts(house)),
  matchup(_id, a, b, depth) {
    let kill = 0;
    let loss = 0;
    let edge = 0;
    for (const bound of ['a', 'b'] as const) {
      const d = enumerate(bnb, bnbSituation(a, b, bound, depth));
      kill += d.b.destroyed.count + d.b.spent.count / 2;
      loss += d.a.destroyed.count + d.a.spent.count / 2;
      edge += d.space - d.b.none.count - (d.space - d.a.none.count);
    }
    return { kill: kill / 72, loss: loss / 72, edge: edge / 72, net: (kill - loss) / 72 };
  },
  odds: (_id, a, b) =>
    oddsReport(
      bnb,
      bnbSituation(a, b, 'a', () => 1),
    ),
};

/** The balance system for a scenario's rules id, or undefined when it has no points costs. */
export function balanceSystemFor(rules: string): BalanceSystem | undefined {
  if (DBM.versions.includes(rules)) return DBM;
  if (BNB.versions.includes(rules)) return BNB;
  return undefined;
}
