/**
 * Mitigating rear support factors (DBM 3.2 p.22, new in 3.1, end note lviii): compared on totals after
 * grading; each applies to the winner's score when the loser has the named support.
 */
import type { Factor } from '../../core/ruleset.ts';
import { isMounted } from './troops.ts';
import { psiloiBehind, supportDenied } from './rear-support.ts';
import { cite, factor, type Combatant, type View } from './view.ts';

const MF = 'p.22 Mitigating rear support factors';

/** Factors that reduce `winner`'s score because of `loser`'s support (each -1). */
export function mitigatingFactors(v: View, winner: Combatant, loser: Combatant): Factor[] {
  if (v.version.rules.supportModel !== 'mitigating') return [];
  const lv: View = { ...v, self: loser, opp: winner };
  if (supportDenied(lv)) return [];
  const at = cite(v.version, MF);
  const out: Factor[] = [];
  const w = winner.as;
  const l = loser.as;
  const second = loser.side.rear[0];
  // -1 any type except El or Art beating cavalry supported by a 2nd rank of Cv(O) if (O), Cv(I) if (I).
  if (l.type === 'Cv' && (l.grade === 'O' || l.grade === 'I') && w.type !== 'El' && w.type !== 'Art') {
    if (second && second.element.type === 'Cv' && second.element.grade === l.grade)
      out.push(factor(`enemy Cv(${l.grade}) supported by Cv(${l.grade})`, -1, at));
  }
  // -1 cavalry or Kn(X) beating Cv(O)/(I) supported by a list-permitted 2nd rank of Ps(S) or (I).
  const knX = winner.raw.type === 'Kn' && winner.raw.grade === 'X';
  if ((w.type === 'Cv' || knX) && l.type === 'Cv' && (l.grade === 'O' || l.grade === 'I')) {
    if (second?.element.type === 'Ps' && ['S', 'I'].includes(second.element.grade) && second.listPermitted)
      out.push(factor('enemy cavalry supported by psiloi', -1, at));
  }
  // -1 warband, mounted except Kn(X), war wagons or fortification defenders beating Sp, Pk, Bd or Ax
  // supported by list-permitted psiloi with bows (2nd or 3rd rank) or crossbows/handguns (2nd rank).
  const striker =
    w.type === 'Wb' ||
    (isMounted(w.type) && !knX) ||
    w.type === 'WWg' ||
    winner.side.fortification !== 'none';
  if (striker && ['Sp', 'Pk', 'Bd', 'Ax'].includes(l.type) && psiloiBehind(loser))
    out.push(factor('enemy foot supported by psiloi', -1, at));
  return out;
}

/** The mitigating lines that could apply against `v.self`'s win (for explain). */
export function mitigatingConditions(v: View): Factor[] {
  return mitigatingFactors(v, v.self, v.opp).map((f) => ({ ...f, when: 'if it scores more after grading' }));
}
