/// <reference lib="dom" />
/**
 * The odds in one line of plain words above the chart (engine/verdict.ts, the line `debellator odds`
 * prints first), with a button that copies it: one line per matchup when two are compared.
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

export function verdictLines(outcomes: readonly OutcomeView[], reports: readonly OddsReport[]): HTMLElement {
  return h(
    'div',
    { class: 'verdicts' },
    reports.map((r, m) => {
      const text = verdict(r, outcomes);
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
      button.addEventListener('click', () => void copy(text, line, button));
      return h(
        'p',
        { class: 'verdict', 'data-matchup': m + 1 },
        reports.length > 1 && h('span', { class: 'badge plain' }, String(m + 1)),
        line,
        button,
      );
    }),
  );
}
