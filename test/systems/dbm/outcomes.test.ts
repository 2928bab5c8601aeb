/** DBM 3.2 p.23 Combat Outcome, clause by clause, and the consequences on pp.23-24. */
import { describe, expect, it } from 'vitest';
import { lossOutcome, lossRoll, sit } from './helpers.ts';

type Case = [string, string, string, Parameters<typeof sit>[2], string];
// [loser B, winner A, margin, options, expected outcome of B]
/** For 'half' cases B is also demoralised and overlapped on both flanks, which only lowers its score. */
const handicap = (opts: Parameters<typeof sit>[2] = {}) => ({
  ...opts,
  b: { demoralised: true, overlaps: 2, ...opts.b },
});
const check = (cases: Case[]) =>
  it.each(cases)('%s beaten by %s (%s) %#', (b, a, margin, opts, expected) => {
    const o = margin === 'half' ? handicap(opts) : opts;
    expect(lossOutcome(sit(a, b, o), 'b', margin as 'less' | 'half' | 'equal')).toBe(expected);
  });

describe('DBM 3.2 p.23 equal totals', () => {
  check([
    ['Irr Exp(O)', 'Reg Bd(O)', 'equal', {}, 'destroyed'],
    ['Reg Bd(O)', 'Reg Bd(O)', 'equal', {}, 'none'],
  ]);
});

