/**
 * Combat factors (B&B 0.7 ch.7 "combat factor", Table 7.1) and the being-shot-at rule under it.
 * The same factor is the loser's cf in the outcome tables (Tables 7.2-7.4).
 */
import type { Factor } from '../../core/ruleset.ts';
import { isMounted, type BnbTroopType } from './troops.ts';
import { cite, factor, type View } from './view.ts';

interface BnbFactorRow {
  readonly infantry: number;
  readonly mounted: number;
}

const row = (infantry: number, mounted: number): BnbFactorRow => ({ infantry, mounted });

/**
 * B&B 0.7 Table 7.1: against infantry / against mounted. Bg have no row in the table; they fight on the
 * die alone (docs/rulings.md, Blood and Blades "Baggage combat factor").
 */
const BNB_COMBAT_FACTORS: Readonly<Record<BnbTroopType, BnbFactorRow>> = {
  El: row(4, 4),
  HCh: row(3, 4),
  LCh: row(3, 3),
  Cv: row(3, 3),
  Cm: row(3, 2),
  LH: row(2, 2),
  Bd: row(4, 4),
  Sp: row(4, 4),
  Pk: row(3, 4),
  Bw: row(2, 4),
  Ax: row(3, 2),
  Wb: row(3, 2),
  Ps: row(2, 2),
  Hd: row(2, 2),
  Bg: row(0, 0),
};

/** B&B 0.7 under Table 7.1: the being-shot-at factor is the against-infantry one, except for these. */
const BNB_SHOT_AT_EXCEPTIONS: Readonly<Partial<Record<BnbTroopType, number>>> = { HCh: 4 };

/** The combat factor of a side in this combat (close combat, shooting or being shot at). */
export function bnbCombatFactor(v: View): Factor {
  const { self, opp } = v;
  const t = self.el.type;
  const rule = cite('combatFactors');
  if (!v.close && !self.shooting) {
    const value = BNB_SHOT_AT_EXCEPTIONS[t] ?? BNB_COMBAT_FACTORS[t].infantry;
    return factor(`${t} shot at`, value, rule);
  }
  // Close combat, and Bw shooting (which use their close combat factors).
  const vs = isMounted(opp.el.type) ? 'mounted' : 'infantry';
  return factor(`${t}${self.shooting ? ' shooting' : ''} v ${vs}`, BNB_COMBAT_FACTORS[t][vs], rule);
}
