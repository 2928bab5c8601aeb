/** "Did you mean": the nearest known word to what a user typed. */
import { InputError } from './errors.ts';

/** Every option nearest to `text` (case-insensitive edit distance at most 2, less for short words). */
export function nearest(text: string, options: readonly string[]): string[] {
  const t = text.toLowerCase();
  // Short words are too easily "near" anything: a one-letter grade has no suggestion.
  const most = Math.min(2, Math.floor(t.length / 3));
  let best: string[] = [];
  let bestD = most + 1;
  for (const o of options) {
    const d = editDistance(t, o.toLowerCase());
    if (d < bestD) {
      bestD = d;
      best = [o];
    } else if (d === bestD && !best.includes(o)) best.push(o);
  }
  return best;
}

/** The closest of `options` to `text`, for "did you mean"; undefined when none is close or two tie. */
export function suggestion(text: string, options: readonly string[]): string | undefined {
  const near = nearest(text, options);
  // Only a single nearest word is a useful suggestion.
  return near.length === 1 ? near[0] : undefined;
}

/** `; did you mean "X"?` for a mistyped element of a catalogue (whole notations), or ''. */
export function elementHint(text: string, all: readonly string[]): string {
  if (all.includes(text)) return '';
  const hint = suggestion(text, all);
  return hint ? `; did you mean "${hint}"?` : '';
}

/**
 * Run `parse(text)`; a refusal gets the nearest whole notation of the catalogue as a "did you mean"
 * ("Reg Bld(O)": did you mean "Reg Bd(O)"?). `all` lists the catalogue's notations (computed on failure).
 */
export function parseWithHint<E>(parse: (text: string) => E, text: string, all: () => readonly string[]): E {
  try {
    return parse(text);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    const hint = elementHint(text, all());
    throw hint ? new InputError(`${e.detail}${hint}`, { path: e.path }) : e;
  }
}

function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j]!;
      prev[j] = Math.min(up + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length]!;
}
