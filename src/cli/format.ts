/** Plain-text rendering of results for the terminal. */
import type { Factor } from '../core/ruleset.ts';
import type { OddsReport } from '../engine/odds.ts';

export const pct = (p: number): string => `${(p * 100).toFixed(2)}%`;
const signed = (n: number): string => (n > 0 ? `+${n}` : `${n}`);

function padRight(s: string, n: number): string {
  return s.length >= n ? s : s + ' '.repeat(n - s.length);
}
function padLeft(s: string, n: number): string {
  return s.length >= n ? s : ' '.repeat(n - s.length) + s;
}

function factorLines(fs: readonly Factor[]): string[] {
  return fs.map(
    (f) => `  ${padLeft(signed(f.value), 3)}  ${f.label}${f.when ? ` (${f.when})` : ''}  [${f.rule}]`,
  );
}

/** An outcome as the tables name it: its id, and the label the web page shows ("flees", "unaffected"). */
export interface OutcomeName {
  readonly id: string;
  readonly label: string;
}

/**
 * The odds report as a readable text block: title, the verdict in plain words (when given), tables.
 * Outcomes are named by their labels, the words the web page uses.
 */
export function formatOdds(
  r: OddsReport,
  title: string,
  named: readonly OutcomeName[],
  verdictLine?: string,
): string {
  const lines: string[] = [title, ...(verdictLine ? [verdictLine] : []), ''];
  const outcomes = named.map((o) => o.id);
  const label = (id: string): string => named.find((o) => o.id === id)?.label ?? id;
  const w = Math.max(10, ...named.map((o) => o.label.length)) + 2;
  const cell = (t: { count: number; of: number; p: number }) => `${pct(t.p)} (${t.count}/${t.of})`;
  const headA = `A ${r.a.element}`;
  const headB = `B ${r.b.element}`;
  const cw = (head: string, side: typeof r.a): number =>
    Math.max(24, head.length + 2, ...outcomes.map((o) => cell(side.outcomes[o]!).length + 2));
  const wa = cw(headA, r.a);
  const wb = cw(headB, r.b);
  lines.push(`${padRight('outcome', w)}${padLeft(headA, wa)}${padLeft(headB, wb)}`);
  for (const o of outcomes) {
    lines.push(
      `${padRight(label(o), w)}${padLeft(cell(r.a.outcomes[o]!), wa)}${padLeft(cell(r.b.outcomes[o]!), wb)}`,
    );
  }
  lines.push('', 'Joint outcomes (A / B):');
  for (const j of r.joint)
    lines.push(`  ${padRight(`${label(j.a)} / ${label(j.b)}`, 26)} ${pct(j.p)} (${j.count}/${j.of})`);
  if (r.events) {
    lines.push('', 'Events:');
    for (const e of r.events)
      lines.push(`  ${padRight(pct(e.p), 8)} ${e.label} (${e.count}/${e.of})  [${e.rule}]`);
  }
  lines.push('', `Factors for A ${r.a.element}:`, ...factorLines(r.a.factors));
  lines.push('', `Factors for B ${r.b.element}:`, ...factorLines(r.b.factors));
  if (r.notes.length > 0) lines.push('', 'Notes:', ...r.notes.map((n) => `  - ${n}`));
  if (r.details && r.details.length > 0) lines.push('', 'Details:', ...r.details.map((n) => `  - ${n}`));
  return lines.join('\n');
}
