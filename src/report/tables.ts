/**
 * Markdown and CSV tables of one study's results. Probabilities are always printed as decimals (4 in
 * Markdown, 6 in CSV); exact counts stay whole numbers. Pure functions of RunResults.
 */
import type { CellRecord, RunResults, StudyResults } from '../run/results.ts';

const dec = (p: number, digits: number): string => p.toFixed(digits);

function csvField(v: string | number | boolean | undefined): string {
  if (v === undefined) return '';
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const mdCell = (s: string): string => s.replace(/\|/g, '\\|');

function header(r: RunResults, s: StudyResults): string[] {
  const sampled =
    s.samples > 0
      ? `${s.samples.toLocaleString('en-US')} Monte Carlo samples per cell, 95% Wilson intervals in brackets. ` +
        `Exact and sampled ${s.agrees ? 'agree in every cell' : 'DISAGREE in some cells (marked !)'} ` +
        `(check at z = ${s.agreementZ.toFixed(2)}).`
      : 'Exact enumeration only (no sampling).';
  return [
    `# ${s.title}`,
    '',
    `Scenario \`${r.scenario.name}\` (${r.scenario.file}), ${r.version}${r.houseRules ? ' (house rules)' : ''}, ` +
      `seed ${r.seed}, ${r.tool.name} ${r.tool.version}. ${sampled}`,
    '',
  ];
}

function sampledText(c: CellRecord, side: 'a' | 'b', o: string): string {
  const m = c.result[side].sampled?.[o];
  if (!m) return '';
  return `${dec(m.p, 4)} [${dec(m.low, 4)}, ${dec(m.high, 4)}]${m.agrees ? '' : ' !'}`;
}

function oddsMarkdown(r: RunResults, s: StudyResults): string {
  const lines = header(r, s);
  lines.push(`| Situation | Side | ${r.outcomes.join(' | ')} |`);
  lines.push(`| --- | --- |${r.outcomes.map(() => ' ---: |').join('')}`);
  for (const c of s.cells) {
    for (const side of ['a', 'b'] as const) {
      const el = side === 'a' ? c.a : c.b;
      const label = side === 'a' ? mdCell(c.label) : '';
      lines.push(
        `| ${label} | ${side.toUpperCase()} ${el} | ${r.outcomes.map((o) => dec(c.result[side].exact[o]?.p ?? 0, 4)).join(' | ')} |`,
      );
      if (c.result.samples > 0) {
        lines.push(`|  | sampled | ${r.outcomes.map((o) => sampledText(c, side, o)).join(' | ')} |`);
      }
    }
  }
  lines.push(...eventsMarkdown(s));
  return `${lines.join('\n')}\n`;
}

/** Events beside the outcomes (GBA breakthrough, leader casualty, supply), exact, when any cell has some. */
function eventsMarkdown(s: StudyResults): string[] {
  if (!s.cells.some((c) => c.events && c.events.length > 0)) return [];
  const out = [
    '',
    '## Events (exact)',
    '',
    '| Situation | Event | Probability | Count | Rule |',
    '| --- | --- | ---: | ---: | --- |',
  ];
  for (const c of s.cells) {
    (c.events ?? []).forEach((e, k) => {
      out.push(
        `| ${k === 0 ? mdCell(c.label) : ''} | ${mdCell(e.label)} | ${dec(e.p, 4)} | ${e.count}/${e.of} | ${e.rule} |`,
      );
    });
  }
  return out;
}

function grid(s: StudyResults, title: string, value: (c: CellRecord) => string): string[] {
  const rows = s.rows ?? [];
  const cols = s.cols ?? [];
  const out = [
    `## ${title}`,
    '',
    `| A \\ B | ${cols.join(' | ')} |`,
    `| --- |${cols.map(() => ' ---: |').join('')}`,
  ];
  rows.forEach((row, i) => {
    const cells = cols.map((_, j) => value(s.cells[i * cols.length + j] as CellRecord));
    out.push(`| ${row} | ${cells.join(' | ')} |`);
  });
  out.push('');
  return out;
}

function matrixMarkdown(r: RunResults, s: StudyResults): string {
  const lines = header(r, s);
  const p = (c: CellRecord, side: 'a' | 'b', o: string) => c.result[side].exact[o]?.p ?? 0;
  lines.push(...grid(s, 'P(B destroyed): A destroys B', (c) => dec(p(c, 'b', 'destroyed'), 4)));
  lines.push(...grid(s, 'P(A destroyed): B destroys A', (c) => dec(p(c, 'a', 'destroyed'), 4)));
  lines.push(
    ...grid(s, 'Net: P(B destroyed or flees) - P(A destroyed or flees)', (c) =>
      dec(p(c, 'b', 'destroyed') + p(c, 'b', 'flee') - p(c, 'a', 'destroyed') - p(c, 'a', 'flee'), 4),
    ),
  );
  if (s.samples > 0) {
    const bad = s.cells.filter((c) => !c.result.agrees).map((c) => c.label);
    lines.push(
      bad.length === 0
        ? `Sampled estimates agree with the exact values in all ${s.cells.length} cells (CSV has every estimate and interval).`
        : `Sampled estimates disagree with the exact values in: ${bad.join(', ')}.`,
      '',
    );
  }
  return `${lines.join('\n')}`;
}

/** The study's Markdown report. */
export function studyMarkdown(r: RunResults, s: StudyResults): string {
  return s.kind === 'matrix' ? matrixMarkdown(r, s) : oddsMarkdown(r, s);
}

export const CSV_COLUMNS = [
  'study',
  'cell',
  'a',
  'b',
  'cost_a',
  'cost_b',
  'side',
  'outcome',
  'exact_count',
  'space',
  'exact_p',
  'samples',
  'sampled_count',
  'sampled_p',
  'ci95_low',
  'ci95_high',
  'agrees',
] as const;

const COST_COLUMNS: ReadonlySet<string> = new Set(['cost_a', 'cost_b']);

/** Does any cell of the study carry a cost? (DBM and B&B have points tables; DBA and GBA do not.) */
export const hasCosts = (s: StudyResults): boolean =>
  s.cells.some((c) => c.costA !== undefined || c.costB !== undefined);

/**
 * The study's CSV: one row per cell, side and outcome. The cost_a and cost_b columns are left out of a
 * study none of whose cells has a cost (a rule system without points costs).
 */
export function studyCsv(r: RunResults, s: StudyResults): string {
  const costs = hasCosts(s);
  const keep = CSV_COLUMNS.map((col) => costs || !COST_COLUMNS.has(col));
  const lines = [CSV_COLUMNS.filter((_, i) => keep[i]).join(',')];
  for (const c of s.cells) {
    for (const side of ['a', 'b'] as const) {
      for (const o of r.outcomes) {
        const e = c.result[side].exact[o];
        const m = c.result[side].sampled?.[o];
        const row = [
          s.name,
          c.label,
          c.a,
          c.b,
          c.costA,
          c.costB,
          side.toUpperCase(),
          o,
          e?.count,
          e?.of,
          e ? dec(e.p, 6) : undefined,
          c.result.samples,
          m?.count,
          m ? dec(m.p, 6) : undefined,
          m ? dec(m.low, 6) : undefined,
          m ? dec(m.high, 6) : undefined,
          m ? m.agrees : undefined,
        ];
        lines.push(
          row
            .filter((_, i) => keep[i])
            .map(csvField)
            .join(','),
        );
      }
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The results file: stable key order, two-space indent. */
export function resultsJson(r: RunResults): string {
  return `${JSON.stringify(r, null, 2)}\n`;
}

/** Every file of a run's report, by file name. */
export function reportFiles(r: RunResults): Map<string, string> {
  const files = new Map<string, string>([['results.json', resultsJson(r)]]);
  for (const s of r.studies) {
    files.set(`${s.name}.md`, studyMarkdown(r, s));
    files.set(`${s.name}.csv`, studyCsv(r, s));
  }
  return files;
}
