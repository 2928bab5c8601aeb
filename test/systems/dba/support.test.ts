/** DBA 3.0 Rear support factors and Flank support factors. */
import { describe, expect, it } from 'vitest';
import { factorsOf, fight, total } from './helpers.ts';

describe('rear support', () => {
  it('Pikes behind Pikes add +3 against foot other than Psiloi', () => {
    expect(factorsOf(fight('4Pk', '4Bd', { a: { behind: '4Pk' } }), 'a')).toEqual({
      'Pikes v foot': 3,
      'Pikes supported by Pikes v foot': 3,
    });
    expect(total(fight('4Pk', '3Wb', { a: { behind: '3Pk' } }), 'a')).toBe(6);
    expect(total(fight('4Pk', '2Ps', { a: { behind: '4Pk' } }), 'a')).toBe(3);
  });

  it('Pikes behind Pikes add +1 against Knights, Elephants or Scythed Chariots, nothing against other mounted', () => {
    expect(total(fight('4Pk', '3Kn', { a: { behind: '4Pk' } }), 'a')).toBe(5);
    expect(total(fight('4Pk', 'El', { a: { behind: '4Pk' } }), 'a')).toBe(5);
    expect(total(fight('4Pk', 'SCh', { a: { behind: '4Pk' } }), 'a')).toBe(5);
    expect(total(fight('4Pk', '3Cv', { a: { behind: '4Pk' } }), 'a')).toBe(4);
  });

  it('Warband behind Warband add +1 against foot other than Psiloi, not against mounted', () => {
    expect(total(fight('3Wb', '4Sp', { a: { behind: '4Wb' } }), 'a')).toBe(4);
    expect(total(fight('3Wb', '2Ps', { a: { behind: '3Wb' } }), 'a')).toBe(3);
    expect(total(fight('3Wb', '3Kn', { a: { behind: '3Wb' } }), 'a')).toBe(2);
  });

  it('needs the same type behind, both in good going, and close combat', () => {
    expect(total(fight('4Pk', '4Bd', { a: { behind: '4Sp' } }), 'a')).toBe(3);
    expect(total(fight('4Pk', '4Bd', { a: { behind: { element: '4Pk', going: 'rough' } } }), 'a')).toBe(3);
    expect(total(fight('4Pk', '4Bd', { a: { going: 'rough', behind: '4Pk' } }), 'a')).toBe(3);
    expect(total(fight('4Bw', '4Pk', { mode: 'shooting', b: { behind: '4Pk' } }), 'b')).toBe(3);
  });

  it('Spears get no rear support from Spears', () => {
    expect(total(fight('4Sp', '4Bd', { a: { behind: '4Sp' } }), 'a')).toBe(4);
  });

  it('double elements add +1 against foot, entirely in good going, not in a city, fort or camp', () => {
    expect(factorsOf(fight('8Sp', '4Bd'), 'a')).toEqual({
      'Spears v foot': 4,
      'double element 8Sp v foot': 1,
    });
    expect(total(fight('6Kn', '4Bd'), 'a')).toBe(4);
    expect(total(fight('6Cv', '4Bd'), 'a')).toBe(4);
    expect(total(fight('6Bd', '4Bd'), 'a')).toBe(6);
    expect(total(fight('8Bw', '4Bd'), 'a')).toBe(3);
    expect(total(fight('6Kn', '3Kn'), 'a')).toBe(4);
    expect(total(fight('8Sp', '3Kn'), 'a')).toBe(4);
    expect(total(fight('8Sp', '4Bd', { a: { going: 'rough' } }), 'a')).toBe(4);
    expect(total(fight('8Sp', '4Bd', { a: { defending: 'camp' } }), 'a')).toBe(4 + 2);
    expect(total(fight('8Bw', '4Bw', { mode: 'shooting' }), 'a')).toBe(2);
  });
});

describe('flank support', () => {
  it('Spears with Spears or Solid Blades on a flank add +1 against foot', () => {
    expect(factorsOf(fight('4Sp', '4Bd', { a: { flankFriends: ['4Sp'] } }), 'a')).toEqual({
      'Spears v foot': 4,
      '4Sp flank supported by 4Sp': 1,
    });
    expect(total(fight('4Sp', '4Bd', { a: { flankFriends: ['4Bd'] } }), 'a')).toBe(5);
    expect(total(fight('4Sp', '4Bd', { a: { flankFriends: ['Lit'] } }), 'a')).toBe(5);
    expect(total(fight('4Sp', '4Bd', { a: { flankFriends: ['4Sp', '4Bd'] } }), 'a')).toBe(5);
  });

  it('Solid Bows with Solid Blades on a flank add +1; Spears do not support Bows', () => {
    expect(total(fight('4Bw', '4Bd', { a: { flankFriends: ['4Bd'] } }), 'a')).toBe(3);
    expect(total(fight('8Lb', '4Bd', { a: { flankFriends: ['4Bd'] } }), 'a')).toBe(4);
    expect(total(fight('4Bw', '4Bd', { a: { flankFriends: ['4Sp'] } }), 'a')).toBe(2);
  });

  it('Fast elements neither give nor receive it', () => {
    expect(total(fight('4Sp', '4Bd', { a: { flankFriends: ['3Bd'] } }), 'a')).toBe(4);
    expect(total(fight('3Bw', '4Bd', { a: { flankFriends: ['4Bd'] } }), 'a')).toBe(2);
    expect(total(fight('4Sp', '4Bd', { a: { flankFriends: ['6Bd'] } }), 'a')).toBe(4);
  });

  it('only against foot, in good going, and not at a city, fort or camp', () => {
    expect(total(fight('4Sp', '3Kn', { a: { flankFriends: ['4Sp'] } }), 'a')).toBe(4);
    expect(total(fight('4Sp', '4Bd', { a: { going: 'rough', flankFriends: ['4Sp'] } }), 'a')).toBe(4);
    expect(total(fight('4Sp', '4Bd', { a: { flankFriends: [{ element: '4Sp', going: 'bad' }] } }), 'a')).toBe(
      4,
    );
    expect(total(fight('4Sp', '4Bd', { a: { flankFriends: ['4Sp'] }, b: { defending: 'fort' } }), 'a')).toBe(
      4,
    );
  });
});
