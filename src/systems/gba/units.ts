/**
 * GBA unit types, classes and missile classes (GBA 5e 2.2-2.4) and the capability
 * predicates the combat rules ask about. Ratings (TQ, Size, missile class) are per counter, so they live
 * on the unit in the situation, not here.
 */

/** Unit Type (2.22, 2.4 Combat Units/Terms). 'SK*' is the shock-capable skirmisher (Agrianians). */
export type UnitType =
  'PH' | 'HI' | 'MI' | 'LI' | 'LP' | 'SK' | 'SK*' | 'HC' | 'LN' | 'LC' | 'EL' | 'CH' | 'AT';
export const UNIT_TYPES: readonly UnitType[] = [
  'PH',
  'HI',
  'MI',
  'LI',
  'LP',
  'SK',
  'SK*',
  'HC',
  'LN',
  'LC',
  'EL',
  'CH',
  'AT',
];

/**
 * Class within a Type (2.22): HO hoplites and HY hypaspists (HI), CA cardaces (LP), CAT cataphracted
 * heavy cavalry (HC). No GBA combat chart distinguishes them; they are carried for description.
 */
export type UnitClass = 'HO' | 'HY' | 'CA' | 'CAT';
export const CLASS_OF_TYPE: Readonly<Record<UnitClass, UnitType>> = {
  HO: 'HI',
  HY: 'HI',
  CA: 'LP',
  CAT: 'HC',
};

/**
 * Missile class, as keyed on the Missile Range and Results Chart (2.21, 8.11, 11.11-11.12):
 * A foot archers, MA mounted archers, S slingers, J foot javelins, MJ mounted javelins (and elephant tower
 * riders), ES elephant screen archers, B artillery bolts.
 */
export type MissileClass = 'A' | 'MA' | 'S' | 'J' | 'MJ' | 'ES' | 'B';
export const MISSILE_CLASSES: readonly MissileClass[] = ['A', 'MA', 'S', 'J', 'MJ', 'ES', 'B'];

/** Missile supply marker (8.17): none, Missile Low, Missile No. */
export type MissileSupply = 'full' | 'low' | 'no';
export const MISSILE_SUPPLIES: readonly MissileSupply[] = ['full', 'low', 'no'];

/** The facts about a unit the combat rules read. */
export interface UnitProfile {
  readonly type: UnitType;
  readonly missile?: MissileClass | undefined;
}

export const isCavalry = (t: UnitType): boolean => t === 'HC' || t === 'LN' || t === 'LC';
export const isSkirmisher = (t: UnitType): boolean => t === 'SK' || t === 'SK*';
export const isPhalanxOrHeavy = (t: UnitType): boolean => t === 'PH' || t === 'HI';
export const isArcherClass = (m: MissileClass | undefined): boolean => m === 'A' || m === 'MA';

/**
 * Can never shock attack (7.33 exceptions): LI class A, LC archers, artillery. SK may shock only chariots
 * (see `canShockAttack`).
 */
function neverShocks(u: UnitProfile): boolean {
  return u.type === 'AT' || ((u.type === 'LI' || u.type === 'LC') && isArcherClass(u.missile));
}

/** 7.33: may this unit shock attack a defender of type `target`? */
export function canShockAttack(u: UnitProfile, target: UnitType): boolean {
  if (neverShocks(u)) return false;
  if (u.type === 'SK') return target === 'CH';
  return true;
}

/**
 * Not shock capable when defending (9.16 step 4 halving; design note in 2.4): plain skirmishers (red unit
 * type on the counter), LI and LC archers and artillery. SK* (Agrianians) are shock capable.
 */
export function isShockCapable(u: UnitProfile): boolean {
  return u.type !== 'SK' && !neverShocks(u);
}

/** Mounted firers for 8.15 modifier 4 (mounted javelinists; mounted archers count as archers). */
export const isMountedMissile = (m: MissileClass): boolean => m === 'MA' || m === 'MJ';
