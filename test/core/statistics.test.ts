/** The statistics module: normal quantile, Wilson intervals, means, the study-wide agreement threshold. */
import { describe, expect, it } from 'vitest';
import {
  agreementZ,
  agrees,
  meanOf,
  normalQuantile,
  tQuantile,
  wilson,
  Z95,
} from '../../src/core/statistics.ts';
import { cellResult } from '../../src/engine/cell.ts';

describe('quantiles', () => {
  it('normal 97.5%: 1.959964 (tables); 99.95%: 3.2905', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 6);
    expect(normalQuantile(0.9995)).toBeCloseTo(3.2905, 4);
    expect(Z95).toBeCloseTo(normalQuantile(0.975), 8);
  });
  it('Student t 97.5% with 10 degrees of freedom: 2.228 (tables)', () => {
    expect(tQuantile(0.975, 10)).toBeCloseTo(2.228, 3);
  });
});

describe('mean of many observations', () => {
  it('sum 10, sum of squares 30, n 5: mean 2, sample variance 2.5, interval 2 +- 1.96 sqrt(0.5)', () => {
    const m = meanOf(10, 30, 5);
    expect(m.mean).toBe(2);
    expect(m.hi - m.mean).toBeCloseTo(1.959964 * Math.sqrt(0.5), 5);
  });
});

describe('Wilson interval', () => {
  it('5 of 10 at 95%: [0.2366, 0.7634]', () => {
    const w = wilson(5, 10);
    expect(w.lo).toBeCloseTo(0.2366, 4);
    expect(w.hi).toBeCloseTo(0.7634, 4);
  });
  it('0 of 10 at 95%: [0, 0.2775], never below 0', () => {
    const w = wilson(0, 10, Z95);
    expect(w.lo).toBe(0);
    expect(w.hi).toBeCloseTo(0.2775, 4);
  });
  it('10 of 10: upper bound 1', () => {
    expect(wilson(10, 10).hi).toBe(1);
  });
});

describe('agreement threshold', () => {
  it('one check: z = 3.2905 (two-sided 0.001); more checks widen it', () => {
    expect(agreementZ(1)).toBeCloseTo(3.2905, 4);
    expect(agreementZ(80_000)).toBeGreaterThan(5.5);
    expect(agreementZ(80_000)).toBeLessThan(6);
  });
  it('flags an estimate far from the exact probability, accepts a close one', () => {
    expect(agrees(500, 1000, 0.5, 3.29)).toBe(true);
    expect(agrees(600, 1000, 0.5, 3.29)).toBe(false);
  });
  it('a cell whose sampled counts are off is marked as disagreeing', () => {
    const table = { outcomes: 2, codes: new Uint8Array([0, 3]) };
    // exact: half (0,0), half (1,1). Sampled: all (1,1).
    const r = cellResult(table, ['lose', 'win'], [0, 0, 0, 1000], 1000, 3.29);
    expect(r.a.exact.lose?.p).toBe(0.5);
    expect(r.a.sampled?.lose?.count).toBe(0);
    expect(r.agrees).toBe(false);
  });
});
