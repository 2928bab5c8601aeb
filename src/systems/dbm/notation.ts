/**
 * The DBM community's element notation: `Reg Bd(O)`, `Irr Kn(F)`, `Wb(S)` (regularity implied where
 * the rules allow only one), parsed and printed. One parser for the whole tool.
 */
import { InputError } from '../../core/errors.ts';
import { COSTS_3_2 } from './costs.ts';
import {
  GRADES,
  REGULARITIES,
  TROOP_NAMES,
  TROOP_TYPES,
  type Element,
  type Grade,
  type Regularity,
  type TroopType,
} from './troops.ts';

const TYPE_BY_LOWER = new Map<string, TroopType>(TROOP_TYPES.map((t) => [t.toLowerCase(), t]));
const REG_BY_LOWER = new Map<string, Regularity>([
  ['reg', 'Reg'],
  ['irr', 'Irr'],
  ['regular', 'Reg'],
  ['irregular', 'Irr'],
]);

/** The grades the rules allow for a type and regularity (DBM 3.2 p.10 Element Cost). */
function gradesOf(type: TroopType, reg: Regularity): Grade[] {
  return GRADES.filter((g) => COSTS_3_2[type][reg][g] !== undefined);
}

/** The regularities the rules allow for a type and grade. */
function regularitiesOf(type: TroopType, grade: Grade): Regularity[] {
  return REGULARITIES.filter((r) => COSTS_3_2[type][r][grade] !== undefined);
}

const PATTERN = /^\s*(?:([A-Za-z]+)\s+)?([A-Za-z]+)\s*\(\s*([A-Za-z])\s*\)\s*$/;

/** Parse `Reg Bd(O)`, `Irr Kn(F)`, `Wb(S)`. Throws InputError naming the bad part. */
export function parseElement(text: string): Element {
  const m = PATTERN.exec(text);
  if (!m) {
    throw new InputError(
      `"${text}" is not DBM element notation: expected e.g. "Reg Bd(O)" or "Irr Kn(F)" (regularity, type, grade in brackets)`,
    );
  }
  const [, regText, typeText, gradeText] = m as unknown as [string, string | undefined, string, string];
  const type = TYPE_BY_LOWER.get(typeText.toLowerCase());
  if (!type) {
    throw new InputError(`"${typeText}" in "${text}" is not a DBM troop type (${TROOP_TYPES.join(', ')})`);
  }
  const grade = gradeText.toUpperCase() as Grade;
  if (!GRADES.includes(grade)) {
    throw new InputError(`"${gradeText}" in "${text}" is not a grade (S, O, I, F, X)`);
  }
  const allowedRegs = regularitiesOf(type, grade);
  let reg: Regularity;
  if (regText === undefined) {
    if (allowedRegs.length === 0) {
      throw new InputError(`"${text}": ${gradeError(type, grade)}`);
    }
    if (allowedRegs.length > 1) {
      throw new InputError(
        `"${text}": ${TROOP_NAMES[type]} (${grade}) can be regular or irregular; write "Reg ${type}(${grade})" or "Irr ${type}(${grade})"`,
      );
    }
    reg = allowedRegs[0] as Regularity;
  } else {
    const r = REG_BY_LOWER.get(regText.toLowerCase());
    if (!r) throw new InputError(`"${regText}" in "${text}" is not a regularity (Reg or Irr)`);
    reg = r;
    if (!allowedRegs.includes(reg)) {
      if (allowedRegs.length === 0) throw new InputError(`"${text}": ${gradeError(type, grade)}`);
      const grades = gradesOf(type, reg);
      throw new InputError(
        grades.length === 0
          ? `"${text}": ${TROOP_NAMES[type]} are never ${reg === 'Reg' ? 'regular' : 'irregular'}`
          : `"${text}": ${reg} ${type} cannot be (${grade}); ${reg} ${type} grades are ${grades.join(', ')}`,
      );
    }
  }
  return { type, grade, reg };
}

function gradeError(type: TroopType, grade: Grade): string {
  const all = GRADES.filter((g) => regularitiesOf(type, g).length > 0);
  return `"${grade}" is not a grade of ${type} (${all.join(', ')})`;
}

/** Canonical notation: `Reg Bd(O)`. parseElement(formatElement(e)) equals e. */
export function formatElement(e: Element): string {
  return `${e.reg} ${e.type}(${e.grade})`;
}

/** Every element the rules allow, in table order. */
export function allElements(): Element[] {
  const out: Element[] = [];
  for (const type of TROOP_TYPES) {
    for (const reg of REGULARITIES) {
      for (const grade of gradesOf(type, reg)) out.push({ type, grade, reg });
    }
  }
  return out;
}
