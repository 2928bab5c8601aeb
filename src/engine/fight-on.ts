/**
 * "Fight on" (docs/situation.md "Several bounds") for the command line and the web page: a system's
 * multi-bound odds, and when its engagement model cannot carry parts of the situation, every such part
 * named at once, in the user's words ("A's general and B's overlaps"), instead of the first one found as
 * a field path. The model decides what it carries (EngagementModel.boundsOdds throws an InputError with
 * the path of one field it refuses); this only asks it again without that field until it answers. No
 * rule here.
 */
import type { BoundsOdds, BoundsRequest } from '../core/bounds.ts';
import { InputError, type FieldPath } from '../core/errors.ts';
import { fieldWords, valueAtPath } from '../core/field-words.ts';
import type { AnySystem, Variant } from '../core/system.ts';

/** Most fields tried away before giving up (a situation has far fewer). */
const MOST = 40;

/** A copy of a situation-file object without the field at `path`. */
function without(input: Readonly<Record<string, unknown>>, path: FieldPath): Record<string, unknown> {
  const copy = structuredClone(input) as Record<string, unknown>;
  const parent = valueAtPath(copy, path.slice(0, -1));
  if (Array.isArray(parent) && typeof path.at(-1) === 'number') parent.splice(path.at(-1) as number, 1);
  else if (typeof parent === 'object' && parent !== null)
    delete (parent as Record<string, unknown>)[path.at(-1)!];
  return copy;
}

/** "A's general", "B's overlaps (1)", "combat (shooting)": a field and, unless it is a switch, its value. */
export function fieldWithValue(system: AnySystem, input: unknown, path: FieldPath): string {
  const v = valueAtPath(input, path);
  const value = v === true || v === undefined || typeof v === 'object' ? '' : ` (${String(v)})`;
  // Mid-sentence: "combat", but "A's general".
  const words = fieldWords(system, path).replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase());
  return `${words}${value}`;
}

/** "a, b and c". */
const and = (xs: readonly string[]): string =>
  xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`;

/**
 * The multi-bound odds of a situation under its system's engagement model; throws one InputError (no
 * path) naming every part of the situation the model cannot carry, grouped by the model's reason.
 * `name` says a field in the caller's words (default: fieldWithValue). Errors of the request itself
 * (['bounds'], ['options', ...], ['distance']) and of the situation's own parser pass through unchanged.
 */
export function fightOn(
  system: AnySystem,
  variant: Variant,
  input: Readonly<Record<string, unknown>>,
  request: BoundsRequest,
  name: (path: FieldPath, input: unknown) => string = (p, i) => fieldWithValue(system, i, p),
): BoundsOdds {
  const model = system.engagement;
  if (!model?.boundsOdds) throw new InputError(`${system.name} has no engagement model to fight on with`);
  const refused: { path: FieldPath; detail: string }[] = [];
  let current: Record<string, unknown> = { ...input };
  for (let i = 0; i < MOST; i++) {
    try {
      const odds = model.boundsOdds(current, variant, request);
      if (refused.length === 0) return odds;
      break;
    } catch (e) {
      const head = e instanceof InputError ? e.path[0] : undefined;
      if (
        !(e instanceof InputError) ||
        head === undefined ||
        head === 'bounds' ||
        head === 'options' ||
        head === 'distance'
      )
        throw e;
      if (refused.length === 0) variant.parseSituation(input); // a bad situation says so itself
      refused.push({ path: e.path, detail: e.detail });
      let next = without(current, e.path);
      // Leaving a field out may leave others meaningless (a shooter's aiders once the combat is close
      // combat): those go too, unnamed. When that does not settle, the list so far is all there is.
      let settled = false;
      for (let k = 0; k < 4 && !settled; k++) {
        try {
          variant.parseSituation(next);
          settled = true;
        } catch (p) {
          if (!(p instanceof InputError) || p.path.length === 0) break;
          next = without(next, p.path);
        }
      }
      if (!settled) break;
      current = next;
    }
  }
  const reasons = new Map<string, string[]>();
  for (const r of refused) reasons.set(r.detail, [...(reasons.get(r.detail) ?? []), name(r.path, input)]);
  throw new InputError(
    `Fight on cannot model ${[...reasons].map(([detail, names]) => `${and(names)}: ${detail}`).join('; ')}`,
  );
}
