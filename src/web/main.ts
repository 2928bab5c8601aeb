/// <reference lib="dom" />
/**
 * The odds page: holds one or two matchups (situation-file objects), draws the rule set's form for the
 * one being edited, and shows every matchup's exact odds. State lives in the URL hash (url-state.ts).
 */
import type { OddsReport } from '../engine/odds.ts';
import { ruleSetById, ruleSetOf, WEB_RULE_SETS } from './rulesets/index.ts';
import type { SituationInput, WebRuleSet } from './rulesets/types.ts';
import { renderMatrixRow } from './matrix-row/panel.ts';
import { hashToMatchups, hashToTab, matchupsToHash } from './url-state.ts';
import { boundsFromHash, boundsHash, mountBoundsPanel, updateBoundsPanel } from './view/bounds-panel.ts';
import { drawChart } from './view/chart.ts';
import { CHART_DATASET, chartData, chartSpec } from './view/chart-spec.ts';
import { CUMULATIVE_DATASET, cumulativeData, cumulativeSpec } from './view/cumulative-spec.ts';
import { h } from './view/dom.ts';
import { inputDiff } from './view/input-diff.ts';
import { possibleOutcomes } from './view/probabilities.ts';
import { changesList, explanation, oddsTables, summaryStrip } from './view/results.ts';
import { verdictLines } from './view/verdict.ts';
import { lastHash, rememberLast, renderSaved } from './saved.ts';

interface State {
  rs: WebRuleSet;
  /** One matchup, or two: the second is the "what if". */
  matchups: SituationInput[];
  active: number;
}

const $ = (id: string): HTMLElement => {
  const el = document.getElementById(id);
  if (!el) throw new Error(`page is missing #${id}`);
  return el;
};

function defaultState(rs: WebRuleSet = WEB_RULE_SETS[0] as WebRuleSet): State {
  const version = rs.versions.at(-1)?.id ?? '';
  return { rs, matchups: [rs.defaultInput(version)], active: 0 };
}

/** Every situation must belong to one rule set: the first one decides. */
function stateFromInputs(raw: readonly unknown[]): State {
  const rs = ruleSetOf(raw[0]);
  const matchups = raw.slice(0, 2).map((r, i) => {
    if (ruleSetOf(r) !== rs) throw new Error(`matchup ${i + 1} is not a ${rs.name} situation`);
    try {
      return rs.normalise(r);
    } catch (e) {
      throw new Error(`matchup ${i + 1}: ${(e as Error).message}`);
    }
  });
  return { rs, matchups, active: 0 };
}

function stateFromHash(): State {
  try {
    const raw = hashToMatchups(location.hash);
    if (raw.length === 0) return lastState() ?? defaultState();
    const state = stateFromInputs(raw);
    return { ...state, active: hashToTab(location.hash, state.matchups.length) };
  } catch (e) {
    showMessage(
      `This link's situation could not be read: ${(e as Error).message}. Showing the default.`,
      'error',
    );
    return defaultState();
  }
}

/** The state the page had when it was last open (saved.ts), for a page opened without a link. */
function lastState(): State | undefined {
  const hash = lastHash();
  if (!hash) return undefined;
  try {
    const state = stateFromInputs(hashToMatchups(hash));
    boundsFromHash(hash);
    return { ...state, active: hashToTab(hash, state.matchups.length) };
  } catch {
    return undefined;
  }
}

let state: State;
/** The reports drawn last, one per matchup (for names and file names without computing them again). */
let reports: OddsReport[] = [];

/** Dark mode follows the system setting; the charts are drawn again when it changes. */
const darkMode = matchMedia('(prefers-color-scheme: dark)');

function showMessage(text: string, tone: 'error' | 'info' = 'info'): void {
  const box = $('message');
  box.className = `message ${tone}`;
  box.replaceChildren(
    h('span', {}, text),
    h(
      'button',
      { type: 'button', class: 'icon', 'aria-label': 'Dismiss', onclick: () => box.replaceChildren() },
      '\u2715',
    ),
  );
}

function setState(next: State): void {
  state = next;
  render();
}

function activeInput(): SituationInput {
  return state.matchups[state.active] as SituationInput;
}

function updateActive(input: SituationInput, note?: string): void {
  // A note from the rule set's parser (settle.ts) is shown; any older message goes with the next edit.
  if (note !== undefined) showMessage(note);
  else $('message').replaceChildren();
  setState({ ...state, matchups: state.matchups.map((m, i) => (i === state.active ? input : m)) });
}

