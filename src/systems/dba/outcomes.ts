/**
 * Combat outcomes (DBA 3.0 Combat outcome; the pairing of the orphaned texts with
 * their troop types is a reading, docs/rulings.md "DBA 3.0"), one function per table and one clause per line, then what
 * the recoil and flee rules (DBA 3.0 Recoils, Fleeing) make of an element that cannot move.
 */
import { isFoot, isMounted, isSolid, type DbaElement, type DbaTroopType } from './troops.ts';
import { DBA_OUTCOMES, type DbaOutcome } from './outcomes-types.ts';
import { cite, goingFor, type View } from './view.ts';

export { DBA_OUTCOMES, type DbaOutcome };

/** An outcome with the clause that gave it. */
export interface OutcomeReading {
  readonly outcome: DbaOutcome;
  readonly reason: string;
  readonly rule: string;
  /** Its recoil destroys the friend lined up behind it (DBA 3.0 Recoiling: elephants destroy friends met). */
  readonly destroysBehind?: boolean;
}

const EQUAL = cite('Combat outcome: equal totals');
const BEATEN = cite('Combat outcome: less than opponent but more than half');
const DOUBLED = cite('Combat outcome: half or less of opponent');
const RECOIL = cite('Recoiling');
const FLEE = cite('Fleeing');

const reading = (outcome: DbaOutcome, reason: string, rule: string): OutcomeReading => ({
  outcome,
  reason,
  rule,
});
const of = (t: DbaTroopType, ...types: DbaTroopType[]) => types.includes(t);

/** The side's own going, as it counts it. */
const ownGoing = (v: View) => goingFor(v.self.el, v.self.side.going);
/** The side's going as its opponent counts it ("going which to the opponent is good"). */
const goingToOpponent = (v: View) => goingFor(v.opp.el, v.self.side.going);
const artilleryShooting = (v: View) => v.opp.shooting && v.opp.el.type === 'Art';
const oppSolidFoot = (v: View) => isFoot(v.opp.el) && isSolid(v.opp.el);

/** Totals equal (the side `v.self`). */
function equalOutcome(v: View): OutcomeReading {
  const { self, opp } = v;
  const r = (o: DbaOutcome, why: string) => reading(o, why, EQUAL);
  if (self.defends || opp.defends) return r('none', 'no effect in combat at a city, fort or camp');
  const t = self.el.type;
  if (t === 'SCh') return r(v.readings.scythedChariotsEqual, 'scythed chariots on equal totals (reading)');
  if (t === 'Kn' || t === 'Cm') {
    if (v.close && opp.el.type === 'Bd') return r('destroyed', `${t} destroyed in close combat by Blades`);
    if (v.close && (opp.el.bow === 'Lb' || opp.el.bow === 'Cb'))
      return r('destroyed', `${t} destroyed in close combat by ${opp.el.bow}`);
    if (v.close && oppSolidFoot(v)) return r('recoil', `${t} recoiled in close combat by Solid foot`);
    if (v.close && self.el.code === '4Kn' && opp.el.code === '3Kn') return r('recoil', '4Kn recoiled by 3Kn');
    return r('none', 'no effect');
  }
  if (isMounted(self.el)) {
    if (v.close && oppSolidFoot(v)) return r('recoil', 'mounted recoiled by Solid foot in close combat');
    return r('none', 'no effect');
  }
  if (self.el.formation === 'fast') {
    if (oppSolidFoot(v) && (v.close || opp.shooting)) return r('recoil', 'Fast foot recoiled by Solid foot');
    return r('none', 'no effect');
  }
  return r('none', 'Solid foot: no effect');
}

