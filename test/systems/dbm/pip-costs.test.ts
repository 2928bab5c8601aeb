/**
 * DBM 3.2 p.16 Player Initiative Point Dicing: the PIP cost of described moves under 3.0, 3.1 and 3.2.
 * 3.0's march clause is end note xxvi; 3.2's is the 3.2 amendments' "Page 16" change.
 */
import { describe, expect, it } from 'vitest';
import {
  pipCost,
  pipCostOf,
  TRAIT,
  traitsOf,
  type MoveDescription,
  type MovedElement,
} from '../../../src/systems/dbm/pip-costs.ts';
import { parseElement } from '../../../src/systems/dbm/notation.ts';
import { DBM_VERSIONS } from '../../../src/systems/dbm/versions.ts';

const v30 = DBM_VERSIONS['dbm-3.0'];
const v31 = DBM_VERSIONS['dbm-3.1'];
const v32 = DBM_VERSIONS['dbm-3.2'];

const els = (n: number, text: string, extra: Partial<MovedElement> = {}): MovedElement[] =>
  Array.from({ length: n }, () => ({ element: parseElement(text), ...extra }));
const cost = (m: MoveDescription) => [pipCost(m, v30).pips, pipCost(m, v32).pips];

describe('tactical moves (the same under 3.0 and 3.2)', () => {
  it('a regular group straight ahead near its general: 1', () => {
    expect(cost({ action: 'tactical', elements: els(6, 'Reg Bd(O)'), distanceFromGeneral: 400 })).toEqual([
      1, 1,
    ]);
  });

  it("the C-in-C's own group: 1 - 1 = 0; once his -1 is used this bound, 1", () => {
    const m: MoveDescription = { action: 'tactical', elements: els(4, 'Reg Cv(O)'), withCinC: true };
    expect(cost(m)).toEqual([0, 0]);
    expect(cost({ ...m, generalDiscountUsed: true })).toEqual([1, 1]);
  });

  it('irregular warband wheeling: 1 + 1 = 2; irregular light horse or cavalry wheeling: 1', () => {
    expect(cost({ action: 'tactical', elements: els(8, 'Irr Wb(F)'), deviates: true })).toEqual([2, 2]);
    expect(cost({ action: 'tactical', elements: els(4, 'Irr LH(F)'), deviates: true })).toEqual([1, 1]);
    expect(cost({ action: 'tactical', elements: els(4, 'Irr Cv(O)'), deviates: true })).toEqual([1, 1]);
  });

  it('irregular warband short of a full move: 2; irregular psiloi short: 1', () => {
    expect(cost({ action: 'tactical', elements: els(6, 'Irr Wb(O)'), shortMove: true })).toEqual([2, 2]);
    expect(cost({ action: 'tactical', elements: els(3, 'Irr Ps(O)'), shortMove: true })).toEqual([1, 1]);
  });

  it('an irregular knight contacting enemy while its general fights in front edge contact: 1 + 1 + 1 = 3', () => {
    const m: MoveDescription = {
      action: 'tactical',
      elements: els(1, 'Irr Kn(O)'),
      contactsEnemy: true,
      general: 'in-contact',
    };
    expect(cost(m)).toEqual([3, 3]);
    const p = pipCost(m, v32);
    expect(p.items.map((i) => i.delta)).toEqual([1, 1, 1]);
  });

  it('beyond the general: over 1,200p +1; over 600p out of sight +1; 800p in sight nothing', () => {
    const m = (d: number, inSight: boolean): MoveDescription => ({
      action: 'tactical',
      elements: els(3, 'Reg Ax(S)'),
      distanceFromGeneral: d,
      generalInSight: inSight,
    });
    expect(cost(m(1300, true))).toEqual([2, 2]);
    expect(cost(m(1200, true))).toEqual([1, 1]);
    expect(cost(m(800, false))).toEqual([2, 2]);
    expect(cost(m(800, true))).toEqual([1, 1]);
  });

  it('a group of cavalry and blades: 2; of cavalry and psiloi supporting them: 1; a general with blades: 1', () => {
    expect(cost({ action: 'tactical', elements: [...els(2, 'Reg Cv(O)'), ...els(2, 'Reg Bd(O)')] })).toEqual([
      2, 2,
    ]);
    const psiloi = els(2, 'Reg Ps(O)', { supportingCavalry: true });
    expect(cost({ action: 'tactical', elements: [...els(2, 'Reg Cv(O)'), ...psiloi] })).toEqual([1, 1]);
    const general = els(1, 'Reg Cv(O)', { general: true });
    expect(cost({ action: 'tactical', elements: [...general, ...els(4, 'Reg Bd(O)')] })).toEqual([1, 1]);
  });

  it('artillery: (O) 1 + 1 = 2, (F) 1', () => {
    expect(cost({ action: 'tactical', elements: els(1, 'Reg Art(O)') })).toEqual([2, 2]);
    expect(cost({ action: 'tactical', elements: els(1, 'Reg Art(F)') })).toEqual([1, 1]);
  });

  it('a single element dismounting: 2; a group cannot', () => {
    expect(cost({ action: 'tactical', elements: els(1, 'Irr Kn(O)'), mountOrDismount: true })).toEqual([
      2, 2,
    ]);
    expect(() =>
      pipCost({ action: 'tactical', elements: els(2, 'Irr Kn(O)'), mountOrDismount: true }, v32),
    ).toThrow();
  });
});

