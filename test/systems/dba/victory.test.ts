/** DBA 3.0 winning and losing. */
import { describe, expect, it } from 'vitest';
import { parseDbaElement as el } from '../../../src/systems/dba/notation.ts';
import {
  dbaBattleResult,
  dbaDefeated,
  dbaElementLossValue,
  dbaLossTotal,
} from '../../../src/systems/dba/victory.ts';

describe('elements lost', () => {
  it('an ordinary element counts 1, and the general 1 more', () => {
    expect(dbaElementLossValue(el('4Bd'))).toBe(1);
    expect(dbaElementLossValue(el('3Kn'), { general: true })).toBe(2);
  });
  it('Scythed Chariots, Hordes, camp followers and denizens do not count', () => {
    for (const x of ['SCh', '7Hd', '5Hd', 'CF', 'Dz']) expect(dbaElementLossValue(el(x))).toBe(0);
  });
  it('the first double element lost counts as 2, later ones as 1', () => {
    expect(dbaElementLossValue(el('6Kn'))).toBe(2);
    expect(dbaElementLossValue(el('8Sp'), { doubleAlreadyLost: true })).toBe(1);
    expect(dbaElementLossValue(el('6Cv'), { general: true })).toBe(3);
    expect(dbaLossTotal([{ element: el('8Bw') }, { element: el('6Bd') }, { element: el('4Bd') }])).toBe(4);
  });
  it('a sacked camp counts 1; an enemy-held city 2 without a camp, 1 with one', () => {
    expect(dbaLossTotal([{ element: el('2Ps') }], { campSacked: true })).toBe(2);
    expect(dbaLossTotal([], { cityHeld: 'no-camp' })).toBe(2);
    expect(dbaLossTotal([], { cityHeld: 'had-camp', campSacked: true })).toBe(2);
  });
  it('sums a side’s losses: general, uncounted types and the first double', () => {
    const lost = [
      { element: el('3Kn'), general: true },
      { element: el('SCh') },
      { element: el('7Hd') },
      { element: el('6Kn') },
    ];
    expect(dbaLossTotal(lost)).toBe(4);
  });
});

describe('defeat', () => {
  it('a side is defeated with 4 elements lost and more than the enemy', () => {
    expect(dbaDefeated(4, 3)).toBe(true);
    expect(dbaDefeated(4, 4)).toBe(false);
    expect(dbaDefeated(3, 0)).toBe(false);
    expect(dbaDefeated(5, 4)).toBe(true);
  });
  it('the battle result names the defeated side', () => {
    expect(dbaBattleResult(4, 2)).toBe('a-defeated');
    expect(dbaBattleResult(3, 5)).toBe('b-defeated');
    expect(dbaBattleResult(4, 4)).toBe('none');
    expect(dbaBattleResult(3, 3)).toBe('none');
  });
});
