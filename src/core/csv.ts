/**
 * CSV text (RFC 4180: fields with commas, quotes or line breaks are quoted) through d3-dsv, the one CSV
 * writer of the tool. Numbers are written as given; callers format decimals first.
 */
import { csvFormatRows } from 'd3-dsv';

type CsvCell = string | number | boolean | undefined | null;

/** A CSV document: the header row, then one line per row; ends with a line break. */
export function csvText(columns: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const text = (v: CsvCell): string => (v === undefined || v === null ? '' : String(v));
  return `${csvFormatRows([columns.map(String), ...rows.map((r) => r.map(text))])}\n`;
}