describe('DBM 3.2 p.23 less than the opponent but more than half', () => {
  describe('elephants', () =>
    check([
      ['Irr El(O)', 'Reg Art(O)', 'less', { mode: 'shooting' }, 'destroyed'],
      ['Irr El(O)', 'Reg Ps(O)', 'less', {}, 'destroyed'],
      ['Irr El(O)', 'Reg Ax(O)', 'less', {}, 'destroyed'],
      ['Irr El(O)', 'Irr Cm(X)', 'less', {}, 'destroyed'],
      ['Irr El(O)', 'Reg Bd(O)', 'less', {}, 'recoil'],
    ]));
  describe('knights', () =>
    check([
      ['Reg Kn(O)', 'Irr El(O)', 'less', {}, 'destroyed'],
      ['Reg Kn(O)', 'Reg LH(O)', 'less', {}, 'destroyed'],
      ['Reg Kn(O)', 'Irr Exp(O)', 'less', {}, 'destroyed'],
      ['Reg Kn(O)', 'Reg Bw(S)', 'less', { b: { movedIntoContact: true } }, 'destroyed'],
      ['Reg Kn(O)', 'Reg Bw(S)', 'less', {}, 'recoil'],
      ['Reg Kn(O)', 'Reg Bw(O)', 'less', { b: { movedIntoContact: true } }, 'recoil'],
      ['Reg Kn(O)', 'Reg Bd(O)', 'less', { b: { going: 'difficult' } }, 'destroyed'],
      ['Reg Kn(O)', 'Reg Bd(O)', 'less', {}, 'recoil'],
      // 3.0: destroyed by Bd(X) in the blades' bound (end notes iv, lix).
      ['Reg Kn(O)', 'Reg Bd(X)', 'less', { rules: 'dbm-3.0' }, 'destroyed'],
      ['Reg Kn(O)', 'Reg Bd(X)', 'less', { rules: 'dbm-3.0', bound: 'b' }, 'recoil'],
      ['Reg Kn(O)', 'Reg Bd(X)', 'less', {}, 'recoil'],
    ]));
  describe('light horse and other mounted', () =>
    check([
      ['Reg LH(O)', 'Reg Art(O)', 'less', { mode: 'shooting' }, 'flee'],
      ['Reg LH(O)', 'Irr Exp(O)', 'less', {}, 'flee'],
      ['Reg LH(O)', 'Reg Ax(O)', 'less', { b: { going: 'difficult' } }, 'flee'],
      ['Reg LH(O)', 'Reg Cv(O)', 'less', {}, 'recoil'],
      ['Reg Cv(O)', 'Irr Exp(O)', 'less', {}, 'flee'],
      ['Reg Cv(O)', 'Reg Ax(O)', 'less', { b: { going: 'difficult' } }, 'flee'],
      ['Reg Cv(O)', 'Reg Kn(O)', 'less', {}, 'recoil'],
      ['Irr Cm(O)', 'Reg Kn(O)', 'less', {}, 'recoil'],
    ]));
  describe('spears, pikes, blades', () =>
    check([
      ['Reg Sp(O)', 'Reg Kn(O)', 'less', {}, 'destroyed'],
      ['Reg Sp(O)', 'Reg Kn(O)', 'less', { b: { going: 'rough' } }, 'recoil'],
      ['Reg Sp(O)', 'Irr Wb(O)', 'less', {}, 'destroyed'],
      ['Reg Sp(O)', 'Irr El(O)', 'less', {}, 'destroyed'],
      // 3.1+: supported spears recoil from elephants; 3.0 spears were not destroyed by elephants (lx).
      ['Reg Sp(O)', 'Irr El(O)', 'less', { b: { rear: ['Reg Sp(O)'] } }, 'recoil'],
      ['Reg Sp(O)', 'Irr El(O)', 'less', { rules: 'dbm-3.0' }, 'recoil'],
      ['Reg Sp(O)', 'Reg Bd(O)', 'less', {}, 'recoil'],
      ['Reg Pk(O)', 'Reg Kn(O)', 'less', {}, 'destroyed'],
      ['Reg Pk(O)', 'Irr El(O)', 'less', { b: { rear: ['Reg Pk(O)'] } }, 'recoil'],
      ['Reg Pk(X)', 'Irr El(O)', 'less', { b: { rear: ['Reg Pk(I)'] } }, 'recoil'],
      ['Reg Pk(O)', 'Irr El(O)', 'less', { b: { rear: ['Reg Pk(I)'] } }, 'destroyed'],
      ['Reg Bd(O)', 'Reg Kn(O)', 'less', {}, 'destroyed'],
      ['Reg Bd(O)', 'Irr Cm(S)', 'less', {}, 'destroyed'],
      ['Reg Bd(O)', 'Irr Wb(O)', 'less', {}, 'destroyed'],
      ['Reg Bd(O)', 'Irr El(O)', 'less', {}, 'recoil'],
      // 3.1+: Bd(S)/(O) supported by Bd(S)/(O) recoil from knights (lxii); not Bd(I) or Bd(F).
      ['Reg Bd(O)', 'Reg Kn(O)', 'less', { b: { rear: ['Reg Bd(O)'] } }, 'recoil'],
      ['Reg Bd(S)', 'Reg Kn(O)', 'less', { b: { rear: ['Reg Bd(O)'] } }, 'recoil'],
      ['Reg Bd(O)', 'Reg Kn(O)', 'less', { b: { rear: ['Reg Bd(I)'] } }, 'destroyed'],
      ['Reg Bd(I)', 'Reg Kn(O)', 'less', { b: { rear: ['Reg Bd(I)'] } }, 'destroyed'],
      ['Reg Bd(F)', 'Reg Kn(O)', 'less', { b: { rear: ['Reg Bd(O)'] } }, 'destroyed'],
      ['Reg Bd(X)', 'Reg Kn(O)', 'less', { b: { rear: ['Reg Bd(X)'] } }, 'recoil'],
      ['Reg Bd(O)', 'Reg Kn(O)', 'less', { b: { rear: ['Reg Bd(O)'] }, rules: 'dbm-3.0' }, 'destroyed'],
    ]));
  describe('warband', () =>
    check([
      ['Irr Wb(O)', 'Reg Kn(O)', 'less', {}, 'destroyed'],
      ['Irr Wb(O)', 'Irr El(O)', 'less', {}, 'destroyed'],
      ['Irr Wb(O)', 'Reg Bd(O)', 'less', {}, 'recoil'],
      // 3.2: Wb(S)/(O) with 2nd, 3rd and 4th ranks of Wb(S)/(O) recoil instead (003 "Page 23").
      ['Irr Wb(O)', 'Reg Kn(O)', 'less', { b: { rear: ['Irr Wb(O)', 'Irr Wb(S)', 'Irr Wb(O)'] } }, 'recoil'],
      ['Irr Wb(O)', 'Reg Kn(O)', 'less', { b: { rear: ['Irr Wb(O)', 'Irr Wb(O)'] } }, 'destroyed'],
      [
        'Irr Wb(O)',
        'Reg Kn(O)',
        'less',
        { b: { rear: ['Irr Wb(O)', 'Irr Wb(F)', 'Irr Wb(O)'] } },
        'destroyed',
      ],
    ]));
  describe('auxilia, bowmen, psiloi', () =>
    check([
      ['Reg Ax(O)', 'Reg Kn(O)', 'less', {}, 'destroyed'],
      ['Reg Ax(O)', 'Reg Kn(O)', 'less', { b: { going: 'rough' } }, 'recoil'],
      ['Reg Ax(O)', 'Irr Wb(O)', 'less', {}, 'recoil'],
      ['Reg Ax(X)', 'Irr Wb(O)', 'less', {}, 'destroyed'],
      ['Reg Ax(X)', 'Irr El(O)', 'less', {}, 'destroyed'],
      ['Reg Bw(O)', 'Reg Cv(O)', 'less', {}, 'destroyed'],
      ['Reg Bw(O)', 'Reg Bd(O)', 'less', {}, 'recoil'],
      ['Reg Ps(O)', 'Reg Cv(O)', 'less', {}, 'destroyed'],
      ['Reg Ps(O)', 'Reg Cv(O)', 'less', { b: { going: 'rough' } }, 'recoil'],
      ['Reg Ps(O)', 'Irr El(O)', 'less', {}, 'recoil'],
      ['Reg Ps(O)', 'Reg Bw(O)', 'less', { mode: 'shooting' }, 'recoil'],
      ['Reg Ps(O)', 'Reg Art(O)', 'less', { mode: 'shooting' }, 'flee'],
      ['Reg Ps(O)', 'Reg Bd(O)', 'less', {}, 'flee'],
    ]));
  describe('train, hordes, naval, baggage', () =>
    check([
      ['Reg Art(O)', 'Reg Bd(O)', 'less', {}, 'destroyed'],
      ['Reg Art(O)', 'Reg Art(O)', 'less', { mode: 'shooting', shooters: 'both' }, 'recoil'],
      [
        'Reg Art(O)',
        'Reg Art(O)',
        'less',
        { mode: 'shooting', shooters: 'both', b: { fortification: 'permanent' } },
        'none',
      ],
      ['Reg WWg(O)', 'Reg Art(O)', 'less', { mode: 'shooting', shooters: 'both' }, 'destroyed'],
      ['Reg WWg(O)', 'Irr El(O)', 'less', {}, 'destroyed'],
      ['Reg WWg(X)', 'Irr El(O)', 'less', {}, 'none'],
      ['Reg WWg(O)', 'Reg Bd(O)', 'less', {}, 'none'],
      ['Irr Hd(O)', 'Reg Kn(O)', 'less', {}, 'destroyed'],
      ['Irr Hd(O)', 'Irr Wb(O)', 'less', {}, 'destroyed'],
      ['Irr Hd(O)', 'Reg Bd(O)', 'less', {}, 'recoil'],
      // 3.1+: Hd(I) destroyed on less in close combat, and do not recoil when shot (lxiii).
      ['Irr Hd(I)', 'Reg Bd(O)', 'less', {}, 'destroyed'],
      ['Irr Hd(I)', 'Reg Bd(O)', 'less', { rules: 'dbm-3.0' }, 'recoil'],
      ['Irr Hd(I)', 'Reg Bw(O)', 'less', { mode: 'shooting' }, 'none'],
      ['Reg Gal(O)', 'Reg Gal(O)', 'less', {}, 'recoil'],
      ['Reg Gal(O)', 'Reg Gal(O)', 'less', { b: { unladen: true } }, 'destroyed'],
      ['Irr Bg(O)', 'Reg Bd(O)', 'less', {}, 'destroyed'],
      ['Irr Bg(O)', 'Reg Bw(O)', 'less', { mode: 'shooting', b: { mobile: true } }, 'flee'],
      ['Irr Bg(O)', 'Reg Bw(O)', 'less', { mode: 'shooting' }, 'none'],
      ['Irr Exp(O)', 'Reg Bd(O)', 'less', {}, 'destroyed'],
    ]));
});

