/**
 * A situation field path in the user's words, from the field metadata (fields.ts): ['a', 'units', 0,
 * 'hits'] reads "A's first unit's hits", ['mode'] "combat". The command line and the web page say
 * where a problem is this way rather than with the internal path.
 */
import type { z } from 'zod';
import type { FieldPath } from './errors.ts';
import { InputError } from './errors.ts';
import { fieldsOf, unwrapField, type FieldEntry } from './fields.ts';
import { elementHint } from './suggest.ts';
import type { AnySystem } from './system.ts';

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'];

/** "Hits" -> "hits"; "TQ" stays. */
function lower(label: string): string {
  return /^[A-Z][A-Z]/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

/** One of a list: "Units" -> "unit", "Ranks behind" -> "rank behind". */
function singular(label: string): string {
  const words = lower(label).split(' ');
  const i = words.length > 1 && words[0]!.endsWith('s') ? 0 : words.length - 1;
  words[i] = words[i]!.replace(/s$/, '');
  return words.join(' ');
}

/** The object schema inside a list item or a rank (a union of notation and an object). */
function objectOf(schema: z.ZodType): z.ZodType | undefined {
  const inner = unwrapField(schema).inner as unknown as { shape?: unknown; options?: z.ZodType[] };
  if (inner.shape) return inner as unknown as z.ZodType;
  return inner.options?.map((o) => unwrapField(o).inner).find((o) => (o as { shape?: unknown }).shape);
}

const itemSchema = (e: FieldEntry): z.ZodType | undefined =>
  (e.inner as unknown as { element?: z.ZodType }).element;

/**
 * The words for a path: "A's going", "A's first unit's hits", "B's second rank behind", "combat".
 * Parts the metadata does not describe are kept as written.
 */
export function fieldWords(system: AnySystem, path: FieldPath): string {
  const [head, ...rest] = path;
  const side = head === 'a' || head === 'b';
  let schema: z.ZodType | undefined = side ? system.situation.side : system.situation.combat;
  const parts: string[] = side ? [`${String(head).toUpperCase()}'s`] : [];
  const keys = side ? rest : path;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const entry: FieldEntry | undefined = schema ? fieldsOf(schema).find((e) => e.key === key) : undefined;
    if (!entry) {
      parts.push(String(key));
      schema = undefined;
      continue;
    }
    const next = keys[i + 1];
    if (typeof next === 'number' && (entry.meta.kind === 'list' || entry.meta.kind === 'ranks')) {
      parts.push(`${ORDINALS[next] ?? `${next + 1}th`} ${singular(entry.meta.label)}`);
      const item = itemSchema(entry);
      schema = item ? objectOf(item) : undefined;
      i++;
    } else if (entry.meta.kind === 'ranks' && entry.meta.single) {
      parts.push(singular(entry.meta.label));
      schema = objectOf(entry.inner);
    } else {
      parts.push(lower(entry.meta.label));
      schema = entry.meta.kind === 'object' ? entry.inner : undefined;
    }
  }
  if (parts.length === 1 && side) return `Side ${String(head).toUpperCase()}`;
  // "A's" + "first unit" + "hits" -> "A's first unit's hits".
  return parts
    .map((p, i) => (i > 0 && i < parts.length - 1 && !p.endsWith("'s") ? `${p}'s` : p))
    .join(' ')
    .replace(/^./, (c) => c.toUpperCase());
}

/**
 * A situation parser's refusal in the user's words: "A's first unit's hits: must be below its TQ of 7
 * (10.14)". `flag`, when given, names how the user set the field (`--a-hits`). Errors located in a file
 * keep their path: there it is what the user wrote.
 */
export function inWords(
  system: AnySystem,
  e: InputError,
  flag?: (path: FieldPath) => string | undefined,
): string {
  if (e.file !== undefined || e.path.length === 0) return e.message;
  const f = flag?.(e.path);
  return `${fieldWords(system, e.path)}${f ? ` (${f})` : ''}: ${e.detail}`;
}

/** Does a path name an element in notation (a side's element, a rank behind, an element of a list)? */
function isElementPath(system: AnySystem, path: FieldPath): boolean {
  const [head, ...rest] = path;
  if (head !== 'a' && head !== 'b') return false;
  const key = rest[0];
  const entry = fieldsOf(system.situation.side).find((e) => e.key === key);
  if (!entry) return false;
  if (entry.meta.kind === 'element') return rest.length === 1;
  if (entry.meta.kind !== 'ranks') return false;
  // The rank itself (notation), or its `element`.
  const tail = rest.slice(1).filter((p) => typeof p !== 'number');
  return tail.length === 0 || (tail.length === 1 && tail[0] === 'element');
}

/** The value at a path of a situation-file object. */
export function valueAtPath(root: unknown, path: FieldPath): unknown {
  let v = root;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string | number, unknown>)[k];
  }
  return v;
}

/**
 * A refused element notation with the catalogue's nearest one as a "did you mean" ("Reg Bld(O)": did you
 * mean "Reg Bd(O)"?), when the error names an element of `input` and one is near; else the error itself.
 */
export function withElementHint(system: AnySystem, e: InputError, input: unknown): InputError {
  const c = system.catalogue;
  const given = valueAtPath(input, e.path);
  if (!c || typeof given !== 'string' || !isElementPath(system, e.path)) return e;
  const hint = elementHint(
    given,
    c.all().map((x) => c.format(x)),
  );
  return hint ? new InputError(`${e.detail}${hint}`, { path: e.path }) : e;
}
