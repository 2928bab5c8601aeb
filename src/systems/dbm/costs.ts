/**
 * DBM element costs in army points (AP), by version.
 * 3.2: the ELEMENT COST table, DBM 3.2 p.10. Pre-3.2 (3.0, 3.1): the same table except the rows that the
 * 3.2 amendments changed (DBM 3.2 amendments, "Page 11 ELEMENT COST"); those old values are partly
 * inferred, see docs/rulings.md "Pre-3.2 costs".
 */
import type { Element, Grade, Regularity, TroopType } from './troops.ts';

export type GradeCosts = Readonly<Partial<Record<Grade, number>>>;
export type CostTable = Readonly<Record<TroopType, Readonly<Record<Regularity, GradeCosts>>>>;

/** DBM 3.2 p.10 ELEMENT COST. A missing grade is a dash in the table: no such element. */
export const COSTS_3_2: CostTable = {
  El: { Reg: {}, Irr: { S: 20, O: 16, I: 14, X: 22 } },
  Kn: { Reg: { S: 15, O: 12, I: 10, F: 11, X: 13 }, Irr: { S: 12, O: 10, I: 8, F: 9, X: 11 } },
  Cv: { Reg: { S: 10, O: 8, I: 6 }, Irr: { S: 9, O: 7, I: 5 } },
  LH: { Reg: { S: 7, O: 5, I: 3, F: 4 }, Irr: { S: 7, O: 5, I: 3, F: 4 } },
  Cm: { Reg: {}, Irr: { S: 11, O: 6, I: 5, X: 9 } },
  Exp: { Reg: {}, Irr: { O: 7 } },
  Sp: { Reg: { S: 7, O: 5, I: 4 }, Irr: { O: 4, I: 3 } },
  Pk: { Reg: { S: 5, O: 4, I: 3, X: 4 }, Irr: { I: 3, X: 4 } },
  Bd: { Reg: { S: 8, O: 6, I: 4, F: 6, X: 7 }, Irr: { S: 7, O: 5, I: 3, F: 5, X: 6 } },
  Wb: { Reg: {}, Irr: { S: 5, O: 3, F: 3 } },
  Ax: { Reg: { S: 4.5, O: 3.5, I: 2.5, X: 3.5 }, Irr: { S: 4, O: 3, I: 2, X: 3 } },
  Bw: { Reg: { S: 7, O: 5, I: 4, X: 7 }, Irr: { S: 5, O: 4, I: 3, X: 5 } },
  Ps: { Reg: { S: 3, O: 2, I: 1, X: 6 }, Irr: { S: 3, O: 2, I: 1, X: 6 } },
  Art: { Reg: { S: 10, O: 8, I: 4, F: 10, X: 5 }, Irr: {} },
  WWg: { Reg: { S: 14, O: 10, I: 3, X: 7 }, Irr: { S: 10, O: 8, I: 2, X: 6 } },
  Hd: { Reg: {}, Irr: { S: 2, O: 1, I: 0.5, F: 1 } },
  Bg: { Reg: {}, Irr: { O: 0, I: 0 } },
  Gal: { Reg: { S: 4, O: 3, F: 2 }, Irr: {} },
  Shp: { Reg: {}, Irr: { S: 4, O: 3, I: 2, X: 6 } },
  Bts: { Reg: { F: 2, X: 6 }, Irr: { S: 3, O: 2, I: 1 } },
};

/**
 * 3.0 and 3.1 costs: the rows the 3.2 amendments reduced, restored.
 * Reg Ax is exact (3.2 took 0.5 AP off every grade). Reg Bd and Irr Bd(I) are inferred (docs/rulings.md).
 */
export const COSTS_3_0: CostTable = {
  ...COSTS_3_2,
  Bd: { Reg: { S: 9, O: 7, I: 5, F: 7, X: 8 }, Irr: { ...COSTS_3_2.Bd.Irr, I: 4 } },
  Ax: { Reg: { S: 5, O: 4, I: 3, X: 4 }, Irr: COSTS_3_2.Ax.Irr },
};

/** DBM 3.2 p.10 cost adjustments ("Adjust for all grades if"): [regular, irregular]. */
export const COST_ADJUSTMENTS = {
  chariots: { Reg: -1, Irr: -1 },
  mountedInfantry: { Reg: 1, Irr: 1 },
  doubleBaseRear: { Reg: -2, Irr: -1 },
  cinCOrSubGeneral: { Reg: 20, Irr: 10 },
  allyGeneral: { Reg: 10, Irr: 5 },
} as const;

export type CostAdjustment = keyof typeof COST_ADJUSTMENTS;

/** Base cost of an element, or undefined when the table has a dash (no such element). */
function baseCost(table: CostTable, e: Element): number | undefined {
  return table[e.type][e.reg][e.grade];
}

/** Cost with adjustments applied (each adjustment at most once). */
export function elementCost(
  table: CostTable,
  e: Element,
  adjustments: readonly CostAdjustment[] = [],
): number {
  const base = baseCost(table, e);
  if (base === undefined)
    throw new Error(`${e.reg} ${e.type}(${e.grade}) has no cost: the rules do not allow it`);
  return adjustments.reduce((sum, a) => sum + COST_ADJUSTMENTS[a][e.reg], base);
}

/** Replace individual costs, e.g. {"Reg Bd(O)": 6.5}; keys are parsed by the caller. */
export function overrideCosts(
  table: CostTable,
  overrides: readonly { element: Element; cost: number }[],
): CostTable {
  const out: Record<string, Record<string, Record<string, number>>> = {};
  for (const [type, byReg] of Object.entries(table)) {
    out[type] = { Reg: { ...byReg.Reg }, Irr: { ...byReg.Irr } };
  }
  for (const { element, cost } of overrides) {
    (out[element.type] as Record<string, Record<string, number>>)[element.reg]![element.grade] = cost;
  }
  return out as unknown as CostTable;
}
