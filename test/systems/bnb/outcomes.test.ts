/** B&B 0.7 ch.7 "combat outcome": Tables 7.2-7.4, their consequences (recoil, river) and pursuit. */
import { describe, expect, it } from 'vitest';
import {
  bnbConsequences,
  bnbDifference,
  bnbPursuit,
  bnbTableOutcome,
  type BnbDifference,
} from '../../../src/systems/bnb/outcomes.ts';
import type { BnbGoing, BnbSide } from '../../../src/systems/bnb/situation.ts';
import { close, shot, side, viewA, viewB } from './helpers.ts';

/** Outcome for loser `a` (in going `going`) beaten by `b` in close combat, from the given table. */
function loses(a: string | BnbSide, b: string, band: BnbDifference, going: BnbGoing = 'good'): string {
  const loser = typeof a === 'string' ? side(a, { going }) : a;
  return bnbTableOutcome(viewA(close(loser, b)), band).outcome;
}
/** Outcome for target `b` shot by Bw. */
const shotLoses = (b: string, band: BnbDifference, going: BnbGoing = 'good') =>
  bnbTableOutcome(viewB(shot('Reg Bw(O)', side(b, { going }))), band).outcome;

describe('which table: multiples of the loser combat factor in the difference', () => {
  it('small below cf, big from cf to under 2 cf, very big from 2 cf (cf 2: 1 / 2-3 / 4+)', () => {
    expect(bnbDifference(4, 5, 2)).toBe('small');
    expect(bnbDifference(4, 6, 2)).toBe('big');
    expect(bnbDifference(4, 7, 2)).toBe('big');
    expect(bnbDifference(4, 8, 2)).toBe('very-big');
  });
  it('cf 4: 1-3 small, 4-7 big, 8 very big', () => {
    expect(bnbDifference(2, 5, 4)).toBe('small');
    expect(bnbDifference(2, 6, 4)).toBe('big');
    expect(bnbDifference(2, 9, 4)).toBe('big');
    expect(bnbDifference(2, 10, 4)).toBe('very-big');
  });
  it('a loser with no combat factor (Bg) is always in the very big table', () => {
    expect(bnbDifference(3, 4, 0)).toBe('very-big');
  });
  it('refuses a winner that does not beat the loser', () => {
    expect(() => bnbDifference(4, 4, 2)).toThrow();
  });
});

