/**
 * `debellator odds A B [flags]` / `debellator odds --situation file.yaml`: exact odds of one combat.
 * Flags (generated from the rule systems' situation metadata, cli/flags.ts) build a situation-file
 * object, so flags and files go through one validator.
 */
import type { Command } from 'commander';
import { InputError } from '../../core/errors.ts';
import { fieldOutOfMode } from '../../core/fields.ts';
import type { AnySystem, Variant } from '../../core/system.ts';
import { oddsReport } from '../../engine/odds.ts';
import { readStructuredFile, type StructuredFile } from '../../pipeline/structured-file.ts';
import { allRulesIds, allSystems, defaultRulesId, requireSystem } from '../../systems/registry.ts';
import { allFlags, applyFlags, checkFlagModes, flagForPath } from '../flags.ts';
import { formatOdds } from '../format.ts';
import { once } from '../parse.ts';

export function registerOdds(program: Command, exit: { code: number }): void {
  const cmd = program
    .command('odds')
    .description(
      'Exact odds of one close combat or shooting between two elements, with every factor explained',
    )
    .argument('[a]', 'side A element, e.g. "Reg Bd(O)" (DBA: "4Bd")')
    .argument('[b]', 'side B element, e.g. "Irr Wb(S)"')
    .option(
      '--situation <file>',
      'read the situation from a YAML or JSON file (docs/situation.md)',
      once('situation'),
    )
    .option(
      '--rules <id>',
      `rule set and version: ${allRulesIds().join(', ')} (default ${defaultRulesId()})`,
      once('rules'),
    )
    .option('--shooting', 'same as --mode shooting')
    .option(
      '--charts <file>',
      'GBA: your own chart file (YAML/JSON, the shape of the bundled charts)',
      once('charts'),
    )
    .option('--json', 'print one JSON object (docs/situation.md "JSON output")');
  const declared = allFlags(allSystems());
  for (const spec of declared.values()) {
    const names = spec.side ? [`a-${spec.flag}`, `b-${spec.flag}`] : [spec.flag];
    for (const name of names) {
      const help = `${spec.side ? `${name[0]!.toUpperCase()}: ` : ''}${spec.help}${spec.systems.length < allSystems().length ? ` [${spec.systems.join(', ')}]` : ''}`;
      if (spec.arity === 'bool') cmd.option(`--${name}`, help);
      else if (spec.arity === 'list')
        cmd.option(`--${name} <element>`, `${help} (repeat for more)`, (v: string, prev: string[] = []) => [
          ...prev,
          v,
        ]);
      else cmd.option(`--${name} <value>`, help, once(name));
    }
  }
  cmd.action((a: string | undefined, b: string | undefined, opts: Record<string, unknown>) => {
    let file: StructuredFile | undefined;
    let input: Record<string, unknown> = {};
    if (typeof opts.situation === 'string') {
      file = readStructuredFile(opts.situation);
      if (typeof file.data !== 'object' || file.data === null || Array.isArray(file.data))
        throw new InputError('the situation must be a mapping with keys a and b', {
          file: file.file,
          line: 1,
        });
      input = structuredClone(file.data) as Record<string, unknown>;
    }
    const rules = String(opts.rules ?? input.rules ?? defaultRulesId());
    let system: AnySystem;
    try {
      if (opts.rules === undefined && input.rules !== undefined && typeof input.rules !== 'string')
        throw new InputError(`expected a rule set, e.g. ${defaultRulesId()}`, { path: ['rules'] });
      system = requireSystem(rules, opts.rules === undefined ? ['rules'] : []);
    } catch (e) {
      // A bad `rules` is the file's line, or the flag's.
      if (!(e instanceof InputError)) throw e;
      if (opts.rules === undefined && file) throw e.inFile(file.file, file.lineOf);
      throw new InputError(`--rules: ${e.detail}`);
    }
    if (file === undefined && (a === undefined || b === undefined))
      throw new InputError(
        system.catalogue
          ? 'give two elements (e.g. odds "Reg Bd(O)" "Irr Wb(S)") or --situation FILE'
          : `${system.name} sides are units, not elements: give --situation FILE (docs/situation.md)`,
      );
    input.rules = rules;
    if (a !== undefined) sideOf(input, 'a').element = a;
    if (b !== undefined) sideOf(input, 'b').element = b;
    if (opts.shooting) {
      if (opts.mode !== undefined && opts.mode !== 'shooting')
        throw new InputError(`--shooting and --mode ${String(opts.mode)} contradict each other: give one`);
      input.mode = 'shooting';
    }
    applyFlags(system, input, opts, declared);
    for (const [k, v] of Object.entries(system.situation.defaults)) input[k] ??= v;
    checkFlagModes(system, opts, String(input.mode));
    const variant = variantWithCharts(system, rules, opts.charts as string | undefined);
    const situation = parseSituation(system, variant, input, file, a, b);
    if (file) {
      const mode = String((situation as { mode?: unknown }).mode);
      const stray = fieldOutOfMode(system.situation, input, mode);
      if (stray)
        throw new InputError(`applies to ${stray.modes.join(' or ')} only, and this combat is ${mode}`, {
          path: stray.path,
        }).inFile(file.file, file.lineOf);
    }
    const report = oddsReport(variant.ruleset, situation as { rules: string; mode: string });
    if (opts.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    else {
      const s = situation as { mode: string; bound?: string };
      const title = `${variant.name} ${system.situation.modeName(situation)}${s.bound ? `, ${s.bound.toUpperCase()}'s bound` : ''}`;
      process.stdout.write(`${formatOdds(report, title, variant.ruleset.outcomes)}\n`);
    }
    exit.code = 0;
  });
}

function sideOf(input: Record<string, unknown>, id: 'a' | 'b'): Record<string, unknown> {
  const existing = input[id];
  const s = typeof existing === 'object' && existing !== null ? (existing as Record<string, unknown>) : {};
  input[id] = s;
  return s;
}

/** The variant of `rules`, over the user's chart file if one was given (only systems with charts take one). */
function variantWithCharts(system: AnySystem, rules: string, chartFile: string | undefined): Variant {
  if (chartFile === undefined) return system.variant({ version: rules });
  if (!system.charts) throw new InputError(`--charts: ${system.name} has no charts to replace`);
  const f = readStructuredFile(chartFile);
  let charts: unknown;
  try {
    charts = system.charts.load(f.data);
  } catch (e) {
    if (e instanceof InputError) throw e.inFile(f.file, f.lineOf);
    throw e;
  }
  return system.variant({ version: rules, charts });
}

/** Parse, naming the file line or the flag of a bad field; suggest the rules an element's notation belongs to. */
function parseSituation(
  system: AnySystem,
  variant: Variant,
  input: Record<string, unknown>,
  file: StructuredFile | undefined,
  a: string | undefined,
  b: string | undefined,
): unknown {
  try {
    return variant.parseSituation(input);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    if (file) throw e.inFile(file.file, file.lineOf);
    const [head, key] = e.path;
    if (!system.catalogue && (head === 'a' || head === 'b'))
      throw new InputError(
        `${system.name} sides are units with their ratings, not element names: give --situation FILE (docs/situation.md)`,
      );
    if ((head === 'a' || head === 'b') && key === 'element') {
      const text = head === 'a' ? a : b;
      const other = text === undefined ? undefined : rulesThatParse(text, system);
      if (other)
        throw new InputError(
          `${head === 'a' ? 'first' : 'second'} element: ${e.detail}; "${text}" is ${other.name} notation: add --rules ${other.versions.at(-1)!.id}`,
        );
    }
    const flag = flagForPath(system, e.path);
    throw new InputError(flag ? `${flag}: ${e.detail}` : e.message);
  }
}

/** Another system whose notation reads `text`, if any. */
function rulesThatParse(text: string, not: AnySystem): AnySystem | undefined {
  return allSystems().find((s) => {
    if (s.id === not.id || !s.catalogue) return false;
    try {
      s.catalogue.parse(text);
      return true;
    } catch {
      return false;
    }
  });
}
