/// <reference lib="dom" />
/**
 * "A against many": the matchup being edited with B replaced by every element of a troop type (or of
 * the whole catalogue), one row each, as a matrix study's row. Computed in a web worker (worker.js) so
 * the page stays responsive; where the page cannot start one (opened from file://) the same code runs in
 * small slices on the page's thread. Folded by default: nothing is computed until it is opened.
 */
import type { SituationInput, WebRuleSet } from '../rulesets/types.ts';
import { h } from '../view/dom.ts';
import { formatPercent } from '../view/probabilities.ts';
import {
  matrixCell,
  opponentsOf,
  type MatrixRowCell,
  type MatrixRowReply,
  type MatrixRowRequest,
} from './compute.ts';

/** A column: one side's chance of an outcome, or of it and everything worse. */
interface Column {
  readonly key: string;
  readonly side: 'a' | 'b';
  readonly label: string;
  /** Outcome ids summed (one, or an outcome and every worse one). */
  readonly ids: readonly string[];
}

interface Panel {
  readonly host: HTMLElement;
  readonly details: HTMLDetailsElement;
  readonly summary: HTMLElement;
  readonly select: HTMLSelectElement;
  readonly status: HTMLElement;
  readonly table: HTMLElement;
  rs?: WebRuleSet;
  input?: SituationInput;
  /** The troop type chosen, "all", or "" to follow B's type. */
  choice: string;
  cells: MatrixRowCell[];
  total: number;
  requested: string;
  id: number;
  sort?: { readonly key: string; readonly desc: boolean };
}

let panel: Panel | undefined;
let worker: Worker | undefined | null;

/** The page's worker, started on first use; null where the page cannot start one (file://). */
function theWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker('worker.js');
    worker.onmessage = (e: MessageEvent<MatrixRowReply>) => receive(e.data);
    worker.onerror = (e) => {
      // A worker that cannot load (a browser refusing workers from file://): compute on the page.
      e.preventDefault();
      worker?.terminate();
      worker = null;
      if (panel) {
        panel.requested = '';
        request(panel);
      }
    };
  } catch {
    worker = null;
  }
  return worker;
}

const elementOf = (input: SituationInput | undefined, id: 'a' | 'b'): string => {
  const side = input?.[id] as { element?: unknown } | undefined;
  return typeof side?.element === 'string' ? side.element : '';
};

function columns(rs: WebRuleSet): Column[] {
  const [worst] = rs.outcomes;
  if (!worst) return [];
  const out: Column[] = [
    { key: `b.${worst.id}`, side: 'b', label: `B ${worst.label}`, ids: [worst.id] },
    { key: `a.${worst.id}`, side: 'a', label: `A ${worst.label}`, ids: [worst.id] },
  ];
  const last = [...rs.outcomes].reverse().find((o) => o.atLeast !== undefined);
  if (last) {
    const upTo = rs.outcomes.slice(0, rs.outcomes.indexOf(last) + 1).map((o) => o.id);
    out.push({ key: `b.atleast:${last.id}`, side: 'b', label: `B ${last.atLeast}`, ids: upTo });
  }
  return out;
}

function valueOf(cell: MatrixRowCell, col: Column): { count: number; of: number } | undefined {
  const side = cell[col.side];
  if (!side) return undefined;
  let count = 0;
  let of = 0;
  for (const id of col.ids) {
    const t = side[id];
    if (!t) return undefined;
    count += t.count;
    of = t.of;
  }
  return { count, of };
}

const chance = (cell: MatrixRowCell, col: Column): number => {
  const v = valueOf(cell, col);
  return v && v.of > 0 ? v.count / v.of : -1;
};

function renderTable(p: Panel): void {
  const rs = p.rs;
  if (!rs) return;
  const cols = columns(rs);
  const rows = [...p.cells];
  const sort = p.sort;
  if (sort) {
    const col = cols.find((c) => c.key === sort.key);
    if (col)
      rows.sort((x, y) => (sort.desc ? chance(y, col) - chance(x, col) : chance(x, col) - chance(y, col)));
  }
  const header = (col: Column) =>
    h(
      'th',
      {
        scope: 'col',
        class: 'chance',
        'aria-sort': sort?.key === col.key ? (sort.desc ? 'descending' : 'ascending') : 'none',
      },
      h(
        'button',
        {
          type: 'button',
          class: 'sort',
          'data-field': `matrix.sort.${col.key}`,
          title: `Sort by ${col.label}`,
          onclick: () => {
            p.sort = { key: col.key, desc: p.sort?.key === col.key ? !p.sort.desc : true };
            renderTable(p);
          },
        },
        col.label,
        sort?.key === col.key ? (sort.desc ? ' \u25be' : ' \u25b4') : '',
      ),
    );
  p.table.replaceChildren(
    h(
      'table',
      { class: 'matrix-row-table' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'B'), cols.map(header))),
      h(
        'tbody',
        {},
        rows.map((cell) =>
          h(
            'tr',
            { 'data-opponent': cell.opponent, title: cell.refused ?? cell.note },
            h('th', { scope: 'row' }, cell.opponent, cell.note ? h('sup', { class: 'muted' }, '*') : ''),
            cell.refused
              ? h('td', { class: 'muted', colspan: cols.length }, 'not allowed')
              : cols.map((col) => {
                  const v = valueOf(cell, col);
                  return h(
                    'td',
                    {
                      class: 'chance',
                      'data-key': col.key,
                      'data-count': v?.count,
                      'data-of': v?.of,
                    },
                    v ? formatPercent(v.of > 0 ? v.count / v.of : 0) : '',
                  );
                }),
          ),
        ),
      ),
    ),
    p.cells.some((c) => c.note)
      ? h(
          'p',
          { class: 'muted' },
          '* a circumstance of B that this opponent cannot have was left out (hover for why).',
        )
      : '',
  );
}

