/**
 * Rear support (DBM 3.2 p.21 "Rear Support"): factors applied at once, the pike 4th-rank penalty on
 * the opponent, and the support tests that the outcome and mitigating rules ask about.
 */
import type { Factor } from '../../core/ruleset.ts';
import { bowOf, type RearRank } from './situation.ts';
import { TROOP_CLASS, isMounted, isSkirmisher, type Element, type Grade, type TroopType } from './troops.ts';
import { cite, factor, goingOf, totalOf, type Combatant, type FactorLine, type View } from './view.ts';

const RS = 'p.21 Rear Support';

/**
 * Why rear support is denied to this side, or undefined if it is allowed (DBM 3.2 p.21 Rear Support,
 * first paragraph; Kn(X) p.4 and Bw(X) p.6 can never have it).
 */
export function supportDenied(v: View, who: Combatant = v.self): string | undefined {
  const other = who === v.self ? v.opp : v.self;
  const s = who.side;
  const raw = who.raw;
  if (raw.type === 'Kn' && raw.grade === 'X') return 'Kn(X) cannot claim rear support';
  if (raw.type === 'Bw' && raw.grade === 'X') return 'Bw(X) cannot receive rear support';
  if (s.chariots) return 'chariots get no rear support';
  if (goingOf(s) === 'difficult') return 'no rear support in difficult going';
  if (s.fortification !== 'none') return 'no rear support when defending fortifications';
  if (who.shotAt) {
    const cavalryToo = v.version.rules.cavalryRearSupportWhenShotAt;
    const knightsI = who.as.type === 'Kn' && who.as.grade === 'I';
    if (!(knightsI || (cavalryToo && who.as.type === 'Cv'))) return 'no rear support when shot at';
  }
  if (other.raw.type === 'Exp') return 'no rear support in contact with expendables';
  if (v.close && s.movedIntoContact && other.as.type === 'Art' && other.as.grade === 'S')
    return 'no rear support having just moved into close combat against Art(S)';
  return undefined;
}

/**
 * May `rank` count as "the same grade" as the front element? Yes if equal; in 3.2 also a different
 * grade of the same type where the army list allows it, except Sp(O) behind Sp(S)
 * (DBM 3.2 amendments, "Page 22 REAR SUPPORT").
 */
function sameGrade(v: View, front: Element, rank: Element): boolean {
  if (rank.grade === front.grade) return true;
  if (!v.version.rules.listGradeSupport || !v.self.side.listGradeSupport) return false;
  return !(front.type === 'Sp' && front.grade === 'S');
}

/** Number of consecutive ranks from the 2nd (at most `max`) that satisfy `ok`. */
function leadingRanks(rear: readonly RearRank[], max: number, ok: (r: RearRank) => boolean): number {
  let n = 0;
  while (n < max && n < rear.length && ok(rear[n] as RearRank)) n++;
  return n;
}

const isType = (r: RearRank | undefined, t: TroopType, grades?: readonly Grade[]): boolean =>
  r !== undefined && r.element.type === t && (grades === undefined || grades.includes(r.element.grade));

const goodGoing = (c: Combatant): boolean => goingOf(c.side) === 'good';
const CLOSE_FOOT_TARGETS: readonly TroopType[] = ['Sp', 'Pk', 'Bd', 'Ax', 'Bw'];

/** Rear support factors this side adds to its own score (DBM 3.2 p.21); lines of value 0 are left out. */
export function rearSupportFactors(v: View): Factor[] {
  const out: Factor[] = [];
  rearSupportLines(v, (label, value, endNote) => {
    if (value !== 0) out.push(factor(label, value, cite(v.version, RS, endNote)));
  });
  return out;
}

/** The sum of rearSupportFactors (combat tables). */
export function rearSupportTotal(v: View): number {
  return totalOf(rearSupportLines, v);
}

