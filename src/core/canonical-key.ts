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
  const out: string[] = [];
  write(value, out, new Set());
  return out.join('');
}

function write(v: unknown, out: string[], open: Set<object>): void {
  if (v === null) {
    out.push('null');
    return;
  }
  switch (typeof v) {
    case 'boolean':
      out.push(v ? 'true' : 'false');
      return;
    case 'number':
      // -0 is 0 (as in JSON); NaN and the infinities bare, so they differ from null and from strings.
      out.push(Number.isFinite(v) ? JSON.stringify(v) : String(v));
      return;
    case 'string':
      out.push(JSON.stringify(v));
      return;
    case 'undefined':
      out.push('undefined');
      return;
    case 'object':
      break;
    default:
      throw new TypeError(`canonicalKey: a ${typeof v} is not plain data`);
  }
  const o = v as object;
  if (open.has(o)) throw new TypeError('canonicalKey: the value refers to itself');
  if (ArrayBuffer.isView(o)) {
    if (o instanceof DataView) throw new TypeError('canonicalKey: a DataView is not plain data');
    const name = Object.getPrototypeOf(o).constructor.name as string;
    const items = Array.from(o as unknown as ArrayLike<number | bigint>, (x) =>
      typeof x === 'bigint' ? `${x}n` : Number.isFinite(x) ? JSON.stringify(x) : String(x),
    );
    out.push(`${name}[${items.join(',')}]`);
    return;
  }
  open.add(o);
  if (Array.isArray(o)) {
    out.push('[');
    o.forEach((x, i) => {
      if (i > 0) out.push(',');
      write(x, out, open);
    });
    out.push(']');
  } else {
    const proto = Object.getPrototypeOf(o) as unknown;
    if (proto !== Object.prototype && proto !== null)
      throw new TypeError(
        `canonicalKey: a ${(o as { constructor?: { name?: string } }).constructor?.name ?? 'class instance'} is not plain data`,
      );
    const rec = o as Record<string, unknown>;
    const keys = Object.keys(rec)
      .filter((k) => rec[k] !== undefined)
      .sort();
    out.push('{');
    keys.forEach((k, i) => {
      if (i > 0) out.push(',');
      out.push(JSON.stringify(k), ':');
      write(rec[k], out, open);
    });
    out.push('}');
  }
  open.delete(o);
}

/** 32-bit FNV-1a of a text (a key's hash: job ids' digests, a job's thread by its affinity). */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
