/**
 * Blood and Blades base costs in army points (B&B 0.7 Table 5.4 "troops costs in AP") and the extra modifiers listed under it, plus the C-in-C surcharge (B&B 0.7 ch.5 "budget").
 */
import {
  isInfantry,
  type BnbElement,
  type BnbGrade,
  type BnbRegularity,
  type BnbTroopType,
} from './troops.ts';

export type BnbGradeCosts = Readonly<Partial<Record<BnbGrade, number>>>;
export type BnbCostTable = Readonly<Record<BnbTroopType, Readonly<Record<BnbRegularity, BnbGradeCosts>>>>;

/** B&B 0.7 Table 5.4. A missing grade is a dash in the table: no such base. */
export const BNB_COSTS: BnbCostTable = {
  Ax: { Reg: { S: 7, O: 5, I: 4 }, Irr: { S: 6, O: 4, I: 3 } },
  Bd: { Reg: { O: 10, I: 8, F: 9 }, Irr: { O: 8, I: 6, F: 7 } },
  Bg: { Reg: {}, Irr: { O: 0 } },
  Bw: { Reg: { S: 10, O: 8, I: 6 }, Irr: { S: 9, O: 7, I: 5 } },
  Cv: { Reg: { S: 13, O: 11, I: 9 }, Irr: { S: 12, O: 10, I: 8 } },
  Cm: { Reg: {}, Irr: { O: 7 } },
  El: { Reg: {}, Irr: { S: 28, O: 24, I: 21 } },
  HCh: { Reg: { S: 17, O: 14, I: 12, F: 15 }, Irr: { S: 16, O: 13, I: 11, F: 14 } },
  Hd: { Reg: {}, Irr: { S: 4, O: 2, F: 3 } },
  LCh: { Reg: { S: 12, O: 10, I: 8 }, Irr: { S: 11, O: 9, I: 7 } },
  LH: { Reg: { S: 10, O: 8, I: 6, F: 8, X: 6 }, Irr: { S: 10, O: 8, I: 6, F: 8, X: 6 } },
  Pk: { Reg: { I: 4, F: 5, X: 5 }, Irr: { I: 3, F: 4 } },
  Ps: { Reg: { S: 4, O: 3, I: 2 }, Irr: { S: 4, O: 3, I: 2 } },
  Sp: { Reg: { O: 7, I: 6 }, Irr: { O: 5, I: 4 } },
  Wb: { Reg: {}, Irr: { S: 8, O: 6, F: 6 } },
};

/** The extra modifiers under B&B 0.7 Table 5.4, and the C-in-C surcharge of ch.5 "budget". */
const BNB_COST_MODIFIERS = {
  /** Infantry mounted on vehicles (ch.4 "mounted infantry"). */
  mountedInfantry: 1,
  /** Mounted Ps pay this instead of the mounted infantry modifier. */
  mountedPsiloi: 0.5,
  /** Ps giving a special support that the army list allows. */
  psiloiSpecialSupport: 1,
  /** Mounted Ps giving a special support pay this in all, instead of the two modifiers added up. */
  mountedPsiloiSpecialSupport: 1,
  /** B&B 0.7 ch.5 "budget": 10 AP more for the C-in-C's base. */
  cInC: 10,
} as const;

/** What a base carries beyond its type, grade and regularity, for costing. */
export interface BnbCostOptions {
  /** Infantry mounted on vehicles (not Bg). */
  readonly mounted?: boolean;
  /** Ps giving a special support listed by the army list. */
  readonly specialSupport?: boolean;
  /** The C-in-C's base. */
  readonly cInC?: boolean;
}

/** Base cost from a table, or undefined where the table has a dash. */
export function bnbBaseCost(e: BnbElement, table: BnbCostTable = BNB_COSTS): number | undefined {
  return table[e.type][e.reg][e.grade];
}

/** The extra modifiers under Table 5.4 for one base (0 when none apply). */
function bnbCostModifier(e: BnbElement, o: BnbCostOptions = {}): number {
  const m = BNB_COST_MODIFIERS;
  let extra = 0;
  if (e.type === 'Ps') {
    if (o.mounted && o.specialSupport) extra += m.mountedPsiloiSpecialSupport;
    else if (o.mounted) extra += m.mountedPsiloi;
    else if (o.specialSupport) extra += m.psiloiSpecialSupport;
  } else if (o.mounted) {
    extra += m.mountedInfantry;
  }
  if (o.cInC) extra += m.cInC;
  return extra;
}

/**
 * Cost in AP of one base with its options. Throws for a base the table does not allow, for mounted
 * non-infantry and for a special support by anything but Ps.
 */
export function bnbElementCost(
  e: BnbElement,
  o: BnbCostOptions = {},
  table: BnbCostTable = BNB_COSTS,
): number {
  const base = bnbBaseCost(e, table);
  const name = `${e.reg} ${e.type}(${e.grade})`;
  if (base === undefined)
    throw new Error(`${name} has no cost in B&B 0.7 Table 5.4: the rules do not allow it`);
  if (o.mounted && (e.type === 'Bg' || !isInfantry(e.type)))
    throw new Error(`${name} cannot be mounted infantry: only infantry other than Bg can (B&B 0.7 ch.4)`);
  if (o.specialSupport && e.type !== 'Ps')
    throw new Error(`${name}: only Ps pay for a special support (Table 5.4)`);
  return base + bnbCostModifier(e, o);
}

/** One replacement cost, e.g. a house rule making Reg Bd(O) 9 AP. */
interface BnbCostOverride {
  readonly element: BnbElement;
  readonly cost: number;
}

/** A new table with the given costs replaced (or added, to allow a base the table forbids). */
export function overrideBnbCosts(
  overrides: readonly BnbCostOverride[],
  table: BnbCostTable = BNB_COSTS,
): BnbCostTable {
  const out = Object.fromEntries(
    Object.entries(table).map(([t, regs]) => [t, { Reg: { ...regs.Reg }, Irr: { ...regs.Irr } }]),
  ) as Record<BnbTroopType, Record<BnbRegularity, Partial<Record<BnbGrade, number>>>>;
  for (const { element: e, cost } of overrides) {
    if (!Number.isFinite(cost) || cost < 0)
      throw new Error(`cost of ${e.reg} ${e.type}(${e.grade}) must be >= 0`);
    out[e.type][e.reg][e.grade] = cost;
  }
  return out;
}
