/**
 * zod validation failures as InputErrors: the field path and what is wrong with it, in the user's words.
 * Every schema in the tool (situations, scenarios, study blocks, chart files, slice files) is checked
 * through `parseWith`, so messages read the same everywhere.
 */
import type { z } from 'zod';
import { InputError, type FieldPath } from './errors.ts';
import { suggestion } from './suggest.ts';

type Issue = z.core.$ZodIssue;

/** How messages may speak of what was found. */
interface Speech {
  /**
   * Whether a message may quote the value it found (default true). A file read for one purpose may be
   * another (a chart file naming /etc/passwd): its messages say only what kind of value was found.
   */
  readonly quote?: boolean;
}

const typeName = (v: unknown, speech: Speech = {}): string => {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
  if (typeof v === 'object') return 'a mapping';
  if (speech.quote === false) return typeof v === 'string' ? 'text' : `a ${typeof v}`;
  if (typeof v === 'string') return `the text ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}...` : v)}`;
  return `${typeof v} ${JSON.stringify(v)}`;
};

const valueAt = (input: unknown, path: readonly PropertyKey[]): unknown => {
  let v = input;
  for (const p of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[p];
  }
  return v;
};

/** One issue in words; `input` is what was validated (to say what was found). */
function describeIssue(
  issue: Issue,
  input: unknown,
  speech: Speech = {},
): { path: FieldPath; detail: string } {
  const path: FieldPath = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
  switch (issue.code) {
    case 'invalid_union': {
      const disc = (issue as { note?: string; discriminator?: string }).discriminator;
      if ((issue as { note?: string }).note === 'No matching discriminator') {
        const options = (issue as { options?: readonly unknown[] }).options;
        const list = options && options.length > 0 ? options.map((o) => JSON.stringify(o)).join(', ') : '';
        const at = disc !== undefined ? [...path, disc] : path;
        return { path: at, detail: list ? `must be one of ${list}` : issue.message };
      }
      // Nothing given where one of several shapes is required.
      if (valueAt(input, issue.path) === undefined) return { path, detail: 'missing (required)' };
      // The branch whose input had the right shape tells the most.
      for (const branch of issue.errors) {
        const first = branch[0];
        if (
          first &&
          !((first.code === 'invalid_type' || first.code === 'invalid_value') && first.path.length === 0)
        ) {
          const inner = describeIssue(first, valueAt(input, issue.path), speech);
          return { path: [...path, ...inner.path], detail: inner.detail };
        }
      }
      return { path, detail: issue.message.replace(/^Invalid input: /, '') };
    }
    case 'unrecognized_keys': {
      const key = issue.keys[0] as string;
      const more = issue.keys.length > 1 ? ` (and ${issue.keys.slice(1).join(', ')})` : '';
      return { path: [...path, key], detail: `unknown key "${key}"${more}` };
    }
    case 'invalid_value': {
      const found = valueAt(input, issue.path);
      const hint =
        typeof found === 'string' && speech.quote !== false
          ? suggestion(
              found,
              issue.values.filter((v): v is string => typeof v === 'string'),
            )
          : undefined;
      return {
        path,
        detail: `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}${hint ? `; did you mean "${hint}"?` : ''}`,
      };
    }
    case 'invalid_type': {
      const found = valueAt(input, issue.path);
      const expected = issue.expected === 'int' ? 'a whole number' : issue.expected;
      if (found === undefined) return { path, detail: `missing (expected ${expected})` };
      return { path, detail: `expected ${expected}, found ${typeName(found, speech)}` };
    }
    case 'too_small':
    case 'too_big': {
      const found = valueAt(input, issue.path);
      const big = issue.code === 'too_big';
      const bound = Number(big ? issue.maximum : issue.minimum);
      const inclusive = issue.inclusive !== false;
      const exact = (issue as { exact?: boolean }).exact === true;
      const limit = `${exact ? 'exactly' : big ? (inclusive ? 'at most' : 'below') : inclusive ? 'at least' : 'above'} ${bound}`;
      const what =
        issue.origin === 'array'
          ? `must have ${limit} item${bound === 1 ? '' : 's'}`
          : issue.origin === 'string'
            ? `must have ${limit} character${bound === 1 ? '' : 's'}`
            : issue.origin === 'number' || issue.origin === 'int'
              ? `must be ${limit}`
              : issue.message.replace(/^Too (small|big): expected \w+ to (be|have) /, 'must $2 ');
      return {
        path,
        detail: typeof found === 'number' && speech.quote !== false ? `${what} (found ${found})` : what,
      };
    }
    default:
      return { path, detail: issue.message.replace(/^Invalid input: /, '') };
  }
}

/** Validate `input` with `schema`; the first issue becomes an InputError (path under `prefix`). */
export function parseWith<T extends z.ZodType>(
  schema: T,
  input: unknown,
  prefix: FieldPath = [],
  speech: Speech = {},
): z.output<T> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const { path, detail } = described(r.error.issues as Issue[], input, speech)[0]!;
  throw new InputError(detail, { path: [...prefix, ...path] });
}

/** Every issue of a failed validation, as InputErrors (for reporting all errors of a file at once). */
export function allIssues<T extends z.ZodType>(schema: T, input: unknown): InputError[] {
  const r = schema.safeParse(input);
  if (r.success) return [];
  return described(r.error.issues as Issue[], input).map(
    ({ path, detail }) => new InputError(detail, { path }),
  );
}

const same = (x: FieldPath, y: FieldPath) => x.length === y.length && x.every((p, i) => p === y[i]);

/**
 * Bounds of one number broken twice (`samples: 1e20` is past both the largest whole number and the
 * field's own maximum) make one line: the tightest bound.
 */
function onePerField(issues: readonly Issue[]): Issue[] {
  const kept: Issue[] = [];
  for (const i of issues) {
    if (i.code !== 'too_big' && i.code !== 'too_small') {
      kept.push(i);
      continue;
    }
    const k = kept.findIndex((x) => x.code === i.code && same(x.path as FieldPath, i.path as FieldPath));
    if (k < 0) kept.push(i);
    else {
      const bound = (x: Issue) =>
        Number(x.code === 'too_big' ? x.maximum : x.code === 'too_small' ? x.minimum : 0);
      const tighter = i.code === 'too_big' ? bound(i) < bound(kept[k]!) : bound(i) > bound(kept[k]!);
      if (tighter) kept[k] = i;
    }
  }
  return kept;
}

/**
 * The issues in words. A misspelt key shows twice to zod (the key it does not know, the key it misses):
 * they become one, `studis: unknown key "studis": did you mean "studies"?`.
 */
function described(
  issues: readonly Issue[],
  input: unknown,
  speech: Speech = {},
): { path: FieldPath; detail: string }[] {
  const out = onePerField(issues).map((i) => ({ issue: i, ...describeIssue(i, input, speech) }));
  const missing = out.filter((d) => d.issue.code === 'invalid_type' && d.detail.startsWith('missing'));
  const dropped = new Set<object>();
  for (const d of out) {
    if (d.issue.code !== 'unrecognized_keys') continue;
    const parent = d.path.slice(0, -1);
    const key = String(d.path[d.path.length - 1]);
    const siblings = missing.filter((m) => same(m.path.slice(0, -1), parent));
    const hint = suggestion(
      key,
      siblings.map((m) => String(m.path[m.path.length - 1])),
    );
    if (!hint) continue;
    d.detail = `${d.detail}: did you mean "${hint}"?`;
    for (const m of siblings) if (String(m.path[m.path.length - 1]) === hint) dropped.add(m);
  }
  const kept = out.filter((d) => !dropped.has(d));
  // The misspelling first: it is what the user wrote.
  return kept.map(({ path, detail }) => ({ path, detail }));
}
