/// <reference lib="dom" />
/**
 * The situation form of any rule system, generated from its situation schema's field metadata
 * (core/fields.ts): a combat row of the combat-wide fields, then one card per side with its fields, the
 * rarely used ones behind "More circumstances". It edits the situation-file object (plain JSON) and hands
 * every edit to `onChange`; the rule system's parser decides what is valid. Every control carries
 * data-field="<path>" (`a.going`, `b.overlaps=1`, `a.rear.0.element.type`, `b.units.0.tq`).
 */
import type { z } from 'zod';
import { boundsOf, fieldsOf, unwrapField, type FieldEntry } from '../../core/fields.ts';
import type { AnySystem, Catalogue } from '../../core/system.ts';
import {
  chip,
  numberField,
  regTypeGradePicker,
  section,
  segmented,
  select,
  type Option,
} from '../view/controls.ts';
import { h, type Child } from '../view/dom.ts';

type Json = Record<string, unknown>;
type Set = (value: unknown) => void;

const ORDINAL = ['2nd', '3rd', '4th', '5th'];
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'];

/** The value a field has when the input leaves it out: the schema's default, else a neutral value. */
function valueOf(entry: FieldEntry, obj: Json): unknown {
  const v = obj[entry.key];
  if (v !== undefined) return v;
  const d = entry.schema.safeParse(undefined);
  if (d.success && d.data !== undefined) return d.data;
  if (entry.meta.none !== undefined) return '';
  if (entry.meta.kind === 'bool') return false;
  if (entry.meta.kind === 'int') return boundsOf(entry).min;
  if (entry.meta.kind === 'choice') return entry.meta.choices?.[0]?.value;
  return undefined;
}

/** A copy of `obj` with `key` set, or removed when `value` is undefined. */
function withKey(obj: Json, key: string, value: unknown): Json {
  const out: Json = { ...obj };
  if (value === undefined) delete out[key];
  else out[key] = value;
  return out;
}

/** The object branch of a rank field (a union of notation and { element, ... }), if any. */
function rankObject(entry: FieldEntry): z.ZodType | undefined {
  let s = entry.inner as unknown as { element?: z.ZodType; options?: z.ZodType[] };
  if (s.element) s = unwrapField(s.element).inner as never;
  const options = (s as { options?: z.ZodType[] }).options ?? [];
  return options.map((o) => unwrapField(o).inner).find((o) => (o as unknown as { shape?: unknown }).shape);
}

/** A rank object's schema without its `element` (the row's picker edits that). */
function withoutElement(schema: z.ZodType): z.ZodType {
  const o = schema as unknown as { omit?: (k: Record<string, true>) => z.ZodType };
  return o.omit ? o.omit({ element: true }) : schema;
}

/** The item schema of a list field. */
function itemOf(entry: FieldEntry): z.ZodType {
  return (entry.inner as unknown as { element: z.ZodType }).element;
}

interface Ctx {
  readonly system: AnySystem;
  readonly mode: string | undefined;
  readonly typeOf: (element: string) => string;
  /**
   * Whether the rules allow a combat-wide choice (a mode, who shoots) for the situation being edited:
   * the rule set's parser decides (from-system.ts). Choices it refuses are not offered.
   */
  readonly allows?: (key: string, value: string) => boolean;
  /**
   * Whether the rules refuse the field at `path` set to `value` in the situation being edited (the
   * target's "elements aiding its shooting"): such a field is not offered. The parser decides.
   */
  readonly refuses?: (path: readonly (string | number)[], value: unknown) => boolean;
}

/** "a.units.0.tq" -> ['a', 'units', 0, 'tq']. */
const pathOf = (at: string): (string | number)[] =>
  at.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k));

/**
 * The value a switch or a count is tried at before it is offered (a switch on, a count one above its
 * least), or undefined for fields that are not tried.
 */
