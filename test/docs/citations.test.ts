/**
 * Every reference from code, tests and docs to a section of the project's own documents
 * (`ARCHITECTURE.md "Layers"`, `docs/balance.md "The grid"`) names a heading that exists, and nothing
 * cites a file from outside the repository (the rule texts are cited by rule section only).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const SCANNED = ['src', 'test', 'bench', 'scripts', 'docs', 'ARCHITECTURE.md', 'README.md'];

function files(path: string): string[] {
  const full = join(ROOT, path);
  if (statSync(full).isFile()) return [path];
  return readdirSync(full).flatMap((name) =>
    name === 'node_modules' || name.startsWith('.') ? [] : files(join(path, name)),
  );
}

const texts = SCANNED.flatMap(files)
  .filter((f) => /\.(ts|js|md|cjs)$/.test(f))
  .map((f) => ({ file: f, text: readFileSync(join(ROOT, f), 'utf8') }));

/** Headings of a Markdown file and the bold titles of its numbered or bulleted readings. */
function headings(doc: string): string[] {
  const text = readFileSync(join(ROOT, doc), 'utf8');
  return [
    ...[...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => (m[1] as string).trim()),
    // Numbered or bulleted readings open with a bold title: "4. **Figure 11a totals** (p.35)".
    ...[...text.matchAll(/^\s*(?:\d+\.|-)\s+\*\*([^*]+)\*\*/gm)].map((m) => (m[1] as string).trim()),
  ];
}

describe('citations of the project documents', () => {
  it('every reference to a section of a project document names a heading or titled reading of it', () => {
    const broken: string[] = [];
    for (const { file, text } of texts)
      for (const m of text.matchAll(/((?:docs\/)?[A-Za-z-]+\.md) "([^"\n]+)"/g)) {
        const doc = m[1] as string;
        const section = m[2] as string;
        const path = doc.includes('/')
          ? doc
          : doc === 'ARCHITECTURE.md' || doc === 'README.md'
            ? doc
            : `docs/${doc}`;
        let hs: string[];
        try {
          hs = headings(path);
        } catch {
          broken.push(`${file}: ${doc} does not exist`);
          continue;
        }
        if (!hs.some((h) => h.toLowerCase().includes(section.toLowerCase())))
          broken.push(`${file}: ${doc} has no section "${section}"`);
      }
    expect(broken).toEqual([]);
  });

  it('nothing cites the design notes or rule-text files from outside the repository', () => {
    const outside = texts
      .filter(({ file }) => file !== relative(ROOT, import.meta.filename))
      .flatMap(({ file, text }) =>
        [...text.matchAll(/DESIGN\.md|\.\.\/shared|seeds\/|\b0{2}[0-4]_[0-9a-f]{6,}/g)].map(
          (m) => `${file}: ${m[0]}`,
        ),
      );
    expect(outside).toEqual([]);
  });
});
