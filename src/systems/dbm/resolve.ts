/**
 * Resolution of one DBM close combat or distant shooting (DBM 3.2 pp.21-24), in the rules' order:
 * combat factor, rear support and tactical factors; grading on pre-grading totals; mitigating rear support
 * on post-grading totals; then the outcome table and its consequences.
 *
 * `compile` does every piece of rule logic once per situation. Grading compares the two totals before
 * grading, so it depends only on their difference; mitigating factors depend only on who wins; the
 * outcome a side suffers depends only on whether it drew, lost, or lost by half or more. So a roll is a
 * few integer operations and table lookups (`resolveOutcomes`), and `resolveRoll` adds the factor lists
 * for explanations and tests from the same compiled data.
 */
import type { Explanation, Factor } from '../../core/ruleset.ts';
import { combatFactor } from './combat-factors.ts';
import { gradingConditions, gradingFactors, gradingTotal } from './grading.ts';
import { mitigatingConditions, mitigatingFactors } from './mitigating.ts';
import { shootingRange } from './distant.ts';
import { formatElement } from './notation.ts';
import {
  losingOutcome,
  pursuit,
  rearLosses,
  outcomeRule,
  type DbmOutcome,
  type SideOutcome,
} from './outcomes.ts';
import {
  pikeFourthRankPenalty,
  psiloiBehind,
  rearSupportFactors,
  rearSupportTotal,
  supportDenied,
} from './rear-support.ts';
import { bowOf, type DbmSituation } from './situation.ts';
import { tacticalFactors, tacticalTotal } from './tactical-factors.ts';
import { DBM_VERSIONS, type DbmVersion } from './versions.ts';
import { cite, goingOf, onCamels, views, type View } from './view.ts';

/** The factors of a side that do not depend on the dice. */
export function fixedFactors(v: View): Factor[] {
  // Concatenated, not spread: tables compile this for every combat signature they meet.
  return [combatFactor(v)].concat(rearSupportFactors(v), pikeFourthRankPenalty(v), tacticalFactors(v));
}

const sum = (fs: readonly Factor[]) => fs.reduce((t, f) => t + f.value, 0);

/** The sum of fixedFactors, building only the factors that have no total of their own (combat tables). */
export function fixedTotal(v: View): number {
  return combatFactor(v).value + rearSupportTotal(v) + sum(pikeFourthRankPenalty(v)) + tacticalTotal(v);
}

/** What a side suffers, by how the final totals compare. */
interface SideReadings {
  readonly equal: SidePartial;
  readonly less: SidePartial;
  readonly half: SidePartial;
  /** Pursuit when this side wins and its opponent suffers an outcome. */
  readonly pursuit: 'must' | 'may' | 'no';
}

interface SidePartial {
  readonly outcome: DbmOutcome;
  readonly reason: string;
  readonly rearLost: number;
}

/** A compiled situation: all rule logic done once; each roll is arithmetic on these fields. */
export interface CompiledSituation {
  readonly va: View;
  readonly vb: View;
  readonly fixedA: number;
  readonly fixedB: number;
  /** Lowest possible (pre-grading A - pre-grading B); index base of the grading tables. */
  readonly dMin: number;
  /** Grading adjustment of A (B) by (pre A - pre B) - dMin. */
  readonly gradeA: Int8Array;
  readonly gradeB: Int8Array;
  /** Mitigating adjustment to A's (B's) score when it is ahead after grading. */
  readonly mitA: number;
  readonly mitB: number;
  readonly readA: SideReadings;
  readonly readB: SideReadings;
}

function supportingRanks(v: View): number {
  if (supportDenied(v)) return 0;
  const plus = rearSupportFactors(v).reduce((t, f) => t + Math.max(0, f.value), 0);
  const ps = v.self.side.rear.findIndex((k) => k.element.type === 'Ps');
  return ps >= 0 && psiloiBehind(v.self) ? Math.max(plus, ps + 1) : plus;
}