describe('DBM 3.2 p.23 half or less of the opponent', () => {
  check([
    ['Reg Cv(O)', 'Reg Sp(O)', 'half', {}, 'flee'],
    ['Reg Cv(O)', 'Reg Sp(O)', 'half', { b: { going: 'rough' } }, 'destroyed'],
    ['Reg Cv(O)', 'Reg Ax(X)', 'half', {}, 'flee'],
    ['Reg Cv(O)', 'Reg Art(O)', 'half', {}, 'flee'],
    ['Reg Cv(O)', 'Reg Art(I)', 'half', {}, 'destroyed'],
    ['Reg Cv(O)', 'Reg Gal(O)', 'half', {}, 'flee'],
    ['Reg Cv(O)', 'Reg Kn(O)', 'half', {}, 'destroyed'],
    ['Reg LH(O)', 'Reg Cv(O)', 'half', {}, 'destroyed'],
    ['Reg LH(O)', 'Reg Ps(O)', 'half', {}, 'destroyed'],
    ['Reg LH(O)', 'Reg Ps(S)', 'half', {}, 'flee'],
    ['Reg LH(O)', 'Reg Bw(O)', 'half', { mode: 'shooting' }, 'flee'],
    ['Reg LH(O)', 'Reg Ax(O)', 'half', { b: { going: 'difficult' } }, 'destroyed'],
    ['Reg Ps(O)', 'Reg Cv(O)', 'half', {}, 'destroyed'],
    ['Reg Ps(O)', 'Reg Cv(O)', 'half', { b: { going: 'rough' } }, 'flee'],
    ['Reg Ps(O)', 'Reg Bw(O)', 'half', {}, 'destroyed'],
    ['Reg Ps(O)', 'Reg Ax(O)', 'half', {}, 'destroyed'],
    ['Reg Ps(O)', 'Reg Ax(X)', 'half', {}, 'flee'],
    ['Reg Ps(X)', 'Reg Ax(X)', 'half', {}, 'destroyed'],
    ['Reg Ps(O)', 'Reg Bd(O)', 'half', {}, 'flee'],
    ['Reg Bd(O)', 'Reg Art(O)', 'half', {}, 'flee'],
    ['Reg Bd(O)', 'Reg Art(X)', 'half', {}, 'destroyed'],
    ['Reg Bd(O)', 'Reg Gal(O)', 'half', {}, 'flee'],
    ['Reg Bd(O)', 'Reg Bd(O)', 'half', {}, 'destroyed'],
    ['Reg Gal(O)', 'Reg Art(S)', 'half', { mode: 'shooting' }, 'destroyed'],
    ['Reg Gal(O)', 'Reg Bw(O)', 'half', { mode: 'shooting' }, 'flee'],
    ['Reg Gal(O)', 'Reg Gal(O)', 'half', {}, 'destroyed'],
  ]);
});

