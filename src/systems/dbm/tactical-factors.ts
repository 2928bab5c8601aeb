/** Tactical factors (DBM 3.2 p.21 "Tactical Factors"): one small test per line of the table. */
import type { Factor } from '../../core/ruleset.ts';
import { isMounted, isTrain, TROOP_CLASS } from './troops.ts';
import { cite, factor, goingOf, type View } from './view.ts';

const TF = 'p.21 Tactical Factors';

/** Every tactical factor that applies to this side. */
export function tacticalFactors(v: View): Factor[] {
  const { self, opp } = v;
  const s = self.side;
  const r = v.version.rules;
  const at = (endNote?: string) => cite(v.version, TF, endNote);
  const out: Factor[] = [];
  const inCombat = v.close || self.shotAt;
  const badGoing = goingOf(s) !== 'good';

  // +2 foot defending behind fortifications when shot at or in close combat, with the listed exceptions.
  if (
    s.fortification !== 'none' &&
    TROOP_CLASS[self.as.type] === 'foot' &&
    inCombat &&
    self.as.type !== 'WWg'
  ) {
    const art = opp.shooting && opp.as.type === 'Art';
    const tower =
      (opp.raw.type === 'WWg' && opp.raw.grade === 'S') || (opp.raw.type === 'Shp' && opp.raw.grade === 'X');
    const negated =
      (s.fortification === 'permanent' && art && opp.as.grade === 'S') ||
      (s.fortification === 'temporary' &&
        (art || (v.close && opp.raw.type === 'Ps' && opp.raw.grade === 'X'))) ||
      tower;
    if (!negated) out.push(factor(`defending ${s.fortification} fortifications`, 2, at()));
  }
  // +1 general's element of an undemoralised command, in close combat or shot at.
  if (s.general && !s.demoralised && inCombat) out.push(factor('general', 1, at()));
  // +1 in close combat and upslope, on a raised PF tower, or defending a river bank.
  if (s.uphill && v.close) out.push(factor('upslope, tower or river bank', 1, at()));
  // -1 for each flank overlapped or contacted, each enemy in contact with the rear.
  const flanks = Math.min(2, s.overlaps + s.flankContacts);
  if (flanks > 0)
    out.push(factor(`${flanks} flank${flanks > 1 ? 's' : ''} overlapped or contacted`, -flanks, at()));
  if (s.rearContact) out.push(factor('enemy in contact with rear', -1, at()));
  // -1 for each 2nd or 3rd element aiding a shooting enemy.
  if (self.shotAt && opp.side.aiders > 0)
    out.push(
      factor(
        `${opp.side.aiders} element${opp.side.aiders > 1 ? 's' : ''} aiding enemy shooting`,
        -opp.side.aiders,
        at(),
      ),
    );
  // -1 if disadvantaged by weather or shooting to or from a wood, orchard or grove.
  if (s.disadvantaged) out.push(factor('weather, or shooting to/from wood', -1, at()));
  // -2 element of a demoralised command other than its general (3.0: only in close combat or shot at).
  if (s.demoralised && !s.general && (r.demoralisedWhenShooting || inCombat))
    out.push(factor('demoralised command', -2, at('liv')));
  // -2 mounted attacking across fortifications, or in close combat in (or against foot in) bad going.
  if (isMounted(self.as.type)) {
    const oppBad = TROOP_CLASS[opp.as.type] === 'foot' && goingOf(s, opp.side.going) !== 'good';
    if (s.assaultingFortification) out.push(factor('mounted attacking across fortifications', -2, at()));
    else if (v.close && (badGoing || oppBad)) out.push(factor('mounted in bad going', -2, at()));
  }
  const againstFoot = v.close && TROOP_CLASS[opp.as.type] === 'foot';
  // -1 (3.0: -2) Wb(S)/(O) in close combat against foot in bad going.
  if (self.as.type === 'Wb' && (self.as.grade === 'S' || self.as.grade === 'O') && againstFoot && badGoing)
    out.push(factor('Wb(S)/(O) v foot in bad going', r.warbandBadGoing, at('lv')));
  // -2 blades in close combat against foot in bad going.
  if (self.as.type === 'Bd' && againstFoot && badGoing)
    out.push(factor('blades v foot in bad going', -2, at('lv')));
  // -2 spears, pikes, hordes (O) (3.1+: and (I)) or train in close combat in bad going or crossing a river.
  const hordes =
    self.as.type === 'Hd' && (self.as.grade === 'O' || (self.as.grade === 'I' && r.hordesIBadGoing));
  const heavy = self.as.type === 'Sp' || self.as.type === 'Pk' || hordes || isTrain(self.as);
  if (heavy && v.close && (badGoing || s.crossingRiver))
    out.push(factor(s.crossingRiver && !badGoing ? 'crossing a river' : 'in bad going', -2, at('lvi')));
  return out;
}
