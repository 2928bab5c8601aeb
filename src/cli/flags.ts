/**
 * Command-line flags generated from the rule systems' situation metadata (core/fields.ts): combat fields
 * become `--<flag>`, side fields `--a-<flag>` and `--b-<flag>`. The flags of every system are declared
 * (the rules are only known after parsing); the chosen system's own are applied, others refused.
 */
import { InputError } from '../core/errors.ts';
import type { z } from 'zod';
import { fieldsOf, flagOf, type FieldEntry } from '../core/fields.ts';
import { suggestion } from '../core/suggest.ts';
import type { AnySystem } from '../core/system.ts';
import { allSystems } from '../systems/registry.ts';

interface FlagSpec {
  /** Without side prefix. */
  readonly flag: string;
  readonly side: boolean;
  /** A bare switch, one value, or a repeatable value. */
  readonly arity: 'bool' | 'value' | 'list';
  readonly help: string;
}

interface SystemFlag extends FlagSpec {
  /** Where the value goes: within each side for side flags (`['units', 0, 'tq']`), else from the top. */
  readonly path: readonly (string | number)[];
  readonly entry: FieldEntry;
}

const arityOf = (e: FieldEntry): FlagSpec['arity'] =>
  e.meta.kind === 'bool' ? 'bool' : e.meta.kind === 'ranks' ? 'list' : 'value';

const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The item schema of a list field. */
const itemOf = (e: FieldEntry): z.ZodType => (e.inner as unknown as { element: z.ZodType }).element;

/**
 * The flags of one system. A side's list of objects (GBA units) gives flags for its first item, the one
 * a combat is about (`--a-tq`); a nested object (GBA leader) gives flags prefixed with its key
 * (`--a-leader-charisma`).
 */
function systemFlags(system: AnySystem): SystemFlag[] {
  const out: SystemFlag[] = [];
  const add = (entry: FieldEntry, side: boolean, path: (string | number)[], prefix = '') => {
    const flag = flagOf(entry);
    if (flag === undefined) return;
    const choices = entry.meta.choices ? ` (${entry.meta.choices.map((c) => c.value).join(', ')})` : '';
    out.push({
      flag: `${prefix}${flag}`,
      path,
      side,
      arity: arityOf(entry),
      help: `${entry.meta.help ?? entry.meta.label}${choices}`,
      entry,
    });
  };
  for (const entry of fieldsOf(system.situation.combat)) add(entry, false, [entry.key]);
  for (const entry of fieldsOf(system.situation.side)) {
    if (entry.meta.kind === 'list')
      for (const item of fieldsOf(itemOf(entry))) add(item, true, [entry.key, 0, item.key]);
    else if (entry.meta.kind === 'object')
      for (const item of fieldsOf(entry.inner))
        add(item, true, [entry.key, item.key], `${entry.meta.flag || kebab(entry.key)}-`);
    else add(entry, true, [entry.key]);
  }
  const seen = new Set<string>();
  for (const f of out) {
    const id = `${f.side ? 'side:' : ''}${f.flag}`;
    if (seen.has(id)) throw new Error(`${system.name}: two fields have the flag --${f.flag}`);
    seen.add(id);
  }
  return out;
}

/**
 * Where a side's element given on the command line goes: its `element` field, or for a system whose
 * sides are units (GBA) the field marked `positional` (the first unit's type). Undefined: none.
 */
export function elementPath(system: AnySystem): readonly (string | number)[] | undefined {
  if (fieldsOf(system.situation.side).some((e) => e.meta.kind === 'element')) return ['element'];
  return systemFlags(system).find((f) => f.side && f.entry.meta.positional)?.path;
}

/** Every flag of every system, once; throws if two systems give one flag different arities. */
export function allFlags(systems: readonly AnySystem[]): Map<string, FlagSpec & { systems: string[] }> {
  const all = new Map<string, FlagSpec & { systems: string[] }>();
  for (const s of systems)
    for (const f of systemFlags(s)) {
      const id = `${f.side ? 'side:' : ''}${f.flag}`;
      const had = all.get(id);
      if (had) {
        if (had.arity !== f.arity)
          throw new Error(
            `flag --${f.flag} is ${had.arity} in ${had.systems.join(', ')} but ${f.arity} in ${s.name}`,
          );
        had.systems.push(s.name);
      } else all.set(id, { flag: f.flag, side: f.side, arity: f.arity, help: f.help, systems: [s.name] });
    }
  return all;
}

const camel = (s: string) => s.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The value a flag gives a field: numbers for int fields, one rank for single-rank fields. */
function valueOf(f: SystemFlag, raw: unknown, name: string): unknown {
  if (f.arity === 'bool') return true;
  if (f.entry.meta.kind === 'int') {
    if (typeof raw !== 'string' || !/^-?\d{1,9}$/.test(raw))
      throw new InputError(`--${name}: "${String(raw)}" is not a whole number`);
    return Number(raw);
  }
  if (f.arity === 'list') {
    const list = raw as string[];
    if (f.entry.meta.single) {
      if (list.length > 1) throw new InputError(`--${name}: one element only (given ${list.length})`);
      return list[0];
    }
    return list;
  }
  return raw;
}

