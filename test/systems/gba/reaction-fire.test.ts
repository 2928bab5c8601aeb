/**
 * Reaction and return fire sequencing (GBA 5e 8.2): Return Fire comes after the fire it answers and only
 * from a unit still standing (8.23, 10.26); Entry Reaction Fire hits a moving attacker before the shock,
 * its effects immediate (8.21), with 8.17 supply and 8.19 leader checks. MRRC: A 5 at one hex, 3 at two;
 * MA 3 at two hexes.
 */
import { describe, expect, it } from 'vitest';
import { gba, gbaExact, resolveMissileDetailed } from './api.ts';
import { missile, shock, side } from './helpers.ts';

const p = (d: ReturnType<typeof gbaExact>, who: 'a' | 'b', o: string) =>
  (d[who] as Record<string, { p: number }>)[o]?.p ?? 0;
const event = (d: ReturnType<typeof gbaExact>, id: string) => d.events?.find((e) => e.id === id);

describe('8.23 Return Fire', () => {
  it('archers at two hexes and mounted archers firing back: 4/10 each way', () => {
    // A at range 2: strength 3, no modifier on LC: DR 0-3. MA back at range 2: strength 3, DR 0-3.
    const d = gbaExact(
      missile({
        range: 2,
        returnFire: true,
        a: side({ type: 'LI', missile: 'A', tq: 5, size: 3 }),
        b: side({ type: 'LC', missile: 'MA', tq: 6, size: 3 }),
      }),
    );
    expect(p(d, 'b', 'hits:1')).toBeCloseTo(0.4, 12);
    expect(p(d, 'a', 'hits:1')).toBeCloseTo(0.4, 12);
  });

  it('sequence: a target routed by the first fire cannot fire back (hit on A: 6/10 x 4/10 = 24/100)', () => {
    const s = missile({
      range: 2,
      returnFire: true,
      a: side({ type: 'LI', missile: 'A', tq: 5, size: 3 }),
      b: side({ type: 'LI', missile: 'A', tq: 5, size: 3, hits: 4 }),
    });
    const d = gbaExact(s);
    expect(d.space).toBe(100);
    expect(d.b.rout.count).toBe(40);
    expect(d.a['hits:1'].count).toBe(24);
    // Its supply can only drop if it fired: 6/10 x 1/10 (a natural 9).
    expect(event(d, 'missile-low:b')?.count).toBe(6);
    const r = resolveMissileDetailed(s, { fire: 3 });
    expect([r.targetRouted, r.returnFire]).toEqual([true, undefined]);
    const back = resolveMissileDetailed(s, { fire: 4, return: 3 });
    expect(back.outcome).toEqual({ a: 'hits:1', b: 'hits:4' });
  });

  it('is refused when the target cannot fire back', () => {
    const a = side({ type: 'LI', missile: 'A', tq: 5, size: 3 });
    expect(() => missile({ range: 2, returnFire: true, a, b: side({ type: 'HI', tq: 6, size: 5 }) })).toThrow(
      /returnFire: the target has no missiles/,
    );
    expect(() =>
      missile({ range: 3, returnFire: true, a, b: side({ type: 'SK', missile: 'S', tq: 4, size: 2 }) }),
    ).toThrow(/returnFire: the target's S range of 2 does not reach 3/);
  });
});

describe('8.21 Entry Reaction Fire before a shock', () => {
  const archers = { type: 'LI', missile: 'A', tq: 5, size: 5 };
  const tired = { type: 'HC', tq: 5, size: 4, hits: 4, moved: true };

  it('a hit on an attacker carrying TQ-1 routs it at once: P(rout) = 6/10 + 4/10 x P(rout without the fire)', () => {
    // A at one hex, strength 5, no modifier on HC: DR 0-5 hits (6/10); then no shock is fought.
    const without = gbaExact(shock({ a: side(tired), b: side(archers) }));
    const withFire = gbaExact(shock({ entryFire: true, a: side(tired), b: side(archers) }));
    expect(withFire.a.rout.p).toBeCloseTo(0.6 + 0.4 * without.a.rout.p, 12);
    expect(withFire.a.rout.p).toBeCloseTo(0.9376, 12);
    expect(event(withFire, 'missile-low:b0')?.p).toBeCloseTo(0.1, 12);
  });

  it('only an attacker that moved draws it, and a flank attack escapes non-skirmishers (8.13)', () => {
    const roles = (x: Record<string, unknown>) => gba.dice(shock(x)).map((d) => d.label);
    expect(roles({ entryFire: true, a: side(tired), b: side(archers) })[0]).toMatch(
      /^Entry Reaction Fire by b0/,
    );
    expect(
      roles({ entryFire: true, a: side({ ...tired, moved: false }), b: side(archers) }),
    ).not.toContainEqual(expect.stringMatching(/^Entry/));
    expect(
      roles({ entryFire: true, facing: 'flank', a: side(tired), b: side(archers) }).some((l) =>
        l.startsWith('Entry'),
      ),
    ).toBe(false);
  });

  it("a natural 0 checks A's leader (8.19): a casualty 1 in 100", () => {
    const d = gbaExact(
      shock({
        entryFire: true,
        a: { units: [{ type: 'HC', tq: 7, size: 4, moved: true }], leader: { charisma: 2 } },
        b: side(archers),
      }),
    );
    expect(event(d, 'leader-casualty-entry:a')?.p).toBeCloseTo(0.01, 12);
  });
});
