/**
 * Combat outcomes (B&B 0.7 ch.7 "combat outcome", Tables 7.2-7.4): the loser's outcome is read from the
 * table chosen by how many times its own combat factor fits in the difference of final scores; in each
 * row the first item that fits applies. Then the consequences that change it (ch.7 recoil, ch.5 river)
 * and the winner's pursuit (ch.7 pursuit).
 */
import { bnbRecoilThrough } from './pushback.ts';
import { isHeavyInfantry, isInfantry, isMounted, isSkirmisher, type BnbTroopType } from './troops.ts';
import { cite, goingFor, type Combatant, type View } from './view.ts';

/** Every outcome a base can suffer, worst first (docs/rulings.md, Blood and Blades "Outcome order"). */
export const BNB_OUTCOMES = ['destroyed', 'spent', 'flee', 'recoil', 'none'] as const;
export type BnbOutcome = (typeof BNB_OUTCOMES)[number];

/** Which outcome table applies (Tables 7.2, 7.3, 7.4). */
export type BnbDifference = 'small' | 'big' | 'very-big';

/**
 * The table for a loser scoring `loser` against `winner` (winner > loser), with loser combat factor cf:
 * small if the difference is under cf, big if under 2 cf, very big otherwise (Tables 7.2-7.4 headings).
 */
export function bnbDifference(loser: number, winner: number, cf: number): BnbDifference {
  const d = winner - loser;
  if (d <= 0) throw new Error(`bnbDifference: winner ${winner} does not beat loser ${loser}`);
  if (d < cf) return 'small';
  if (d < 2 * cf) return 'big';
  return 'very-big';
}

interface OutcomeReading {
  readonly outcome: BnbOutcome;
  readonly reason: string;
  readonly rule: string;
  /** Bases behind it its recoil (or the recoil its flight starts with) destroyed (§7 push back). */
  readonly behindLost?: number;
  /** Its flight was blocked by enemy Ps it could not avoid: those Ps are destroyed too (§7 flee). */
  readonly psiloiDestroyed?: boolean;
}

/** A loss as the tables read it: the loser's view (self is the loser). */
interface Loss {
  readonly v: View;
  readonly l: Combatant;
  readonly w: Combatant;
}

const among = (t: BnbTroopType, ...ts: BnbTroopType[]) => ts.includes(t);

/** Table 7.2: fs_A < fs_Z < fs_A + cf_A. */
function small(x: Loss): OutcomeReading {
  const { l, w, v } = x;
  const r = (outcome: BnbOutcome, reason: string) => ({ outcome, reason, rule: cite('small') });
  const lt = l.el.type;
  const wt = w.el.type;
  switch (lt) {
    case 'Bg':
      return r('destroyed', 'Bg destroyed');
    case 'Hd':
      return among(wt, 'El', 'HCh', 'Wb')
        ? r('destroyed', `Hd destroyed by ${wt}`)
        : r('none', 'Hd: no effect');
    case 'Bd':
    case 'Pk':
    case 'Sp':
      return among(wt, 'El', 'HCh', 'Wb')
        ? r('destroyed', `${lt} destroyed by ${wt}`)
        : r('recoil', `${lt} recoil`);
    case 'Bw':
      if (isMounted(wt) && goingFor(w.el, l.side.going) === 'good')
        return r('destroyed', `Bw destroyed by ${wt} in going the winner counts as GGo`);
      return r('recoil', 'Bw recoil');
    case 'Ax':
      return wt === 'HCh' ? r('destroyed', 'Ax destroyed by HCh') : r('recoil', 'Ax recoil');
    case 'Ps':
      if (among(wt, 'Cv', 'LCh', 'LH', 'HCh') && l.going === 'good')
        return r('destroyed', `Ps destroyed by ${wt} in GGo`);
      if (l.going === 'good' && !among(wt, 'Ps', 'El')) return r('flee', `Ps flee from ${wt} in GGo`);
      return r('recoil', 'Ps recoil');
    case 'El':
      return among(wt, 'Ax', 'Ps') ? r('destroyed', `El destroyed by ${wt}`) : r('recoil', 'El recoil');
    case 'Cv':
      if (wt === 'Cm' && l.side.going === 'dunes') return r('recoil', 'Cv recoil from Cm in dunes');
      if (v.close && l.going === 'difficult') return r('flee', 'Cv flee in DGo');
      return r('recoil', 'Cv recoil');
    case 'LH':
      if (wt === 'Cm' && l.side.going === 'dunes') return r('recoil', 'LH recoil from Cm in dunes');
      if (v.close && l.going === 'difficult') return r('flee', 'LH flee in DGo');
      if (l.going === 'good' && !isSkirmisher(wt)) return r('flee', `LH flee from ${wt} in GGo`);
      return r('recoil', 'LH recoil');
    case 'LCh':
      return v.close && l.going === 'difficult'
        ? r('destroyed', 'LCh destroyed in DGo')
        : r('recoil', 'LCh recoil');
    case 'HCh':
      if (v.close && l.going === 'difficult') return r('destroyed', 'HCh destroyed in DGo');
      if (v.close && wt === 'El') return r('destroyed', 'HCh destroyed by El');
      return r('recoil', 'HCh recoil');
    default:
      return r('recoil', `${lt} recoil`);
  }
}

