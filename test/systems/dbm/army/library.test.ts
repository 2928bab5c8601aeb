/**
 * The bundled reference armies (armies/*.yaml): every file loads, has 2 to 4 commands with one C-in-C
 * (DBM 3.2 p.10 Army Size), and fits 400 AP (and 500) under DBM 3.0 and 3.2 with no further fill element
 * fitting; the families the project promises are there; legionary armies get more legionaries under 3.2.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FittedArmy } from '../../../../src/core/army.ts';
import { readStructuredFile } from '../../../../src/pipeline/structured-file.ts';
import { fitArmy } from '../../../../src/systems/dbm/army/build.ts';

const DIR = join(import.meta.dirname, '..', '..', '..', '..', 'armies');
const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.yaml'))
  .sort();
const load = (f: string) => readStructuredFile(join(DIR, f)).data;
const count = (a: FittedArmy, element: string) =>
  a.commands
    .flatMap((c) => [...c.troops, { element: c.general.element, count: 1 }])
    .filter((t) => t.element === element)
    .reduce((s, t) => s + t.count, 0);

describe('the reference armies', () => {
  it('number at least 16 and cover the eras and type families', () => {
    expect(files.length).toBeGreaterThanOrEqual(16);
    for (const name of [
      'polybian-roman',
      'marian-roman',
      'early-imperial-roman',
      'middle-imperial-roman',
      'later-hoplite-greek',
      'alexandrian-macedonian',
      'seleucid',
      'gallic',
      'early-german',
      'parthian',
      'sassanid',
      'hunnic',
      'mongol',
      'arab-conquest',
      'norman',
      'feudal-french',
      'hussite',
      'classical-indian',
      'ottoman',
      'english-longbow',
    ])
      expect(files).toContain(`${name}.yaml`);
    const v32 = { version: 'dbm-3.2' };
    expect(count(fitArmy(load('seleucid.yaml'), v32), 'Irr El(S)')).toBeGreaterThan(0);
    expect(count(fitArmy(load('arab-conquest.yaml'), v32), 'Irr Cm(O)')).toBeGreaterThan(0);
    expect(count(fitArmy(load('hussite.yaml'), v32), 'Reg WWg(O)')).toBeGreaterThan(0);
    expect(count(fitArmy(load('english-longbow.yaml'), v32), 'Reg Bw(S)')).toBeGreaterThan(0);
  });

  describe.each(files)('%s', (file) => {
    const content = load(file) as { budget?: number; list: string; choices: unknown };

    it('names its list and its choices, and is built for 400 AP', () => {
      expect(content.list).toMatch(/Book [1-4]/);
      expect(content.choices).toBeTruthy();
      expect(content.budget ?? 400).toBe(400);
    });

    it.each([
      ['dbm-3.0', 400],
      ['dbm-3.2', 400],
      ['dbm-3.0', 500],
      ['dbm-3.2', 500],
    ] as const)('fits %s at %i AP', (version, budget) => {
      const a = fitArmy(content, { version }, budget);
      expect(a.ap).toBeLessThanOrEqual(budget);
      expect(a.commands.length).toBeGreaterThanOrEqual(2);
      expect(a.commands.length).toBeLessThanOrEqual(4);
      expect(a.commands.filter((c) => c.general.role === 'c-in-c')).toHaveLength(1);
      expect(a.commands.reduce((s, c) => s + c.victoryPoints, 0)).toBe(5);
      // No further fill element fits in what is left.
      const fills = a.commands.flatMap((c) => c.troops).filter((t) => t.fill);
      expect(fills.length).toBeGreaterThan(0);
      for (const t of fills) expect(t.ap).toBeGreaterThan(budget - a.ap);
      // The totals add up.
      expect(a.ap).toBeCloseTo(
        a.commands.reduce((s, c) => s + c.general.ap + c.troops.reduce((x, t) => x + t.count * t.ap, 0), 0),
        9,
      );
    });
  });

  it.each(['polybian-roman', 'marian-roman', 'early-imperial-roman', 'middle-imperial-roman'])(
    '%s fields more legionaries at 400 AP under 3.2 than under 3.0',
    (name) => {
      const content = load(`${name}.yaml`);
      const bd30 = count(fitArmy(content, { version: 'dbm-3.0' }), 'Reg Bd(O)');
      const bd32 = count(fitArmy(content, { version: 'dbm-3.2' }), 'Reg Bd(O)');
      expect(bd32).toBeGreaterThan(bd30);
    },
  );

  it('an army without Reg Bd, Reg Ax or Irr Bd(I) is the same under 3.0 and 3.2 (only those costs changed)', () => {
    const changed = /Reg Bd|Reg Ax|Irr Bd\(I\)/;
    let unchanged = 0;
    for (const f of files) {
      const a30 = fitArmy(load(f), { version: 'dbm-3.0' });
      const a32 = fitArmy(load(f), { version: 'dbm-3.2' });
      if (a32.commands.some((c) => [c.general, ...c.troops].some((t) => changed.test(t.element)))) continue;
      unchanged++;
      expect(a30.commands).toEqual(a32.commands);
    }
    expect(unchanged).toBeGreaterThan(8);
  });
});
