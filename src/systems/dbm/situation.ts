/**
 * One DBM combat as the rule set sees it: two elements, their supports and every circumstance the
 * combat rules (DBM 3.2 pp.20-24) ask about. Plain data, JSON-serialisable.
 */
import type { DbmVersionId } from './versions.ts';
import type { Element } from './troops.ts';

export type CombatMode = 'close' | 'shooting';

/**
 * Going an element stands in (DBM 3.2 p.12 Terrain Choosing). `brush` is rough going and `dunes` difficult
 * going, except that camels count both as good going (and other rough going as difficult): view.ts goingAs.
 */
export type Going = 'good' | 'rough' | 'difficult' | 'brush' | 'dunes';
export const GOINGS: readonly Going[] = ['good', 'rough', 'difficult', 'brush', 'dunes'];

export type Fortification = 'none' | 'temporary' | 'permanent';
export const FORTIFICATIONS: readonly Fortification[] = ['none', 'temporary', 'permanent'];

/**
 * Missile weapon of bowmen or psiloi: the type of bow that bowmen rear support and shooting aid compare
 * (DBM 3.2 p.21 Rear Support, p.20 Distant Shooting) and the psiloi support rules read (p.22 Mitigating).
 * A longbow is a bow (docs/rulings.md "Types of bow").
 */
export type MissileWeapon = 'bow' | 'crossbow' | 'handgun' | 'other';
export const MISSILE_WEAPONS: readonly MissileWeapon[] = ['bow', 'crossbow', 'handgun', 'other'];

/** An element lined up behind the fighting element, same command and facing (DBM 3.2 p.21 Rear Support). */
export interface RearRank {
  readonly element: Element;
  /** Psiloi: their missile weapon. Bowmen: their type of bow; default the front element's (weaponOf). */
  readonly weapon?: MissileWeapon;
  /** The army list expressly permits this element's support (psiloi behind spears, cavalry, ...). */
  readonly listPermitted?: boolean;
}

export interface DbmSide {
  readonly element: Element;
  /** Bowmen: their type of bow (default bow). Rear ranks of bowmen default to it. */
  readonly weapon?: MissileWeapon;
  /** Rides camels (DBM 3.2 p.12: camels of any troop type except baggage); camelry always do. */
  readonly camels: boolean;
  /** 2nd, 3rd and 4th ranks directly behind, front to back. */
  readonly rear: readonly RearRank[];
  /** The element and its 2nd rank are one double element required by the army list. */
  readonly doubleBased: boolean;
  /** The army list allows rear support by a different grade of the same type (3.2 only). */
  readonly listGradeSupport: boolean;
  /** General's element of an undemoralised command (DBM 3.2 p.21 Tactical Factors). */
  readonly general: boolean;
  /** Element of a demoralised command (and not its general). */
  readonly demoralised: boolean;
  /** Flanks overlapped by enemy (0-2). */
  readonly overlaps: number;
  /** Enemy elements with their front edge in contact with this element's flanks (0-2). */
  readonly flankContacts: number;
  /** An enemy element's front edge is in contact with this element's rear. */
  readonly rearContact: boolean;
  readonly going: Going;
  /** In close combat and upslope, on a raised PF tower, or defending a river bank away from a ford/bridge. */
  readonly uphill: boolean;
  /** Foot defending behind fortifications. */
  readonly fortification: Fortification;
  /** Attacking across fortifications. */
  readonly assaultingFortification: boolean;
  /** Crossing a river that is not paltry, away from a road ford or bridge. */
  readonly crossingRiver: boolean;
  /** Disadvantaged by weather, or shooting to or from a wood, orchard or grove. */
  readonly disadvantaged: boolean;
  /** This element moved into contact with its opponent this bound. */
  readonly movedIntoContact: boolean;
  /** Shooting: friendly 2nd/3rd elements aiding this element's shooting (0-2). */
  readonly aiders: number;
  /** Knights or cavalry that are chariots: no rear support (DBM 3.2 p.21). */
  readonly chariots: boolean;
  /** Naval elements whose troops have disembarked. */
  readonly disembarked: boolean;
  /** Naval elements with no troops embarked. */
  readonly unladen: boolean;
  /** Baggage that can move (mobile baggage flees instead of standing). */
  readonly mobile: boolean;
}

/** The bow of bowmen `rank` of a side: its own, else the front element's, else a bow. */
export const bowOf = (side: Pick<DbmSide, 'weapon'>, rank?: RearRank): MissileWeapon =>
  rank?.weapon ?? side.weapon ?? 'bow';

export interface DbmSituation {
  readonly rules: DbmVersionId;
  readonly mode: CombatMode;
  /** Whose bound it is. */
  readonly bound: 'a' | 'b';
  /** Shooting only: which sides shoot. A side that shoots without being shot back ignores a bad outcome. */
  readonly shooters: 'a' | 'b' | 'both';
  readonly a: DbmSide;
  readonly b: DbmSide;
}

export const DEFAULT_SIDE: Omit<DbmSide, 'element'> = {
  rear: [],
  doubleBased: false,
  listGradeSupport: false,
  general: false,
  demoralised: false,
  overlaps: 0,
  flankContacts: 0,
  rearContact: false,
  going: 'good',
  uphill: false,
  fortification: 'none',
  assaultingFortification: false,
  crossingRiver: false,
  disadvantaged: false,
  movedIntoContact: false,
  aiders: 0,
  chariots: false,
  disembarked: false,
  unladen: false,
  mobile: false,
  camels: false,
};

/** A side with every unspecified circumstance at its default. */
export function side(element: Element, changes: Partial<Omit<DbmSide, 'element'>> = {}): DbmSide {
  return { ...DEFAULT_SIDE, ...changes, element };
}
