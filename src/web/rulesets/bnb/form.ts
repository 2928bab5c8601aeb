/// <reference lib="dom" />
/**
 * The Blood and Blades 0.7 situation form: one card per side with the circumstances of BnbSide
 * (src/systems/bnb/situation.ts) and a row for the combat as a whole. It only builds a BnbSituation;
 * parseBnbSituation and the rule set do the rest.
 */
import {
  allBnbElements,
  formatBnbElement,
  type BnbElement,
  type BnbGoing,
  type BnbRearRank,
  type BnbSide,
  type BnbSituation,
  type BnbWeapon,
} from '../../../systems/bnb/index.ts';
import { BNB_GOINGS, BNB_WEAPONS } from '../../../systems/bnb/situation.ts';
import { BNB_REGULARITIES, BNB_TROOP_NAMES, BNB_TROOP_TYPES } from '../../../systems/bnb/troops.ts';
import {
  chip,
  combatControls,
  count02,
  labelledSelect,
  listPermittedChip,
  rankList,
  regTypeGradePicker,
  section,
  select,
} from '../../view/controls.ts';
import { h } from '../../view/dom.ts';

type Id = 'a' | 'b';
type Emit = (s: BnbSituation) => void;

/** Every base B&B 0.7 Table 5.4 allows, for the pickers. */
const CATALOGUE = {
  allowed: allBnbElements(),
  regs: BNB_REGULARITIES,
  types: BNB_TROOP_TYPES,
  typeName: (t: BnbElement['type']) => BNB_TROOP_NAMES[t],
};
const picker = (field: string, label: string, e: BnbElement, pick: (e: BnbElement) => void) =>
  regTypeGradePicker(field, label, CATALOGUE, e, pick);

const GOING_LABELS: Record<BnbGoing, string> = {
  good: 'Good going',
  rough: 'Rough going',
  brush: 'Brush',
  difficult: 'Difficult going',
  dunes: 'Dunes',
};
const WEAPON_OPTIONS = BNB_WEAPONS.map((w) => ({ value: w, label: w }));
/** Weapons are asked of Bw and Ps only (B&B 0.7 ch.7 support and outcome rows). */
const armed = (e: BnbElement) => e.type === 'Bw' || e.type === 'Ps';

function rearRanks(id: Id, side: BnbSide, set: (changes: Partial<BnbSide>) => void): HTMLElement {
  return rankList<BnbRearRank>(
    id,
    side.rear,
    2,
    () => ({ element: side.rear.at(-1)?.element ?? side.element }),
    (rank, field, label, setRank) => [
      picker(`${field}.element`, label, rank.element, (element) => setRank({ ...rank, element })),
      (armed(rank.element) || rank.weapon !== undefined) &&
        select(
          `${field}.weapon`,
          `${label}: weapon`,
          WEAPON_OPTIONS,
          rank.weapon ?? 'bow',
          (weapon: BnbWeapon) => setRank({ ...rank, weapon }),
        ),
      (rank.element.type === 'Ps' || rank.listPermitted === true) &&
        listPermittedChip(field, rank, setRank, 'The army list allows this psiloi support'),
    ],
    (rear) => set({ rear }),
  );
}

function sideCard(id: Id, s: BnbSituation, emit: Emit): HTMLElement {
  const side = s[id];
  const set = (changes: Partial<BnbSide>) => emit({ ...s, [id]: { ...side, ...changes } });
  const flag = (key: keyof BnbSide & string, label: string, title?: string) =>
    chip(`${id}.${key}`, label, side[key] === true, (v) => set({ [key]: v }), title);
  const shooting = s.mode === 'shooting';
  const ID = id.toUpperCase();
  return h(
    'section',
    { class: `side side-${id}`, 'aria-label': `Side ${ID}` },
    h('h2', {}, h('span', { class: 'badge' }, ID), ' ', formatBnbElement(side.element)),
    picker(`${id}.element`, `Side ${ID}`, side.element, (element) => set({ element })),
    h(
      'div',
      { class: 'chips' },
      flag('cohesion', 'Cohesion', 'In a group with front corners touching on both flanks'),
      (!shooting || side.upperGround) && flag('upperGround', 'Upper ground', 'Fighting from upper ground'),
      (!shooting || side.flankAttacked) && flag('flankAttacked', 'Flank attacked'),
      (!shooting || side.rearAttacked) && flag('rearAttacked', 'Rear attacked'),
    ),
    (!shooting || side.overlaps > 0) &&
      count02(`${id}.overlaps`, 'Flanks overlapped', side.overlaps, (overlaps) => set({ overlaps })),
    h(
      'div',
      { class: 'row' },
      labelledSelect(
        `${id}.going`,
        'Going',
        BNB_GOINGS.map((g) => ({ value: g, label: GOING_LABELS[g] })),
        side.going,
        (going) => set({ going }),
        `Side ${ID} going`,
      ),
      (armed(side.element) || side.weapon !== 'bow') &&
        labelledSelect(
          `${id}.weapon`,
          'Weapon',
          WEAPON_OPTIONS,
          side.weapon,
          (weapon) => set({ weapon }),
          `Side ${ID} weapon`,
        ),
    ),
    (shooting || side.extraShooters > 0) &&
      count02(`${id}.extraShooters`, 'Extra shooters', side.extraShooters, (extraShooters) =>
        set({ extraShooters }),
      ),
    rearRanks(id, side, set),
    section(
      `bnb.${id}.more`,
      'More circumstances',
      h(
        'div',
        { class: 'chips' },
        flag('wader', 'Wading', 'Crossing a river away from a bridge'),
        flag('defendingRiverEdge', 'Defending river edge', 'Against a wading opponent'),
        flag('dazzled', 'Dazzled'),
        flag('recoilBlocked', 'Recoil blocked', 'Could not complete a recoil (not off the table)'),
        flag('recoilOffTable', 'Recoil off table', 'A recoil would take it over a long table edge'),
        (shooting || side.inWoodOrBua) && flag('inWoodOrBua', 'In wood or BUA'),
        (shooting || side.shootingFromRear) &&
          flag('shootingFromRear', 'Shooting at rear', 'A shooter is completely behind the target'),
        (shooting || side.againstWind) && flag('againstWind', 'Against the wind'),
      ),
    ),
  );
}

function combatRow(s: BnbSituation, emit: Emit): HTMLElement {
  const shooters = s.mode === 'shooting' ? s.shooters : 'both';
  const raining = s.mode === 'shooting' && s.raining;
  return h(
    'div',
    { class: 'combat' },
    combatControls(s.mode, s.bound, s.mode === 'shooting' ? s.shooters : undefined, {
      mode: (mode) =>
        emit(
          mode === 'close'
            ? { rules: s.rules, mode, bound: s.bound, a: s.a, b: s.b }
            : { rules: s.rules, mode, bound: s.bound, shooters, raining, a: s.a, b: s.b },
        ),
      bound: (bound) => emit({ ...s, bound }),
      shooters: (sh) => {
        if (s.mode === 'shooting') emit({ ...s, shooters: sh });
      },
    }),
    s.mode === 'shooting' &&
      h(
        'div',
        { class: 'chips' },
        chip('raining', 'Raining', s.raining, (v) => emit({ ...s, raining: v })),
      ),
  );
}

export function renderBnbForm(host: HTMLElement, s: BnbSituation, emit: Emit): void {
  host.replaceChildren(
    combatRow(s, emit),
    h('div', { class: 'sides' }, sideCard('a', s, emit), sideCard('b', s, emit)),
  );
}
