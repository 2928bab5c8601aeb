/**
 * `debellator odds A B [flags]` / `debellator odds --situation file.yaml`: exact odds of one combat.
 * Flags (generated from the rule systems' situation metadata, cli/flags.ts) build a situation-file
 * object, so flags and files go through one validator.
 */
import type { Command } from 'commander';
import type { BoundsOdds } from '../../core/bounds.ts';
import { InputError, type FieldPath } from '../../core/errors.ts';
import { fieldOutOfMode, fieldsOf } from '../../core/fields.ts';
import { fieldWords, inWords, valueAtPath, withElementHint } from '../../core/field-words.ts';
import type { AnySystem, Variant } from '../../core/system.ts';
import { oddsReport } from '../../engine/odds.ts';
import { verdict } from '../../engine/verdict.ts';
import { loadChartsFile } from '../../pipeline/charts-file.ts';
import { readStructuredFile, type StructuredFile } from '../../pipeline/structured-file.ts';
import { allRulesIds, allSystems, defaultRulesId, requireSystem } from '../../systems/registry.ts';
import { allFlags, applyFlags, checkFlagModes, elementPath, flagForPath, setAt } from '../flags.ts';
import { formatOdds } from '../format.ts';
import { formatBounds, roundedBounds } from '../format-bounds.ts';
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
    .option('--json', 'print one JSON object (docs/situation.md "JSON output")')
    .option(
      '--bounds <n>',
      'fight on: exact chance the fight has ended by each of n bounds (GBA: rounds), and how (docs/situation.md "Several bounds")',
      once('bounds'),
    )
    .option('--pursue', 'with --bounds: winners that may pursue do (default: they stand)')
    .option('--fled-lost', 'with --bounds: fled elements count as lost toward the break rule')
    .option(
      '--later-attacker <who>',
      'with --bounds, GBA: who shocks after round 1 (same, alternate)',
      once('later-attacker'),
    );
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
    const at = elementPath(system);
    if (file === undefined && (a === undefined || b === undefined))
      throw new InputError(
        system.catalogue || !at
          ? 'give two elements (e.g. odds "Reg Bd(O)" "Irr Wb(S)") or --situation FILE'
          : `give two ${system.name} unit types and their ratings (e.g. odds --rules ${rules} PH HI --a-tq 7 --a-size 10 --b-tq 6 --b-size 8), or --situation FILE`,
      );
    input.rules = rules;
    if ((a !== undefined || b !== undefined) && !at)
      throw new InputError(`${system.name} sides are not named by one element: give --situation FILE`);
    if (a !== undefined) setAt(input, ['a', ...at!], a);
    if (b !== undefined) setAt(input, ['b', ...at!], b);
    if (opts.shooting) {
      if (opts.mode !== undefined && opts.mode !== 'shooting')
        throw new InputError(`--shooting and --mode ${String(opts.mode)} contradict each other: give one`);
      const modes = fieldsOf(system.situation.combat)
        .find((f) => f.key === 'mode')
        ?.meta.choices?.map((c) => c.value);
      if (modes && !modes.includes('shooting'))
        throw new InputError(
          `--shooting: ${system.name} combats are ${modes.join(', ')}: give --mode ${modes.find((m) => /missile|shoot|fire/.test(m)) ?? modes.at(-1)}`,
        );
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
    const bounds = boundsOf(system, variant, input, opts);
    if (opts.json)
      process.stdout.write(
        `${JSON.stringify(bounds ? { ...report, bounds: roundedBounds(bounds) } : report, null, 2)}\n`,
      );
    else {
      const s = situation as { mode: string; bound?: string };
      const title = `${variant.name} ${system.situation.modeName(situation)}${s.bound ? `, ${s.bound.toUpperCase()}'s bound` : ''}`;
      const line = verdict(report, system.outcomes);
      process.stdout.write(`${formatOdds(report, title, variant.ruleset.outcomes, line)}\n`);
      if (bounds) {
        const unit = bounds.unit === 'bound' ? 'bounds' : 'rounds';
        const first = bounds.unit === 'bound' ? `, ${bounds.first.toUpperCase()}'s bound first` : '';
        const head = `Fighting on: ${variant.name}, ${report.a.element} against ${report.b.element}, ${bounds.bounds} ${unit}${first}`;
        process.stdout.write(`\n${formatBounds(bounds, head)}\n`);
      }
    }
    exit.code = 0;
  });
}