function renderHeader(): void {
  const rsSelect = h(
    'select',
    {
      'data-field': 'ruleset',
      'aria-label': 'Rule set',
      onchange: (e: Event) => {
        const rs = ruleSetById((e.target as HTMLSelectElement).value);
        if (rs && rs !== state.rs) {
          $('message').replaceChildren();
          setState(defaultState(rs));
        }
      },
    },
    WEB_RULE_SETS.map((r) => h('option', { value: r.id, selected: r === state.rs }, r.name)),
  );
  const version = state.rs.versionOf(activeInput());
  const versionSelect = h(
    'select',
    {
      'data-field': 'version',
      'aria-label': 'Rule version',
      onchange: (e: Event) =>
        updateActive(state.rs.withVersion(activeInput(), (e.target as HTMLSelectElement).value)),
    },
    state.rs.versions.map((v) => h('option', { value: v.id, selected: v.id === version }, v.name)),
  );
  versionSelect.value = version;
  $('rules').replaceChildren(rsSelect, versionSelect);
}

function renderTabs(): void {
  const tabs = state.matchups.map((_, i) =>
    h(
      'button',
      {
        type: 'button',
        role: 'tab',
        'data-field': `tab.${i + 1}`,
        'aria-selected': String(i === state.active),
        onclick: () => setState({ ...state, active: i }),
      },
      `Matchup ${i + 1}`,
    ),
  );
  const extra =
    state.matchups.length === 1
      ? h(
          'button',
          {
            type: 'button',
            class: 'add',
            'data-field': 'compare',
            title: 'Copy this matchup into a second one to change and compare',
            onclick: () => setState({ ...state, matchups: [activeInput(), activeInput()], active: 1 }),
          },
          '+ What if\u2026',
        )
      : h(
          'button',
          {
            type: 'button',
            class: 'icon',
            'data-field': 'compare.remove',
            'aria-label': 'Stop comparing',
            title: 'Keep only the matchup shown',
            onclick: () => setState({ ...state, matchups: [activeInput()], active: 0 }),
          },
          '\u2715',
        );
  const swap = h(
    'button',
    {
      type: 'button',
      class: 'swap',
      'data-field': 'swap',
      title: 'Exchange A and B with all their circumstances',
      'aria-label': `Swap sides A and B of matchup ${state.active + 1}`,
      onclick: swapSides,
    },
    '\u21c4 Swap A and B',
  );
  $('tabs').replaceChildren(h('div', { role: 'tablist', class: 'tablist' }, tabs), extra, swap);
}

/** A and B exchanged in the matchup being edited; the parser settles it (or refuses, saying why). */
function swapSides(): void {
  const r = state.rs.swap(activeInput());
  if (r.input) updateActive(r.input, r.note);
  else showMessage(r.note ?? 'These sides cannot be swapped', 'error');
}

function renderForm(): void {
  const focused = (document.activeElement as HTMLElement | null)?.dataset?.field;
  state.rs.renderForm($('form'), activeInput(), updateActive);
  if (focused) document.querySelector<HTMLElement>(`[data-field="${CSS.escape(focused)}"]`)?.focus();
}

function renderResults(): void {
  reports = [];
  try {
    for (const m of state.matchups) reports.push(state.rs.report(m));
  } catch (e) {
    $('odds').replaceChildren(h('p', { class: 'message error' }, (e as Error).message));
    return;
  }
  const outcomes = state.rs.outcomes;
  // Rule sets with many outcomes (GBA's hit counts) show only those that can happen here.
  const shown = possibleOutcomes(
    outcomes,
    reports.flatMap((r) => [r.a, r.b]),
  );
  const compare = reports.length > 1;
  $('verdict').replaceChildren(
    verdictLines(
      outcomes,
      reports,
      state.matchups.map((m) => state.rs.describe(m)),
    ),
  );
  $('odds').replaceChildren(
    compare ? changesList(inputDiff(state.matchups[0], state.matchups[1])) : '',
    oddsTables(shown, reports, outcomes),
  );
  $('explained').replaceChildren(explanation(outcomes, reports));
  $('strip').replaceChildren(summaryStrip(outcomes, reports[state.active] as OddsReport));
  // Keyboard focus scrolls a control clear of the odds bar at the foot of a phone's screen.
  document.documentElement.style.setProperty('--strip-height', `${$('strip').offsetHeight}px`);
  const theme = darkMode.matches ? 'dark' : 'light';
  const shape = `${state.rs.id}:${reports.length}:${shown.map((o) => o.id).join(',')}:${theme}`;
  drawChart($('chart'), {
    spec: chartSpec(shown, reports, theme),
    key: shape,
    dataset: CHART_DATASET,
    values: chartData(shown, reports),
  });
  // The lines' colours are keyed by the sides' names: a new name (a swap, A's new type) draws anew.
  drawChart($('cumulative'), {
    spec: cumulativeSpec(shown, reports, theme),
    key: `${shape}|${reports.map((r) => `${r.a.element}|${r.b.element}`).join('|')}`,
    dataset: CUMULATIVE_DATASET,
    values: cumulativeData(shown, reports),
  });
  renderMatrixRow($('matrix-row'), state.rs, activeInput());
  updateBoundsPanel(state.rs, activeInput());
}