function readings(v: View): SideReadings {
  // Equal totals: expendables are destroyed, others fight on (DBM 3.2 p.23); a shooter not shot back
  // ignores it.
  const exp = v.self.as.type === 'Exp' && !(v.self.shooting && !v.self.shotAt);
  const less = losingOutcome(v, v.self, v.opp, false);
  const half = losingOutcome(v, v.self, v.opp, true);
  // The rear ranks a destroyed element takes with it depend on the side alone, not on how badly it lost.
  const lost =
    less.outcome === 'destroyed' || half.outcome === 'destroyed'
      ? rearLosses(v, v.self, supportingRanks(v))
      : 0;
  const beaten = (r: typeof less): SidePartial => ({
    outcome: r.outcome,
    reason: r.reason,
    rearLost: r.outcome === 'destroyed' ? lost : 0,
  });
  return {
    equal: exp
      ? { outcome: 'destroyed', reason: 'expendables destroyed on equal totals', rearLost: 0 }
      : { outcome: 'none', reason: 'equal totals', rearLost: 0 },
    less: beaten(less),
    half: beaten(half),
    pursuit: pursuit(v, v.self, v.opp),
  };
}

const DICE = 6;

export function compile(situation: DbmSituation, version?: DbmVersion): CompiledSituation {
  const [va, vb] = views(situation, version ?? DBM_VERSIONS[situation.rules]);
  const fixedA = fixedTotal(va);
  const fixedB = fixedTotal(vb);
  const dMin = fixedA - fixedB + 1 - DICE;
  const span = 2 * DICE - 1;
  const gradeA = new Int8Array(span);
  const gradeB = new Int8Array(span);
  for (let i = 0; i < span; i++) {
    const d = dMin + i;
    gradeA[i] = gradingTotal(va, d, 0);
    gradeB[i] = gradingTotal(vb, 0, d);
  }
  return {
    va,
    vb,
    fixedA,
    fixedB,
    dMin,
    gradeA,
    gradeB,
    mitA: sum(mitigatingFactors(va, va.self, va.opp)),
    mitB: sum(mitigatingFactors(vb, vb.self, vb.opp)),
    readA: readings(va),
    readB: readings(vb),
  };
}

/** Final totals for one roll. */
function finals(c: CompiledSituation, dieA: number, dieB: number): [number, number, number, number] {
  const preA = dieA + c.fixedA;
  const preB = dieB + c.fixedB;
  const i = preA - preB - c.dMin;
  const postA = preA + (c.gradeA[i] as number);
  const postB = preB + (c.gradeB[i] as number);
  const finalA = postA > postB ? postA + c.mitA : postA;
  const finalB = postB > postA ? postB + c.mitB : postB;
  return [preA, preB, finalA, finalB];
}

const WON: SidePartial = { outcome: 'none', reason: 'won', rearLost: 0 };

/** Which reading a side gets on a roll (readingOf): won, equal totals, beaten, beaten by half or more. */
const R_WON = 0;
const R_EQUAL = 1;
const R_LESS = 2;
const R_HALF = 3;
/** The readings in that order. */
const readingAt = (r: SideReadings, k: number): SidePartial =>
  k === R_WON ? WON : k === R_EQUAL ? r.equal : k === R_LESS ? r.less : r.half;
/** Which reading a side gets, from its final total and its opponent's (DBM 3.2 p.23 Combat Outcome). */
const readingOf = (own: number, theirs: number): number =>
  own > theirs ? R_WON : own === theirs ? R_EQUAL : own * 2 <= theirs ? R_HALF : R_LESS;

function read(r: SideReadings, own: number, theirs: number): SidePartial | undefined {
  const k = readingOf(own, theirs);
  return k === R_WON ? undefined : readingAt(r, k);
}

/** The two outcomes of one roll: the engine's hot path. */
export function resolveOutcomes(c: CompiledSituation, dieA: number, dieB: number): [DbmOutcome, DbmOutcome] {
  const [, , fa, fb] = finals(c, dieA, dieB);
  return [read(c.readA, fa, fb)?.outcome ?? 'none', read(c.readB, fb, fa)?.outcome ?? 'none'];
}

/** One side's outcome, rear ranks lost and pursuit for one roll, without the factor lists (combat tables). */
interface SideSummary {
  readonly outcome: DbmOutcome;
  readonly rearLost: number;
  readonly pursuit: SideResolution['pursuit'];
}

const summary = (own: SidePartial, theirs: SidePartial, r: SideReadings): SideSummary => ({
  outcome: own.outcome,
  rearLost: own.rearLost,
  pursuit: theirs.outcome !== 'none' && own.outcome === 'none' ? r.pursuit : 'no',
});