function trialValue(entry: FieldEntry): unknown {
  if (entry.meta.kind === 'bool') return true;
  if (entry.meta.kind === 'int') {
    const { min, max } = boundsOf(entry);
    return min + 1 <= max ? min + 1 : undefined;
  }
  return undefined;
}

/** "Going" -> "going", "TQ" stays: a label inside a phrase ("A's going"). */
const lower = (label: string): string =>
  /^[A-Z][A-Z]/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);

/** The accessible name of a field: its owner's possessive prefix and its label ("A's first unit's TQ"). */
const nameOf = (owner: string, label: string): string => (owner ? `${owner}${lower(label)}` : label);

/** An element picker: Reg/type/grade when the catalogue has those axes, else one select of every element. */
function elementPicker(
  ctx: Ctx,
  path: string,
  label: string,
  text: string,
  set: (text: string) => void,
): HTMLElement {
  const c = ctx.system.catalogue as Catalogue;
  if (c.reg && c.grade) {
    const allowed = c
      .all()
      .map((e) => ({ reg: c.reg!.of(e), type: c.typesOf(e)[0] as string, grade: c.grade!.of(e), e }));
    let current = allowed[0]!;
    try {
      const parsed = c.format(c.parse(text));
      current = allowed.find((x) => c.format(x.e) === parsed) ?? current;
    } catch {
      // An element the catalogue cannot read shows as the first one; the parser reports it.
    }
    const names = new Map(c.types.map((t) => [t.id, t.name]));
    return regTypeGradePicker(
      path,
      label,
      {
        allowed,
        regs: c.reg.all,
        types: c.types.map((t) => t.id),
        typeName: (t) => names.get(t) ?? t,
      },
      current,
      (picked) => {
        const hit = allowed.find(
          (x) => x.reg === picked.reg && x.type === picked.type && x.grade === picked.grade,
        );
        if (hit) set(c.format(hit.e));
      },
    );
  }
  const options = c.all().map((e) => ({ value: c.format(e), label: c.format(e) }));
  return select(path, label, options, text, set);
}

/** One field's control; undefined when the field is not offered here. */
function control(ctx: Ctx, entry: FieldEntry, obj: Json, path: string, label: string, set: Set): Child {
  const m = entry.meta;
  const value = valueOf(entry, obj);
  const at = path ? `${path}.${entry.key}` : entry.key;
  const name = nameOf(label, m.label);
  switch (m.kind) {
    case 'bool':
      return chip(at, m.label, value === true, (v) => set(v ? true : undefined), m.help, name);
    case 'int': {
      const { min, max } = boundsOf(entry);
      if (max - min <= 4) {
        const options: Option<number>[] = [];
        for (let n = min; n <= max; n++) options.push({ value: n, label: String(n) });
        return segmented(at, m.label, options, value as number, (n) => set(n), name);
      }
      return numberField(at, m.label, (value as number) ?? min, min, max, (n) => set(n), name);
    }
    case 'choice': {
      const current = String(value ?? '');
      const all = [
        ...(m.none !== undefined ? [{ value: '', label: m.none }] : []),
        ...(m.choices ?? []).map((c) => ({ value: c.value, label: c.label })),
      ];
      // Combat-wide choices the rules refuse here (shooting with no shooter) are not offered.
      const options =
        path === '' && ctx.allows
          ? all.filter((o) => o.value === current || ctx.allows!(entry.key, o.value))
          : all;
      const pick = (v: string) => set(v === '' && m.none !== undefined ? undefined : v);
      // Two or three choices read best side by side (mode, bound, who shoots, facing).
      if (all.length <= 3)
        return segmented(at, m.label, options, current || (options[0]?.value ?? ''), pick, name);
      return h(
        'div',
        { class: 'field' },
        h('span', { class: 'field-label' }, m.label),
        select(at, name, options, current, pick),
      );
    }
    case 'text':
      return h(
        'label',
        { class: 'num' },
        h('span', { class: 'field-label' }, m.label),
        h('input', {
          type: 'text',
          'data-field': at,
          'aria-label': name,
          value: String(value ?? ''),
          onchange: (e: Event) => set((e.target as HTMLInputElement).value || undefined),
        }),
      );
    case 'element':
      return elementPicker(ctx, at, name, String(value ?? ''), (t) => set(t));
    case 'ranks':
      return ranks(ctx, entry, obj, at, label, set);
    case 'list':
      return list(ctx, entry, (value as Json[] | undefined) ?? [], at, label, set);
    case 'object':
      return nested(ctx, entry, value as Json | undefined, at, label, set);
    default:
      return undefined;
  }
}

