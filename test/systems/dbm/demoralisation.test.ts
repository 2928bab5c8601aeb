/** DBM 3.2 p.25 Demoralised Commands, with element equivalents from p.24 Losses. */
import { describe, expect, it } from 'vitest';
import {
  afterPipDie,
  atEndOfBound,
  demoralisedByLosses,
  freshMorale,
  panicsOnGeneralLoss,
  withLosses,
} from '../../../src/systems/dbm/demoralisation.ts';
import { commandEquivalents } from '../../../src/systems/dbm/equivalents.ts';
import { parseElement as el } from '../../../src/systems/dbm/notation.ts';
import { DBM_VERSIONS } from '../../../src/systems/dbm/versions.ts';

const v32 = DBM_VERSIONS['dbm-3.2'];
const many = (n: number, text: string) => Array.from({ length: n }, () => el(text));

describe("a command's original element equivalents (p.24 Losses)", () => {
  it('counts psiloi a half, expendables zero, the general one, baggage nothing', () => {
    // General Irr Cv(O) 1 + 4 Irr Wb(F) 4 + 5 Irr Ps(O) 2.5 + 2 Irr Exp(O) 0 + 6 Irr Bg(I) 0 = 7.5.
    const command = [
      el('Irr Cv(O)'),
      ...many(4, 'Irr Wb(F)'),
      ...many(5, 'Irr Ps(O)'),
      ...many(2, 'Irr Exp(O)'),
      ...many(6, 'Irr Bg(I)'),
    ];
    expect(commandEquivalents(command, v32)).toBe(7.5);
  });

  it('counts war wagons (I) three', () => {
    // Reg WWg(I) 3 + 2 Reg Bd(O) 2 = 5.
    expect(commandEquivalents([el('Reg WWg(I)'), ...many(2, 'Reg Bd(O)')], v32)).toBe(5);
  });
});

describe('demoralised at a third of the original element equivalents (p.25)', () => {
  it('is demoralised exactly at a third, psiloi counting a half and expendables nothing', () => {
    // The 7.5 EE command above: a third is 2.5.
    let m = freshMorale(7.5);
    // Two warband (2) and both expendables (0) lost: 2 EE, less than a third.
    m = atEndOfBound(withLosses(m, 1 + 1 + 0 + 0));
    expect(m).toMatchObject({ lost: 2, demoralised: false });
    // One psiloi more (a half): 2.5 EE, exactly a third.
    m = atEndOfBound(withLosses(m, 0.5));
    expect(m).toMatchObject({ lost: 2.5, demoralised: true });
  });

  it('is not demoralised until the end of the bound', () => {
    const m = withLosses(freshMorale(9), 3);
    expect(m.demoralised).toBe(false);
    expect(atEndOfBound(m).demoralised).toBe(true);
  });

  it('compares exactly: 3 of 9 is a third, 2.5 of 9 is not', () => {
    expect(demoralisedByLosses(9, 3)).toBe(true);
    expect(demoralisedByLosses(9, 2.5)).toBe(false);
    expect(demoralisedByLosses(10.5, 3.5)).toBe(true);
    expect(demoralisedByLosses(10.5, 3)).toBe(false);
  });
});

describe("the general's loss and the next PIP die (p.25)", () => {
  // C-in-C Reg Cv(O) and 11 Reg Bd(O): 12 EE. The general and 2 blades are lost: 3 EE lost, a quarter.
  const afterLoss = atEndOfBound(withLosses(freshMorale(12), 3, true));

  it('a score not greater than the losses demoralises: 3 against 3 lost fails', () => {
    expect(afterLoss.demoralised).toBe(false);
    expect(panicsOnGeneralLoss(3, 3)).toBe(true);
    expect(afterPipDie(afterLoss, 3)).toMatchObject({ demoralised: true, panicTested: true });
  });

  it('a greater score passes, and the test is taken only once', () => {
    let m = afterPipDie(afterLoss, 4);
    expect(m).toMatchObject({ demoralised: false, panicTested: true });
    // The next bound's die is a 1: no second test.
    m = afterPipDie(m, 1);
    expect(m.demoralised).toBe(false);
    // A fourth element equivalent lost is a third of 12: demoralised by losses at the end of the bound.
    m = atEndOfBound(withLosses(m, 1));
    expect(m).toMatchObject({ lost: 4, demoralised: true });
  });

  it('a die thrown while the general stands tests nothing', () => {
    const m = afterPipDie(withLosses(freshMorale(12), 3), 1);
    expect(m).toMatchObject({ demoralised: false, panicTested: false });
  });
});
