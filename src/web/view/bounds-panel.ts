/// <reference lib="dom" />
/**
 * "Fight on" (docs/web.md): the multi-bound odds of the matchup being edited. A number of bounds; above 1,
 * a chart of what ended the fight in each bound, a cumulative chart (ended by the end of each bound, and
 * still fighting), and the numbers, from the rule set's engagement model (docs/situation.md "Several
 * bounds"). Self-contained: main.ts mounts it once, updates it on every render and adds its part of the
 * URL hash (`&bounds=N`). Bars are plain elements, so the panel needs no chart library.
 */
import { phaseWords, type BoundsEnd, type BoundsOdds, type BoundsRow } from '../../core/bounds.ts';
import type { SituationInput, WebRuleSet } from '../rulesets/types.ts';
import { h } from './dom.ts';

/** Most bounds the page offers (the command line takes up to 200). */
const MAX_PAGE_BOUNDS = 20;

/**
 * Colours of the ends, each side in its own colour as everywhere on the page (A blue, B red): A's out in
 * blues, B's in reds and oranges, both in purple, fighting grey.
 */
const COLOURS: Readonly<Record<string, string>> = {
  'a-destroyed': '#1f5f99',
  'a-spent': '#3f97c9',
  'a-fled': '#9cc7e6',
  'a-routs': '#1f5f99',
  'b-destroyed': '#b3362b',
  'b-spent': '#dd7a2b',
  'b-fled': '#eaa48f',
  'b-routs': '#b3362b',
  both: '#7a4b94',
  'both-rout': '#7a4b94',
};
const FIGHTING = '#cfd3d8';
const colourOf = (e: BoundsEnd): string => COLOURS[e.id] ?? (e.side === 'a' ? '#1f5f99' : '#b3362b');

let bounds = 1;
let panel: { host: HTMLElement; input: HTMLInputElement; label: HTMLElement; out: HTMLElement } | undefined;

const clamp = (n: number): number => Math.min(MAX_PAGE_BOUNDS, Math.max(1, Math.floor(n)));