describe('Table 7.2 small difference', () => {
  it('any other: recoil (Cm, Wb)', () => {
    expect(loses('Irr Cm(O)', 'Reg Cv(O)', 'small')).toBe('recoil');
    expect(loses('Irr Wb(O)', 'Reg Bd(O)', 'small')).toBe('recoil');
  });
  it('Bg: destroyed', () => expect(loses('Bg(O)', 'Reg Ps(O)', 'small')).toBe('destroyed'));
  it('Hd: destroyed by El, HCh and Wb, otherwise no effect', () => {
    for (const w of ['Irr El(O)', 'Reg HCh(O)', 'Irr Wb(O)'])
      expect(loses('Irr Hd(O)', w, 'small')).toBe('destroyed');
    expect(loses('Irr Hd(O)', 'Reg Cv(O)', 'small')).toBe('none');
    expect(loses('Irr Hd(O)', 'Reg Bd(O)', 'small')).toBe('none');
  });
  it('Bd, Pk, Sp: destroyed by El, HCh and Wb, otherwise recoil', () => {
    for (const l of ['Reg Bd(O)', 'Reg Pk(I)', 'Reg Sp(O)']) {
      for (const w of ['Irr El(O)', 'Reg HCh(O)', 'Irr Wb(O)'])
        expect(loses(l, w, 'small')).toBe('destroyed');
      expect(loses(l, 'Reg Cv(O)', 'small')).toBe('recoil');
      expect(loses(l, 'Reg LCh(O)', 'small')).toBe('recoil');
    }
  });
  it('Bw: destroyed by mounted in going they count as GGo, otherwise recoil', () => {
    expect(loses('Reg Bw(O)', 'Reg Cv(O)', 'small')).toBe('destroyed');
    expect(loses('Reg Bw(O)', 'Reg Cv(O)', 'small', 'rough')).toBe('recoil');
    expect(loses('Reg Bw(O)', 'Reg Cv(O)', 'small', 'dunes')).toBe('recoil');
    expect(loses('Reg Bw(O)', 'Irr Cm(O)', 'small', 'dunes')).toBe('destroyed');
    expect(loses('Reg Bw(O)', 'Reg Bd(O)', 'small')).toBe('recoil');
  });
  it('Ax: destroyed by HCh, otherwise recoil', () => {
    expect(loses('Reg Ax(O)', 'Reg HCh(O)', 'small')).toBe('destroyed');
    expect(loses('Reg Ax(O)', 'Reg LCh(O)', 'small')).toBe('recoil');
  });
  it('Ps: destroyed by Cv, LCh, LH, HCh in GGo; flee in GGo from any but Ps and El; otherwise recoil', () => {
    for (const w of ['Reg Cv(O)', 'Reg LCh(O)', 'Reg LH(O)', 'Reg HCh(O)']) {
      expect(loses('Reg Ps(O)', w, 'small')).toBe('destroyed');
      expect(loses('Reg Ps(O)', w, 'small', 'rough')).toBe('recoil');
    }
    expect(loses('Reg Ps(O)', 'Reg Bd(O)', 'small')).toBe('flee');
    expect(loses('Reg Ps(O)', 'Irr Cm(O)', 'small')).toBe('flee');
    expect(shotLoses('Reg Ps(O)', 'small')).toBe('flee');
    expect(loses('Reg Ps(O)', 'Reg Ps(O)', 'small')).toBe('recoil');
    expect(loses('Reg Ps(O)', 'Irr El(O)', 'small')).toBe('recoil');
    expect(loses('Reg Ps(O)', 'Reg Bd(O)', 'small', 'difficult')).toBe('recoil');
  });
  it('El: destroyed by Ax and Ps, otherwise recoil', () => {
    expect(loses('Irr El(O)', 'Reg Ax(O)', 'small')).toBe('destroyed');
    expect(loses('Irr El(O)', 'Reg Ps(O)', 'small')).toBe('destroyed');
    expect(loses('Irr El(O)', 'Reg Bd(O)', 'small')).toBe('recoil');
  });
  it('Cv: recoil from Cm in dunes; flee in close combat in DGo; otherwise recoil', () => {
    expect(loses('Reg Cv(O)', 'Irr Cm(O)', 'small', 'dunes')).toBe('recoil');
    expect(loses('Reg Cv(O)', 'Reg Bd(O)', 'small', 'dunes')).toBe('flee');
    expect(loses('Reg Cv(O)', 'Reg Bd(O)', 'small', 'difficult')).toBe('flee');
    expect(loses('Reg Cv(O)', 'Reg Bd(O)', 'small')).toBe('recoil');
    expect(shotLoses('Reg Cv(O)', 'small', 'difficult')).toBe('recoil');
  });
  it('LH: recoil from Cm in dunes; flee in close combat in DGo; flee in GGo except from skirmishers', () => {
    expect(loses('Reg LH(O)', 'Irr Cm(O)', 'small', 'dunes')).toBe('recoil');
    expect(loses('Reg LH(O)', 'Reg Ax(O)', 'small', 'difficult')).toBe('flee');
    expect(loses('Reg LH(O)', 'Reg Cv(O)', 'small')).toBe('flee');
    expect(shotLoses('Reg LH(O)', 'small')).toBe('flee');
    expect(loses('Reg LH(O)', 'Reg LH(O)', 'small')).toBe('recoil');
    expect(loses('Reg LH(O)', 'Reg Ps(O)', 'small')).toBe('recoil');
    expect(loses('Reg LH(O)', 'Reg Cv(O)', 'small', 'rough')).toBe('recoil');
  });
  it('LCh: destroyed in close combat in DGo, otherwise recoil', () => {
    expect(loses('Reg LCh(O)', 'Reg Ax(O)', 'small', 'difficult')).toBe('destroyed');
    expect(loses('Reg LCh(O)', 'Reg Ax(O)', 'small', 'rough')).toBe('recoil');
  });
  it('HCh: destroyed in close combat in DGo or against El, otherwise recoil', () => {
    expect(loses('Reg HCh(O)', 'Reg Ax(O)', 'small', 'difficult')).toBe('destroyed');
    expect(loses('Reg HCh(O)', 'Irr El(O)', 'small')).toBe('destroyed');
    expect(loses('Reg HCh(O)', 'Reg Bd(O)', 'small')).toBe('recoil');
    expect(shotLoses('Reg HCh(O)', 'small', 'difficult')).toBe('recoil');
  });
  it('cites Table 7.2', () => {
    expect(bnbTableOutcome(viewA(close('Reg Bd(O)', 'Reg Cv(O)')), 'small').rule).toBe(
      'B&B 0.7 §7.2 Small difference',
    );
  });
});

