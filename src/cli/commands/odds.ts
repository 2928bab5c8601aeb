/**
 * `debellator odds A B [flags]` / `debellator odds --situation file.yaml`: exact odds of one combat.
 * Flags (generated from the rule systems' situation metadata, cli/flags.ts) build a situation-file
 * object, so flags and files go through one validator.
 */
import { Command } from 'commander';
import type { BoundsOdds } from '../../core/bounds.ts';
import { InputError, type FieldPath } from '../../core/errors.ts';
import { fieldOutOfMode, fieldsOf } from '../../core/fields.ts';
import { fieldWords, inWords, valueAtPath, withElementHint } from '../../core/field-words.ts';
import type { AnySystem, Variant } from '../../core/system.ts';
import { fightOn, fieldWithValue } from '../../engine/fight-on.ts';
import { oddsReport, type OddsReport } from '../../engine/odds.ts';
import { verdict } from '../../engine/verdict.ts';
import { loadChartsFile } from '../../pipeline/charts-file.ts';
import { readStructuredFile, type StructuredFile } from '../../pipeline/structured-file.ts';
import { allRulesIds, allSystems, defaultRulesId, requireSystem } from '../../systems/registry.ts';
import {
  allFlags,
  applyFlags,
  checkFlagModes,
  elementPath,
  flagForPath,
  givenFlags,
  setAt,
} from '../flags.ts';
import { formatOdds } from '../format.ts';
import { formatBounds, roundedBounds } from '../format-bounds.ts';
import { once } from '../parse.ts';
import { oddsExamples } from '../examples.ts';

/**
 * The options of `odds` for `systems`: the common ones, then every circumstance flag of those systems.
 * The command takes every system's flags (the rules are known only after parsing); `odds --rules X
 * --help` shows one system's.
 */
function defineOptions(cmd: Command, systems: readonly AnySystem[]): ReturnType<typeof allFlags> {
  const one = systems.length === 1 ? systems[0] : undefined;
  cmd
    .description(
      one
        ? `Exact odds of one ${one.name} combat between two sides, with every factor explained`
        : 'Exact odds of one close combat or shooting between two elements, with every factor explained',
    )
    .argument(
      '[a]',
      one ? `side A, in ${one.name} notation` : 'side A element, e.g. "Reg Bd(O)" (DBA: "4Bd")',
    )
    .argument('[b]', one ? `side B, in ${one.name} notation` : 'side B element, e.g. "Irr Wb(S)"')
    .option(
      '--situation <file>',
      'read the situation from a YAML or JSON file (docs/situation.md)',
      once('situation'),
    )
    .option(
      '--rules <id>',
      one
        ? `rule set and version: ${one.versions.map((v) => v.id).join(', ')}`
        : `rule set and version: ${allRulesIds().join(', ')} (default ${defaultRulesId()})`,
      once('rules'),
    );
  if (!one || hasShooting(one)) cmd.option('--shooting', 'same as --mode shooting');
  if (!one || one.charts)
    cmd.option(
      '--charts <file>',
      'GBA: your own chart file (YAML/JSON, the shape of the bundled charts)',
      once('charts'),
    );
  cmd.option('--json', 'print one JSON object (docs/situation.md "JSON output")');
  const model = one?.engagement?.boundsOdds ? one.engagement.id : undefined;
  if (!one || model)
    cmd.option(
      '--bounds <n>',
      'fight on: exact chance the fight has ended by each of n bounds (GBA: rounds), and how (docs/situation.md "Several bounds")',
      once('bounds'),
    );
  if (!one || model === 'lines')
    cmd
      .option('--pursue', 'with --bounds: winners that may pursue do (default: they stand)')
      .option('--fled-lost', 'with --bounds: fled elements count as lost toward the break rule')
      .option(
        '--distance <paces>',
        "with --bounds and --shooting: paces apart at the start (default: the longest range plus the first mover's move)",
        once('distance'),
      );
  if (!one || model === 'repeated-shock')
    cmd.option(
      '--later-attacker <who>',
      'with --bounds, GBA: who shocks after round 1 (same, alternate)',
      once('later-attacker'),
    );
  const declared = allFlags(systems);
  for (const spec of declared.values()) {
    const names = spec.side ? [`a-${spec.flag}`, `b-${spec.flag}`] : [spec.flag];
    for (const name of names) {
      const help = `${spec.side ? `${name[0]!.toUpperCase()}: ` : ''}${spec.help}${spec.systems.length < systems.length ? ` [${spec.systems.join(', ')}]` : ''}`;
      if (spec.arity === 'bool') cmd.option(`--${name}`, help);
      else if (spec.arity === 'list')
        cmd.option(`--${name} <element>`, `${help} (repeat for more)`, (v: string, prev: string[] = []) => [
          ...prev,
          v,
        ]);
      else cmd.option(`--${name} <value>`, help, once(name));
    }
  }
  return declared;
}

