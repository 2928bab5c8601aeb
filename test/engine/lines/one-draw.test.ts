/**
 * The kernel draws one uniform index per combat into the combat's table of every dice combination; a
 * fight with both dice rolled separately (the scripted-dice path, rollIndex) must give the same
 * distribution. Two-sample z tests on mixed DBM lines (|z| < 4.5: a false alarm about once in 150,000
 * runs per test) check the index mapping and the whole draw path.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.ts';
import { config, fightEngagement, runEngagements, summarise } from './helpers.ts';

const N = 4000;

function byDice(
  c: ReturnType<typeof config>,
  seed: string,
): { aWins: number; lostA: number; lostA2: number } {
  const rng = createRng(seed, 0);
  let aWins = 0;
  let lostA = 0;
  let lostA2 = 0;
  for (let i = 0; i < N; i++) {
    const r = fightEngagement(c, () => rng.die(6), { first: i % 2 === 0 ? 'a' : 'b' });
    if (r.decision === 'a-wins') aWins++;
    lostA += r.a.elementsLost;
    lostA2 += r.a.elementsLost ** 2;
  }
  return { aWins, lostA, lostA2 };
}

function compare(c: ReturnType<typeof config>) {
  const s = summarise(c, runEngagements(c, 'one-draw', N));
  const d = byDice(c, 'two-dice');
  const p1 = s.aWins.p;
  const p2 = d.aWins / N;
  const pooled = (p1 + p2) / 2;
  const zWins = (p1 - p2) / Math.sqrt((2 * pooled * (1 - pooled)) / N || 1);
  const m2 = d.lostA / N;
  const v2 = d.lostA2 / N - m2 * m2;
  const se1 = (s.a.elements.hi - s.a.elements.lo) / (2 * 1.96);
  const zLost = (s.a.elements.mean - m2) / Math.sqrt(se1 * se1 + v2 / N || 1);
  return { zWins, zLost, p1, p2 };
}

describe('one draw per combat = two dice per combat (DBM 3.2 p.21: each player dices)', () => {
  it('mixed lines, DBM 3.2 defaults', () => {
    const c = config({
      a: '6 files of Reg Bd(O), 2 deep',
      b: {
        files: [
          ['Irr Kn(O)'],
          ['Irr Kn(O)'],
          ['Reg Pk(O)', 'Reg Pk(O)'],
          ['Reg Ps(O)'],
          ['Irr Wb(S)', 'Irr Wb(S)'],
          ['Reg LH(O)'],
          ['Irr Hd(O)'],
        ],
      },
      boundLimit: 12,
    });
    const r = compare(c);
    expect(Math.abs(r.zWins)).toBeLessThan(4.5);
    expect(Math.abs(r.zLost)).toBeLessThan(4.5);
    // Not a degenerate fight: both sides win sometimes.
    expect(r.p1).toBeGreaterThan(0.05);
    expect(r.p1).toBeLessThan(0.95);
  });

  it('DBM 3.0, sweep order, pursuit and fled counted as lost', () => {
    const c = config({
      rules: 'dbm-3.0',
      a: '5 files of Reg Sp(O), 2 deep',
      b: '6 files of Irr Ax(I)',
      boundLimit: 10,
      options: { combatOrder: 'sweep', optionalPursuit: 'pursue', fledLost: true },
    });
    const r = compare(c);
    expect(Math.abs(r.zWins)).toBeLessThan(4.5);
    expect(Math.abs(r.zLost)).toBeLessThan(4.5);
  });
});
