/**
 * Code fences in the project's Markdown open and close on lines of their own, so no paragraph is shown
 * as code: a fence line holds the backticks and at most a language name, and every fence is closed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const DOCS = [
  'README.md',
  'ARCHITECTURE.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** Problems of one document's fences, as "line: what". */
function fenceProblems(text: string): string[] {
  const problems: string[] = [];
  let open: { line: number; ticks: string } | undefined;
  text.split('\n').forEach((line, i) => {
    const m = /^\s*(`{3,})(.*)$/.exec(line);
    if (!m) return;
    const [, ticks, rest] = m as unknown as [string, string, string];
    // A fence line holds nothing but the backticks and, opening, a language name.
    if (!/^[\w-]*$/.test(rest.trim())) {
      problems.push(`${i + 1}: text on a fence line: "${rest.trim()}"`);
      return;
    }
    if (open) {
      if (ticks.length < open.ticks.length) return;
      if (rest.trim() !== '') problems.push(`${i + 1}: a language on a closing fence`);
      open = undefined;
    } else open = { line: i + 1, ticks };
  });
  if (open) problems.push(`${open.line}: a fence that is never closed`);
  return problems;
}

describe('Markdown code fences', () => {
  it.each(DOCS)('%s: every fence on its own line, and closed', (doc) => {
    expect(fenceProblems(readFileSync(join(ROOT, doc), 'utf8'))).toEqual([]);
  });

  it('finds a fence closed mid-sentence', () => {
    expect(fenceProblems('````yaml\na: 1\n``` Every kind runs\nall of them.\n````\n')).toEqual([
      '3: text on a fence line: "Every kind runs"',
    ]);
  });
});
