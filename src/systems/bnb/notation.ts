/**
 * The B&B element notation (B&B 0.7 ch.4 "regular", "grade"): `Reg Bd(O)`, `Irr HCh(S)`, `Wb(S)` (the
 * regularity may be left out where the cost table allows only one), parsed and printed.
 */
import { InputError } from '../../core/errors.ts';
import { BNB_COSTS } from './costs.ts';
import {
  BNB_GRADES,
  BNB_REGULARITIES,
  BNB_TROOP_NAMES,
  BNB_TROOP_TYPES,
  type BnbElement,
  type BnbGrade,
  type BnbRegularity,
  type BnbTroopType,
} from './troops.ts';

const TYPE_BY_LOWER = new Map<string, BnbTroopType>(BNB_TROOP_TYPES.map((t) => [t.toLowerCase(), t]));
const REG_BY_LOWER = new Map<string, BnbRegularity>([
  ['reg', 'Reg'],
  ['irr', 'Irr'],
  ['regular', 'Reg'],
  ['irregular', 'Irr'],
]);

/** The grades B&B 0.7 Table 5.4 allows for a type and regularity. */
export function bnbGradesOf(type: BnbTroopType, reg: BnbRegularity): BnbGrade[] {
  return BNB_GRADES.filter((g) => BNB_COSTS[type][reg][g] !== undefined);
}

/** The regularities B&B 0.7 Table 5.4 allows for a type and grade. */
function bnbRegularitiesOf(type: BnbTroopType, grade: BnbGrade): BnbRegularity[] {
  return BNB_REGULARITIES.filter((r) => BNB_COSTS[type][r][grade] !== undefined);
}

/**
 * DBM troop types a B&B player may type, and what B&B 0.7 makes of them when a DBM list is translated
 * (B&B 0.7 "translation"): knights' chariots become heavy chariots, Ax(X) become Pk(F), Cm(X) are not
 * used. DBM knights other than chariots have no B&B type; heavy chariots are the nearest.
 */
const FROM_DBM: Readonly<Record<string, { readonly type: BnbTroopType; readonly why: string }>> = {
  Kn: {
    type: 'HCh',
    why: 'B&B has no knights; DBM Kn chariots are B&B heavy chariots (B&B 0.7 "translation")',
  },
};

/** The element B&B makes of a DBM type and grade it does not have, as a hint ("; did you mean ..."). */
function dbmHint(type: string, grade: string, reg: string | undefined): string {
  const key = `${type}(${grade.toUpperCase()})`;
  if (key === 'Ax(X)') return '; DBM Ax(X) are B&B Pk(F) (B&B 0.7 "translation")';
  if (key === 'Cm(X)') return '; B&B does not use Cm(X) (B&B 0.7 "translation")';
  const to = FROM_DBM[type];
  if (!to) return '';
  const g = grade.toUpperCase() as BnbGrade;
  const r = REG_BY_LOWER.get((reg ?? '').toLowerCase());
  const regs = BNB_GRADES.includes(g) ? bnbRegularitiesOf(to.type, g) : [];
  const nearest = regs.length === 0 ? undefined : `${r && regs.includes(r) ? r : regs[0]} ${to.type}(${g})`;
  return `; ${to.why}${nearest ? `: did you mean "${nearest}"?` : ''}`;
}

const PATTERN = /^\s*(?:([A-Za-z]+)\s+)?([A-Za-z]+)\s*\(\s*([A-Za-z])\s*\)\s*$/;

/** Parse `Reg Bd(O)`, `Irr HCh(F)`, `Wb(S)`. Throws InputError naming the bad part. */
export function parseBnbElement(text: string): BnbElement {
  const m = PATTERN.exec(text);
  if (!m) {
    throw new InputError(
      `"${text}" is not B&B element notation: expected e.g. "Reg Bd(O)" or "Irr HCh(S)" (regularity, type, grade in brackets)`,
    );
  }
  const [, regText, typeText, gradeText] = m as unknown as [string, string | undefined, string, string];
  const type = TYPE_BY_LOWER.get(typeText.toLowerCase());
  if (!type) {
    throw new InputError(
      `"${typeText}" in "${text}" is not a B&B troop type (${BNB_TROOP_TYPES.join(', ')})${dbmHint(typeText, gradeText, regText)}`,
    );
  }
  const grade = gradeText.toUpperCase() as BnbGrade;
  if (!BNB_GRADES.includes(grade)) {
    throw new InputError(`"${gradeText}" in "${text}" is not a grade (S, O, I, F, X)`);
  }
  const allowedRegs = bnbRegularitiesOf(type, grade);
  if (regText === undefined) {
    if (allowedRegs.length === 0)
      throw new InputError(`"${text}": ${gradeError(type, grade)}${dbmHint(type, grade, regText)}`);
    if (allowedRegs.length > 1) {
      throw new InputError(
        `"${text}": ${BNB_TROOP_NAMES[type]} (${grade}) can be regular or irregular; write "Reg ${type}(${grade})" or "Irr ${type}(${grade})"`,
      );
    }
    return { type, grade, reg: allowedRegs[0] as BnbRegularity };
  }
  const reg = REG_BY_LOWER.get(regText.toLowerCase());
  if (!reg) throw new InputError(`"${regText}" in "${text}" is not a regularity (Reg or Irr)`);
  if (!allowedRegs.includes(reg)) {
    if (allowedRegs.length === 0)
      throw new InputError(`"${text}": ${gradeError(type, grade)}${dbmHint(type, grade, regText)}`);
    const grades = bnbGradesOf(type, reg);
    throw new InputError(
      grades.length === 0
        ? `"${text}": ${BNB_TROOP_NAMES[type]} are never ${reg === 'Reg' ? 'regular' : 'irregular'} (B&B 0.7 Table 5.4)`
        : `"${text}": ${reg} ${type} cannot be (${grade}); ${reg} ${type} grades are ${grades.join(', ')} (B&B 0.7 Table 5.4)`,
    );
  }
  return { type, grade, reg };
}

function gradeError(type: BnbTroopType, grade: BnbGrade): string {
  const all = BNB_GRADES.filter((g) => bnbRegularitiesOf(type, g).length > 0);
  return `"${grade}" is not a grade of ${type} (${all.join(', ')}) (B&B 0.7 Table 5.4)`;
}

/** Canonical notation: `Reg Bd(O)`. parseBnbElement(formatBnbElement(e)) equals e. */
export function formatBnbElement(e: BnbElement): string {
  return `${e.reg} ${e.type}(${e.grade})`;
}

/** Every base the rules allow, in type order, regular first. */
export function allBnbElements(): BnbElement[] {
  const out: BnbElement[] = [];
  for (const type of BNB_TROOP_TYPES) {
    for (const reg of BNB_REGULARITIES) {
      for (const grade of bnbGradesOf(type, reg)) out.push({ type, grade, reg });
    }
  }
  return out;
}
