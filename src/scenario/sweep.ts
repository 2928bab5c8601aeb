/**
 * A matrix side's sweep of elements: notation strings, or types x grades x regularities where "all"
 * and "land" (every type but naval, DBM 3.2 p.3) stand for lists. Combinations the element cost table
 * forbids (DBM 3.2 p.10, a dash) are skipped; a grade no selected type can have is an error.
 */
import { allElements, NotationError, parseElement } from '../systems/dbm/notation.ts';
import {
  GRADES,
  isNaval,
  REGULARITIES,
  TROOP_TYPES,
  type Element,
  type TroopType,
} from '../systems/dbm/troops.ts';
import { FieldError } from './errors.ts';
import type { SweepInput } from './schema.ts';

type Path = readonly (string | number)[];

const TYPE_BY_LOWER = new Map<string, TroopType>(TROOP_TYPES.map((t) => [t.toLowerCase(), t]));
const list = <T>(x: T | readonly T[]): readonly T[] => (Array.isArray(x) ? x : [x as T]);

function typesOf(input: string | readonly string[], path: Path): TroopType[] {
  if (input === 'all') return [...TROOP_TYPES];
  if (input === 'land') return TROOP_TYPES.filter((t) => !isNaval(t));
  return list(input).map((text, i) => {
    const t = TYPE_BY_LOWER.get(text.toLowerCase());
    if (!t) {
      const at = Array.isArray(input) ? [...path, i] : path;
      throw new FieldError(
        at,
        `"${text}" is not a DBM troop type (${TROOP_TYPES.join(', ')}, or "all", "land")`,
      );
    }
    return t;
  });
}

/** Every element of a DBM sweep, in the cost table's order (type, regularity, grade). */
export function expandSweep(input: SweepInput, path: Path): Element[] {
  if (input === 'all') return allElements();
  if (Array.isArray(input)) {
    return input.map((text, i) => {
      try {
        return parseElement(text);
      } catch (e) {
        if (e instanceof NotationError) throw new FieldError([...path, i], e.message);
        throw e;
      }
    });
  }
  const sel = input as Exclude<SweepInput, readonly string[] | 'all'>;
  const types = new Set(typesOf(sel.type, [...path, 'type']));
  const legal = allElements().filter((e) => types.has(e.type));
  const gradesAllowed = GRADES.filter((g) => legal.some((e) => e.grade === g));
  let grades: Set<string> = new Set(gradesAllowed);
  if (sel.grade !== undefined && sel.grade !== 'all') {
    const raw = list(sel.grade);
    grades = new Set(
      raw.map((g, i) => {
        const up = g.toUpperCase();
        if (!gradesAllowed.includes(up as (typeof GRADES)[number])) {
          const at = Array.isArray(sel.grade) ? [...path, 'grade', i] : [...path, 'grade'];
          throw new FieldError(
            at,
            `"${g}" is not a grade of ${[...types].join(', ')} (${gradesAllowed.join(', ')})`,
          );
        }
        return up;
      }),
    );
  }
  const regs = new Set<string>(sel.reg === undefined || sel.reg === 'all' ? REGULARITIES : list(sel.reg));
  const out = legal.filter((e) => grades.has(e.grade) && regs.has(e.reg));
  if (out.length === 0)
    throw new FieldError(path, 'selects no element the rules allow (see the element cost table)');
  return out;
}