describe('Table 7.3 big difference', () => {
  it('any other: destroyed', () => {
    for (const l of ['Reg Bd(O)', 'Irr Hd(O)', 'Reg HCh(O)', 'Irr El(O)', 'Reg Ax(O)', 'Irr Cm(O)'])
      expect(loses(l, 'Reg Cv(O)', 'big')).toBe('destroyed');
  });
  it('Ps: spent by heavy infantry except Bw; recoil from El; flee in DGo from mounted in close combat', () => {
    for (const w of ['Reg Bd(O)', 'Reg Sp(O)', 'Reg Pk(I)', 'Irr Wb(O)', 'Irr Hd(O)'])
      expect(loses('Reg Ps(O)', w, 'big')).toBe('spent');
    expect(loses('Reg Ps(O)', 'Reg Bw(O)', 'big')).toBe('destroyed');
    expect(shotLoses('Reg Ps(O)', 'big')).toBe('destroyed');
    expect(loses('Reg Ps(O)', 'Irr El(O)', 'big')).toBe('recoil');
    expect(loses('Reg Ps(O)', 'Reg Cv(O)', 'big', 'difficult')).toBe('flee');
    expect(loses('Reg Ps(O)', 'Reg Cv(O)', 'big')).toBe('destroyed');
    expect(loses('Reg Ps(O)', 'Reg Ax(O)', 'big')).toBe('destroyed');
  });
  it('Cv, LCh: spent in GGo against Pk or Sp, otherwise destroyed', () => {
    for (const l of ['Reg Cv(O)', 'Reg LCh(O)']) {
      expect(loses(l, 'Reg Pk(I)', 'big')).toBe('spent');
      expect(loses(l, 'Reg Sp(O)', 'big')).toBe('spent');
      expect(loses(l, 'Reg Sp(O)', 'big', 'rough')).toBe('destroyed');
      expect(loses(l, 'Reg Bd(O)', 'big')).toBe('destroyed');
    }
  });
  it('LH: flee in close combat in DGo; spent against infantry except Bw and shooting Ps; else destroyed', () => {
    expect(loses('Reg LH(O)', 'Reg Cv(O)', 'big', 'difficult')).toBe('flee');
    expect(loses('Reg LH(O)', 'Reg Bd(O)', 'big')).toBe('spent');
    expect(loses('Reg LH(O)', 'Reg Ax(O)', 'big')).toBe('spent');
    expect(loses('Reg LH(O)', 'Reg Bw(O)', 'big')).toBe('destroyed');
    expect(
      bnbTableOutcome(viewA(close('Reg LH(O)', side('Reg Ps(O)', { weapon: 'other' }))), 'big').outcome,
    ).toBe('spent');
    for (const weapon of ['bow', 'crossbow', 'sling'] as const)
      expect(bnbTableOutcome(viewA(close('Reg LH(O)', side('Reg Ps(O)', { weapon }))), 'big').outcome).toBe(
        'destroyed',
      );
    expect(loses('Reg LH(O)', 'Reg Cv(O)', 'big')).toBe('destroyed');
    expect(shotLoses('Reg LH(O)', 'big')).toBe('destroyed');
  });
});

describe('Table 7.4 very big difference', () => {
  it('any: destroyed; Ps flee from El', () => {
    expect(loses('Reg Ps(O)', 'Irr El(O)', 'very-big')).toBe('flee');
    expect(loses('Reg Ps(O)', 'Reg Bd(O)', 'very-big')).toBe('destroyed');
    expect(loses('Reg LH(O)', 'Reg Bd(O)', 'very-big')).toBe('destroyed');
    expect(loses('Reg Cv(O)', 'Reg Sp(O)', 'very-big')).toBe('destroyed');
    expect(bnbTableOutcome(viewA(close('Reg Bd(O)', 'Reg Cv(O)')), 'very-big').rule).toBe(
      'B&B 0.7 §7.4 Very big difference',
    );
  });
});

