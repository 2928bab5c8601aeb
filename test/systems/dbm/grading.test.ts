/** DBM 3.2 p.22 Grading Factors (compared on totals before grading), and 3.0 (end note lvii). */
import { describe, expect, it } from 'vitest';
import { gradingFactors, gradingTotal } from '../../../src/systems/dbm/grading.ts';
import { views } from '../../../src/systems/dbm/view.ts';
import { DBM_VERSIONS } from '../../../src/systems/dbm/versions.ts';
import { roll, sit } from './helpers.ts';

describe('DBM 3.2 p.22 grading factors', () => {
  it('-1 when scoring more than an (S) opponent', () => {
    // Bd(O) 5+4 = 9 v Bd(S) 5+3 = 8: A scored more than (S), so 8; equal totals.
    const r = roll(sit('Reg Bd(O)', 'Reg Bd(S)'), 4, 3);
    expect(r.a.beforeGrading).toBe(9);
    expect(r.a.final).toBe(8);
    expect(r.a.outcome).toBe('none');
    expect(r.b.outcome).toBe('none');
  });
  it('no -1 against (S) for elephants in close combat', () => {
    const r = roll(sit('Irr El(O)', 'Reg Kn(S)'), 4, 3);
    expect(r.a.final).toBe(r.a.beforeGrading);
  });
  it('no -1 against (S) for artillery shooting', () => {
    const r = roll(sit('Reg Art(O)', 'Reg Bd(S)', { mode: 'shooting' }), 6, 1);
    expect(r.a.final).toBe(r.a.beforeGrading);
  });
  it('+1 for (S) shooting that scores equal to an (O) or (F) opponent', () => {
    // Bw(S) 2+4 = 6 shooting at Bw(O) 3+3 = 6 (mutual): A gets +1.
    const r = roll(sit('Reg Bw(S)', 'Reg Bw(O)', { mode: 'shooting', shooters: 'both' }), 3, 3);
    expect(r.a.final).toBe(7);
    expect(r.b.outcome).toBe('recoil');
  });
  it('+1 for (S) shooting that scores exactly 1 more than an (S) opponent, cancelling the -1', () => {
    const r = roll(sit('Reg Bw(S)', 'Reg Bw(S)', { mode: 'shooting', shooters: 'both' }), 4, 3);
    expect(r.a.beforeGrading).toBe(7);
    expect(r.a.final).toBe(7);
  });
  it('+1 when shooting or in close combat and scoring equal or more than an (I) opponent', () => {
    const r = roll(sit('Reg Bd(O)', 'Reg Bd(I)'), 3, 3);
    expect(r.a.final).toBe(9);
    expect(r.b.outcome).toBe('recoil');
  });
  it('no +1 against (I) for an element only shot at', () => {
    // B Bd(O) shot at by A Bw(I): B scores equal but is not shooting and not in close combat.
    const r = roll(sit('Reg Bw(I)', 'Reg Bd(O)', { mode: 'shooting', shooters: 'a' }), 4, 2);
    expect(r.b.beforeGrading).toBe(6);
    expect(r.a.beforeGrading).toBe(6);
    expect(r.b.final).toBe(6);
  });
  it('3.2: +1 when beating an (F) opponent by 2 or more; not by 1 (end note lvii)', () => {
    expect(roll(sit('Reg Bd(O)', 'Reg Bd(F)'), 3, 1).a.final).toBe(9);
    expect(roll(sit('Reg Bd(O)', 'Reg Bd(F)'), 2, 1).a.final).toBe(7);
  });
  it('3.0: +1 when beating an (F) opponent in close combat in own bound, not in the enemy bound', () => {
    expect(roll(sit('Reg Bd(O)', 'Reg Bd(F)', { rules: 'dbm-3.0' }), 2, 1).a.final).toBe(8);
    expect(roll(sit('Reg Bd(O)', 'Reg Bd(F)', { rules: 'dbm-3.0', bound: 'b' }), 2, 1).a.final).toBe(7);
  });
  it('artillery get no +1 against (F)', () => {
    const r = roll(sit('Reg Art(O)', 'Reg Bd(F)', { mode: 'shooting' }), 6, 1);
    expect(r.a.final).toBe(r.a.beforeGrading);
  });
  it('both sides grade on the totals before grading: (S) v (I) at equal scores', () => {
    // A Bd(S) 5+3 = 8, B Bd(I) 5+3 = 8: A equalled (I) so +1; B did not score more than (S).
    const r = roll(sit('Reg Bd(S)', 'Reg Bd(I)'), 3, 3);
    expect(r.a.final).toBe(9);
    expect(r.b.final).toBe(8);
  });
});

describe('gradingTotal (the combat tables read it)', () => {
  it('is the sum of gradingFactors on every difference of totals, each grade and version', () => {
    let nonZero = 0;
    for (const rules of ['dbm-3.0', 'dbm-3.2'] as const)
      for (const [a, b, mode] of [
        ['Reg Bd(O)', 'Reg Bd(S)', 'close'],
        ['Reg Bd(S)', 'Reg Bd(I)', 'close'],
        ['Reg Kn(O)', 'Irr Kn(F)', 'close'],
        ['Reg Bw(S)', 'Reg Bw(O)', 'both'],
        ['Reg Bw(S)', 'Reg Bw(S)', 'both'],
        ['Reg Art(O)', 'Reg Bd(S)', 'a'],
      ] as const) {
        const situation = sit(
          a,
          b,
          mode === 'close' ? { rules } : { rules, mode: 'shooting', shooters: mode },
        );
        for (const v of views(situation, DBM_VERSIONS[rules]))
          for (let own = -6; own <= 6; own++) {
            const listed = gradingFactors(v, own, 0).reduce((t, f) => t + f.value, 0);
            expect(gradingTotal(v, own, 0)).toBe(listed);
            if (listed !== 0) nonZero++;
          }
      }
    // The cases exercise the grading lines, not only zeros.
    expect(nonZero).toBeGreaterThan(40);
  });
});
