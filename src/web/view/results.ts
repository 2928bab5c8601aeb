/// <reference lib="dom" />
/**
 * The numbers under the chart: for each side, every outcome's chance and the "or worse" views, one
 * column per matchup and a difference column when two are compared; then the factors with their rule
 * sections, the notes and both sides' outcomes together. Cells carry data-key/data-count/data-of so a
 * test can read exactly what is shown.
 */
import type { OddsReport } from '../../engine/odds.ts';
import type { Factor } from '../../core/ruleset.ts';
import type { OutcomeView } from '../rulesets/types.ts';
import { h } from './dom.ts';
import { inkOn } from './ink.ts';
import type { FieldChange } from './input-diff.ts';
import {
  atLeastRows,
  formatPercent,
  formatPoints,
  outcomeRows,
  type ProbabilityRow,
} from './probabilities.ts';

type Id = 'a' | 'b';

function cell(row: ProbabilityRow, id: Id, m: number): HTMLElement {
  return h(
    'td',
    {
      class: 'num',
      'data-key': `${id}.${row.key}`,
      'data-matchup': m + 1,
      'data-count': row.count,
      'data-of': row.of,
    },
    h('span', { class: 'pct' }, formatPercent(row.p)),
    h('span', { class: 'frac' }, `${row.count}/${row.of}`),
  );
}

/**
 * The difference column, coloured from the side's own point of view: less of a bad outcome is better.
 * `lessIsBetter` is undefined for a middle outcome (more recoils may mean fewer destroyed): no colour.
 */
function diffCell(
  before: ProbabilityRow,
  after: ProbabilityRow,
  id: Id,
  lessIsBetter?: boolean,
): HTMLElement {
  const d = after.p - before.p;
  const tone =
    Math.abs(d) < 1e-9
      ? 'same'
      : lessIsBetter === undefined
        ? 'changed'
        : d < 0 === lessIsBetter
          ? 'better'
          : 'worse';
  return h(
    'td',
    { class: `num diff ${tone}`, 'data-key': `${id}.${after.key}`, 'data-diff': d.toFixed(6) },
    formatPoints(d),
  );
}

function sideTable(outcomes: readonly OutcomeView[], reports: readonly OddsReport[], id: Id): HTMLElement {
  const exact = reports.map((r) => outcomeRows(outcomes, r[id]));
  const cumulative = reports.map((r) => atLeastRows(outcomes, r[id]));
  const last = outcomes.length - 1;
  const compare = reports.length > 1;
  // Worst outcome and "or worse" rows: less is better; the last (no effect): more is better.
  const direction = (cumulative: boolean, i: number): boolean | undefined =>
    cumulative || i === 0 ? true : i === last ? false : undefined;
  const body = (table: ProbabilityRow[][], cls: string) =>
    (table[0] ?? []).map((row, i) =>
      h(
        'tr',
        { class: cls },
        h('th', { scope: 'row' }, row.label),
        table.map((rows, m) => cell(rows[i] as ProbabilityRow, id, m)),
        compare &&
          diffCell(
            table[0]?.[i] as ProbabilityRow,
            table[1]?.[i] as ProbabilityRow,
            id,
            direction(cls === 'atleast', i),
          ),
      ),
    );
  const names = reports.map((r) => r[id].element);
  return h(
    'section',
    { class: `odds side-${id}`, 'aria-label': `Side ${id.toUpperCase()} odds` },
    h(
      'h3',
      {},
      h('span', { class: 'badge' }, id.toUpperCase()),
      ' ',
      names[0],
      compare && names[1] !== names[0] && ` \u2192 ${names[1]}`,
    ),
    h(
      'table',
      { class: compare ? 'compare' : '' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, 'Outcome'),
          reports.map((_, m) =>
            h('th', { scope: 'col', class: 'num' }, compare ? `Matchup ${m + 1}` : 'Chance'),
          ),
          compare && h('th', { scope: 'col', class: 'num' }, '\u0394 pts'),
        ),
      ),
      h('tbody', {}, body(exact, 'exact')),
      h('tbody', { class: 'cumulative' }, body(cumulative, 'atleast')),
    ),
  );
}

/**
 * A table per side of the `shown` outcomes; `all` the rule set's, so the outcomes left out (they cannot
 * happen here) are named under the tables.
 */
export function oddsTables(
  shown: readonly OutcomeView[],
  reports: readonly OddsReport[],
  all: readonly OutcomeView[] = shown,
): HTMLElement {
  const left = all.filter((o) => !shown.includes(o));
  return h(
    'div',
    { class: 'tables' },
    sideTable(shown, reports, 'a'),
    sideTable(shown, reports, 'b'),
    left.length > 0 &&
      h(
        'p',
        { class: 'muted impossible', 'data-key': 'impossible' },
        `Cannot happen here: ${left.map((o) => o.label).join(', ')}.`,
      ),
  );
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : '0';
}

