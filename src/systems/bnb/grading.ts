/**
 * Grade adjustments (B&B 0.7 ch.7 "grade adjustments"): each side compares its first total with its
 * opponent's first total and adds one per line that applies. Close combat lines depend on whose bound it
 * is; shooting lines apply to the shooting Bw, being-shot-at lines to the target.
 */
import type { Factor } from '../../core/ruleset.ts';
import { cite, factor, type View } from './view.ts';

/** The grade adjustments of `v.self` given both first totals. */
export function bnbGradeAdjustments(v: View, own: number, theirs: number): Factor[] {
  return gradeLines(v)
    .filter((l) => l.applies(own, theirs))
    .map((l) => factor(l.label, 1, l.rule));
}

/** The grade lines that can apply to `v.self` in this situation, as conditions (for explain). */
export function bnbGradeConditions(v: View): Factor[] {
  return gradeLines(v).map((l) => factor(l.label, 1, l.rule, l.when));
}

interface GradeLine {
  readonly label: string;
  readonly rule: string;
  readonly when: string;
  readonly applies: (own: number, theirs: number) => boolean;
}

const more = (own: number, theirs: number) => own > theirs;
const less = (own: number, theirs: number) => own < theirs;

function gradeLines(v: View): GradeLine[] {
  const { self, opp } = v;
  const out: GradeLine[] = [];
  const line = (label: string, rule: string, when: string, applies: GradeLine['applies']) =>
    out.push({ label, rule, when, applies });
  if (v.close) {
    const rule = cite('gradeClose');
    if (opp.grade === 'I') line('against (I)', rule, 'if it scores more', more);
    if (opp.grade === 'F' && self.ownBound) line('against (F) in own bound', rule, 'if it scores more', more);
    if (self.grade === 'S' && self.ownBound) line('(S) in own bound', rule, 'if it scores more', more);
    if (self.grade === 'S' && !self.ownBound)
      line("(S) in opponent's bound", rule, 'if it scores less', less);
    return out;
  }
  if (self.shooting) {
    const rule = cite('gradeShooting');
    if (self.grade === 'S') line('Bw(S) shooting', rule, 'if it scores more', more);
    if (opp.grade === 'I' || opp.grade === 'F')
      line(`shooting at (${opp.grade})`, rule, 'if it scores more', more);
  }
  if (self.shotAt && self.grade === 'S') line('(S) shot at', cite('gradeShotAt'), 'if it scores less', less);
  return out;
}

/**
 * Cohesion effect (B&B 0.7 ch.7 "cohesion effect"): +1 to a second total lower than the opponent's, for a
 * base flanked on both sides, front corners touching, by the C-in-C or strictly identical bases.
 */
export function bnbCohesion(v: View, own: number, theirs: number): Factor[] {
  return v.self.side.cohesion && own < theirs ? [factor('cohesion effect', 1, cite('cohesion'))] : [];
}

export function bnbCohesionConditions(v: View): Factor[] {
  return v.self.side.cohesion
    ? [factor('cohesion effect', 1, cite('cohesion'), 'if its second total is less')]
    : [];
}
