/// <reference lib="dom" />
/**
 * The DBM situation form: one card per side with the circumstances of DbmSide (src/systems/dbm/situation.ts)
 * and a row for the combat as a whole. It only builds a DbmSituation; the rule set does the rest.
 * Every control carries data-field="<path>" so tests and focus restoring can find it.
 */
import { allElements, formatElement } from '../../../systems/dbm/notation.ts';
import {
  FORTIFICATIONS,
  GOINGS,
  PSILOI_WEAPONS,
  type DbmSide,
  type DbmSituation,
  type Fortification,
  type Going,
  type PsiloiWeapon,
  type RearRank,
} from '../../../systems/dbm/situation.ts';
import {
  REGULARITIES,
  TROOP_NAMES,
  TROOP_TYPES,
  type Element,
  type TroopType,
} from '../../../systems/dbm/troops.ts';
import {
  chip,
  combatRow,
  listPermittedChip,
  rankList,
  regTypeGradePicker,
  section,
  segmented,
  select,
} from '../../view/controls.ts';
import { h } from '../../view/dom.ts';

type Id = 'a' | 'b';
type Emit = (s: DbmSituation) => void;

/** Every element the rules allow (DBM 3.2 p.10 Element Cost), for the pickers. */
const CATALOGUE = {
  allowed: allElements(),
  regs: REGULARITIES,
  types: TROOP_TYPES,
  typeName: (t: TroopType) => TROOP_NAMES[t],
};

const GOING_LABELS: Record<Going, string> = {
  good: 'Good going',
  rough: 'Rough going',
  difficult: 'Difficult going',
  brush: 'Brush',
  dunes: 'Dunes',
};
const FORT_LABELS: Record<Fortification, string> = {
  none: 'No fortification',
  temporary: 'Behind temporary fortification',
  permanent: 'Behind permanent fortification',
};
const WEAPON_LABELS: Record<PsiloiWeapon, string> = {
  bow: 'bow',
  crossbow: 'crossbow',
  handgun: 'handgun',
  other: 'other',
};

/** Reg/Irr, type and grade: only combinations the rules allow can be picked. */
const elementPicker = (field: string, label: string, e: Element, pick: (e: Element) => void): HTMLElement =>
  regTypeGradePicker(field, label, CATALOGUE, e, pick);

function rearRanks(id: Id, side: DbmSide, set: (changes: Partial<DbmSide>) => void): HTMLElement {
  return rankList<RearRank>(
    id,
    side.rear,
    3,
    () => ({ element: side.rear.at(-1)?.element ?? side.element }),
    (rank, field, label, setRank) => [
      elementPicker(`${field}.element`, label, rank.element, (element) => setRank({ ...rank, element })),
      rank.element.type === 'Ps' &&
        select(
          `${field}.weapon`,
          `${label}: psiloi weapon`,
          [
            { value: '', label: 'weapon?' },
            ...PSILOI_WEAPONS.map((w) => ({ value: w, label: WEAPON_LABELS[w] })),
          ],
          rank.weapon ?? '',
          (w) => {
            const { weapon: _old, ...rest } = rank;
            setRank(w === '' ? rest : { ...rest, weapon: w });
          },
        ),
      listPermittedChip(field, rank, setRank, 'The army list expressly permits this element to support'),
    ],
    (rear) => set({ rear }),
  );
}

function sideCard(id: Id, s: DbmSituation, emit: Emit): HTMLElement {
  const side = s[id];
  const set = (changes: Partial<DbmSide>) => emit({ ...s, [id]: { ...side, ...changes } });
  const flag = (key: keyof DbmSide & string, label: string, title?: string) =>
    chip(`${id}.${key}`, label, side[key] === true, (v) => set({ [key]: v }), title);
  const count = (key: 'overlaps' | 'flankContacts' | 'aiders', label: string, max: number) =>
    segmented(
      `${id}.${key}`,
      label,
      [0, 1, 2].map((n) => ({ value: n, label: String(n), disabled: n > max })),
      side[key],
      (n) => set({ [key]: n }),
    );
  const t = side.element.type;
  // Circumstances that only concern some troop types are offered for those (or when already set).
  const offer = (key: keyof DbmSide, types: readonly TroopType[]) => types.includes(t) || side[key] === true;
  const shooting = s.mode === 'shooting';
  return h(
    'section',
    { class: `side side-${id}`, 'aria-label': `Side ${id.toUpperCase()}` },
    h('h2', {}, h('span', { class: 'badge' }, id.toUpperCase()), ' ', formatElement(side.element)),
    elementPicker(`${id}.element`, `Side ${id.toUpperCase()}`, side.element, (element) => set({ element })),
    h(
      'div',
      { class: 'chips' },
      flag('general', 'General', "General's element of an undemoralised command"),
      flag('rearContact', 'Enemy on rear', 'An enemy front edge touches its rear'),
      !shooting && flag('movedIntoContact', 'Moved into contact', 'It moved into contact this bound'),
    ),
    h(
      'div',
      { class: 'row' },
      count('overlaps', 'Overlaps', 2 - side.flankContacts),
      count('flankContacts', 'Flank contacts', 2 - side.overlaps),
    ),
    h(
      'div',
      { class: 'field' },
      h('span', { class: 'field-label' }, 'Going'),
      select(
        `${id}.going`,
        `Side ${id.toUpperCase()} going`,
        GOINGS.map((g) => ({ value: g, label: GOING_LABELS[g] })),
        side.going,
        (going) => set({ going }),
      ),
    ),
    (shooting || side.aiders > 0) && count('aiders', 'Elements aiding its shooting', 2),
    rearRanks(id, side, set),
    section(
      `${id}.more`,
      'More circumstances',
      h(
        'div',
        { class: 'chips' },
        flag('demoralised', 'Demoralised', 'Element of a demoralised command'),
        flag('doubleBased', 'Double element', 'Front element and 2nd rank are one double element'),
        flag(
          'listGradeSupport',
          'List: other grade supports',
          'The army list allows support by another grade',
        ),
        flag('uphill', 'Uphill / bank', 'Upslope, on a raised tower, or defending a river bank'),
        flag('assaultingFortification', 'Assaulting fortification'),
        flag(
          'crossingRiver',
          'Crossing river',
          'Crossing a river that is not paltry, away from a ford or bridge',
        ),
        flag('disadvantaged', 'Disadvantaged', 'By weather, or shooting to or from a wood'),
        offer('chariots', ['Kn', 'Cv']) && flag('chariots', 'Chariots'),
        offer('disembarked', ['Gal', 'Shp', 'Bts']) && flag('disembarked', 'Disembarked'),
        offer('unladen', ['Gal', 'Shp', 'Bts']) && flag('unladen', 'Unladen'),
        offer('mobile', ['Bg']) && flag('mobile', 'Mobile baggage'),
      ),
      h(
        'div',
        { class: 'field' },
        select(
          `${id}.fortification`,
          `Side ${id.toUpperCase()} fortification`,
          FORTIFICATIONS.map((f) => ({ value: f, label: FORT_LABELS[f] })),
          side.fortification,
          (fortification) => set({ fortification }),
        ),
      ),
    ),
  );
}

export function renderDbmForm(host: HTMLElement, s: DbmSituation, emit: Emit): void {
  host.replaceChildren(
    combatRow(s, emit),
    h('div', { class: 'sides' }, sideCard('a', s, emit), sideCard('b', s, emit)),
  );
}