describe('consequences that change the table reading', () => {
  const read = (s: BnbSide, outcome: 'recoil' | 'flee', shooting = false) =>
    bnbConsequences(viewA(shooting ? shot('Reg Bw(O)', s) : close(s, 'Reg Cv(O)')), {
      outcome,
      reason: 'x',
      rule: 'y',
    }).outcome;
  it('a flank or rear attacked base cannot recoil (or start a flight) and is destroyed (§7 Recoil)', () => {
    expect(read(side('Reg Bd(O)', { flankAttacked: true }), 'recoil')).toBe('destroyed');
    expect(read(side('Reg Bd(O)', { rearAttacked: true }), 'recoil')).toBe('destroyed');
    expect(read(side('Reg LH(O)', { flankAttacked: true }), 'flee')).toBe('destroyed');
    expect(read(side('Reg Bd(O)'), 'recoil')).toBe('recoil');
  });
  it('a recoil over a long table edge destroys', () => {
    expect(read(side('Reg Bd(O)', { recoilOffTable: true }), 'recoil')).toBe('destroyed');
  });
  it('a wader that must flee is spent (§5 River), even when flank attacked', () => {
    expect(read(side('Reg LH(O)', { wader: true }), 'flee')).toBe('spent');
    expect(read(side('Reg LH(O)', { wader: true, flankAttacked: true }), 'flee')).toBe('spent');
    expect(read(side('Reg LH(O)', { wader: true }), 'recoil')).toBe('recoil');
  });
});

describe('pursuit (§7 Pursuit)', () => {
  const pursuit = (w: string | BnbSide, l: string | BnbSide, die = 2, out: 'recoil' | 'spent' = 'recoil') =>
    bnbPursuit(
      viewA(close(typeof w === 'string' ? side(w) : w, typeof l === 'string' ? side(l) : l)),
      die,
      out,
    );
  it('HCh must, except against Ps', () => {
    expect(pursuit('Reg HCh(O)', 'Reg Bd(O)')).toBe('must');
    expect(pursuit('Reg HCh(O)', 'Reg Ps(O)')).toBe('no');
  });
  it('Irr Sp and Irr Bd must against infantry but Ps; Reg Bd may', () => {
    expect(pursuit('Irr Sp(O)', 'Reg Ax(O)')).toBe('must');
    expect(pursuit('Irr Bd(O)', 'Reg Ax(O)')).toBe('must');
    expect(pursuit('Irr Bd(O)', 'Reg Cv(O)')).toBe('no');
    expect(pursuit('Reg Sp(O)', 'Reg Ax(O)')).toBe('no');
    expect(pursuit('Reg Bd(O)', 'Reg Cv(O)')).toBe('may');
  });
  it('Pk and Wb must against any but Ps and LH; infantry but Bw may against Ps or LH', () => {
    expect(pursuit('Reg Pk(I)', 'Reg Cv(O)')).toBe('must');
    expect(pursuit('Irr Wb(O)', 'Reg LH(O)')).toBe('may');
    expect(pursuit('Reg Ax(O)', 'Reg Ps(O)')).toBe('may');
    expect(pursuit('Reg Bw(O)', 'Reg Ps(O)')).toBe('no');
  });
  it('uphill on an odd die must pursue (not against Ps, unless Ps themselves); against uphill enemy may', () => {
    expect(pursuit(side('Reg Cv(O)', { upperGround: true }), 'Reg Ax(O)', 3)).toBe('must');
    expect(pursuit(side('Reg Cv(O)', { upperGround: true }), 'Reg Ax(O)', 4)).toBe('no');
    expect(pursuit(side('Reg Cv(O)', { upperGround: true }), 'Reg Ps(O)', 3)).toBe('no');
    expect(pursuit(side('Reg Ps(O)', { upperGround: true }), 'Reg Ps(O)', 5)).toBe('must');
    expect(pursuit('Reg Cv(O)', side('Reg Ax(O)', { upperGround: true }))).toBe('may');
  });
  it('waders must; a base defending a river edge never; nobody after shooting or a spent loser', () => {
    expect(pursuit(side('Reg Cv(O)', { wader: true }), 'Reg Cv(O)')).toBe('must');
    expect(pursuit(side('Reg Pk(I)', { defendingRiverEdge: true }), side('Reg Cv(O)', { wader: true }))).toBe(
      'no',
    );
    expect(pursuit('Reg Pk(I)', 'Reg Cv(O)', 2, 'spent')).toBe('no');
    expect(bnbPursuit(viewA(shot('Reg Bw(O)', 'Reg Cv(O)')), 2, 'recoil')).toBe('no');
  });
});
