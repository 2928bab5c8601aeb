/**
 * Rear support and flank support (DBA 3.0 Rear support factors and Flank support factors). None of them counts in shooting, or for troops assaulting or defending a city, fort or camp
 * (DBA 3.0 Close combat against a City, Fort or camp).
 */
import type { Factor } from '../../core/ruleset.ts';
import type { DbaSupporter } from './situation.ts';
import { isFoot, isSolid, type DbaElement, type DbaTroopType } from './troops.ts';
import { cite, factor, goingFor, type View } from './view.ts';

const REAR = cite('Rear support factors');
const FLANK = cite('Flank support factors');

/** Rear support values: Pikes and Warband behind their own type. */
const DBA_REAR_SUPPORT = {
  /** Pikes against enemy foot other than Psiloi. */
  pikesVsFoot: 3,
  /** Warband against enemy foot other than Psiloi. */
  warbandVsFoot: 1,
  /** Pikes against Knights, Elephants or Scythed Chariots. */
  pikesVsKnightsElephantsScythedChariots: 1,
  /** A double element against enemy foot, entirely in good going. */
  doubleElementVsFoot: 1,
} as const;

/** Flank support value: Spears, or Solid Bows, with a qualifying friend on a flank. */
const DBA_FLANK_SUPPORT = 1;

/** Frontal close combat in the open: the only place support counts. */
const supportCounts = (v: View): boolean => v.close && !v.siege;
const inGood = (e: DbaElement, going: DbaSupporter['going']) => goingFor(e, going) === 'good';

/** Rear support by a same-type element behind, and the double element's built-in rear rank. */
export function rearSupportFactors(v: View): Factor[] {
  if (!supportCounts(v)) return [];
  const { self, opp } = v;
  const out: Factor[] = [];
  const t = self.el.type;
  const behind = self.side.behind;
  const ownGood = inGood(self.el, self.side.going);
  const vsFootNotPs = isFoot(opp.el) && opp.el.type !== 'Ps';
  if (behind && behind.element.type === t && ownGood && inGood(behind.element, behind.going)) {
    if (t === 'Pk' && vsFootNotPs)
      out.push(factor('Pikes supported by Pikes v foot', DBA_REAR_SUPPORT.pikesVsFoot, REAR));
    const heavy: readonly DbaTroopType[] = ['Kn', 'El', 'SCh'];
    if (t === 'Pk' && heavy.includes(opp.el.type))
      out.push(
        factor(
          `Pikes supported by Pikes v ${opp.el.type}`,
          DBA_REAR_SUPPORT.pikesVsKnightsElephantsScythedChariots,
          REAR,
        ),
      );
    if (t === 'Wb' && vsFootNotPs)
      out.push(factor('Warband supported by Warband v foot', DBA_REAR_SUPPORT.warbandVsFoot, REAR));
  }
  if (self.el.double && isFoot(opp.el) && ownGood)
    out.push(factor(`double element ${self.el.code} v foot`, DBA_REAR_SUPPORT.doubleElementVsFoot, REAR));
  return out;
}

/** Can `friend` give flank support to `el`? Spears by Spears or Solid Blades; Solid Bows by Solid Blades. */
export function givesFlankSupport(el: DbaElement, friend: DbaElement): boolean {
  if (!isSolid(el) || !isSolid(friend)) return false; // Fast elements neither give nor receive it.
  const solidBlades = friend.type === 'Bd';
  if (el.type === 'Sp') return friend.type === 'Sp' || solidBlades;
  if (el.type === 'Bw') return solidBlades;
  return false;
}

/** +1 flank support in frontal close combat against foot, both elements in good going. */
export function flankSupportFactors(v: View): Factor[] {
  if (!supportCounts(v)) return [];
  const { self, opp } = v;
  if (!isFoot(opp.el) || !inGood(self.el, self.side.going)) return [];
  const friend = self.side.flankFriends.find(
    (f) => givesFlankSupport(self.el, f.element) && inGood(f.element, f.going),
  );
  return friend
    ? [factor(`${self.el.code} flank supported by ${friend.element.code}`, DBA_FLANK_SUPPORT, FLANK)]
    : [];
}
