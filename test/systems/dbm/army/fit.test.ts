/** The fitting rule (docs/armies.md "Fitting an army to a budget"), worked by hand. */
import { describe, expect, it } from 'vitest';
import { fillCounts } from '../../../../src/systems/dbm/army/fit.ts';

describe('fill counts', () => {
  it("hands out elements in D'Hondt order, ties to the group listed first", () => {
    // Weights 2 and 1 at 6 and 4 AP, 30 AP of room. Quotients weight/(count+1):
    // (0,0): 2 v 1 -> first (24 left); (1,0): 1 v 1, tie -> first (18); (2,0): 2/3 v 1 -> second (14);
    // (2,1): 2/3 v 1/2 -> first (8); (3,1): 1/2 v 1/2, tie -> first (2); nothing of 6 or 4 fits in 2.
    expect(
      fillCounts(
        [
          { weight: 2, cost: 6 },
          { weight: 1, cost: 4 },
        ],
        30,
      ),
    ).toEqual([4, 1]);
  });

  it("gives exactly the file's counts at the AP they cost", () => {
    // 3 at 7 AP and 2 at 5 AP cost 31.
    expect(
      fillCounts(
        [
          { weight: 3, cost: 7 },
          { weight: 2, cost: 5 },
        ],
        31,
      ),
    ).toEqual([3, 2]);
  });

  it('a cheaper element buys more: 70 AP is 10 at 7 AP, 11 at 6 AP', () => {
    expect(fillCounts([{ weight: 10, cost: 7 }], 70)).toEqual([10]);
    expect(fillCounts([{ weight: 10, cost: 6 }], 70)).toEqual([11]);
  });

  it('skips a group whose next element no longer fits, so no fill element fits at the end', () => {
    // Weights 1 and 1 at 10 and 1 AP, 12 AP: first (2 left); 1/2 v 1 -> second (1 left);
    // the first's 10 AP does not fit, the second's 1 does (0 left).
    expect(
      fillCounts(
        [
          { weight: 1, cost: 10 },
          { weight: 1, cost: 1 },
        ],
        12,
      ),
    ).toEqual([1, 2]);
  });

  it('stops a group at its limit', () => {
    expect(
      fillCounts(
        [
          { weight: 4, cost: 1, max: 2 },
          { weight: 1, cost: 1 },
        ],
        10,
      ),
    ).toEqual([2, 8]);
  });

  it('no room, no fill', () => {
    expect(fillCounts([{ weight: 4, cost: 3 }], 0)).toEqual([0]);
    expect(fillCounts([{ weight: 4, cost: 3 }], 2.5)).toEqual([0]);
  });
});
