/**
 * Grading factors (DBM 3.2 p.22 "Grading Factors"): each side compares its total before grading with
 * its opponent's total before grading, then adjusts by every line that applies.
 */
import type { Factor } from '../../core/ruleset.ts';
import { cite, factor, totalOf, type FactorLine, type View } from './view.ts';

const GF = 'p.22 Grading Factors';

/**
 * Every grading line that applies to `v.self`, given both pre-grading totals, in the rules' order: the
 * one statement of the rules, read by gradingFactors (the lines, cited) and gradingTotal (their sum).
 */
function gradingLines(v: View, line: FactorLine, own: number, theirs: number): void {
  const { self, opp } = v;
  const g = opp.as.grade;
  const isArt = self.as.type === 'Art';
  // -1 if neither artillery shooting nor elephants in close combat, and scored more than (S) opponents.
  const exempt = (isArt && self.shooting) || (self.as.type === 'El' && v.close);
  if (!exempt && g === 'S' && own > theirs) line('scored more than (S)', -1);
  // +1 if (S) shooting, and scored exactly 1 more than (S), or equal to (O) or (F) opponents.
  if (self.as.grade === 'S' && self.shooting) {
    if ((g === 'S' && own === theirs + 1) || ((g === 'O' || g === 'F') && own === theirs))
      line('(S) shooting', 1);
  }
  // +1 if shooting or in close combat, and scored equal to or more than (I) opponents.
  if ((self.shooting || v.close) && g === 'I' && own >= theirs) line('equalled or beat (I)', 1);
  // +1 against (F): 3.1+ not artillery and at least 2 more; 3.0 in close combat in own bound or shooting,
  // not artillery, and more (end note lvii).
  if (g === 'F' && !isArt) {
    if (v.version.rules.gradingFast === '3.1') {
      if (own >= theirs + 2) line('beat (F) by 2 or more', 1);
    } else if (((v.close && self.ownBound) || self.shooting) && own > theirs) {
      line('beat (F)', 1, 'lvii');
    }
  }
}

/** The grading adjustments for `v.self`, given both pre-grading totals. */
export function gradingFactors(v: View, own: number, theirs: number): Factor[] {
  const out: Factor[] = [];
  gradingLines(
    v,
    (label, value, endNote) => out.push(factor(label, value, cite(v.version, GF, endNote))),
    own,
    theirs,
  );
  return out;
}

/** The sum of gradingFactors, without building the lines (combat tables compile it for every roll). */
export function gradingTotal(v: View, own: number, theirs: number): number {
  return totalOf(gradingLines, v, own, theirs);
}

/** The grading lines that can apply to `v.self` in this situation, worded as conditions (for explain). */
export function gradingConditions(v: View): Factor[] {
  const { self, opp } = v;
  const g = opp.as.grade;
  const at = (endNote?: string) => cite(v.version, GF, endNote);
  const out: Factor[] = [];
  const isArt = self.as.type === 'Art';
  if (!((isArt && self.shooting) || (self.as.type === 'El' && v.close)) && g === 'S')
    out.push(factor('against (S)', -1, at(), 'if it scores more than its (S) opponent'));
  if (self.as.grade === 'S' && self.shooting && g === 'S')
    out.push(factor('(S) shooting at (S)', 1, at(), 'if it scores exactly 1 more'));
  if (self.as.grade === 'S' && self.shooting && (g === 'O' || g === 'F'))
    out.push(factor(`(S) shooting at (${g})`, 1, at(), 'if it scores equal'));
  if ((self.shooting || v.close) && g === 'I')
    out.push(factor('against (I)', 1, at(), 'if it scores equal or more'));
  if (g === 'F' && !isArt) {
    if (v.version.rules.gradingFast === '3.1')
      out.push(factor('against (F)', 1, at(), 'if it scores 2 or more more'));
    else if ((v.close && self.ownBound) || self.shooting)
      out.push(factor('against (F)', 1, at('lvii'), 'if it scores more'));
  }
  return out;
}
