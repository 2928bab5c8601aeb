/**
 * Tactical factors (B&B 0.7 ch.7 "tactical factors"): one combat advantage (+1) per item that applies,
 * +2 when the opponent is flank attacked and +3 when it is rear attacked. One small test per item.
 */
import type { Factor } from '../../core/ruleset.ts';
import type { BnbRearRank, BnbWeapon } from './situation.ts';
import { isInfantry, isMounted, isSkirmisher, type BnbElement, type BnbTroopType } from './troops.ts';
import { cite, factor, goingFor, type GoingClass, type View } from './view.ts';

/** B&B 0.7 ch.7 tactical factors: the two items worth more than one combat advantage. */
const BNB_ATTACK_ADVANTAGES = { flankAttacked: 2, rearAttacked: 3 } as const;

interface Rank {
  readonly el: BnbElement;
  readonly going: GoingClass;
  readonly weapon: BnbWeapon;
  readonly listPermitted: boolean;
}

function ranksOf(v: View): Rank[] {
  const s = v.self.side;
  const front: Rank = { el: s.element, going: v.self.going, weapon: s.weapon, listPermitted: false };
  const behind = s.rear.map((r: BnbRearRank): Rank => ({
    el: r.element,
    going: goingFor(r.element, r.going ?? s.going),
    weapon: r.weapon ?? 'bow',
    listPermitted: r.listPermitted ?? false,
  }));
  return [front, ...behind];
}

const is = (r: Rank | undefined, t: BnbTroopType, grades?: string): r is Rank =>
  r !== undefined && r.el.type === t && (grades === undefined || grades.includes(r.el.grade));
const noneIn = (ranks: readonly Rank[], g: GoingClass) => ranks.every((r) => r.going !== g);
const allGood = (ranks: readonly Rank[]) => ranks.every((r) => r.going === 'good');

/** Every combat advantage `v.self` has in this combat. */
export function bnbTacticalFactors(v: View): Factor[] {
  const { self, opp, close } = v;
  const s = self.side;
  const o = opp.side;
  const rule = cite('tactical');
  const out: Factor[] = [];
  const add = (label: string, value = 1) => out.push(factor(label, value, rule));
  const t = self.el.type;
  const ot = opp.el.type;
  const notVsSkirmishers = close && !isSkirmisher(ot);
  const [front, second, third] = ranksOf(v) as [Rank, Rank | undefined, Rank | undefined];

  // Terrain and weather.
  if (close && s.upperGround && self.ownBound) add('fighting from upper ground in own bound');
  if (close && s.defendingRiverEdge) add('defending a river edge');
  if (self.shotAt && v.situation.mode === 'shooting' && v.situation.raining) add('shot at in the rain');
  else if (self.shotAt && o.againstWind) add('shot at against the wind');
  if (o.dazzled && (close || opp.shooting)) add('enemy victim of dazzle');
  if (self.shotAt && (s.inWoodOrBua || o.inWoodOrBua)) add('shot at with shooter or target in Wd or BUA');
  // The opponent's position.
  if (o.recoilBlocked) add('enemy could not complete a recoil');
  if (close && o.overlaps > 0)
    add(`${o.overlaps} enemy flank${o.overlaps > 1 ? 's' : ''} overlapped`, o.overlaps);
  if (close && o.flankAttacked) add('enemy flank attacked', BNB_ATTACK_ADVANTAGES.flankAttacked);
  if (close && o.rearAttacked) add('enemy rear attacked', BNB_ATTACK_ADVANTAGES.rearAttacked);
  // Shooting advantages (ch.6): 2nd and 3rd shooters, shooting at the rear edge.
  if (self.shooting && s.extraShooters > 0)
    add(`${s.extraShooters} additional shooter${s.extraShooters > 1 ? 's' : ''}`, s.extraShooters);
  if (self.shooting && s.shootingFromRear) add('shooting from the rear');
  // Troop types.
  if (t === 'Bd' && (ot === 'Ax' || ot === 'Wb' || ot === 'Sp' || ot === 'Pk')) add(`Bd v ${ot}`);
  if (isMounted(t) && ot === 'Bd') add('mounted v Bd');
  if (notVsSkirmishers && t === 'Sp' && front.going === 'good') add('Sp in GGo');
  // Rank support (ch.7 support: no rank even partly in DGo).
  if (
    close &&
    t === 'Ps' &&
    isSkirmisher(ot) &&
    is(second, 'Ps', 'O') &&
    noneIn([front, second], 'difficult')
  )
    add('Ps supported by Ps(O) v skirmishers');
  if (notVsSkirmishers && is(front, 'Pk', 'IX') && is(second, 'Pk', 'I') && allGood([front, second]))
    add('Pk(I/X) supported by 2nd rank Pk(I)');
  if (
    notVsSkirmishers &&
    is(front, 'Pk', 'IX') &&
    is(second, 'Pk', 'I') &&
    is(third, 'Pk', 'I') &&
    allGood([front, second, third])
  )
    add('Pk(I/X) supported by 3rd rank Pk(I)');
  if (notVsSkirmishers && is(front, 'Pk', 'F') && is(second, 'Pk', 'F') && allGood([front, second]))
    add('Pk(F) supported by 2nd rank Pk(F)');
  const spSupport =
    notVsSkirmishers &&
    t === 'Sp' &&
    is(second, 'Sp') &&
    allGood([front, second]) &&
    sameGradeAndReg(front, second);
  if (spSupport) add('Sp supported by 2nd rank Sp');
  if (
    notVsSkirmishers &&
    t === 'Wb' &&
    is(second, 'Wb') &&
    noneIn([front, second], 'difficult') &&
    second.el.grade === front.el.grade
  )
    add('Wb supported by 2nd rank Wb');
  if (
    close &&
    t === 'Bw' &&
    isInfantry(ot) &&
    ot !== 'Ps' &&
    is(second, 'Bw') &&
    noneIn([front, second], 'difficult') &&
    sameGradeAndReg(front, second) &&
    second.weapon === front.weapon
  )
    add('Bw supported by 2nd rank Bw');
  // Ps(O) support that the army list explicitly allows, against mounted or Wb.
  const vsMountedOrWb = close && (isMounted(ot) || ot === 'Wb');
  if (
    vsMountedOrWb &&
    (t === 'Ax' || t === 'Bd' || t === 'Sp') &&
    is(second, 'Ps', 'O') &&
    second.listPermitted &&
    noneIn([front, second], 'difficult')
  )
    add('supported by 2nd rank Ps(O) (army list)');
  if (
    vsMountedOrWb &&
    spSupport &&
    is(third, 'Ps', 'O') &&
    third.listPermitted &&
    third.weapon === 'bow' &&
    allGood([front, second as Rank, third])
  )
    add('Sp supported by Sp and 3rd rank Ps(O) bows (army list)');
  return out;
}

const sameGradeAndReg = (x: Rank, y: Rank) => x.el.grade === y.el.grade && x.el.reg === y.el.reg;
