/**
 * DBA 3.0 troop types and the element catalogue (DBA 3.0 Troop Definitions, and the basing notes on
 * double elements). An element is one row of the catalogue: the figure count
 * players write (`4Bd`, `3Bd`, `6Bd`) fixes whether foot are Solid or Fast and whether it is a double element.
 */

/** Mounted and foot troop types, plus the two kinds of armed civilians (camp followers, city denizens). */
export const DBA_TROOP_TYPES = [
  'El',
  'Kn',
  'Cv',
  'LH',
  'SCh',
  'Cm',
  'Sp',
  'Pk',
  'Bd',
  'Ax',
  'Bw',
  'Ps',
  'Wb',
  'Hd',
  'Art',
  'WWg',
  'CF',
  'Dz',
] as const;
export type DbaTroopType = (typeof DBA_TROOP_TYPES)[number];

export const DBA_TROOP_NAMES: Readonly<Record<DbaTroopType, string>> = {
  El: 'Elephants',
  Kn: 'Knights',
  Cv: 'Cavalry',
  LH: 'Light Horse',
  SCh: 'Scythed Chariots',
  Cm: 'Camelry',
  Sp: 'Spears',
  Pk: 'Pikes',
  Bd: 'Blades',
  Ax: 'Auxilia',
  Bw: 'Bows',
  Ps: 'Psiloi',
  Wb: 'Warband',
  Hd: 'Hordes',
  Art: 'Artillery',
  WWg: 'War Wagons',
  CF: 'Camp followers',
  Dz: 'City denizens',
};

/** DBA 3.0 Troop Definitions: the six mounted types; everything else (armed civilians included) is foot. */
const MOUNTED: ReadonlySet<DbaTroopType> = new Set(['El', 'Kn', 'Cv', 'LH', 'SCh', 'Cm']);
const isMountedType = (t: DbaTroopType): boolean => MOUNTED.has(t);

/** Foot are "Solid" or "Fast" (DBA 3.0 Troop Definitions); mounted are neither. */
export type Formation = 'solid' | 'fast';
/** Bows are differentiated by weapon: bow, longbow, crossbow. */
export type BowKind = 'Bw' | 'Lb' | 'Cb';

interface Row {
  readonly type: DbaTroopType;
  readonly figures: number | null;
  readonly formation: Formation | null;
  readonly double?: boolean;
  readonly bow?: BowKind;
  readonly camel?: boolean;
  readonly what: string;
}

const foot = (
  type: DbaTroopType,
  figures: number | null,
  formation: Formation,
  what: string,
  more: Partial<Row> = {},
) => ({ type, figures, formation, what, ...more }) as const;
const horse = (type: DbaTroopType, figures: number | null, what: string, more: Partial<Row> = {}) =>
  ({ type, figures, formation: null, what, ...more }) as const;

/**
 * Every element DBA 3.0 knows, keyed by its canonical notation. Figures are the count players write in
 * front of the type; elements depicted by a model (El, SCh, Art, WWg, chariots, litters) have none.
 */