/** Does a system's combat have a shooting mode (`--shooting`)? */
const hasShooting = (system: AnySystem): boolean =>
  fieldsOf(system.situation.combat)
    .find((f) => f.key === 'mode')
    ?.meta.choices?.some((c) => c.value === 'shooting') ?? false;

/** `odds --rules X --help`: that system's flags only, and a few examples. */
function systemHelp(rules: string): string | undefined {
  let system: AnySystem;
  try {
    system = requireSystem(rules);
  } catch {
    return undefined;
  }
  const root = new Command('debellator');
  const cmd = root.command('odds');
  defineOptions(cmd, [system]);
  cmd.helpOption('-h, --help', 'this help');
  const examples = oddsExamples(system.id);
  return `${cmd.helpInformation()}${
    examples.length > 0 ? `\nExamples:\n${examples.map((e) => `  ${e}`).join('\n')}\n` : ''
  }`;
}

export function registerOdds(program: Command, exit: { code: number }): void {
  const cmd = program.command('odds');
  const declared = defineOptions(cmd, allSystems());
  const fullHelp = cmd.helpInformation.bind(cmd);
  const note =
    "\nThese are the flags of every rule system. One system's flags, with examples: odds --rules <id> --help\n" +
    `(${allSystems()
      .map((s) => s.versions.at(-1)!.id)
      .join(', ')}).\n`;
  cmd.helpInformation = (context) => {
    const rules = cmd.getOptionValue('rules') as unknown;
    return (typeof rules === 'string' ? systemHelp(rules) : undefined) ?? `${fullHelp(context)}${note}`;
  };
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
    const situation = parseSituation(system, variant, input, file, a, b, opts.rules !== undefined);
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
    const idle = idleFlags(system, variant, input, givenFlags(system, opts), report);
    if (opts.json) {
      process.stdout.write(
        `${JSON.stringify(bounds ? { ...report, bounds: roundedBounds(bounds) } : report, null, 2)}\n`,
      );
      if (idle) process.stderr.write(`debellator: note: ${idle}\n`);
    } else {
      const s = situation as { mode: string; bound?: string };
      const title = `${variant.name} ${system.situation.modeName(situation)}${s.bound ? `, ${s.bound.toUpperCase()}'s bound` : ''}`;
      const line = verdict(report, system.outcomes);
      process.stdout.write(`${formatOdds(report, title, outcomeNames(system, variant), line)}\n`);
      if (idle) process.stdout.write(`\nNo effect: ${idle}\n`);
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

/**
 * The flags given that change nothing here, in words ("--a-moved (A's moved into contact) changes no
 * factor or outcome in this combat"), or undefined. Each is tried left out: a flag that only repeats the
 * default is not named; one whose absence gives the same factors and odds is. The rules decide; no rule
 * here.
 */
function idleFlags(
  system: AnySystem,
  variant: Variant,
  input: Record<string, unknown>,
  given: readonly { readonly flag: string; readonly path: readonly (string | number)[] }[],
  report: OddsReport,
): string | undefined {
  const minimal = (s: unknown) => JSON.stringify(system.situation.toInput(s));
  const same = (r: OddsReport) =>
    JSON.stringify([r.a.outcomes, r.b.outcomes, r.a.factors, r.b.factors]) ===
    JSON.stringify([report.a.outcomes, report.b.outcomes, report.a.factors, report.b.factors]);
  const here = minimal(variant.parseSituation(input));
  const idle = given.filter(({ path }) => {
    if (path.length === 0 || path.includes('element')) return false;
    const without = structuredClone(input);
    const parent = valueAtPath(without, path.slice(0, -1));
    if (typeof parent !== 'object' || parent === null) return false;
    delete (parent as Record<string | number, unknown>)[path.at(-1)!];
    try {
      const s = variant.parseSituation(without);
      return minimal(s) !== here && same(oddsReport(variant.ruleset, s as { rules: string; mode: string }));
    } catch {
      return false;
    }
  });
  if (idle.length === 0) return undefined;
  const named = idle.map((f) => `${f.flag} (${fieldWords(system, f.path)})`);
  return `${named.join(', ')} ${idle.length === 1 ? 'changes' : 'change'} no factor or outcome in this combat.`;
}

/** The rule set's outcomes in its order, named as the system labels them. */
function outcomeNames(system: AnySystem, variant: Variant): { id: string; label: string }[] {
  return variant.ruleset.outcomes.map((id) => ({
    id,
    label: system.outcomes.find((o) => o.id === id)?.label ?? id,
  }));
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
    if (opts.distance !== undefined) throw new InputError('--distance goes with --bounds N and --shooting');
    return undefined;
  }
  let distance: number | undefined;
  if (opts.distance !== undefined) {
    const d = String(opts.distance);
    if (!/^\d+(\.\d+)?$/.test(d)) throw new InputError(`--distance: paces, a number, not "${d}"`);
    distance = Number(d);
  }
  const text = String(opts.bounds);
  if (!/^\d+$/.test(text)) throw new InputError(`--bounds: a whole number of bounds, not "${text}"`);
  const n = Number(text);
  const model = system.engagement;
  if (!model?.boundsOdds)
    throw new InputError(`--bounds: ${system.name} has no engagement model to fight on with`);
  const options = Object.fromEntries(given.map((f) => [f.key, f.value(opts[f.opt])]));
  // Every part of the situation the model cannot carry, at once, in words with the flag that set it.
  const named = (path: FieldPath, at: unknown): string => {
    const flag = path[0] === 'mode' && opts.shooting ? '--shooting' : flagForPath(system, path);
    return `${fieldWithValue(system, at, path)}${flag ? ` [${flag}]` : ''}`;
  };
  try {
    return fightOn(system, variant, input, { bounds: n, options, distance }, named);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    const [head, key] = e.path;
    if (head === 'bounds') throw new InputError(`--bounds: ${e.detail}`);
    if (head === 'distance') throw new InputError(`--distance: ${e.detail}`);
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
  chosen: boolean,
): unknown {
  try {
    return variant.parseSituation(input);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    if (file) throw e.inFile(file.file, file.lineOf);
    const [head, key] = e.path;
    const given = valueAtPath(input, e.path);
    // Another system's notation says which rules it needs (unless the user chose these rules and they
    // write elements the same way: a B&B player gets the nearest B&B element); else the nearest element.
    const other = typeof given === 'string' ? rulesThatParse(given, system, chosen) : undefined;
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

/**
 * Another system whose notation reads `text`, if any; when the user chose `not` (`--rules`), only one
 * whose notation differs from its (DBA's "4Bd" under DBM), not one that writes elements the same way.
 */
function rulesThatParse(text: string, not: AnySystem, chosen: boolean): AnySystem | undefined {
  const reads = (s: AnySystem, t: string): boolean => {
    try {
      s.catalogue!.parse(t);
      return true;
    } catch {
      return false;
    }
  };
  return allSystems().find((s) => {
    if (s.id === not.id || !s.catalogue || !reads(s, text)) return false;
    const own = not.catalogue;
    return !chosen || !own || !own.all().some((e) => reads(s, own.format(e)));
  });
}
