/**
 * Blood and Blades troop types, grades and regularity (B&B 0.7 ch.4 Troops).
 * Which (regularity, type, grade) combinations exist is read off the cost table (B&B 0.7 Table 5.4):
 * a dash there means the rules do not allow that element.
 */

/** B&B 0.7 ch.4 "troop type": every troop type of the rules. */
export const BNB_TROOP_TYPES = [
  'El',
  'HCh',
  'LCh',
  'Cv',
  'Cm',
  'LH',
  'Bd',
  'Sp',
  'Pk',
  'Bw',
  'Ax',
  'Wb',
  'Ps',
  'Hd',
  'Bg',
] as const;
export type BnbTroopType = (typeof BNB_TROOP_TYPES)[number];

/** B&B 0.7 ch.4 "grade": Superior, Ordinary, Inferior, Fast, eXceptional. */
export const BNB_GRADES = ['S', 'O', 'I', 'F', 'X'] as const;
export type BnbGrade = (typeof BNB_GRADES)[number];

/** B&B 0.7 ch.4 "regular". */
export const BNB_REGULARITIES = ['Reg', 'Irr'] as const;
export type BnbRegularity = (typeof BNB_REGULARITIES)[number];

/** One B&B base as written in the notation the rules use, e.g. `Reg Bd(O)`, `Irr HCh(S)`. */
export interface BnbElement {
  readonly type: BnbTroopType;
  readonly grade: BnbGrade;
  readonly reg: BnbRegularity;
}

export const BNB_TROOP_NAMES: Readonly<Record<BnbTroopType, string>> = {
  El: 'Elephants',
  HCh: 'Heavy chariots',
  LCh: 'Light chariots',
  Cv: 'Cavalry',
  Cm: 'Camels',
  LH: 'Light horse',
  Bd: 'Blades',
  Sp: 'Spears',
  Pk: 'Pikes',
  Bw: 'Bows',
  Ax: 'Auxilia',
  Wb: 'Warband',
  Ps: 'Psiloi',
  Hd: 'Hordes',
  Bg: 'Baggage',
};

/** B&B 0.7 ch.4: mounted types; "infantry" is heavy infantry, light infantry or baggage. */
type BnbTroopClass = 'mounted' | 'heavy-infantry' | 'light-infantry' | 'baggage';

const BNB_TROOP_CLASS: Readonly<Record<BnbTroopType, BnbTroopClass>> = {
  El: 'mounted',
  HCh: 'mounted',
  LCh: 'mounted',
  Cv: 'mounted',
  Cm: 'mounted',
  LH: 'mounted',
  Bd: 'heavy-infantry',
  Sp: 'heavy-infantry',
  Pk: 'heavy-infantry',
  Bw: 'heavy-infantry',
  Wb: 'heavy-infantry',
  Hd: 'heavy-infantry',
  Ax: 'light-infantry',
  Ps: 'light-infantry',
  Bg: 'baggage',
};

/** B&B 0.7 ch.4 "mounted": Cm, Cv, El, HCh, LCh, LH. */
export const isMounted = (t: BnbTroopType): boolean => BNB_TROOP_CLASS[t] === 'mounted';
/** B&B 0.7 ch.4 "infantry": heavy infantry, light infantry or Bg. */
export const isInfantry = (t: BnbTroopType): boolean => !isMounted(t);
/** B&B 0.7 ch.4 "heavy infantry": Bd, Bw, Hd, Pk, Sp, Wb. */
export const isHeavyInfantry = (t: BnbTroopType): boolean => BNB_TROOP_CLASS[t] === 'heavy-infantry';
/** B&B 0.7 ch.4 "skirmishers": Ps and LH. */
export const isSkirmisher = (t: BnbTroopType): boolean => t === 'Ps' || t === 'LH';

/** B&B 0.7 ch.4 LH(X): camel-mounted scouts, who count terrain as camels do. */
export const isCamelLike = (e: BnbElement): boolean =>
  e.type === 'Cm' || (e.type === 'LH' && e.grade === 'X');
