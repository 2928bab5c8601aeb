/** GBA 5e 9.17 Push of Shields / Breakthrough, 9.18 Collapse and the 10.15 examples. */
import { describe, expect, it } from 'vitest';
import { breakthrough } from '../../../src/systems/gba/hits.ts';
import { resolveShockDetailed } from './api.ts';
import { shock, side } from './helpers.ts';

describe('9.17 breakthrough', () => {
  it('the example: PH with 1 hit, LPs with 2 and 4: only the LP with 4 gets +2', () => {
    expect(breakthrough([2, 4], [1])).toEqual([false, true]);
    expect(breakthrough([1], [2, 4])).toEqual([false]);
  });
  it('0 hits count as 1 in the ratio; 3 hits against 0 is enough', () => {
    expect(breakthrough([3], [0])).toEqual([true]);
    expect(breakthrough([2], [0])).toEqual([false]);
  });
  it('in a shock: 1 hit against 2 and 4 gives the 4-hit LP 6 hits, over its TQ 5, and it routs', () => {
    // MI (no superiority vs LP) on column 8, 5:10 unmoved is 1:2 (1L), +5 terrain: column 12; DR 7 = 1(4).
    const s = shock({
      terrainShift: 5,
      a: side({ type: 'MI', tq: 6, size: 5 }),
      b: side(
        { name: 'LP A', type: 'LP', tq: 5, size: 5, missile: 'J' },
        { name: 'LP B', type: 'LP', tq: 5, size: 5, hits: 2, missile: 'J' },
      ),
    });
    const r = resolveShockDetailed(s, { crt: 7 });
    expect(r.crt?.column.final).toBe(12);
    expect(r.crt?.cell).toEqual({ attacker: 1, defender: 4 });
    expect(r.units.map((u) => [u.name, u.crtHits, u.breakthrough, u.finalHits, u.routed])).toEqual([
      ['MI', 1, false, 1, false],
      ['LP A', 2, false, 2, false],
      ['LP B', 2, true, 6, true],
    ]);
    expect(r.outcome).toEqual({ a: 'hits:1', b: 'rout' });
  });
});

describe('10.15: when everybody would rout', () => {
  // Phalanx TQ 7 with 5 hits attacks Greek mercenary hoplites TQ 6 with 4 hits (one-hex, Size 4):
  // column 8, Size 10:4 unmoved is 2:1, column 9. DR 0 gives 3(2), DR 2 gives 2(2).
  const base = (extraAttacker?: Record<string, unknown>) =>
    shock({
      a: { units: [{ type: 'PH', tq: 7, size: 10, hits: 5 }, ...(extraAttacker ? [extraAttacker] : [])] },
      b: side({ type: 'HI', class: 'HO', tq: 6, size: 4, hits: 4 }),
    });
  it('Ex.1: 3(2): the phalanx is 1 over, the hoplites 0 over: the phalanx checks (9.18[1]), the hoplites go to 5', () => {
    const routs = resolveShockDetailed(base(), { crt: 0, 'collapse:a0': 4 }); // 4 + 1 over + 3 attacker > 7
    expect(routs.crt?.cell).toEqual({ attacker: 3, defender: 2 });
    expect(routs.outcome).toEqual({ a: 'rout', b: 'hits:5' });
    const stands = resolveShockDetailed(base(), { crt: 0, 'collapse:a0': 3, 'collapse:b0': 7 });
    expect(stands.units[0]).toMatchObject({ finalHits: 6, routed: false });
    // The hoplites at TQ-1 in the phalanx's ZOC take the 9.18[2] check: 7 > 6 and a one-hex unit routs.
    expect(stands.outcome).toEqual({ a: 'hits:6', b: 'rout' });
  });
  it('Ex.2: 2(2): both exactly at TQ: the hoplites rout, the phalanx advances with 6 hits', () => {
    const r = resolveShockDetailed(base(), { crt: 2 });
    expect(r.crt?.cell).toEqual({ attacker: 2, defender: 2 });
    expect(r.used).toEqual({ crt: 2 });
    expect(r.outcome).toEqual({ a: 'hits:6', b: 'rout' });
  });
  it('Ex.3: a Hypaspist (TQ 8, 6 hits) also attacks: one attacker stays below TQ, so no 10.15; PH and hoplites check', () => {
    const s = base({ type: 'HI', class: 'HY', tq: 8, size: 6, hits: 6 });
    const r = resolveShockDetailed(s, { crt: 0, 'collapse:a0': 5 }); // Size 16:4 = 4:1, column 11, 3(2)
    expect(r.crt?.cell).toEqual({ attacker: 3, defender: 2 });
    expect(r.units.map((u) => u.crtHits)).toEqual([2, 1, 2]);
    expect(r.units.map((u) => u.routed)).toEqual([true, false, true]);
    const saved = resolveShockDetailed(s, { crt: 0, 'collapse:a0': 4 });
    expect(saved.units.map((u) => [u.finalHits, u.routed])).toEqual([
      [6, false],
      [7, false],
      [6, true],
    ]);
  });
});

