/**
 * GBA 5e 9.18 Extended Shock Combat Example: The Hydaspes. Three combats, same
 * rolls as the booklet, same hits, columns, shifts, doubling, breakthrough and collapse.
 */
import { describe, expect, it } from 'vitest';
import { parseGbaSituation, resolveShockDetailed, type GbaShockSituation } from './api.ts';

const shock = (x: unknown): GbaShockSituation => parseGbaSituation(x) as GbaShockSituation;

// Indian LI TQ 5 and elephants TQ 6 (the pre-shock hits fix them); Macedonian PH TQ 7 Size 10,
// Hypaspists TQ 8 Size 6; LI Size 5 (gba.md unit table).
const indianLi = (name: string, hits = 0) => ({ name, type: 'LI', tq: 5, size: 5, hits, missile: 'J' });
const elephant = (name: string, hits = 0) => ({ name, type: 'EL', tq: 6, size: 5, hits });

describe('Cleitus phalanx (moved) against an LI and two elephants, Abisares with the Indians', () => {
  // The Indian player picks the elephant as his type (9.15); the Macedonian (two-hex attacker against
  // one-hex defenders) gives both defender hits to the rightmost elephant (10.13).
  const s = shock({
    rules: 'gba-5',
    mode: 'shock',
    defenderHitsTo: 2,
    a: { units: [{ name: 'Cleitus', type: 'PH', tq: 7, size: 10, moved: true }] },
    b: {
      leader: { name: 'Abisares', charisma: 2 },
      units: [elephant('EL left'), indianLi('LI'), elephant('EL right')],
    },
  });
  const r = resolveShockDetailed(s, {
    'pre:a0': 6,
    'pre:b1': 5,
    'pre:b0': 7,
    'pre:b2': 8,
    'leader:b': 0,
    crt: 8,
  });
  const [cleitus, elLeft, li, elRight] = r.units;

  it('pre-shock: PH rolls 6 (no effect), LI 5 (none), elephants 7 and 8 take 1 and 2 hits (9.13)', () => {
    expect(cleitus?.preShock).toEqual({ dr: 6, drm: 0, hits: 0 });
    expect(li?.preShock?.hits).toBe(0);
    expect(elLeft?.preShock?.hits).toBe(1);
    expect(elRight?.preShock?.hits).toBe(2);
  });
  it('Abisares rolls 0: a casualty, so no Charisma modifier (9.14)', () => {
    expect(r.leaders[1]).toBe('casualty');
    expect(r.crt?.drm).toBe(0);
  });
  it('base column 4 (PH vs EL front), no superiority, Size 10:5 (elephants ignored) shifts 1R to column 5', () => {
    expect(r.superiority.superiority).toBe('none');
    expect(r.crt?.column.base).toBe(4);
    expect(r.crt?.sizes).toEqual([10, 5]);
    expect(r.crt?.ratio).toEqual([2, 1]);
    expect(r.crt?.column.final).toBe(5);
  });
  it('DR 8 on column 5 gives 2(2): Cleitus takes 2, the right elephant 2 more (4 in all); no breakthrough, no rout', () => {
    expect(r.crt?.cell).toEqual({ attacker: 2, defender: 2 });
    expect(cleitus?.finalHits).toBe(2);
    expect(elRight?.finalHits).toBe(4);
    expect(elLeft?.finalHits).toBe(1);
    expect(r.units.some((u) => u.breakthrough || u.routed)).toBe(false);
    expect(r.outcome).toEqual({ a: 'hits:2', b: 'hits:4' });
  });
});

describe('Coenus phalanx (moved) against two LI with 1 hit each', () => {
  const s = shock({
    rules: 'gba-5',
    mode: 'shock',
    a: { units: [{ name: 'Coenus', type: 'PH', tq: 7, size: 10, moved: true }] },
    b: { units: [indianLi('LI first', 1), indianLi('LI second', 1)] },
  });
  const r = resolveShockDetailed(s, { 'pre:a0': 7, 'pre:b0': 9, 'pre:b1': 0, crt: 5 });
  const [coenus, first, second] = r.units;

  it('the first LI rolls 9: 4 hits, 5 in all = its TQ, and routs before the shock (9.13)', () => {
    expect(first?.preShock?.hits).toBe(4);
    expect(first?.afterPreShock).toBe(5);
    expect(first?.routedInPreShock).toBe(true);
    expect(second?.preShock?.hits).toBe(0);
    expect(r.preShockEnded).toBe(false);
  });
  it('base column 10, PH Attack Superior to LI, Size 10:5 shifts to column 11', () => {
    expect(r.crt?.column.base).toBe(10);
    expect(r.superiority.superiority).toBe('AS');
    expect(r.crt?.column.final).toBe(11);
  });
  it('DR 5 on column 11 gives 2(3); the 3 is doubled to 6 by AS', () => {
    expect(r.crt?.cell).toEqual({ attacker: 2, defender: 3 });
    expect(r.crt?.hits.defender).toBe(6);
    expect(coenus?.crtHits).toBe(2);
    expect(second?.crtHits).toBe(6);
  });
  it('breakthrough: 7 hits against the PH 2 (at least 3x) gives 2 more, 9; the LI routs, the PH keeps 2 (9.17, 9.18)', () => {
    expect(second?.breakthrough).toBe(true);
    expect(second?.finalHits).toBe(9);
    expect(second?.routed).toBe(true);
    expect(coenus?.breakthrough).toBe(false);
    expect(r.outcome).toEqual({ a: 'hits:2', b: 'rout' });
  });
});

describe('Hypaspists (4 hits, did not move) against an LI (4 hits) and an elephant (3 hits)', () => {
  const s = shock({
    rules: 'gba-5',
    mode: 'shock',
    a: { units: [{ name: 'Hypaspists', type: 'HI', class: 'HY', tq: 8, size: 6, hits: 4 }] },
    b: { units: [elephant('EL', 3), indianLi('LI', 4)] },
  });
  const r = resolveShockDetailed(s, { crt: 1, 'collapse:a0': 6 });
  const [hyp, el, li] = r.units;

  it('no pre-shock checks: the attacker has a Shock-No TQ Check marker (9.13)', () => {
    expect(r.units.every((u) => u.preShock === undefined)).toBe(true);
  });
  it('base column 3 (HI vs EL); 6 to 5 is over 1:1 but, not having moved, rounds to 1:1: no shift', () => {
    expect(r.crt?.column.base).toBe(3);
    expect(r.crt?.ratio).toEqual([1, 1]);
    expect(r.crt?.column.final).toBe(3);
  });
  it('DR 1 on column 3 gives 4(2): Hypaspists to 8, one hit each to LI (5) and elephant (4)', () => {
    expect(r.crt?.cell).toEqual({ attacker: 4, defender: 2 });
    expect(hyp?.crtHits).toBe(4);
    expect(li?.crtHits).toBe(1);
    expect(el?.crtHits).toBe(1);
  });
  it('both at their threshold by the same amount: the LI routs, the Hypaspists drop to 7, pass a 6 and end with 6', () => {
    expect(li?.routed).toBe(true);
    expect(hyp?.routed).toBe(false);
    expect(r.used).toEqual({ crt: 1, 'collapse:a0': 6 });
    expect(hyp?.finalHits).toBe(6);
    expect(el?.finalHits).toBe(4);
    expect(r.outcome).toEqual({ a: 'hits:6', b: 'rout' });
  });
});
