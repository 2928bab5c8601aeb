/** The dose-response fit of the balance study on synthetic score curves, including flat and falling ones. */
import { describe, expect, it } from 'vitest';
import { crossing, fitLogistic, isotonic, logistic } from '../../src/core/logistic.ts';
import { createRng } from '../../src/core/rng.ts';

/** Scores drawn from a known logistic curve (binomial noise), at log counts xs. */
function sampled(a: number, b: number, xs: readonly number[], n: number, seed: number) {
  const rng = createRng(`logistic-${seed}`, 0);
  return xs.map((x) => {
    const p = logistic(a + b * x);
    let k = 0;
    for (let i = 0; i < n; i++) if (rng.next() < p) k++;
    return { x, p: k / n, n };
  });
}

describe('logistic fit and its 50% crossing', () => {
  it('recovers a noiseless curve exactly: logit p = -2.3 + 1 x crosses at x = 2.3', () => {
    const pts = [1.8, 2.1, 2.3, 2.5, 2.8].map((x) => ({ x, p: logistic(-2.3 + x), n: 1e9 }));
    const f = fitLogistic(pts);
    expect(f.converged).toBe(true);
    expect(f.b).toBeCloseTo(1, 4);
    const c = crossing(f);
    expect(c.x).toBeCloseTo(2.3, 4);
    expect(c.hi - c.lo).toBeLessThan(1e-3);
  });

  it('its 95% Fieller interval covers the true crossing in about 95% of 400 noisy replicates', () => {
    // True curve: crossing at x = ln 10 (10 elements), slope 2 per unit of log count.
    const truth = Math.log(10);
    const xs = [0.7, 0.85, 1, 1.2, 1.4].map((k) => truth + Math.log(k));
    let covered = 0;
    for (let s = 0; s < 400; s++) {
      const c = crossing(fitLogistic(sampled(-2 * truth, 2, xs, 300, s)));
      if (c.lo <= truth && truth <= c.hi) covered++;
    }
    // Binomial(400, 0.95): 380 expected; 360-396 holds with probability > 0.999.
    expect(covered).toBeGreaterThanOrEqual(360);
    expect(covered).toBeLessThanOrEqual(396);
  });

  it('a non-monotone curve (0.507 at 10 elements, 0.501 at 11) still gets a crossing from the trend', () => {
    const pts = [
      { x: Math.log(8), p: 0.41, n: 4000 },
      { x: Math.log(9), p: 0.47, n: 4000 },
      { x: Math.log(10), p: 0.507, n: 4000 },
      { x: Math.log(11), p: 0.501, n: 4000 },
      { x: Math.log(12), p: 0.58, n: 4000 },
    ];
    const c = crossing(fitLogistic(pts));
    expect(Math.exp(c.x!)).toBeGreaterThan(9.5);
    expect(Math.exp(c.x!)).toBeLessThan(10.8);
    expect(c.lo).toBeLessThan(c.x!);
    expect(c.hi).toBeGreaterThan(c.x!);
  });

  it('a flat or falling curve has no crossing, and says why', () => {
    const flat = crossing(fitLogistic([1, 2, 3].map((x) => ({ x, p: 0.3, n: 1000 }))));
    expect(flat.x).toBeUndefined();
    expect(flat.why).toMatch(/does not rise/);
    const falling = crossing(fitLogistic([1, 2, 3].map((x) => ({ x, p: 0.6 - 0.1 * x, n: 1000 }))));
    expect(falling.x).toBeUndefined();
  });

  it('all-or-nothing points stay finite (half a success added), and a weak slope opens the interval', () => {
    const f = fitLogistic([
      { x: 0, p: 0, n: 50 },
      { x: 1, p: 1, n: 50 },
    ]);
    expect(Number.isFinite(f.a) && Number.isFinite(f.b)).toBe(true);
    const weak = crossing(
      fitLogistic([
        { x: 0, p: 0.45, n: 20 },
        { x: 1, p: 0.55, n: 20 },
      ]),
    );
    expect(weak.lo).toBe(-Infinity);
    expect(weak.why).toMatch(/not pinned down/);
  });

  it('a smaller variance (draws counting half) narrows the interval', () => {
    const base = [0, 0.5, 1].map((x) => ({ x, p: logistic(-0.5 + x), n: 200 }));
    const wide = crossing(fitLogistic(base));
    const narrow = crossing(fitLogistic(base.map((q) => ({ ...q, variance: (q.p * (1 - q.p)) / q.n / 4 }))));
    expect(narrow.hi - narrow.lo).toBeLessThan((wide.hi - wide.lo) * 0.6);
  });
});

describe('isotonic regression (pool adjacent violators)', () => {
  it('pools a dip: [0.4, 0.507, 0.501, 0.6] with equal weights -> [0.4, 0.504, 0.504, 0.6]', () => {
    const r = isotonic([0.4, 0.507, 0.501, 0.6], [1, 1, 1, 1]);
    expect(r[1]).toBeCloseTo(0.504, 6);
    expect(r[2]).toBeCloseTo(0.504, 6);
    expect(r).toHaveLength(4);
  });
});
