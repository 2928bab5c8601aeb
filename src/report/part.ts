/**
 * One study's part of a run's report, as plain data: the answer in a few plain sentences (the page's
 * first screen), its Markdown documents and CSV tables, its sections of the HTML page (prose, charts,
 * tables), a few lines for the terminal, and problems that make the run exit non-zero (sampled and exact
 * odds that disagree). Tables are data (report/table.ts): the pipeline writes each one as Markdown, CSV
 * and HTML from the same rows, renders the charts and writes everything (src/pipeline/report.ts).
 * docs/report.md "Adding a section" says how a study adds one.
 */
import type { ReportSection } from './html.ts';
import type { Block, Table } from './table.ts';

export interface ReportPart {
  /** The study's answer, one plain sentence each; the report page opens with it. */
  readonly lead?: readonly string[];
  /** Markdown files (relative to the report folder) and their blocks. */
  readonly documents?: ReadonlyMap<string, readonly Block[]>;
  /** CSV files (relative to the report folder) and their table. */
  readonly data?: ReadonlyMap<string, Table>;
  readonly sections: readonly ReportSection[];
  /** Printed after the run, one study after another. */
  readonly summary?: string;
  readonly problems?: readonly string[];
}
