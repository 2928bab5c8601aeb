/**
 * Properties the balance study's battle must have across the whole field (docs/balance.md "The model"):
 * more of an element never scores worse beyond sampling noise (book count up to 3x), a mirror match scores
 * 50%, and swapping sides gives complementary scores. DBM 3.2, 60 AP, open ground, both sides at their
 * usual depth, lines 600p apart, as the bundled study fights them.
 *
 * Each check allows 4 standard errors (fixed seeds; with about 400 comparisons, 3 would let one pass by
 * chance now and then). By default every element is tried against three opponents (a different three for each element, so the
 * whole field is covered) and every pair of the field swapped; PROPERTIES=full tries every element
 * against every field opponent (about 4 million engagements: minutes, not for CI).
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.ts';
import type { AnySystem } from '../../../src/core/system.ts';
import { bookCount } from '../../../src/studies/balance/curves.ts';
import { requireSystem } from '../../../src/systems/registry.ts';

const system = requireSystem('dbm-3.2') as AnySystem;
const variant = system.variant({ version: 'dbm-3.2' });
const model = system.engagement!;
const balance = system.balance!;
const catalogue = system.catalogue!;
const full = process.env.PROPERTIES === 'full';
const N = full ? 200 : 160;
const setting = {
  boundLimit: 30,
  first: 'alternate' as const,
  options: { optionalPursuit: 'stand' },
  battlefield: { distance: 600, shooters: 'halt', terrain: { per: 'battle', weights: { good: 1 } } },
};
const cost = (e: string) => variant.cost!(catalogue.parse(e)) as number;
const depth = (e: string) => balance.depths(e, variant).support;

/** Score of x (count a) against y (count b) over n engagements: wins and half the draws, and its SE. */
function score(x: string, a: number, y: string, b: number, n = N): { p: number; se: number } {
  const config = model.lineUp!(
    variant,
    { element: x, count: a, depth: depth(x) },
    { element: y, count: b, depth: depth(y) },
    setting,
  );
  const r = model.decide!(config, createRng(`props|${x}|${a}|${y}|${b}`, 0), n);
  const w = r[1]! / n;
  const d = (r[3]! + r[4]! + r[5]!) / n;
  const p = w + d / 2;
  return { p, se: Math.sqrt(Math.max(1e-4, w + d / 4 - p * p) / n) };
}

const elements = [...catalogue.all()]
  .map((e) => catalogue.format(e))
  .filter((e) => balance.assessable(e) === undefined && (variant.cost?.(catalogue.parse(e)) ?? 0) > 0);
const field = balance.defaultField.map((f) => f.element);

describe('across the field (DBM 3.2, 60 AP, open)', () => {
  it(`more elements never score worse beyond sampling noise (book count, 1.5x, 2x, 3x; ${full ? 'every' : '3'} opponents each)`, () => {
    const worse: string[] = [];
    let pairs = 0;
    elements.forEach((x, i) => {
      const opponents = full ? field : [0, 1, 2].map((k) => field[(i * 7 + k * 13) % field.length]!);
      const book = bookCount(60, cost(x));
      const counts = [...new Set([1, 1.5, 2, 3].map((m) => Math.min(150, Math.round(book * m))))];
      for (const y of opponents) {
        const m = bookCount(60, cost(y));
        const s = counts.map((c) => score(x, c, y, m));
        pairs++;
        for (let k = 1; k < s.length; k++) {
          const prev = Math.max(...s.slice(0, k).map((t) => t.p));
          const drop = prev - s[k]!.p;
          if (drop > 4 * Math.hypot(s[k]!.se, s[k - 1]!.se))
            worse.push(
              `${x} v ${y}: ${counts[k]} elements score ${s[k]!.p.toFixed(2)} after ${prev.toFixed(2)}`,
            );
        }
      }
    });
    expect(pairs).toBeGreaterThan(full ? 4000 : 290);
    expect(worse).toEqual([]);
  });

  it('a mirror scores 50% within 4 standard errors, for every field element', () => {
    const off = field
      .map((x) => ({ x, s: score(x, bookCount(60, cost(x)), x, bookCount(60, cost(x)), 2 * N) }))
      .filter(({ s }) => Math.abs(s.p - 0.5) > 4 * s.se)
      .map(({ x, s }) => `${x}: ${s.p.toFixed(3)}`);
    expect(off).toEqual([]);
  });

  it('swapping sides gives complementary scores, for pairs across the field', () => {
    const off: string[] = [];
    for (let i = 0; i < field.length; i++) {
      const x = field[i]!;
      const y = field[(i * 5 + 3) % field.length]!;
      const mx = bookCount(60, cost(x));
      const my = bookCount(60, cost(y));
      const xy = score(x, mx, y, my);
      const yx = score(y, my, x, mx);
      if (Math.abs(xy.p + yx.p - 1) > 4 * Math.hypot(xy.se, yx.se))
        off.push(`${x} v ${y}: ${xy.p.toFixed(2)} and ${yx.p.toFixed(2)}`);
    }
    expect(off).toEqual([]);
  });
});
