/**
 * B&B 0.7 ch.7 push back (elephants cannot be pushed back; a recoiling El destroys what it would push
 * back) and ch.7 flee (a flight that cannot avoid enemy is destroyed; enemy Ps in the way die with it), with
 * the base depths of Table 5.6: El, HCh, LCh, Bg 40mm; Cv, Cm, LH, Hd 30; Ax, Bw, Ps and (F) Bd, Pk, Wb 20;
 * other Bd, Pk, Wb and Sp 15.
 */
import { describe, expect, it } from 'vitest';
import { bnb } from '../../../src/systems/bnb/ruleset.ts';
import { bnbBaseDepth, bnbFileAfterRecoil, bnbRecoilThrough } from '../../../src/systems/bnb/pushback.ts';
import { parseBnbSituation } from '../../../src/systems/bnb/situation.ts';
import { close, el, side } from './helpers.ts';

const chain = (front: string, ...behind: string[]) => bnbRecoilThrough(el(front), behind.map(el));

describe('Table 5.6 base depths', () => {
  it('very deep 40, deep 30, shallow 20, very shallow 15', () => {
    expect(bnbBaseDepth(el('Irr El(O)'))).toBe(40);
    expect(bnbBaseDepth(el('Reg HCh(O)'))).toBe(40);
    expect(bnbBaseDepth(el('Irr Cv(O)'))).toBe(30);
    expect(bnbBaseDepth(el('Irr Hd(O)'))).toBe(30);
    expect(bnbBaseDepth(el('Reg Ps(O)'))).toBe(20);
    expect(bnbBaseDepth(el('Irr Bd(F)'))).toBe(20);
    expect(bnbBaseDepth(el('Reg Pk(F)'))).toBe(20);
    expect(bnbBaseDepth(el('Reg Bd(O)'))).toBe(15);
    expect(bnbBaseDepth(el('Reg Pk(I)'))).toBe(15);
    expect(bnbBaseDepth(el('Irr Wb(S)'))).toBe(15);
    expect(bnbBaseDepth(el('Reg Sp(O)'))).toBe(15);
  });
});

describe('B&B 0.7 §7 Push back: a recoiling El stampedes over what it would push back', () => {
  it('El behind El: both El destroyed', () => {
    expect(chain('Irr El(O)', 'Irr El(O)')).toEqual({ frontLost: true, behindLost: [0] });
  });
  it('three Bd(O) behind an El: fronts at 0, 15 and 30mm, all within its 40mm recoil: all destroyed', () => {
    expect(chain('Irr El(O)', 'Reg Bd(O)', 'Reg Bd(O)', 'Reg Bd(O)')).toEqual({
      frontLost: false,
      behindLost: [0, 1, 2],
    });
  });
  it('HCh then Bd behind an El: the HCh (front at 0) dies, the Bd (front at 40mm) is not reached', () => {
    expect(chain('Irr El(O)', 'Irr HCh(O)', 'Reg Bd(O)')).toEqual({ frontLost: false, behindLost: [0] });
  });
  it('Bd then El behind an El: the Bd dies, the El (front at 15mm < 40) dies and takes the recoiling El', () => {
    expect(chain('Irr El(O)', 'Reg Bd(O)', 'Irr El(O)')).toEqual({ frontLost: true, behindLost: [0, 1] });
  });
});

describe('B&B 0.7 §7 Push back: an El cannot be pushed back', () => {
  it('Bd(O) with an El directly behind: the Bd is destroyed', () => {
    expect(chain('Reg Bd(O)', 'Irr El(O)')).toEqual({ frontLost: true, behindLost: [] });
  });
  it('Bd(O) (15mm), Sp (15mm), El: the Sp would push the El and dies; the 15mm it frees carry the Bd recoil', () => {
    expect(chain('Reg Bd(O)', 'Reg Sp(O)', 'Irr El(O)')).toEqual({ frontLost: false, behindLost: [0] });
  });
  it('Cv (30mm), Sp, El: the Sp dies, 15mm freed < 30mm: the Cv reaches the El and dies too', () => {
    expect(chain('Irr Cv(O)', 'Reg Sp(O)', 'Irr El(O)')).toEqual({ frontLost: true, behindLost: [0] });
  });
  it('Ax (20mm), Bd, Ps (20mm), El: only the Ps dies, its 20mm carry the whole recoil', () => {
    expect(chain('Reg Ax(O)', 'Reg Bd(O)', 'Reg Ps(O)', 'Irr El(O)')).toEqual({
      frontLost: false,
      behindLost: [1],
    });
  });
  it('Ps with an El behind passes through it (ch.6 pass through) and stands behind it', () => {
    expect(chain('Reg Ps(O)', 'Irr El(O)')).toEqual({ frontLost: false, behindLost: [], passedThrough: 0 });
    const file = ['Reg Ps(O)', 'Irr El(O)', 'Reg Bd(O)'];
    expect(bnbFileAfterRecoil(file, el)).toEqual({
      ranks: ['Irr El(O)', 'Reg Ps(O)', 'Reg Bd(O)'],
      lost: [],
    });
  });
  it('nothing happens without an El', () => {
    expect(chain('Reg Bd(O)', 'Reg Bd(O)', 'Reg Bd(O)')).toEqual({ frontLost: false, behindLost: [] });
    expect(chain('Irr El(O)')).toEqual({ frontLost: false, behindLost: [] });
  });
});

