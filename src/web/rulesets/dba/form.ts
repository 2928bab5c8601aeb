/// <reference lib="dom" />
/**
 * The DBA 3.0 situation form: one card per side with the circumstances of DbaSide
 * (src/systems/dba/situation.ts) and a row for the combat as a whole. It only builds a DbaSituation;
 * parseDbaSituation and the rule set do the rest.
 */
import {
  allDbaElements,
  formatDbaElement,
  type DbaDefending,
  type DbaElement,
  type DbaGoing,
  type DbaSide,
  type DbaSituation,
  type DbaSupporter,
} from '../../../systems/dba/index.ts';
import { DBA_DEFENDING, DBA_GOINGS } from '../../../systems/dba/situation.ts';
import { chip, combatRow, count02, labelledSelect, section, select } from '../../view/controls.ts';
import { h } from '../../view/dom.ts';

type Id = 'a' | 'b';
type Emit = (s: DbaSituation) => void;

/** Every element of the DBA 3.0 catalogue (Troop Definitions), by notation. */
const ELEMENTS = allDbaElements();
const BY_CODE = new Map<string, DbaElement>(ELEMENTS.map((e) => [formatDbaElement(e), e]));
const ELEMENT_OPTIONS = ELEMENTS.map((e) => ({
  value: formatDbaElement(e),
  label: `${e.code} \u2013 ${e.what}`,
}));
const byCode = (code: string): DbaElement => BY_CODE.get(code) ?? (ELEMENTS[0] as DbaElement);

const GOING_LABELS: Record<DbaGoing, string> = {
  good: 'Good going',
  rough: 'Rough going',
  bad: 'Bad going',
  dunes: 'Dunes or oasis',
};
const GOING_OPTIONS = DBA_GOINGS.map((g) => ({ value: g, label: GOING_LABELS[g] }));
const DEFENDING_LABELS: Record<DbaDefending, string> = {
  none: 'In the open',
  city: 'Defending a city',
  fort: 'Defending a fort',
  camp: 'Defending its camp',
};

/** Rear support and flank support: friendly elements and the going they stand in. */
function supporters(id: Id, side: DbaSide, set: (changes: Partial<DbaSide>) => void): HTMLElement {
  const row = (
    field: string,
    label: string,
    x: DbaSupporter,
    put: (x: DbaSupporter) => void,
    remove: () => void,
  ) =>
    h(
      'li',
      { class: 'rank' },
      h('span', { class: 'rank-no' }, label),
      select(
        `${field}.element`,
        `Side ${id.toUpperCase()} ${label} supporter`,
        ELEMENT_OPTIONS,
        formatDbaElement(x.element),
        (c) => put({ ...x, element: byCode(c) }),
      ),
      select(
        `${field}.going`,
        `Side ${id.toUpperCase()} ${label} supporter going`,
        GOING_OPTIONS,
        x.going,
        (going) => put({ ...x, going }),
      ),
      h(
        'button',
        {
          type: 'button',
          class: 'icon',
          'data-field': `${field}.remove`,
          'aria-label': `Remove ${label} supporter`,
          onclick: remove,
        },
        '\u2715',
      ),
    );
  const rows = [
    side.behind &&
      row(
        `${id}.behind`,
        'rear',
        side.behind,
        (behind) => set({ behind }),
        () => set({ behind: null }),
      ),
    ...side.flankFriends.map((f, i) =>
      row(
        `${id}.flankFriends.${i}`,
        'flank',
        f,
        (x) => set({ flankFriends: side.flankFriends.map((g, j) => (j === i ? x : g)) }),
        () => set({ flankFriends: side.flankFriends.filter((_, j) => j !== i) }),
      ),
    ),
  ].filter((r): r is HTMLLIElement => r !== null);
  const friend = (): DbaSupporter => ({ element: side.element, going: side.going });
  return h(
    'div',
    { class: 'field' },
    h('span', { class: 'field-label' }, 'Support'),
    rows.length > 0 && h('ol', { class: 'ranks' }, rows),
    h(
      'div',
      { class: 'chips' },
      side.behind === null &&
        h(
          'button',
          {
            type: 'button',
            class: 'add',
            'data-field': `${id}.behind.add`,
            onclick: () => set({ behind: friend() }),
          },
          '+ behind',
        ),
      side.flankFriends.length < 2 &&
        h(
          'button',
          {
            type: 'button',
            class: 'add',
            'data-field': `${id}.flankFriends.add`,
            onclick: () => set({ flankFriends: [...side.flankFriends, friend()] }),
          },
          '+ on a flank',
        ),
    ),
  );
}

