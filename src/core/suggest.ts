/** "Did you mean": the nearest known word to what a user typed. */

/** The closest of `options` to `text` (case-insensitive edit distance at most 2), for "did you mean". */
export function suggestion(text: string, options: readonly string[]): string | undefined {
  const t = text.toLowerCase();
  // Short words are too easily "near" anything: a one-letter grade has no suggestion.
  const most = Math.min(2, Math.floor(t.length / 3));
  let best: string | undefined;
  let bestD = most + 1;
  let tie = false;
  for (const o of options) {
    const d = editDistance(t, o.toLowerCase());
    if (d < bestD) {
      bestD = d;
      best = o;
      tie = false;
    } else if (d === bestD) tie = true;
  }
  // Only a single nearest word is a useful suggestion.
  return tie ? undefined : best;
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