/**
 * Is a field shown: right mode, offered for this object, and not refused by the rules when set (or it is
 * already set)?
 */
function shown(ctx: Ctx, entry: FieldEntry, obj: Json, path: string): boolean {
  const m = entry.meta;
  if (obj[entry.key] !== undefined) return true;
  if (m.modes && ctx.mode !== undefined && !m.modes.includes(ctx.mode)) return false;
  if (m.offer && !m.offer(obj, ctx.typeOf)) return false;
  const trial = path === '' ? undefined : trialValue(entry);
  if (trial !== undefined && ctx.refuses?.(pathOf(`${path}.${entry.key}`), trial)) return false;
  return true;
}

/** The fields of an object schema as controls, main ones and "more" ones. */
function controls(
  ctx: Ctx,
  schema: z.ZodType,
  obj: Json,
  path: string,
  label: string,
  set: (next: Json) => void,
): { main: Child[]; more: Child[] } {
  const main: Child[] = [];
  const more: Child[] = [];
  // Check chips of one group sit together, where the group's first one is.
  const chips = { main: undefined as HTMLElement | undefined, more: undefined as HTMLElement | undefined };
  for (const entry of fieldsOf(schema)) {
    if (!shown(ctx, entry, obj, path)) continue;
    const c = control(ctx, entry, obj, path, label, (v) => set(withKey(obj, entry.key, v)));
    const group = entry.meta.group === 'more' ? 'more' : 'main';
    const out = group === 'more' ? more : main;
    if (entry.meta.kind === 'bool') {
      if (!chips[group]) {
        chips[group] = h('div', { class: 'chips' });
        out.push(chips[group]);
      }
      chips[group]!.append(c as Node);
    } else out.push(c);
  }
  return { main, more };
}

/** Ranks behind: a row per rank (its element and its own fields), remove buttons, an add button. */
function ranks(ctx: Ctx, entry: FieldEntry, obj: Json, path: string, label: string, set: Set): HTMLElement {
  const single = entry.meta.single === true;
  const raw = obj[entry.key];
  const list: unknown[] = single
    ? raw === undefined || raw === null
      ? []
      : [raw]
    : ((raw as unknown[] | undefined) ?? []);
  const max = entry.meta.max ?? 3;
  const extra = rankObject(entry);
  const front = typeof obj.element === 'string' ? obj.element : '';
  const save = (next: unknown[]) => set(single ? (next[0] ?? undefined) : next.length > 0 ? next : undefined);
  const rows = list.map((rank, i) => {
    const at = single ? path : `${path}.${i}`;
    const r: Json = typeof rank === 'string' ? { element: rank } : { ...(rank as Json) };
    const setRank = (next: Json) => {
      const keys = Object.keys(next).filter((k) => next[k] !== undefined);
      const value = keys.length === 1 && keys[0] === 'element' ? next.element : next;
      save(list.map((x, j) => (j === i ? value : x)));
    };
    const who = `${label}${single ? lower(entry.meta.label) : `${ORDINAL[i] ?? `${i + 2}th`} rank`}`;
    const fields = extra
      ? controls(ctx, withoutElement(extra), r, at, `${who}'s `, setRank)
      : { main: [], more: [] };
    return h(
      'li',
      { class: 'rank' },
      h('span', { class: 'rank-no' }, single ? '' : (ORDINAL[i] ?? `${i + 2}th`)),
      elementPicker(ctx, `${at}.element`, who, String(r.element ?? front), (t) =>
        setRank({ ...r, element: t }),
      ),
      ...fields.main,
      ...fields.more,
      h(
        'button',
        {
          type: 'button',
          class: 'icon',
          'data-field': `${at}.remove`,
          'aria-label': `Remove ${who}`,
          onclick: () => save(list.filter((_, j) => j !== i)),
        },
        '\u2715',
      ),
    );
  });
  const next = list.length > 0 ? list[list.length - 1] : front;
  return h(
    'div',
    { class: 'field' },
    h('span', { class: 'field-label' }, entry.meta.label),
    rows.length > 0 && h('ol', { class: 'ranks' }, rows),
    list.length < max &&
      h(
        'button',
        {
          type: 'button',
          class: 'add',
          'data-field': `${path}.add`,
          title: entry.meta.help,
          'aria-label': `Add to ${label}${lower(entry.meta.label)}`,
          onclick: () => save([...list, typeof next === 'string' ? next : (next as Json).element]),
        },
        `+ ${entry.meta.label.toLowerCase()}`,
      ),
  );
}