describe('halts (the same under 3.0 and 3.2)', () => {
  it('halting impetuous irregular knights: 2; with the C-in-C among them: 1', () => {
    expect(cost({ action: 'halt', elements: els(4, 'Irr Kn(S)') })).toEqual([2, 2]);
    expect(cost({ action: 'halt', elements: els(4, 'Irr Kn(S)'), withCinC: true })).toEqual([1, 1]);
  });

  it('halting warband in rough going: 1; knights there are not excused: 2', () => {
    expect(cost({ action: 'halt', elements: els(6, 'Irr Wb(O)'), haltedInPosition: true })).toEqual([1, 1]);
    expect(cost({ action: 'halt', elements: els(2, 'Irr Kn(S)'), haltedInPosition: true })).toEqual([2, 2]);
  });

  it('a sub-general who has not moved halting his group: 2 - 1 = 1 (a move gets no such -1)', () => {
    expect(cost({ action: 'halt', elements: els(6, 'Irr Wb(O)'), withUnmovedSubGeneral: true })).toEqual([
      1, 1,
    ]);
    expect(cost({ action: 'tactical', elements: els(6, 'Reg Bd(O)'), withUnmovedSubGeneral: true })).toEqual([
      1, 1,
    ]);
  });
});

describe('marches: the clause 3.2 changed', () => {
  const march = (elements: MovedElement[], marchNumber: number, column?: boolean): MoveDescription => ({
    action: 'march',
    elements,
    marchNumber,
    ...(column === undefined ? {} : { column }),
  });
  const all = (m: MoveDescription) => [v30, v31, v32].map((v) => pipCost(m, v).pips);

  it('a lone elephant marching a third time: 1 in 3.0 and 3.1 (a column of one); 2 in 3.2', () => {
    expect(all(march(els(1, 'Irr El(O)'), 3))).toEqual([1, 1, 2]);
  });

  it('hordes in a column marching a third time: 1, 1, 2', () => {
    expect(all(march(els(4, 'Irr Hd(O)'), 3, true))).toEqual([1, 1, 2]);
  });

  it('regular knights marching a third time: 1 in 3.0 (only irregulars paid), 2 from 3.1', () => {
    expect(all(march(els(4, 'Reg Kn(F)'), 3))).toEqual([1, 2, 2]);
  });

  it("a general's own knight element marching a third time pays nothing more", () => {
    expect(all(march(els(1, 'Reg Kn(O)', { general: true }), 3))).toEqual([1, 1, 1]);
  });

  it('regular blades marching a fourth time: 1 in 3.0, 2 from 3.1', () => {
    expect(all(march(els(6, 'Reg Bd(O)'), 4))).toEqual([1, 2, 2]);
  });

  it('irregular auxilia in line on a third march: 2 in every version; in a column 1', () => {
    expect(all(march(els(4, 'Irr Ax(O)'), 3, false))).toEqual([2, 2, 2]);
    expect(all(march(els(4, 'Irr Ax(O)'), 3, true))).toEqual([1, 1, 1]);
  });

  it('irregulars in line on a fourth march: 2 in every version (one +1, not two)', () => {
    expect(all(march(els(4, 'Irr Wb(O)'), 4, false))).toEqual([2, 2, 2]);
  });

  it('a second march pays nothing more', () => {
    expect(all(march(els(4, 'Irr Kn(S)'), 2, false))).toEqual([1, 1, 1]);
  });

  it('names the version it read the clause from', () => {
    const m = march(els(1, 'Irr El(O)'), 3);
    expect(pipCost(m, v32).items.at(-1)).toMatchObject({
      delta: 1,
      section: 'DBM 3.2 p.16 Player Initiative Point Dicing',
    });
  });
});

describe("a move's elements as traits (what the battle-line kernel remembers costs by)", () => {
  const bits = (text: string, extra: Partial<MovedElement> = {}) =>
    traitsOf({ element: parseElement(text), ...extra });

  it('each element kind sets the bits of the p.16 clauses that name it', () => {
    // Irregular warband: irregular, not light troops nor cavalry, foot, not a skirmisher.
    expect(bits('Irr Wb(F)')).toBe(
      TRAIT.irregular | TRAIT.clumsy | TRAIT.foot | TRAIT.irregularNotSkirmisher,
    );
    // Irregular cavalry: irregular and mounted, but cavalry are excused the clumsy +1.
    expect(bits('Irr Cv(O)')).toBe(
      TRAIT.irregular | TRAIT.mounted | TRAIT.notFoot | TRAIT.irregularNotSkirmisher,
    );
    // Irregular light horse are skirmishers and light troops.
    expect(bits('Irr LH(F)')).toBe(TRAIT.irregular | TRAIT.mounted | TRAIT.notFoot);
    // A general's knights count neither as mounted in a mixed group nor as knights on a third march.
    expect(bits('Reg Kn(S)')).toBe(TRAIT.mounted | TRAIT.notFoot | TRAIT.knights);
    expect(bits('Reg Kn(S)', { general: true })).toBe(TRAIT.notFoot);
    // Artillery except (F) or (X); hordes.
    expect(bits('Reg Art(S)') & TRAIT.artillery).toBe(TRAIT.artillery);
    expect(bits('Reg Art(F)') & TRAIT.artillery).toBe(0);
    expect(bits('Irr Hd(O)') & TRAIT.hordes).toBe(TRAIT.hordes);
  });

  it('a mixed group of knights and blades: its traits OR-ed cost what its elements cost (1 + 1 = 2)', () => {
    const elements = [...els(2, 'Reg Kn(S)'), ...els(3, 'Reg Bd(O)')];
    const move = { action: 'tactical', elements } as const;
    expect(pipCost(move, v32).pips).toBe(2);
    const traits = elements.reduce((t, m) => t | traitsOf(m), 0);
    expect(pipCostOf(traits, false, { action: 'tactical' }, v32).pips).toBe(2);
    // The same traits moved as a single element: no mixed-group +1.
    expect(pipCostOf(traits, true, { action: 'tactical' }, v32).pips).toBe(1);
  });
});
