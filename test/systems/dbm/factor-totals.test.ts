/**
 * The combat tables read the fixed factors as totals (resolve.ts fixedTotal: rear support and tactical
 * factors summed without building their lines); the explanations list the same lines. Both come from
 * one statement of each rule, and these tests hold the totals to the lists' sums across the situations
 * that switch the lines on.
 */
import { describe, expect, it } from 'vitest';
import type { Factor } from '../../../src/core/ruleset.ts';
import { rearSupportFactors, rearSupportTotal } from '../../../src/systems/dbm/rear-support.ts';
import { fixedFactors, fixedTotal } from '../../../src/systems/dbm/resolve.ts';
import { tacticalFactors, tacticalTotal } from '../../../src/systems/dbm/tactical-factors.ts';
import { views } from '../../../src/systems/dbm/view.ts';
import { sit } from './helpers.ts';

const sum = (fs: readonly Factor[]) => fs.reduce((t, f) => t + f.value, 0);

type Opts = Parameters<typeof sit>[2];

const CASES: readonly [string, string, Opts][] = [
  ['Reg Kn(I)', 'Reg Bd(O)', { a: { doubleBased: true, rear: ['Reg Kn(I)'] } }],
  ['Reg Sp(O)', 'Reg Bd(O)', { a: { rear: ['Reg Sp(O)'] } }],
  ['Reg Sp(O)', 'Irr El(O)', { a: { rear: ['Reg Sp(O)'] }, rules: 'dbm-3.0' }],
  ['Reg Pk(O)', 'Reg Bd(O)', { a: { rear: ['Reg Pk(O)', 'Reg Pk(O)', 'Reg Pk(O)'] }, rules: 'dbm-3.0' }],
  ['Reg Pk(O)', 'Reg Pk(O)', { a: { rear: ['Reg Pk(O)'] }, b: { rear: ['Reg Pk(O)', 'Reg Pk(O)'] } }],
  ['Irr Wb(S)', 'Reg Kn(O)', { a: { rear: ['Irr Wb(S)', 'Irr Wb(S)', 'Irr Wb(S)'] }, rules: 'dbm-3.0' }],
  ['Reg Ax(X)', 'Reg Bd(O)', { a: { rear: ['Reg Ax(X)', 'Reg Ax(X)'] } }],
  ['Reg Bw(O)', 'Reg Bd(O)', { a: { rear: ['Reg Bw(O)'] } }],
  ['Reg Cv(O)', 'Reg Cv(O)', { a: { rear: ['Reg Cv(O)'] }, rules: 'dbm-3.0' }],
  ['Reg Bd(O)', 'Reg Kn(O)', { a: { rear: ['Reg Bd(O)'] }, rules: 'dbm-3.0' }],
  ['Reg Bd(O)', 'Reg Bd(O)', { a: { overlaps: 1, general: true }, b: { overlaps: 2 } }],
  ['Reg Bd(O)', 'Reg Bd(O)', { a: { demoralised: true, going: 'rough' }, b: { uphill: true } }],
  ['Reg Kn(O)', 'Reg Bd(O)', { a: { going: 'rough' }, b: { fortification: 'temporary' } }],
  ['Irr Wb(O)', 'Reg Bd(O)', { a: { going: 'rough' } }],
  ['Reg Sp(O)', 'Reg Bd(O)', { a: { going: 'rough', rear: ['Reg Sp(O)'] } }],
];

describe('DBM factor totals (combat tables) against the factor lists (explanations)', () => {
  it('rear support, tactical and fixed totals are the sums of their lines, each side', () => {
    let nonZero = 0;
    for (const [a, b, opts] of CASES)
      for (const v of views(sit(a, b, opts))) {
        expect(rearSupportTotal(v)).toBe(sum(rearSupportFactors(v)));
        expect(tacticalTotal(v)).toBe(sum(tacticalFactors(v)));
        expect(fixedTotal(v)).toBe(sum(fixedFactors(v)));
        if (rearSupportTotal(v) !== 0) nonZero++;
        if (tacticalTotal(v) !== 0) nonZero++;
      }
    // The cases switch lines on: the totals are not all zero.
    expect(nonZero).toBeGreaterThan(15);
  });
});
