/**
 * The plain notation of an army file's commands (docs/armies.md "The format"): a general such as
 * `C-in-C Reg Cv(O)` or `ally Irr Kn(F) in reserve`, and troops such as `12 Reg Bd(O) in two lines, fill`
 * or `2 Irr Kn(S) chariots`. Each parser throws InputError saying what it did not understand.
 */
import { InputError } from '../../../core/errors.ts';
import { parseWithHint } from '../../../core/suggest.ts';
import type { GeneralRole } from '../army-size.ts';
import type { CostAdjustment } from '../costs.ts';
import { allElements, formatElement, parseElement } from '../notation.ts';
import { isNaval, isTrain, TROOP_CLASS, type Element } from '../troops.ts';

/** A line of a command; `two-lines` splits a group between the front and second lines. */
export type Placement = 'front' | 'second' | 'reserve' | 'two-lines';

export interface TroopsEntry {
  readonly count: number;
  readonly element: Element;
  readonly options: readonly CostAdjustment[];
  readonly placement?: Placement;
  /** The group is fill (docs/armies.md "Fitting an army to a budget"), with an optional limit. */
  readonly fill?: { readonly max?: number };
}

export interface GeneralEntry {
  readonly role: GeneralRole;
  readonly element: Element;
  readonly options: readonly CostAdjustment[];
  readonly placement?: Exclude<Placement, 'two-lines'>;
}

/** Largest count of one group (a 500 AP army has about 100 elements in all). */
export const MAX_COUNT = 500;

const ELEMENT = /^((?:[A-Za-z]+[ \t]+)?[A-Za-z]+\s*\(\s*[A-Za-z]\s*\))/;

const ROLES: readonly [RegExp, GeneralRole][] = [
  [/^(?:c-in-c|cinc|commander-in-chief|commander in chief)\b/i, 'c-in-c'],
  [/^(?:sub-general|sub general|subgeneral|subordinate general)\b/i, 'sub-general'],
  [/^(?:ally-general|ally general|allied general|ally)\b/i, 'ally'],
];

/** The qualifiers after an element, each a phrase. */
type Qualifier =
  | { readonly kind: 'placement'; readonly placement: Placement }
  | { readonly kind: 'option'; readonly option: CostAdjustment }
  | { readonly kind: 'fill'; readonly max?: number };

const QUALIFIERS: readonly [RegExp, (m: RegExpExecArray) => Qualifier][] = [
  [/^in (?:two|2) lines\b/i, () => ({ kind: 'placement', placement: 'two-lines' })],
  [/^in (?:the )?(?:front|first) line\b/i, () => ({ kind: 'placement', placement: 'front' })],
  [/^in (?:the )?second line\b/i, () => ({ kind: 'placement', placement: 'second' })],
  [/^in (?:the )?reserve\b/i, () => ({ kind: 'placement', placement: 'reserve' })],
  [/^chariots?\b/i, () => ({ kind: 'option', option: 'chariots' })],
  [/^mounted infantry\b/i, () => ({ kind: 'option', option: 'mountedInfantry' })],
  [/^fill up to (\d+)\b/i, (m) => ({ kind: 'fill', max: Number(m[1]) })],
  [/^fill\b/i, () => ({ kind: 'fill' })],
];

const QUALIFIER_WORDS =
  '"in two lines", "in the front line", "in the second line", "in reserve", "chariots", "mounted infantry", "fill", "fill up to N"';

function parseQualifiers(rest: string, whole: string): Qualifier[] {
  const out: Qualifier[] = [];
  let s = rest;
  for (;;) {
    s = s.replace(/^[\s,]+/, '');
    if (s === '') return out;
    const found = QUALIFIERS.map(([re, make]) => {
      const m = re.exec(s);
      return m ? { m, q: make(m) } : undefined;
    }).find((x) => x !== undefined);
    if (!found) {
      const word = s.split(/[,;]/)[0]!.trim();
      throw new InputError(
        `"${word}" in "${whole}" is not understood: after the element write ${QUALIFIER_WORDS}`,
      );
    }
    out.push(found.q);
    s = s.slice(found.m[0].length);
  }
}

function readElement(text: string, whole: string, what: string): { element: Element; rest: string } {
  const m = ELEMENT.exec(text);
  if (!m) {
    const word = text.trim().split(/\s+/).slice(0, 2).join(' ');
    throw new InputError(`"${word}" in "${whole}" is not an element: expected ${what}`);
  }
  const element = parseWithHint(parseElement, m[1] as string, () => allElements().map(formatElement));
  return { element, rest: text.slice(m[0].length) };
}

