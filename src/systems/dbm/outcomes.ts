/**
 * Combat outcomes (DBM 3.2 p.23 "Combat Outcome"), one function per table, one clause per line, and the
 * consequences for the file (p.23 Destroyed Elements, Recoiling Elements; p.24 Pursuing Elements).
 */
import { isLightTroops, isMounted, isImpetuous, TROOP_CLASS, type TroopType } from './troops.ts';
import { supportedAgainstQuickKill } from './rear-support.ts';
import { cite, goingOf, type Combatant, type Profile, type View } from './view.ts';

export const DBM_OUTCOMES = ['destroyed', 'flee', 'recoil', 'none'] as const;
export type DbmOutcome = (typeof DBM_OUTCOMES)[number];

interface OutcomeReading {
  readonly outcome: DbmOutcome;
  readonly reason: string;
}

const read = (outcome: DbmOutcome, reason: string): OutcomeReading => ({ outcome, reason });

interface Loss {
  readonly v: View;
  readonly loser: Combatant;
  readonly winner: Combatant;
  /** The loser as its outcome is read (El(X) suffer shooting outcomes as (I) elephants). */
  readonly l: Profile;
  readonly w: Profile;
}

const naval = (t: TroopType) => TROOP_CLASS[t] === 'naval';
const is = (p: Profile, t: TroopType, grades?: string) =>
  p.type === t && (!grades || grades.includes(p.grade));

/**
 * Is this combat fought across fortifications (either side defending behind them or attacking across
 * them)? DBM 3.2 p.23 Combat Outcome: the rows that depend on good going are void then. Fortifications
 * void those rows; they do not make the going bad (docs/rulings.md "Outcomes across fortifications").
 */
function acrossFortifications(x: Loss): boolean {
  const sides = [x.loser.side, x.winner.side];
  return sides.some((s) => s.fortification !== 'none' || s.assaultingFortification);
}
/** The loser's going as the winner counts it (DBM 3.2 p.23 "in going these count as good"). */
const winnerCountsGood = (x: Loss): boolean => goingOf(x.winner.side, x.loser.side.going) === 'good';
/** The loser's going as the loser counts it. */
const loserCounts = (x: Loss) => goingOf(x.loser.side);
/** An outcome "if in going these count as good": never across fortifications. */
const goodForWinner = (x: Loss): boolean => !acrossFortifications(x) && winnerCountsGood(x);
/** An outcome "if in good going" (the loser's own): never across fortifications. */
const loserInGood = (x: Loss): boolean => !acrossFortifications(x) && loserCounts(x) === 'good';
/** An outcome "if in difficult going": only where the loser counts its going as difficult. */
const loserInDifficult = (x: Loss): boolean => loserCounts(x) === 'difficult';
const artilleryShooting = (x: Loss) => x.winner.shooting && x.w.type === 'Art';
const knightsOrCmS = (w: Profile) => w.type === 'Kn' || is(w, 'Cm', 'S');

