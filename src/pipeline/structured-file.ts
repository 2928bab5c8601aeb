/**
 * Reads a YAML or JSON file (JSON is YAML) keeping positions, so a bad field can be reported as
 * `file:line path: message`. The only place the tool parses structured text files.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { LineCounter, parseDocument, isMap, isSeq, type Node } from 'yaml';
import { InputError } from '../core/errors.ts';

/** Largest file read (a scenario or situation is a few kB; this stops a mistaken multi-GB path early). */
const MAX_FILE_BYTES = 8 * 1024 * 1024;
/** Most YAML aliases expanded (stops "billion laughs" documents). */
const MAX_ALIASES = 1000;
/** Deepest nesting accepted. */
const MAX_DEPTH = 64;

export interface StructuredFile {
  readonly file: string;
  readonly data: unknown;
  /** 1-based line of the value at `path` (or of its nearest existing parent). */
  lineOf(path: readonly (string | number)[]): number;
}

export function parseStructuredText(text: string, file: string): StructuredFile {
  const lineCounter = new LineCounter();
  let doc: ReturnType<typeof parseDocument>;
  try {
    doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  } catch (e) {
    if (e instanceof RangeError) throw new InputError('nested too deeply to read', { file, line: 1 });
    throw e;
  }
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    const line = e.linePos?.[0]?.line ?? lineCounter.linePos(e.pos[0]).line;
    const msg = e.message.split('\n')[0] ?? '';
    // The parser recurses: a document nested thousands deep overflows its stack.
    if (/call stack/i.test(msg))
      throw new InputError(`nested too deeply to read (at most ${MAX_DEPTH} levels)`, { file, line });
    throw new InputError(`syntax error: ${msg}`, { file, line });
  }
  const lineOf = (path: readonly (string | number)[]): number => {
    let node: unknown = doc.contents;
    let best = 1;
    const mark = (n: unknown) => {
      const range = (n as Node | null)?.range;
      if (range) best = lineCounter.linePos(range[0]).line;
    };
    mark(node);
    for (const [i, key] of path.entries()) {
      if (isMap(node)) {
        const pair = node.items.find((p) => (p.key as { value?: unknown } | null)?.value === key);
        if (!pair) break;
        mark(pair.key);
        node = pair.value;
        // A field whose value is a block (a list or mapping below it) is named on its key's line.
        if (i < path.length - 1 || !(isMap(node) || isSeq(node))) mark(node);
      } else if (isSeq(node) && typeof key === 'number') {
        node = node.items[key];
        if (node === undefined) break;
        mark(node);
      } else break;
    }
    return best;
  };
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (e) {
    throw new InputError(`cannot read the document: ${(e as Error).message.split('\n')[0]}`, {
      file,
      line: 1,
    });
  }
  const tooDeep = depthOver(data, MAX_DEPTH);
  if (tooDeep) throw new InputError(`nested more than ${MAX_DEPTH} levels deep`, { file, line: 1 });
  return { file, data, lineOf };
}

/** Is `v` nested deeper than `max` (iteratively: a deep document must not overflow the stack)? */
function depthOver(v: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[v, 0]];
  while (stack.length > 0) {
    const [x, d] = stack.pop()!;
    if (x === null || typeof x !== 'object') continue;
    if (d > max) return true;
    for (const c of Array.isArray(x) ? x : Object.values(x)) stack.push([c, d + 1]);
  }
  return false;
}

const READ_ERRORS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EACCES: 'not allowed to read it',
  EISDIR: 'is a folder, not a file',
  ENOTDIR: 'a part of the path is not a folder',
};

/** The text of a file, or an InputError saying in words why it cannot be read. */
export function readTextFile(file: string, maxBytes = MAX_FILE_BYTES): string {
  const tooLarge = (size: string) =>
    new InputError(`too large (${size} bytes; at most ${maxBytes.toLocaleString('en-US')})`, { file });
  let fd: number | undefined;
  try {
    const st = statSync(file);
    if (st.isDirectory()) throw new InputError('cannot read: is a folder, not a file', { file });
    if (st.size > maxBytes) throw tooLarge(st.size.toLocaleString('en-US'));
    // Read at most maxBytes + 1 whatever the size says: devices and pipes report 0 and may not end.
    fd = openSync(file, 'r');
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const buf = Buffer.alloc(Math.min(1 << 20, maxBytes + 1 - total));
      const n = readSync(fd, buf, 0, buf.length, null);
      if (n === 0) break;
      chunks.push(buf.subarray(0, n));
      total += n;
      if (total > maxBytes) throw tooLarge(`more than ${maxBytes.toLocaleString('en-US')}`);
    }
    return Buffer.concat(chunks).toString('utf8');
  } catch (e) {
    if (e instanceof InputError) throw e;
    const code = (e as NodeJS.ErrnoException).code ?? '';
    throw new InputError(`cannot read: ${READ_ERRORS[code] ?? (code || 'error')}`, { file });
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

export function readStructuredFile(file: string): StructuredFile {
  return parseStructuredText(readTextFile(file), file);
}
