/**
 * The line shorthand of engagement studies:
 *   "8 files of Reg Bd(O), 2 deep"        eight files, each two Reg Bd(O) deep (depth 1 if omitted)
 *   "as many Irr Kn(O) as 150 AP buys"    as many one-deep files as the points buy
 *   "as many Reg Pk(O), 4 deep, as the budget buys"   sized to the study's budget
 *   "as many Reg Bd(O), 2 deep, as 120 AP buys, 6 files wide"   a front of 6 files, the rest in lines
 *                                          behind it (docs/engagement-model.md "Second lines")
 */

interface Shorthand {
  readonly troops: string;
  readonly depth: number;
  /** Either a number of files, or a budget (a number of AP, or the study's budget). */
  readonly count?: number;
  readonly budget?: number | 'study';
  /** Files in the front line; the rest stand in lines behind it. */
  readonly width?: number;
}

const DEEP = String.raw`(?:\s*,\s*(\d+)\s+deep)?`;
const FILES = new RegExp(String.raw`^\s*(\d+)\s+files?\s+of\s+(.+?)${DEEP}\s*$`, 'i');
const AS_MANY = new RegExp(
  String.raw`^\s*as\s+many\s+(.+?)${DEEP}\s*,?\s+as\s+(?:(\d+(?:\.\d+)?)\s*AP|the\s+budget)(?:\s+buys)?${DEEP}\s*$`,
  'i',
);

const WIDE = /\s*,\s*(\d+)\s+files?\s+wide\s*$/i;

/** Parse a shorthand, or return an error message naming the accepted forms. */
export function parseShorthand(full: string): Shorthand | string {
  const w = WIDE.exec(full);
  const text = w ? full.slice(0, w.index) : full;
  const width = w ? { width: Number(w[1]) } : {};
  const parsed = parseLine(text);
  return typeof parsed === 'string' ? parsed.replace(text, full) : { ...parsed, ...width };
}

function parseLine(text: string): Shorthand | string {
  const f = FILES.exec(text);
  if (f) return { troops: f[2]!, depth: Number(f[3] ?? 1), count: Number(f[1]) };
  const m = AS_MANY.exec(text);
  if (m) {
    const depth = Number(m[2] ?? m[4] ?? 1);
    return { troops: m[1]!, depth, budget: m[3] === undefined ? 'study' : Number(m[3]) };
  }
  return `"${text}" is not a line shorthand: write e.g. "8 files of Reg Bd(O), 2 deep" or "as many Irr Kn(O) as 150 AP buys"`;
}
