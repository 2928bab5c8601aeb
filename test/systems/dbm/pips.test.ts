/** DBM 3.2 p.16 Player Initiative Point Dicing and Unreliable Allies. */
import { describe, expect, it } from 'vitest';
import { allocatePips, pipDealer, throwPips, unreliableAlly } from '../../../src/systems/dbm/pips.ts';

// C-in-C (regular), a regular sub-general, an irregular sub-general, a regular ally.
const commands = [
  { regularGeneral: true, ally: false },
  { regularGeneral: true, ally: false },
  { regularGeneral: false, ally: false },
  { regularGeneral: true, ally: true },
];

describe('PIP dice (p.16)', () => {
  it('throws one die per command, none for a command with nothing left on table', () => {
    const rolls = [2, 6, 4, 5];
    let k = 0;
    expect(throwPips(commands, () => rolls[k++]!)).toEqual([2, 6, 4, 5]);
    k = 0;
    const gone = [commands[0]!, { ...commands[1]!, onTable: false }, commands[2]!];
    expect(throwPips(gone, () => rolls[k++]!)).toEqual([2, 0, 6]);
  });

  it("the regular generals' scores are dealt by the C-in-C; irregulars and allies keep their own", () => {
    // Pooled: the C-in-C's 2 and the regular sub-general's 6. The C-in-C wants his own command first.
    expect(allocatePips(commands, [2, 6, 4, 5], { priority: [0] })).toEqual([6, 2, 4, 5]);
    // The sub-general first: he keeps the 6.
    expect(allocatePips(commands, [2, 6, 4, 5], { priority: [1] })).toEqual([2, 6, 4, 5]);
  });

  it('every command dices for itself when they dice independently', () => {
    expect(allocatePips(commands, [2, 6, 4, 5], { priority: [0], independent: true })).toEqual([2, 6, 4, 5]);
  });

  it("one army's dealer deals bound after bound, each deal from that bound's dice alone", () => {
    const deal = pipDealer(commands, { priority: [0] });
    expect([...deal([2, 6, 4, 5])]).toEqual([6, 2, 4, 5]);
    // The next bound's dice: nothing of the last deal is left over (the dealer reuses its array).
    expect([...deal([5, 1, 3, 1])]).toEqual([5, 1, 3, 1]);
    expect([...deal([1, 3, 6, 2])]).toEqual([3, 1, 6, 2]);
    const independent = pipDealer(commands, { independent: true });
    expect([...independent([2, 6, 4, 5])]).toEqual([2, 6, 4, 5]);
    expect([...independent([1, 1, 2, 3])]).toEqual([1, 1, 2, 3]);
  });

  it('an ally whose first die is a 1 is unreliable', () => {
    expect(unreliableAlly(1)).toBe(true);
    expect(unreliableAlly(2)).toBe(false);
  });
});
