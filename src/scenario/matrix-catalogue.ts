/**
 * The MatrixSystem of a rule system that lists its elements in the registry (src/systems/registry.ts
 * ElementCatalogue: DBA 3.0, B&B 0.7). The context is a situation in that system's own format without
 * the elements; every cell is that context with the cell's two elements, run through the system's own
 * situation parser, so a bad field is refused with its path (and the cell it failed in).
 */
import type { RuleSystem } from '../systems/registry.ts';
import { FieldError } from './errors.ts';
import { asField } from './field.ts';
import type { MatrixSystem } from './matrix.ts';
import { expandCatalogueSweep } from './sweep-catalogue.ts';

type Path = readonly (string | number)[];
type Fields = Readonly<Record<string, unknown>>;

const isMapping = (x: unknown): x is Fields => typeof x === 'object' && x !== null && !Array.isArray(x);

/** A matrix system for `system` under the rules id `rules`, or undefined if it lists no elements. */
export function catalogueMatrixSystem(system: RuleSystem, rules: string): MatrixSystem<unknown> | undefined {
  const catalogue = system.elements;
  if (!catalogue) return undefined;
  const name = system.name(rules);
  const deep = catalogue.depth;

  /** One context side: its fields, less `depth`, checked for what the sweep and `depth` decide. */
  function sideOf(context: Fields, id: 'a' | 'b', path: Path): { fields: Fields; depth: number } {
    const at = [...path, 'context', id];
    const raw = context[id];
    if (raw === undefined) return { fields: {}, depth: 1 };
    if (!isMapping(raw)) throw new FieldError(at, 'expected a mapping of side fields');
    const { depth, element, ...fields } = raw;
    if (element !== undefined)
      throw new FieldError([...at, 'element'], 'the sweep gives each cell its element: leave it out here');
    if (depth === undefined) return { fields, depth: 1 };
    if (!deep) throw new FieldError([...at, 'depth'], `${name} has no ranks behind an element`);
    if (typeof depth !== 'number' || !Number.isInteger(depth) || depth < 1 || depth > deep.max)
      throw new FieldError([...at, 'depth'], `expected a whole number from 1 to ${deep.max}`);
    if (fields[deep.field] !== undefined)
      throw new FieldError([...at, 'depth'], `give depth or ${deep.field}, not both`);
    return { fields, depth };
  }

  return {
    sweep: (input, path) => expandCatalogueSweep(input, path, catalogue, name),
    format: catalogue.format,
    ...(catalogue.cost ? { cost: catalogue.cost } : {}),
    ruleset: system.ruleset,
    prepare: (context, path) => {
      const ctx = context ?? {};
      if (ctx.rules !== undefined)
        throw new FieldError(
          [...path, 'context', 'rules'],
          `every cell is under the scenario's rules (${rules})`,
        );
      const sa = sideOf(ctx, 'a', path);
      const sb = sideOf(ctx, 'b', path);
      const { a: _a, b: _b, ...shared } = ctx;
      const side = (s: { fields: Fields; depth: number }, notation: string): Fields => ({
        ...s.fields,
        element: notation,
        ...(deep && s.depth > 1 ? { [deep.field]: deep.value(notation, s.depth) } : {}),
      });
      return (ea, eb) => {
        const a = catalogue.format(ea);
        const b = catalogue.format(eb);
        const input = { ...system.defaults, ...shared, rules, a: side(sa, a), b: side(sb, b) };
        return asField([...path, 'context'], () => system.parseSituation(input), `cell ${a} v ${b}`);
      };
    },
  };
}
