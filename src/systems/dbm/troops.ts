/**
 * DBM troop types, grades and regularity (DBM 3.2 pp.3-8 Troop Definitions).
 * Which (regularity, type, grade) combinations exist is read off the element cost table
 * (DBM 3.2 p.10 Element Cost): a dash there means the rules do not allow that element.
 */

export const TROOP_TYPES = [
  'El',
  'Kn',
  'Cv',
  'LH',
  'Cm',
  'Exp',
  'Sp',
  'Pk',
  'Bd',
  'Wb',
  'Ax',
  'Bw',
  'Ps',
  'Art',
  'WWg',
  'Hd',
  'Bg',
  'Gal',
  'Shp',
  'Bts',
] as const;
export type TroopType = (typeof TROOP_TYPES)[number];

export const GRADES = ['S', 'O', 'I', 'F', 'X'] as const;
export type Grade = (typeof GRADES)[number];

export const REGULARITIES = ['Reg', 'Irr'] as const;
export type Regularity = (typeof REGULARITIES)[number];

/** One DBM element as written in the standard notation, e.g. Reg Bd(O). */
export interface Element {
  readonly type: TroopType;
  readonly grade: Grade;
  readonly reg: Regularity;
}

export type TroopClass = 'mounted' | 'foot' | 'naval';

export const TROOP_NAMES: Readonly<Record<TroopType, string>> = {
  El: 'Elephants',
  Kn: 'Knights',
  Cv: 'Cavalry',
  LH: 'Light Horse',
  Cm: 'Camelry',
  Exp: 'Expendables',
  Sp: 'Spears',
  Pk: 'Pikes',
  Bd: 'Blades',
  Wb: 'Warband',
  Ax: 'Auxilia',
  Bw: 'Bowmen',
  Ps: 'Psiloi',
  Art: 'Artillery',
  WWg: 'War Wagons',
  Hd: 'Hordes',
  Bg: 'Baggage',
  Gal: 'Galleys',
  Shp: 'Ships',
  Bts: 'Boats',
};

/** DBM 3.2 p.3: mounted, foot and naval types. */
export const TROOP_CLASS: Readonly<Record<TroopType, TroopClass>> = {
  El: 'mounted',
  Kn: 'mounted',
  Cv: 'mounted',
  LH: 'mounted',
  Cm: 'mounted',
  Exp: 'mounted',
  Sp: 'foot',
  Pk: 'foot',
  Bd: 'foot',
  Wb: 'foot',
  Ax: 'foot',
  Bw: 'foot',
  Ps: 'foot',
  Art: 'foot',
  WWg: 'foot',
  Hd: 'foot',
  Bg: 'foot',
  Gal: 'naval',
  Shp: 'naval',
  Bts: 'naval',
};

export const isMounted = (t: TroopType): boolean => TROOP_CLASS[t] === 'mounted';
export const isFoot = (t: TroopType): boolean => TROOP_CLASS[t] === 'foot';
export const isNaval = (t: TroopType): boolean => TROOP_CLASS[t] === 'naval';

/** DBM 3.2 p.3: light horse and psiloi are skirmishers. */
export const isSkirmisher = (t: TroopType): boolean => t === 'LH' || t === 'Ps';

/** DBM 3.2 p.3: skirmishers and auxilia are light troops. */
export const isLightTroops = (t: TroopType): boolean => t === 'LH' || t === 'Ps' || t === 'Ax';

/** DBM 3.2 p.3: artillery except (X), war wagons and baggage are train. */
export const isTrain = (e: { type: TroopType; grade: Grade }): boolean =>
  (e.type === 'Art' && e.grade !== 'X') || e.type === 'WWg' || e.type === 'Bg';

/**
 * DBM 3.2 p.19 Impetuous troops: irregular Kn(S/O/F), Cm(S), Exp, Wb, Bd(F) and Hd(S).
 * (The clause about troops aware of demoralised enemy is situational and not modelled here.)
 */
export function isImpetuous(e: Element): boolean {
  if (e.reg !== 'Irr') return false;
  switch (e.type) {
    case 'Kn':
      return e.grade === 'S' || e.grade === 'O' || e.grade === 'F';
    case 'Cm':
      return e.grade === 'S';
    case 'Exp':
    case 'Wb':
      return true;
    case 'Bd':
      return e.grade === 'F';
    case 'Hd':
      return e.grade === 'S';
    default:
      return false;
  }
}
