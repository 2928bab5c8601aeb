/** DBA 3.0 Combat outcome (pairing: docs/rulings.md "DBA 3.0"), clause by clause. */
import { describe, expect, it } from 'vitest';
import { compareTotals } from '../../../src/systems/dba/outcomes.ts';
import { fight, loserOutcome, roll } from './helpers.ts';

/** Outcome of A when A's total equals B's. */
const equal = (a: string, b: string, opts: Parameters<typeof fight>[2] = {}) =>
  loserOutcome(fight(a, b, opts), 'equal', 'a');
/** Outcome of A when beaten by B but not doubled. */
const beaten = (a: string, b: string, opts: Parameters<typeof fight>[2] = {}) =>
  loserOutcome(fight(a, b, opts), 'beaten', 'a');
/** Outcome of A when B's total is at least double A's. */
const doubled = (a: string, b: string, opts: Parameters<typeof fight>[2] = {}) =>
  loserOutcome(fight(a, b, opts), 'doubled', 'a');
const shooting = { mode: 'shooting' } as const;
/** Artillery (side B) shoots in its own bound. */
const bShoots = { mode: 'shooting', bound: 'b' } as const;

describe('comparing totals', () => {
  it('equal, beaten (more than half), doubled (half or less)', () => {
    expect(compareTotals(5, 5)).toBe('equal');
    expect(compareTotals(6, 5)).toBe('won');
    expect(compareTotals(4, 7)).toBe('beaten');
    expect(compareTotals(4, 8)).toBe('doubled');
    expect(compareTotals(3, 8)).toBe('doubled');
  });
});

describe('equal totals', () => {
  it('no effect for either side at a city, fort or camp', () => {
    expect(equal('3Kn', '4Bd', { b: { defending: 'camp' } })).toBe('none');
    expect(equal('3Cv', '4Sp', { b: { defending: 'city' } })).toBe('none');
    expect(equal('3Ax', '4Bw', { mode: 'shooting', a: { defending: 'fort' }, shooters: 'b' })).toBe('none');
  });
  it('Scythed Chariots: destroyed (unconfirmed reading), overridable', () => {
    expect(equal('SCh', '4Sp')).toBe('destroyed');
    expect(equal('SCh', '4Sp', { readings: { scythedChariotsEqual: 'none' } })).toBe('none');
  });
  it('Knights or Camelry: destroyed in close combat by Blades, or by Bows that are Lb or Cb', () => {
    expect(equal('3Kn', '4Bd')).toBe('destroyed');
    expect(equal('4Kn', '3Bd')).toBe('destroyed');
    expect(equal('6Kn', 'Lit')).toBe('destroyed');
    expect(equal('3Kn', '4Lb')).toBe('destroyed');
    expect(equal('3Kn', '3Cb')).toBe('destroyed');
    expect(equal('3Cm', '4Bd')).toBe('destroyed');
  });
  it('Knights or Camelry: recoiled in close combat by other Solid foot; 4Kn by 3Kn; otherwise no effect', () => {
    expect(equal('3Kn', '4Bw')).toBe('recoil');
    expect(equal('3Kn', '4Sp')).toBe('recoil');
    expect(equal('3Cm', '7Hd')).toBe('recoil');
    expect(equal('3Kn', '3Bw')).toBe('none');
    expect(equal('3Kn', '3Ax')).toBe('none');
    expect(equal('4Kn', '3Kn')).toBe('recoil');
    expect(equal('3Kn', '4Kn')).toBe('none');
    expect(equal('HCh', '3Kn')).toBe('none');
    expect(equal('3Kn', '4Lb', shooting)).toBe('none');
  });
  it('other mounted: recoiled by Solid foot in close combat, otherwise no effect', () => {
    expect(equal('3Cv', '4Sp')).toBe('recoil');
    expect(equal('El', '4Pk')).toBe('recoil');
    expect(equal('2LH', 'WWg')).toBe('recoil');
    expect(equal('3Cv', '3Ax')).toBe('none');
    expect(equal('2LH', '3Kn')).toBe('none');
    expect(equal('3Cv', '4Bw', shooting)).toBe('none');
  });
  it('Fast foot: recoiled by Solid foot in close combat or shooting at it, otherwise no effect', () => {
    expect(equal('3Ax', '4Sp')).toBe('recoil');
    expect(equal('3Bw', '4Bw', shooting)).toBe('recoil');
    expect(equal('5Hd', 'Art', bShoots)).toBe('recoil');
    expect(equal('3Bw', '3Bw', shooting)).toBe('none');
    expect(equal('3Ax', '3Kn')).toBe('none');
    expect(equal('6Bd', '3Ax')).toBe('none');
    expect(equal('CF', '4Bd')).toBe('recoil');
  });
  it('Solid foot: no effect', () => {
    expect(equal('4Sp', '4Bd')).toBe('none');
    expect(equal('4Bd', 'El')).toBe('none');
    expect(equal('4Bw', '4Bw', shooting)).toBe('none');
  });
});

