/** B&B 0.7 ch.6 "army moral", "PoC", "victory", "draw" and "player's score". */
import { describe, expect, it } from 'vitest';
import {
  bnbArmyMorale,
  bnbBattleResult,
  bnbIsRouted,
  bnbPlayerScores,
  bnbPoc,
  bnbReferenceLevel,
  bnbRoutedAt,
  bnbRoutingLevel,
  type BnbArmyBase,
} from '../../../src/systems/bnb/morale.ts';
import { el } from './helpers.ts';

describe('PoC scale', () => {
  const scale: [string, number][] = [
    ['Bg(O)', 16],
    ['Reg Cv(S)', 8],
    ['Reg LCh(S)', 8],
    ['Irr HCh(I)', 8],
    ['Reg Cv(O)', 4],
    ['Reg LCh(I)', 4],
    ['Irr Cm(O)', 4],
    ['Reg LH(O)', 4],
    ['Reg LH(F)', 4],
    ['Reg Ax(S)', 4],
    ['Reg Bd(F)', 4],
    ['Reg Bw(I)', 4],
    ['Reg Pk(X)', 4],
    ['Reg Sp(O)', 4],
    ['Irr Wb(S)', 4],
    ['Reg LH(I)', 2],
    ['Irr LH(X)', 2],
    ['Irr Hd(S)', 2],
    ['Reg Ps(S)', 2],
  ];
  for (const [text, poc] of scale) it(`${text}: ${poc}`, () => expect(bnbPoc(el(text))).toBe(poc));
  it('the C-in-C is 16 whatever its troop type', () => {
    expect(bnbPoc(el('Reg Ps(O)'), { cInC: true })).toBe(16);
    expect(bnbPoc(el('Reg HCh(O)'), { cInC: true })).toBe(16);
  });
  it('El and LH(S), missing from the scale, are read as 8 and 4', () => {
    expect(bnbPoc(el('Irr El(O)'))).toBe(8);
    expect(bnbPoc(el('Reg LH(S)'))).toBe(4);
  });
});

// C-in-C in HCh (16) + 6 HCh (48) + 10 Bd (40) + 10 Ps (20) = 124, plus Bg (not counted).
function army(): BnbArmyBase[] {
  return [
    { element: el('Reg HCh(O)'), cInC: true },
    ...Array.from({ length: 6 }, () => ({ element: el('Reg HCh(O)') })),
    ...Array.from({ length: 10 }, () => ({ element: el('Reg Bd(O)') })),
    ...Array.from({ length: 10 }, () => ({ element: el('Reg Ps(O)') })),
    { element: el('Bg(O)') },
  ];
}

describe('army morale', () => {
  it('the seed example: reference 124, routing level 41.333, routed at 42', () => {
    expect(bnbReferenceLevel(army())).toBe(124);
    expect(bnbRoutingLevel(124)).toBeCloseTo(41.333, 3);
    expect(bnbRoutedAt(124)).toBe(42);
    expect(bnbIsRouted(41, bnbRoutingLevel(124))).toBe(false);
    expect(bnbIsRouted(42, bnbRoutingLevel(124))).toBe(true);
  });
  it('a routing level that is whole routs when reached: 126 routs at 42', () => {
    expect(bnbRoutedAt(126)).toBe(42);
    expect(bnbIsRouted(42, bnbRoutingLevel(126))).toBe(true);
  });
  it('destroyed bases count full PoC, spent half: 5 HCh destroyed + 1 Ps spent = 41, not routed; 2 Ps spent = 42, routed', () => {
    const a = army();
    const hit = (i: number, state: 'destroyed' | 'spent') => (a[i] = { ...(a[i] as BnbArmyBase), state });
    for (let i = 1; i <= 5; i++) hit(i, 'destroyed');
    hit(17, 'spent');
    expect(bnbArmyMorale(a)).toEqual({
      reference: 124,
      routingLevel: 124 / 3,
      routedAt: 42,
      losses: 41,
      routed: false,
    });
    hit(18, 'spent');
    expect(bnbArmyMorale(a).routed).toBe(true);
  });
  it('Bg are not in the reference level but count 16 against it when destroyed', () => {
    const a = army();
    a[27] = { element: el('Bg(O)'), state: 'destroyed' };
    expect(bnbArmyMorale(a).losses).toBe(16);
    expect(bnbArmyMorale(a).reference).toBe(124);
  });
});

describe('victory, draw and player score', () => {
  it('victorious when the opponent is routed and not oneself: 5 and 1', () => {
    expect(bnbBattleResult(false, true)).toBe('a-victory');
    expect(bnbBattleResult(true, false)).toBe('b-victory');
    expect(bnbPlayerScores('a-victory')).toEqual({ a: 5, b: 1 });
    expect(bnbPlayerScores('b-victory')).toEqual({ a: 1, b: 5 });
  });
  it('both routed or night: a draw, 3 each; out of time: 2 each', () => {
    expect(bnbBattleResult(true, true)).toBe('draw-mutual-rout');
    expect(bnbBattleResult(false, false, 'night')).toBe('draw-night');
    expect(bnbBattleResult(false, false, 'time')).toBe('draw-time');
    expect(bnbBattleResult(false, false)).toBe('ongoing');
    expect(bnbPlayerScores('draw-mutual-rout')).toEqual({ a: 3, b: 3 });
    expect(bnbPlayerScores('draw-night')).toEqual({ a: 3, b: 3 });
    expect(bnbPlayerScores('draw-time')).toEqual({ a: 2, b: 2 });
  });
});
