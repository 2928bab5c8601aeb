/**
 * A matchup in words, for the copied line, the what-if lines and file names: its version and combat
 * ("DBM 3.2 close combat, A's bound", the title `debellator odds` prints) and the circumstances it sets
 * ("A's general", "B's overlaps (1)", "B's rear (Irr Wb(S))"), read off the minimal situation-file
 * object with the field metadata. No rule here.
 */
import type { FieldPath } from '../../core/errors.ts';
import { fieldWords } from '../../core/field-words.ts';
import { fieldsOf, type FieldEntry } from '../../core/fields.ts';
import type { AnySystem, Variant } from '../../core/system.ts';

type Json = Readonly<Record<string, unknown>>;

/** Top-level fields the title already says. */
const IN_TITLE = new Set(['rules', 'mode', 'bound']);

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The item schema of a list field, or undefined. */
const itemOf = (e: FieldEntry | undefined) =>
  (e?.inner as unknown as { element?: never } | undefined)?.element;

/** A value in a few words: a switch says nothing, a list its items, a rank its element. */
function valueWords(v: unknown): string {
  if (v === true) return '';
  if (Array.isArray(v))
    return ` (${v.map((x) => (isObject(x) ? String(x.element ?? '') : String(x))).join(', ')})`;
  if (isObject(v)) return isObject(v) && typeof v.element === 'string' ? ` (${v.element})` : '';
  return ` (${String(v)})`;
}

/**
 * Every circumstance a side object sets, in words: its element, a unit's name and type and the fields
 * every side gives left out.
 */
function sideWords(system: AnySystem, side: Json, path: FieldPath, schema: unknown): string[] {
  const entries = schema ? fieldsOf(schema as never) : [];
  return Object.entries(side).flatMap(([key, v]): string[] => {
    const entry = entries.find((e) => e.key === key);
    const kind = entry?.meta.kind;
    if (kind === 'element' || kind === 'text' || entry?.meta.positional) return [];
    const at = [...path, key];
    // A list of objects (GBA units): each item's own circumstances.
    if (kind === 'list' && Array.isArray(v))
      return v.flatMap((item, i) =>
        isObject(item) ? sideWords(system, item, [...at, i], itemOf(entry)) : [],
      );
    if (kind === 'object' && isObject(v)) return sideWords(system, v, at, entry?.inner);
    // A field every side must give (a GBA unit's TQ and Size) names the side, as its description does.
    if (entry && !entry.schema.safeParse(undefined).success) return [];
    return [`${fieldWords(system, at)}${valueWords(v)}`];
  });
}

/** The title and circumstances of a parsed situation and its minimal situation-file object. */
export function describeMatchup(
  system: AnySystem,
  variant: Variant,
  situation: unknown,
  minimal: Json,
): { readonly title: string; readonly circumstances: readonly string[] } {
  const bound = (situation as { bound?: unknown }).bound;
  const title = `${variant.name} ${system.situation.modeName(situation)}${typeof bound === 'string' ? `, ${bound.toUpperCase()}'s bound` : ''}`;
  const combat = Object.entries(minimal)
    .filter(([k]) => !IN_TITLE.has(k) && k !== 'a' && k !== 'b')
    .map(
      ([k, v]) =>
        `${fieldWords(system, [k]).replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase())}${valueWords(v)}`,
    );
  const sides = (['a', 'b'] as const).flatMap((id) =>
    isObject(minimal[id]) ? sideWords(system, minimal[id], [id], system.situation.side) : [],
  );
  return { title, circumstances: [...combat, ...sides] };
}
