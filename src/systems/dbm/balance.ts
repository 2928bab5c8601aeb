/**
 * What a DBM balance study assumes that is not in the combat rules: the reference field of opponents
 * with weights, and the depths a line of each type may fight at (docs/balance.md "The model").
 */
import type { BalanceAdapter } from '../../core/system.ts';
import { parseElement } from './notation.ts';
import type { TroopType } from './troops.ts';

/**
 * The default field: every type family of DBM 3.2 p.3, each in its commonest grades, weighted by how
 * often a player meets it across the army lists. The weights are a stated judgement, not a count: a
 * scenario's `field` replaces them (docs/balance.md "The field").
 */
const DBM_FIELD: readonly { readonly element: string; readonly weight: number }[] = [
  { element: 'Irr Kn(S)', weight: 0.6 },
  { element: 'Irr Kn(O)', weight: 1 },
  { element: 'Reg Kn(O)', weight: 0.5 },
  { element: 'Irr Kn(F)', weight: 0.4 },
  { element: 'Reg Kn(I)', weight: 0.3 },
  { element: 'Reg Kn(X)', weight: 0.2 },
  { element: 'Reg Cv(O)', weight: 1.5 },
  { element: 'Irr Cv(O)', weight: 1.5 },
  { element: 'Reg Cv(S)', weight: 0.5 },
  { element: 'Irr Cv(I)', weight: 0.3 },
  { element: 'Irr LH(O)', weight: 1.2 },
  { element: 'Irr LH(F)', weight: 0.8 },
  { element: 'Reg LH(O)', weight: 0.4 },
  { element: 'Irr LH(S)', weight: 0.4 },
  { element: 'Irr Cm(O)', weight: 0.3 },
  { element: 'Irr El(O)', weight: 0.5 },
  { element: 'Reg Sp(O)', weight: 1.2 },
  { element: 'Reg Sp(I)', weight: 0.4 },
  { element: 'Irr Sp(O)', weight: 0.4 },
  { element: 'Reg Pk(O)', weight: 0.6 },
  { element: 'Irr Pk(I)', weight: 0.3 },
  { element: 'Reg Bd(O)', weight: 0.5 },
  { element: 'Irr Bd(O)', weight: 0.5 },
  { element: 'Irr Bd(F)', weight: 0.4 },
  { element: 'Reg Bd(S)', weight: 0.2 },
  { element: 'Irr Wb(O)', weight: 0.8 },
  { element: 'Irr Wb(S)', weight: 0.3 },
  { element: 'Irr Wb(F)', weight: 0.3 },
  { element: 'Reg Ax(O)', weight: 0.6 },
  { element: 'Irr Ax(O)', weight: 0.6 },
  { element: 'Irr Ax(S)', weight: 0.3 },
  { element: 'Reg Bw(O)', weight: 0.6 },
  { element: 'Irr Bw(I)', weight: 0.6 },
  { element: 'Reg Bw(S)', weight: 0.2 },
  { element: 'Reg Bw(X)', weight: 0.2 },
  { element: 'Irr Ps(O)', weight: 1.2 },
  { element: 'Reg Ps(O)', weight: 0.5 },
  { element: 'Irr Ps(I)', weight: 0.3 },
  { element: 'Irr Hd(O)', weight: 0.4 },
  { element: 'Irr Hd(I)', weight: 0.3 },
  { element: 'Reg Art(O)', weight: 0.2 },
  { element: 'Irr WWg(O)', weight: 0.1 },
  { element: 'Irr Exp(O)', weight: 0.1 },
];

/**
 * Depths at which a type's ranks behind give it something under the rules (DBM 3.2 p.21 Rear
 * Support, p.22 Mitigating Factors and the outcome rules for supported elements): the "support" policy
 * fights at the deepest listed, the "best" policy picks among them per opponent. Pikes: 2nd and 3rd ranks
 * add +1, a 4th subtracts 1 from foot opponents; warband: a 2nd rank adds +1, (S)/(O) 3rd ranks make
 * mounted recoil (3.2) or add +1 (3.0, 3.1); spears, blades, auxilia, bowmen: a 2nd rank; psiloi: a 2nd
 * against skirmishers.
 */
const DEPTHS: Partial<Record<TroopType, readonly number[]>> = {
  Sp: [1, 2],
  Pk: [1, 2, 3, 4],
  Bd: [1, 2],
  Wb: [1, 2, 3],
  Ax: [1, 2],
  Bw: [1, 2],
  Ps: [1, 2],
};

/** The depth each type stands at under the "support" policy (its usual deployment). */
const SUPPORT: Partial<Record<TroopType, number>> = { Sp: 2, Pk: 4, Bd: 2, Wb: 2, Ax: 2, Bw: 2 };

export const dbmBalance: BalanceAdapter = {
  defaultVersions: ['dbm-3.0', 'dbm-3.1', 'dbm-3.2'],
  defaultField: DBM_FIELD,
  depths: (text) => {
    const e = parseElement(text);
    // Pikes (X) and auxilia (X): their 3rd rank counts too (DBM 3.2 p.21).
    if (e.grade === 'X' && (e.type === 'Pk' || e.type === 'Ax')) return { allowed: [1, 2, 3], support: 3 };
    return { allowed: DEPTHS[e.type] ?? [1], support: SUPPORT[e.type] ?? 1 };
  },
  assessable: (text) => {
    const e = parseElement(text);
    // Baggage costs nothing and does not fight in line; naval elements fight on water.
    if (e.type === 'Bg') return 'baggage costs nothing and does not fight in a battle line';
    if (['Gal', 'Shp', 'Bts'].includes(e.type)) return 'naval: not a land element';
    return undefined;
  },
};
