/**
 * A matrix side's sweep of elements, for any rule system with a catalogue: "all", notation strings
 * parsed by the system's own parser, or types x grades x regularities read off the catalogue, where a
 * type may also be one of the catalogue's groups ("land": DBM's every type but naval). Only elements of
 * the catalogue come out, so a combination the rules forbid (a dash in a cost table) is skipped; a grade
 * or regularity that no selected type can have is an error naming the choices.
 */
import { z } from 'zod';
import { InputError, type FieldPath } from '../../core/errors.ts';
import { parseWithHint, suggestion } from '../../core/suggest.ts';
import type { Catalogue } from '../../core/system.ts';

const oneOrMany = <T extends z.ZodType>(item: T, what: string) =>
  z.union([item, z.array(item).min(1)], { error: `expected ${what} or a list of them` });

/** Which elements a matrix sweeps. */
export const sweepSchema = z.union(
  [
    z.literal('all').describe('Every element the rules allow'),
    z
      .array(z.string())
      .min(1)
      .max(1000)
      .describe('Elements in the rule system\'s notation, e.g. ["Reg Bd(O)", "Irr Wb(S)"] or ["4Bd", "3Kn"]'),
    z
      .object({
        type: oneOrMany(z.string(), 'a troop type, "all" or a group such as "land"').describe(
          '"all", a group ("land": DBM every type but naval) or troop types',
        ),
        grade: oneOrMany(z.string(), 'a grade or "all"')
          .optional()
          .describe(
            'Grades (e.g. S, O, I, F, X) or "all" (default); combinations the rules forbid are skipped',
          ),
        reg: oneOrMany(z.string(), 'a regularity (Reg, Irr) or "all"')
          .optional()
          .describe('Regularity: Reg, Irr or "all" (default)'),
      })
      .strict(),
  ],
  { error: 'expected "all", a list of elements or {type, grade, reg}' },
);

type SweepInput = z.output<typeof sweepSchema>;

const list = <T>(x: T | readonly T[]): readonly T[] => (Array.isArray(x) ? x : [x as T]);

/** Pick `wanted` out of `allowed` by case-insensitive name; errors name the entry and the choices. */
function pick(
  wanted: string | readonly string[],
  allowed: readonly string[],
  path: FieldPath,
  refuse: (text: string) => string,
): Set<string> {
  const byLower = new Map(allowed.map((x) => [x.toLowerCase(), x]));
  return new Set(
    list(wanted).map((text, i) => {
      const hit = byLower.get(text.toLowerCase());
      if (hit === undefined) {
        const hint = suggestion(text, allowed);
        throw new InputError(`${refuse(text)}${hint ? `; did you mean "${hint}"?` : ''}`, {
          path: Array.isArray(wanted) ? [...path, i] : path,
        });
      }
      return hit;
    }),
  );
}

/** Every element of a sweep, in the catalogue's order. `system` names the rule system in messages. */
export function expandSweep<E>(
  input: SweepInput,
  path: FieldPath,
  catalogue: Catalogue<E>,
  system: string,
): E[] {
  if (input === 'all') return [...catalogue.all()];
  if (Array.isArray(input)) {
    return input.map((text, i) => {
      try {
        return parseWithHint(
          (t) => catalogue.parse(t),
          text,
          () => catalogue.all().map((x) => catalogue.format(x)),
        );
      } catch (e) {
        if (e instanceof InputError) throw e.within([...path, i]);
        throw e;
      }
    });
  }
  const sel = input as Exclude<SweepInput, readonly string[] | 'all'>;
  const typeNames = catalogue.types.map((t) => t.id);
  const groups = catalogue.groups ?? {};
  const groupNames = Object.keys(groups);
  const filters = list(sel.type).map((text, i): ((e: E) => boolean) => {
    const lower = text.toLowerCase();
    if (lower === 'all') return () => true;
    const group = groups[lower];
    if (group) return group;
    const at = Array.isArray(sel.type) ? [...path, 'type', i] : [...path, 'type'];
    const type = [
      ...pick(
        text,
        typeNames,
        at,
        (t) =>
          `"${t}" is not a ${system} troop type (${typeNames.join(', ')}${groupNames.map((g) => `, "${g}"`).join('')} or "all")`,
      ),
    ][0]!;
    return (e) => catalogue.typesOf(e).includes(type);
  });
  let legal = catalogue.all().filter((e) => filters.some((f) => f(e)));
  const typeList = list(sel.type).join(', ');
  for (const key of ['grade', 'reg'] as const) {
    const wanted = sel[key];
    if (wanted === undefined || wanted === 'all') continue;
    const what = key === 'grade' ? 'grade' : 'regularity';
    const axis = catalogue[key];
    if (!axis)
      throw new InputError(`${system} elements have no ${what}: sweep by type only`, {
        path: [...path, key],
      });
    const allowed = axis.all.filter((g) => legal.some((e) => axis.of(e) === g));
    const chosen = pick(
      wanted,
      allowed,
      [...path, key],
      (g) => `"${g}" is not a ${what} of ${typeList} (${allowed.join(', ')})`,
    );
    legal = legal.filter((e) => chosen.has(axis.of(e)));
  }
  if (legal.length === 0) throw new InputError(`selects no element the ${system} rules allow`, { path });
  return legal;
}

/** An element written in the system's notation, in the catalogue's own spelling (InputError at `path`). */
export function canonicalElement(catalogue: Catalogue, text: string, path: FieldPath): string {
  try {
    return catalogue.format(catalogue.parse(text));
  } catch (e) {
    if (e instanceof InputError) throw e.within(path);
    throw e;
  }
}
