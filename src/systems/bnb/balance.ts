/**
 * What a Blood and Blades balance study assumes that is not in the combat rules: the reference field of
 * opponents with weights, and the depths a line of each type may fight at (docs/balance.md).
 */
import type { BalanceAdapter } from '../../core/system.ts';
import { parseBnbElement } from './notation.ts';

/**
 * The default field: every fighting type of B&B 0.7 ch.4 in its commonest grades. The weights are a stated
 * judgement (a scenario's `field` replaces them), not a count over army lists.
 */
const BNB_FIELD: readonly { readonly element: string; readonly weight: number }[] = [
  { element: 'Irr Cv(O)', weight: 1.5 },
  { element: 'Reg Cv(O)', weight: 1 },
  { element: 'Irr Cv(S)', weight: 0.4 },
  { element: 'Irr LH(O)', weight: 1.2 },
  { element: 'Irr HCh(O)', weight: 0.3 },
  { element: 'Irr LCh(O)', weight: 0.3 },
  { element: 'Irr Cm(O)', weight: 0.2 },
  { element: 'Irr El(O)', weight: 0.3 },
  { element: 'Reg Sp(O)', weight: 1 },
  { element: 'Irr Sp(O)', weight: 0.5 },
  { element: 'Reg Pk(I)', weight: 0.5 },
  { element: 'Reg Bd(O)', weight: 0.5 },
  { element: 'Irr Bd(O)', weight: 0.5 },
  { element: 'Irr Wb(O)', weight: 0.8 },
  { element: 'Reg Ax(O)', weight: 0.5 },
  { element: 'Irr Ax(O)', weight: 0.6 },
  { element: 'Irr Bw(O)', weight: 0.6 },
  { element: 'Irr Ps(O)', weight: 1 },
  { element: 'Irr Hd(O)', weight: 0.3 },
];

/**
 * Depths at which ranks behind give a type something (B&B 0.7 ch.7 support, tactical advantages): pikes a
 * 2nd and 3rd rank (I/X) or a 2nd (F); spears, warband and bowmen a 2nd rank; psiloi a 2nd against
 * skirmishers.
 */
export const bnbBalance: BalanceAdapter = {
  defaultVersions: ['bnb-0.7'],
  defaultField: BNB_FIELD,
  depths: (text) => {
    const e = parseBnbElement(text);
    if (e.type === 'Pk')
      return e.grade === 'F' ? { allowed: [1, 2], support: 2 } : { allowed: [1, 2, 3], support: 3 };
    if (e.type === 'Sp' || e.type === 'Wb' || e.type === 'Bw') return { allowed: [1, 2], support: 2 };
    if (e.type === 'Ps') return { allowed: [1, 2], support: 1 };
    return { allowed: [1], support: 1 };
  },
  assessable: (text) =>
    parseBnbElement(text).type === 'Bg'
      ? 'baggage costs nothing and does not fight in a battle line'
      : undefined,
};
