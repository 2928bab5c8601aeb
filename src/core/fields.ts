/**
 * Field metadata of situation schemas (ARCHITECTURE.md "The system contract"). A rule system
 * describes its situation once, as a zod schema whose fields carry this metadata; the command-line
 * flags, the web page's form, the JSON Schema and the docs table are all generated from it.
 *
 * `field(schema, meta)` attaches metadata (and the help text as the JSON Schema description);
 * `fieldsOf(objectSchema)` lists an object's fields with their metadata and their bare schema.
 */
import { z } from 'zod';

/** How a field is edited and read from the command line. */
type FieldKind =
  /** true/false: a checkbox, a bare flag. */
  | 'bool'
  /** A whole number within bounds: a segmented control or a number box, `--flag N`. */
  | 'int'
  /** One of a few values (`choices`): a select, `--flag VALUE`. */
  | 'choice'
  /** An element in the system's notation: the element picker, a positional argument. */
  | 'element'
  /**
   * Ranks behind the front element, each an element or an object with `element` and the rank's own
   * described fields: `--flag E` (repeated for a list; `max` ranks; `single`: one rank, not a list).
   */
  | 'ranks'
  /** Free text. */
  | 'text'
  /** A list of objects (GBA units): edited as cards, no flag. */
  | 'list'
  /** A nested object (GBA leader): edited as a group, no flag. */
  | 'object';

interface Choice {
  readonly value: string;
  readonly label: string;
}

export interface FieldMeta {
  /** Short label for forms and tables, e.g. "Overlaps". */
  readonly label: string;
  /** One sentence for help texts and docs. */
  readonly help?: string;
  readonly kind: FieldKind;
  /**
   * Command-line flag name without the side prefix: side fields become `--a-<flag>` and `--b-<flag>`,
   * combat fields `--<flag>`. `false`: no flag (lists, nested objects). Default: the key in kebab case.
   */
  readonly flag?: string | false;
  /** `choice` fields: the values with their labels, in display order. */
  readonly choices?: readonly Choice[];
  /** `ranks` fields: the value is one rank (DBA `behind`), not a list. */
  readonly single?: boolean;
  /** `int` fields: bounds (default: read from the schema); `ranks` fields: most ranks. */
  readonly min?: number;
  readonly max?: number;
  /** Where a form puts it: in the main card (default) or behind "More circumstances". */
  readonly group?: 'main' | 'more';
  /** Only meaningful in these combat modes (hidden elsewhere in forms; listed in the docs). */
  readonly modes?: readonly string[];
  /**
   * Offered on forms only when this holds for the object the field is in (a side, a rank, a unit), e.g.
   * chariots only for Kn and Cv, or when the field is already set. Receives that object as situation-file
   * data and a function giving an element's troop type (from the system's catalogue).
   */
  readonly offer?: (side: Readonly<Record<string, unknown>>, typeOf: (element: string) => string) => boolean;
  /**
   * `choice` fields that may be left out to mean "none" (GBA's missile class): the label of that
   * option on forms. Fields without it that are left out take a default value, which forms show.
   */
  readonly none?: string;
  /**
   * A side's field the command line's element argument fills, for systems whose sides are not one
   * element (GBA: the first unit's type), so `odds --rules gba-5 PH HI` reads like the others.
   */
  readonly positional?: boolean;
}

/** The registry of field metadata (not the JSON Schema's global registry: `offer` is code). */
const FIELD_META = z.registry<FieldMeta>();

/** Attach metadata to a field schema; its help text becomes the JSON Schema description. */
export function field<T extends z.ZodType>(schema: T, meta: FieldMeta): T {
  const described = (meta.help ? schema.describe(meta.help) : schema) as T;
  FIELD_META.add(described, meta);
  return described;
}

type Wrapped = z.ZodType & { unwrap?: () => z.ZodType; def?: { innerType?: z.ZodType } };

/** The schema inside optional/default/nullable wrappers, and the first metadata found on the way. */
export function unwrapField(schema: z.ZodType): { inner: z.ZodType; meta: FieldMeta | undefined } {
  let s = schema as Wrapped;
  let meta = FIELD_META.get(s);
  for (let i = 0; i < 8; i++) {
    const inner = s.def?.innerType;
    if (!inner) break;
    s = inner as Wrapped;
    meta ??= FIELD_META.get(s);
  }
  return { inner: s, meta };
}

export interface FieldEntry {
  readonly key: string;
  readonly meta: FieldMeta;
  readonly schema: z.ZodType;
  /** The schema with wrappers removed (a ZodObject for kind 'object', a ZodArray for 'list'). */
  readonly inner: z.ZodType;
}

/** The described fields of an object schema, in declaration order (undescribed fields are skipped). */
export function fieldsOf(object: z.ZodType): FieldEntry[] {
  const { inner } = unwrapField(object);
  const shape = (inner as unknown as { shape?: Record<string, z.ZodType> }).shape;
  if (!shape) return [];
  const out: FieldEntry[] = [];
  for (const [key, schema] of Object.entries(shape)) {
    const u = unwrapField(schema);
    if (u.meta) out.push({ key, meta: u.meta, schema, inner: u.inner });
  }
  return out;
}

/** Bounds of an int field: the metadata's, else the schema's checks. */
export function boundsOf(entry: FieldEntry): { min: number; max: number } {
  // zod 4 number schemas expose their checks' bounds as minValue / maxValue (null when unbounded).
  const n = entry.inner as unknown as { minValue?: number | null; maxValue?: number | null };
  const finite = (x: number | null | undefined) =>
    typeof x === 'number' && Number.isFinite(x) ? x : undefined;
  return {
    min: entry.meta.min ?? finite(n.minValue) ?? 0,
    max: entry.meta.max ?? finite(n.maxValue) ?? Number.MAX_SAFE_INTEGER,
  };
}

/** The flag name of a field (without side prefix), or undefined when it has none. */
export function flagOf(entry: FieldEntry): string | undefined {
  if (entry.meta.flag === false) return undefined;
  if (entry.meta.kind === 'list' || entry.meta.kind === 'object') return undefined;
  return entry.meta.flag ?? entry.key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** A value that counts as not given: absent, false, 0. */
const unset = (v: unknown) => v === undefined || v === null || v === false || v === 0;

/**
 * The first field of a situation-file object that is given a value but means something only in other
 * combat modes (`aiders` in close combat): the rules would ignore it without a word, so callers refuse
 * it. `false`, 0 and absent values pass.
 */
export function fieldOutOfMode(
  format: { readonly combat: z.ZodType; readonly side: z.ZodType },
  input: Readonly<Record<string, unknown>>,
  mode: string,
): { readonly path: (string | number)[]; readonly modes: readonly string[] } | undefined {
  for (const e of fieldsOf(format.combat))
    if (e.meta.modes && !e.meta.modes.includes(mode) && !unset(input[e.key]))
      return { path: [e.key], modes: e.meta.modes };
  for (const id of ['a', 'b']) {
    const side = input[id];
    if (typeof side !== 'object' || side === null) continue;
    for (const e of fieldsOf(format.side)) {
      const v = (side as Record<string, unknown>)[e.key];
      if (e.meta.modes && !e.meta.modes.includes(mode) && !unset(v))
        return { path: [id, e.key], modes: e.meta.modes };
    }
  }
  return undefined;
}
