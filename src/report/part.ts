/**
 * One study's part of a run's report, as plain data: the files it adds (Markdown, CSV), its sections of
 * the HTML page (prose, tables, charts), a few lines for the terminal, and problems that make the run
 * exit non-zero (sampled and exact odds that disagree). The pipeline renders the charts and writes
 * everything (src/pipeline/write.ts).
 */
import type { ReportSection } from './html.ts';

export interface ReportPart {
  /** File name (relative to the report folder) to text. */
  readonly files: ReadonlyMap<string, string>;
  readonly sections: readonly ReportSection[];
  /** Printed after the run, one study after another. */
  readonly summary?: string;
  readonly problems?: readonly string[];
}
