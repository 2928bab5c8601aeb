/**
 * A run's report as files: results.json, each study's files (Markdown, CSV), every chart as Vega-Lite
 * JSON, SVG and PNG under charts/, and index.html (offline: the vega builds are inlined) when any study
 * has sections. Pure but for chart rendering; the caller writes the files (output.ts).
 */
import { readVegaScripts } from '../report/assets.ts';
import { buildReportHtml, type ReportSection } from '../report/html.ts';
import { renderPng, renderSvg } from '../report/render.ts';
import { markdownText, tableCsv } from '../report/table.ts';
import type { LoadedScenario } from './scenario.ts';
import type { RunResults } from './results.ts';

interface BuiltReport {
  readonly files: Map<string, string | Uint8Array>;
  /** Lines for the terminal, study by study. */
  readonly summaries: readonly string[];
  /** Problems that make the run exit 1 (sampled and exact odds that disagree). */
  readonly problems: readonly string[];
  readonly html: boolean;
}

/** The results file: stable key order, two-space indent. */
const resultsJson = (r: RunResults): string => `${JSON.stringify(r, null, 2)}\n`;

export async function buildReport(
  loaded: LoadedScenario,
  results: RunResults,
  reproduce: string,
): Promise<BuiltReport> {
  const files = new Map<string, string | Uint8Array>([['results.json', resultsJson(results)]]);
  const sections: ReportSection[] = [];
  const summaries: string[] = [];
  const problems: string[] = [];
  const lead: string[] = [];
  loaded.studies.forEach((s, i) => {
    const part = s.kind.report(results.studies[i]!.results, s.plan);
    const add = (name: string, text: string) => {
      if (files.has(name)) throw new Error(`two studies write ${name}`);
      files.set(name, text);
    };
    // Tables are data: the same rows become Markdown here, CSV here and HTML in the page.
    for (const [name, blocks] of part.documents ?? []) add(name, markdownText(blocks));
    for (const [name, table] of part.data ?? []) add(name, tableCsv(table));
    lead.push(...(part.lead ?? []));
    sections.push(...part.sections.map((x) => ({ ...x, reproduce: x.reproduce || reproduce })));
    if (part.summary) summaries.push(part.summary);
    problems.push(...(part.problems ?? []));
  });
  for (const c of sections.flatMap((x) => x.charts ?? [])) {
    const svg = await renderSvg(c.spec);
    files.set(`charts/${c.name}.vl.json`, `${JSON.stringify(c.spec, null, 2)}\n`);
    files.set(`charts/${c.name}.svg`, svg);
    files.set(`charts/${c.name}.png`, renderPng(svg));
  }
  const html = sections.length > 0;
  if (html) {
    const page = buildReportHtml(
      {
        title:
          loaded.studies.length === 1 && loaded.studies[0]!.header.title !== loaded.studies[0]!.header.name
            ? loaded.studies[0]!.header.title
            : `${loaded.name}: ${loaded.version}`,
        lead,
        intro: `${loaded.version}. Scenario \`${loaded.file}\`, seed ${loaded.seed}. Every table is also in this folder as Markdown and CSV; every chart as Vega-Lite JSON, SVG and PNG under \`charts/\`.`,
        sections,
        footer: `${results.tool.name} ${results.tool.version}, seed ${results.seed}. Reproduce: ${reproduce}`,
      },
      readVegaScripts(),
      { imageDir: 'charts' },
    );
    files.set('index.html', page);
  }
  return { files, summaries, problems, html };
}
