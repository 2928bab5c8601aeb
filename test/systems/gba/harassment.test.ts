/**
 * Harassment & Dispersal (GBA 5e 8.3) as an odds mode: who may use it and from where (8.31, 8.32), the
 * fire at one hex as a moving fire and the target's simultaneous Entry Reaction Fire (8.33), light cavalry
 * against elephants (8.34). MRRC strengths at one hex: A 5, J 5, MJ 3.
 */
import { describe, expect, it } from 'vitest';
import { gba, gbaExact } from './api.ts';
import { harass, side } from './helpers.ts';

const p = (d: ReturnType<typeof gbaExact>, who: 'a' | 'b', o: string) =>
  (d[who] as Record<string, { p: number }>)[o]!.p;
const event = (d: ReturnType<typeof gbaExact>, id: string) => d.events?.find((e) => e.id === id);

describe('8.33: the fire at one hex, and the reaction at the same time', () => {
  it('8.33 example, Agrianian skirmisher C: range 1 with +1 for the woods; the Persian archers fire back', () => {
    // SK* javelins at one hex, strength 5, +1 target in woods: hit on DR 0-4, 5/10. Foot javelins moving
    // take no +1 (8.15 #4). The LI archers' reaction: strength 5, +2 target a skirmisher: DR 0-3, 4/10.
    const d = gbaExact(
      harass({
        targetInWoods: true,
        a: side({ type: 'SK*', missile: 'J', tq: 6, size: 2, ma: 6 }),
        b: side({ type: 'LI', missile: 'A', tq: 5, size: 4, ma: 5 }),
      }),
    );
    expect(d.space).toBe(100);
    expect(p(d, 'b', 'hits:1')).toBeCloseTo(0.5, 12);
    expect(p(d, 'a', 'hits:1')).toBeCloseTo(0.4, 12);
    // Simultaneous: both hit in 5 x 4 of the 100 rolls.
    expect(d.joint.find((j) => j.a === 'hits:1' && j.b === 'hits:1')?.count).toBe(20);
    // 8.17: the javelins go Low on 7-9 (30/100), the archers on 9 (10/100).
    expect(event(d, 'missile-low')?.count).toBe(30);
    expect(event(d, 'missile-low:b0')?.count).toBe(10);
  });

  it('8.33 example, Thracian light cavalry D from four hexes: +1 woods, +1 mounted and moving', () => {
    // MJ at one hex, strength 3, +2: hit on DR 0-1, 2/10. The target has no missiles: no reaction.
    const d = gbaExact(
      harass({
        range: 4,
        targetInWoods: true,
        a: side({ type: 'LC', missile: 'MJ', tq: 6, size: 3, ma: 8 }),
        b: side({ type: 'LI', tq: 5, size: 4, ma: 5 }),
      }),
    );
    expect(d.space).toBe(10);
    expect(p(d, 'b', 'hits:1')).toBeCloseTo(0.2, 12);
    expect(p(d, 'a', 'hits:0')).toBe(1);
  });

  it('reaction: false leaves the target silent', () => {
    const d = gbaExact(
      harass({
        reaction: false,
        a: side({ type: 'SK*', missile: 'J', tq: 6, size: 2, ma: 6 }),
        b: side({ type: 'LI', missile: 'A', tq: 5, size: 4, ma: 5 }),
      }),
    );
    expect(d.space).toBe(10);
    expect(p(d, 'a', 'hits:0')).toBe(1);
  });
});

describe('8.34: light cavalry against elephants', () => {
  const lcOn = (tq: number, hits = 0) =>
    harass({
      throughFront: false,
      a: side({ type: 'LC', missile: 'MJ', tq, size: 3, ma: 8, hits }),
      b: side({ type: 'EL', tq: 6, size: 2, ma: 5 }),
    });
  it('through a flank or rear hex: 2 hits first, then the fire (2 hits on the elephant per success)', () => {
    // MJ strength 3, +1 mounted moving: DR 0-2, 3/10, two hits on an elephant (8.15).
    const d = gbaExact(lcOn(6));
    expect(p(d, 'a', 'hits:2')).toBe(1);
    expect(p(d, 'b', 'hits:2')).toBeCloseTo(0.3, 12);
  });
  it('those 2 hits rout an LC of TQ 3 carrying 1: it fires nothing', () => {
    const d = gbaExact(lcOn(3, 1));
    expect(p(d, 'a', 'rout')).toBe(1);
    expect(p(d, 'b', 'hits:0')).toBe(1);
  });
  it('never through its front', () => {
    expect(() =>
      harass({
        a: side({ type: 'LC', missile: 'MJ', tq: 6, size: 3, ma: 8 }),
        b: side({ type: 'EL', tq: 6, size: 2, ma: 5 }),
      }),
    ).toThrow(/throughFront: light cavalry may not harass an elephant through its front hex \(8\.34\)/);
  });
});

describe('8.31-8.32: who may, against whom, from where', () => {
  const sk = { type: 'SK', missile: 'S', tq: 4, size: 2, ma: 6 };
  const li = { type: 'LI', tq: 5, size: 4, ma: 5 };
  it('skirmisher and light infantry archers may not', () => {
    expect(() => harass({ a: side({ ...sk, missile: 'A' }), b: side(li) })).toThrow(/8\.31/);
  });
  it('foot: the target may have the same MA, not a higher one', () => {
    expect(gba.dice(harass({ a: side({ ...sk, ma: 5 }), b: side(li) }))).toHaveLength(1);
    expect(() => harass({ a: side({ ...sk, ma: 4 }), b: side(li) })).toThrow(/b\.units\[0\]\.ma/);
  });
  it('light cavalry: a lower MA only, except cataphracts; never skirmishers', () => {
    const lc = { type: 'LC', missile: 'MJ', tq: 6, size: 3, ma: 8 };
    expect(() => harass({ a: side(lc), b: side({ type: 'HC', tq: 7, size: 4, ma: 8 }) })).toThrow(/8\.31/);
    expect(
      gba.dice(harass({ a: side(lc), b: side({ type: 'HC', class: 'CAT', tq: 7, size: 4, ma: 8 }) })),
    ).toHaveLength(1);
    expect(() => harass({ a: side(lc), b: side(sk) })).toThrow(/against skirmishers/);
  });
  it('two hexes (light cavalry two to four), never adjacent', () => {
    expect(() => harass({ range: 1, a: side(sk), b: side(li) })).toThrow(/range: .*8\.32/);
    expect(() => harass({ range: 3, a: side(sk), b: side(li) })).toThrow(/range/);
    expect(() =>
      harass({ range: 5, a: side({ type: 'LC', missile: 'MJ', tq: 6, size: 3, ma: 8 }), b: side(li) }),
    ).toThrow(/range/);
  });
  it('Movement Allowances are needed, and the missile-only fields are refused', () => {
    expect(() => harass({ a: side({ ...sk, ma: undefined }), b: side(li) })).toThrow(/a\.units\[0\]\.ma/);
    expect(() => harass({ downhill: true, a: side(sk), b: side(li) })).toThrow(
      /downhill: only for mode "missile"/,
    );
  });
});
