/// <reference lib="dom" />
/**
 * The form controls every rule set's situation form is built from: selects, segmented buttons, check
 * chips, foldable sections and a Reg/type/grade picker. Every control carries data-field="<path>" so tests
 * and focus restoring can find it.
 */
import { h, type Child } from './dom.ts';

export interface Option<T> {
  readonly value: T;
  readonly label: string;
  readonly disabled?: boolean;
}

/** The <details> sections the user opened, kept across re-renders. */
const openSections = new Set<string>();

export function select<T extends string>(
  field: string,
  label: string,
  options: readonly Option<T>[],
  current: T,
  pick: (v: T) => void,
): HTMLSelectElement {
  const el = h(
    'select',
    {
      'data-field': field,
      'aria-label': label,
      onchange: (e: Event) => pick((e.target as HTMLSelectElement).value as T),
    },
    options.map((o) =>
      h('option', { value: o.value, selected: o.value === current, disabled: o.disabled }, o.label),
    ),
  );
  el.value = current;
  return el;
}

/** A select with a visible label above it. */
export function labelledSelect<T extends string>(
  field: string,
  label: string,
  options: readonly Option<T>[],
  current: T,
  pick: (v: T) => void,
  ariaLabel = label,
): HTMLElement {
  return h(
    'div',
    { class: 'field' },
    h('span', { class: 'field-label' }, label),
    select(field, ariaLabel, options, current, pick),
  );
}

export function segmented<T extends string | number>(
  field: string,
  label: string,
  options: readonly Option<T>[],
  current: T,
  pick: (v: T) => void,
  ariaLabel = label,
): HTMLElement {
  return h(
    'div',
    { class: 'field' },
    h('span', { class: 'field-label' }, label),
    h(
      'div',
      { class: 'segmented', role: 'group', 'aria-label': ariaLabel },
      options.map((o) =>
        h(
          'button',
          {
            type: 'button',
            'data-field': `${field}=${o.value}`,
            'aria-pressed': String(o.value === current),
            disabled: o.disabled,
            onclick: () => pick(o.value),
          },
          o.label,
        ),
      ),
    ),
  );
}

/** 0, 1 or 2, as segmented buttons; counts above `max` are disabled. */
export function count02(
  field: string,
  label: string,
  current: number,
  pick: (n: 0 | 1 | 2) => void,
  max = 2,
): HTMLElement {
  const options = ([0, 1, 2] as const).map((n) => ({ value: n, label: String(n), disabled: n > max }));
  return segmented(field, label, options, current as 0 | 1 | 2, pick);
}

export function chip(
  field: string,
  label: string,
  checked: boolean,
  toggle: (v: boolean) => void,
  title?: string,
  ariaLabel?: string,
): HTMLElement {
  return h(
    'label',
    { class: 'chip', title },
    h('input', {
      type: 'checkbox',
      'data-field': field,
      'aria-label': ariaLabel,
      checked,
      onchange: (e: Event) => toggle((e.target as HTMLInputElement).checked),
    }),
    h('span', {}, label),
  );
}

export function section(key: string, summary: string, ...body: Child[]): HTMLElement {
  const d = h('details', { class: 'more', open: openSections.has(key) }, h('summary', {}, summary), ...body);
  d.addEventListener('toggle', () => (d.open ? openSections.add(key) : openSections.delete(key)));
  return d;
}

/** An element written as regularity, type and grade (DBM, B&B). */
export interface RegTypeGrade<R extends string, T extends string, G extends string> {
  readonly reg: R;
  readonly type: T;
  readonly grade: G;
}

/**
 * Reg/Irr, type and grade pickers over the elements a rule set allows (its own list): only allowed
 * combinations can be picked, and changing one part moves to the closest allowed element.
 */
export function regTypeGradePicker<R extends string, T extends string, G extends string>(
  field: string,
  label: string,
  catalogue: {
    readonly allowed: readonly RegTypeGrade<R, T, G>[];
    readonly regs: readonly R[];
    readonly types: readonly T[];
    readonly typeName: (t: T) => string;
  },
  e: RegTypeGrade<R, T, G>,
  pick: (e: RegTypeGrade<R, T, G>) => void,
): HTMLElement {
  const { allowed, regs, types, typeName } = catalogue;
  const gradesFor = (type: T, reg: R): G[] =>
    allowed.filter((x) => x.type === type && x.reg === reg).map((x) => x.grade);
  const regsFor = (type: T): R[] => regs.filter((r) => gradesFor(type, r).length > 0);
  const nearest = (type: T, reg: R, grade: G): RegTypeGrade<R, T, G> => {
    const rs = regsFor(type);
    const r = rs.includes(reg) ? reg : (rs[0] as R);
    const gs = gradesFor(type, r);
    const g = gs.includes(grade) ? grade : gs.includes('O' as G) ? ('O' as G) : (gs[0] as G);
    return { type, reg: r, grade: g };
  };
  return h(
    'div',
    { class: 'picker', role: 'group', 'aria-label': label },
    select(
      `${field}.reg`,
      `${label}: regular or irregular`,
      regs.map((r) => ({ value: r, label: r, disabled: !regsFor(e.type).includes(r) })),
      e.reg,
      (reg) => pick(nearest(e.type, reg, e.grade)),
    ),
    select(
      `${field}.type`,
      `${label}: troop type`,
      types
        .filter((t) => regsFor(t).length > 0)
        .map((t) => ({ value: t, label: `${t} \u2013 ${typeName(t)}` })),
      e.type,
      (type) => pick(nearest(type, e.reg, e.grade)),
    ),
    select(
      `${field}.grade`,
      `${label}: grade`,
      gradesFor(e.type, e.reg).map((g) => ({ value: g, label: `(${g})` })),
      e.grade,
      (grade) => pick({ ...e, grade }),
    ),
  );
}

