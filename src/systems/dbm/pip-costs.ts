/**
 * The PIP cost of a move (DBM 3.2 p.16 Player Initiative Point Dicing): 1 PIP for each tactical or march
 * move of a single element or a group, and for each halt that stops a spontaneous advance or retreat,
 * with the rule's modifiers. The move is described as plain data; the version decides the march clause
 * (`DbmRules.marchPips`). Moves are on land (naval moves are not modelled).
 */
import { isFoot, isLightTroops, isSkirmisher, type Element } from './troops.ts';
import type { DbmVersion } from './versions.ts';

/** One element of the single element or group moved or halted. */
export interface MovedElement {
  readonly element: Element;
  /** A general's element, or troops double-based with him (excepted where p.16 says so). */
  readonly general?: boolean;
  /** Mounted infantry (p.8): they count with knights, cavalry and light horse in a mixed group. */
  readonly mountedInfantry?: boolean;
  /** Psiloi behind cavalry they can support: such foot do not make a group mixed. */
  readonly supportingCavalry?: boolean;
}

/** Where the command's general is, for the distance modifier. */
export type GeneralWhere = 'free' | 'in-contact' | 'straggling' | 'lost';

export interface MoveDescription {
  /** A tactical move, a march move, or a halt to prevent a spontaneous advance or retreat (or drifting). */
  readonly action: 'tactical' | 'march' | 'halt';
  /** The elements moved or halted: one is a single element move, more are a group. */
  readonly elements: readonly MovedElement[];
  /** The C-in-C's element is among them (moved or halted). */
  readonly withCinC?: boolean;
  /** A sub-general who has not moved during the game is among them (halts only). */
  readonly withUnmovedSubGeneral?: boolean;
  /** This general has already had his -1 this bound (once per bound). */
  readonly generalDiscountUsed?: boolean;
  /** Shortest distance in paces from the general's element (p.16); default 0. */
  readonly distanceFromGeneral?: number;
  /** The general and the moved troops are in sight of one another; default true. */
  readonly generalInSight?: boolean;
  /** The general's element: free, in front edge contact with enemy, straggling off table, or lost. */
  readonly general?: GeneralWhere;
  /**
   * Some element deviates from straight ahead (following another in a 1-element-wide column or moving
   * along a road or river bank does not count as deviating).
   */
  readonly deviates?: boolean;
  /** Some element contacts enemy. */
  readonly contactsEnemy?: boolean;
  /**
   * Some irregular element, other than light troops or a general, moves less than its full move without
   * ending against enemy, a river or impassable terrain, or a march discovering enemy within 200p.
   */
  readonly shortMove?: boolean;
  /** A single element move used to mount or dismount. */
  readonly mountOrDismount?: boolean;
  /** For a halt: the troops occupy rough or difficult going, defend fortifications or a river edge, or are
   *  uphill of the nearest enemy they know of (excuses foot, not mounted). */
  readonly haltedInPosition?: boolean;
  /** For a march: which march of this group this bound (1 for the first). */
  readonly marchNumber?: number;
  /** For a march: in a single-element-wide column (a single element counts as one). */
  readonly column?: boolean;
}

/** One modifier that applied, with its rule section. */
export interface PipItem {
  readonly delta: number;
  readonly reason: string;
  readonly section: string;
}

export interface PipCost {
  readonly pips: number;
  /** The base 1 PIP first, then each modifier that applied. */
  readonly items: readonly PipItem[];
}

const SECTION = 'DBM 3.2 p.16 Player Initiative Point Dicing';
const MARCH_SECTION: Readonly<Record<DbmVersion['rules']['marchPips'], string>> = {
  '3.0': 'DBM 3.0 p.16 (end note xxvi)',
  '3.1': 'DBM 3.1 p.16',
  '3.2': SECTION,
};

/** DBM 3.2 p.16: 1,200p from the general; 600p when neither is in sight of the other. */
export const COMMAND_RANGE = { inSight: 1200, outOfSight: 600 } as const;

/**
 * What one element brings to the cost of a move that includes it, as bits (`traitsOf`). Every clause of
 * p.16 that reads the elements asks whether some element of the move is of a kind (or, for a halt, whether
 * all are foot: no element is not foot), so a move's cost reads only the OR of its elements' bits and
 * whether it moves one element or a group (`pipCostOf`).
 */
export const TRAIT = {
  irregular: 1,
  /** Irregular, not light troops nor cavalry (the deviating, contacting or short-move +1). */
  clumsy: 2,
  /** Knights, cavalry, light horse or mounted infantry, not a general's element (the mixed-group +1). */
  mounted: 4,
  /** Foot, not mounted infantry nor psiloi supporting cavalry (the mixed-group +1). */
  foot: 8,
  /** Not foot (a halt of all foot in position is excused). */
  notFoot: 16,
  /** Artillery except (F) or (X). */
  artillery: 32,
  /** Knights, not a general's element (the march clause). */
  knights: 64,
  /** War wagons or elephants, not a general's element (3.2's march clause). */
  wagonsOrElephants: 128,
  /** Hordes or expendables (3.2's march clause). */
  hordes: 256,
  /** Irregular, not a skirmisher (the march clause off a column). */
  irregularNotSkirmisher: 512,
} as const;

