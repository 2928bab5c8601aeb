/**
 * One DBA 3.0 combat as the rule set sees it: two elements and every circumstance the shooting and close
 * combat rules (DBA 3.0 Combat) ask about. Plain data, JSON-serialisable.
 */
import type { DbaReadings } from './readings.ts';
import { canShoot, type DbaElement } from './troops.ts';

export type DbaMode = 'close' | 'shooting';

/**
 * Going the element stands in (DBA 3.0 Terrain). `bad`: difficult hills, woods, marsh, gully; `dunes`: dunes
 * or oasis, bad going except to camels; `rough`: rocky, scrub, boggy, enclosures, wet plough.
 */
export const DBA_GOINGS = ['good', 'rough', 'bad', 'dunes'] as const;
export type DbaGoing = (typeof DBA_GOINGS)[number];

/** What the element is defending (DBA 3.0 Cities, forts and camps): `none` if it fights in the open. */
export const DBA_DEFENDING = ['none', 'city', 'fort', 'camp'] as const;
export type DbaDefending = (typeof DBA_DEFENDING)[number];

/** A friendly element giving support, and the going it stands in. */
export interface DbaSupporter {
  readonly element: DbaElement;
  readonly going: DbaGoing;
}

export interface DbaSide {
  readonly element: DbaElement;
  /** The general's element. */
  readonly general: boolean;
  readonly going: DbaGoing;
  /** In close combat with part of its front edge upslope of all of its opponent. */
  readonly uphill: boolean;
  /** Defending the bank of a river that is not paltry, away from a road. */
  readonly riverBank: boolean;
  /** Garrison of a city or fort, foot (or camp followers) in its own camp, or denizens in their city. */
  readonly defending: DbaDefending;
  /** Flanks overlapped by enemy (0-2); with flank contacts at most 1 per flank. */
  readonly overlaps: number;
  /** Enemy front edges in contact with this element's flanks (0-2). */
  readonly flankContacts: number;
  /** An enemy front edge in full contact with this element's rear. */
  readonly rearContact: boolean;
  /** The friendly element lined up directly behind, facing the same way (rear support), if any. */
  readonly behind: DbaSupporter | null;
  /** Friendly elements in side-edge and front-corner contact with its flanks (flank support), 0-2. */
  readonly flankFriends: readonly DbaSupporter[];
  /** Shooting: 2nd and 3rd friendly elements aiding this element's shooting (0-2). */
  readonly aiders: number;
  /** Assaulting a city, fort or camp: further friendly elements still assaulting it (0-2). */
  readonly alsoAssaulting: number;
  /** Shot at on its rear edge (at least partly). */
  readonly shotInRear: boolean;
  /** Its rear is against something it cannot pass (terrain, table edge, enemy, friends): it cannot recoil or flee. */
  readonly blockedBehind: boolean;
  /** Big battles: an element of a demoralised command (-2 in close combat unless in a city, fort or camp). */
  readonly demoralised: boolean;
  /** Big battles: the C-in-C's element adds its once-per-game +1 to its combat score in this combat. */
  readonly cInCPlusOne: boolean;
}

export interface DbaSituation {
  readonly rules: 'dba-3.0';
  readonly mode: DbaMode;
  /** Whose bound it is. */
  readonly bound: 'a' | 'b';
  /** Shooting only: which sides shoot. A side that shoots without being shot at ignores a bad outcome. */
  readonly shooters: 'a' | 'b' | 'both';
  readonly a: DbaSide;
  readonly b: DbaSide;
  /** Overrides of the unconfirmed readings (src/systems/dba/readings.ts). */
  readonly readings?: Partial<DbaReadings>;
}

export const DEFAULT_DBA_SIDE: Omit<DbaSide, 'element'> = {
  general: false,
  going: 'good',
  uphill: false,
  riverBank: false,
  defending: 'none',
  overlaps: 0,
  flankContacts: 0,
  rearContact: false,
  behind: null,
  flankFriends: [],
  aiders: 0,
  alsoAssaulting: 0,
  shotInRear: false,
  blockedBehind: false,
  demoralised: false,
  cInCPlusOne: false,
};

/** A side with every unspecified circumstance at its default. */
export function dbaSide(element: DbaElement, changes: Partial<Omit<DbaSide, 'element'>> = {}): DbaSide {
  return { ...DEFAULT_DBA_SIDE, ...changes, element };
}

/** A supporter standing in good going unless told otherwise. */
export function supporter(element: DbaElement, going: DbaGoing = 'good'): DbaSupporter {
  return { element, going };
}

/** A close combat (or, with `mode: 'shooting'`, shooting) between two sides, A's bound. */
export function dbaSituation(
  a: DbaSide,
  b: DbaSide,
  more: Partial<Omit<DbaSituation, 'a' | 'b' | 'rules'>> = {},
): DbaSituation {
  return { rules: 'dba-3.0', mode: 'close', bound: 'a', shooters: defaultShooters(a, b), ...more, a, b };
}

/** Shooting: by default every side that can shoot does (DBA 3.0 Shooting: Bows, Artillery, War Wagons). */
export function defaultShooters(a: DbaSide, b: DbaSide): 'a' | 'b' | 'both' {
  const sa = canShoot(a.element);
  const sb = canShoot(b.element);
  if (sa && !sb) return 'a';
  if (sb && !sa) return 'b';
  return 'both';
}