describe('9.18 collapse', () => {
  it('[1] a two-hex defender attacked with Position Superiority gets no saving roll', () => {
    const s = shock({
      facing: 'flank',
      a: side({ type: 'HC', tq: 8, size: 4 }),
      b: side({ type: 'HI', class: 'HO', tq: 5, size: 10, hits: 4, twoHex: true }),
    });
    const r = resolveShockDetailed(s, { crt: 0 });
    expect(r.superiority.position).toBe(true);
    expect(r.used).toEqual({ crt: 0 });
    expect(r.outcome.b).toBe('rout');
  });
  it('[2] a unit at TQ-1 in an enemy ZOC keeps its place and sheds a hit on DR <= TQ, routs above', () => {
    // HC vs LI front, column 8, Size 4:5 unmoved 1:2 (1L): column 7; DR 9: 2(4) -> LI 1+4 = 5 of TQ 6.
    const s = shock({
      a: side({ type: 'HC', tq: 8, size: 4 }),
      b: side({ type: 'LI', tq: 6, size: 5, hits: 1, missile: 'J' }),
    });
    expect(resolveShockDetailed(s, { crt: 9, 'collapse:b0': 6 }).outcome.b).toBe('hits:4');
    expect(resolveShockDetailed(s, { crt: 9, 'collapse:b0': 7 }).outcome.b).toBe('rout');
  });
  it('[2] a two-hex attacker failing it takes the saving roll (+3 as attacker)', () => {
    // PH (TQ 7, 3 hits) vs HI front: column 8, 10:10; DR 0 gives 3(2): the PH reaches 6 = TQ-1.
    const s = shock({
      a: side({ type: 'PH', tq: 7, size: 10, hits: 3 }),
      b: side({ type: 'HI', class: 'HO', tq: 7, size: 10, hits: 1, twoHex: true }), // 3 hits: no breakthrough
    });
    const fail = { crt: 0, 'collapse:a0': 8 };
    expect(resolveShockDetailed(s, { ...fail, 'collapse2:a0': 5 }).outcome.a).toBe('rout'); // 5 + 3 > 7
    expect(resolveShockDetailed(s, { ...fail, 'collapse2:a0': 4 }).outcome.a).toBe('hits:6'); // 4 + 3 = 7 stands
    expect(resolveShockDetailed(s, { crt: 0, 'collapse:a0': 7 }).outcome.a).toBe('hits:5');
  });
});

describe('9.31 advance after combat', () => {
  it('the attacker pays its advance hits when the defender routs, but never more than TQ-1', () => {
    const s = (advanceHits: number) =>
      shock({
        a: side({ type: 'HC', tq: 8, size: 4, hits: 2, advanceHits }),
        b: side({ type: 'LI', tq: 3, size: 5, hits: 2, missile: 'J' }),
      });
    // Column 8, 4:5 unmoved is 1:2: column 7; DR 4 gives 2(2): the LI routs, the HC has 4.
    expect(resolveShockDetailed(s(0), { crt: 4 }).outcome).toEqual({ a: 'hits:4', b: 'rout' });
    expect(resolveShockDetailed(s(2), { crt: 4 }).outcome).toEqual({ a: 'hits:6', b: 'rout' });
    expect(resolveShockDetailed(s(5), { crt: 4 }).outcome).toEqual({ a: 'hits:7', b: 'rout' });
  });
});
