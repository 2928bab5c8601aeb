/**
 * A line is laid out once and placed wherever it meets an enemy (prepare.ts sideOf, placeSide): only its
 * column-indexed arrays move; everything else is shared with the side laid out at column 0.
 */
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import type { AnySystem } from '../../../src/core/system.ts';
import type { LinesConfig, LinesModel } from '../../../src/engine/lines/index.ts';
import { placeSide, prepared } from '../../../src/engine/lines/prepare.ts';
import { systemOfRules } from '../../../src/systems/registry.ts';

const dbm = systemOfRules('dbm-3.2') as AnySystem;
const model = dbm.engagement as LinesModel<unknown>;
const variant = dbm.variant({ version: 'dbm-3.2' });
const setting = { boundLimit: 30, first: 'alternate' as const, options: {} };
// 11 blades 2 deep: 6 files (the last one rank deep); the enemy's count sets the battle's width.
const lineUp = (enemies: number) =>
  model.lineUp!(
    variant,
    { element: 'Reg Bd(O)', count: 11, depth: 2 },
    { element: 'Reg Ax(O)', count: enemies, depth: 1 },
    setting,
  ) as LinesConfig;

describe('placing a laid-out side', () => {
  it('against 4 auxilia the blades stand at column 0 of 6; against 9, at column 1 of 8', () => {
    const narrow = lineUp(4);
    const wide = lineUp(9);
    // The same line object in both line-ups (index.ts lineUp: one per element, count, depth, width).
    expect(wide.a).toBe(narrow.a);
    const home = prepared(narrow, model.adapter, false).sides[0];
    const placed = prepared(wide, model.adapter, false).sides[0];
    expect(Array.from(home.fileAt)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(Array.from(placed.fileAt)).toEqual([-1, 0, 1, 2, 3, 4, 5, -1]);
    expect(Array.from(placed.fileColumn)).toEqual([1, 2, 3, 4, 5, 6]);
    // Each column's distance to a second line moves with its file: 5 full files, then one rank deep.
    expect(placed.reserveDist[0]).toBe(0);
    expect(Array.from(placed.reserveDist.subarray(1, 7))).toEqual(Array.from(home.reserveDist));
    expect(placed.reserveDist[1]).toBeGreaterThan(placed.reserveDist[6]!);
    // Everything else is the home side's own arrays.
    expect(placed.stTmpl).toBe(home.stTmpl);
    expect(placed.ap).toBe(home.ap);
    expect(placeSide(home, 1, 8)).toEqual(placed);
  });

  it('gives each laid-out side arrays of its own (made in a scratch buffer, then copied)', () => {
    const one = prepared(lineUp(4), model.adapter, false).sides[0];
    const before = { fileAt: Array.from(one.fileAt), ap: Array.from(one.ap), stTmpl: Array.from(one.stTmpl) };
    // Other lines laid out and placed after it reuse the scratch buffer its arrays were made in.
    const other = model.lineUp!(
      variant,
      { element: 'Irr Wb(S)', count: 7, depth: 3 },
      { element: 'Reg Bd(O)', count: 13, depth: 2 },
      setting,
    ) as LinesConfig;
    const laid = prepared(other, model.adapter, false);
    expect(laid.sides[0].fileAt.buffer).not.toBe(one.fileAt.buffer);
    expect(Array.from(one.fileAt)).toEqual(before.fileAt);
    expect(Array.from(one.ap)).toEqual(before.ap);
    expect(Array.from(one.stTmpl)).toEqual(before.stTmpl);
  });

  it('a terrain that comes again as a new object (with each job) finds the layouts already made', () => {
    const mixed = () => ({
      distance: 600,
      shooters: 'halt' as const,
      terrain: { per: 'file' as const, weights: { good: 6, rough: 3, difficult: 1 } },
    });
    const laidUnder = (battlefield: ReturnType<typeof mixed>) =>
      prepared({ ...lineUp(9), battlefield }, model.adapter, false);
    const first = laidUnder(mixed());
    const again = laidUnder(mixed());
    // The same goings (by name, in order): the same laid-out sides, not new ones.
    expect(again.goings).toBe(first.goings);
    expect(again.sides[0]).toBe(first.sides[0]);
    expect(again.sides[1]).toBe(first.sides[1]);
    // Other goings are another layout of the same line: its templates are those goings' own.
    const open = laidUnder({
      ...mixed(),
      terrain: { per: 'file', weights: { good: 1, rough: 0, difficult: 0 } },
    });
    expect(open.goings).toEqual(['good']);
    expect(open.sides[0]).not.toBe(first.sides[0]);
    expect(open.sides[0].stTmpl.length).toBeLessThan(first.sides[0].stTmpl.length);
  });

  it('refuses a place the side does not fit in', () => {
    const home = prepared(lineUp(4), model.adapter, false).sides[0];
    expect(() => placeSide(home, 3, 8)).toThrow(/6 files wide does not stand from column 3 of 8/);
  });

  it('lays every side out in one hidden class, placed or not, with its fields inside the object', () => {
    // V8's own tests of an object's hidden class (its "map"), allowed from here on in this process.
    setFlagsFromString('--allow-natives-syntax');
    const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
    const fast = new Function('a', 'return %HasFastProperties(a)') as (a: object) => boolean;
    const other = model.lineUp!(
      variant,
      { element: 'Irr Kn(O)', count: 5, depth: 1 },
      { element: 'Reg Bw(O)', count: 12, depth: 2 },
      { ...setting, battlefield: { distance: 400, shooters: 'halt' } },
    ) as LinesConfig;
    const sides = [lineUp(4), lineUp(9), other].flatMap((c) => prepared(c, model.adapter, false).sides);
    // Home sides (at column 0 of their own width) and placed ones (placeSide) alike.
    expect(sides.map((s) => s.fileAt.length)).toEqual([6, 6, 8, 8, 6, 6]);
    for (const s of sides) {
      expect(sameMap(s, sides[0]!)).toBe(true);
      expect(fast(s)).toBe(true);
    }
    expect(sameMap(placeSide(sides[0]!, 2, 9), sides[0]!)).toBe(true);
  });
});
