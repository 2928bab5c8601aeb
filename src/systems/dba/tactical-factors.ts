/** Tactical factors (DBA 3.0 Tactical factors; values recovered as listed in docs/rulings.md "DBA 3.0"). */
import type { Factor } from '../../core/ruleset.ts';
import { DBA_BIG_BATTLE } from './big-battle.ts';
import { isFoot } from './troops.ts';
import { cite, factor, goingFor, type View } from './view.ts';

const TF = cite('Tactical factors');

/** DBA 3.0 tactical factor values, one per line of the table. */
const DBA_TACTICAL_FACTORS = {
  /** Garrison defending a city or fort, in close combat or shot at. */
  defendingCityOrFort: 4,
  /** Camp followers or other foot in their own camp, in close combat or shot at. (Denizens: see readings.) */
  footInOwnCamp: 2,
  /** The general's element, in close combat or shot at. */
  general: 1,
  /** In close combat, uphill or defending a river bank that is not paltry, off-road. */
  uphillOrRiverBank: 1,
  /** Each enemy overlapping or in flank or rear contact; each aiding enemy shooter; each further assaulter. */
  perEnemy: -1,
  /** Any troops except Auxilia, Bows, Warband or Psiloi, in close combat in bad (not rough) going. */
  badGoing: -2,
} as const;

/** Every tactical factor that applies to this side, one test per line of the table. */
export function tacticalFactors(v: View): Factor[] {
  const { self, opp } = v;
  const s = self.side;
  const out: Factor[] = [];
  const engaged = v.close || self.shotAt;
  const inWalls = s.defending === 'city' || s.defending === 'fort';

  if (engaged && inWalls) {
    if (self.el.type === 'Dz')
      out.push(factor('denizens defending their city (reading)', v.readings.denizensDefendingCity, TF));
    else
      out.push(factor(`garrison defending a ${s.defending}`, DBA_TACTICAL_FACTORS.defendingCityOrFort, TF));
  }
  if (engaged && s.defending === 'camp' && isFoot(self.el))
    out.push(factor('foot in own camp', DBA_TACTICAL_FACTORS.footInOwnCamp, TF));
  if (engaged && s.general) out.push(factor("general's element", DBA_TACTICAL_FACTORS.general, TF));
  // Occupiers of a city or fort cannot count as uphill: the hill is part of the defences. They still defend a bank.
  const uphill = s.uphill && !inWalls;
  if (v.close && (uphill || s.riverBank))
    out.push(
      factor(uphill ? 'uphill' : 'defending a river bank', DBA_TACTICAL_FACTORS.uphillOrRiverBank, TF),
    );
  // Overlaps and flank or rear contact: not counted in combat across a city, fort or camp perimeter.
  if (!v.siege) {
    const flanks = Math.min(2, s.overlaps + s.flankContacts);
    if (flanks > 0)
      out.push(
        factor(
          `${flanks} flank${flanks > 1 ? 's' : ''} overlapped or contacted`,
          flanks * DBA_TACTICAL_FACTORS.perEnemy,
          TF,
        ),
      );
    if (s.rearContact) out.push(factor('enemy in rear contact', DBA_TACTICAL_FACTORS.perEnemy, TF));
  }
  if (self.shotAt && opp.side.aiders > 0) {
    const n = Math.min(2, opp.side.aiders);
    out.push(
      factor(`${n} element${n > 1 ? 's' : ''} aiding enemy shooting`, n * DBA_TACTICAL_FACTORS.perEnemy, TF),
    );
  }
  if (self.defends && v.close && opp.side.alsoAssaulting > 0) {
    const n = Math.min(2, opp.side.alsoAssaulting);
    out.push(
      factor(`${n} further assaulter${n > 1 ? 's' : ''} in contact`, n * DBA_TACTICAL_FACTORS.perEnemy, TF),
    );
  }
  const exempt = ['Ax', 'Bw', 'Wb', 'Ps'].includes(self.el.type);
  // A city or fort's own hill does not count as bad going for its occupiers.
  if (v.close && !exempt && !inWalls && goingFor(self.el, s.going) === 'bad')
    out.push(factor('in bad going', DBA_TACTICAL_FACTORS.badGoing, TF));
  // Big battles: an element of a demoralised command, in close combat and not in a city, fort or camp.
  if (v.close && s.demoralised && s.defending === 'none')
    out.push(factor('demoralised command', DBA_BIG_BATTLE.demoralised, cite('Big battles')));
  return out;
}

/** Big battles: the C-in-C's once-per-game +1, added to its combat score after it is calculated. */
export function scoreBonusFactors(v: View): Factor[] {
  return v.self.side.cInCPlusOne
    ? [factor("C-in-C's once-per-game +1", DBA_BIG_BATTLE.cInCPlusOne, cite('Big battles'))]
    : [];
}