/** DBM 3.2 p.23: total less than the opponent's but more than half. */
function lessThan(x: Loss): OutcomeReading {
  const { l, w, v } = x;
  const close = v.close;
  const inContact = close;
  const rules = v.version.rules;
  switch (l.type) {
    case 'El':
      if (artilleryShooting(x)) return read('destroyed', 'elephants destroyed by artillery shooting');
      if (isLightTroops(w.type)) return read('destroyed', 'elephants destroyed by light troops');
      if (x.winner.raw.type === 'Cm' && x.winner.raw.grade === 'X')
        return read('destroyed', 'elephants destroyed by Cm(X)');
      return read('recoil', 'elephants recoil');
    case 'Kn':
      if (w.type === 'El' || w.type === 'Exp' || w.type === 'LH')
        return read('destroyed', `knights destroyed by ${w.type}`);
      if (close && is(w, 'Bw', 'S') && x.loser.side.movedIntoContact)
        return read('destroyed', 'knights destroyed by (S) bowmen whose front they contacted this bound');
      if (close && loserInDifficult(x)) return read('destroyed', 'knights destroyed in difficult going');
      if (
        rules.bladesX === '3.0' &&
        close &&
        x.winner.raw.type === 'Bd' &&
        x.winner.raw.grade === 'X' &&
        x.winner.ownBound
      )
        return read('destroyed', 'knights destroyed by Bd(X) in the blades\u2019 bound (3.0)');
      return read('recoil', 'knights recoil');
    case 'LH':
      if (artilleryShooting(x) || w.type === 'Exp' || loserInDifficult(x))
        return read('flee', 'light horse flee');
      return read('recoil', 'light horse recoil');
    case 'Exp':
      return read('destroyed', 'expendables destroyed');
    case 'Cv':
    case 'Cm':
      if (w.type === 'Exp' || loserInDifficult(x)) return read('flee', 'mounted flee');
      return read('recoil', 'mounted recoil');
    case 'Sp':
    case 'Pk':
    case 'Bd': {
      const killers: TroopType[] =
        rules.spearsPikesAgainstElephants && l.type !== 'Bd' ? ['El', 'Kn', 'Exp'] : ['Kn', 'Exp'];
      const quick = (killers.includes(w.type) || is(w, 'Cm', 'S')) && goodForWinner(x);
      if (quick || w.type === 'Wb') {
        if (supportedAgainstQuickKill(v, x.loser, x.winner))
          return read('recoil', `supported ${l.type} recoil instead`);
        return read('destroyed', `${l.type} destroyed by ${w.type}`);
      }
      return read('recoil', `${l.type} recoil`);
    }
    case 'Wb':
      if (((knightsOrCmS(w) || w.type === 'Exp') && goodForWinner(x)) || w.type === 'El') {
        if (supportedAgainstQuickKill(v, x.loser, x.winner))
          return read('recoil', 'deep warband recoil instead');
        return read('destroyed', `warband destroyed by ${w.type}`);
      }
      return read('recoil', 'warband recoil');
    case 'Ax': {
      if (knightsOrCmS(w) && goodForWinner(x)) return read('destroyed', `auxilia destroyed by ${w.type}`);
      const axX = x.loser.raw.type === 'Ax' && x.loser.raw.grade === 'X';
      if (axX && ['El', 'Exp', 'Wb'].includes(w.type))
        return read('destroyed', `Ax(X) destroyed by ${w.type}`);
      return read('recoil', 'auxilia recoil');
    }
    case 'Bw':
      if (inContact && isMounted(w.type)) return read('destroyed', 'bowmen destroyed by mounted in contact');
      return read('recoil', 'bowmen recoil');
    case 'Ps': {
      if (['Kn', 'Cv', 'LH'].includes(w.type) || is(w, 'Cm', 'S'))
        if (goodForWinner(x)) return read('destroyed', `psiloi destroyed by ${w.type}`);
      // "If in going neither counts as good" reads the going itself: fortifications remove the
      // good-going outcomes but do not make the going bad, so psiloi behind (or attacking) them in good
      // going flee (docs/rulings.md "Outcomes across fortifications").
      const neitherGood = loserCounts(x) !== 'good' && !winnerCountsGood(x);
      if (w.type === 'El' || w.type === 'Exp' || (x.loser.shotAt && w.type !== 'Art') || neitherGood)
        return read('recoil', 'psiloi recoil');
      return read('flee', 'psiloi flee');
    }
    case 'Art':
      if (inContact) return read('destroyed', 'artillery destroyed by enemy in contact');
      if (x.loser.side.fortification !== 'none') return read('none', 'artillery in a fortification stand');
      return read('recoil', 'artillery recoil');
    case 'WWg':
      if (w.type === 'Art' && x.winner.raw.grade !== 'X')
        return read('destroyed', 'war wagons destroyed by artillery');
      if (w.type === 'El' && x.loser.raw.grade !== 'X')
        return read('destroyed', 'war wagons destroyed by elephants');
      if (l.grade === 'S' && x.loser.side.assaultingFortification)
        return read('recoil', 'WWg(S) assaulting recoil');
      return read('none', 'war wagons stand');
    case 'Hd':
      if ((knightsOrCmS(w) || w.type === 'Exp') && goodForWinner(x))
        return read('destroyed', `hordes destroyed by ${w.type}`);
      if (w.type === 'El' || w.type === 'Wb') return read('destroyed', `hordes destroyed by ${w.type}`);
      if (rules.hordesIOutcome && l.grade === 'I') {
        if (close) return read('destroyed', 'Hd(I) destroyed in close combat');
        return read('none', 'Hd(I) do not recoil');
      }
      return read('recoil', 'hordes recoil');
    case 'Bg':
      if (inContact) return read('destroyed', 'baggage destroyed by enemy in contact');
      if (x.loser.side.mobile) return read('flee', 'mobile baggage flee');
      return read('none', 'immobile baggage stand');
    case 'Gal':
    case 'Shp':
    case 'Bts':
      if (x.loser.side.unladen && inContact && w.type !== 'Exp')
        return read('destroyed', 'unladen naval destroyed in contact');
      return read('recoil', 'naval recoil');
  }
}