/** One element's bits (TRAIT). */
export function traitsOf(m: MovedElement): number {
  const { type, grade, reg } = m.element;
  const irr = reg === 'Irr';
  let t = 0;
  if (irr) t |= TRAIT.irregular;
  if (irr && !isLightTroops(type) && type !== 'Cv') t |= TRAIT.clumsy;
  if (!m.general && (m.mountedInfantry || type === 'Kn' || type === 'Cv' || type === 'LH'))
    t |= TRAIT.mounted;
  if (isFoot(type) && !m.mountedInfantry && !(type === 'Ps' && m.supportingCavalry)) t |= TRAIT.foot;
  if (!isFoot(type)) t |= TRAIT.notFoot;
  if (type === 'Art' && grade !== 'F' && grade !== 'X') t |= TRAIT.artillery;
  if (!m.general && type === 'Kn') t |= TRAIT.knights;
  if (!m.general && (type === 'WWg' || type === 'El')) t |= TRAIT.wagonsOrElephants;
  if (type === 'Hd' || type === 'Exp') t |= TRAIT.hordes;
  if (irr && !isSkirmisher(type)) t |= TRAIT.irregularNotSkirmisher;
  return t;
}

/** The PIP cost of a described move under a version. Throws for a description the rules rule out. */
export function pipCost(move: MoveDescription, version: DbmVersion): PipCost {
  const { elements } = move;
  if (elements.length === 0) throw new Error('pipCost: a move moves at least one element');
  let traits = 0;
  for (const m of elements) traits |= traitsOf(m);
  return pipCostOf(traits, elements.length === 1, move, version);
}

/**
 * pipCost of a move from its elements' bits OR-ed (`traits`, TRAIT) and whether it moves a single element;
 * the move's `elements` are not read.
 */
export function pipCostOf(
  traits: number,
  single: boolean,
  move: Omit<MoveDescription, 'elements'>,
  version: DbmVersion,
): PipCost {
  const { action } = move;
  const moving = action !== 'halt';
  const has = (bit: number) => (traits & bit) !== 0;
  if (move.mountOrDismount && !(single && moving))
    throw new Error('pipCost: only a single element move mounts or dismounts (p.16)');
  if (move.marchNumber !== undefined && action !== 'march')
    throw new Error('pipCost: only a march has a march number');
  const items: PipItem[] = [{ delta: 1, reason: single ? 'single element' : 'group', section: SECTION }];
  const add = (reason: string, delta = 1, section = SECTION) => items.push({ delta, reason, section });

  // -1: the C-in-C moved or halted, or an unmoved sub-general halted; once per general per bound.
  if (!move.generalDiscountUsed && (move.withCinC || (action === 'halt' && move.withUnmovedSubGeneral)))
    add(move.withCinC ? 'includes the C-in-C' : 'halt including a sub-general who has not moved', -1);

  // +1: beyond command range, or the general in contact, straggling or lost.
  const d = move.distanceFromGeneral ?? 0;
  const inSight = move.generalInSight ?? true;
  const where = move.general ?? 'free';
  if (where !== 'free')
    add(
      where === 'in-contact'
        ? "general's element in front edge contact with enemy"
        : where === 'lost'
          ? 'general lost'
          : 'general straggling off table',
    );
  else if (d > COMMAND_RANGE.inSight) add(`more than ${COMMAND_RANGE.inSight}p from the general`);
  else if (!inSight && d > COMMAND_RANGE.outOfSight)
    add(`more than ${COMMAND_RANGE.outOfSight}p from the general, out of sight`);

  if (moving) {
    // +1: irregulars other than light troops or cavalry that deviate, contact, or fall short.
    const clumsy = has(TRAIT.clumsy);
    if (clumsy && (move.deviates || move.contactsEnemy))
      add('irregulars (not light troops or cavalry) deviating from straight ahead or contacting enemy');
    else if (clumsy && move.shortMove) add('irregulars (not light troops or cavalry) moving less than full');

    // +1: a group mixing knights, cavalry, light horse or mounted infantry with foot.
    if (!single && has(TRAIT.mounted) && has(TRAIT.foot)) add('group of mounted and foot');

    // +1: artillery except (F) or (X).
    if (has(TRAIT.artillery)) add('artillery');

    if (move.mountOrDismount) add('mounting or dismounting');
  } else {
    // +1: a halt of irregulars, unless all foot holding a strong position.
    const allFoot = !has(TRAIT.notFoot);
    if (has(TRAIT.irregular) && !(allFoot && move.haltedInPosition)) add('halting irregulars');
  }

  if (action === 'march') {
    const reason = marchReason(traits, single, move, version);
    if (reason) add(reason, 1, MARCH_SECTION[version.rules.marchPips]);
  }
  return { pips: items.reduce((s, i) => s + i.delta, 0), items };
}

/** The march clause (p.16, last +1) by version, or undefined when it does not apply. */
function marchReason(
  traits: number,
  single: boolean,
  move: Omit<MoveDescription, 'elements'>,
  version: DbmVersion,
): string | undefined {
  const has = (bit: number) => (traits & bit) !== 0;
  const n = move.marchNumber ?? 1;
  const column = move.column ?? single;
  const offColumnIrregulars = !column && has(TRAIT.irregularNotSkirmisher);
  const rule = version.rules.marchPips;
  if (rule === '3.0')
    return n >= 3 && offColumnIrregulars
      ? 'irregulars off a column marching a third time or more'
      : undefined;
  if (n >= 4) return 'marching a fourth time or more';
  if (n !== 3) return undefined;
  if (has(TRAIT.knights) || (rule === '3.2' && has(TRAIT.wagonsOrElephants)))
    return rule === '3.2'
      ? 'knights, war wagons or elephants marching a third time'
      : 'knights marching a third time';
  if (rule === '3.2' && has(TRAIT.hordes)) return 'hordes or expendables marching a third time';
  if (offColumnIrregulars) return 'irregulars off a column marching a third time';
  return undefined;
}
