/** Tactical factors (DBM 3.2 p.21 "Tactical Factors"): one small test per line of the table. */
import type { Factor } from '../../core/ruleset.ts';
import { isMounted, isTrain, TROOP_CLASS } from './troops.ts';
import { cite, factor, goingOf, totalOf, type FactorLine, type View } from './view.ts';

const TF = 'p.21 Tactical Factors';

/** Every tactical factor that applies to this side. */
export function tacticalFactors(v: View): Factor[] {
  const out: Factor[] = [];
  tacticalLines(v, (label, value, endNote) => out.push(factor(label, value, cite(v.version, TF, endNote))));
  return out;
}

/** The sum of tacticalFactors (combat tables). */
export function tacticalTotal(v: View): number {
  return totalOf(tacticalLines, v);
}

/** Each tactical factor line that applies to this side, in the table's order. */
function tacticalLines(v: View, add: FactorLine): void {
  const { self, opp } = v;
  const s = self.side;
  const r = v.version.rules;
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
    if (!negated) add(`defending ${s.fortification} fortifications`, 2);
  }
  // +1 general's element of an undemoralised command, in close combat or shot at.
  if (s.general && !s.demoralised && inCombat) add('general', 1);
  // +1 in close combat and upslope, on a raised PF tower, or defending a river bank.
  if (s.uphill && v.close) add('upslope, tower or river bank', 1);
  // -1 for each flank overlapped or contacted, each enemy in contact with the rear.
  const flanks = Math.min(2, s.overlaps + s.flankContacts);
  if (flanks > 0) add(`${flanks} flank${flanks > 1 ? 's' : ''} overlapped or contacted`, -flanks);
  if (s.rearContact) add('enemy in contact with rear', -1);
  // -1 for each 2nd or 3rd element aiding a shooting enemy.
  if (self.shotAt && opp.side.aiders > 0)
    add(
      `${opp.side.aiders} element${opp.side.aiders > 1 ? 's' : ''} aiding enemy shooting`,
      -opp.side.aiders,
    );
  // -1 if disadvantaged by weather or shooting to or from a wood, orchard or grove.
  if (s.disadvantaged) add('weather, or shooting to/from wood', -1);
  // -2 element of a demoralised command other than its general (3.0: only in close combat or shot at).
  if (s.demoralised && !s.general && (r.demoralisedWhenShooting || inCombat))
    add('demoralised command', -2, 'liv');
  // -2 mounted attacking across fortifications, or in close combat in (or against foot in) bad going.
  if (isMounted(self.as.type)) {
    const oppBad = TROOP_CLASS[opp.as.type] === 'foot' && goingOf(s, opp.side.going) !== 'good';
    if (s.assaultingFortification) add('mounted attacking across fortifications', -2);
    else if (v.close && (badGoing || oppBad)) add('mounted in bad going', -2);
  }
  const againstFoot = v.close && TROOP_CLASS[opp.as.type] === 'foot';
  // -1 (3.0: -2) Wb(S)/(O) in close combat against foot in bad going.
  if (self.as.type === 'Wb' && (self.as.grade === 'S' || self.as.grade === 'O') && againstFoot && badGoing)
    add('Wb(S)/(O) v foot in bad going', r.warbandBadGoing, 'lv');
  // -2 blades in close combat against foot in bad going.
  if (self.as.type === 'Bd' && againstFoot && badGoing) add('blades v foot in bad going', -2, 'lv');
  // -2 spears, pikes, hordes (O) (3.1+: and (I)) or train in close combat in bad going or crossing a river.
  const hordes =
    self.as.type === 'Hd' && (self.as.grade === 'O' || (self.as.grade === 'I' && r.hordesIBadGoing));
  const heavy = self.as.type === 'Sp' || self.as.type === 'Pk' || hordes || isTrain(self.as);
  if (heavy && v.close && (badGoing || s.crossingRiver))
    add(s.crossingRiver && !badGoing ? 'crossing a river' : 'in bad going', -2, 'lvi');
}
