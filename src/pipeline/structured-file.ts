/**
 * Reads a YAML or JSON file (JSON is YAML) keeping positions, so a bad field can be reported as
 * `file:line path: message`. The only place the tool parses structured text files. Only regular files
 * of UTF-8 text are read (a pipe or device could block forever or never end), and a document's cost is
 * bounded before it is parsed: its size, its number of values, its aliases and its depth.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { CST, Lexer, LineCounter, parseDocument, isMap, isSeq, type Node } from 'yaml';
import { InputError } from '../core/errors.ts';

/** Largest file read (a scenario or situation is a few kB; this stops a mistaken multi-GB path early). */
const MAX_FILE_BYTES = 8 * 1024 * 1024;
/**
 * Most values (scalars, aliases, flow lists and mappings) in one document: the parser spends about
 * 10 µs and 1 kB on each, so a million is seconds and a GB at most. 100,000 odds situations fit.
 */
export const MAX_VALUES = 1_000_000;
/** Most YAML aliases expanded (stops "billion laughs" documents). */
const MAX_ALIASES = 1000;
/** Deepest nesting accepted. */
const MAX_DEPTH = 64;

/** Lexer tokens that are values. */
const VALUE_TOKENS: ReadonlySet<string> = new Set([
  'scalar',
  'single-quoted-scalar',
  'double-quoted-scalar',
  'block-scalar-header',
  'alias',
  'flow-map-start',
  'flow-seq-start',
]);

/** Does `text` hold more than `most` values? Lexes only (a tenth of a parse), and stops at the limit. */
function moreValuesThan(text: string, most: number): boolean {
  let n = 0;
  for (const token of new Lexer().lex(text))
    if (VALUE_TOKENS.has(CST.tokenType(token) ?? '') && ++n > most) return true;
  return false;
}

interface ParseOptions {
  /**
   * Whether a syntax error may quote the text (default true). A file given for one purpose may be
   * another (a chart file naming /etc/passwd): such a reader says only what kind of error it is.
   */
  readonly quote?: boolean;
}

export interface StructuredFile {
  readonly file: string;
  readonly data: unknown;
  /** 1-based line of the value at `path` (or of its nearest existing parent). */
  lineOf(path: readonly (string | number)[]): number;
}

export function parseStructuredText(text: string, file: string, options: ParseOptions = {}): StructuredFile {
  if (moreValuesThan(text, MAX_VALUES))
    throw new InputError(`more than ${MAX_VALUES.toLocaleString('en-US')} values in one document`, {
      file,
      line: 1,
    });
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
    if (options.quote === false)
      throw new InputError(`syntax error (${e.code.toLowerCase().replace(/_/g, ' ')})`, { file, line });
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

/**
 * Is `root` nested deeper than `max` lists and mappings below it (or cyclic)? Iterative, so a deep
 * document cannot overflow the stack, and each list or mapping is looked into once: YAML aliases share
 * one value among many parents, and walking it again for each of them is exponential (999 aliases of a
 * million-item list are a billion steps). A value seen before is judged by its height below it.
 */
export function depthOver(root: unknown, max: number): boolean {
  if (root === null || typeof root !== 'object') return false;
  /** Levels of lists and mappings below each value looked into (0: none below it). */
  const height = new Map<object, number>();
  const onPath = new Set<object>();
  interface Frame {
    readonly node: object;
    readonly kids: readonly unknown[];
    next: number;
    height: number;
  }
  const open = (node: object): Frame => {
    onPath.add(node);
    return { node, kids: Array.isArray(node) ? node : Object.values(node), next: 0, height: 0 };
  };
  const stack: Frame[] = [open(root)];
  while (stack.length > 0) {
    const f = stack[stack.length - 1]!;
    if (f.next < f.kids.length) {
      const c = f.kids[f.next++];
      if (c === null || typeof c !== 'object') continue;
      const depth = stack.length; // of c; the root is at 0
      const known = height.get(c);
      if (known !== undefined) {
        if (depth + known > max) return true;
        f.height = Math.max(f.height, known + 1);
        continue;
      }
      if (onPath.has(c) || depth > max) return true; // a cycle is endlessly deep
      stack.push(open(c));
    } else {
      stack.pop();
      onPath.delete(f.node);
      height.set(f.node, f.height);
      const parent = stack[stack.length - 1];
      if (parent) parent.height = Math.max(parent.height, f.height + 1);
    }
  }
  return false;
}

const READ_ERRORS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EACCES: 'not allowed to read it',
  EPERM: 'not allowed to read it',
  EISDIR: 'is a folder, not a file',
  ENOTDIR: 'a part of the path is not a folder',
  ENAMETOOLONG: 'the path is too long',
  ELOOP: 'the path loops through symbolic links',
  EMFILE: 'too many files are open',
  EIO: 'the disk failed to read it',
  ENXIO: 'not a file (a device or socket)',
};