/** Ps armed with bows, crossbows or slings (Table 7.3, LH row). */
const shootingPsiloi = (c: Combatant) => c.el.type === 'Ps' && c.side.weapon !== 'other';

/** Table 7.3: fs_A + cf_A <= fs_Z < fs_A + 2 cf_A. */
function big(x: Loss): OutcomeReading {
  const { l, w, v } = x;
  const r = (outcome: BnbOutcome, reason: string) => ({ outcome, reason, rule: cite('big') });
  const lt = l.el.type;
  const wt = w.el.type;
  switch (lt) {
    case 'Ps':
      if (isHeavyInfantry(wt) && wt !== 'Bw') return r('spent', `Ps spent by ${wt}`);
      if (wt === 'El') return r('recoil', 'Ps recoil from El');
      if (v.close && l.going === 'difficult' && isMounted(wt)) return r('flee', `Ps flee from ${wt} in DGo`);
      break;
    case 'Cv':
    case 'LCh':
      if (l.going === 'good' && (wt === 'Pk' || wt === 'Sp'))
        return r('spent', `${lt} spent by ${wt} in GGo`);
      break;
    case 'LH':
      if (v.close && l.going === 'difficult') return r('flee', 'LH flee in DGo');
      if (v.close && isInfantry(wt) && wt !== 'Bw' && !shootingPsiloi(w))
        return r('spent', `LH spent by ${wt}`);
      break;
    default:
      break;
  }
  return r('destroyed', `${lt} destroyed`);
}

/** Table 7.4: fs_A + 2 cf_A <= fs_Z (the heading, garbled in our copy, read so: docs/rulings.md, Blood and Blades). */
function veryBig(x: Loss): OutcomeReading {
  const r = (outcome: BnbOutcome, reason: string) => ({ outcome, reason, rule: cite('veryBig') });
  if (x.l.el.type === 'Ps' && x.w.el.type === 'El') return r('flee', 'Ps flee from El');
  return r('destroyed', `${x.l.el.type} destroyed`);
}

/** The table reading for the loser `v.self`, before consequences. */
export function bnbTableOutcome(v: View, band: BnbDifference): OutcomeReading {
  const x: Loss = { v, l: v.self, w: v.opp };
  if (band === 'small') return small(x);
  if (band === 'big') return big(x);
  return veryBig(x);
}

/**
 * The rules that change a table reading (docs/rulings.md, Blood and Blades "Consequences"), in this order:
 * a wader that must flee is spent (ch.5 river); a recoil or flight (which starts with a recoil) is
 * destruction for a base flank or rear attacked, or one a recoil would take over a long table edge
 * (ch.7 recoil); the recoil pushes back the ranks behind, and a base that would push back an El is
 * destroyed while a recoiling El destroys the bases it would push back (ch.7 push back, pushback.ts); a
 * flight that cannot avoid enemy in its path is destroyed, and enemy Ps in the way are destroyed with it
 * (ch.7 flee).
 */