/** The matchup being edited in words: "Reg Bd(O) v Irr Kn(S) · DBM 3.2 close combat, A's bound". */
function matchupName(): string {
  const r = reports[state.active];
  const words = state.rs.describe(activeInput());
  return r ? `${r.a.element} v ${r.b.element} · ${words.title}` : words.title;
}

/** "reg-bd-o-v-irr-kn-s-dbm-3-2": a name for a file, from the matchup. */
function fileStem(): string {
  const r = reports[state.active];
  const version = state.rs.versionOf(activeInput());
  const text = r ? `${r.a.element} v ${r.b.element} ${version}` : version;
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'matchup'
  );
}

function render(): void {
  renderHeader();
  renderTabs();
  renderForm();
  renderResults();
  const hash = matchupsToHash(state.matchups, state.active) + boundsHash();
  if (location.hash !== hash) history.replaceState(null, '', hash);
  rememberLast(hash);
  renderSaved($('saved'), { name: matchupName(), hash }, openSaved, showMessage);
}

/** Open a saved matchup: its hash becomes the page's (the hashchange handler loads it). */
function openSaved(hash: string): void {
  if (location.hash === hash) return;
  location.hash = hash;
}

function exportJson(): void {
  const text = `${JSON.stringify(activeInput(), null, 2)}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = h('a', { href: url, download: `${fileStem()}.json` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function importJson(file: File): Promise<void> {
  try {
    let raw: unknown;
    try {
      raw = JSON.parse(await file.text());
    } catch {
      throw new Error(`${file.name} is not JSON`);
    }
    const rs = ruleSetOf(raw);
    const input = rs.normalise(raw);
    if (rs !== state.rs) setState({ rs, matchups: [input], active: 0 });
    else updateActive(input);
    showMessage(`Loaded ${file.name} into matchup ${state.active + 1}.`);
  } catch (e) {
    showMessage(`Could not import ${file.name}: ${(e as Error).message}`, 'error');
  }
}

async function shareLink(): Promise<void> {
  const url = location.href;
  try {
    if (navigator.share && matchMedia('(pointer: coarse)').matches) {
      await navigator.share({ title: document.title, url });
      return;
    }
    await navigator.clipboard.writeText(url);
    showMessage('Link copied: it reproduces this page.');
  } catch {
    showMessage(`Copy this link: ${url}`);
  }
}

function wireActions(): void {
  $('export').addEventListener('click', exportJson);
  const file = $('import-file') as HTMLInputElement;
  $('import').addEventListener('click', () => file.click());
  file.addEventListener('change', () => {
    const f = file.files?.[0];
    if (f) void importJson(f);
    file.value = '';
  });
  $('share').addEventListener('click', () => void shareLink());
  darkMode.addEventListener('change', () => renderResults());
  window.addEventListener('hashchange', () => {
    if (location.hash !== matchupsToHash(state.matchups, state.active) + boundsHash()) {
      boundsFromHash(location.hash);
      setState(stateFromHash());
    }
  });
}

/**
 * Served over http(s), the page is an installable app that works offline: its web manifest and its
 * service worker (sw.js). From file:// it works as it is, without either.
 */
function installable(): void {
  if (!/^https?:$/.test(location.protocol)) return;
  document.head.append(h('link', { rel: 'manifest', href: 'manifest.webmanifest' }));
  if ('serviceWorker' in navigator) void navigator.serviceWorker.register('sw.js').catch(() => undefined);
}

installable();
state = stateFromHash();
if (location.hash !== '') boundsFromHash(location.hash);
mountBoundsPanel($('bounds'), render);
wireActions();
render();
