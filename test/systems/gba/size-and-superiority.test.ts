/** GBA 5e 9.16 step 1 (Superiority) and step 2 (Size Ratio Difference). */
import { describe, expect, it } from 'vitest';
import { DEFAULT_GBA_CHARTS as charts } from '../../../src/systems/gba/charts.ts';
import { unit } from './helpers.ts';
import type { GbaUnit } from '../../../src/systems/gba/situation.ts';
import { countedSize, sizeRatio, sizeShift } from '../../../src/systems/gba/size.ts';
import { shockSuperiority } from '../../../src/systems/gba/superiority.ts';

describe('9.16 step 2: Size ratio', () => {
  it('an attacker that moved rounds in its favour: 5:4 is 2:1, 4:5 is 1:1, 2:5 is 1:2', () => {
    expect(sizeRatio(5, 4, true)).toEqual([2, 1]);
    expect(sizeRatio(4, 5, true)).toEqual([1, 1]);
    expect(sizeRatio(2, 5, true)).toEqual([1, 2]);
  });
  it("no attacker moved: in the defender's favour: 5:4 is 1:1, 4:5 is 1:2", () => {
    expect(sizeRatio(5, 4, false)).toEqual([1, 1]);
    expect(sizeRatio(4, 5, false)).toEqual([1, 2]);
  });
  it('10:5 is one column right; a moving 5:3 too, an unmoved 5:3 nothing; 1:3 two left', () => {
    expect(sizeShift(10, 5, false)).toBe(1);
    expect(sizeShift(5, 3, true)).toBe(1);
    expect(sizeShift(5, 3, false)).toBe(0);
    expect(sizeShift(2, 6, true)).toBe(-2);
  });
  it('elephant, chariot and skirmisher Size count only when every unit is of that kind', () => {
    const pair = [{ type: 'PH' as const, size: 10 }];
    expect(
      countedSize(
        [
          { type: 'EL', size: 5 },
          { type: 'LI', size: 5 },
        ],
        ['PH', 'EL', 'LI'],
      ),
    ).toBe(5);
    expect(countedSize([{ type: 'EL', size: 5 }], ['EL', 'EL'])).toBe(5);
    expect(countedSize([{ type: 'SK*', size: 1 }], ['SK', 'SK*'])).toBe(1);
    expect(countedSize([{ type: 'CH', size: 3 }], ['CH', 'HC'])).toBe(0);
    expect(countedSize(pair, ['PH', 'SK'])).toBe(10);
  });
});

const sup = (a: GbaUnit, d: GbaUnit, facing: 'front' | 'flank' | 'rear', threatened = false) =>
  shockSuperiority(charts, a, d, facing, threatened);

describe('9.16 step 1: Superiority', () => {
  it('a flank or rear attack earns Position Superiority, hence AS', () => {
    expect(sup(unit('MI'), unit('HC'), 'flank')).toMatchObject({ position: true, superiority: 'AS' });
  });
  it('denied: a skirmisher through its flank, cavalry on an elephant, elephant on elephant, a threatened attacker', () => {
    expect(sup(unit('HC'), unit('SK'), 'flank').position).toBe(false);
    expect(sup(unit('HC'), unit('SK'), 'rear').position).toBe(true);
    expect(sup(unit('LN'), unit('EL'), 'rear').position).toBe(false);
    expect(sup(unit('EL'), unit('EL'), 'flank').position).toBe(false);
    expect(sup(unit('HI'), unit('PH'), 'rear', true).position).toBe(false);
  });
  it('a denied flank attack falls back to the weapon systems: a threatened HC on a PH flank meets DS', () => {
    // With Position Superiority denied (threatened attacker), the chart cell PH-defender/HC-attacker is DS.
    expect(sup(unit('HC'), unit('PH'), 'flank', true).superiority).toBe('DS');
  });
  it('SK* with Position Superiority gains AS only over chariots and skirmishers', () => {
    expect(sup(unit('SK*'), unit('HI'), 'rear')).toMatchObject({ position: true, superiority: 'none' });
    expect(sup(unit('SK*'), unit('CH'), 'rear').superiority).toBe('AS');
  });
  it('LC with Position Superiority over PH/HI/MI gains nothing', () => {
    expect(sup(unit('LC'), unit('MI'), 'rear')).toMatchObject({ position: true, superiority: 'none' });
    expect(sup(unit('LC'), unit('LI'), 'rear').superiority).toBe('AS');
  });
  it('J class LI/LP are DS against LC, except when Missile No', () => {
    expect(sup(unit('LC', { missile: 'MJ' }), unit('LP', { missile: 'J' }), 'front').superiority).toBe('DS');
    expect(
      sup(unit('LC', { missile: 'MJ' }), unit('LP', { missile: 'J', supply: 'no' }), 'front').superiority,
    ).toBe('none');
  });
  it('weapon systems: PH AS over LI, HC DS-ed by PH frontally, skirmishers lose to all', () => {
    expect(sup(unit('PH'), unit('LI'), 'front').superiority).toBe('AS');
    expect(sup(unit('HC'), unit('PH'), 'front').superiority).toBe('DS');
    expect(sup(unit('LI'), unit('SK'), 'front').superiority).toBe('AS');
  });
});
