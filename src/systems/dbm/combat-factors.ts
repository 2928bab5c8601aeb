/**
 * Basic combat factors (DBM 3.2 p.21 "Resolving distant shooting or close combat").
 * Data: one row per troop type, read against mounted, foot or naval opponents, plus the shooting cases.
 */
import type { Factor } from '../../core/ruleset.ts';
import type { TroopType } from './troops.ts';
import { cite, factor, opponentClass, type View } from './view.ts';

interface FactorRow {
  readonly mounted: number;
  readonly foot: number;
  readonly naval: number;
}

const row = (mounted: number, foot: number, naval: number): FactorRow => ({ mounted, foot, naval });

/** DBM 3.2 p.21 combat factors against mounted / foot / naval. */
const COMBAT_FACTORS: Readonly<Record<TroopType, FactorRow>> = {
  El: row(5, 4, 3),
  Sp: row(4, 4, 4),
  Exp: row(4, 4, 4),
  Art: row(4, 4, 4),
  Kn: row(4, 3, 4),
  WWg: row(4, 3, 4),
  Pk: row(4, 3, 4),
  Bw: row(4, 2, 3),
  Cm: row(4, 2, 3),
  Bd: row(3, 5, 4),
  Cv: row(3, 3, 3),
  Gal: row(3, 3, 3),
  Shp: row(3, 3, 3),
  Wb: row(2, 3, 3),
  Ax: row(2, 3, 3),
  LH: row(2, 2, 2),
  Ps: row(2, 2, 2),
  Hd: row(2, 2, 2),
  Bts: row(2, 2, 2),
  Bg: row(1, 1, 1),
};

/** Shooting cases that replace the row value (DBM 3.2 p.21). */
const SHOOTING_FACTORS = {
  /** Knights or war wagons against bowmen shooting. */
  knightsOrWagonsAgainstBowmenShooting: 4,
  /** Bowmen shooting at or shot at by bowmen (3.1+; 3.0 used +2 v foot, end note xlvii). */
  bowmenAgainstBowmen: 3,
  /** Blades against shooting. */
  bladesAgainstShooting: 4,
  /** Any naval whose troops have disembarked. */
  navalDisembarked: 1,
} as const;

/** The basic combat factor of a side (DBM 3.2 p.21). */
export function combatFactor(v: View): Factor {
  const where = cite(v.version, 'p.21 Combat Factors');
  const { self, opp } = v;
  const t = self.as.type;
  const vs = opponentClass(v);
  // Ps(X) use artillery factors in close combat against any but auxilia or psiloi (DBM 3.2 p.6).
  if (
    self.raw.type === 'Ps' &&
    self.raw.grade === 'X' &&
    v.close &&
    opp.as.type !== 'Ax' &&
    opp.as.type !== 'Ps'
  ) {
    return factor('Ps(X) use artillery factor', COMBAT_FACTORS.Art.foot, cite(v.version, 'p.6 Psiloi (X)'));
  }
  if ((t === 'Gal' || t === 'Shp' || t === 'Bts') && self.side.disembarked) {
    return factor('naval with troops disembarked', SHOOTING_FACTORS.navalDisembarked, where);
  }
  if (!v.close) {
    const oppBowmen = opp.as.type === 'Bw';
    if ((t === 'Kn' || t === 'WWg') && oppBowmen && vs !== 'naval')
      return factor(`${t} v bowmen shooting`, SHOOTING_FACTORS.knightsOrWagonsAgainstBowmenShooting, where);
    if (t === 'Bw' && oppBowmen && v.version.rules.bowmenPlus3AgainstBowmenShooting)
      return factor(
        'Bw v bowmen shooting',
        SHOOTING_FACTORS.bowmenAgainstBowmen,
        cite(v.version, 'p.21 Combat Factors'),
      );
    if (t === 'Bd' && vs !== 'naval')
      return factor('Bd v shooting', SHOOTING_FACTORS.bladesAgainstShooting, where);
  }
  return factor(`${t} v ${vs}`, COMBAT_FACTORS[t][vs], where);
}
