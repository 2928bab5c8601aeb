/** The chart data file and its loader (GBA 5e 9.5; provenance in docs/gba.md). */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_GBA_CHARTS,
  DEFAULT_GBA_CHARTS_DATA,
  loadGbaCharts,
  maxMissileRange,
  missileStrength,
} from '../../../src/systems/gba/charts.ts';

const copy = (): Record<string, unknown> =>
  structuredClone(DEFAULT_GBA_CHARTS_DATA) as Record<string, unknown>;

describe('charts.json', () => {
  it('carries its provenance and lists the suspicious cells', () => {
    const raw = DEFAULT_GBA_CHARTS_DATA as { provenance: { source: string } };
    expect(raw.provenance.source).toContain('4d095c6db03f8ccdcbdd7f72119b9ea18813be83');
    expect(DEFAULT_GBA_CHARTS.suspicious.map((s) => s.cell)).toEqual([
      'DR 4, column 13',
      'DR 5, column 13',
      'DR 3, column 13',
      'defender HI, attacker EL',
    ]);
  });
  it('MRRC: archers at range 2 have strength 3; mounted archers reach 3 hexes', () => {
    expect(missileStrength(DEFAULT_GBA_CHARTS, 'A', 2)).toBe(3);
    expect(maxMissileRange(DEFAULT_GBA_CHARTS, 'MA')).toBe(3);
    expect(missileStrength(DEFAULT_GBA_CHARTS, 'J', 2)).toBeUndefined();
  });
  it('10.27: Rally Table DR 5 for a TQ 7 unit gives 2 hits', () => {
    expect(DEFAULT_GBA_CHARTS.rally.tq6Plus[5]).toBe(2);
  });
});

describe('loadGbaCharts', () => {
  it('accepts a caller-supplied chart object (here with one CRT cell changed)', () => {
    const c = copy();
    const crt = c.shockCrt as { rows: string[] };
    crt.rows[0] = crt.rows[0]!.replace(/^6\(1\)/, '7(1)');
    expect(loadGbaCharts(c).shockCrt[0]![0]).toEqual({ attacker: 7, defender: 1 });
  });
  it('rejects a malformed cell with an InputError naming the field', () => {
    const c = copy();
    (c.shockCrt as { rows: string[] }).rows[2] = '5(1) x 4(2)';
    expect(() => loadGbaCharts(c)).toThrow(/^shockCrt\.rows\[2\]/);
    try {
      loadGbaCharts(c);
    } catch (e) {
      expect((e as Error).name).toBe('InputError');
    }
  });
  it('rejects a Clash of Spears section missing a defender row', () => {
    const c = copy();
    delete (c.clashOfSpears as { front: Record<string, unknown> }).front.EL;
    expect(() => loadGbaCharts(c)).toThrow('clashOfSpears.front.EL: row missing');
  });
});