/** Cost options and the element they may apply to (DBM 3.2 p.10 "Adjust for all grades if"). */
function checkOptions(element: Element, options: readonly CostAdjustment[], whole: string): void {
  if (options.includes('chariots') && element.type !== 'Kn' && element.type !== 'Cv')
    throw new InputError(`"${whole}": only knights or cavalry can be chariots (DBM 3.2 p.10 Element Cost)`);
  const infantry = TROOP_CLASS[element.type] === 'foot' && !isTrain(element);
  if (options.includes('mountedInfantry') && !infantry)
    throw new InputError(`"${whole}": only infantry can be mounted infantry (DBM 3.2 p.10 Element Cost)`);
  if (new Set(options).size !== options.length) throw new InputError(`"${whole}": an option is given twice`);
}

function checkLand(element: Element, whole: string): void {
  if (element.type === 'Bg')
    throw new InputError(
      `"${whole}": baggage is not written in a command; the army takes its own (docs/armies.md "The format")`,
    );
  if (isNaval(element.type)) throw new InputError(`"${whole}": naval elements are not modelled in armies`);
}

/** `12 Reg Bd(O) in two lines, fill`, `2 Irr Kn(S) chariots`, `4 Reg Ax(S) fill up to 8`. */
export function parseTroops(text: string): TroopsEntry {
  if (text.includes(';'))
    throw new InputError(
      `"${text}" holds several groups: give each its own list item, or write them all as one text`,
    );
  const m = /^\s*(\d+)\s+(.*)$/s.exec(text);
  if (!m)
    throw new InputError(
      `"${text}" is not a group of troops: expected a count and an element, e.g. "12 Reg Bd(O) in two lines, fill"`,
    );
  const count = Number(m[1]);
  if (count < 1 || count > MAX_COUNT)
    throw new InputError(`"${text}": a group has 1 to ${MAX_COUNT} elements (found ${count})`);
  const { element, rest } = readElement(m[2] as string, text, 'an element after the count, e.g. "Reg Bd(O)"');
  checkLand(element, text);
  const qs = parseQualifiers(rest, text);
  const placements = qs.filter((q) => q.kind === 'placement');
  const fills = qs.filter((q) => q.kind === 'fill');
  if (placements.length > 1) throw new InputError(`"${text}": more than one line is given`);
  if (fills.length > 1) throw new InputError(`"${text}": "fill" is given twice`);
  const options = qs.flatMap((q) => (q.kind === 'option' ? [q.option] : []));
  checkOptions(element, options, text);
  const fill = fills[0];
  if (fill?.max !== undefined && fill.max < count)
    throw new InputError(`"${text}": "fill up to ${fill.max}" is less than the count written (${count})`);
  return {
    count,
    element,
    options,
    ...(placements[0] ? { placement: placements[0].placement } : {}),
    ...(fill ? { fill: fill.max !== undefined ? { max: fill.max } : {} } : {}),
  };
}

/** `C-in-C Reg Cv(O)`, `sub-general Irr Kn(F)`, `ally Irr Cv(O) in reserve`, `C-in-C Irr Kn(S) chariots`. */
export function parseGeneral(text: string): GeneralEntry {
  const s = text.trim();
  const role = ROLES.map(([re, r]) => {
    const m = re.exec(s);
    return m ? { r, rest: s.slice(m[0].length) } : undefined;
  }).find((x) => x !== undefined);
  if (!role)
    throw new InputError(
      `"${text}" does not name a general: start with "C-in-C", "sub-general" or "ally", e.g. "C-in-C Reg Cv(O)"`,
    );
  const { element, rest } = readElement(
    role.rest.trim(),
    text,
    'the general\'s element, e.g. "C-in-C Reg Cv(O)"',
  );
  checkLand(element, text);
  if (element.type === 'Exp' || (element.type === 'Hd' && element.grade === 'I'))
    throw new InputError(`"${text}": a general's element cannot be ${formatElement(element)}`);
  const qs = parseQualifiers(rest, text);
  if (qs.some((q) => q.kind === 'fill')) throw new InputError(`"${text}": a general is not fill`);
  const placements = qs.flatMap((q) => (q.kind === 'placement' ? [q.placement] : []));
  if (placements.includes('two-lines'))
    throw new InputError(`"${text}": a general is one element, in one line`);
  if (placements.length > 1) throw new InputError(`"${text}": more than one line is given`);
  const options = qs.flatMap((q) => (q.kind === 'option' ? [q.option] : []));
  checkOptions(element, options, text);
  const placement = placements[0] as GeneralEntry['placement'];
  return { role: role.r, element, options, ...(placement ? { placement } : {}) };
}

/** A whole command on one line: the general first, then its troops, separated by semicolons. */
export function splitCommand(text: string): { general: string; troops: string[] } {
  const parts = text
    .split(';')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length < 2)
    throw new InputError(
      `"${text}" is not a command: expected its general then its troops, separated by semicolons, e.g. "C-in-C Reg Cv(O); 12 Reg Bd(O) in two lines; 4 Reg Ax(S)"`,
    );
  return { general: parts[0] as string, troops: parts.slice(1) };
}
