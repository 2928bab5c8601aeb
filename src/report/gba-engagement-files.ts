/**
 * A GBA engagement study's result files (docs/gba-engagement.md): Markdown, CSV (one row per measure,
 * like line engagements) and JSON (the whole record, so it can be reproduced). Pure.
 */
import { formatGbaEngagementMarkdown } from '../systems/gba/engagement/summary.ts';
import type { GbaEngagementRecord } from '../run/long-run.ts';

export function gbaEngagementFiles(r: GbaEngagementRecord, header: string): Map<string, string> {
  const s = r.summary;
  const csv: string[] = ['measure,side,unit,value,low,high'];
  const row = (m: string, side: string, unit: string, v: number, lo = '', hi = ''): void => {
    csv.push(`${m},${side},${unit},${v.toFixed(6)},${lo},${hi}`);
  };
  const pr = (m: string, side: string, unit: string, p: { p: number; lo: number; hi: number }): void =>
    row(m, side, unit, p.p, p.lo.toFixed(6), p.hi.toFixed(6));
  pr('beaten', 'a', '', s.aRouts);
  pr('beaten', 'b', '', s.bRouts);
  pr('mutual', '', '', s.mutual);
  pr('undecided', '', '', s.limit);
  for (const id of ['a', 'b'] as const) {
    const side = s[id];
    pr('suffered a breakthrough', id, '', side.breakthrough);
    row('breakthroughs per engagement', id, '', side.meanBreakthroughs);
    if (side.meanRoutPoints !== undefined) row('rout points lost', id, '', side.meanRoutPoints);
    if (side.withdrew) pr('reached withdrawal level', id, '', side.withdrew);
    row('mean hits standing', id, '', side.meanHits);
  }
  for (const u of s.units) pr('unit routed', u.side, `${u.index} ${u.name}`.replace(/,/g, ' '), u.routed);
  s.ended.forEach((p, k) => row('decided in round', '', String(k + 1), p));
  return new Map([
    [`${r.name}.md`, `# ${r.title}\n\n${header}\n\n${formatGbaEngagementMarkdown(s)}\n`],
    [`${r.name}.csv`, `${csv.join('\n')}\n`],
    [`${r.name}.json`, `${JSON.stringify(r, null, 2)}\n`],
  ]);
}
