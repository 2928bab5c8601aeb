/**
 * Resolution of one B&B close combat or shot (B&B 0.7 ch.7 "resolving a combat"), in the rules' order:
 * combat factor + die + combat advantages (first total); grade adjustments on the first totals (second
 * total); cohesion effect on the second totals (final score); then the outcome tables.
 */
import type { Explanation, Factor } from '../../core/ruleset.ts';
import { bnbCombatFactor } from './combat-factors.ts';
import { bnbCohesion, bnbCohesionConditions, bnbGradeAdjustments, bnbGradeConditions } from './grading.ts';
import { formatBnbElement } from './notation.ts';
import {
  bnbConsequences,
  bnbDifference,
  bnbPursuit,
  bnbTableOutcome,
  type BnbDifference,
  type BnbOutcome,
  type BnbPursuit,
} from './outcomes.ts';
import type { BnbSituation } from './situation.ts';
import { bnbTacticalFactors } from './tactical-factors.ts';
import { bnbViews, cite, fightingGrade, type View } from './view.ts';

const sum = (fs: readonly Factor[]) => fs.reduce((t, f) => t + f.value, 0);

/** The factors of a side that do not depend on the dice: combat factor first, then combat advantages. */
function bnbFixedFactors(v: View): Factor[] {
  return [bnbCombatFactor(v), ...bnbTacticalFactors(v)];
}

/** Everything about one side's scores and outcome for one roll. */
export interface BnbSideResolution {
  readonly die: number;
  /** Its combat factor (Table 7.1), the cf of the outcome tables. */
  readonly combatFactor: number;
  /** Die + combat factor + combat advantages. */
  readonly first: number;
  readonly grade: readonly Factor[];
  readonly second: number;
  readonly cohesion: readonly Factor[];
  readonly final: number;
  readonly outcome: BnbOutcome;
  readonly reason: string;
  /** The rule the outcome comes from. */
  readonly rule: string;
  /** For a loser: which table applied. */
  readonly difference?: BnbDifference;
  /** For a winner in close combat: whether it must, may or does not pursue. */
  readonly pursuit: BnbPursuit;
  /** For a loser: bases behind it its recoil destroyed (§7 push back). */
  readonly behindLost?: number;
  /** For a loser: the enemy Ps that blocked its flight are destroyed too (§7 flee). */
  readonly psiloiDestroyed?: boolean;
}

interface BnbResolution {
  readonly a: BnbSideResolution;
  readonly b: BnbSideResolution;
}

/** A compiled situation: the dice-independent work done once, so each roll is a few comparisons. */
export interface CompiledBnbSituation {
  readonly va: View;
  readonly vb: View;
  readonly fixedA: number;
  readonly fixedB: number;
  readonly cfA: number;
  readonly cfB: number;
}

export function compileBnb(s: BnbSituation): CompiledBnbSituation {
  const [va, vb] = bnbViews(s);
  return {
    va,
    vb,
    fixedA: sum(bnbFixedFactors(va)),
    fixedB: sum(bnbFixedFactors(vb)),
    cfA: bnbCombatFactor(va).value,
    cfB: bnbCombatFactor(vb).value,
  };
}

interface Scored {
  readonly outcome: BnbOutcome;
  readonly reason: string;
  readonly rule: string;
  readonly difference?: BnbDifference;
}

function loserOutcome(v: View, own: number, theirs: number, cf: number): Scored {
  if (own >= theirs)
    return { outcome: 'none', reason: own === theirs ? 'equal scores' : 'won', rule: cite('outcome') };
  // A Bw shooting without being shot at disregards any outcome (ch.7 combat outcome, note).
  if (v.self.shooting && !v.self.shotAt)
    return {
      outcome: 'none',
      reason: 'shooting without being shot at: outcome disregarded',
      rule: cite('outcome'),
    };
  const difference = bnbDifference(own, theirs, cf);
  return { ...bnbConsequences(v, bnbTableOutcome(v, difference)), difference };
}

/** Resolve one roll: dieA for side A, dieB for side B. */
export function resolveBnbRoll(c: CompiledBnbSituation, dieA: number, dieB: number): BnbResolution {
  const { va, vb } = c;
  const firstA = dieA + c.fixedA;
  const firstB = dieB + c.fixedB;
  const gA = bnbGradeAdjustments(va, firstA, firstB);
  const gB = bnbGradeAdjustments(vb, firstB, firstA);
  const secondA = firstA + sum(gA);
  const secondB = firstB + sum(gB);
  const hA = bnbCohesion(va, secondA, secondB);
  const hB = bnbCohesion(vb, secondB, secondA);
  const finalA = secondA + sum(hA);
  const finalB = secondB + sum(hB);
  const oA = loserOutcome(va, finalA, finalB, c.cfA);
  const oB = loserOutcome(vb, finalB, finalA, c.cfB);
  return {
    a: {
      die: dieA,
      combatFactor: c.cfA,
      first: firstA,
      grade: gA,
      second: secondA,
      cohesion: hA,
      final: finalA,
      ...oA,
      pursuit: finalA > finalB ? bnbPursuit(va, dieA, oB.outcome) : 'no',
    },
    b: {
      die: dieB,
      combatFactor: c.cfB,
      first: firstB,
      grade: gB,
      second: secondB,
      cohesion: hB,
      final: finalB,
      ...oB,
      pursuit: finalB > finalA ? bnbPursuit(vb, dieB, oA.outcome) : 'no',
    },
  };
}

/** Every dice-independent factor and every conditional one, with rule sections (ARCHITECTURE.md "The system contract"). */
export function explainBnb(s: BnbSituation): Explanation {
  const [va, vb] = bnbViews(s);
  const forSide = (v: View): Factor[] => [
    ...bnbFixedFactors(v),
    ...bnbGradeConditions(v),
    ...bnbCohesionConditions(v),
  ];
  const notes: string[] = [];
  for (const v of [va, vb]) {
    const name = `${v.self.id.toUpperCase()} ${formatBnbElement(v.self.el)}`;
    if (v.self.grade !== v.self.el.grade)
      notes.push(
        `${name}: fights as (${fightingGrade(v.self.el, v.opp.el)}) against ${v.opp.el.type} (${cite('lhX')})`,
      );
    if (v.self.shooting && !v.self.shotAt)
      notes.push(`${name}: shoots without being shot at, so disregards any outcome (${cite('outcome')})`);
    if (v.self.side.wader) notes.push(`${name}: wader, so a flight becomes spent (${cite('river')})`);
    if (v.close && (v.self.side.flankAttacked || v.self.side.rearAttacked))
      notes.push(`${name}: cannot recoil, so a recoil or flight destroys it (${cite('recoil')})`);
    if (v.self.side.recoilOffTable)
      notes.push(`${name}: a recoil leaves the table, so destroys it (${cite('recoil')})`);
    if (
      v.self.side.rear.some((r) => r.element.type === 'El') ||
      (v.self.el.type === 'El' && v.self.side.rear.length > 0)
    )
      notes.push(
        `${name}: an El cannot be pushed back and a recoiling El destroys what it would push back (${cite('pushBack')})`,
      );
    if (v.self.side.flightBlocked !== 'none')
      notes.push(
        `${name}: a flight cannot avoid ${v.self.side.flightBlocked === 'psiloi' ? 'enemy Ps: it and they are destroyed' : 'enemy: it is destroyed'} (${cite('flee')})`,
      );
  }
  return { a: forSide(va), b: forSide(vb), notes };
}