describe('less than the opponent but more than half', () => {
  it('defenders of a city, fort or camp are destroyed; their assaulters recoil', () => {
    expect(beaten('4Bd', '3Kn', { a: { defending: 'camp' } })).toBe('destroyed');
    expect(beaten('4Bw', '4Bw', { mode: 'shooting', a: { defending: 'city' } })).toBe('destroyed');
    expect(beaten('3Kn', '4Bd', { b: { defending: 'camp' } })).toBe('recoil');
    expect(beaten('4Sp', '4Bd', { b: { defending: 'fort' } })).toBe('recoil');
  });
  it('sallied camp followers or denizens are destroyed', () => {
    expect(beaten('CF', '3Cv')).toBe('destroyed');
    expect(beaten('Dz', '4Sp')).toBe('destroyed');
  });
  it('destroyed with enemy in contact with flank or rear, unless War Wagons', () => {
    expect(beaten('4Sp', '4Bd', { a: { flankContacts: 1 } })).toBe('destroyed');
    expect(beaten('3Cv', '3Cv', { a: { rearContact: true } })).toBe('destroyed');
    expect(beaten('WWg', '4Bd', { a: { flankContacts: 1 } })).toBe('none');
  });
  it('Elephants: destroyed by Psiloi, Auxilia, Light Horse or Artillery shooting; otherwise recoil', () => {
    expect(beaten('El', '2Ps')).toBe('destroyed');
    expect(beaten('El', '3Ax')).toBe('destroyed');
    expect(beaten('El', '2LH')).toBe('destroyed');
    expect(beaten('El', 'LCm')).toBe('destroyed');
    expect(beaten('El', 'Art', bShoots)).toBe('destroyed');
    expect(beaten('El', '4Bw', shooting)).toBe('recoil');
    expect(beaten('El', '4Sp')).toBe('recoil');
  });
  it('Scythed Chariots: flee if shot at other than in the rear; otherwise destroyed', () => {
    expect(beaten('SCh', '4Bw', shooting)).toBe('flee');
    expect(beaten('SCh', '4Bw', { mode: 'shooting', a: { shotInRear: true } })).toBe('destroyed');
    expect(beaten('SCh', '4Sp')).toBe('destroyed');
  });
  it('Knights: destroyed by Elephants, Scythed Chariots, Camelry or Light Horse; otherwise recoil', () => {
    expect(beaten('3Kn', 'El')).toBe('destroyed');
    expect(beaten('3Kn', 'SCh')).toBe('destroyed');
    expect(beaten('4Kn', '3Cm')).toBe('destroyed');
    expect(beaten('3Kn', '2LH')).toBe('destroyed');
    expect(beaten('3Kn', '4Sp')).toBe('recoil');
    expect(beaten('3Kn', '3Kn')).toBe('recoil');
  });
  it('Camelry: destroyed by Scythed Chariots or in bad going; flee from Elephants; otherwise recoil', () => {
    expect(beaten('3Cm', 'SCh')).toBe('destroyed');
    expect(beaten('3Cm', '3Ax', { a: { going: 'bad' } })).toBe('destroyed');
    expect(beaten('3Cm', '3Ax', { a: { going: 'dunes' } })).toBe('recoil');
    expect(beaten('3Cm', 'El')).toBe('flee');
    expect(beaten('3Cm', '4Sp')).toBe('recoil');
  });
  it('Cavalry: flee from Scythed Chariots or in bad going; otherwise recoil', () => {
    expect(beaten('3Cv', 'SCh')).toBe('flee');
    expect(beaten('3Cv', '3Ax', { a: { going: 'bad' } })).toBe('flee');
    expect(beaten('LCh', '3Ax', { a: { going: 'dunes' } })).toBe('flee');
    expect(beaten('3Cv', '3Ax', { a: { going: 'rough' } })).toBe('recoil');
    expect(beaten('6Cv', '3Kn')).toBe('recoil');
  });
  it('Light Horse: flee from Scythed Chariots, Artillery shooting, or in bad going; otherwise recoil', () => {
    expect(beaten('2LH', 'SCh')).toBe('flee');
    expect(beaten('2LH', 'Art', bShoots)).toBe('flee');
    expect(beaten('2LH', '3Ax', { a: { going: 'bad' } })).toBe('flee');
    expect(beaten('LCm', '3Ax', { a: { going: 'dunes' } })).toBe('recoil');
    expect(beaten('2LH', '4Bw', shooting)).toBe('recoil');
    expect(beaten('2LH', '3Kn')).toBe('recoil');
  });
  it('Spears, Pikes or Blades: destroyed by Knights or Scythed Chariots in good going, or by Warband; otherwise recoil', () => {
    expect(beaten('4Sp', '3Kn')).toBe('destroyed');
    expect(beaten('4Pk', 'SCh')).toBe('destroyed');
    expect(beaten('4Bd', '6Kn')).toBe('destroyed');
    expect(beaten('4Sp', '3Kn', { a: { going: 'rough' } })).toBe('recoil');
    expect(beaten('4Sp', '4Wb')).toBe('destroyed');
    expect(beaten('3Pk', '3Wb', { a: { going: 'bad' } })).toBe('destroyed');
    expect(beaten('4Bd', '4Bd')).toBe('recoil');
    expect(beaten('4Sp', 'El')).toBe('recoil');
  });
  it('Auxilia: destroyed by Knights in good going; otherwise recoil', () => {
    expect(beaten('3Ax', '3Kn')).toBe('destroyed');
    expect(beaten('4Ax', '3Kn', { a: { going: 'rough' } })).toBe('recoil');
    expect(beaten('3Ax', '3Cv')).toBe('recoil');
    expect(beaten('3Ax', '4Wb')).toBe('recoil');
  });
  it('Bows: destroyed by any mounted; otherwise recoil', () => {
    expect(beaten('4Bw', '2LH')).toBe('destroyed');
    expect(beaten('3Lb', '3Cv')).toBe('destroyed');
    expect(beaten('8Cb', 'El')).toBe('destroyed');
    expect(beaten('4Bw', '4Bd')).toBe('recoil');
    expect(beaten('4Bw', '4Bw', shooting)).toBe('recoil');
  });
  it('Psiloi: destroyed by Knights, Cavalry or Camelry in going good to them; otherwise recoil', () => {
    expect(beaten('2Ps', '3Kn')).toBe('destroyed');
    expect(beaten('2Ps', '3Cv')).toBe('destroyed');
    expect(beaten('2Ps', '3Cm', { a: { going: 'dunes' } })).toBe('destroyed');
    expect(beaten('2Ps', '3Cv', { a: { going: 'dunes' } })).toBe('recoil');
    expect(beaten('2Ps', '3Cv', { a: { going: 'rough' } })).toBe('recoil');
    expect(beaten('2Ps', '2LH')).toBe('recoil');
    expect(beaten('2Ps', '4Sp')).toBe('recoil');
  });
  it('Warband: destroyed by Knights or Scythed Chariots in good going; otherwise recoil', () => {
    expect(beaten('4Wb', '3Kn')).toBe('destroyed');
    expect(beaten('3Wb', 'SCh')).toBe('destroyed');
    expect(beaten('3Wb', '3Kn', { a: { going: 'rough' } })).toBe('recoil');
    expect(beaten('3Wb', 'El')).toBe('recoil');
    expect(beaten('3Wb', '4Sp')).toBe('recoil');
  });
  it('Hordes: destroyed by Knights or Elephants in good going or by Warband; recoil if shot at; otherwise no effect', () => {
    expect(beaten('7Hd', '3Kn')).toBe('destroyed');
    expect(beaten('5Hd', 'El')).toBe('destroyed');
    expect(beaten('7Hd', 'El', { a: { going: 'rough' } })).toBe('none');
    expect(beaten('7Hd', '3Wb')).toBe('destroyed');
    expect(beaten('7Hd', '4Bw', shooting)).toBe('recoil');
    expect(beaten('7Hd', '4Bd')).toBe('none');
  });
  it('War Wagons: destroyed by Artillery shooting or by Elephants; otherwise no effect', () => {
    expect(beaten('WWg', 'Art', bShoots)).toBe('destroyed');
    expect(beaten('WWg', 'El')).toBe('destroyed');
    expect(beaten('WWg', '4Bd')).toBe('none');
    expect(beaten('WWg', '4Bw', shooting)).toBe('none');
  });
  it('Artillery (unconfirmed readings): destroyed in close combat, recoil when shot at', () => {
    expect(beaten('Art', '4Bd')).toBe('destroyed');
    expect(beaten('Art', '4Bw', shooting)).toBe('recoil');
    expect(beaten('Art', '4Bd', { readings: { artilleryBeatenInCloseCombat: 'recoil' } })).toBe('recoil');
  });
});

