import { describe, expect, it } from 'vitest';
import gba from '../../../src/systems/gba/index.ts';
import type { InputError } from '../../../src/core/errors.ts';
import { createRng } from '../../../src/core/rng.ts';
import { checkSystemContract } from '../contract.ts';
import { DEFAULT_GBA_CHARTS_DATA, gbaExact, parseGbaSituation, type GbaShockSituation } from './api.ts';

const phalanx = { name: 'Phalanx', type: 'PH', tq: 7, size: 10, moved: true };
const hoplites = { name: 'Hoplites', type: 'HI', class: 'HO', tq: 6, size: 8 };

describe('the GBA 5e system module', () => {
  it('meets the system contract', () => checkSystemContract(gba as never));

  it('has no points or rule switches; replaced charts name the variant', () => {
    const pathOf = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return (e as InputError).path;
      }
      return undefined;
    };
    expect(pathOf(() => gba.variant({ version: 'gba-5', costs: { PH: 3 } }))).toEqual(['costs']);
    expect(pathOf(() => gba.variant({ version: 'gba-5', rules: { x: 1 } }))).toEqual(['rules']);
    const mine = structuredClone(DEFAULT_GBA_CHARTS_DATA) as { id: string };
    mine.id = 'my-card';
    const v = gba.variant({ version: 'gba-5', charts: gba.charts!.load(mine) });
    expect(v.name).toBe('GBA 5th edition, charts "my-card"');
  });

  it('a mode field of the other mode is refused with its path', () => {
    const v = gba.variant({ version: 'gba-5' });
    try {
      v.parseSituation({ mode: 'shock', range: 2, a: { units: [phalanx] }, b: { units: [hoplites] } });
      expect.unreachable();
    } catch (e) {
      expect((e as InputError).path).toEqual(['range']);
    }
  });

  it('the repeated-shock engagement: every engagement ends one way; round 1 matches the exact shock', () => {
    const v = gba.variant({ version: 'gba-5' });
    const model = gba.engagement!;
    const config = model.configure(
      { situation: { a: { units: [phalanx] }, b: { units: [hoplites] } }, roundLimit: 1 },
      v,
    );
    const n = 20_000;
    const s = model.summarise(config, model.kernel(config, createRng(5, 0), n));
    expect(s.unit).toBe('round');
    expect(s.aWins.count + s.bWins.count + s.mutual.count + s.undecided.count).toBe(n);
    // With one round, "b routs" is exactly the first shock's P(defender routs and attacker does not).
    const exact = gbaExact(
      parseGbaSituation({
        rules: 'gba-5',
        mode: 'shock',
        a: { units: [phalanx] },
        b: { units: [hoplites] },
      }) as GbaShockSituation,
    );
    const both = exact.joint.find((j) => j.a === 'rout' && j.b === 'rout')?.count ?? 0;
    const p = (exact.b.rout.count - both) / exact.space;
    expect(p).toBeGreaterThanOrEqual(s.aWins.lo - 1e-9);
    expect(p).toBeLessThanOrEqual(s.aWins.hi + 1e-9);
  });

  it('an engagement block names the bad field under `situation`', () => {
    const v = gba.variant({ version: 'gba-5' });
    try {
      gba.engagement!.configure(
        { situation: { a: { units: [{ ...phalanx, tq: 12 }] }, b: { units: [hoplites] } } },
        v,
      );
      expect.unreachable();
    } catch (e) {
      expect((e as InputError).path).toEqual(['situation', 'a', 'units', 0, 'tq']);
    }
  });
});