/** DBM 3.2 p.23: total half or less of the opponent's. */
function halfOrLess(x: Loss): OutcomeReading {
  const { l, w, v } = x;
  const close = v.close;
  const artClose = close && w.type === 'Art' && x.winner.raw.grade !== 'I' && x.winner.raw.grade !== 'X';
  if (l.type === 'Exp') return read('destroyed', 'expendables destroyed');
  if (l.type === 'Cv') {
    const spearsEtc =
      w.type === 'Sp' || w.type === 'Pk' || (x.winner.raw.type === 'Ax' && x.winner.raw.grade === 'X');
    if ((spearsEtc && loserInGood(x)) || artClose || naval(w.type)) return read('flee', 'cavalry flee');
    return read('destroyed', 'cavalry destroyed');
  }
  if (l.type === 'LH') {
    const killer = isMounted(w.type) || w.type === 'Bw' || is(w, 'Ps', 'O') || is(w, 'WWg', 'O');
    if (close && (killer || loserInDifficult(x))) return read('destroyed', 'light horse destroyed');
    return read('flee', 'light horse flee');
  }
  if (l.type === 'Ps') {
    const axNotX = w.type === 'Ax' && x.winner.raw.grade !== 'X';
    if (
      (isMounted(w.type) && goodForWinner(x)) ||
      w.type === 'Bw' ||
      axNotX ||
      w.type === 'Ps' ||
      x.loser.raw.grade === 'X'
    )
      return read('destroyed', 'psiloi destroyed');
    return read('flee', 'psiloi flee');
  }
  if (naval(l.type)) {
    if (x.loser.side.unladen && w.type !== 'Exp') return read('destroyed', 'unladen naval destroyed');
    if ((w.type === 'Art' && w.grade === 'S') || (close && w.type !== 'Exp'))
      return read('destroyed', 'naval destroyed');
    if (!close) return read('flee', 'naval flee from shooting');
    return read('recoil', 'naval recoil');
  }
  if (artClose || naval(w.type)) return read('flee', `${l.type} flee`);
  return read('destroyed', `${l.type} destroyed`);
}

export interface SideOutcome extends OutcomeReading {
  /** Rear ranks (counted from the 2nd) destroyed with this element. */
  readonly rearLost: number;
  /** After winning: must pursue, may choose to, or does not (p.24 Pursuing Elements). */
  readonly pursuit: 'must' | 'may' | 'no';
}

/** The outcome read for `loser` against `winner`; `half` when its total is half or less. */
export function losingOutcome(v: View, loser: Combatant, winner: Combatant, half: boolean): OutcomeReading {
  // El(X) suffer shooting outcomes as (I) elephants (DBM 3.2 p.3).
  const l: Profile =
    loser.raw.type === 'El' && loser.raw.grade === 'X' ? { type: 'El', grade: 'I' } : loser.as;
  const x: Loss = { v, loser, winner, l, w: winner.as };
  // An element shooting without being shot back disregards an unfavourable outcome (DBM 3.2 p.23).
  if (loser.shooting && !loser.shotAt)
    return read('none', 'shooting without being shot at: outcome disregarded');
  let r = half ? halfOrLess(x) : lessThan(x);
  // A recoil with an enemy front edge on flank or rear destroys the recoiler (DBM 3.2 p.23 Recoiling).
  // A flee starts with a recoil, so it is destroyed too (docs/rulings.md).
  const contacted = loser.side.flankContacts > 0 || loser.side.rearContact;
  if (contacted && (r.outcome === 'recoil' || r.outcome === 'flee'))
    r = read('destroyed', `${r.reason}, but an enemy is in contact with its flank or rear`);
  else if (r.outcome === 'recoil' && v.close && recoilBlocked(loser))
    r = read('destroyed', `${r.reason}, but cannot recoil through the rank behind`);
  return r;
}

