/** Plain-text rendering of multi-bound odds (`odds --bounds N`, docs/situation.md "Several bounds"). */
import { phaseWords, type BoundsCell, type BoundsOdds, type BoundsRow } from '../core/bounds.ts';
import { roundP } from '../engine/odds.ts';
import { pct } from './format.ts';

const padLeft = (s: string, n: number): string => (s.length >= n ? s : ' '.repeat(n - s.length) + s);
const padRight = (s: string, n: number): string => (s.length >= n ? s : s + ' '.repeat(n - s.length));

/** Multi-bound odds with p rounded to 4 decimals, as `odds --json` prints them (fractions stay exact). */
export function roundedBounds(b: BoundsOdds): BoundsOdds {
  const cell = (c: BoundsCell): BoundsCell => ({ ...c, p: roundP(c.p) });
  const row = (r: BoundsRow): BoundsRow => ({
    ...r,
    ended: Object.fromEntries(Object.entries(r.ended).map(([k, c]) => [k, cell(c)])),
    fighting: cell(r.fighting),
    ...(r.phase
      ? {
          phase: {
            ...r.phase,
            shooting: cell(r.phase.shooting),
            contact: cell(r.phase.contact),
            closeCombat: cell(r.phase.closeCombat),
          },
        }
      : {}),
  });
  return { ...b, perBound: b.perBound.map(row), cumulative: b.cumulative.map(row) };
}

/**
 * A fight that starts apart, bound by bound: the starting distance, then what each bound held (shooting,
 * the lines meeting, close combat) as chances of every fight, and how far apart the two stand after it.
 */
export function formatPhases(b: BoundsOdds): string[] {
  if (!b.distance || !b.perBound.some((r) => r.phase)) return [];
  const lines = [`Bound by bound: the two start ${b.distance.paces}p apart (${b.distance.how}).`];
  for (const r of b.perBound)
    if (r.phase) lines.push(`  ${r.bound} (${r.owner.toUpperCase()}'s): ${phaseWords(r.phase, pct)}`);
  lines.push('  (chances of the whole; a fight already over holds none of these)');
  return lines;
}

/** The per-bound and cumulative tables; ends that never happen are named once instead of a column of zeros. */
export function formatBounds(b: BoundsOdds, title: string): string {
  const unit = b.unit;
  const seen = b.ends.filter((e) => b.perBound.some((r) => (r.ended[e.id]?.p ?? 0) > 0));
  const never = b.ends.filter((e) => !seen.includes(e));
  const columns = [...seen.map((e) => e.label), 'fighting'];
  const widths = columns.map((c) => Math.max(9, c.length) + 2);
  const label = (r: BoundsRow) =>
    `${r.bound} (${b.unit === 'bound' ? `${r.owner.toUpperCase()}'s` : `${r.owner.toUpperCase()} attacks`})`;
  const lw = Math.max(unit.length, ...b.perBound.map((r) => label(r).length)) + 2;
  const table = (rows: readonly BoundsRow[]): string[] => [
    `${padRight(unit, lw)}${columns.map((c, i) => padLeft(c, widths[i]!)).join('')}`,
    ...rows.map(
      (r) =>
        `${padRight(label(r), lw)}${[...seen.map((e) => r.ended[e.id]!), r.fighting]
          .map((c, i) => padLeft(pct(c.p), widths[i]!))
          .join('')}`,
    ),
  ];
  const last = b.cumulative.at(-1)!;
  const phases = formatPhases(b);
  const lines = [
    title,
    '',
    ...(phases.length > 0 ? [...phases, ''] : []),
    `Ended in the ${unit}:`,
    ...table(b.perBound),
    '',
    `By the end of the ${unit} (cumulative):`,
    ...table(b.cumulative),
  ];
  if (never.length > 0)
    lines.push('', `Never within ${b.bounds} ${unit}s: ${never.map((e) => e.label).join(', ')}.`);
  lines.push('', `Exact: ${b.exact}.`);
  const exactLast = [
    ...seen.map((e) => [e.label, last.ended[e.id]!] as const),
    ['fighting', last.fighting] as const,
  ]
    .filter(([, c]) => c.fraction !== undefined)
    .map(([l, c]) => `${l} ${c.fraction}`);
  if (exactLast.length > 0) lines.push(`  By the end of ${unit} ${b.bounds}: ${exactLast.join('; ')}`);
  const opts = Object.entries(b.options)
    .map(([k, v]) => `${k} ${typeof v === 'number' ? String(roundP(v)) : String(v)}`)
    .join(', ');
  lines.push(`Options: ${opts}.`);
  if (b.notes.length > 0) lines.push('', 'Notes:', ...b.notes.map((n) => `  - ${n}`));
  return lines.join('\n');
}
