/**
 * DBA element notation as players write it: a figure count and a type (`4Bd`, `3Kn`, `2LH`, `8Bw`, `4Lb`),
 * or a model type with no count (`El`, `SCh`, `Art`, `WWg`, `Lit`, `CWg`, `HCh`, `LCh`, `LCm`), plus camp
 * followers (`CF`) and city denizens (`Dz`). One parser for the whole tool; matching ignores case.
 */
import { InputError } from '../../core/errors.ts';
import {
  DBA_ELEMENT_CODES,
  DBA_ELEMENTS,
  DBA_TROOP_NAMES,
  type DbaElement,
  type DbaElementCode,
} from './troops.ts';

/** Written type codes: the troop codes plus bow kinds and the model types that fight as another type. */
const WRITTEN_TYPES = [
  'El',
  'Kn',
  'HCh',
  'Cv',
  'LCh',
  'LH',
  'LCm',
  'SCh',
  'Cm',
  'Sp',
  'Pk',
  'Bd',
  'Lit',
  'CWg',
  'Ax',
  'Bw',
  'Lb',
  'Cb',
  'Ps',
  'Wb',
  'Hd',
  'Art',
  'WWg',
  'CF',
  'Dz',
] as const;

const WRITTEN_BY_LOWER = new Map<string, string>(WRITTEN_TYPES.map((t) => [t.toLowerCase(), t]));

/** Words players use for the armed civilians. */
const CIVILIAN_WORDS = new Map<string, DbaElementCode>([
  ['campfollowers', 'CF'],
  ['campfollower', 'CF'],
  ['denizens', 'Dz'],
  ['denizen', 'Dz'],
  ['citydenizens', 'Dz'],
  ['den', 'Dz'],
]);

/** The written type of a catalogue code: `4Bd` -> `Bd`, `LCm` -> `LCm`. */
const writtenType = (code: DbaElementCode): string => code.replace(/^\d+/, '');

/** The catalogue codes written with this type, e.g. Bd -> 4Bd, 3Bd, 6Bd. */
function codesOf(written: string): DbaElementCode[] {
  return DBA_ELEMENT_CODES.filter((c) => writtenType(c) === written);
}

const PATTERN = /^\s*(\d+)?\s*([A-Za-z]+)\s*$/;

/** Parse `4Bd`, `3Kn`, `6Cv`, `2LH`, `8Bw`, `Lit`, `CF`. Throws InputError naming the bad part. */
export function parseDbaElement(text: string): DbaElement {
  const squeezed = text.replace(/[\s_-]+/g, '').toLowerCase();
  const civilian = CIVILIAN_WORDS.get(squeezed);
  if (civilian) return DBA_ELEMENTS[civilian];
  if (/^mtd/i.test(text.trim())) {
    throw new InputError(
      `"${text}" is not a DBA element: mounted infantry fight as their foot type, write e.g. "4Bd"`,
    );
  }
  const m = PATTERN.exec(text);
  if (!m) {
    throw new InputError(
      `"${text}" is not DBA element notation: expected a figure count and a type, e.g. "4Bd", "3Kn", "2LH", or "El"`,
    );
  }
  const [, countText, typeText] = m as unknown as [string, string | undefined, string];
  const written = WRITTEN_BY_LOWER.get(typeText.toLowerCase());
  if (!written) {
    throw new InputError(
      `"${text}" is not DBA element notation: "${typeText}" is not a troop type (${WRITTEN_TYPES.join(', ')})`,
    );
  }
  const codes = codesOf(written);
  const name = DBA_TROOP_NAMES[DBA_ELEMENTS[codes[0] as DbaElementCode].type];
  if (countText === undefined) {
    if (codes.includes(written as DbaElementCode)) return DBA_ELEMENTS[written as DbaElementCode];
    // A bare type is accepted where only one single (not double) element of it exists: Sp, Cv, LH, Cm, Ps.
    const singles = codes.filter((c) => !DBA_ELEMENTS[c].double);
    if (singles.length === 1) return DBA_ELEMENTS[singles[0] as DbaElementCode];
    throw new InputError(`"${text}" is not a DBA element: ${name} need a figure count (${codes.join(', ')})`);
  }
  const code = `${Number(countText)}${written}`;
  if (codes.includes(code as DbaElementCode)) return DBA_ELEMENTS[code as DbaElementCode];
  if (codes.length === 1 && codes[0] === written) {
    throw new InputError(`"${text}" is not a DBA element: ${written} is written without a figure count`);
  }
  throw new InputError(
    `"${text}" is not a DBA element: ${countText} is not a figure count of ${written} (${codes.join(', ')})`,
  );
}

/** Canonical notation: parseDbaElement(formatDbaElement(e)) is e. */
export function formatDbaElement(e: DbaElement): string {
  return e.code;
}

/** Every element of the catalogue, in table order. */
export function allDbaElements(): DbaElement[] {
  return DBA_ELEMENT_CODES.map((c) => DBA_ELEMENTS[c]);
}