/**
 * A recoiling element that meets friends it can neither pass through nor push back is destroyed
 * (DBM 3.2 p.23 Recoiling Elements; interpenetration p.19 Moving Through Friendly Troops). A double
 * element recoils as a single element of its front type (p.9 Element Basing), so what it meets is the
 * rank behind the double element (a Bw(X) double's further ranks, for instance).
 */
function recoilBlocked(c: Combatant): boolean {
  const behind = c.side.rear[c.side.doubleBased ? 1 : 0]?.element;
  if (!behind) return false;
  const t = c.as.type;
  const passes =
    t === 'Ps' ||
    (isMounted(t) && behind.type === 'Ps') ||
    (t === 'Bw' && c.raw.grade !== 'X' && behind.type === 'Bd') ||
    (t === 'Bd' && behind.type === 'Bw' && behind.grade !== 'X') ||
    (TROOP_CLASS[t] === 'foot' &&
      !['Art', 'WWg', 'Bg'].includes(t) &&
      ['Art', 'WWg', 'Bg'].includes(behind.type) &&
      !(behind.type === 'Art' && behind.grade === 'X'));
  if (passes) return false;
  const pushable = !['El', 'WWg', 'Bg', 'Gal', 'Shp', 'Bts'].includes(behind.type);
  return !pushable;
}

/**
 * How many rear ranks die with a front element destroyed in close combat (DBM 3.2 p.23 Destroyed
 * Elements): the rank directly behind (within a base depth) and any psiloi that gave rear support;
 * 3.0: every element that gave rear support too (end note lxiv).
 */
export function rearLosses(v: View, c: Combatant, supportingRanks: number): number {
  const rear = c.side.rear;
  const first = rear[0]?.element;
  if (!first || !v.close) return 0;
  const t = c.raw.type;
  const spared =
    (t === 'Ps' && first.type !== 'Ps') ||
    ['WWg', 'Bg', 'Gal', 'Shp', 'Bts'].includes(t) ||
    ['WWg', 'Bg', 'Gal', 'Shp', 'Bts'].includes(first.type) ||
    t === 'Art' ||
    (v.version.rules.hordesISpareRear && t === 'Hd' && c.raw.grade === 'I');
  if (spared) return 0;
  let lost = 1;
  // Psiloi that gave rear support (always) and, in 3.0, every rank that gave rear support.
  rear.forEach((k, i) => {
    if (i === 0) return;
    if (
      v.version.rules.rearLosses === '3.0'
        ? i < supportingRanks
        : k.element.type === 'Ps' && i < supportingRanks
    )
      lost = i + 1;
  });
  return lost;
}

/**
 * Must the winner pursue (DBM 3.2 p.24 Pursuing Elements)? Kn except (X), Pk, irregular Bd and Sp (not
 * Bw(X)), naval and impetuous troops pursue; defenders of fortifications or river banks do not; foot
 * against skirmishers, pikes or blades against mounted and knights against psiloi may choose not to.
 */
export function pursuit(v: View, winner: Combatant, loser: Combatant): 'must' | 'may' | 'no' {
  if (!v.close) return 'no';
  const raw = winner.raw;
  const t = winner.as.type;
  const pursuer =
    (raw.type === 'Kn' && raw.grade !== 'X') ||
    raw.type === 'Pk' ||
    (raw.type === 'Bd' && raw.reg === 'Irr') ||
    (raw.type === 'Sp' && raw.reg === 'Irr') ||
    naval(raw.type) ||
    isImpetuous(raw);
  if (!pursuer || (raw.type === 'Bw' && raw.grade === 'X')) return 'no';
  if (winner.side.fortification !== 'none') return 'no';
  const lt = loser.as.type;
  const optional =
    (TROOP_CLASS[t] === 'foot' && (lt === 'LH' || lt === 'Ps')) ||
    ((t === 'Pk' || t === 'Bd') && isMounted(lt)) ||
    (t === 'Kn' && lt === 'Ps');
  return optional ? 'may' : 'must';
}

export const outcomeRule = (v: View): string => cite(v.version, 'p.23 Combat Outcome');