/** Each rear support line of this side (DBM 3.2 p.21), some of value 0 (rearSupportFactors drops them). */
function rearSupportLines(v: View, add: FactorLine): void {
  if (supportDenied(v)) return;
  const { self, opp } = v;
  const r = v.version.rules;
  const rear = self.side.rear;
  const raw = self.raw;
  const t = self.as.type;
  const oppType = opp.as.type;

  // Kn(I) required to be double-based, against foot, Kn, Cv, LH or shot at except by artillery.
  if (t === 'Kn' && self.as.grade === 'I' && self.side.doubleBased && isType(rear[0], 'Kn', ['I'])) {
    const against = v.close
      ? !isMounted(oppType) || ['Kn', 'Cv', 'LH'].includes(oppType)
      : self.shotAt && oppType !== 'Art';
    if (against) add('2nd rank Kn(I) of a double element', 1);
  }
  // Spears: 2nd rank of spears of the same grade, good going; 3.1+ not against elephants.
  if (raw.type === 'Sp') {
    const vsEl = r.spearsPikesAgainstElephants && oppType === 'El';
    if (!vsEl && goodGoing(self) && rear[0] && isType(rear[0], 'Sp') && sameGrade(v, raw, rear[0].element))
      add('2nd rank spears', 1, 'l');
  }
  // Pikes except (X): 2nd and 3rd ranks (3.0: and 4th) of the same grade, good going.
  if (raw.type === 'Pk' && raw.grade !== 'X') {
    const vsEl = r.spearsPikesAgainstElephants && oppType === 'El';
    const max = r.pikeRanks === '3.0' ? 3 : 2;
    const n = leadingRanks(rear, max, (k) => isType(k, 'Pk') && sameGrade(v, raw, k.element));
    if (!vsEl && goodGoing(self)) add(`${n} supporting rank${n === 1 ? '' : 's'} of pikes`, n, 'li');
  }
  // Pikes (X): 2nd and 3rd ranks of Pk(X) or Pk(I), good going; 3.1+ not against elephants.
  if (raw.type === 'Pk' && raw.grade === 'X') {
    const vsEl = r.spearsPikesAgainstElephants && oppType === 'El';
    const n = leadingRanks(rear, 2, (k) => isType(k, 'Pk', ['X', 'I']));
    if (!vsEl && goodGoing(self)) add(`${n} supporting rank${n === 1 ? '' : 's'} of Pk(X)/(I)`, n, 'lii');
  }
  // Warband: 2nd rank of warband.
  if (raw.type === 'Wb' && isType(rear[0], 'Wb')) add('2nd rank warband', 1);
  // 3.0 and 3.1: Wb(S)/(O) against mounted add +1 for each 3rd and 4th rank of Wb(S)/(O) (docs/rulings.md).
  if (
    raw.type === 'Wb' &&
    r.deepWarbandAgainstMounted === 'factor' &&
    (raw.grade === 'S' || raw.grade === 'O') &&
    isMounted(oppType)
  ) {
    const n = leadingRanks(rear, 3, (k) => isType(k, 'Wb', ['S', 'O']));
    add('3rd/4th ranks Wb(S)/(O) v mounted', Math.max(0, n - 1));
  }
  // Auxilia (X): 2nd and 3rd ranks of Ax(X), if the 2nd is Ax(X).
  if (raw.type === 'Ax' && raw.grade === 'X') {
    const n = leadingRanks(rear, 2, (k) => isType(k, 'Ax', ['X']));
    add(`${n} supporting rank${n === 1 ? '' : 's'} of Ax(X)`, n);
  } else if (raw.type === 'Ax' && v.close && CLOSE_FOOT_TARGETS.includes(oppType)) {
    // Other auxilia in close combat against Sp, Pk, Bd, Ax or Bw: 2nd rank of auxilia of the same grade.
    if (rear[0] && isType(rear[0], 'Ax') && sameGrade(v, raw, rear[0].element)) add('2nd rank auxilia', 1);
  }
  // Bowmen in close combat against Sp, Pk, Bd, Ax or Bw: 2nd rank of bowmen of the same grade, armed with
  // the same type of bow (a rank's bow defaults to the front element's). Bw(X) never give rear support.
  if (t === 'Bw' && raw.type === 'Bw' && v.close && CLOSE_FOOT_TARGETS.includes(oppType)) {
    const k = rear[0];
    if (
      k &&
      isType(k, 'Bw') &&
      k.element.grade !== 'X' &&
      sameGrade(v, raw, k.element) &&
      bowOf(self.side, k) === bowOf(self.side)
    )
      add('2nd rank bowmen', 1);
  }
  // Psiloi fighting skirmishers.
  if (t === 'Ps' && isSkirmisher(oppType) && v.close) {
    if (r.psiloiSupport === '3.1') {
      if ((raw.grade === 'S' || raw.grade === 'O') && rear[0] && isType(rear[0], 'Ps')) {
        const g = rear[0].element.grade;
        if (g === raw.grade || g === 'O') add('2nd rank psiloi', 1, 'liii');
      }
    } else if (isType(rear[0], 'Ps', ['O'])) add('2nd rank Ps(O)', 1, 'liii');
  }
  if (r.supportModel === 'factors') factors30(v, add);
  // 3.0: blades against knights or Cm(S) add +1 for a 2nd rank of blades (end note lii).
  if (
    r.bladesSupportAgainstKnights === 'factor' &&
    raw.type === 'Bd' &&
    v.close &&
    (oppType === 'Kn' || (oppType === 'Cm' && opp.as.grade === 'S')) &&
    isType(rear[0], 'Bd')
  )
    add('2nd rank blades v knights', 1, 'lii');
}

