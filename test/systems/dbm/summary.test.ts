/**
 * The combat tables of battle lines are packed from resolveSummary, which reads outcomes, rear ranks
 * lost and pursuit from the compiled totals alone: on every roll it gives what the full resolveRoll
 * gives (DBM 3.2 p.23-24 Combat Outcome, Destroyed Elements, Pursuing Elements).
 */
import { describe, expect, it } from 'vitest';
import {
  compile,
  resolveRoll,
  resolveSummary,
  summaryClass,
  summaryOfClass,
} from '../../../src/systems/dbm/resolve.ts';
import { sit } from './helpers.ts';

const cases = [
  sit('Reg Bd(O)', 'Irr Kn(S)'),
  sit('Reg Sp(O)', 'Irr Kn(O)', { a: { rear: ['Reg Sp(O)'] } }),
  sit('Reg Pk(O)', 'Irr Wb(S)', { a: { rear: ['Reg Pk(O)', 'Reg Pk(O)', 'Reg Pk(O)'] }, b: { overlaps: 1 } }),
  sit('Irr Kn(F)', 'Reg Bw(O)', { bound: 'b' }),
  sit('Reg Bw(S)', 'Irr Ps(O)', { mode: 'shooting', a: { aiders: 1 } }),
  sit('Irr El(O)', 'Reg Cv(O)', { a: { going: 'rough' } }),
];

describe('resolveSummary agrees with resolveRoll on all 36 rolls', () => {
  cases.forEach((s, i) =>
    it(`case ${i + 1}: ${s.a.element.type} v ${s.b.element.type}`, () => {
      const c = compile(s);
      for (let a = 1; a <= 6; a++)
        for (let b = 1; b <= 6; b++) {
          const full = resolveRoll(c, a, b);
          const lean = resolveSummary(c, a, b);
          for (const side of ['a', 'b'] as const)
            expect(lean[side], `${a}-${b} ${side}`).toEqual({
              outcome: full[side].outcome,
              rearLost: full[side].rearLost,
              pursuit: full[side].pursuit,
            });
        }
    }),
  );
});

describe('a roll summarised through its class gives resolveSummary (the packed tables use it)', () => {
  cases.forEach((s, i) =>
    it(`case ${i + 1}: ${s.a.element.type} v ${s.b.element.type}`, () => {
      const c = compile(s);
      const classes = new Set<number>();
      for (let a = 1; a <= 6; a++)
        for (let b = 1; b <= 6; b++) {
          const k = summaryClass(c, a, b);
          classes.add(k);
          expect(summaryOfClass(c, k), `${a}-${b}`).toEqual(resolveSummary(c, a, b));
        }
      // Several rolls share a class: a table resolves fewer summaries than rolls.
      expect(classes.size).toBeLessThan(36);
      expect(classes.size).toBeGreaterThan(1);
    }),
  );
});