/** Total less than the opponent's but more than half. */
function beatenOutcome(v: View): OutcomeReading {
  const { self, opp } = v;
  const r = (o: DbaOutcome, why: string) => reading(o, why, BEATEN);
  const t = self.el.type;
  const w = opp.el.type;
  if (self.defends) return r('destroyed', `defenders of a ${self.side.defending} destroyed`);
  if (t === 'CF' || t === 'Dz')
    return r('destroyed', `sallied ${t === 'CF' ? 'camp followers' : 'denizens'} destroyed`);
  if (t !== 'WWg' && (self.side.flankContacts > 0 || self.side.rearContact))
    return r('destroyed', 'destroyed with enemy in contact with flank or rear');
  if (self.assaults) return r('recoil', 'assaulters of a city, fort or camp recoil');
  const good = ownGoing(v) === 'good';
  switch (t) {
    case 'El':
      if (of(w, 'Ps', 'Ax', 'LH') || artilleryShooting(v))
        return r('destroyed', `elephants destroyed by ${w}`);
      return r('recoil', 'elephants recoil');
    case 'SCh':
      if (self.shotAt && !self.side.shotInRear)
        return r('flee', 'scythed chariots shot at (not in rear) flee');
      return r('destroyed', 'scythed chariots destroyed');
    case 'Kn':
      if (of(w, 'El', 'SCh', 'Cm', 'LH')) return r('destroyed', `knights destroyed by ${w}`);
      return r('recoil', 'knights recoil');
    case 'Cm':
      if (w === 'SCh') return r('destroyed', 'camelry destroyed by scythed chariots');
      if (ownGoing(v) === 'bad') return r('destroyed', 'camelry destroyed in bad going');
      if (w === 'El') return r('flee', 'camelry flee from elephants');
      return r('recoil', 'camelry recoil');
    case 'Cv':
      if (w === 'SCh' || ownGoing(v) === 'bad')
        return r('flee', w === 'SCh' ? 'cavalry flee from SCh' : 'cavalry in bad going flee');
      return r('recoil', 'cavalry recoil');
    case 'LH':
      if (w === 'SCh' || artilleryShooting(v) || ownGoing(v) === 'bad') return r('flee', 'light horse flee');
      return r('recoil', 'light horse recoil');
    case 'Sp':
    case 'Pk':
    case 'Bd':
      if (of(w, 'Kn', 'SCh') && good) return r('destroyed', `${t} destroyed by ${w} in good going`);
      if (w === 'Wb') return r('destroyed', `${t} destroyed by warband`);
      return r('recoil', `${t} recoil`);
    case 'Ax':
      if (w === 'Kn' && good) return r('destroyed', 'auxilia destroyed by knights in good going');
      return r('recoil', 'auxilia recoil');
    case 'Bw':
      if (isMounted(opp.el)) return r('destroyed', `bows destroyed by mounted (${w})`);
      return r('recoil', 'bows recoil');
    case 'Ps':
      if (of(w, 'Kn', 'Cv', 'Cm') && goingToOpponent(v) === 'good')
        return r('destroyed', `psiloi destroyed by ${w} in going good to it`);
      return r('recoil', 'psiloi recoil');
    case 'Wb':
      if (of(w, 'Kn', 'SCh') && good) return r('destroyed', `warband destroyed by ${w} in good going`);
      return r('recoil', 'warband recoil');
    case 'Hd':
      if (of(w, 'Kn', 'El') && good) return r('destroyed', `hordes destroyed by ${w} in good going`);
      if (w === 'Wb') return r('destroyed', 'hordes destroyed by warband');
      if (self.shotAt) return r('recoil', 'hordes shot at recoil');
      return r('none', 'hordes: no effect');
    case 'WWg':
      if (artilleryShooting(v) || w === 'El') return r('destroyed', `war wagons destroyed by ${w}`);
      return r('none', 'war wagons: no effect');
    case 'Art':
      return v.close
        ? r(v.readings.artilleryBeatenInCloseCombat, 'artillery beaten in close combat (reading)')
        : r(v.readings.artilleryBeatenWhenShotAt, 'artillery beaten when shot at (reading)');
  }
}

/** Total half or less of the opponent's. */
function doubledOutcome(v: View): OutcomeReading {
  const { self, opp } = v;
  const r = (o: DbaOutcome, why: string) => reading(o, why, DOUBLED);
  const w = opp.el.type;
  if (self.defends) return r('destroyed', `defenders of a ${self.side.defending} destroyed`);
  switch (self.el.type) {
    case 'Cv':
      if (of(w, 'Pk', 'Sp', 'Hd') && ownGoing(v) === 'good')
        return r('flee', `cavalry flee from ${w} in good going`);
      if (w === 'Art' && v.close) return r('flee', 'cavalry flee from artillery in close combat');
      return r('destroyed', 'cavalry destroyed');
    case 'LH':
      if (isMounted(opp.el)) return r('destroyed', `light horse destroyed by ${w}`);
      if (artilleryShooting(v) || of(w, 'Bw', 'Ps')) return r('destroyed', `light horse destroyed by ${w}`);
      if (ownGoing(v) === 'bad') return r('destroyed', 'light horse destroyed in bad going');
      return r('flee', 'light horse flee');
    case 'Ps':
      if (of(w, 'Kn', 'Cv', 'Cm', 'LH') && goingToOpponent(v) === 'good')
        return r('destroyed', `psiloi destroyed by ${w} in going good to it`);
      if (v.close && of(w, 'Ax', 'Bw', 'Ps'))
        return r('destroyed', `psiloi destroyed in close combat by ${w}`);
      if (of(w, 'El', 'SCh')) return r('recoil', `psiloi recoil from ${w}`);
      return r('flee', 'psiloi flee');
    default:
      return r(v.readings.allOthersDoubled, 'doubled (all others)');
  }
}