/** A whole number between min and max; an entry that is not a number is ignored. */
export function numberField(
  field: string,
  label: string,
  current: number,
  min: number,
  max: number,
  pick: (n: number) => void,
  ariaLabel?: string,
): HTMLElement {
  return h(
    'label',
    { class: 'num' },
    h('span', { class: 'field-label' }, label),
    h('input', {
      type: 'number',
      inputmode: 'numeric',
      'data-field': field,
      'aria-label': ariaLabel,
      min,
      max,
      step: 1,
      value: current,
      onchange: (e: Event) => {
        const n = Number((e.target as HTMLInputElement).value);
        if (Number.isInteger(n)) pick(Math.min(max, Math.max(min, n)));
      },
    }),
  );
}

const ORDINAL_SUFFIX = ['nd', 'rd', 'th'];

/**
 * The ranks behind a front element (De Bellis rear support): one row per rank, numbered from 2nd, with
 * the rule set's own controls and a remove button, then an "add" button while there are fewer than
 * `max` ranks. `newRank` gives the rank the add button appends.
 */
export function rankList<R>(
  id: string,
  ranks: readonly R[],
  max: number,
  newRank: () => R,
  rankControls: (rank: R, field: string, label: string, setRank: (r: R) => void) => Child[],
  setRanks: (ranks: R[]) => void,
): HTMLElement {
  const rows = ranks.map((rank, i) => {
    const field = `${id}.rear.${i}`;
    const label = `${id.toUpperCase()} rank ${i + 2}`;
    const setRank = (r: R) => setRanks(ranks.map((x, j) => (j === i ? r : x)));
    return h(
      'li',
      { class: 'rank' },
      h('span', { class: 'rank-no' }, `${i + 2}${ORDINAL_SUFFIX[i] ?? 'th'}`),
      ...rankControls(rank, field, label, setRank),
      h(
        'button',
        {
          type: 'button',
          class: 'icon',
          'data-field': `${field}.remove`,
          'aria-label': `Remove ${label}`,
          onclick: () => setRanks(ranks.filter((_, j) => j !== i)),
        },
        '\u2715',
      ),
    );
  });
  return h(
    'div',
    { class: 'field' },
    h('span', { class: 'field-label' }, 'Ranks behind'),
    rows.length > 0 && h('ol', { class: 'ranks' }, rows),
    ranks.length < max &&
      h(
        'button',
        {
          type: 'button',
          class: 'add',
          'data-field': `${id}.rear.add`,
          onclick: () => setRanks([...ranks, newRank()]),
        },
        `+ ${ranks.length + 2}${ORDINAL_SUFFIX[ranks.length] ?? 'th'} rank`,
      ),
  );
}

export type CombatMode = 'close' | 'shooting';
export type Bound = 'a' | 'b';
export type Shooters = 'a' | 'b' | 'both';

const SIDE_OPTIONS: readonly Option<Bound>[] = [
  { value: 'a', label: 'A' },
  { value: 'b', label: 'B' },
];

/**
 * The De Bellis combat controls: close combat or shooting, whose bound, and (when shooting) who shoots.
 * `shooters` is undefined in close combat.
 */
export function combatControls(
  mode: CombatMode,
  bound: Bound,
  shooters: Shooters | undefined,
  on: {
    readonly mode: (m: CombatMode) => void;
    readonly bound: (b: Bound) => void;
    readonly shooters: (s: Shooters) => void;
  },
): Child[] {
  return [
    segmented(
      'mode',
      'Combat',
      [
        { value: 'close', label: 'Close combat' },
        { value: 'shooting', label: 'Shooting' },
      ],
      mode,
      on.mode,
    ),
    segmented('bound', 'Whose bound', SIDE_OPTIONS, bound, on.bound),
    mode === 'shooting' &&
      shooters !== undefined &&
      segmented(
        'shooters',
        'Who shoots',
        [...SIDE_OPTIONS, { value: 'both', label: 'Both' }],
        shooters,
        on.shooters,
      ),
  ];
}

/** The combat row of a situation whose every mode has `shooters` (DBM, DBA). */
export function combatRow<S extends { mode: CombatMode; bound: Bound; shooters: Shooters }>(
  s: S,
  emit: (s: S) => void,
): HTMLElement {
  return h(
    'div',
    { class: 'combat' },
    combatControls(s.mode, s.bound, s.shooters, {
      mode: (mode) => emit({ ...s, mode }),
      bound: (bound) => emit({ ...s, bound }),
      shooters: (shooters) => emit({ ...s, shooters }),
    }),
  );
}

/** "list permits" on a rank behind: the army list lets this element support (rules vary by system). */
export function listPermittedChip<R extends { readonly listPermitted?: boolean | undefined }>(
  field: string,
  rank: R,
  setRank: (r: R) => void,
  title: string,
): HTMLElement {
  return chip(
    `${field}.listPermitted`,
    'list permits',
    rank.listPermitted === true,
    (v) => {
      const { listPermitted: _old, ...rest } = rank;
      setRank((v ? { ...rest, listPermitted: true } : rest) as R);
    },
    title,
  );
}
