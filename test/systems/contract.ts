/**
 * The checks every rule system's module must pass (core/system.ts): used by each system's module test
 * and by the fixture system's test. Real numbers: each check compares two independent ways of getting
 * the same thing (parse and format, enumeration and the exact hook, a situation and its minimal input).
 */
import { expect } from 'vitest';
import { enumerate } from '../../src/core/exact.ts';
import { InputError } from '../../src/core/errors.ts';
import { fieldsOf } from '../../src/core/fields.ts';
import type { AnySystem } from '../../src/core/system.ts';

export function checkSystemContract(system: AnySystem): void {
  // Versions and outcomes.
  expect(system.versions.length).toBeGreaterThan(0);
  const newest = system.versions[system.versions.length - 1]!.id;
  const variant = system.variant({ version: newest });
  expect(system.outcomes.map((o) => o.id)).toEqual([...variant.ruleset.outcomes]);
  expect(system.outcomes.filter((o) => !o.effect)).toHaveLength(1);
  expect(system.source).toMatch(/^file:.*index\.ts$/);

  // Every field of a side and of the combat row carries metadata.
  const side = fieldsOf(system.situation.side);
  expect(side.length).toBeGreaterThan(0);
  const sideKeys = Object.keys((system.situation.side as unknown as { shape: object }).shape);
  expect(side.map((f) => f.key)).toEqual(sideKeys);
  const combatKeys = Object.keys((system.situation.combat as unknown as { shape: object }).shape);
  expect(fieldsOf(system.situation.combat).map((f) => f.key)).toEqual(combatKeys);

  // The example parses; its minimal input parses to the same situation.
  for (const v of system.versions) {
    const sv = system.variant({ version: v.id });
    const s = sv.parseSituation(system.situation.example(v.id));
    const again = sv.parseSituation(system.situation.toInput(s));
    expect(again).toEqual(s);
    // The exact hook, where there is one, agrees with enumerating every combination of dice.
    if (sv.ruleset.exact) {
      const d = sv.ruleset.exact(s);
      const dice = sv.ruleset.dice(s);
      if (dice.reduce((n, x) => n * x.sides, 1) <= 100_000) {
        const e = enumerate(sv.ruleset, s);
        expect(d.joint).toEqual(e.joint);
      }
    }
  }

  // A bad situation is an InputError naming the field.
  const bad = { ...system.situation.example(newest), a: 7 };
  expect(() => variant.parseSituation(bad)).toThrow(InputError);
  try {
    variant.parseSituation(bad);
  } catch (e) {
    expect((e as InputError).path[0]).toBe('a');
  }
  // An unknown version is refused.
  expect(() => system.variant({ version: `${system.id}-99` })).toThrow(InputError);

  // The catalogue: every element round-trips through its notation; nonsense is an InputError.
  const c = system.catalogue;
  if (c) {
    const all = c.all();
    expect(all.length).toBeGreaterThan(0);
    for (const e of all) expect(c.parse(c.format(e))).toEqual(e);
    expect(() => c.parse('no such element')).toThrow(InputError);
    const types = new Set(c.types.map((t) => t.id));
    for (const e of all) expect(types.has(c.typesOf(e)[0]!)).toBe(true);
    if (variant.cost) {
      const priced = all.filter((e) => variant.cost!(e) !== undefined);
      if (priced.length > 0) {
        const e = priced[0]!;
        const key = c.format(e);
        const house = system.variant({ version: newest, costs: { [key]: 123 } });
        expect(house.cost!(e)).toBe(123);
        expect(() => system.variant({ version: newest, costs: { 'no such element': 1 } })).toThrow(
          InputError,
        );
      }
    }
  }
}
