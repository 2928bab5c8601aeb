/**
 * The balance study's answer in words (report's first screen): grid variants named by the values that
 * vary, sets of variants named as one pattern or counted, one sentence per changed cost.
 */
import { describe, expect, it } from 'vitest';
import type { ChangeVerdict, CostChange } from '../../../src/studies/balance/analysis.ts';
import type { GridVariant } from '../../../src/studies/balance/plan.ts';
import { changeSentence, variantWords, whereWords } from '../../../src/studies/balance/words.ts';

// The bundled study's grid: 60/120 AP x usual/best depth x open/mixed terrain, one combat order.
const grid: GridVariant[] = [];
for (const budget of [60, 120])
  for (const depth of ['support', 'best'] as const)
    for (const terrain of ['open', 'mixed'])
      grid.push({ id: `${budget} ${depth} ${terrain}`, budget, depth, terrain, order: 'owner-best-first' });
const where = (pick: (g: GridVariant) => boolean) =>
  whereWords(grid, new Set(grid.flatMap((g, i) => (pick(g) ? [i] : []))));

describe('variants in words', () => {
  it('names a variant by the values that vary, never the combat order that does not', () => {
    expect(grid.map((_, i) => variantWords(grid, i))).toEqual([
      '60 AP · usual depth · open',
      '60 AP · usual depth · mixed terrain',
      '60 AP · best depth · open',
      '60 AP · best depth · mixed terrain',
      '120 AP · usual depth · open',
      '120 AP · usual depth · mixed terrain',
      '120 AP · best depth · open',
      '120 AP · best depth · mixed terrain',
    ]);
    expect(variantWords(grid.slice(0, 1), 0)).toBe('the one variant');
  });

  it('names a set by the one pattern it is, else counts it', () => {
    expect(where((g) => g.budget === 60 && g.terrain === 'open')).toEqual({
      text: 'at 60 AP · open',
      named: true,
    });
    expect(where((g) => g.terrain === 'open')).toEqual({ text: 'in the open', named: true });
    expect(where((g) => g.terrain === 'mixed')).toEqual({ text: 'in mixed terrain', named: true });
    expect(where((g) => g.id === '120 best open')).toEqual({
      text: 'at 120 AP · best depth · open',
      named: true,
    });
    expect(where(() => true)).toEqual({ text: 'in every variant', named: false });
    // Two patterns (60 AP, or best depth in the open): counted instead.
    expect(where((g) => g.budget === 60 || (g.depth === 'best' && g.terrain === 'open'))).toEqual({
      text: 'in 5 of 8 variants',
      named: false,
    });
  });
});

describe('a sentence per changed cost', () => {
  const change = (verdict: (g: GridVariant) => ChangeVerdict): CostChange => ({
    element: 'Reg Bd(S)',
    oldCost: 9,
    newCost: 8,
    perVariant: grid.map((g) => ({ breakEven: 13, lo: 12, hi: 14, verdict: verdict(g) })),
    breakEven: 13.61,
    lo: 7.97,
    hi: 25.16,
    robust: 'model-dependent',
  });

  it('the most common verdict counted, the others named where they hold', () => {
    const c = change((g) => (g.id === '60 support open' ? 'balanced' : 'away'));
    expect(changeSentence(c, grid)).toBe(
      'Reg Bd(S), 9.0 → 8.0 AP (fair price 13.6 AP): the cut moved it away from its fair price in 7 of 8 variants; ' +
        'at 60 AP · usual depth · open, a fair price.',
    );
  });

  it('a verdict the terrain decides names both halves; one in every variant says so', () => {
    const split = change((g) => (g.terrain === 'open' ? 'towards, not enough' : 'away'));
    expect(changeSentence(split, grid)).toBe(
      'Reg Bd(S), 9.0 → 8.0 AP (fair price 13.6 AP): in the open, the cut moved it towards its fair price but not far enough; ' +
        'in mixed terrain, away from it.',
    );
    const rise = { ...change(() => 'past break-even'), oldCost: 8, newCost: 9, breakEven: 8.5 };
    expect(changeSentence(rise, grid)).toBe(
      'Reg Bd(S), 8.0 → 9.0 AP (fair price 8.5 AP): the rise went past its fair price in every variant.',
    );
  });
});