describe('single combat: the ranks behind push back (B&B 0.7 §7 Push back)', () => {
  it('Reg Bd(O) with an El behind against Reg Bd(O): every recoil (12/36) becomes destroyed (15/36)', () => {
    // 4 + die each, no advantage or grade adjustment. A loses when its die is lower (15/36): by 1-3 (5+4+3 =
    // 12) under its cf 4, Table 7.2 recoil; by 4-5 (2+1 = 3), Table 7.3 destroyed.
    const plain = bnb.exact!(close('Reg Bd(O)', 'Reg Bd(O)'));
    expect(plain.a.recoil.count).toBe(12);
    expect(plain.a.destroyed.count).toBe(3);
    const d = bnb.exact!(close(side('Reg Bd(O)', { rear: [{ element: el('Irr El(O)') }] }), 'Reg Bd(O)'));
    expect(d.a.recoil.count).toBe(0);
    expect(d.a.destroyed.count).toBe(15);
    expect(d.events).toEqual([expect.objectContaining({ id: 'push-back:a', count: 0 })]);
  });
  it('Irr El(O) against Irr Cv(O): recoils 9/36 destroy a Ps behind it; an El behind turns them into destroyed', () => {
    // El 4 (against mounted) + die, Cv 3 + die. A loses when B's die beats A's by 2 or more (4+3+2+1 = 10):
    // by 1-3 points (B's die 2-4 higher: 9) under its cf 4, Table 7.2 El recoil; by 4 (6 v 1): Table 7.3.
    const ps = bnb.exact!(close(side('Irr El(O)', { rear: [{ element: el('Reg Ps(O)') }] }), 'Irr Cv(O)'));
    expect(ps.a.recoil.count).toBe(9);
    expect(ps.a.destroyed.count).toBe(1);
    expect(ps.events?.[0]).toMatchObject({ id: 'push-back:a', count: 9, of: 36 });
    const two = bnb.exact!(close(side('Irr El(O)', { rear: [{ element: el('Irr El(O)') }] }), 'Irr Cv(O)'));
    expect(two.a.recoil.count).toBe(0);
    expect(two.a.destroyed.count).toBe(10);
    expect(two.events?.[0]).toMatchObject({ id: 'push-back:a', count: 9 });
  });
  it('Bg never stand behind a base (B&B 0.7 ch.4 Bg)', () => {
    expect(() =>
      parseBnbSituation({ a: { element: 'Reg Bd(O)', rear: ['Irr Bg(O)'] }, b: { element: 'Reg Bd(O)' } }),
    ).toThrow(/Bg never move/);
  });
});

describe('B&B 0.7 §7 Flee: a flight that cannot avoid enemy', () => {
  // Irr LH(O) 2 (against infantry) + 1 (mounted against Bd) + die; Reg Bd(O) 4 (against mounted) + die.
  // A loses when B's die is at least A's: by 1 (equal dice, 6) under cf 2, Table 7.2 LH flee in GGo;
  // by 2-3 (B's die 1-2 higher: 5+4 = 9) Table 7.3 spent; by 4 or more (3+2+1 = 6) destroyed.
  it('clear path: flee 6/36, spent 9/36, destroyed 6/36', () => {
    const d = bnb.exact!(close('Irr LH(O)', 'Reg Bd(O)'));
    expect([d.a.flee.count, d.a.spent.count, d.a.destroyed.count]).toEqual([6, 9, 6]);
    expect(d.events).toBeUndefined();
  });
  it('enemy it cannot avoid: the flights are destroyed (12/36)', () => {
    const d = bnb.exact!(close(side('Irr LH(O)', { flightBlocked: 'enemy' }), 'Reg Bd(O)'));
    expect([d.a.flee.count, d.a.spent.count, d.a.destroyed.count]).toEqual([0, 9, 12]);
  });
  it('only enemy Ps: destroyed too, and the Ps with it in those 6/36', () => {
    const d = bnb.exact!(close(side('Irr LH(O)', { flightBlocked: 'psiloi' }), 'Reg Bd(O)'));
    expect(d.a.destroyed.count).toBe(12);
    expect(d.events).toEqual([expect.objectContaining({ id: 'blocking-psiloi:a', count: 6, of: 36 })]);
  });
  it('a situation file gives it as flightBlocked', () => {
    const s = parseBnbSituation({
      a: { element: 'Irr LH(O)', flightBlocked: 'psiloi' },
      b: { element: 'Reg Bd(O)' },
    });
    expect(s.a.flightBlocked).toBe('psiloi');
  });
});
