/**
 * Army morale (B&B 0.7 ch.6 "moral", "army moral", "PoC", "victory", "draw", "player's score"),
 * as pure functions for engagement simulations: every base has Points of Confidence; the army's
 * reference level is their sum (Bg excluded); it routs when its losses reach a third of it.
 */
import type { BnbElement, BnbGrade, BnbTroopType } from './troops.ts';

/** PoC of a troop type, either one value or one per grade. */
type BnbPocEntry = number | Readonly<Partial<Record<BnbGrade, number>>>;
type BnbPocTable = Readonly<Record<BnbTroopType, BnbPocEntry>>;

/**
 * B&B 0.7 ch.6 "PoC" scale. El and LH(S) are not on the scale; their values here are our reading
 * (docs/rulings.md, Blood and Blades "PoC of El and LH(S)").
 */
const BNB_POC: BnbPocTable = {
  Bg: 16,
  HCh: 8,
  Cv: { S: 8, O: 4, I: 4 },
  LCh: { S: 8, O: 4, I: 4 },
  Cm: 4,
  LH: { S: 4, O: 4, F: 4, I: 2, X: 2 },
  Ax: 4,
  Bd: 4,
  Bw: 4,
  Pk: 4,
  Sp: 4,
  Wb: 4,
  Hd: 2,
  Ps: 2,
  El: 8,
};

/** B&B 0.7 ch.6 "PoC": the C-in-C's base, whatever its troop type. */
const BNB_C_IN_C_POC = 16;

/** PoC of one base. */
export function bnbPoc(
  e: BnbElement,
  o: { readonly cInC?: boolean } = {},
  table: BnbPocTable = BNB_POC,
): number {
  if (o.cInC) return BNB_C_IN_C_POC;
  const entry = table[e.type];
  const value = typeof entry === 'number' ? entry : entry[e.grade];
  if (value === undefined) throw new Error(`no PoC for ${e.type}(${e.grade}) in the table`);
  return value;
}

export type BnbBaseState = 'normal' | 'destroyed' | 'spent';

/** One base of an army, with its state for the morale check. */
export interface BnbArmyBase {
  readonly element: BnbElement;
  readonly cInC?: boolean;
  /** Default 'normal'. */
  readonly state?: BnbBaseState;
}

/** B&B 0.7 ch.6 "army moral": the sum of every base's PoC, Bg excluded. */
export function bnbReferenceLevel(bases: readonly BnbArmyBase[], table: BnbPocTable = BNB_POC): number {
  return bases.reduce(
    (t, b) => (b.element.type === 'Bg' && !b.cInC ? t : t + bnbPoc(b.element, b, table)),
    0,
  );
}

/** B&B 0.7 ch.6 "army moral": a third of the reference level, not rounded. */
export function bnbRoutingLevel(reference: number): number {
  return reference / 3;
}

/** What a base's state adds to the losses level: full PoC if destroyed, half if spent (Bg included). */
function bnbLossPoints(b: BnbArmyBase, table: BnbPocTable = BNB_POC): number {
  const state = b.state ?? 'normal';
  if (state === 'normal') return 0;
  const poc = bnbPoc(b.element, b, table);
  return state === 'destroyed' ? poc : poc / 2;
}

/** B&B 0.7 ch.6 "army moral": the losses level of an army. */
function bnbLossLevel(bases: readonly BnbArmyBase[], table: BnbPocTable = BNB_POC): number {
  return bases.reduce((t, b) => t + bnbLossPoints(b, table), 0);
}

/** Routed when the losses level equals or exceeds the routing level. */
export function bnbIsRouted(lossLevel: number, routingLevel: number): boolean {
  return lossLevel >= routingLevel;
}

/**
 * The smallest whole losses level that routs (losses come in whole points: the smallest PoC is 2, half of
 * it 1). B&B 0.7 example: reference 124, routing level 41.333, routed at 42.
 */
export function bnbRoutedAt(reference: number): number {
  return Math.ceil(reference / 3 - 1e-9);
}

interface BnbArmyMorale {
  readonly reference: number;
  readonly routingLevel: number;
  readonly routedAt: number;
  readonly losses: number;
  readonly routed: boolean;
}

/** The morale check at the end of a bound for one army. */
export function bnbArmyMorale(bases: readonly BnbArmyBase[], table: BnbPocTable = BNB_POC): BnbArmyMorale {
  const reference = bnbReferenceLevel(bases, table);
  const routingLevel = bnbRoutingLevel(reference);
  const losses = bnbLossLevel(bases, table);
  return {
    reference,
    routingLevel,
    routedAt: bnbRoutedAt(reference),
    losses,
    routed: bnbIsRouted(losses, routingLevel),
  };
}

/** How a battle ended (B&B 0.7 ch.6 "victory", "draw"). */
type BnbBattleResult =
  'a-victory' | 'b-victory' | 'draw-mutual-rout' | 'draw-night' | 'draw-time' | 'ongoing';

/**
 * A side is victorious when the other is routed and it is not; both routed is a draw; night ends the
 * battle as a draw; running out of time with no victor is a draw.
 */
export function bnbBattleResult(
  aRouted: boolean,
  bRouted: boolean,
  end: 'ongoing' | 'night' | 'time' = 'ongoing',
): BnbBattleResult {
  if (aRouted && bRouted) return 'draw-mutual-rout';
  if (bRouted) return 'a-victory';
  if (aRouted) return 'b-victory';
  if (end === 'night') return 'draw-night';
  if (end === 'time') return 'draw-time';
  return 'ongoing';
}

/** B&B 0.7 ch.6 "player's score": victor 5 and loser 1; night or mutual rout 3 each; otherwise 2 each. */
const BNB_SCORES = { victor: 5, vanquished: 1, nightOrMutual: 3, other: 2 } as const;

export function bnbPlayerScores(result: Exclude<BnbBattleResult, 'ongoing'>): {
  readonly a: number;
  readonly b: number;
} {
  const s = BNB_SCORES;
  switch (result) {
    case 'a-victory':
      return { a: s.victor, b: s.vanquished };
    case 'b-victory':
      return { a: s.vanquished, b: s.victor };
    case 'draw-mutual-rout':
    case 'draw-night':
      return { a: s.nightOrMutual, b: s.nightOrMutual };
    case 'draw-time':
      return { a: s.other, b: s.other };
  }
}
