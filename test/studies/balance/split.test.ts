/** Which grid axis decides a model-dependent verdict (docs/balance.md "Reading a verdict"). */
import { describe, expect, it } from 'vitest';
import { splitOf } from '../../../src/studies/balance/analysis.ts';
import type { GridVariant } from '../../../src/studies/balance/plan.ts';

const grid: GridVariant[] = [];
for (const budget of [60, 120])
  for (const depth of ['support', 'best'] as const)
    for (const terrain of ['open', 'mixed'])
      grid.push({ id: `${budget} ${depth} ${terrain}`, budget, depth, terrain, order: 'owner-best-first' });

describe('the axis that decides a verdict', () => {
  it('terrain alone: over-costed in the open, under-costed in mixed terrain', () => {
    const labels = grid.map((g) => (g.terrain === 'open' ? 'over-costed' : 'under-costed'));
    expect(splitOf(grid, labels)).toEqual({
      axis: 'terrain',
      by: [
        { value: 'open', verdict: 'over-costed' },
        { value: 'mixed', verdict: 'under-costed' },
      ],
    });
  });

  it('the budget alone', () => {
    const labels = grid.map((g) => (g.budget === 60 ? 'balanced' : 'over-costed'));
    expect(splitOf(grid, labels)?.axis).toBe('budget');
  });

  it('none when two axes together decide it, or when every variant agrees', () => {
    const labels = grid.map((g) => (g.budget === 60 && g.terrain === 'open' ? 'balanced' : 'over-costed'));
    expect(splitOf(grid, labels)).toBeUndefined();
    expect(
      splitOf(
        grid,
        grid.map(() => 'balanced'),
      ),
    ).toBeUndefined();
  });
});