/** The options of a multi-bound request and the flag that set each. */
const BOUNDS_FLAGS = [
  { flag: '--pursue', opt: 'pursue', key: 'optionalPursuit', value: (): unknown => 'pursue' },
  { flag: '--fled-lost', opt: 'fledLost', key: 'fledLost', value: (): unknown => true },
  { flag: '--later-attacker', opt: 'laterAttacker', key: 'laterAttacker', value: (v: unknown): unknown => v },
] as const;

/** `--bounds N`: the multi-bound odds of the situation under the system's engagement model. */
function boundsOf(
  system: AnySystem,
  variant: Variant,
  input: Record<string, unknown>,
  opts: Record<string, unknown>,
): BoundsOdds | undefined {
  const given = BOUNDS_FLAGS.filter((f) => opts[f.opt] !== undefined);
  if (opts.bounds === undefined) {
    if (given.length > 0) throw new InputError(`${given[0]!.flag} goes with --bounds N`);
    return undefined;
  }
  const text = String(opts.bounds);
  if (!/^\d+$/.test(text)) throw new InputError(`--bounds: a whole number of bounds, not "${text}"`);
  const n = Number(text);
  const model = system.engagement;
  if (!model?.boundsOdds)
    throw new InputError(`--bounds: ${system.name} has no engagement model to fight on with`);
  const options = Object.fromEntries(given.map((f) => [f.key, f.value(opts[f.opt])]));
  try {
    return model.boundsOdds(input, variant, { bounds: n, options });
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    const [head, key] = e.path;
    if (head === 'bounds') throw new InputError(`--bounds: ${e.detail}`);
    if (head === 'options') {
      const f = BOUNDS_FLAGS.find((x) => x.key === key);
      const name = model.id === 'lines' ? 'battle-line' : model.id;
      throw new InputError(
        `${f?.flag ?? String(key)}: not an option of ${system.name}'s ${name} model (${e.detail})`,
      );
    }
    const flag = flagForPath(system, e.path);
    throw new InputError(flag ? `${flag}: ${e.detail}` : e.message);
  }
}

/** The variant of `rules`, over the user's chart file if one was given (only systems with charts take one). */
function variantWithCharts(system: AnySystem, rules: string, chartFile: string | undefined): Variant {
  if (chartFile === undefined) return system.variant({ version: rules });
  if (!system.charts) throw new InputError(`--charts: ${system.name} has no charts to replace`);
  const charts = loadChartsFile(system, chartFile);
  return system.variant({ version: rules, charts });
}

/**
 * Parse, naming the file line, or the field in words and the flag that set it; a mistyped element gets
 * the nearest notation of the catalogue, or the rules whose notation it is.
 */
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
    const given = valueAtPath(input, e.path);
    // Another system's notation says which rules it needs; else the nearest element of this one.
    const other = typeof given === 'string' ? rulesThatParse(given, system) : undefined;
    const hint = other
      ? `; "${String(given)}" is ${other.name} notation: add --rules ${other.versions.at(-1)!.id}`
      : withElementHint(system, e, input).detail.slice(e.detail.length);
    const at = elementPath(system) ?? [];
    const positional =
      (head === 'a' ? a : head === 'b' ? b : undefined) !== undefined &&
      e.path.length === at.length + 1 &&
      at.every((k, i) => e.path[i + 1] === k);
    const ordinal = head === 'a' ? 'first' : 'second';
    if (positional && key === 'element') throw new InputError(`${ordinal} element: ${e.detail}${hint}`);
    const flag = (path: FieldPath) => (positional ? `the ${ordinal} argument` : flagForPath(system, path));
    const f = flag(e.path);
    // A required field the user left out: say which flag gives it.
    if (f?.startsWith('--') && e.detail.startsWith('missing'))
      throw new InputError(`${fieldWords(system, e.path)}: missing; give ${f}`);
    throw new InputError(`${inWords(system, e, flag)}${hint}`);
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