export function bnbConsequences(v: View, reading: OutcomeReading): OutcomeReading {
  const s = v.self.side;
  let r = reading;
  if (r.outcome === 'flee' && s.wader)
    r = { outcome: 'spent', reason: `${r.reason}; a wader that must flee is spent`, rule: cite('river') };
  if (r.outcome !== 'recoil' && r.outcome !== 'flee') return r;
  if (v.close && (s.flankAttacked || s.rearAttacked))
    return {
      outcome: 'destroyed',
      reason: `${r.reason}, but cannot recoil when ${s.rearAttacked ? 'rear' : 'flank'} attacked`,
      rule: cite('recoil'),
    };
  if (s.recoilOffTable)
    return {
      outcome: 'destroyed',
      reason: `${r.reason}, but the recoil leaves the table`,
      rule: cite('recoil'),
    };
  const chain = bnbRecoilThrough(
    s.element,
    s.rear.map((x) => x.element),
  );
  const behind = chain.behindLost.length > 0 ? { behindLost: chain.behindLost.length } : {};
  if (chain.frontLost)
    return {
      outcome: 'destroyed',
      reason:
        s.element.type === 'El'
          ? `${r.reason}, but the El behind it cannot be pushed back: both destroyed`
          : `${r.reason}, but it would push back an El: destroyed`,
      rule: cite('pushBack'),
      ...behind,
    };
  if (chain.behindLost.length > 0)
    r = {
      ...r,
      reason: `${r.reason}; ${s.element.type === 'El' ? 'stampedes over' : 'the El behind destroys'} ${chain.behindLost.length} base(s) behind it`,
      ...behind,
    };
  if (r.outcome === 'flee' && s.flightBlocked !== 'none')
    return {
      outcome: 'destroyed',
      reason: `${r.reason}, but its flight cannot avoid ${s.flightBlocked === 'psiloi' ? 'enemy Ps, destroyed with it' : 'enemy in its path'}`,
      rule: cite('flee'),
      ...behind,
      ...(s.flightBlocked === 'psiloi' ? { psiloiDestroyed: true } : {}),
    };
  return r;
}

export type BnbPursuit = 'must' | 'may' | 'no';

/**
 * Whether the winner `v.self` pursues (B&B 0.7 ch.7 pursuit): only after close combat, when its opponent
 * was destroyed, recoiled or fled. `die` is its raw die score. Must wins over may; a base defending a
 * river edge never pursues.
 */
export function bnbPursuit(v: View, die: number, loserOutcome: BnbOutcome): BnbPursuit {
  if (!v.close || !['destroyed', 'recoil', 'flee'].includes(loserOutcome)) return 'no';
  const { self, opp } = v;
  const t = self.el.type;
  const ot = opp.el.type;
  // Bg never move (ch.4 Bg).
  if (self.side.defendingRiverEdge || t === 'Bg') return 'no';
  const odd = die % 2 === 1;
  const must =
    (t === 'HCh' && ot !== 'Ps') ||
    (self.el.reg === 'Irr' && (t === 'Sp' || t === 'Bd') && isInfantry(ot) && ot !== 'Ps') ||
    ((t === 'Pk' || t === 'Wb') && ot !== 'Ps' && ot !== 'LH') ||
    (t !== 'Ps' && self.side.upperGround && odd && ot !== 'Ps') ||
    (t === 'Ps' && self.side.upperGround && odd) ||
    self.side.wader;
  if (must) return 'must';
  const may =
    (t !== 'Bw' && opp.side.upperGround) ||
    (self.el.reg === 'Reg' && t === 'Bd') ||
    (isInfantry(t) && t !== 'Bw' && (ot === 'Ps' || ot === 'LH'));
  return may ? 'may' : 'no';
}
