/**
 * The rule systems the tool knows: the built-in ones (index.ts, generated from the folders) and any
 * registered at run time (a plug-in, or a test's fixture system). Everything outside src/systems/ finds
 * a rule system here, by its id or by a `rules` id a user writes (dbm-3.2, dba-3.0, ...).
 */
import { InputError } from '../core/errors.ts';
import { nearest } from '../core/suggest.ts';
import type { AnySystem, SystemModule } from '../core/system.ts';
import { BUILT_IN_SYSTEMS } from './index.ts';

const extra: AnySystem[] = [];

/** Every system: the built-in ones, then those registered at run time. */
export function allSystems(): readonly AnySystem[] {
  return [...BUILT_IN_SYSTEMS, ...extra];
}

/** Add a system at run time (its id and rules ids must be new). */
export function registerSystem<S, O extends string, E>(system: SystemModule<S, O, E>): void {
  const s = system as unknown as AnySystem;
  const clash = allSystems().find(
    (x) => x.id === s.id || x.versions.some((v) => s.versions.some((w) => w.id === v.id)),
  );
  if (clash) throw new Error(`a system with id ${s.id} or one of its rules ids is already registered`);
  extra.push(s);
}

/** Remove a system registered at run time (tests). */
export function unregisterSystem(id: string): void {
  const i = extra.findIndex((s) => s.id === id);
  if (i >= 0) extra.splice(i, 1);
}

export function systemById(id: string): AnySystem | undefined {
  return allSystems().find((s) => s.id === id);
}

/** Every rules id a user can write, in registry order. */
export function allRulesIds(): string[] {
  return allSystems().flatMap((s) => s.versions.map((v) => v.id));
}

/** The default rules id: the newest version of the first system. */
export function defaultRulesId(): string {
  const first = allSystems()[0] as AnySystem;
  return (first.versions[first.versions.length - 1] as { id: string }).id;
}

/** The system a rules id belongs to, or undefined. */
export function systemOfRules(rules: string): AnySystem | undefined {
  return allSystems().find((s) => s.versions.some((v) => v.id === rules));
}

/** The system a rules id belongs to; InputError (at `path`) listing every rules id when unknown. */
export function requireSystem(rules: string, path: readonly (string | number)[] = ['rules']): AnySystem {
  const s = systemOfRules(rules);
  if (s) return s;
  const hint = rulesHint(rules);
  throw new InputError(
    `unknown rules "${rules}"${hint ? `: did you mean ${hint}?` : ''} (${allRulesIds().join(', ')})`,
    { path },
  );
}

/**
 * The rules id a mistyped one most likely meant: a system's id or name ("dbm", "GBA") means its newest
 * version; otherwise the nearest id, the newest of one system's versions when several are as near
 * ("dbm-3.3": dbm-3.2).
 */
function rulesHint(rules: string): string | undefined {
  const newest = (s: AnySystem) => (s.versions[s.versions.length - 1] as { id: string }).id;
  const t = rules.trim().toLowerCase();
  const named = allSystems().find((s) => s.id === t || s.name.toLowerCase() === t);
  if (named) return newest(named);
  const near = nearest(rules, allRulesIds());
  const systems = new Set(near.map((id) => systemOfRules(id)));
  if (near.length === 1) return near[0];
  if (systems.size === 1) {
    const s = [...systems][0] as AnySystem;
    return s.versions
      .map((v) => v.id)
      .filter((id) => near.includes(id))
      .at(-1);
  }
  return undefined;
}

/**
 * The system with this id, importing it from `source` when it is not registered in this thread (worker
 * threads see only the built-in systems; a run-time system travels as its module URL).
 */
export async function loadSystem(id: string, source: string): Promise<AnySystem> {
  const known = systemById(id);
  if (known) return known;
  const mod = (await import(source)) as { default: AnySystem };
  if (mod.default?.id !== id) throw new Error(`${source} does not export the rule system ${id}`);
  extra.push(mod.default);
  return mod.default;
}