const CATALOGUE = {
  El: horse('El', null, 'elephants'),
  '3Kn': horse('Kn', 3, 'knights'),
  '4Kn': horse('Kn', 4, 'cataphracts'),
  '6Kn': horse('Kn', 6, 'knights in deep wedge (double element)', { double: true }),
  HCh: horse('Kn', null, 'heavy chariots (fight as knights)'),
  '3Cv': horse('Cv', 3, 'cavalry'),
  '6Cv': horse('Cv', 6, 'deep cavalry, lancers before bowmen (double element)', { double: true }),
  LCh: horse('Cv', null, 'light chariots (fight as cavalry)'),
  '2LH': horse('LH', 2, 'light horse'),
  LCm: horse('LH', null, 'light camelry (fight as light horse)', { camel: true }),
  SCh: horse('SCh', null, 'scythed chariots'),
  '3Cm': horse('Cm', 3, 'camelry', { camel: true }),
  '4Sp': foot('Sp', 4, 'solid', 'spears'),
  '8Sp': foot('Sp', 8, 'solid', 'deep spears (double element)', { double: true }),
  '4Pk': foot('Pk', 4, 'solid', 'pikes'),
  '3Pk': foot('Pk', 3, 'fast', 'hillmen with long spears'),
  '4Bd': foot('Bd', 4, 'solid', 'blades'),
  '3Bd': foot('Bd', 3, 'fast', 'fast blades'),
  '6Bd': foot('Bd', 6, 'fast', 'halberdiers in column (double element)', { double: true }),
  Lit: foot('Bd', null, 'solid', 'general in a litter with bodyguard (classed as blades)'),
  CWg: foot('Bd', null, 'solid', 'command or standard wagon with guards (classed as blades)'),
  '4Ax': foot('Ax', 4, 'solid', 'regular auxilia'),
  '3Ax': foot('Ax', 3, 'fast', 'irregular auxilia'),
  '4Bw': foot('Bw', 4, 'solid', 'bows', { bow: 'Bw' }),
  '3Bw': foot('Bw', 3, 'fast', 'fast bows', { bow: 'Bw' }),
  '8Bw': foot('Bw', 8, 'solid', 'close fighters before bowmen (double element)', { double: true, bow: 'Bw' }),
  '4Lb': foot('Bw', 4, 'solid', 'longbows', { bow: 'Lb' }),
  '3Lb': foot('Bw', 3, 'fast', 'fast longbows', { bow: 'Lb' }),
  '8Lb': foot('Bw', 8, 'solid', 'close fighters before longbowmen (double element)', {
    double: true,
    bow: 'Lb',
  }),
  '4Cb': foot('Bw', 4, 'solid', 'crossbows', { bow: 'Cb' }),
  '3Cb': foot('Bw', 3, 'fast', 'fast crossbows', { bow: 'Cb' }),
  '8Cb': foot('Bw', 8, 'solid', 'close fighters before crossbowmen (double element)', {
    double: true,
    bow: 'Cb',
  }),
  '2Ps': foot('Ps', 2, 'fast', 'psiloi'),
  '4Wb': foot('Wb', 4, 'solid', 'solid warband'),
  '3Wb': foot('Wb', 3, 'fast', 'fast warband'),
  '7Hd': foot('Hd', 7, 'solid', 'solid hordes'),
  '5Hd': foot('Hd', 5, 'fast', 'fast hordes'),
  Art: foot('Art', null, 'solid', 'artillery'),
  WWg: foot('WWg', null, 'solid', 'war wagons'),
  // Armed civilians count as foot (DBA 3.0 Troop Definitions); Fast is a ruling (docs/rulings.md, DBA 3.0).
  CF: foot('CF', null, 'fast', 'camp followers'),
  Dz: foot('Dz', null, 'fast', 'city denizens'),
} as const satisfies Record<string, Row>;

export type DbaElementCode = keyof typeof CATALOGUE;

/** One DBA element: a row of the catalogue. Only the catalogue makes these, so every one is legal. */
export interface DbaElement {
  /** Canonical notation, e.g. `4Bd`, `LCm`, `CF`. */
  readonly code: DbaElementCode;
  readonly type: DbaTroopType;
  /** Figure count as written, or null for elements written without one. */
  readonly figures: number | null;
  /** Solid or Fast for foot, null for mounted. */
  readonly formation: Formation | null;
  /** A double element (6Kn, 6Cv, 8Sp, 6Bd, 8Bw/8Lb/8Cb). */
  readonly double: boolean;
  /** For Bows: bow, longbow or crossbow. */
  readonly bow: BowKind | null;
  /** Camel-mounted: dunes and oasis are not bad going to them. */
  readonly camel: boolean;
  /** A few words on what it depicts. */
  readonly what: string;
}

function toElement(code: DbaElementCode, r: Row): DbaElement {
  return Object.freeze({
    code,
    type: r.type,
    figures: r.figures,
    formation: r.formation,
    double: r.double ?? false,
    bow: r.bow ?? null,
    camel: r.camel ?? false,
    what: r.what,
  });
}

export const DBA_ELEMENT_CODES = Object.keys(CATALOGUE) as DbaElementCode[];

/** Every element of the catalogue, by code. */
export const DBA_ELEMENTS: Readonly<Record<DbaElementCode, DbaElement>> = Object.fromEntries(
  DBA_ELEMENT_CODES.map((c) => [c, toElement(c, CATALOGUE[c])]),
) as Record<DbaElementCode, DbaElement>;

export const isMounted = (e: DbaElement): boolean => isMountedType(e.type);
export const isFoot = (e: DbaElement): boolean => !isMountedType(e.type);
export const isSolid = (e: DbaElement): boolean => e.formation === 'solid';
/** Camp followers and city denizens: armed civilians outside the army's 12 elements. */
export const isCivilian = (e: DbaElement): boolean => e.type === 'CF' || e.type === 'Dz';
/** DBA 3.0 Shooting: only Bows, Artillery and War Wagons shoot. */
export const canShoot = (e: DbaElement): boolean => e.type === 'Bw' || e.type === 'Art' || e.type === 'WWg';
