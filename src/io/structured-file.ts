/**
 * Reads a YAML or JSON file (JSON is YAML) keeping positions, so a bad field can be reported as
 * `file:line path: message`. The only place the tool parses structured text files.
 */
import { readFileSync } from 'node:fs';
import { LineCounter, parseDocument, isMap, isSeq, type Node } from 'yaml';

export class StructuredFileError extends Error {
  override readonly name = 'ScenarioError';
}

export interface StructuredFile {
  readonly file: string;
  readonly data: unknown;
  /** 1-based line of the value at `path` (or of its nearest existing parent). */
  lineOf(path: readonly (string | number)[]): number;
}

export function parseStructuredText(text: string, file: string): StructuredFile {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    const line = e.linePos?.[0]?.line ?? lineCounter.linePos(e.pos[0]).line;
    const msg = e.message.split('\n')[0];
    throw new StructuredFileError(`${file}:${line} syntax error: ${msg}`);
  }
  const lineOf = (path: readonly (string | number)[]): number => {
    let node: unknown = doc.contents;
    let best = 1;
    const mark = (n: unknown) => {
      const range = (n as Node | null)?.range;
      if (range) best = lineCounter.linePos(range[0]).line;
    };
    mark(node);
    for (const key of path) {
      if (isMap(node)) {
        const pair = node.items.find((p) => (p.key as { value?: unknown } | null)?.value === key);
        if (!pair) break;
        mark(pair.key);
        node = pair.value;
        mark(node);
      } else if (isSeq(node) && typeof key === 'number') {
        node = node.items[key];
        if (node === undefined) break;
        mark(node);
      } else break;
    }
    return best;
  };
  return { file, data: doc.toJS(), lineOf };
}

export function readStructuredFile(file: string): StructuredFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new StructuredFileError(`${file}: cannot read (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  return parseStructuredText(text, file);
}
