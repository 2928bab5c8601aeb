/** Wilson score intervals and the study-wide agreement threshold. */
import { describe, expect, it } from 'vitest';
import { agreementZ, agrees, wilson, Z95 } from '../../src/engine/stats.ts';
import { cellResult } from '../../src/engine/cell.ts';

describe('Wilson interval', () => {
  it('5 of 10 at 95%: [0.2366, 0.7634]', () => {
    const w = wilson(5, 10);
    expect(w.low).toBeCloseTo(0.2366, 4);
    expect(w.high).toBeCloseTo(0.7634, 4);
  });
  it('0 of 10 at 95%: [0, 0.2775], never below 0', () => {
    const w = wilson(0, 10, Z95);
    expect(w.low).toBe(0);
    expect(w.high).toBeCloseTo(0.2775, 4);
  });
  it('10 of 10: upper bound 1', () => {
    expect(wilson(10, 10).high).toBe(1);
  });
});

describe('agreement threshold', () => {
  it('one check: z about 3.29 (two-sided 0.001); more checks widen it', () => {
    expect(agreementZ(1)).toBeCloseTo(3.29, 1);
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
