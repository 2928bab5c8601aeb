/// <reference lib="dom" />
/**
 * Saved matchups and the last one, in the browser's storage (localStorage): "Save this matchup" keeps
 * the page's state (its URL hash, url-state.ts) under the matchup's name; the list opens or deletes
 * them; a page opened without a link shows the last state it had. Storage the browser refuses (a
 * private window, a full quota) leaves the page as it was: nothing is saved, nothing breaks.
 */
import { h } from './view/dom.ts';

export interface SavedMatchup {
  /** "Reg Bd(O) v Irr Kn(S) · DBM 3.2 close combat, A's bound". */
  readonly name: string;
  /** The page's URL hash: one or two matchups, the tab, the bounds. */
  readonly hash: string;
  /** When it was saved, ISO 8601. */
  readonly saved: string;
}

const SAVED = 'debellator.saved';
const LAST = 'debellator.last';
/** The most matchups kept; saving one more drops the oldest. */
export const MOST_SAVED = 50;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): boolean {
  try {
    localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** The saved matchups, newest first (a damaged store reads as none). */
export function savedMatchups(): SavedMatchup[] {
  try {
    const raw = JSON.parse(read(SAVED) ?? '[]') as unknown;
    return Array.isArray(raw)
      ? raw.filter(
          (x): x is SavedMatchup =>
            typeof x === 'object' && x !== null && typeof x.name === 'string' && typeof x.hash === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

/** Keep a matchup (one of the same state is replaced); false when the browser refuses to store it. */
export function saveMatchup(name: string, hash: string): boolean {
  const rest = savedMatchups().filter((m) => m.hash !== hash);
  const all = [{ name, hash, saved: new Date().toISOString() }, ...rest].slice(0, MOST_SAVED);
  return write(SAVED, JSON.stringify(all));
}

export function deleteSaved(hash: string): void {
  write(SAVED, JSON.stringify(savedMatchups().filter((m) => m.hash !== hash)));
}

/** Remember the page's state, for a page opened without a link. */
export function rememberLast(hash: string): void {
  if (hash !== '' && read(LAST) !== hash) write(LAST, hash);
}

/** The last state the page had, or undefined. */
export function lastHash(): string | undefined {
  const h = read(LAST);
  return h && h.startsWith('#') ? h : undefined;
}

/**
 * The saved-matchups panel: a button that saves the current matchup under `name`, then the list, each
 * opening with `open(hash)` or deleted. `note` shows a message on the page.
 */
export function renderSaved(
  host: HTMLElement,
  current: { readonly name: string; readonly hash: string },
  open: (hash: string) => void,
  note: (text: string) => void,
): void {
  const draw = (): void => {
    const list = savedMatchups();
    const wasOpen = host.querySelector('details')?.open ?? false;
    host.replaceChildren(
      h(
        'details',
        { class: 'saved', open: wasOpen },
        h('summary', { 'data-field': 'saved' }, `Saved matchups (${list.length})`),
        h(
          'button',
          {
            type: 'button',
            'data-field': 'saved.save',
            onclick: () => {
              if (saveMatchup(current.name, current.hash)) {
                note(`Saved "${current.name}" in this browser.`);
                draw();
              } else note('This browser refuses to store anything (a private window?): nothing was saved.');
            },
          },
          'Save this matchup',
        ),
        list.length === 0
          ? h('p', { class: 'muted' }, 'None yet: saved matchups stay in this browser, offline too.')
          : h(
              'ul',
              { class: 'saved-list' },
              list.map((m, i) =>
                h(
                  'li',
                  {},
                  h(
                    'button',
                    {
                      type: 'button',
                      class: 'saved-open',
                      'data-field': `saved.open.${i + 1}`,
                      title: `Saved ${m.saved.slice(0, 10)}`,
                      onclick: () => open(m.hash),
                    },
                    m.name,
                  ),
                  h(
                    'button',
                    {
                      type: 'button',
                      class: 'icon',
                      'data-field': `saved.delete.${i + 1}`,
                      'aria-label': `Delete ${m.name}`,
                      onclick: () => {
                        deleteSaved(m.hash);
                        draw();
                      },
                    },
                    '\u2715',
                  ),
                ),
              ),
            ),
      ),
    );
  };
  draw();
}
