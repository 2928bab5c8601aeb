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

const isIrregular = (m: MovedElement) => m.element.reg === 'Irr';

/** The PIP cost of a described move under a version. Throws for a description the rules rule out. */
export function pipCost(move: MoveDescription, version: DbmVersion): PipCost {
  const { elements, action } = move;
  if (elements.length === 0) throw new Error('pipCost: a move moves at least one element');
  const single = elements.length === 1;
  const moving = action !== 'halt';
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
    const clumsy = elements.some(
      (m) => isIrregular(m) && !isLightTroops(m.element.type) && m.element.type !== 'Cv',
    );
    if (clumsy && (move.deviates || move.contactsEnemy))
      add('irregulars (not light troops or cavalry) deviating from straight ahead or contacting enemy');
    else if (clumsy && move.shortMove) add('irregulars (not light troops or cavalry) moving less than full');

    // +1: a group mixing knights, cavalry, light horse or mounted infantry with foot.
    const mounted = elements.some(
      (m) => !m.general && (m.mountedInfantry || ['Kn', 'Cv', 'LH'].includes(m.element.type)),
    );
    const foot = elements.some(
      (m) =>
        isFoot(m.element.type) && !m.mountedInfantry && !(m.element.type === 'Ps' && m.supportingCavalry),
    );
    if (!single && mounted && foot) add('group of mounted and foot');

    // +1: artillery except (F) or (X).
    if (elements.some((m) => m.element.type === 'Art' && m.element.grade !== 'F' && m.element.grade !== 'X'))
      add('artillery');

    if (move.mountOrDismount) add('mounting or dismounting');
  } else {
    // +1: a halt of irregulars, unless all foot holding a strong position.
    const allFoot = elements.every((m) => isFoot(m.element.type));
    if (elements.some(isIrregular) && !(allFoot && move.haltedInPosition)) add('halting irregulars');
  }

  if (action === 'march') {
    const reason = marchReason(move, version);
    if (reason) add(reason, 1, MARCH_SECTION[version.rules.marchPips]);
  }
  return { pips: items.reduce((s, i) => s + i.delta, 0), items };
}

/** The march clause (p.16, last +1) by version, or undefined when it does not apply. */
function marchReason(move: MoveDescription, version: DbmVersion): string | undefined {
  const n = move.marchNumber ?? 1;
  const column = move.column ?? move.elements.length === 1;
  const offColumnIrregulars =
    !column && move.elements.some((m) => isIrregular(m) && !isSkirmisher(m.element.type));
  const rule = version.rules.marchPips;
  if (rule === '3.0')
    return n >= 3 && offColumnIrregulars
      ? 'irregulars off a column marching a third time or more'
      : undefined;
  if (n >= 4) return 'marching a fourth time or more';
  if (n !== 3) return undefined;
  const notGeneral = (m: MovedElement, types: readonly string[]) =>
    !m.general && types.includes(m.element.type);
  const heavy = rule === '3.2' ? ['Kn', 'WWg', 'El'] : ['Kn'];
  if (move.elements.some((m) => notGeneral(m, heavy)))
    return rule === '3.2'
      ? 'knights, war wagons or elephants marching a third time'
      : 'knights marching a third time';
  if (rule === '3.2' && move.elements.some((m) => m.element.type === 'Hd' || m.element.type === 'Exp'))
    return 'hordes or expendables marching a third time';
  if (offColumnIrregulars) return 'irregulars off a column marching a third time';
  return undefined;
}