/** Byte offset of the first byte of `buf` that is not valid UTF-8, or -1. */
function firstBadUtf8(buf: Uint8Array): number {
  for (let i = 0; i < buf.length;) {
    const b = buf[i]!;
    const n =
      b < 0x80
        ? 0
        : b >= 0xc2 && b <= 0xdf
          ? 1
          : b >= 0xe0 && b <= 0xef
            ? 2
            : b >= 0xf0 && b <= 0xf4
              ? 3
              : -1;
    if (n < 0) return i;
    for (let k = 1; k <= n; k++) {
      const c = buf[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
    }
    // Overlong forms, surrogates and code points past U+10FFFF.
    const c1 = buf[i + 1] ?? 0;
    if (
      (b === 0xe0 && c1 < 0xa0) ||
      (b === 0xed && c1 > 0x9f) ||
      (b === 0xf0 && c1 < 0x90) ||
      (b === 0xf4 && c1 > 0x8f)
    )
      return i;
    i += n + 1;
  }
  return -1;
}

/**
 * The text of a file, or an InputError saying in words why it cannot be read: missing, not a regular
 * file (a pipe nobody writes to would block forever, a device may never end), too large, or not UTF-8
 * (named by its line, never echoed as replacement characters).
 */
export function readTextFile(file: string, maxBytes = MAX_FILE_BYTES): string {
  const tooLarge = (size: string) =>
    new InputError(`too large (${size} bytes; at most ${maxBytes.toLocaleString('en-US')})`, { file });
  let fd: number | undefined;
  let bytes: Buffer;
  try {
    // Non-blocking: opening a pipe with no writer returns at once (and is then refused below).
    fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    const st = fstatSync(fd);
    if (st.isDirectory()) throw new InputError('cannot read: is a folder, not a file', { file });
    if (!st.isFile())
      throw new InputError('cannot read: not a regular file (a pipe, a device or a socket); give a file', {
        file,
      });
    if (st.size > maxBytes) throw tooLarge(st.size.toLocaleString('en-US'));
    // Read at most maxBytes + 1 whatever the size says (a file may grow while it is read).
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
    bytes = Buffer.concat(chunks);
  } catch (e) {
    if (e instanceof InputError) throw e;
    const code = (e as NodeJS.ErrnoException).code ?? '';
    throw new InputError(`cannot read: ${READ_ERRORS[code] ?? (code || 'error')}`, { file });
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  const bad = firstBadUtf8(bytes);
  if (bad >= 0) {
    let line = 1;
    for (let i = 0; i < bad; i++) if (bytes[i] === 0x0a) line++;
    throw new InputError(
      `not UTF-8 text (byte 0x${bytes[bad]!.toString(16).padStart(2, '0')} at byte ${bad + 1}); save the file as UTF-8`,
      { file, line },
    );
  }
  return bytes.toString('utf8');
}

export function readStructuredFile(file: string, options: ParseOptions = {}): StructuredFile {
  return parseStructuredText(readTextFile(file), file, options);
}
