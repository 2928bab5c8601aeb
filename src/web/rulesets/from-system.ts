/**
 * A rule system on the page, from its SystemModule alone: versions, outcome labels and colours, the
 * situation-file format (parse and minimal form), exact odds, and the form generated from the
 * situation schema's metadata (web/form/generate.ts). No rule logic here.
 */
import type { AnySystem, Variant } from '../../core/system.ts';
import { oddsReport } from '../../engine/odds.ts';
import { renderSituationForm } from '../form/generate.ts';
import { settle } from './settle.ts';
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
  const fightOn = model?.boundsOdds
    ? (input: SituationInput, bounds: number) =>
        model.boundsOdds!(withDefaults(input), variantOf(versionOf(input)), { bounds })
    : undefined;
  let unit: 'bound' | 'round' | undefined;
  return {
    id: system.id,
    name: system.name,
    versions: system.versions,
    outcomes: system.outcomes.map((o) => ({
      id: o.id,
      label: o.label,
      ...(o.atLeast ? { atLeast: o.atLeast } : {}),
      color: o.color,
    })),
    defaultInput: (version) => minimal(system.situation.example(version)),
    versionOf,
    withVersion: (input, version) => {
      if (!system.versions.some((v) => v.id === version))
        throw new Error(`"${version}" is not a ${system.name} version`);
      return minimal({ ...input, rules: version });
    },
    normalise: minimal,
    report: (input) =>
      oddsReport(variantOf(versionOf(input)).ruleset, parse(input) as { rules: string; mode: string }),
    ...(fightOn
      ? {
          bounds: fightOn,
          boundsUnit: () => {
            try {
              unit ??= fightOn(minimal(system.situation.example(newest)), 1).unit;
            } catch {
              unit = 'bound';
            }
            return unit;
          },
        }
      : {}),
    renderForm: (host, input, onChange) =>
      renderSituationForm(host, system, { ...input }, (next) => {
        const r = settle(minimal, next as SituationInput);
        onChange(r.input ?? input, r.note);
      }),
  };
}
