/**
 * A report's tables as data: named columns of a kind, and rows of plain values. The pipeline writes the
 * same table as Markdown (a pipe table), CSV (RFC 4180, through core/csv.ts) and HTML (report/html.ts),
 * so the page, the Markdown and the CSV say the same thing. Pure.
 */
import { csvText } from '../core/csv.ts';
import { oneLine } from '../core/one-line.ts';

export type CellValue = string | number | boolean | null | undefined;

export interface Column {
  /** The heading in Markdown and HTML. */
  readonly name: string;
  /** The header in CSV (default: the name). */
  readonly key?: string;
  /**
   * `text`: words, left-aligned (they wrap on the page); `figure`: a number or a figure written as text
   * ("9.0 -> 8.0", "0.41 [0.38, 0.44]"), right-aligned and never wrapped. Default: `figure` for every
   * column but the first.
   */
  readonly kind?: 'text' | 'figure';
  /** A number as Markdown and HTML show it (default: as written). */
  readonly format?: (n: number) => string;
  /** A number as the CSV writes it (default: as written). */
  readonly csv?: (n: number) => string;
  /** An empty cell (null or undefined) in Markdown and HTML (default: nothing). */
  readonly empty?: string;
}

export interface Table {
  readonly columns: readonly Column[];
  readonly rows: readonly (readonly CellValue[])[];
}

/** A column's kind, the first column's default being text. */
export const kindOf = (t: Table, i: number): 'text' | 'figure' =>
  t.columns[i]?.kind ?? (i === 0 ? 'text' : 'figure');

/** A cell as Markdown and HTML show it. */
export function cellText(column: Column | undefined, v: CellValue): string {
  if (v === null || v === undefined) return column?.empty ?? '';
  if (typeof v === 'number') return column?.format ? column.format(v) : String(v);
  return String(v);
}

/** A cell's text with pipes escaped, on one line (control characters written out), for a pipe table. */
export const mdCell = (s: string | number): string => oneLine(String(s)).replace(/\|/g, '\\|');

/** The table as Markdown pipe-table lines. */
export function tableMarkdown(t: Table): string[] {
  return [
    `| ${t.columns.map((c) => mdCell(c.name)).join(' | ')} |`,
    `|${t.columns.map((_, i) => (kindOf(t, i) === 'figure' ? ' ---: |' : ' --- |')).join('')}`,
    ...t.rows.map((r) => `| ${t.columns.map((c, i) => mdCell(cellText(c, r[i]))).join(' | ')} |`),
  ];
}

/** The table as a CSV document: the columns' keys, then the rows' values. */
export function tableCsv(t: Table): string {
  return csvText(
    t.columns.map((c) => c.key ?? c.name),
    t.rows.map((r) =>
      t.columns.map((c, i) => {
        const v = r[i];
        return typeof v === 'number' && c.csv ? c.csv(v) : v;
      }),
    ),
  );
}

/** A block of a Markdown document: a heading, a paragraph, a list, or a table. */
export type Block =
  | { readonly heading: string; readonly level?: 1 | 2 | 3 }
  | { readonly text: string }
  | { readonly list: readonly string[] }
  | { readonly table: Table };

/** A Markdown document from its blocks: one blank line between blocks, one line break at the end. */
export function markdownText(blocks: readonly Block[]): string {
  const lines = blocks.map((b): string => {
    // A heading or a list item is one line whatever it quotes (a study's title, an element's name).
    if ('heading' in b) return `${'#'.repeat(b.level ?? 2)} ${oneLine(b.heading)}`;
    if ('text' in b) return b.text;
    if ('list' in b) return b.list.map((x) => `- ${oneLine(x)}`).join('\n');
    return tableMarkdown(b.table).join('\n');
  });
  return `${lines.join('\n\n')}\n`;
}
