/** GBA 5e 9.13 The Charge: who checks, the modifiers, the two-hex saving roll, and what a rout ends. */
import { describe, expect, it } from 'vitest';
import { gba, gbaExact, resolveShockDetailed } from './api.ts';
import { savingRollStands } from '../../../src/systems/gba/preshock.ts';
import { shock, side } from './helpers.ts';

const roles = (s: Parameters<typeof gba.dice>[0]) => gba.dice(s).map((d) => d.label.split(' (')[0]);

describe('who takes the pre-shock TQ check', () => {
  it('a moved attacker (Shock-Must Check) and its defender; an unmoved attacker and its defender do not', () => {
    const moved = shock({
      a: side({ type: 'HC', tq: 8, size: 4, moved: true }),
      b: side({ type: 'LN', tq: 7, size: 4 }),
    });
    expect(
      resolveShockDetailed(moved, {
        'pre:a0': 9,
        'pre:b0': 9,
        crt: 0,
        'collapse:a0': 0,
        'collapse:b0': 0,
      }).units.map((u) => u.preShock?.hits),
    ).toEqual([1, 2]);
    const still = shock({ a: side({ type: 'HC', tq: 8, size: 4 }), b: side({ type: 'LN', tq: 7, size: 4 }) });
    expect(roles(still)).not.toContain('pre-shock TQ check a0 HC');
    expect(gba.dice(still).some((d) => d.label.startsWith('pre-shock'))).toBe(false);
  });
  it('no check for a unit attacking a skirmisher (the skirmisher still checks)', () => {
    const s = shock({
      a: side({ type: 'HC', tq: 8, size: 4, moved: true }),
      b: side({ type: 'SK', tq: 4, size: 1, missile: 'A' }),
    });
    const labels = gba.dice(s).map((d) => d.label);
    expect(labels.some((l) => l.startsWith('pre-shock TQ check a0'))).toBe(false);
    expect(labels.some((l) => l.startsWith('pre-shock TQ check b0'))).toBe(true);
  });
  it('no check for PH/HI attacked frontally by LI, but they check against LP', () => {
    const li = shock({
      a: side({ type: 'LI', tq: 5, size: 5, moved: true, missile: 'J' }),
      b: side({ type: 'PH', tq: 7, size: 10 }),
    });
    expect(gba.dice(li).some((d) => d.label.startsWith('pre-shock TQ check b0'))).toBe(false);
    const lp = shock({
      a: side({ type: 'LP', tq: 5, size: 5, moved: true, missile: 'J' }),
      b: side({ type: 'PH', tq: 7, size: 10 }),
    });
    expect(gba.dice(lp).some((d) => d.label.startsWith('pre-shock TQ check b0'))).toBe(true);
  });
  it('no check for a chariot after a 4+ hex charge', () => {
    const s = shock({
      a: side({ type: 'CH', tq: 5, size: 3, moved: true, longCharge: true, missile: 'A' }),
      b: side({ type: 'LI', tq: 4, size: 5 }),
    });
    expect(gba.dice(s).some((d) => d.label.startsWith('pre-shock TQ check a0'))).toBe(false);
  });
});

describe('pre-shock modifiers', () => {
  it('+1 for an elephant attacking PH/HI through the front; +1 for a unit attacked by an elephant', () => {
    const s = shock({
      a: side({ type: 'EL', tq: 6, size: 5, moved: true }),
      b: side({ type: 'HI', tq: 7, size: 6 }),
    });
    const r = resolveShockDetailed(s, {
      'pre:a0': 6,
      'pre:b0': 7,
      crt: 5,
      'collapse:a0': 0,
      'collapse:b0': 0,
    });
    expect(r.units.map((u) => u.preShock)).toEqual([
      { dr: 6, drm: 1, hits: 1 },
      { dr: 7, drm: 1, hits: 1 },
    ]);
  });
  it('+1 attacked by a double depth phalanx; -1 for a defending one', () => {
    const s = shock({
      a: side({ type: 'PH', tq: 7, size: 10, moved: true, doubleDepth: true }),
      b: side({ type: 'PH', tq: 7, size: 10, doubleDepth: true }),
    });
    const r = resolveShockDetailed(s, { 'pre:a0': 0, 'pre:b0': 8, crt: 0 });
    expect(r.units[1]?.preShock).toEqual({ dr: 8, drm: 0, hits: 1 });
  });
});

describe('routs in the pre-shock check', () => {
  it('a defender reaching its TQ routs: no shock, the attacker keeps its hits', () => {
    const s = shock({
      a: side({ type: 'HC', tq: 8, size: 4, moved: true }),
      b: side({ type: 'LI', tq: 3, size: 5, hits: 2 }),
    });
    const r = resolveShockDetailed(s, { 'pre:a0': 9, 'pre:b0': 4 });
    expect(r.preShockEnded).toBe(true);
    expect(r.used).toEqual({ 'pre:a0': 9, 'pre:b0': 4 });
    expect(r.outcome).toEqual({ a: 'hits:1', b: 'rout' });
  });
  it('the two-hex saving roll: DR + hits over TQ (+3 attacker) above TQ routs, else stands at TQ-1', () => {
    expect(savingRollStands(4, 8, 7, false)).toBe(true);
    expect(savingRollStands(7, 8, 7, false)).toBe(false);
    expect(savingRollStands(4, 7, 7, true)).toBe(true);
    expect(savingRollStands(5, 7, 7, true)).toBe(false);
  });
  it('a two-hex hoplite unit pushed to its TQ by the pre-shock check may stand at TQ-1', () => {
    const s = shock({
      a: side({ type: 'PH', tq: 7, size: 10, moved: true }),
      b: side({ type: 'HI', class: 'HO', tq: 5, size: 10, hits: 3, twoHex: true }),
    });
    const r = resolveShockDetailed(s, {
      'pre:a0': 0,
      'pre:b0': 7,
      'prestand:b0': 3,
      crt: 0,
      'collapse:b0': 0,
    });
    expect(r.units[1]).toMatchObject({ afterPreShock: 4, routedInPreShock: false });
    const d = gbaExact(s);
    expect(d.b.rout.p).toBeGreaterThan(0.2);
  });
  it('when both would rout, 10.15 picks the side further over its TQ (the attacker counts its advance hits)', () => {
    const s = shock({
      a: side({ type: 'HC', tq: 5, size: 4, hits: 4, moved: true, advanceHits: 1 }),
      b: side({ type: 'LI', tq: 4, size: 5, hits: 3 }),
    });
    // Attacker 4+1(DR 6)=5, +1 advance = 1 over; defender 3+1 (DR 5) = 4: 0 over -> attacker routs.
    expect(resolveShockDetailed(s, { 'pre:a0': 6, 'pre:b0': 5 }).outcome).toEqual({ a: 'rout', b: 'hits:3' });
    // Defender 3+2 (DR 6) = 1 over, tie with the attacker: the defender routs, the attacker stays at TQ-1.
    expect(resolveShockDetailed(s, { 'pre:a0': 6, 'pre:b0': 6 }).outcome).toEqual({ a: 'hits:4', b: 'rout' });
  });
});
