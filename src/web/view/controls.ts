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
interface RegTypeGrade<R extends string, T extends string, G extends string> {
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
