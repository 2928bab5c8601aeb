/**
 * Optional Cavalry Pursuit (GBA 5e 9.4): cavalry in Charge Formation that moved to shock and routed the
 * defenders pursues on DR + 2 > TQ (9.41) instead of advancing; no pursuit of a defender eliminated by its
 * rout (10.2: SK, CH, AT) or of a rampaging elephant.
 */
import { describe, expect, it } from 'vitest';
import { gbaExact, parseGbaSituation } from './api.ts';
import { shock, side } from './helpers.ts';

const event = (d: ReturnType<typeof gbaExact>, id: string) => d.events?.find((e) => e.id === id);
const beaten = { type: 'LI', tq: 5, size: 5, hits: 4 };

describe('9.41 pursuit roll', () => {
  it('TQ 7 pursues on DR 6-9 (4/10), TQ 8 on DR 7-9 (3/10), when every defender routs', () => {
    // The LI carries 4 hits against TQ 5: any CRT result routs it.
    for (const [tq, chance] of [
      [7, 0.4],
      [8, 0.3],
    ] as const) {
      const d = gbaExact(
        shock({ a: side({ type: 'HC', tq, size: 4, moved: true, chargeFormation: true }), b: side(beaten) }),
      );
      expect(d.b.rout.p).toBe(1);
      expect(event(d, 'pursuit:a')?.p).toBeCloseTo(chance * (1 - d.a.rout.p), 12);
    }
  });

  it('a pursuer does not advance: its hits are 6/10 with the advance hits, 4/10 without', () => {
    const cav = { type: 'HC', tq: 7, size: 4, moved: true, advanceHits: 2 };
    const advancing = gbaExact(shock({ a: side(cav), b: side(beaten) }));
    const still = gbaExact(shock({ a: side({ ...cav, advanceHits: 0 }), b: side(beaten) }));
    const charging = gbaExact(shock({ a: side({ ...cav, chargeFormation: true }), b: side(beaten) }));
    for (const o of ['hits:0', 'hits:1', 'hits:2', 'hits:3', 'hits:4', 'hits:5', 'hits:6'] as const)
      expect(charging.a[o].p).toBeCloseTo(0.6 * advancing.a[o].p + 0.4 * still.a[o].p, 12);
  });

  it('no pursuit without Charge Formation, without having moved, or of skirmishers and elephants', () => {
    const cav = { type: 'HC', tq: 7, size: 4, moved: true, chargeFormation: true };
    expect(
      event(gbaExact(shock({ a: side({ ...cav, chargeFormation: false }), b: side(beaten) })), 'pursuit:a'),
    ).toBeUndefined();
    expect(
      event(gbaExact(shock({ a: side({ ...cav, moved: false }), b: side(beaten) })), 'pursuit:a'),
    ).toBeUndefined();
    // A routing SK is eliminated (10.2): nobody to chase.
    const sk = gbaExact(
      shock({ a: side(cav), b: side({ type: 'SK', missile: 'J', tq: 4, size: 2, hits: 3 }) }),
    );
    expect(sk.b.rout.p).toBeGreaterThan(0);
    expect(event(sk, 'pursuit:a')?.count).toBe(0);
  });

  it('only cavalry form Charge Formation', () => {
    expect(() =>
      parseGbaSituation({
        a: { units: [{ type: 'HI', tq: 6, size: 5, chargeFormation: true }] },
        b: { units: [beaten] },
      }),
    ).toThrow(/a\.units\[0\]\.chargeFormation: only cavalry/);
  });
});
