/** GBA 5e 9.15 Clash of Spears examples and the chart cells gba.md section 2a checks against the seed. */
import { describe, expect, it } from 'vitest';
import {
  baseColumn,
  crtCell,
  DEFAULT_GBA_CHARTS as charts,
  weaponSuperiority,
} from '../../../src/systems/gba/charts.ts';
import { parseGbaSituation, resolveShockDetailed, type GbaShockSituation } from './api.ts';
import { shockSuperiority } from '../../../src/systems/gba/superiority.ts';
import { unit } from './helpers.ts';

describe('9.15 examples', () => {
  it('Ex.1: hoplites attacking peltasts frontally use column 9 (HI vs LP)', () => {
    expect(baseColumn(charts, 'HI', 'LP', 'front')).toBe(9);
  });
  it('Ex.2: a PH attacking an HI through its flank gets column 11, a foot SK frontally 13; AS either way', () => {
    expect(baseColumn(charts, 'PH', 'HI', 'flank')).toBe(11);
    expect(baseColumn(charts, 'PH', 'SK', 'front')).toBe(13);
    expect(shockSuperiority(charts, unit('PH'), unit('HI'), 'flank', false).superiority).toBe('AS');
    expect(
      shockSuperiority(charts, unit('PH'), unit('SK', { missile: 'S' }), 'front', false).superiority,
    ).toBe('AS');
  });
  it('Ex.2: the defender picks the HI, so the combat is fought on column 11 (first listed unit, 9.15)', () => {
    const s = parseGbaSituation({
      rules: 'gba-5',
      mode: 'shock',
      facing: 'flank',
      a: { units: [{ type: 'PH', tq: 7, size: 10 }] },
      b: {
        units: [
          { type: 'HI', class: 'HO', tq: 6, size: 10, twoHex: true },
          { type: 'SK', tq: 4, size: 1, missile: 'S' },
        ],
      },
    }) as GbaShockSituation;
    const r = resolveShockDetailed(s, { crt: 4, 'collapse:b1': 2 });
    expect(r.crt?.column.base).toBe(11);
    expect(r.crt?.column.final).toBe(11); // PH 10 vs HI 10, the skirmisher's Size ignored (9.12 Ex.1)
    expect(r.superiority).toMatchObject({ position: true, superiority: 'AS' });
  });
  it('Ex.3: a Lancer attacking a PH from the rear uses column 11 with Attack Superiority', () => {
    expect(baseColumn(charts, 'LN', 'PH', 'rear')).toBe(11);
    expect(shockSuperiority(charts, unit('LN'), unit('PH'), 'rear', false).superiority).toBe('AS');
  });
});

describe('chart cells revealed by the seed (gba.md 2a)', () => {
  it('Hydaspes base columns: PH vs EL 4, PH vs LI 10, HI vs EL 3', () => {
    expect(baseColumn(charts, 'PH', 'EL', 'front')).toBe(4);
    expect(baseColumn(charts, 'PH', 'LI', 'front')).toBe(10);
    expect(baseColumn(charts, 'HI', 'EL', 'front')).toBe(3);
  });
  it('Shock CRT: column 5 DR 8 = 2(2), column 11 DR 5 = 2(3), column 3 DR 1 = 4(2)', () => {
    expect(crtCell(charts, 5, 8)).toEqual({ attacker: 2, defender: 2 });
    expect(crtCell(charts, 11, 5)).toEqual({ attacker: 2, defender: 3 });
    expect(crtCell(charts, 3, 1)).toEqual({ attacker: 4, defender: 2 });
  });
  it('the CRT clamps columns to 1-13 and DRs to 0-9 (9.54)', () => {
    expect(crtCell(charts, 15, 12)).toEqual(crtCell(charts, 13, 9));
    expect(crtCell(charts, -2, -3)).toEqual({ attacker: 6, defender: 1 });
  });
  it('Superiority: PH is AS against LI; neither PH nor HI has any against EL', () => {
    expect(weaponSuperiority(charts, 'PH', unit('LI'))).toBe('AS');
    expect(weaponSuperiority(charts, 'PH', unit('EL'))).toBe('none');
    expect(weaponSuperiority(charts, 'HI', unit('EL'))).toBe('none');
  });
  it('LP shares the LI row and column of the Clash of Spears; SK* attackers use the SK* column', () => {
    expect(baseColumn(charts, 'LP', 'PH', 'front')).toBe(baseColumn(charts, 'LI', 'PH', 'front'));
    expect(baseColumn(charts, 'SK*', 'CH', 'front')).toBe(1);
    expect(baseColumn(charts, 'HC', 'EL', 'front')).toBe(0);
  });
});