describe('half or less of the opponent', () => {
  it('defenders of a city, fort or camp are destroyed', () => {
    expect(doubled('2Ps', '4Bd', { a: { defending: 'camp' } })).toBe('destroyed');
    expect(doubled('Dz', '4Bd', { a: { defending: 'city' }, b: { alsoAssaulting: 2 } })).toBe('destroyed');
  });
  it('Cavalry: flee from Pikes, Spears or Hordes in good going, or Artillery in close combat; otherwise destroyed', () => {
    expect(doubled('3Cv', '4Sp')).toBe('flee');
    expect(doubled('6Cv', '4Pk')).toBe('flee');
    expect(doubled('3Cv', '7Hd')).toBe('flee');
    expect(doubled('3Cv', '4Sp', { a: { going: 'rough' } })).toBe('destroyed');
    expect(doubled('3Cv', 'Art')).toBe('flee');
    expect(doubled('3Cv', 'Art', bShoots)).toBe('destroyed');
    expect(doubled('3Cv', '4Bd')).toBe('destroyed');
    expect(doubled('3Cv', '3Kn')).toBe('destroyed');
  });
  it('Light Horse: destroyed by any mounted, Artillery shooting, Bows, Psiloi, or in bad going; otherwise flee', () => {
    expect(doubled('2LH', '3Kn')).toBe('destroyed');
    expect(doubled('2LH', '2LH')).toBe('destroyed');
    expect(doubled('2LH', 'Art', bShoots)).toBe('destroyed');
    expect(doubled('2LH', '4Bw', shooting)).toBe('destroyed');
    expect(doubled('2LH', '3Bw')).toBe('destroyed');
    expect(doubled('2LH', '2Ps')).toBe('destroyed');
    expect(doubled('2LH', '3Ax', { a: { going: 'bad' } })).toBe('destroyed');
    expect(doubled('2LH', '4Sp')).toBe('flee');
    expect(doubled('2LH', '4Bd')).toBe('flee');
  });
  it('Psiloi: destroyed by mounted in going good to them or by Auxilia, Bows or Psiloi in close combat', () => {
    expect(doubled('2Ps', '3Kn')).toBe('destroyed');
    expect(doubled('2Ps', '2LH')).toBe('destroyed');
    expect(doubled('2Ps', '3Cv', { a: { going: 'bad' } })).toBe('flee');
    expect(doubled('2Ps', '3Ax')).toBe('destroyed');
    expect(doubled('2Ps', '4Bw')).toBe('destroyed');
    expect(doubled('2Ps', '2Ps')).toBe('destroyed');
    expect(doubled('2Ps', '4Bw', shooting)).toBe('flee');
  });
  it('Psiloi: recoil from Elephants or Scythed Chariots; otherwise flee', () => {
    expect(doubled('2Ps', 'El')).toBe('recoil');
    expect(doubled('2Ps', 'SCh')).toBe('recoil');
    expect(doubled('2Ps', '4Sp')).toBe('flee');
    expect(doubled('2Ps', '4Bd')).toBe('flee');
  });
  it('all others are destroyed (unconfirmed reading)', () => {
    expect(doubled('4Bd', '3Kn')).toBe('destroyed');
    expect(doubled('3Kn', '4Bw', shooting)).toBe('destroyed');
    expect(doubled('7Hd', '4Bd')).toBe('destroyed');
    expect(doubled('El', '3Ax', { a: { going: 'bad' } })).toBe('destroyed');
    expect(doubled('WWg', '4Bd')).toBe('destroyed');
  });
});