/**
 * Apply the parsed options (commander's camel-cased keys) to a situation-file object for `system`.
 * Options of another system's flags are refused, naming the system's own.
 */
export function applyFlags(
  system: AnySystem,
  input: Record<string, unknown>,
  opts: Readonly<Record<string, unknown>>,
  declared: ReadonlyMap<string, FlagSpec>,
): void {
  const own = systemFlags(system);
  const ownIds = new Set(own.map((f) => `${f.side ? 'side:' : ''}${f.flag}`));
  for (const [id, spec] of declared) {
    const names = spec.side ? [`a-${spec.flag}`, `b-${spec.flag}`] : [spec.flag];
    for (const name of names) {
      if (opts[camel(name)] === undefined || ownIds.has(id)) continue;
      const mine = own
        .filter((f) => f.side === spec.side)
        .map((f) => (f.side ? `${name.slice(0, 2)}${f.flag}` : f.flag));
      const hint = suggestion(name, mine);
      // Whose flag it is, so the user can add the --rules it needs.
      const owners = allSystems()
        .filter(
          (s) => s.id !== system.id && systemFlags(s).some((f) => `${f.side ? 'side:' : ''}${f.flag}` === id),
        )
        .map((s) => `${s.name} (--rules ${s.versions[s.versions.length - 1]!.id})`);
      const whose = owners.length > 0 ? `; it is a flag of ${owners.join(', ')}` : '';
      throw new InputError(
        `--${name} is not a ${system.name} flag${hint ? `; did you mean --${hint}?` : whose} (see odds --help)`,
      );
    }
  }
  for (const f of own) {
    if (f.side) {
      for (const id of ['a', 'b'] as const) {
        const name = `${id}-${f.flag}`;
        const v = opts[camel(name)];
        if (v !== undefined) setAt(input, [id, ...f.path], valueOf(f, v, name));
      }
    } else {
      const v = opts[camel(f.flag)];
      if (v !== undefined) setAt(input, f.path, valueOf(f, v, f.flag));
    }
  }
}

/** The chosen system's flags the user gave, with the situation path each set. */
export function givenFlags(
  system: AnySystem,
  opts: Readonly<Record<string, unknown>>,
): { readonly flag: string; readonly path: readonly (string | number)[] }[] {
  return systemFlags(system).flatMap((f) =>
    (f.side ? (['a', 'b'] as const) : [undefined])
      .map((id) => ({ flag: id ? `${id}-${f.flag}` : f.flag, path: id ? [id, ...f.path] : f.path }))
      .filter((x) => opts[camel(x.flag)] !== undefined)
      .map((x) => ({ flag: `--${x.flag}`, path: x.path })),
  );
}

/** Set the value at `path` in a situation-file object, making the objects and lists on the way. */
export function setAt(
  root: Record<string, unknown>,
  path: readonly (string | number)[],
  value: unknown,
): void {
  let node: Record<string | number, unknown> = root;
  path.forEach((key, i) => {
    if (i === path.length - 1) {
      node[key] = value;
      return;
    }
    const next = path[i + 1];
    const existing = node[key];
    const ok =
      typeof next === 'number'
        ? Array.isArray(existing)
        : typeof existing === 'object' && existing !== null && !Array.isArray(existing);
    if (!ok) node[key] = typeof next === 'number' ? [] : {};
    const child = node[key] as Record<string | number, unknown>;
    if (typeof next === 'number' && child[next] === undefined) child[next] = {};
    node = child;
  });
}

/** The flag of a situation field path, for messages: ['a','overlaps'] -> "--a-overlapped". */
export function flagForPath(system: AnySystem, path: readonly (string | number)[]): string | undefined {
  const [head, ...rest] = path;
  const side = head === 'a' || head === 'b';
  const within = side ? rest : path;
  // The flag setting this field, or the list flag it is an item of (`--a-rear` for a.rear.0).
  const f = systemFlags(system)
    .filter(
      (x) => x.side === side && x.path.length <= within.length && x.path.every((p, i) => p === within[i]),
    )
    .sort((x, y) => y.path.length - x.path.length)[0];
  return f ? `--${side ? `${String(head)}-` : ''}${f.flag}` : undefined;
}

/**
 * A flag given for a field that means nothing in the combat's mode (`--a-aiders` in close combat, a
 * shock-only field in GBA missile fire) is refused rather than silently ignored.
 */
export function checkFlagModes(
  system: AnySystem,
  opts: Readonly<Record<string, unknown>>,
  mode: string,
): void {
  for (const f of systemFlags(system)) {
    const modes = f.entry.meta.modes;
    if (!modes || modes.includes(mode)) continue;
    for (const name of f.side ? [`a-${f.flag}`, `b-${f.flag}`] : [f.flag])
      if (opts[camel(name)] !== undefined)
        throw new InputError(`--${name} applies to ${modes.join(' or ')} only, and this combat is ${mode}`);
  }
}
