/**
 * An engagement study's result files: Markdown (what a reader wants), CSV (one row per measure) and
 * JSON (the whole summary with its configuration, so it can be reproduced). Pure.
 */
import type { EngagementConfig } from '../engagement/model.ts';
import type { EngagementSummary, SideLosses } from '../engagement/summary.ts';

const f3 = (n: number) => n.toFixed(3);
const f2 = (n: number) => n.toFixed(2);
const ci = (p: { p: number; lo: number; hi: number }) => `${f3(p.p)} [${f3(p.lo)}, ${f3(p.hi)}]`;

export interface EngagementRecord {
  readonly name: string;
  readonly title: string;
  readonly seed: string;
  readonly config: EngagementConfig;
  readonly summary: EngagementSummary;
}

function sideRows(s: SideLosses): string[] {
  return [
    `| ${s.name} | ${f2(s.elements.mean)} [${f2(s.elements.lo)}, ${f2(s.elements.hi)}] | ${f2(s.ap.mean)} [${f2(s.ap.lo)}, ${f2(s.ap.hi)}] | ${f2(s.elementEquivalents)} | ${f2(s.fled)} |`,
  ];
}

export function engagementFiles(r: EngagementRecord, header: string): Map<string, string> {
  const s = r.summary;
  const md: string[] = [`# ${r.title}`, '', header, ''];
  md.push(
    `${s.samples.toLocaleString('en')} engagements, ${r.config.rules}, bound limit ${r.config.boundLimit}, first bound: ${r.config.first}. 95% intervals in brackets.`,
    '',
    '| result | probability |',
    '| --- | ---: |',
    `| ${r.config.a.name} wins | ${ci(s.aWins)} |`,
    `| ${r.config.b.name} wins | ${ci(s.bWins)} |`,
    `| draw (both break, or undecided) | ${ci(s.draw)} |`,
    `| of which undecided | ${ci(s.undecided)} |`,
    '',
    `Mean bounds to a decision: ${f2(s.meanBoundsToDecision)}; mean bounds fought: ${f2(s.meanBounds)}.`,
    '',
    '## Losses',
    '',
    '| side | elements lost | AP lost | element equivalents lost | elements fled |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...sideRows(s.a),
    ...sideRows(s.b),
    '',
    '## Losses by file position (left to right)',
    '',
    '| side | file | elements lost | AP lost | P(file gone) |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...[s.a, s.b].flatMap((side) =>
      side.files.map(
        (f) => `| ${side.name} | ${f.position + 1} | ${f3(f.elements)} | ${f2(f.ap)} | ${f3(f.wipedOut)} |`,
      ),
    ),
    '',
    '## Bounds to decision',
    '',
    '| bound | P(decided in this bound) | P(stopped undecided) |',
    '| ---: | ---: | ---: |',
    ...s.bounds.map((b) => `| ${b.bound} | ${f3(b.decided)} | ${f3(b.undecided)} |`),
    '',
  );
  const csv: string[] = ['measure,side,position,value,low,high'];
  const row = (m: string, side: string, pos: string, v: number, lo = '', hi = '') =>
    csv.push(`${m},${side},${pos},${v.toFixed(6)},${lo},${hi}`);
  const pr = (m: string, side: string, p: { p: number; lo: number; hi: number }) =>
    row(m, side, '', p.p, p.lo.toFixed(6), p.hi.toFixed(6));
  pr('win', 'a', s.aWins);
  pr('win', 'b', s.bWins);
  pr('draw', '', s.draw);
  pr('undecided', '', s.undecided);
  for (const [id, side] of [['a', s.a] as const, ['b', s.b] as const]) {
    row(
      'elements lost',
      id,
      '',
      side.elements.mean,
      side.elements.lo.toFixed(6),
      side.elements.hi.toFixed(6),
    );
    row('AP lost', id, '', side.ap.mean, side.ap.lo.toFixed(6), side.ap.hi.toFixed(6));
    for (const f of side.files) {
      row('file elements lost', id, String(f.position + 1), f.elements);
      row('file gone', id, String(f.position + 1), f.wipedOut);
    }
  }
  for (const b of s.bounds) row('decided in bound', '', String(b.bound), b.decided);
  return new Map([
    [`${r.name}.md`, md.join('\n')],
    [`${r.name}.csv`, `${csv.join('\n')}\n`],
    [`${r.name}.json`, `${JSON.stringify(r, null, 2)}\n`],
  ]);
}