/**
 * Can a recoiling element get past the friend lined up behind it (DBA 3.0 Interpenetration and Recoiling)?
 * Recoilers pass through friends only as listed (mounted into any but Pk, Hd, El; Bd into Bd or Sp; Pk or
 * Bw into Bd; Ps into any but Ps); friends they cannot pass are pushed back, except Elephants and War
 * Wagons. So only an El or WWg behind can stop a recoil: El let only Psiloi through, WWg mounted and Psiloi.
 */
function recoilGetsPast(recoiler: DbaElement, behind: DbaElement): boolean {
  if (behind.type === 'El') return recoiler.type === 'Ps';
  if (behind.type === 'WWg') return recoiler.type === 'Ps' || isMounted(recoiler);
  return true;
}

/**
 * An element that must recoil or flee but cannot (DBA 3.0 Recoiling, Fleeing): enemy front edge in contact
 * with its flank or rear, or its rear against something it cannot pass, destroys it; so does an elephants'
 * recoil from close combat against the defenders of a city or fort, and a recoil into an El or WWg behind
 * it that it can neither pass nor push back. Recoiling elephants destroy the friend behind them, and two
 * elephants that meet are both destroyed.
 */
function afterMovement(v: View, r: OutcomeReading): OutcomeReading {
  if (r.outcome !== 'recoil' && r.outcome !== 'flee') return r;
  const s = v.self.side;
  const verb = r.outcome === 'recoil' ? 'recoil' : 'flee';
  const rule = r.outcome === 'recoil' ? RECOIL : FLEE;
  if (s.flankContacts > 0 || s.rearContact)
    return reading('destroyed', `${r.reason}, but cannot ${verb} with enemy in flank or rear contact`, rule);
  if (s.blockedBehind) return reading('destroyed', `${r.reason}, but cannot ${verb}: blocked behind`, rule);
  const walls = v.opp.side.defending === 'city' || v.opp.side.defending === 'fort';
  if (r.outcome === 'recoil' && v.self.el.type === 'El' && v.close && walls)
    return reading(
      'destroyed',
      'elephants recoiling from the defenders of a city or fort are destroyed',
      RECOIL,
    );
  const behind = s.behind?.element;
  if (r.outcome === 'recoil' && behind) {
    if (v.self.el.type === 'El') {
      if (behind.type === 'El')
        return {
          ...reading('destroyed', `${r.reason}, into elephants behind: both destroyed`, RECOIL),
          destroysBehind: true,
        };
      return { ...r, reason: `${r.reason}, destroying the ${behind.code} behind`, destroysBehind: true };
    }
    if (!recoilGetsPast(v.self.el, behind))
      return reading(
        'destroyed',
        `${r.reason}, but cannot recoil: the ${behind.code} behind can be neither passed nor pushed back`,
        RECOIL,
      );
  }
  return r;
}

/** Which table applies: totals compared from this side's point of view. */
type DbaComparison = 'won' | 'equal' | 'beaten' | 'doubled';

export function compareTotals(own: number, theirs: number): DbaComparison {
  if (own > theirs) return 'won';
  if (own === theirs) return 'equal';
  return own * 2 <= theirs ? 'doubled' : 'beaten';
}

/** The outcome for `v.self` given both totals, before the shooter's "disregard" rule. */
export function sideOutcome(v: View, own: number, theirs: number): OutcomeReading {
  const c = compareTotals(own, theirs);
  if (c === 'won') return reading('none', 'won', cite('Combat outcome'));
  const r = c === 'equal' ? equalOutcome(v) : c === 'beaten' ? beatenOutcome(v) : doubledOutcome(v);
  return afterMovement(v, r);
}