function sideCard(id: Id, s: DbaSituation, emit: Emit): HTMLElement {
  const side = s[id];
  const other = s[id === 'a' ? 'b' : 'a'];
  const set = (changes: Partial<DbaSide>) => emit({ ...s, [id]: { ...side, ...changes } });
  const flag = (key: keyof DbaSide & string, label: string, title?: string) =>
    chip(`${id}.${key}`, label, side[key] === true, (v) => set({ [key]: v }), title);
  const shooting = s.mode === 'shooting';
  const ID = id.toUpperCase();
  return h(
    'section',
    { class: `side side-${id}`, 'aria-label': `Side ${ID}` },
    h(
      'h2',
      {},
      h('span', { class: 'badge' }, ID),
      ' ',
      formatDbaElement(side.element),
      ' ',
      h('small', {}, side.element.what),
    ),
    select(`${id}.element`, `Side ${ID} element`, ELEMENT_OPTIONS, formatDbaElement(side.element), (c) =>
      set({ element: byCode(c) }),
    ),
    h(
      'div',
      { class: 'chips' },
      flag('general', 'General', "The general's element"),
      flag('uphill', 'Uphill', 'Part of its front edge upslope of all of its opponent'),
      (!shooting || side.rearContact) &&
        flag('rearContact', 'Enemy on rear', 'An enemy front edge in contact with its rear'),
    ),
    !shooting || side.overlaps + side.flankContacts > 0
      ? h(
          'div',
          { class: 'row' },
          count02(
            `${id}.overlaps`,
            'Overlaps',
            side.overlaps,
            (n) => set({ overlaps: n }),
            2 - side.flankContacts,
          ),
          count02(
            `${id}.flankContacts`,
            'Flank contacts',
            side.flankContacts,
            (n) => set({ flankContacts: n }),
            2 - side.overlaps,
          ),
        )
      : null,
    labelledSelect(
      `${id}.going`,
      'Going',
      GOING_OPTIONS,
      side.going,
      (going) => set({ going }),
      `Side ${ID} going`,
    ),
    (shooting || side.aiders > 0) &&
      count02(`${id}.aiders`, 'Elements aiding its shooting', side.aiders, (n) => set({ aiders: n })),
    supporters(id, side, set),
    section(
      `dba.${id}.more`,
      'More circumstances',
      h(
        'div',
        { class: 'chips' },
        flag(
          'riverBank',
          'Defending river bank',
          'Defending the bank of a river that is not paltry, away from a road',
        ),
        flag('blockedBehind', 'Blocked behind', 'Its rear is against something it cannot pass'),
        (shooting || side.shotInRear) && flag('shotInRear', 'Shot in rear', 'Shot at on its rear edge'),
      ),
      labelledSelect(
        `${id}.defending`,
        'City, fort or camp',
        DBA_DEFENDING.map((d) => ({ value: d, label: DEFENDING_LABELS[d] })),
        side.defending,
        (defending) => set({ defending }),
        `Side ${ID} defending`,
      ),
      (other.defending !== 'none' || side.alsoAssaulting > 0) &&
        count02(`${id}.alsoAssaulting`, 'Friends also assaulting', side.alsoAssaulting, (n) =>
          set({ alsoAssaulting: n }),
        ),
    ),
  );
}

export function renderDbaForm(host: HTMLElement, s: DbaSituation, emit: Emit): void {
  host.replaceChildren(
    combatRow(s, emit),
    h('div', { class: 'sides' }, sideCard('a', s, emit), sideCard('b', s, emit)),
  );
}