/** 3.0 rear support factors later replaced by mitigating factors (end notes xlix and liii). */
function factors30(v: View, add: FactorLine): void {
  const { self, opp } = v;
  const rear = self.side.rear;
  const oppType = opp.as.type;
  if (!v.close) return;
  if (self.as.type === 'Cv' && (oppType === 'Cv' || oppType === 'LH')) {
    const want: Grade = self.as.grade === 'I' ? 'I' : 'O';
    if (isType(rear[0], 'Cv', [want])) add(`2nd rank Cv(${want})`, 1, 'xlix');
  }
  if (['Sp', 'Pk', 'Bd', 'Ax'].includes(self.raw.type)) {
    const against =
      oppType === 'Wb' ||
      (isMounted(oppType) && !(opp.raw.type === 'Kn' && opp.raw.grade === 'X')) ||
      self.side.assaultingFortification ||
      oppType === 'WWg';
    if (against && psiloiBehind(self)) add('psiloi support', 1, 'liii');
  }
  if (self.as.type === 'Cv' && (oppType === 'Cv' || oppType === 'Kn')) {
    const k = rear[0];
    if (k && isType(k, 'Ps', ['S', 'I']) && k.listPermitted)
      add('2nd rank Ps(S)/(I) behind cavalry', 1, 'liii');
  }
}

/**
 * A single psiloi rank that the army list permits: with bows as 2nd or 3rd rank (a 3rd only behind a
 * 2nd of the front type), with crossbows or handguns as 2nd rank (DBM 3.2 p.22 Mitigating factors).
 */
export function psiloiBehind(c: Combatant): boolean {
  const rear = c.side.rear;
  const psAt = (i: number) => {
    const k = rear[i];
    return k !== undefined && k.element.type === 'Ps' && k.listPermitted === true ? k : undefined;
  };
  const second = psAt(0);
  if (second) return second.weapon === 'bow' || second.weapon === 'crossbow' || second.weapon === 'handgun';
  const third = psAt(1);
  return third !== undefined && third.weapon === 'bow' && rear[0]?.element.type === c.raw.type;
}

/**
 * Foot fighting pikes except (X) deduct 1 if the pikes have a 4th rank, all of the same grade, in good
 * going (DBM 3.2 p.21 Rear Support, 3.1+; end note li).
 */
export function pikeFourthRankPenalty(v: View): Factor[] {
  const { self, opp } = v;
  if (v.version.rules.pikeRanks !== '3.1' || !v.close) return [];
  if (TROOP_CLASS[self.as.type] !== 'foot') return [];
  if (opp.raw.type !== 'Pk' || opp.raw.grade === 'X') return [];
  const flipped: View = { ...v, self: opp, opp: self };
  if (supportDenied(flipped)) return [];
  if (goingOf(opp.side) !== 'good') return [];
  const n = leadingRanks(opp.side.rear, 3, (k) => isType(k, 'Pk') && sameGrade(flipped, opp.raw, k.element));
  return n === 3 ? [factor('enemy pikes have a 4th rank', -1, cite(v.version, RS, 'li'))] : [];
}

/**
 * Support that changes a losing outcome from destroyed to recoil (DBM 3.2 p.23 Combat Outcome, 3.1+):
 * spears and pikes against elephants, blades against knights or Cm(S), deep warband (3.2).
 */
export function supportedAgainstQuickKill(v: View, loser: Combatant, winner: Combatant): boolean {
  const lv: View = loser === v.self ? v : { ...v, self: loser, opp: winner };
  if (supportDenied(lv)) return false;
  const r = v.version.rules;
  const rear = loser.side.rear;
  const raw = loser.raw;
  const w = winner.as;
  if (r.spearsPikesAgainstElephants && w.type === 'El') {
    if (raw.type === 'Sp' && rear[0] && isType(rear[0], 'Sp') && sameGrade(lv, raw, rear[0].element))
      return true;
    if (raw.type === 'Pk' && rear[0]) {
      if (raw.grade === 'X' && isType(rear[0], 'Pk', ['X', 'I'])) return true;
      if (isType(rear[0], 'Pk') && sameGrade(lv, raw, rear[0].element)) return true;
    }
  }
  const vsKnights = w.type === 'Kn' || (w.type === 'Cm' && w.grade === 'S');
  if (r.bladesSupportAgainstKnights === 'outcome' && loser.as.type === 'Bd' && vsKnights) {
    const g = loser.as.grade;
    if (raw.grade === 'X') {
      // Bd(X) are supported against knights only by Bd(X), also counting as (S) (DBM 3.2 p.5).
      if (g === 'S' && isType(rear[0], 'Bd', ['X'])) return true;
    } else if ((g === 'S' || g === 'O') && isType(rear[0], 'Bd', ['S', 'O'])) return true;
  }
  if (
    r.deepWarbandAgainstMounted === 'outcome' &&
    raw.type === 'Wb' &&
    (raw.grade === 'S' || raw.grade === 'O') &&
    (vsKnights || w.type === 'El')
  ) {
    if (leadingRanks(rear, 3, (k) => isType(k, 'Wb', ['S', 'O'])) === 3) return true;
  }
  return false;
}
