/**
 * Resolution of one DBA 3.0 shooting or close combat (DBA 3.0 Combat factors to Combat outcome): each side's die plus its
 * combat factor, rear and flank support and tactical factors; totals compared; the outcome tables; and the
 * shooting rule that an element shooting without being shot at disregards an unfavourable outcome.
 */
import type { Explanation, Factor } from '../../core/ruleset.ts';
import { combatFactor } from './combat-factors.ts';
import { compareTotals, sideOutcome, type OutcomeReading } from './outcomes.ts';
import type { DbaSituation } from './situation.ts';
import { flankSupportFactors, rearSupportFactors } from './support.ts';
import { scoreBonusFactors, tacticalFactors } from './tactical-factors.ts';
import { cite, views, type View } from './view.ts';

/** Every factor of a side (none depends on the dice in DBA). */
export function sideFactors(v: View): Factor[] {
  return [
    combatFactor(v),
    ...rearSupportFactors(v),
    ...flankSupportFactors(v),
    ...tacticalFactors(v),
    ...scoreBonusFactors(v),
  ];
}

const sum = (fs: readonly Factor[]) => fs.reduce((t, f) => t + f.value, 0);

/** A situation with its dice-independent work done once: each roll is then two additions and a lookup. */
export interface CompiledDba {
  readonly va: View;
  readonly vb: View;
  readonly factorsA: number;
  readonly factorsB: number;
}

export function compileDba(situation: DbaSituation): CompiledDba {
  const [va, vb] = views(situation);
  return { va, vb, factorsA: sum(sideFactors(va)), factorsB: sum(sideFactors(vb)) };
}

/** One side's part of a resolved roll. */
interface DbaSideResolution extends OutcomeReading {
  readonly die: number;
  /** Die plus every factor. */
  readonly total: number;
}

/** How the totals compare, from A's side: the five results players quote for a pair of factors. */
export type DbaResult = 'a-doubles' | 'a-wins' | 'draw' | 'b-wins' | 'b-doubles';

interface DbaResolution {
  readonly a: DbaSideResolution;
  readonly b: DbaSideResolution;
  readonly result: DbaResult;
}

function resultOf(totalA: number, totalB: number): DbaResult {
  switch (compareTotals(totalB, totalA)) {
    case 'doubled':
      return 'a-doubles';
    case 'beaten':
      return 'a-wins';
    case 'equal':
      return 'draw';
    case 'won':
      return compareTotals(totalA, totalB) === 'doubled' ? 'b-doubles' : 'b-wins';
  }
}

const DISREGARD = cite('Combat outcome');

function finalOutcome(v: View, own: number, theirs: number): OutcomeReading {
  const r = sideOutcome(v, own, theirs);
  // A shooter that is not shot at disregards an unfavourable outcome.
  if (r.outcome !== 'none' && v.self.shooting && !v.self.shotAt)
    return {
      outcome: 'none',
      reason: `shooting without being shot at: disregards "${r.reason}"`,
      rule: DISREGARD,
    };
  return r;
}

/** Resolve one roll: dieA for side A, dieB for side B. */
export function resolveDbaRoll(c: CompiledDba, dieA: number, dieB: number): DbaResolution {
  const totalA = dieA + c.factorsA;
  const totalB = dieB + c.factorsB;
  return {
    a: { die: dieA, total: totalA, ...finalOutcome(c.va, totalA, totalB) },
    b: { die: dieB, total: totalB, ...finalOutcome(c.vb, totalB, totalA) },
    result: resultOf(totalA, totalB),
  };
}

/** Every factor of each side with its rule section, and the readings that shaped this combat. */
export function explainDba(situation: DbaSituation): Explanation {
  const [va, vb] = views(situation);
  const notes: string[] = [];
  if (va.siege) {
    notes.push(
      `combat at a city, fort or camp: both sides use their factor against foot; overlaps, flank and rear support do not count (${cite('Close combat against a City, Fort or camp')})`,
    );
  }
  for (const v of [va, vb]) {
    const name = `${v.self.id.toUpperCase()} ${v.self.el.code}`;
    if (v.self.shooting && !v.self.shotAt)
      notes.push(
        `${name}: shoots without being shot at, so disregards an unfavourable outcome (${DISREGARD})`,
      );
    if (v.self.el.type === 'CF' || v.self.el.type === 'Dz') {
      if (!v.self.defends)
        notes.push(`${name}: sallied armed civilians are destroyed if beaten (${cite('Combat outcome')})`);
    }
    if (v.self.el.double)
      notes.push(`${name}: a double element; the first one lost counts as 2 elements lost`);
    const behind = v.self.side.behind?.element;
    if (v.self.el.type === 'El' && behind)
      notes.push(
        `${name}: if it recoils, the ${behind.code} behind it is destroyed${behind.type === 'El' ? ', and so is it' : ''} (${cite('Recoiling')})`,
      );
  }
  return { a: sideFactors(va), b: sideFactors(vb), notes };
}
