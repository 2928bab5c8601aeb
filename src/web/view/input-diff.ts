/** What differs between two situation-file objects, field by field, for the "what if" summary. */

function flatten(value: unknown, path: string, out: Map<string, string>): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, path === '' ? k : `${path}.${k}`, out);
  } else {
    out.set(
      path,
      Array.isArray(value)
        ? value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ')
        : String(value),
    );
  }
}

export interface FieldChange {
  readonly path: string;
  /** undefined: the field is absent (its default). */
  readonly from: string | undefined;
  readonly to: string | undefined;
}

export function inputDiff(from: unknown, to: unknown): FieldChange[] {
  const a = new Map<string, string>();
  const b = new Map<string, string>();
  flatten(from, '', a);
  flatten(to, '', b);
  const keys = [...new Set([...a.keys(), ...b.keys()])];
  return keys
    .filter((k) => a.get(k) !== b.get(k))
    .map((path) => ({ path, from: a.get(path), to: b.get(path) }));
}
