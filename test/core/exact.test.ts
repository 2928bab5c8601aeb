/** Exact enumeration: every dice combination counted once, fractions over the whole space. */
import { describe, expect, it } from 'vitest';
import { enumerate, forEachRoll, spaceSize } from '../../src/core/exact.ts';
import { dbm } from '../../src/systems/dbm/ruleset.ts';
import { sit } from '../systems/dbm/helpers.ts';

describe('exact enumeration', () => {
  it('visits every roll once, last die fastest', () => {
    const seen: string[] = [];
    forEachRoll(
      [
        { label: 'x', sides: 2 },
        { label: 'y', sides: 3 },
      ],
      (r) => seen.push(r.join('')),
    );
    expect(seen).toEqual(['11', '12', '13', '21', '22', '23']);
    expect(
      spaceSize([
        { label: 'x', sides: 6 },
        { label: 'y', sides: 10 },
      ]),
    ).toBe(60);
  });
  it('identical elements in the open: symmetric, 6 ties of 36, no doubling possible at +5 v +5', () => {
    const d = enumerate(dbm, sit('Reg Bd(O)', 'Reg Bd(O)'));
    expect(d.space).toBe(36);
    expect(d.a.none.count).toBe(21);
    expect(d.a.recoil.count).toBe(15);
    expect(d.b.recoil.count).toBe(15);
    expect(d.a.destroyed.count).toBe(0);
  });
  it('counts of each side sum to the space, joint counts sum to the space', () => {
    const d = enumerate(dbm, sit('Reg Kn(O)', 'Reg Sp(O)', { b: { rear: ['Reg Sp(O)'] } }));
    const sum = (r: Record<string, { count: number }>) => Object.values(r).reduce((t, x) => t + x.count, 0);
    expect(sum(d.a)).toBe(36);
    expect(sum(d.b)).toBe(36);
    expect(d.joint.reduce((t, j) => t + j.count, 0)).toBe(36);
  });
  it("Kn(O) v supported Sp(O): knights +3 v foot, spears +4 +1; each side's losses counted by hand", () => {
    // A 3+dA v B 5+dB. B wins when dB+5 > dA+3: spears win on (dA - dB) < 2.
    const d = enumerate(dbm, sit('Reg Kn(O)', 'Reg Sp(O)', { b: { rear: ['Reg Sp(O)'] } }));
    // A beats B (dA+3 > dB+5, i.e. dA - dB >= 3): 6 rolls; (dA-dB = 3: 3 rolls, 4: 2, 5: 1).
    expect(d.b.destroyed.count + d.b.recoil.count + d.b.flee.count).toBe(6);
    // Spears destroyed by knights in good going on any loss.
    expect(d.b.destroyed.count).toBe(6);
    // Equal on dA - dB = 2: 4 rolls. Spears win the other 26: knights doubled (3+dA <= (5+dB)/2) on
    // dA=1, dB>=3 (4 rolls) and dA=2, dB>=5 (2 rolls) are destroyed; the other 20 recoil.
    expect(d.a.destroyed.count).toBe(6);
    expect(d.a.recoil.count).toBe(20);
    expect(d.a.none.count).toBe(10);
  });
});
