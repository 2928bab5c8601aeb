/** The balance analysis on small synthetic inputs whose answers are known. */
import { describe, expect, it } from 'vitest';
import { searchBreakEven } from '../../src/balance/break-even.ts';
import { fitCostLine } from '../../src/balance/fit.ts';
import { normalQuantile, tQuantile, wilson } from '../../src/core/statistics.ts';

describe('statistics', () => {
  it('normal quantiles match tables', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 6);
    expect(normalQuantile(0.5)).toBe(0);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232, 5);
  });
  it('wilson interval of 50/100 is about 0.404-0.596', () => {
    const w = wilson(50, 100);
    expect(w.p).toBe(0.5);
    expect(w.low).toBeCloseTo(0.4038, 3);
    expect(w.high).toBeCloseTo(0.5962, 3);
  });
  it('wilson stays inside [0, 1] at the edges', () => {
    expect(wilson(0, 10).low).toBe(0);
    expect(wilson(10, 10).high).toBe(1);
    expect(wilson(0, 10).high).toBeCloseTo(0.2775, 3);
  });
  it('t quantiles match tables', () => {
    expect(tQuantile(0.975, 10)).toBeCloseTo(2.228, 2);
    expect(tQuantile(0.975, 30)).toBeCloseTo(2.042, 3);
    expect(tQuantile(0.975, 5)).toBeCloseTo(2.571, 2);
  });
});

describe('fitCostLine', () => {
  it('points on a line: exact slope and intercept, zero residuals; an outlier among noisy points is flagged', () => {
    const onLine = fitCostLine(
      [0, 1, 2, 3, 4, 5].map((x) => ({ label: `t${x}`, effectiveness: x, cost: 2 + 3 * x })),
    );
    const noisy = [...Array(20).keys()].map((x) => ({
      label: `n${x}`,
      effectiveness: x / 4,
      cost: 2 + (3 * x) / 4 + (x % 2 ? 0.2 : -0.2),
    }));
    const f = fitCostLine([...noisy, { label: 'cheap', effectiveness: 2.5, cost: 6 }]);
    expect(onLine.slope).toBeCloseTo(3, 10);
    expect(onLine.intercept).toBeCloseTo(2, 10);
    expect(onLine.r2).toBeCloseTo(1, 10);
    expect(onLine.residuals.every((r) => Math.abs(r.residual) < 1e-9)).toBe(true);
    const cheap = f.residuals.find((r) => r.label === 'cheap')!;
    expect(cheap.residual).toBeCloseTo(-3.5, 0);
    expect(cheap.flagged).toBe(true);
    expect(f.residuals.filter((r) => r.flagged).map((r) => r.label)).toEqual(['cheap']);
  });
  it('residual is actual minus fair cost', () => {
    const f = fitCostLine([
      { label: 'a', effectiveness: 0, cost: 1 },
      { label: 'b', effectiveness: 1, cost: 3 },
      { label: 'c', effectiveness: 2, cost: 5 },
      { label: 'd', effectiveness: 1, cost: 4 },
    ]);
    const d = f.residuals.find((r) => r.label === 'd')!;
    expect(d.residual).toBeCloseTo(d.cost - (f.intercept + f.slope * 1), 12);
  });
});

describe('searchBreakEven', () => {
  // A known win-rate curve: p(n) = n / 20 (so 50% at 10 elements), tight intervals.
  const exact = async (n: number) => ({ p: n / 20, low: n / 20 - 0.01, high: n / 20 + 0.01 });
  it('finds the crossing and turns it into a cost: 100 AP / 10 elements = 10 AP', async () => {
    const r = await searchBreakEven(100, exact, { maxCount: 19 });
    expect(r.cost).toBeCloseTo(10, 6);
    expect(r.censored).toBeNull();
    expect(r.low).toBeCloseTo(100 / 11, 6);
    expect(r.high).toBeCloseTo(100 / 9, 6);
  });
  it('interpolates between counts', async () => {
    // p(n) = (n - 0.5) / 20: 50% at n = 10.5 -> 100 / 10.5 AP.
    const r = await searchBreakEven(
      100,
      async (n) => ({ p: (n - 0.5) / 20, low: (n - 0.5) / 20, high: (n - 0.5) / 20 }),
      {
        maxCount: 19,
      },
    );
    expect(r.cost).toBeCloseTo(100 / 10.5, 6);
  });
  it('wide intervals widen the break-even interval', async () => {
    const r = await searchBreakEven(
      100,
      async (n) => ({ p: n / 20, low: n / 20 - 0.12, high: n / 20 + 0.12 }),
      { maxCount: 19 },
    );
    expect(r.low).toBeLessThan(100 / 12);
    expect(r.high).toBeGreaterThan(100 / 8);
  });
  it('reports censoring when even one element wins, or the most elements still lose', async () => {
    expect(
      (await searchBreakEven(100, async () => ({ p: 0.9, low: 0.8, high: 1 }), { maxCount: 10 })).censored,
    ).toBe('dearer');
    expect(
      (await searchBreakEven(100, async () => ({ p: 0.1, low: 0, high: 0.2 }), { maxCount: 10 })).censored,
    ).toBe('cheaper');
  });
});