function setStatus(p: Panel): void {
  p.status.textContent =
    p.cells.length < p.total ? `Working\u2026 ${p.cells.length} of ${p.total}` : `${p.total} opponents`;
}

function receive(reply: MatrixRowReply): void {
  const p = panel;
  if (!p || reply.id !== p.id) return;
  p.cells.push(...reply.cells);
  setStatus(p);
  renderTable(p);
}

/** The same work on the page's thread, a slice at a time (no worker). */
function computeHere(p: Panel, req: MatrixRowRequest, from = 0): void {
  if (req.id !== p.id || !p.rs) return;
  const to = Math.min(req.opponents.length, from + 8);
  const cells = req.opponents.slice(from, to).map((o) => matrixCell(p.rs as WebRuleSet, req.input, o));
  receive({ id: req.id, cells, done: to >= req.opponents.length });
  if (to < req.opponents.length) setTimeout(() => computeHere(p, req, to), 0);
}

function selection(p: Panel): string {
  if (p.choice) return p.choice;
  const rs = p.rs;
  const b = elementOf(p.input, 'b');
  return rs?.elements.find((e) => e.notation === b)?.type ?? 'all';
}

function request(p: Panel): void {
  const rs = p.rs;
  if (!rs || !p.input || !p.details.open) return;
  const opponents = opponentsOf(rs, selection(p));
  const key = JSON.stringify([rs.id, p.input, opponents]);
  if (key === p.requested) return;
  p.requested = key;
  p.id += 1;
  p.cells = [];
  p.total = opponents.length;
  setStatus(p);
  renderTable(p);
  const req: MatrixRowRequest = { id: p.id, ruleSet: rs.id, input: p.input, opponents };
  const w = theWorker();
  if (w) w.postMessage(req);
  else computeHere(p, req);
}

function build(host: HTMLElement): Panel {
  const summary = h('summary', {}, 'A against many opponents');
  const select = h('select', { 'data-field': 'matrix.opponents', 'aria-label': 'Opponents' });
  const status = h('span', { class: 'muted', role: 'status', 'aria-live': 'polite' });
  const table = h('div', { class: 'matrix-row-body' });
  const details = h(
    'details',
    { class: 'matrix-row' },
    summary,
    h(
      'p',
      { class: 'muted' },
      "A as it stands against each opponent in B's place, B's circumstances kept where the rules allow them.",
    ),
    h('div', { class: 'field' }, h('span', { class: 'field-label' }, 'Opponents'), select, status),
    table,
  );
  const p: Panel = {
    host,
    details,
    summary,
    select,
    status,
    table,
    choice: '',
    cells: [],
    total: 0,
    requested: '',
    id: 0,
  };
  select.addEventListener('change', () => {
    p.choice = select.value;
    request(p);
  });
  details.addEventListener('toggle', () => request(p));
  host.replaceChildren(details);
  return p;
}

/** Draw (or update) the panel for the matchup being edited; computes only while it is open. */
export function renderMatrixRow(host: HTMLElement, rs: WebRuleSet, input: SituationInput): void {
  if (rs.elements.length === 0) {
    // Sides made of units with their own ratings (GBA) have no catalogue to sweep.
    host.replaceChildren();
    panel = undefined;
    return;
  }
  if (!panel || panel.host !== host || !host.contains(panel.details)) panel = build(host);
  const p = panel;
  if (p.rs !== rs) {
    p.choice = '';
    p.sort = undefined;
  }
  p.rs = rs;
  p.input = input;
  const current = selection(p);
  const bType = rs.elements.find((e) => e.notation === elementOf(input, 'b'))?.type;
  p.select.replaceChildren(
    ...rs.types
      .filter((t) => rs.elements.some((e) => e.type === t.id))
      .map((t) =>
        h(
          'option',
          { value: t.id, selected: t.id === current },
          `${t.id} \u2013 ${t.name}${t.id === bType ? " (B's type)" : ''}`,
        ),
      ),
    h('option', { value: 'all', selected: current === 'all' }, `Every element (${rs.elements.length})`),
  );
  p.select.value = current;
  p.summary.textContent = `A (${elementOf(input, 'a')}) against many opponents`;
  request(p);
}
