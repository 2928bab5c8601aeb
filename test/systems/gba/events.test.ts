/**
 * Events reported beside the outcomes (breakthrough 9.17, leader casualty 9.14 / 8.19, missile supply
 * 8.17): their exact counts equal a brute-force count over every roll resolved by resolveShockDetailed /
 * resolveMissileDetailed, and a hand-worked case gives the expected fraction.
 */
import { describe, expect, it } from 'vitest';
import { forEachRoll } from '../../../src/core/exact.ts';
import { oddsReport } from '../../../src/engine/odds.ts';
import {
  gba,
  gbaExact,
  resolveMissileDetailed,
  resolveShockDetailed,
  type GbaMissileSituation,
  type GbaShockSituation,
} from './api.ts';
import { gbaDag } from './api.ts';
import { missile, shock, side } from './helpers.ts';

/** Brute force: each declared die rolled through every face, read as DR face-1 under its role. */
function bruteShock(s: GbaShockSituation): Record<string, number> {
  const roles = gbaDag(s).roles;
  const out: Record<string, number> = {};
  const add = (id: string): void => {
    out[id] = (out[id] ?? 0) + 1;
  };
  forEachRoll(gba.dice(s), (roll) => {
    const rolls = Object.fromEntries(roles.map((r, i) => [r, (roll[i] as number) - 1]));
    const r = resolveShockDetailed(s, rolls);
    if (r.units.some((u) => u.side === 'a' && u.breakthrough)) add('breakthrough:a');
    if (r.units.some((u) => u.side === 'b' && u.breakthrough)) add('breakthrough:b');
    if (r.leaders[0] === 'casualty') add('leader-casualty:a');
    if (r.leaders[1] === 'casualty') add('leader-casualty:b');
  });
  return out;
}

function bruteMissile(s: GbaMissileSituation): Record<string, number> {
  const out: Record<string, number> = {};
  const leader = s.b.leader !== undefined;
  // One pass per combination of the declared dice: fire, and the leader die when one is declared.
  for (let fire = 0; fire < 10; fire++) {
    for (let l = 0; l < (leader ? 10 : 1); l++) {
      const r = resolveMissileDetailed(s, { fire, leader: l });
      const supply = r.supplyAfter !== (s.a.units[0]?.supply ?? 'full');
      if (supply) out.supply = (out.supply ?? 0) + 1;
      if (r.leader === 'casualty') out['leader-casualty:b'] = (out['leader-casualty:b'] ?? 0) + 1;
    }
  }
  return out;
}

const counts = (s: GbaShockSituation | GbaMissileSituation): Record<string, number> =>
  Object.fromEntries((gbaExact(s).events ?? []).map((e) => [e.id, e.count]));

describe('GBA events: exact counts equal a brute-force count', () => {
  const shocks: [string, GbaShockSituation][] = [
    [
      'HC (moved) vs Indian LI',
      shock({
        a: side({ type: 'HC', tq: 8, size: 4, moved: true }),
        b: side({ type: 'LI', tq: 5, size: 5, missile: 'J' }),
      }),
    ],
    [
      'PH with Coenus vs LI with a leader, both carrying hits',
      shock({
        a: { units: [{ type: 'PH', tq: 7, size: 10, moved: true, hits: 2 }], leader: { charisma: 2 } },
        b: { units: [{ type: 'LI', tq: 5, size: 5, missile: 'J', hits: 1 }], leader: { charisma: 1 } },
      }),
    ],
    [
      'two HC vs one MI, flank',
      shock({
        facing: 'flank',
        a: side({ type: 'HC', tq: 8, size: 4 }, { type: 'HC', tq: 7, size: 4, hits: 3 }),
        b: side({ type: 'MI', tq: 5, size: 5, hits: 2 }),
      }),
    ],
  ];
  for (const [name, s] of shocks) {
    it(`shock: ${name}`, () => {
      const exact = counts(s);
      const brute = bruteShock(s);
      for (const id of Object.keys(exact)) expect([id, exact[id]]).toEqual([id, brute[id] ?? 0]);
      // every event the brute force saw is one the rule set declares
      for (const id of Object.keys(brute)) expect(Object.keys(exact)).toContain(id);
    });
  }
  it('missile: archers at an elephant with a leader in its hex, and a firer already Missile Low', () => {
    const full = missile({
      range: 1,
      a: side({ type: 'SK', tq: 4, size: 1, missile: 'A' }),
      b: { units: [{ type: 'EL', tq: 6, size: 5, hits: 4 }], leader: { charisma: 1 } },
    });
    // Archers go Missile Low on a natural 9 (8.17): 10 of 100. The leader is hit only on a natural 0 to
    // fire and then a 0 on his check (8.19): 1 of 100.
    expect(counts(full)).toEqual({ 'missile-low': 10, 'leader-casualty:b': 1 });
    const b = bruteMissile(full);
    expect([b.supply, b['leader-casualty:b']]).toEqual([10, 1]);
    const low = missile({
      range: 1,
      a: side({ type: 'SK', tq: 4, size: 1, missile: 'J', supply: 'low' }),
      b: side({ type: 'LI', tq: 5, size: 5 }),
    });
    expect(counts(low)).toEqual({ 'missile-no': 10 });
    expect(bruteMissile(low).supply).toBe(10);
  });
});

describe('GBA events: hand-worked', () => {
  it('PH v two-hex hoplites already carrying 4 hits: a breakthrough against B on 8 CRT rolls in 10', () => {
    // Nobody moved (no pre-shock checks), no leaders, Size 10 v 10 (no shift): Clash of Spears column 8
    // (PH attacking HI, front), no superiority. Column 8 gives 3(2) on DR 0-1, 2(2) on 2-4, 2(3) on 5-9.
    // 9.17: the hoplites' 4+2 = 6 or 4+3 = 7 hits are at least three times the phalanx's 2, not its 3.
    const s = shock({
      a: side({ type: 'PH', tq: 7, size: 10 }),
      b: side({ type: 'HI', class: 'HO', tq: 9, size: 10, twoHex: true, hits: 4 }),
    });
    const ev = gbaExact(s).events ?? [];
    const p = Object.fromEntries(ev.map((e) => [e.id, e.p]));
    expect(p['breakthrough:b']).toBeCloseTo(0.8, 12);
    expect(p['breakthrough:a']).toBe(0);
    expect(ev.map((e) => e.id)).toEqual(['breakthrough:a', 'breakthrough:b']); // no leaders, no leader events
  });
  it('a leader casualty check (9.14) fails on a 0: exactly 1 in 10', () => {
    const s = shock({
      a: { units: [{ type: 'HC', tq: 8, size: 4 }], leader: { name: 'Alexander', charisma: 4 } },
      b: side({ type: 'LC', tq: 6, size: 4, missile: 'MJ' }),
    });
    const e = (gbaExact(s).events ?? []).find((x) => x.id === 'leader-casualty:a');
    expect(e?.p).toBeCloseTo(0.1, 12);
  });
  it('oddsReport carries the events (rounded p, exact counts); DBM-style reports have none', () => {
    const s = shock({
      a: side({ type: 'PH', tq: 7, size: 10 }),
      b: side({ type: 'HI', class: 'HO', tq: 9, size: 10, twoHex: true, hits: 4 }),
    });
    const r = oddsReport(gba, s);
    const bt = r.events?.find((e) => e.id === 'breakthrough:b');
    expect(bt).toMatchObject({ rule: 'GBA 9.17', p: 0.8 });
    expect((bt?.count ?? 0) / (bt?.of ?? 1)).toBe(0.8);
  });
});