/** Read `bounds=N` from a location hash (absent or bad: 1). */
export function boundsFromHash(hash: string): void {
  const n = Number(new URLSearchParams(hash.replace(/^#/, '')).get('bounds'));
  bounds = Number.isFinite(n) && n >= 1 ? clamp(n) : 1;
  if (panel) panel.input.value = String(bounds);
}

/** The panel's part of the URL hash: `&bounds=N` above 1, else nothing. */
export function boundsHash(): string {
  return bounds > 1 ? `&bounds=${bounds}` : '';
}

/** Draw the panel's frame into `host` once; `onChange` is called when the number of bounds changes. */
export function mountBoundsPanel(host: HTMLElement, onChange: () => void): void {
  const input = h('input', {
    type: 'number',
    min: 1,
    max: MAX_PAGE_BOUNDS,
    step: 1,
    inputmode: 'numeric',
    value: bounds,
    'data-field': 'bounds',
    'aria-label': 'Bounds to fight',
    onchange: () => {
      const n = Number(input.value);
      bounds = Number.isFinite(n) ? clamp(n) : 1;
      input.value = String(bounds);
      onChange();
    },
  });
  const label = h('span', {}, 'bounds');
  const out = h('div', { class: 'fo-out' });
  host.classList.add('fight-on');
  host.replaceChildren(
    h('h3', {}, 'Fight on'),
    h('label', { class: 'fo-ask' }, h('span', {}, 'How does the fight stand after'), input, label),
    out,
  );
  panel = { host, input, label, out };
}

const percent = (p: number): string => `${(p * 100).toFixed(1)}%`;

/** One bar: segments left to right, each `p` of the track's width. */
function bar(segments: readonly { label: string; colour: string; p: number }[], name: string): HTMLElement {
  const track = h('div', { class: 'fo-track', role: 'img', 'aria-label': name });
  for (const s of segments) {
    if (s.p <= 0) continue;
    const seg = h('span', { class: 'fo-seg', title: `${s.label}: ${percent(s.p)}` });
    seg.style.width = `${(s.p * 100).toFixed(3)}%`;
    seg.style.background = s.colour;
    track.append(seg);
  }
  return track;
}

function chart(
  title: string,
  rows: readonly BoundsRow[],
  ends: readonly BoundsEnd[],
  withFighting: boolean,
  rowName: (r: BoundsRow) => string,
  kind: string,
): HTMLElement {
  return h(
    'figure',
    { class: 'fo-chart', 'data-chart': kind },
    h('figcaption', {}, title),
    rows.map((r) =>
      h(
        'div',
        { class: 'fo-row' },
        h('span', { class: 'fo-bound' }, rowName(r)),
        bar(
          [
            ...ends.map((e) => ({ label: e.label, colour: colourOf(e), p: r.ended[e.id]?.p ?? 0 })),
            ...(withFighting ? [{ label: 'still fighting', colour: FIGHTING, p: r.fighting.p }] : []),
          ],
          `${title}, ${rowName(r)}`,
        ),
      ),
    ),
  );
}

/** The numbers: per bound, by its end (cumulative), with what ended in that bound beneath. */
function table(b: BoundsOdds, ends: readonly BoundsEnd[], rowName: (r: BoundsRow) => string): HTMLElement {
  const cellOf = (bound: number, key: string, cum: number, per: number) =>
    h(
      'td',
      { class: 'fo-num', 'data-key': `${bound}:${key}`, 'data-cum': String(cum), 'data-per': String(per) },
      h('span', { class: 'fo-cum' }, percent(cum)),
      h('span', { class: 'fo-per' }, key === 'fighting' ? '' : `+${percent(per)}`),
    );
  return h(
    'div',
    { class: 'fo-scroll' },
    h(
      'table',
      { class: 'fo-table' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, b.unit === 'bound' ? 'By the end of bound' : 'By the end of round'),
          ends.map((e) => h('th', { scope: 'col', class: 'fo-num' }, e.label)),
          h('th', { scope: 'col', class: 'fo-num' }, 'fighting'),
        ),
      ),
      h(
        'tbody',
        {},
        b.cumulative.map((r, i) => {
          const per = b.perBound[i] as BoundsRow;
          return h(
            'tr',
            {},
            h('th', { scope: 'row' }, rowName(r)),
            ends.map((e) => cellOf(r.bound, e.id, r.ended[e.id]!.p, per.ended[e.id]!.p)),
            cellOf(r.bound, 'fighting', r.fighting.p, per.fighting.p),
          );
        }),
      ),
    ),
  );
}

/** Redraw the panel's output for the matchup `input` of rule set `rs`. */
export function updateBoundsPanel(rs: WebRuleSet, input: SituationInput): void {
  if (!panel) return;
  const { host, out, label } = panel;
  const fightOn = rs.bounds;
  host.hidden = fightOn === undefined;
  if (!fightOn) return;
  if (bounds <= 1) {
    label.textContent = `${rs.boundsUnit?.() ?? 'bound'}s?`;
    out.replaceChildren(
      h(
        'p',
        { class: 'muted' },
        'Set more than 1 to see how likely each side is out of the fight within that many bounds, the two elements fighting on bound after bound as the engagement model plays them.',
      ),
    );
    return;
  }
  let b: BoundsOdds;
  try {
    b = fightOn(input, bounds);
  } catch (e) {
    out.replaceChildren(h('p', { class: 'message error', 'data-bounds-error': '' }, (e as Error).message));
    return;
  }
  label.textContent = `${b.unit}s?`;
  const seen = b.ends.filter((e) => b.perBound.some((r) => (r.ended[e.id]?.p ?? 0) > 0));
  const rowName = (r: BoundsRow) =>
    `${r.bound} ${b.unit === 'bound' ? `(${r.owner.toUpperCase()})` : `(${r.owner.toUpperCase()} att.)`}`;
  const legend = h(
    'ul',
    { class: 'fo-legend' },
    [
      ...seen.map((e) => ({ label: e.label, colour: colourOf(e) })),
      { label: 'still fighting', colour: FIGHTING },
    ].map((x) => {
      const swatch = h('span', { class: 'fo-swatch' });
      swatch.style.background = x.colour;
      return h('li', {}, swatch, x.label);
    }),
  );
  const last = b.cumulative.at(-1) as BoundsRow;
  const summary = seen
    .map((e) => `${e.label} ${percent(last.ended[e.id]!.p)}`)
    .concat(`still fighting ${percent(last.fighting.p)}`)
    .join(' · ');
  // A fight that starts apart: the distance, then what each bound held (shooting, contact, close combat).
  const phases = b.distance
    ? [
        h(
          'div',
          { class: 'fo-phases', 'data-bounds-phases': '' },
          h('p', {}, `Bound by bound: the two start ${b.distance.paces}p apart (${b.distance.how}).`),
          h(
            'ul',
            {},
            b.perBound.map((r) =>
              r.phase
                ? h('li', { 'data-phase': String(r.bound) }, `${rowName(r)}: ${phaseWords(r.phase, percent)}`)
                : null,
            ),
          ),
        ),
      ]
    : [];
  out.replaceChildren(
    h('p', { class: 'fo-summary', 'data-bounds-summary': '' }, `Within ${b.bounds} ${b.unit}s: ${summary}`),
    ...phases,
    legend,
    chart(`Ended in each ${b.unit}`, b.perBound, seen, false, rowName, 'per-bound'),
    chart(`By the end of each ${b.unit}`, b.cumulative, seen, true, rowName, 'cumulative'),
    table(b, seen, rowName),
    h(
      'ul',
      { class: 'notes' },
      b.notes.map((n) => h('li', {}, n)),
    ),
  );
}
