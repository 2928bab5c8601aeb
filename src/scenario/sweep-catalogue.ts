/**
 * A matrix side's sweep for a rule system that describes its elements as data (src/systems/registry.ts
 * ElementCatalogue: DBA 3.0, B&B 0.7): "all", notation strings parsed by the system's own parser, or
 * types x grades x regularities read off the catalogue. Only elements of the catalogue come out, so a
 * combination the rules forbid (a dash in B&B 0.7 Table 5.4) is skipped; a grade or regularity that no
 * selected type can have is an error, as for DBM (sweep.ts).
 */
import type { ElementCatalogue } from '../systems/registry.ts';
import { FieldError } from './errors.ts';
import type { SweepInput } from './schema.ts';

type Path = readonly (string | number)[];

const list = <T>(x: T | readonly T[]): readonly T[] => (Array.isArray(x) ? x : [x as T]);

/** Pick `wanted` out of `allowed` by case-insensitive name; errors name the entry and the choices. */
function pick(
  wanted: string | readonly string[],
  allowed: readonly string[],
  path: Path,
  refuse: (text: string) => string,
): Set<string> {
  const byLower = new Map(allowed.map((x) => [x.toLowerCase(), x]));
  return new Set(
    list(wanted).map((text, i) => {
      const hit = byLower.get(text.toLowerCase());
      if (hit === undefined) throw new FieldError(Array.isArray(wanted) ? [...path, i] : path, refuse(text));
      return hit;
    }),
  );
}

/**
 * Every element of a sweep, in the catalogue's order. `system` names the rule system in messages
 * ("DBA 3.0").
 */
export function expandCatalogueSweep<E>(
  input: SweepInput,
  path: Path,
  catalogue: ElementCatalogue<E>,
  system: string,
): E[] {
  if (input === 'all') return [...catalogue.all()];
  if (Array.isArray(input)) {
    return input.map((text, i) => {
      try {
        return catalogue.parse(text);
      } catch (e) {
        if (e instanceof Error) throw new FieldError([...path, i], e.message);
        throw e;
      }
    });
  }
  const sel = input as Exclude<SweepInput, readonly string[] | 'all'>;
  const typeNames = catalogue.types;
  const types =
    sel.type === 'all'
      ? new Set(typeNames)
      : pick(
          sel.type,
          typeNames,
          [...path, 'type'],
          (t) => `"${t}" is not a ${system} troop type (${typeNames.join(', ')}, or "all")`,
        );
  let legal = catalogue.all().filter((e) => catalogue.typesOf(e).some((t) => types.has(t)));
  const typeList = [...types].join(', ');
  for (const key of ['grade', 'reg'] as const) {
    const wanted = sel[key];
    if (wanted === undefined || wanted === 'all') continue;
    const what = key === 'grade' ? 'grade' : 'regularity';
    const axis = catalogue[key];
    if (!axis) throw new FieldError([...path, key], `${system} elements have no ${what}: sweep by type only`);
    const allowed = axis.all.filter((g) => legal.some((e) => axis.of(e) === g));
    const chosen = pick(
      wanted,
      allowed,
      [...path, key],
      (g) => `"${g}" is not a ${what} of ${typeList} (${allowed.join(', ')})`,
    );
    legal = legal.filter((e) => chosen.has(axis.of(e)));
  }
  if (legal.length === 0) throw new FieldError(path, `selects no element the ${system} rules allow`);
  return legal;
}
