/**
 * Cache keys derived from the whole value they stand for (never hand-listed fields, which silently
 * reuse an old entry when a new field is left out): JSON with every object's keys sorted, so two values
 * with the same data in another key order give the same key, and any difference in the data gives
 * another.
 *
 * Plain data only: null, booleans, numbers, strings, arrays, plain objects and typed arrays. Where JSON
 * would lose a difference the key keeps it: non-finite numbers are written bare (`NaN`, `Infinity`,
 * `-Infinity`, not `null`), `undefined` in an array is written bare, and a typed array as its type and
 * elements (`Uint8Array[1,2]`). An object's property whose value is undefined is left out, as JSON
 * does (an optional field absent or undefined means the same). Anything else (a Map, a class instance,
 * a function, a cycle) is refused with a TypeError, rather than keyed by what JSON makes of it.
 */

/** The canonical key of plain data `value` (see above). */
export function canonicalKey(value: unknown): string {
  return keyOf(value, []);
}

/** A number as the key writes it: as JSON does (-0 is 0), NaN and the infinities bare. */
const numberText = (x: number): string => (Number.isFinite(x) ? JSON.stringify(x) : String(x));

/**
 * The key of `v`, built as one string (keys are made on every job's hot path: no array of parts, no
 * set). `open` holds the objects being written, outermost first (a cycle check; values are shallow).
 */
function keyOf(v: unknown, open: object[]): string {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'boolean':
      return v ? 'true' : 'false';
    case 'number':
      return numberText(v);
    case 'string':
      return JSON.stringify(v);
    case 'undefined':
      return 'undefined';
    case 'object':
      break;
    default:
      throw new TypeError(`canonicalKey: a ${typeof v} is not plain data`);
  }
  const o = v as object;
  if (open.includes(o)) throw new TypeError('canonicalKey: the value refers to itself');
  if (ArrayBuffer.isView(o)) {
    if (o instanceof DataView) throw new TypeError('canonicalKey: a DataView is not plain data');
    const name = Object.getPrototypeOf(o).constructor.name as string;
    const items = o as unknown as ArrayLike<number | bigint>;
    let text = `${name}[`;
    for (let i = 0; i < items.length; i++) {
      const x = items[i]!;
      if (i > 0) text += ',';
      text += typeof x === 'bigint' ? `${x}n` : numberText(x);
    }
    return `${text}]`;
  }
  open.push(o);
  let text: string;
  if (Array.isArray(o)) {
    text = '[';
    for (let i = 0; i < o.length; i++) {
      // A hole in a sparse array writes nothing of its own (as the forEach this replaced).
      if (!(i in o)) continue;
      if (i > 0) text += ',';
      text += keyOf(o[i], open);
    }
    text += ']';
  } else {
    const proto = Object.getPrototypeOf(o) as unknown;
    if (proto !== Object.prototype && proto !== null)
      throw new TypeError(
        `canonicalKey: a ${(o as { constructor?: { name?: string } }).constructor?.name ?? 'class instance'} is not plain data`,
      );
    const rec = o as Record<string, unknown>;
    const keys = sortedKeys(rec);
    text = '{';
    let first = true;
    for (const k of keys) {
      const x = rec[k];
      if (x === undefined) continue;
      if (!first) text += ',';
      first = false;
      text += quoted(k);
      text += ':';
      text += keyOf(x, open);
    }
    text += '}';
  }
  open.pop();
  return text;
}

/**
 * An object's own keys in the order Array.prototype.sort gives them (UTF-16 code units), sorted in place
 * by insertion (a handful of keys: no work array, as the built-in sort would make on every object).
 */
function sortedKeys(rec: object): string[] {
  const keys = Object.keys(rec);
  for (let i = 1; i < keys.length; i++) {
    const k = keys[i]!;
    let j = i - 1;
    while (j >= 0 && keys[j]! > k) {
      keys[j + 1] = keys[j]!;
      j--;
    }
    keys[j + 1] = k;
  }
  return keys;
}

/** Property names as JSON writes them, each quoted once (a study's keys use a few dozen names). */
const quotes = new Map<string, string>();
const QUOTES = 4096;
function quoted(k: string): string {
  let q = quotes.get(k);
  if (q === undefined) {
    q = JSON.stringify(k);
    if (quotes.size < QUOTES) quotes.set(k, q);
  }
  return q;
}

/** 32-bit FNV-1a of a text (a key's hash: job ids' digests, a job's thread by its affinity). */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
