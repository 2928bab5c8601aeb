/**
 * A form edit can give a situation its rule set's parser rejects (shooting with no shooter, aiders on a
 * side that no longer shoots). No rule logic here: the parser decides, and its InputError names the
 * field (its path). The named field is dropped back to its default and the parser asked again; if that
 * cannot settle it, the edit is refused. Either way the parser's message is passed on. A field the parser
 * requires and the situation lacks is filled with the value the form shows (SettleHelp.fill).
 */
import { InputError, type FieldPath } from '../../core/errors.ts';
import type { SituationInput } from './types.ts';

interface Settled {
  /** The accepted situation file, or undefined when the edit is refused. */
  readonly input: SituationInput | undefined;
  /** The parser's message(s) when something was dropped or refused. */
  readonly note?: string;
}

const MAX_TRIES = 6;

/** Drop the field at a path (['a', 'rear', 0, 'weapon']); false when there is none. */
function dropPath(root: Record<string, unknown>, keys: FieldPath): boolean {
  if (keys.length === 0) return false;
  let node: unknown = root;
  for (const k of keys.slice(0, -1)) {
    if (node === null || typeof node !== 'object') return false;
    node = (node as Record<string, unknown>)[k];
  }
  const last = String(keys.at(-1));
  if (node === null || typeof node !== 'object' || !(last in node)) return false;
  if (Array.isArray(node)) node.splice(Number(last), 1);
  else delete (node as Record<string, unknown>)[last];
  return true;
}

/** What settle may also use: the form's value for a missing field, and messages in the user's words. */
export interface SettleHelp {
  /**
   * The value the form shows for a field the parser requires but the situation leaves out (GBA's range
   * when switching to missile fire): filled in rather than refusing the edit. Undefined: none.
   */
  readonly fill?: (path: FieldPath) => unknown;
  /** The parser's refusal in words ("A's first unit's hits: ..."); default its message. */
  readonly words?: (e: InputError) => string;
}

/** Set a field that is absent; false when it is present or its parent is missing. */
function fillPath(root: Record<string, unknown>, keys: FieldPath, value: unknown): boolean {
  if (keys.length === 0 || value === undefined) return false;
  let node: unknown = root;
  for (const k of keys.slice(0, -1)) {
    if (node === null || typeof node !== 'object') return false;
    node = (node as Record<string, unknown>)[k];
  }
  const last = String(keys.at(-1));
  if (node === null || typeof node !== 'object' || Array.isArray(node) || last in node) return false;
  (node as Record<string, unknown>)[last] = value;
  return true;
}

/** `normalise` parses and writes the minimal situation file; it throws an Error naming the field. */
export function settle(
  normalise: (x: unknown) => SituationInput,
  candidate: SituationInput,
  help: SettleHelp = {},
): Settled {
  const work = structuredClone(candidate) as Record<string, unknown>;
  const notes: string[] = [];
  for (let i = 0; i < MAX_TRIES; i++) {
    try {
      const input = normalise(work);
      return notes.length > 0 ? { input, note: `Reset to default: ${notes.join('; ')}` } : { input };
    } catch (e) {
      if (e instanceof InputError && fillPath(work, e.path, help.fill?.(e.path))) continue;
      const message = e instanceof InputError && help.words ? help.words(e) : (e as Error).message;
      notes.push(message);
      if (!(e instanceof InputError) || !dropPath(work, e.path))
        return { input: undefined, note: `Not allowed: ${message}` };
    }
  }
  return { input: undefined, note: `Not allowed: ${notes.at(-1) ?? ''}` };
}