/** A list of objects (GBA units): one card each, add and remove. */
function list(
  ctx: Ctx,
  entry: FieldEntry,
  items: Json[],
  path: string,
  label: string,
  set: Set,
): HTMLElement {
  const item = itemOf(entry);
  const max = (entry.inner as unknown as { _zod?: { bag?: { maximum?: number } } })._zod?.bag?.maximum ?? 6;
  const one = lower(entry.meta.label).replace(/s$/, '');
  const cards = items.map((it, i) => {
    const at = `${path}.${i}`;
    const owner = `${label}${ORDINALS[i] ?? `${i + 1}th`} ${one}`;
    const f = controls(ctx, item, it, at, `${owner}'s `, (next) =>
      set(items.map((x, j) => (j === i ? next : x))),
    );
    return h(
      'li',
      { class: 'unit' },
      h('span', { class: 'unit-no' }, `${label.replace(/'s $/, '')} ${one} ${i + 1}`),
      h('div', { class: 'chips' }, ...f.main),
      f.more.length > 0 && section(`${at}.more`, 'More', h('div', { class: 'chips' }, ...f.more)),
      items.length > 1 &&
        h(
          'button',
          {
            type: 'button',
            class: 'icon',
            'data-field': `${at}.remove`,
            'aria-label': `Remove ${owner}`,
            onclick: () => set(items.filter((_, j) => j !== i)),
          },
          '\u2715',
        ),
    );
  });
  return h(
    'div',
    { class: 'field' },
    h('span', { class: 'field-label' }, entry.meta.label),
    h('ol', { class: 'units' }, cards),
    items.length < max &&
      h(
        'button',
        {
          type: 'button',
          class: 'add',
          'data-field': `${path}.add`,
          'aria-label': `Add a ${one} to ${label.replace(/'s $/, '')}`,
          onclick: () => set([...items, structuredClone(items[items.length - 1] ?? {})]),
        },
        `+ ${entry.meta.label.toLowerCase().replace(/s$/, '')}`,
      ),
  );
}