describe('elements that cannot recoil or flee are destroyed (DBA 3.0 Recoiling, Fleeing)', () => {
  it('a recoil with enemy in flank contact, or blocked behind, becomes destroyed', () => {
    expect(equal('3Cv', '4Sp', { a: { flankContacts: 1 } })).toBe('destroyed');
    expect(equal('3Cv', '4Sp', { a: { overlaps: 1 } })).toBe('recoil');
    expect(beaten('3Cv', '3Kn', { a: { blockedBehind: true } })).toBe('destroyed');
    expect(doubled('2Ps', 'El', { a: { rearContact: true } })).toBe('destroyed');
  });
  it('a flee with enemy in flank or rear contact, or blocked, becomes destroyed', () => {
    expect(doubled('3Cv', '4Sp', { a: { rearContact: true } })).toBe('destroyed');
    expect(doubled('2LH', '4Sp', { a: { blockedBehind: true } })).toBe('destroyed');
  });
  it('elephants recoiling from the defenders of a city or fort are destroyed; from a camp they recoil', () => {
    expect(beaten('El', '4Bd', { b: { defending: 'city' } })).toBe('destroyed');
    expect(beaten('El', '4Bd', { b: { defending: 'camp' } })).toBe('recoil');
  });
});

describe('shooting', () => {
  it('a shooter not shot at disregards an unfavourable outcome', () => {
    // 4Bw (+4 v mounted) shoots 3Kn (+3 v foot), which cannot shoot back.
    const s = fight('4Bw', '3Kn', shooting);
    expect(roll(s, 1, 6)).toEqual({ a: 'none', b: 'none' });
    expect(roll(s, 2, 3)).toEqual({ a: 'none', b: 'none' });
    expect(roll(s, 3, 1)).toEqual({ a: 'none', b: 'recoil' });
    expect(roll(s, 6, 1)).toEqual({ a: 'none', b: 'destroyed' });
  });
  it('bows shooting at each other both suffer outcomes', () => {
    const s = fight('4Bw', '3Bw', shooting);
    expect(roll(s, 3, 4)).toEqual({ a: 'recoil', b: 'none' });
    expect(roll(s, 1, 6)).toEqual({ a: 'destroyed', b: 'none' });
    expect(roll(s, 6, 6)).toEqual({ a: 'none', b: 'recoil' });
  });
  it('a target shot at by one side only suffers, the other shooter does not', () => {
    const s = fight('4Bw', '4Bw', { mode: 'shooting', shooters: 'a' });
    expect(roll(s, 1, 6)).toEqual({ a: 'none', b: 'none' });
    expect(roll(s, 4, 3)).toEqual({ a: 'none', b: 'recoil' });
  });
});