function factorList(id: Id, report: OddsReport): HTMLElement {
  const fs: readonly Factor[] = report[id].factors;
  const fixed = fs.filter((f) => f.when === undefined).reduce((t, f) => t + f.value, 0);
  return h(
    'div',
    { class: `factors side-${id}` },
    h(
      'h4',
      {},
      h('span', { class: 'badge' }, id.toUpperCase()),
      ` ${report[id].element}`,
      h('span', { class: 'total', 'data-key': `${id}.fixed` }, `die ${signed(fixed)}`),
    ),
    fs.length === 0
      ? h('p', { class: 'muted' }, 'No factors.')
      : h(
          'ul',
          {},
          fs.map((f) =>
            h(
              'li',
              { class: f.when === undefined ? '' : 'conditional' },
              h('span', { class: 'value' }, signed(f.value)),
              h('span', { class: 'label' }, f.label, f.when !== undefined && h('em', {}, ` ${f.when}`)),
              h('span', { class: 'rule' }, f.rule),
            ),
          ),
        ),
  );
}

function jointTable(outcomes: readonly OutcomeView[], report: OddsReport): HTMLElement {
  const label = (id: string) => outcomes.find((o) => o.id === id)?.label ?? id;
  return h(
    'table',
    { class: 'joint' },
    h('thead', {}, h('tr', {}, h('th', {}, 'A'), h('th', {}, 'B'), h('th', { class: 'num' }, 'Chance'))),
    h(
      'tbody',
      {},
      report.joint.map((j) =>
        h(
          'tr',
          {},
          h('td', {}, label(j.a)),
          h('td', {}, label(j.b)),
          h(
            'td',
            { class: 'num' },
            `${formatPercent(j.count / j.of)} `,
            h('span', { class: 'frac' }, `${j.count}/${j.of}`),
          ),
        ),
      ),
    ),
  );
}

/** Events beside the outcomes (GBA breakthrough, leader casualty, missile supply), with their rule. */
function eventTable(report: OddsReport): HTMLElement | false {
  const events = report.events ?? [];
  if (events.length === 0) return false;
  return h(
    'table',
    { class: 'events', 'aria-label': 'Events' },
    h(
      'thead',
      {},
      h('tr', {}, h('th', {}, 'Event'), h('th', { class: 'num' }, 'Chance'), h('th', {}, 'Rule')),
    ),
    h(
      'tbody',
      {},
      events.map((e) =>
        h(
          'tr',
          { 'data-key': e.id, 'data-count': String(e.count), 'data-of': String(e.of) },
          h('td', {}, e.label),
          h(
            'td',
            { class: 'num' },
            `${formatPercent(e.count / e.of)} `,
            h('span', { class: 'frac' }, `${e.count}/${e.of}`),
          ),
          h('td', { class: 'rule' }, e.rule),
        ),
      ),
    ),
  );
}

export function explanation(outcomes: readonly OutcomeView[], reports: readonly OddsReport[]): HTMLElement {
  return h(
    'div',
    { class: 'explanation' },
    reports.map((r, m) =>
      h(
        'section',
        { class: 'matchup-explained', 'aria-label': `Matchup ${m + 1} factors` },
        reports.length > 1 && h('h3', {}, `Matchup ${m + 1}`),
        eventTable(r),
        factorList('a', r),
        factorList('b', r),
        r.notes.length > 0 &&
          h(
            'ul',
            { class: 'notes' },
            r.notes.map((n) => h('li', {}, n)),
          ),
        // Background for the curious (GBA: where the charts come from, their doubtful cells).
        r.details &&
          r.details.length > 0 &&
          h(
            'details',
            { class: 'more background' },
            h('summary', {}, 'Where the charts come from'),
            h(
              'ul',
              { class: 'notes' },
              r.details.map((n) => h('li', {}, n)),
            ),
          ),
        h('details', { class: 'more' }, h('summary', {}, 'Both sides together'), jointTable(outcomes, r)),
      ),
    ),
  );
}

/** "Matchup 2 changes: a.rear — → Reg Bd(O)". */
export function changesList(changes: readonly FieldChange[]): HTMLElement {
  return h(
    'div',
    { class: 'changes' },
    h('span', { class: 'field-label' }, 'Matchup 2 changes'),
    changes.length === 0
      ? h('span', { class: 'muted' }, ' nothing yet: edit matchup 2 to see the difference')
      : h(
          'ul',
          {},
          changes.map((c) =>
            h(
              'li',
              {},
              h('code', {}, c.path),
              ` ${c.from ?? 'default'} \u2192 `,
              h('strong', {}, c.to ?? 'default'),
            ),
          ),
        ),
  );
}

/** The small always-visible bars (CSS only) for a phone: the active matchup's outcomes per side. */
export function summaryStrip(outcomes: readonly OutcomeView[], report: OddsReport): HTMLElement {
  const bar = (id: Id) =>
    h(
      'div',
      { class: 'strip-row' },
      h('span', { class: 'badge' }, id.toUpperCase()),
      h(
        'div',
        { class: 'strip-bar', role: 'img', 'aria-label': `Side ${id.toUpperCase()} outcomes` },
        outcomeRows(outcomes, report[id]).map((row, i) => {
          const seg = h(
            'span',
            { title: `${row.label} ${formatPercent(row.p)}` },
            row.p >= 0.12 ? `${Math.round(row.p * 100)}%` : '',
          );
          seg.style.width = `${row.p * 100}%`;
          seg.style.background = outcomes[i]?.color ?? '#999';
          seg.style.color = inkOn(outcomes[i]?.color ?? '#999999');
          return seg;
        }),
      ),
    );
  return h('div', { class: 'strip-inner' }, bar('a'), bar('b'));
}