/** An optional nested object (GBA leader): add, its fields, remove. */
function nested(
  ctx: Ctx,
  entry: FieldEntry,
  value: Json | undefined,
  path: string,
  label: string,
  set: Set,
): HTMLElement {
  if (value === undefined)
    return h(
      'button',
      {
        type: 'button',
        class: 'add',
        'data-field': `${path}.add`,
        title: entry.meta.help,
        'aria-label': `Add ${nameOf(label, entry.meta.label)}`,
        onclick: () => set(initial(entry)),
      },
      `+ ${entry.meta.label.toLowerCase()}`,
    );
  const f = controls(ctx, entry.inner, value, path, `${nameOf(label, entry.meta.label)}'s `, (next) =>
    set(next),
  );
  return h(
    'div',
    { class: 'field' },
    h('span', { class: 'field-label' }, entry.meta.label),
    h('div', { class: 'chips' }, ...f.main, ...f.more),
    h(
      'button',
      {
        type: 'button',
        class: 'icon',
        'data-field': `${path}.remove`,
        'aria-label': `Remove ${nameOf(label, entry.meta.label)}`,
        onclick: () => set(undefined),
      },
      '\u2715',
    ),
  );
}

/** The smallest object a nested schema accepts: its required fields at their first values. */
function initial(entry: FieldEntry): Json {
  const out: Json = {};
  for (const f of fieldsOf(entry.inner)) {
    if (f.schema.safeParse(undefined).success) continue;
    out[f.key] =
      f.meta.kind === 'int' ? boundsOf(f).min : f.meta.kind === 'bool' ? false : f.meta.choices?.[0]?.value;
  }
  return out;
}

/** What a side card's heading says: its element, or its units' types. */
function sideTitle(side: Json): string {
  if (typeof side.element === 'string') return side.element;
  const units = side.units as Json[] | undefined;
  if (units) return units.map((u) => String(u.name ?? u.type ?? '')).join(' + ');
  return '';
}

/**
 * The value the form shows for a combat-wide field the situation leaves out (its default, else its first
 * choice or its lowest number), for a field the parser requires (settle.ts SettleHelp.fill).
 */
export function shownValue(system: AnySystem, path: readonly (string | number)[]): unknown {
  if (path.length !== 1) return undefined;
  const entry = fieldsOf(system.situation.combat).find((e) => e.key === path[0]);
  if (!entry || (entry.meta.kind !== 'int' && entry.meta.kind !== 'choice')) return undefined;
  const v = valueOf(entry, {});
  return v === '' ? undefined : v;
}

/**
 * Draw the form editing `input` (a situation-file object) into `host`. `allows(key, value)`: whether the
 * rules allow a combat-wide choice for this situation (only those are offered); `refuses(path, value)`:
 * whether they refuse a side's field set (such a field is not offered).
 */
export function renderSituationForm(
  host: HTMLElement,
  system: AnySystem,
  input: Json,
  onChange: (next: Json) => void,
  allows?: (key: string, value: string) => boolean,
  refuses?: (path: readonly (string | number)[], value: unknown) => boolean,
): void {
  const c = system.catalogue;
  const ctx: Ctx = {
    ...(allows ? { allows } : {}),
    ...(refuses ? { refuses } : {}),
    system,
    mode:
      typeof input.mode === 'string' ? input.mode : (system.situation.defaults.mode as string | undefined),
    typeOf: (text) => {
      if (!c) return '';
      try {
        return c.typesOf(c.parse(text))[0] ?? '';
      } catch {
        return '';
      }
    },
  };
  const combat = controls(ctx, system.situation.combat, input, '', '', (next) => onChange(next)).main;
  const card = (id: 'a' | 'b') => {
    const side = (input[id] as Json | undefined) ?? {};
    const f = controls(ctx, system.situation.side, side, id, `${id.toUpperCase()}'s `, (next) =>
      onChange({ ...input, [id]: next }),
    );
    return h(
      'section',
      { class: `side side-${id}`, 'aria-label': `Side ${id.toUpperCase()}` },
      h('h2', {}, h('span', { class: 'badge' }, id.toUpperCase()), ' ', sideTitle(side)),
      ...f.main,
      f.more.length > 0 && section(`${id}.more`, 'More circumstances', ...f.more),
    );
  };
  host.replaceChildren(
    h('div', { class: 'combat' }, ...combat),
    h('div', { class: 'sides' }, card('a'), card('b')),
  );
}
