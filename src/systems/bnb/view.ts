/**
 * A side's view of one B&B combat: its base and grade as they fight this time, whether it shoots or is
 * shot at, whose bound it is and the going as its own troop type counts it. Computed once per situation.
 */
import type { Factor } from '../../core/ruleset.ts';
import { shoots, type BnbGoing, type BnbSide, type BnbSituation } from './situation.ts';
import { isCamelLike, type BnbElement, type BnbGrade } from './troops.ts';

/** Section names of B&B 0.7 as cited by every factor and outcome. */
const BNB_SECTIONS = {
  combatFactors: '§7.1 Combat factors',
  tactical: '§7 Tactical factors',
  gradeClose: '§7 Grade adjustments for close combat',
  gradeShooting: '§7 Grade adjustments for shooting',
  gradeShotAt: '§7 Grade adjustments for being shot at',
  cohesion: '§7 Cohesion effect',
  outcome: '§7 Combat outcome',
  small: '§7.2 Small difference',
  big: '§7.3 Big difference',
  veryBig: '§7.4 Very big difference',
  recoil: '§7 Recoil',
  pushBack: '§7 Push back',
  flee: '§7 Flee',
  pursuit: '§7 Pursuit',
  river: '§5 River',
  lhX: '§4 LH(X)',
} as const;

/** A rule citation, e.g. "B&B 0.7 §7.1 Combat factors". */
export const cite = (section: keyof typeof BNB_SECTIONS): string => `B&B 0.7 ${BNB_SECTIONS[section]}`;

export function factor(label: string, value: number, rule: string, when?: string): Factor {
  return when === undefined ? { label, value, rule } : { label, value, rule, when };
}

export type GoingClass = 'good' | 'rough' | 'difficult';

/**
 * Going as a base counts it (B&B 0.7 ch.5 GGo, RGo, DGo): Cm and LH(X) count dunes as good going and
 * rough going other than brush as difficult; everyone else counts brush as rough and dunes as difficult
 * (docs/rulings.md, Blood and Blades "Dunes").
 */
export function goingFor(e: BnbElement, going: BnbGoing): GoingClass {
  if (isCamelLike(e)) {
    if (going === 'good' || going === 'dunes') return 'good';
    if (going === 'brush') return 'rough';
    return 'difficult';
  }
  if (going === 'brush') return 'rough';
  if (going === 'dunes') return 'difficult';
  return going;
}

/** B&B 0.7 ch.4 LH(X): they fight as (I), except as (O) against LH(X) and Cm. Others fight as graded. */
export function fightingGrade(self: BnbElement, opp: BnbElement): BnbGrade {
  if (self.type === 'LH' && self.grade === 'X')
    return opp.type === 'Cm' || (opp.type === 'LH' && opp.grade === 'X') ? 'O' : 'I';
  return self.grade;
}

export interface Combatant {
  readonly id: 'a' | 'b';
  readonly side: BnbSide;
  readonly el: BnbElement;
  /** The grade it fights as in this combat. */
  readonly grade: BnbGrade;
  /** Its going, as its own type counts it. */
  readonly going: GoingClass;
  readonly shooting: boolean;
  readonly shotAt: boolean;
  readonly ownBound: boolean;
}

export interface View {
  readonly situation: BnbSituation;
  readonly close: boolean;
  readonly self: Combatant;
  readonly opp: Combatant;
}

/** Both sides' views of a situation: [A's, B's]. */
export function bnbViews(s: BnbSituation): [View, View] {
  const make = (id: 'a' | 'b'): Combatant => {
    const other = id === 'a' ? 'b' : 'a';
    const side = s[id];
    return {
      id,
      side,
      el: side.element,
      grade: fightingGrade(side.element, s[other].element),
      going: goingFor(side.element, side.going),
      shooting: shoots(s, id),
      shotAt: shoots(s, other),
      ownBound: s.bound === id,
    };
  };
  const a = make('a');
  const b = make('b');
  const close = s.mode === 'close';
  return [
    { situation: s, close, self: a, opp: b },
    { situation: s, close, self: b, opp: a },
  ];
}
