/**
 * A rule system on the page, from its SystemModule alone: versions, outcome labels and colours, the
 * situation-file format (parse and minimal form), exact odds, and the form generated from the
 * situation schema's metadata (web/form/generate.ts). No rule logic here.
 */
import { InputError } from '../../core/errors.ts';
import type { AnySystem, Variant } from '../../core/system.ts';
import { fightOn } from '../../engine/fight-on.ts';
import { oddsReport } from '../../engine/odds.ts';
import { fieldsOf } from '../../core/fields.ts';
import { inWords } from '../../core/field-words.ts';
import { renderSituationForm, shownValue } from '../form/generate.ts';
import { describeMatchup } from './describe.ts';
import { settle, type SettleHelp } from './settle.ts';
import type { SituationInput, WebRuleSet } from './types.ts';

export function webRuleSet(system: AnySystem): WebRuleSet {
  const variants = new Map<string, Variant>();
  const variantOf = (version: string): Variant => {
    let v = variants.get(version);
    if (!v) {
      v = system.variant({ version });
      variants.set(version, v);
    }
    return v;
  };
  const newest = system.versions[system.versions.length - 1]!.id;
  const versionOf = (input: unknown): string => {
    const r = (input as { rules?: unknown } | null)?.rules;
    return typeof r === 'string' && system.versions.some((v) => v.id === r) ? r : newest;
  };
  const withDefaults = (input: unknown): Record<string, unknown> => ({
    ...system.situation.defaults,
    ...(input as Record<string, unknown>),
  });
  const parse = (input: unknown) => variantOf(versionOf(input)).parseSituation(withDefaults(input));
  const minimal = (input: unknown): SituationInput =>
    ({ rules: versionOf(input), ...system.situation.toInput(parse(input)) }) as SituationInput;
  const model = system.engagement;
  // Every part of the matchup the model cannot carry is named at once, in words (engine/fight-on.ts).
  const fightOnOf = model?.boundsOdds
    ? (input: SituationInput, bounds: number) =>
        fightOn(system, variantOf(versionOf(input)), withDefaults(input), { bounds })
    : undefined;
  let unit: 'bound' | 'round' | undefined;
  const help: SettleHelp = {
    fill: (path) => shownValue(system, path),
    words: (e) => inWords(system, e),
  };
  const edit = (candidate: SituationInput) => settle(minimal, candidate, help);
  const choices = fieldsOf(system.situation.combat).filter((e) => e.meta.kind === 'choice');
  /**
   * The situation with the combat-wide choice `key: value`, as the parser settles it, or undefined when
   * the rules do not allow it here. A settled situation keeps the value when setting it again changes
   * nothing, where the field means something in its mode. If the choice alone does not settle (shooting
   * where only B can shoot, and A shoots by default), the choices that belong to a mode are tried too (B
   * shoots). The parser decides; no rule here.
   */
  const choose = (input: SituationInput, key: string, value: string): SituationInput | undefined => {
    const modes = choices.find((e) => e.key === key)?.meta.modes;
    const keeps = (settled: SituationInput | undefined): settled is SituationInput => {
      if (!settled) return false;
      // A value is kept only where it means something (who shoots, in close combat, does not).
      if (modes && !modes.includes(String(settled.mode))) return false;
      try {
        return JSON.stringify(minimal({ ...settled, [key]: value })) === JSON.stringify(settled);
      } catch {
        return false;
      }
    };
    const direct = edit({ ...input, [key]: value }).input;
    if (keeps(direct)) return direct;
    // Only the choices that belong to a mode are tried (who shoots); the mode and the bound stay as asked.
    for (const other of choices) {
      if (other.key === key || !other.meta.modes) continue;
      for (const c of other.meta.choices ?? []) {
        const settled = edit({ ...input, [key]: value, [other.key]: c.value }).input;
        if (keeps(settled)) return settled;
      }
    }
    return undefined;
  };
  const allows = (input: SituationInput, key: string, value: string): boolean =>
    choose(input, key, value) !== undefined;
  /** Does the parser refuse the situation with `path` set to `value`, naming that very field? */
  const refuses = (input: SituationInput, path: readonly (string | number)[], value: unknown): boolean => {
    const next = structuredClone(input) as Record<string | number, unknown>;
    let node = next;
    path.forEach((k, i) => {
      if (i === path.length - 1) node[k] = value;
      else {
        // A rank written as its notation becomes the object form the form writes ({ element }).
        if (typeof node[k] === 'string') node[k] = { element: node[k] };
        node[k] ??= typeof path[i + 1] === 'number' ? [] : {};
        node = node[k] as Record<string | number, unknown>;
      }
    });
    try {
      parse(next);
      return false;
    } catch (e) {
      return e instanceof InputError && e.path.join('.') === path.join('.');
    }
  };
  /** A form edit: a combat-wide choice through `choose`, anything else settled as it is. */
  const apply = (input: SituationInput, next: SituationInput): { input?: SituationInput; note?: string } => {
    const changed = choices.filter((e) => next[e.key] !== input[e.key]);
    const [only] = changed;
    if (changed.length === 1 && only && typeof next[only.key] === 'string') {
      const chosen = choose(input, only.key, next[only.key] as string);
      if (chosen) return { input: chosen };
    }
    const r = edit(next);
    return { ...(r.input ? { input: r.input } : {}), ...(r.note ? { note: r.note } : {}) };
  };
  return {
    id: system.id,
    name: system.name,
    versions: system.versions,
    get elements() {
      const c = system.catalogue;
      return c ? c.all().map((e) => ({ notation: c.format(e), type: c.typesOf(e)[0] ?? '' })) : [];
    },
    types: system.catalogue?.types ?? [],
    outcomes: system.outcomes.map((o) => ({
      id: o.id,
      label: o.label,
      ...(o.atLeast ? { atLeast: o.atLeast } : {}),
      color: o.color,
      effect: o.effect,
    })),
    defaultInput: (version) => minimal(system.situation.example(version)),
    versionOf,
    withVersion: (input, version) => {
      if (!system.versions.some((v) => v.id === version))
        throw new Error(`"${version}" is not a ${system.name} version`);
      return minimal({ ...input, rules: version });
    },
    normalise: minimal,
    describe: (input) => describeMatchup(system, variantOf(versionOf(input)), parse(input), minimal(input)),
    report: (input) =>
      oddsReport(variantOf(versionOf(input)).ruleset, parse(input) as { rules: string; mode: string }),
    ...(fightOnOf
      ? {
          bounds: fightOnOf,
          boundsUnit: () => {
            try {
              unit ??= fightOnOf(minimal(system.situation.example(newest)), 1).unit;
            } catch {
              unit = 'bound';
            }
            return unit;
          },
        }
      : {}),
    renderForm: (host, input, onChange) =>
      renderSituationForm(
        host,
        system,
        { ...input },
        (next) => {
          const r = apply(input, next as SituationInput);
          onChange(r.input ?? input, r.note);
        },
        (key, value) => allows(input, key, value),
        (path, value) => refuses(input, path, value),
      ),
    allows,
    edit: (input, next) => apply(input, next),
    swap: (input) => {
      const parsed = parse(input) as Record<string, unknown>;
      const r = edit(swapSides(system, input, (k) => parsed[k]));
      return r.input ? { input: r.input, ...(r.note ? { note: r.note } : {}) } : { note: r.note ?? '' };
    },
  };
}

/**
 * A and B exchanged with everything they carry: the side objects, and every combat-wide choice naming a
 * side (whose bound, who shoots) turned round. `current(key)` is the value the parsed situation has for
 * a field (a default left out of the file included). Plain data; the parser then decides.
 */
function swapSides(
  system: AnySystem,
  input: SituationInput,
  current: (key: string) => unknown,
): SituationInput {
  const out: Record<string, unknown> = { ...input, a: input.b, b: input.a };
  for (const entry of fieldsOf(system.situation.combat)) {
    const values = new Set((entry.meta.choices ?? []).map((c) => c.value));
    if (!values.has('a') || !values.has('b')) continue;
    const v = input[entry.key] ?? current(entry.key);
    if (v === 'a' || v === 'b') out[entry.key] = v === 'a' ? 'b' : 'a';
  }
  return out;
}