describe('DBM 3.2 p.23 consequences', () => {
  it('an element shooting without being shot back disregards an unfavourable outcome', () => {
    expect(lossOutcome(sit('Reg Bd(O)', 'Reg Bw(O)', { mode: 'shooting', shooters: 'b' }), 'b', 'half')).toBe(
      'none',
    );
  });
  it('a recoil with an enemy in contact with flank or rear destroys the recoiler (Figure 12)', () => {
    expect(lossOutcome(sit('Reg Bd(O)', 'Reg Bd(O)', { b: { flankContacts: 1 } }), 'b', 'less')).toBe(
      'destroyed',
    );
    expect(lossOutcome(sit('Reg Bd(O)', 'Reg Bd(O)', { b: { rearContact: true } }), 'b', 'less')).toBe(
      'destroyed',
    );
    expect(lossOutcome(sit('Reg Bd(O)', 'Reg Bd(O)', { b: { overlaps: 2 } }), 'b', 'less')).toBe('recoil');
  });
  it('a recoil blocked by friends that can be neither passed through nor pushed back destroys (p.23 Recoiling)', () => {
    expect(lossOutcome(sit('Reg Bd(O)', 'Reg Kn(O)', { b: { rear: ['Reg WWg(O)'] } }), 'b', 'less')).toBe(
      'destroyed',
    );
    expect(lossOutcome(sit('Reg Bd(O)', 'Reg Kn(O)', { b: { rear: ['Reg Cv(O)'] } }), 'b', 'less')).toBe(
      'recoil',
    );
    expect(lossOutcome(sit('Reg Bd(O)', 'Reg Sp(O)', { b: { rear: ['Irr Bg(O)'] } }), 'b', 'less')).toBe(
      'recoil',
    );
  });
  describe('destroyed in close combat: who dies behind (p.23 Destroyed Elements)', () => {
    const rearLost = (b: string, rear: string[], rules?: 'dbm-3.0') =>
      lossRoll(sit('Reg Kn(O)', b, handicap({ b: { rear }, ...(rules ? { rules } : {}) })), 'b', 'half').b
        .rearLost;
    it('the rank directly behind dies with the front element', () =>
      expect(rearLost('Reg Sp(O)', ['Reg Sp(O)', 'Reg Sp(O)'])).toBe(1));
    it('3.0: every element that gave rear support dies too (end note lxiv)', () =>
      expect(rearLost('Reg Pk(O)', ['Reg Pk(O)', 'Reg Pk(O)', 'Reg Pk(O)'], 'dbm-3.0')).toBe(3));
    it('supporting psiloi die with the front element', () =>
      expect(
        lossRoll(
          sit(
            'Reg Kn(O)',
            'Reg Sp(O)',
            handicap({
              b: { rear: ['Reg Sp(O)', { element: 'Reg Ps(O)', weapon: 'bow', listPermitted: true }] },
            }),
          ),
          'b',
          'half',
        ).b.rearLost,
      ).toBe(2));
    it('psiloi in front do not take non-psiloi behind with them', () =>
      expect(rearLost('Reg Ps(O)', ['Reg Bd(O)'])).toBe(0));
    it('war wagons in front or behind are spared', () => {
      expect(rearLost('Reg WWg(O)', ['Reg Bd(O)'])).toBe(0);
    });
    it('3.2: Hd(I) in front do not take the rank behind (end note lxv)', () => {
      expect(rearLost('Irr Hd(I)', ['Irr Hd(I)'])).toBe(0);
      expect(rearLost('Irr Hd(I)', ['Irr Hd(I)'], 'dbm-3.0')).toBe(1);
    });
    it('nothing behind dies when destroyed by shooting (Figure 10)', () => {
      const s = sit('Reg Bw(O)', 'Reg Sp(O)', handicap({ mode: 'shooting', b: { rear: ['Reg Sp(O)'] } }));
      expect(lossRoll(s, 'b', 'half').b.rearLost).toBe(0);
    });
  });
  describe('pursuit (p.24 Pursuing Elements)', () => {
    const pursuit = (a: string, b: string, opts: Parameters<typeof sit>[2] = {}) =>
      lossRoll(sit(a, b, opts), 'b', 'less').a.pursuit;
    it('knights except (X) pursue', () => {
      expect(pursuit('Reg Kn(O)', 'Reg Cv(O)')).toBe('must');
      expect(pursuit('Reg Kn(X)', 'Reg Cv(O)')).toBe('no');
    });
    it('pikes, irregular blades and spears, and impetuous troops pursue; regular blades do not', () => {
      expect(pursuit('Reg Pk(O)', 'Reg Ax(O)')).toBe('must');
      expect(pursuit('Irr Bd(O)', 'Reg Ax(O)')).toBe('must');
      expect(pursuit('Irr Sp(O)', 'Reg Ax(O)')).toBe('must');
      expect(pursuit('Irr Wb(O)', 'Reg Ax(O)')).toBe('must');
      expect(pursuit('Reg Bd(O)', 'Reg Ax(O)')).toBe('no');
    });
    it('foot against skirmishers, pikes or blades against mounted, knights against psiloi may choose', () => {
      expect(pursuit('Irr Wb(O)', 'Reg Ps(O)')).toBe('may');
      expect(pursuit('Reg Pk(O)', 'Reg Cv(O)')).toBe('may');
      expect(pursuit('Reg Kn(O)', 'Reg Ps(O)')).toBe('may');
    });
    it('defenders of fortifications do not pursue', () => {
      expect(pursuit('Reg Pk(O)', 'Reg Ax(O)', { a: { fortification: 'temporary' } })).toBe('no');
    });
  });
});