/** resolveRoll's outcomes, rear ranks lost and pursuit, from the compiled totals alone (same answers). */
export function resolveSummary(
  c: CompiledSituation,
  dieA: number,
  dieB: number,
): { a: SideSummary; b: SideSummary } {
  const [, , finalA, finalB] = finals(c, dieA, dieB);
  const outA = read(c.readA, finalA, finalB) ?? WON;
  const outB = read(c.readB, finalB, finalA) ?? WON;
  return { a: summary(outA, outB, c.readA), b: summary(outB, outA, c.readB) };
}

/**
 * The two sides' readings on one roll as one number (4 x A's + B's, each R_WON ... R_HALF): a roll's whole
 * summary depends only on these, so a combat table is at most 16 distinct summaries (summaryOfClass).
 */
export function summaryClass(c: CompiledSituation, dieA: number, dieB: number): number {
  const [, , finalA, finalB] = finals(c, dieA, dieB);
  return readingOf(finalA, finalB) * 4 + readingOf(finalB, finalA);
}

/** resolveSummary of every roll whose summaryClass is k. */
export function summaryOfClass(c: CompiledSituation, k: number): { a: SideSummary; b: SideSummary } {
  const outA = readingAt(c.readA, k >> 2);
  const outB = readingAt(c.readB, k & 3);
  return { a: summary(outA, outB, c.readA), b: summary(outB, outA, c.readB) };
}

/** Everything about one side's score and outcome for one roll. */
interface SideResolution extends SideOutcome {
  readonly die: number;
  /** Die plus combat, rear support and tactical factors. */
  readonly beforeGrading: number;
  readonly grading: readonly Factor[];
  readonly afterGrading: number;
  readonly mitigating: readonly Factor[];
  readonly final: number;
}

interface DbmResolution {
  readonly a: SideResolution;
  readonly b: SideResolution;
}

/** Resolve one roll with every factor listed: dieA for side A, dieB for side B. */
export function resolveRoll(c: CompiledSituation, dieA: number, dieB: number): DbmResolution {
  const { va, vb } = c;
  const [preA, preB, finalA, finalB] = finals(c, dieA, dieB);
  const gA = gradingFactors(va, preA, preB);
  const gB = gradingFactors(vb, preB, preA);
  const postA = preA + sum(gA);
  const postB = preB + sum(gB);
  const mA = postA > postB ? mitigatingFactors(va, va.self, va.opp) : [];
  const mB = postB > postA ? mitigatingFactors(vb, vb.self, vb.opp) : [];
  const outA = read(c.readA, finalA, finalB) ?? WON;
  const outB = read(c.readB, finalB, finalA) ?? WON;
  const side = (
    die: number,
    pre: number,
    g: Factor[],
    post: number,
    m: Factor[],
    fin: number,
    own: SidePartial,
    theirs: SidePartial,
    r: SideReadings,
  ): SideResolution => ({
    die,
    beforeGrading: pre,
    grading: g,
    afterGrading: post,
    mitigating: m,
    final: fin,
    reason: own.reason,
    ...summary(own, theirs, r),
  });
  return {
    a: side(dieA, preA, gA, postA, mA, finalA, outA, outB, c.readA),
    b: side(dieB, preB, gB, postB, mB, finalB, outB, outA, c.readB),
  };
}

/** Every dice-independent factor and every conditional one, with rule sections (ARCHITECTURE.md "The system contract"). */
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
    // DBM 3.2 p.20 Distant Shooting: the range only decides whether a target can be shot; no factor
    // depends on it, so the situation has no range (docs/rulings.md "Range in DBM shooting").
    if (v.self.shooting)
      notes.push(
        `${name}: shoots the same at any range up to its maximum of ${shootingRange(v.self.side.element)}p; range changes no factor (${cite(v.version, 'p.20 Distant Shooting')})`,
      );
    const side = v.self.side;
    if (onCamels(side.element, side.camels) && side.going !== 'good' && side.going !== 'difficult')
      notes.push(
        `${name}: on camels, counts ${side.going} as ${goingOf(side)} going (${cite(v.version, 'p.12 Terrain Choosing')})`,
      );
    const second = side.rear[0];
    if (side.element.type === 'Bw' && second?.element.type === 'Bw' && bowOf(side, second) !== bowOf(side))
      notes.push(
        `${name}: its 2nd rank carries a ${bowOf(side, second)}, not a ${bowOf(side)}: no rear support or shooting aid from it (${cite(v.version, 'p.21 Rear Support')})`,
      );
  }
  return { a: forSide(va), b: forSide(vb), notes };
}
