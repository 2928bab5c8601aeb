/** DBM 3.2 p.21 Tactical Factors, and the 3.0 wording (end notes liv-lvi). */
import { describe, expect, it } from 'vitest';
import { factorsOf, sit } from './helpers.ts';

const tf = (a: string, b: string, opts: Parameters<typeof sit>[2], label: string) =>
  factorsOf(sit(a, b, opts), 'a')[label];

describe('DBM 3.2 p.21 tactical factors', () => {
  it('+2 foot defending fortifications in close combat or shot at', () => {
    expect(
      tf(
        'Reg Bd(O)',
        'Reg Kn(O)',
        { a: { fortification: 'temporary' } },
        'defending temporary fortifications',
      ),
    ).toBe(2);
    expect(
      tf(
        'Reg Bd(O)',
        'Reg Bw(O)',
        { a: { fortification: 'permanent' }, mode: 'shooting', shooters: 'b' },
        'defending permanent fortifications',
      ),
    ).toBe(2);
  });
  it('no +2 for war wagons, or behind TF shot at by artillery, or behind PF shot at by Art(S)', () => {
    expect(
      tf(
        'Reg WWg(O)',
        'Reg Bd(O)',
        { a: { fortification: 'temporary' } },
        'defending temporary fortifications',
      ),
    ).toBeUndefined();
    expect(
      tf(
        'Reg Bd(O)',
        'Reg Art(O)',
        { a: { fortification: 'temporary' }, mode: 'shooting', shooters: 'b' },
        'defending temporary fortifications',
      ),
    ).toBeUndefined();
    expect(
      tf(
        'Reg Bd(O)',
        'Reg Art(S)',
        { a: { fortification: 'permanent' }, mode: 'shooting', shooters: 'b' },
        'defending permanent fortifications',
      ),
    ).toBeUndefined();
    expect(
      tf(
        'Reg Bd(O)',
        'Reg Art(O)',
        { a: { fortification: 'permanent' }, mode: 'shooting', shooters: 'b' },
        'defending permanent fortifications',
      ),
    ).toBe(2);
  });
  it('no +2 behind TF in close combat with Ps(X), or against a WWg(S) tower', () => {
    expect(
      tf(
        'Reg Bd(O)',
        'Reg Ps(X)',
        { a: { fortification: 'temporary' } },
        'defending temporary fortifications',
      ),
    ).toBeUndefined();
    expect(
      tf(
        'Reg Bd(O)',
        'Reg WWg(S)',
        { a: { fortification: 'permanent' } },
        'defending permanent fortifications',
      ),
    ).toBeUndefined();
  });
  it("+1 general's element in close combat or shot at, not when only shooting", () => {
    expect(tf('Reg Bd(O)', 'Reg Bd(O)', { a: { general: true } }, 'general')).toBe(1);
    expect(
      tf('Reg Bw(O)', 'Reg Bd(O)', { a: { general: true }, mode: 'shooting', shooters: 'a' }, 'general'),
    ).toBeUndefined();
    expect(
      tf('Reg Bw(O)', 'Reg Bw(O)', { a: { general: true }, mode: 'shooting', shooters: 'both' }, 'general'),
    ).toBe(1);
  });
  it('+1 upslope, on a tower or defending a river bank, in close combat only', () => {
    expect(tf('Reg Bd(O)', 'Reg Bd(O)', { a: { uphill: true } }, 'upslope, tower or river bank')).toBe(1);
    expect(
      tf(
        'Reg Bd(O)',
        'Reg Bw(O)',
        { a: { uphill: true }, mode: 'shooting', shooters: 'b' },
        'upslope, tower or river bank',
      ),
    ).toBeUndefined();
  });
  it('-1 for each flank overlapped or contacted, at most one per flank, and -1 for rear contact', () => {
    expect(tf('Reg Bd(O)', 'Reg Bd(O)', { a: { overlaps: 1 } }, '1 flank overlapped or contacted')).toBe(-1);
    expect(
      tf(
        'Reg Bd(O)',
        'Reg Bd(O)',
        { a: { overlaps: 1, flankContacts: 1 } },
        '2 flanks overlapped or contacted',
      ),
    ).toBe(-2);
    expect(tf('Reg Bd(O)', 'Reg Bd(O)', { a: { rearContact: true } }, 'enemy in contact with rear')).toBe(-1);
    expect(() => sit('Reg Bd(O)', 'Reg Bd(O)', { a: { overlaps: 2, flankContacts: 1 } })).toThrow(
      /a.flankContacts/,
    );
  });
  it('-1 for each 2nd or 3rd element aiding a shooting enemy', () => {
    expect(
      tf(
        'Reg Bd(O)',
        'Reg Bw(O)',
        { b: { aiders: 2 }, mode: 'shooting', shooters: 'b' },
        '2 elements aiding enemy shooting',
      ),
    ).toBe(-2);
  });
  it('-1 disadvantaged by weather or shooting to or from a wood', () => {
    expect(
      tf(
        'Reg Bw(O)',
        'Reg Bd(O)',
        { a: { disadvantaged: true }, mode: 'shooting' },
        'weather, or shooting to/from wood',
      ),
    ).toBe(-1);
  });
  it('-2 element of a demoralised command other than its general; 3.2 also when shooting, 3.0 not (end note liv)', () => {
    expect(tf('Reg Bd(O)', 'Reg Bd(O)', { a: { demoralised: true } }, 'demoralised command')).toBe(-2);
    expect(
      tf('Reg Bd(O)', 'Reg Bd(O)', { a: { demoralised: true, general: true } }, 'demoralised command'),
    ).toBeUndefined();
    expect(
      tf('Reg Bw(O)', 'Reg Bd(O)', { a: { demoralised: true }, mode: 'shooting' }, 'demoralised command'),
    ).toBe(-2);
    expect(
      tf(
        'Reg Bw(O)',
        'Reg Bd(O)',
        { a: { demoralised: true }, mode: 'shooting', rules: 'dbm-3.0' },
        'demoralised command',
      ),
    ).toBeUndefined();
  });
  it('-2 mounted attacking across fortifications', () => {
    expect(
      tf(
        'Reg Kn(O)',
        'Reg Bd(O)',
        { a: { assaultingFortification: true }, b: { fortification: 'temporary' } },
        'mounted attacking across fortifications',
      ),
    ).toBe(-2);
  });
  it('-2 mounted in close combat in bad going, or against foot who are in bad going', () => {
    expect(tf('Reg Kn(O)', 'Reg Kn(O)', { a: { going: 'rough' } }, 'mounted in bad going')).toBe(-2);
    expect(tf('Reg Kn(O)', 'Reg Ax(O)', { b: { going: 'difficult' } }, 'mounted in bad going')).toBe(-2);
    expect(
      tf('Reg Kn(O)', 'Reg Kn(O)', { b: { going: 'difficult' } }, 'mounted in bad going'),
    ).toBeUndefined();
  });
  it('camelry count brush and dunes as good going (p.13)', () => {
    expect(
      tf('Irr Cm(O)', 'Reg Ax(O)', { a: { going: 'dunes' }, b: { going: 'dunes' } }, 'mounted in bad going'),
    ).toBeUndefined();
    expect(tf('Irr Cm(O)', 'Reg Ax(O)', { a: { going: 'rough' } }, 'mounted in bad going')).toBe(-2);
  });
  it('-1 Wb(S)/(O) against foot in bad going; 3.0 -2 (end note lv); Wb(F) none', () => {
    expect(tf('Irr Wb(O)', 'Reg Ax(O)', { a: { going: 'rough' } }, 'Wb(S)/(O) v foot in bad going')).toBe(-1);
    expect(
      tf(
        'Irr Wb(O)',
        'Reg Ax(O)',
        { a: { going: 'rough' }, rules: 'dbm-3.0' },
        'Wb(S)/(O) v foot in bad going',
      ),
    ).toBe(-2);
    expect(
      tf('Irr Wb(F)', 'Reg Ax(O)', { a: { going: 'rough' } }, 'Wb(S)/(O) v foot in bad going'),
    ).toBeUndefined();
  });
  it('-2 blades against foot in bad going, not against mounted', () => {
    expect(tf('Reg Bd(O)', 'Reg Ax(O)', { a: { going: 'rough' } }, 'blades v foot in bad going')).toBe(-2);
    expect(
      tf('Reg Bd(O)', 'Reg Cv(O)', { a: { going: 'rough' } }, 'blades v foot in bad going'),
    ).toBeUndefined();
  });
  it('-2 spears, pikes, hordes (O) and train in bad going; Hd(I) too in 3.2 only (end note lvi)', () => {
    expect(tf('Reg Sp(O)', 'Reg Ax(O)', { a: { going: 'rough' } }, 'in bad going')).toBe(-2);
    expect(tf('Reg Pk(O)', 'Reg Ax(O)', { a: { going: 'difficult' } }, 'in bad going')).toBe(-2);
    expect(tf('Irr Hd(O)', 'Reg Ax(O)', { a: { going: 'rough' } }, 'in bad going')).toBe(-2);
    expect(tf('Irr Hd(I)', 'Reg Ax(O)', { a: { going: 'rough' } }, 'in bad going')).toBe(-2);
    expect(
      tf('Irr Hd(I)', 'Reg Ax(O)', { a: { going: 'rough' }, rules: 'dbm-3.0' }, 'in bad going'),
    ).toBeUndefined();
    expect(tf('Irr Hd(S)', 'Reg Ax(O)', { a: { going: 'rough' } }, 'in bad going')).toBeUndefined();
    expect(tf('Reg WWg(O)', 'Reg Ax(O)', { a: { going: 'rough' } }, 'in bad going')).toBe(-2);
  });
  it('-2 spears crossing a river away from a ford', () => {
    expect(tf('Reg Sp(O)', 'Reg Ax(O)', { a: { crossingRiver: true } }, 'crossing a river')).toBe(-2);
  });
});
