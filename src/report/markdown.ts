/** Markdown pipe tables, the one way the tool writes a table for reading. */
import { oneLine } from '../core/one-line.ts';

/** A cell's text with pipes escaped, on one line (control characters written out). */
export const mdCell = (s: string | number): string => oneLine(String(s)).replace(/\|/g, '\\|');

/**
 * A pipe table. `align` per column: 'l' (default for the first column) or 'r' (default for the rest).
 */
export function mdTable(
  columns: readonly string[],
  rows: readonly (readonly (string | number)[])[],
  align?: readonly ('l' | 'r')[],
): string[] {
  const a = columns.map((_, i) => align?.[i] ?? (i === 0 ? 'l' : 'r'));
  return [
    `| ${columns.map(mdCell).join(' | ')} |`,
    `|${a.map((x) => (x === 'r' ? ' ---: |' : ' --- |')).join('')}`,
    ...rows.map((r) => `| ${r.map(mdCell).join(' | ')} |`),
  ];
}
