/** Whole-line properties that must hold whatever the dice: symmetry, lines that cannot lose, conservation. */
import { describe, expect, it } from 'vitest';

import { config, runEngagements, summarise } from './helpers.ts';

describe('identical lines with whose bound first alternated are symmetric', () => {
  const c = config({
    a: '4 files of Reg Bd(O), 2 deep',
    b: '4 files of Reg Bd(O), 2 deep',
    first: 'alternate',
  });
  const s = summarise(c, runEngagements(c, 'symmetry', 3000));

  it('P(A wins) and P(B wins) agree: their difference is within 3 standard errors of 0', () => {
    expect(s.samples).toBe(3000);
    expect(s.aWins.p).toBeGreaterThan(0.2);
    // A multinomial's two shares: var(pA - pB) = (pA + pB - (pA - pB)^2) / n.
    const d = s.aWins.p - s.bWins.p;
    const se = Math.sqrt((s.aWins.p + s.bWins.p - d * d) / s.samples);
    expect(Math.abs(d)).toBeLessThan(3 * se);
  });

  it('expected losses agree within sampling noise, and the probabilities sum to one', () => {
    // Two means with their 95% intervals: the difference within 3 standard errors of 0.
    const se = (m: { lo: number; hi: number }) => (m.hi - m.lo) / (2 * 1.96);
    const d = s.a.ap.mean - s.b.ap.mean;
    expect(Math.abs(d)).toBeLessThan(3 * Math.hypot(se(s.a.ap), se(s.b.ap)));
    expect(s.aWins.p + s.bWins.p + s.draw.p).toBeCloseTo(1, 12);
    expect(s.bounds.reduce((t, b) => t + b.decided + b.undecided, 0)).toBeCloseTo(1, 12);
    expect(s.bounds.reduce((t, b) => t + b.undecided, 0)).toBeCloseTo(s.undecided.p, 12);
    // Per-file losses add up to the side's losses.
    expect(s.a.files.reduce((t, f) => t + f.elements, 0)).toBeCloseTo(s.a.elements.mean, 9);
  });
});

describe('a line that cannot lose never loses', () => {
  // DBM 3.2 p.23: beaten war wagons stand unless doubled; WWg(S) +4 against Kn +3 can only be doubled when
  // overlapped, and in a line as wide as the enemy's that never recoils no enemy file is ever free to overlap.
  it('WWg(S) in a line as wide as the knights facing them never lose an element', () => {
    const c = config({ a: '4 files of Reg WWg(S)', b: '4 files of Irr Kn(O)', boundLimit: 12 });
    const s = summarise(c, runEngagements(c, 'wagons', 400));
    expect(s.bWins.count).toBe(0);
    expect(s.a.elements.mean).toBe(0);
    expect(s.aWins.count + s.undecided.count).toBe(400);
  });

  it('expendables count no element equivalents (DBM 3.2 p.24), so their line never breaks', () => {
    const c = config({ a: '3 files of Irr Exp(O)', b: '3 files of Irr Kn(O)', boundLimit: 10 });
    const s = summarise(c, runEngagements(c, 'exp', 400));
    expect(s.bWins.count).toBe(0);
    expect(s.a.elements.mean).toBeGreaterThan(0);
  });
});

describe('determinism', () => {
  it('the same seed gives the same counts; another seed other counts', () => {
    const c = config({ a: '3 files of Reg Sp(O), 2 deep', b: '3 files of Irr Kn(O)' });
    const x = runEngagements(c, 7, 200);
    expect(Array.from(runEngagements(c, 7, 200))).toEqual(Array.from(x));
    expect(Array.from(runEngagements(c, 8, 200))).not.toEqual(Array.from(x));
  });
});
