/**
 * Break-even and fixed-point prices from synthetic matchup curves whose answers are known: a type that
 * breaks even at a known price, a field where every type is worth its price, and one where a type is
 * worth twice its price.
 */
import { describe, expect, it } from 'vitest';
import type { LogisticFit } from '../../../src/core/logistic.ts';
import { breakEven, fieldScore, fixedPoint, type MatchupCurve } from '../../../src/studies/balance/prices.ts';

/**
 * The curve of a matchup where e's "true worth" relative to f is `ratio` (e at price ratio x f's price
 * scores 50%): score = logistic(b (log(pf/cf) - log pe + log(ratio cf))).
 */
function curve(opponent: string, cost: number, ratio: number, b = 2, weight = 1, v = 1e-4): MatchupCurve {
  const fit: LogisticFit = {
    a: b * Math.log(ratio * cost),
    b,
    varA: v,
    varB: v / 10,
    covAB: 0,
    converged: true,
  };
  return { opponent, weight, cost, fit };
}

describe('break-even against a book-priced field', () => {
  it('a type worth 1.5 times a 6 AP opponent breaks even at 9 AP', () => {
    const be = breakEven([curve('f', 6, 1.5)], 2, 30);
    expect(be.cost).toBeCloseTo(9, 6);
    expect(be.lo).toBeLessThan(9);
    expect(be.hi).toBeGreaterThan(9);
  });

  it('two opponents weighted 3:1: the crossing sits between their break-evens, nearer the heavier', () => {
    const be = breakEven([curve('f', 6, 1, 2, 3), curve('g', 6, 2, 2, 1)], 2, 30);
    expect(be.cost!).toBeGreaterThan(6);
    expect(be.cost!).toBeLessThan(Math.sqrt(6 * 12));
    expect(fieldScore([curve('f', 6, 1, 2, 3), curve('g', 6, 2, 2, 1)], be.cost!).score).toBeCloseTo(0.5, 6);
  });

  it('says why when the search range does not bracket 50%', () => {
    const be = breakEven([curve('f', 6, 10)], 2, 30);
    expect(be.cost).toBeUndefined();
    expect(be.why).toMatch(/above 50% even at 30/);
  });

  it('a noisier fit gives a wider interval', () => {
    const sharp = breakEven([curve('f', 6, 1.5, 2, 1, 1e-4)], 2, 30);
    const noisy = breakEven([curve('f', 6, 1.5, 2, 1, 1e-2)], 2, 30);
    expect(noisy.hi - noisy.lo).toBeGreaterThan(3 * (sharp.hi - sharp.lo));
  });
});

/**
 * Each of `priced` (default every element of `book`) against every element of `book` at its book cost,
 * e being worth worth_e / worth_f of f.
 */
function curvesByWorth(
  worth: ReadonlyMap<string, number>,
  book: ReadonlyMap<string, number>,
  priced: readonly string[] = [...book.keys()],
): Map<string, MatchupCurve[]> {
  return new Map(
    priced.map((e) => [e, [...book.entries()].map(([f, c]) => curve(f, c, worth.get(e)! / worth.get(f)!))]),
  );
}

describe('fixed-point prices', () => {
  it('a consistent field (each type worth its price against each other) is already a fixed point', () => {
    const book = new Map([
      ['A', 6],
      ['B', 10],
      ['C', 4],
    ]);
    const curves = new Map(
      [...book.keys()].map((e) => [e, [...book.entries()].map(([f, c]) => curve(f, c, book.get(e)! / c))]),
    );
    const fp = fixedPoint(curves, book);
    expect(fp.converged).toBe(true);
    for (const [e, c] of book) expect(fp.prices.get(e)).toBeCloseTo(c, 5);
  });

  it('a type worth twice its book price is repriced up, and the rest keep their geometric mean', () => {
    const worth = new Map([
      ['A', 12],
      ['B', 10],
      ['C', 4],
    ]);
    const book = new Map([
      ['A', 6],
      ['B', 10],
      ['C', 4],
    ]);
    const curves = curvesByWorth(worth, book);
    const fp = fixedPoint(curves, book);
    expect(fp.converged).toBe(true);
    const p = (e: string) => fp.prices.get(e)!;
    // Prices proportional to worth, scaled to the book geometric mean.
    expect(p('A') / p('B')).toBeCloseTo(1.2, 4);
    expect(p('C') / p('B')).toBeCloseTo(0.4, 4);
    const geo = (m: Map<string, number> | ReadonlyMap<string, number>) =>
      Math.exp([...m.values()].reduce((t, v) => t + Math.log(v), 0) / m.size);
    expect(geo(fp.prices)).toBeCloseTo(geo(book), 6);
  });

  it('converges when a field member is not repriced (its book price and the rescaling pull apart)', () => {
    // Z fights in the field at its book price but is not repriced itself: each sweep then moves A and B
    // by the same factor and the rescaling to the field's book mean moves them back.
    const worth = new Map([
      ['A', 12],
      ['B', 10],
      ['Z', 8],
    ]);
    const book = new Map([
      ['A', 6],
      ['B', 10],
      ['Z', 4],
    ]);
    const curves = curvesByWorth(worth, book, ['A', 'B']);
    const fp = fixedPoint(curves, book);
    expect(fp.converged).toBe(true);
    expect(fp.iterations).toBeLessThan(100);
    // A is repriced above B (worth 12 to 10), by more than their worth ratio: Z, underpriced at 4 for its
    // worth of 8, is a field member A does better against than B does.
    const ratio = fp.prices.get('A')! / fp.prices.get('B')!;
    expect(ratio).toBeGreaterThan(1.2);
    expect(ratio).toBeLessThan(1.3);
  });
});
