/**
 * Resolution of one DBM close combat or distant shooting (DBM 3.2 pp.21-24), in the rules' order:
 * combat factor, rear support and tactical factors; grading on pre-grading totals; mitigating rear support
 * on post-grading totals; then the outcome table and its consequences.
 */
import type { Explanation, Factor } from '../../core/ruleset.ts';
import { combatFactor } from './combat-factors.ts';
import { gradingConditions, gradingFactors } from './grading.ts';
import { mitigatingConditions, mitigatingFactors } from './mitigating.ts';
import { formatElement } from './notation.ts';
import {
  losingOutcome,
  pursuit,
  rearLosses,
  outcomeRule,
  type DbmOutcome,
  type SideOutcome,
} from './outcomes.ts';
import { pikeFourthRankPenalty, psiloiBehind, rearSupportFactors, supportDenied } from './rear-support.ts';
import type { DbmSituation } from './situation.ts';
import { tacticalFactors } from './tactical-factors.ts';
import { DBM_VERSIONS, type DbmVersion } from './versions.ts';
import { views, type View } from './view.ts';

/** The factors of a side that do not depend on the dice. */
export function fixedFactors(v: View): Factor[] {
  return [combatFactor(v), ...rearSupportFactors(v), ...pikeFourthRankPenalty(v), ...tacticalFactors(v)];
}

const sum = (fs: readonly Factor[]) => fs.reduce((t, f) => t + f.value, 0);

/** Everything about one side's score and outcome for one roll. */
export interface SideResolution extends SideOutcome {
  readonly die: number;
  /** Die plus combat, rear support and tactical factors. */
  readonly beforeGrading: number;
  readonly grading: readonly Factor[];
  readonly afterGrading: number;
  readonly mitigating: readonly Factor[];
  readonly final: number;
}

export interface DbmResolution {
  readonly a: SideResolution;
  readonly b: SideResolution;
}

/** A compiled situation: the dice-independent work done once, so each roll is a few comparisons. */
export interface CompiledSituation {
  readonly va: View;
  readonly vb: View;
  readonly fixedA: number;
  readonly fixedB: number;
}

export function compile(situation: DbmSituation, version?: DbmVersion): CompiledSituation {
  const [va, vb] = views(situation, version ?? DBM_VERSIONS[situation.rules]);
  return { va, vb, fixedA: sum(fixedFactors(va)), fixedB: sum(fixedFactors(vb)) };
}

function supportingRanks(v: View): number {
  if (supportDenied(v)) return 0;
  const plus = rearSupportFactors(v).reduce((t, f) => t + Math.max(0, f.value), 0);
  const ps = v.self.side.rear.findIndex((k) => k.element.type === 'Ps');
  return ps >= 0 && psiloiBehind(v.self) ? Math.max(plus, ps + 1) : plus;
}

/** Resolve one roll: dieA for side A, dieB for side B. */
export function resolveRoll(c: CompiledSituation, dieA: number, dieB: number): DbmResolution {
  const { va, vb } = c;
  const preA = dieA + c.fixedA;
  const preB = dieB + c.fixedB;
  const gA = gradingFactors(va, preA, preB);
  const gB = gradingFactors(vb, preB, preA);
  const postA = preA + sum(gA);
  const postB = preB + sum(gB);
  let mA: Factor[] = [];
  let mB: Factor[] = [];
  if (postA > postB) mA = mitigatingFactors(va, va.self, va.opp);
  else if (postB > postA) mB = mitigatingFactors(vb, vb.self, vb.opp);
  const finalA = postA + sum(mA);
  const finalB = postB + sum(mB);
  const outA = sideOutcome(va, finalA, finalB);
  const outB = sideOutcome(vb, finalB, finalA);
  const base = (die: number, pre: number, g: Factor[], post: number, m: Factor[], fin: number) => ({
    die,
    beforeGrading: pre,
    grading: g,
    afterGrading: post,
    mitigating: m,
    final: fin,
  });
  return {
    a: { ...base(dieA, preA, gA, postA, mA, finalA), ...withPursuit(va, outA, outB.outcome) },
    b: { ...base(dieB, preB, gB, postB, mB, finalB), ...withPursuit(vb, outB, outA.outcome) },
  };
}

interface Partial {
  readonly outcome: DbmOutcome;
  readonly reason: string;
  readonly rearLost: number;
}

function sideOutcome(v: View, own: number, theirs: number): Partial {
  if (own > theirs) return { outcome: 'none', reason: 'won', rearLost: 0 };
  if (own === theirs) {
    // Equal totals: expendables are destroyed, others fight on (DBM 3.2 p.23).
    if (v.self.as.type === 'Exp' && !(v.self.shooting && !v.self.shotAt))
      return { outcome: 'destroyed', reason: 'expendables destroyed on equal totals', rearLost: 0 };
    return { outcome: 'none', reason: 'equal totals', rearLost: 0 };
  }
  const half = own * 2 <= theirs;
  const r = losingOutcome(v, v.self, v.opp, half);
  const rearLost = r.outcome === 'destroyed' ? rearLosses(v, v.self, supportingRanks(v)) : 0;
  return { ...r, rearLost };
}

function withPursuit(v: View, own: Partial, theirs: DbmOutcome): SideOutcome {
  const beaten = theirs !== 'none';
  return { ...own, pursuit: beaten && own.outcome === 'none' ? pursuit(v, v.self, v.opp) : 'no' };
}

/** Every dice-independent factor and every conditional one, with rule sections (DESIGN.md `explain`). */
export function explainSituation(situation: DbmSituation, version?: DbmVersion): Explanation {
  const [va, vb] = views(situation, version ?? DBM_VERSIONS[situation.rules]);
  const forSide = (v: View): Factor[] => [
    ...fixedFactors(v),
    ...gradingConditions(v),
    ...mitigatingConditions(v),
  ];
  const notes: string[] = [];
  for (const v of [va, vb]) {
    const name = `${v.self.id.toUpperCase()} ${formatElement(v.self.raw)}`;
    if (v.self.as.note) notes.push(`${name}: ${v.self.as.note}`);
    const denied = supportDenied(v);
    if (denied && v.self.side.rear.length > 0) notes.push(`${name}: ${denied}`);
    if (v.self.shooting && !v.self.shotAt)
      notes.push(`${name}: shoots without being shot back, so ignores a bad outcome (${outcomeRule(v)})`);
  }
  return { a: forSide(va), b: forSide(vb), notes };
}
