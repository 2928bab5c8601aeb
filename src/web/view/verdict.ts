/// <reference lib="dom" />
/**
 * The odds in one line of plain words above the chart (engine/verdict.ts, the line `debellator odds`
 * prints first), under what the matchup is (version, combat, circumstances), with a button that copies
 * both: one line per matchup when two are compared.
 */
import type { OddsReport } from '../../engine/odds.ts';
import { verdict } from '../../engine/verdict.ts';
import type { OutcomeView } from '../rulesets/types.ts';
import { h } from './dom.ts';

/** Copy text to the clipboard; a browser that refuses (no permission, an old one) selects it instead. */
async function copy(text: string, el: HTMLElement, button: HTMLButtonElement): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = 'Copied';
  } catch {
    const range = document.createRange();
    range.selectNodeContents(el);
    const sel = getSelection();
    sel?.removeAllRanges();
    sel?.addRange(range);
    button.textContent = 'Selected: copy it';
  }
  setTimeout(() => (button.textContent = 'Copy'), 1500);
}

/** What a matchup is, in words (WebRuleSet.describe). */
export interface MatchupWords {
  readonly title: string;
  readonly circumstances: readonly string[];
}

/**
 * The line a player copies: what the matchup is, then the odds in words. "DBM 3.0 close combat, A's
 * bound: Reg Bd(X) destroys Irr Kn(O) 42%, is destroyed 42% (with A's general)".
 */
export function copiedLine(words: MatchupWords, line: string): string {
  const with_ = words.circumstances.length > 0 ? ` (with ${words.circumstances.join(', ')})` : '';
  return `${words.title}: ${line}${with_}`;
}

/** The context above a line: "DBM 3.2 close combat, A's bound · A's general · B's overlaps (1)". */
const contextOf = (words: MatchupWords): string => [words.title, ...words.circumstances].join(' · ');

export function verdictLines(
  outcomes: readonly OutcomeView[],
  reports: readonly OddsReport[],
  words: readonly MatchupWords[],
): HTMLElement {
  return h(
    'div',
    { class: 'verdicts' },
    reports.map((r, m) => {
      const text = verdict(r, outcomes);
      const w = words[m] ?? { title: '', circumstances: [] };
      const line = h('span', { class: 'verdict-text' }, text);
      const label = reports.length > 1 ? `Matchup ${m + 1} in words` : 'The odds in words';
      const button = h(
        'button',
        {
          type: 'button',
          class: 'copy',
          'data-field': `verdict.copy.${m + 1}`,
          'aria-label': `Copy: ${label}`,
        },
        'Copy',
      );
      const body = h(
        'span',
        { class: 'verdict-body' },
        h('span', { class: 'verdict-context', 'data-matchup': m + 1 }, contextOf(w)),
        line,
      );
      button.addEventListener('click', () => void copy(copiedLine(w, text), body, button));
      return h(
        'p',
        { class: 'verdict', 'data-matchup': m + 1 },
        reports.length > 1 && h('span', { class: 'badge plain' }, String(m + 1)),
        body,
        button,
      );
    }),
  );
}
