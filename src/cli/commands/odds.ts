/**
 * `debellator odds A B [flags]` / `debellator odds --situation file.yaml`: exact odds of one combat.
 * Flags build a situation-file object, so flags and files go through one validator.
 */
import { Option, type Command } from 'commander';
import type { RuleSet } from '../../core/ruleset.ts';
import { oddsReport } from '../../engine/odds.ts';
import { readStructuredFile, StructuredFileError } from '../../io/structured-file.ts';
import { isSituationError, situationErrorPath } from '../../core/situation-error.ts';
import { readGbaChartsFile } from '../../io/gba-charts-file.ts';
import { ALL_RULES_IDS, systemFor, type RuleSystem } from '../../systems/registry.ts';
import { UsageError } from '../errors.ts';
import { formatOdds } from '../format.ts';

/** Per-side flags: `--a-<flag>` and `--b-<flag>` set the situation field `field`. */
const SIDE_FLAGS: readonly {
  flag: string;
  field: string;
  kind: 'bool' | 'int' | 'text' | 'list';
  help: string;
}[] = [
  { flag: 'rear', field: 'rear', kind: 'list', help: 'element in the rank behind (repeat for 3rd, 4th)' },
  { flag: 'general', field: 'general', kind: 'bool', help: "general's element" },
  { flag: 'demoralised', field: 'demoralised', kind: 'bool', help: 'element of a demoralised command' },
  { flag: 'overlapped', field: 'overlaps', kind: 'int', help: 'flanks overlapped (0-2)' },
  {
    flag: 'flank-contacts',
    field: 'flankContacts',
    kind: 'int',
    help: 'enemy in contact with a flank (0-2)',
  },
  { flag: 'rear-contact', field: 'rearContact', kind: 'bool', help: 'enemy in contact with the rear' },
  { flag: 'going', field: 'going', kind: 'text', help: 'good, rough, difficult, brush or dunes' },
  {
    flag: 'uphill',
    field: 'uphill',
    kind: 'bool',
    help: 'upslope, on a raised tower or defending a river bank',
  },
  {
    flag: 'fortification',
    field: 'fortification',
    kind: 'text',
    help: 'defending none, temporary or permanent',
  },
  {
    flag: 'assaulting',
    field: 'assaultingFortification',
    kind: 'bool',
    help: 'attacking across fortifications',
  },
  {
    flag: 'crossing-river',
    field: 'crossingRiver',
    kind: 'bool',
    help: 'crossing a river (not paltry, not at a ford)',
  },
  {
    flag: 'disadvantaged',
    field: 'disadvantaged',
    kind: 'bool',
    help: 'by weather or shooting to/from a wood',
  },
  { flag: 'moved', field: 'movedIntoContact', kind: 'bool', help: 'moved into contact this bound' },
  { flag: 'aiders', field: 'aiders', kind: 'int', help: 'shooting: elements aiding (0-2)' },
  {
    flag: 'double-based',
    field: 'doubleBased',
    kind: 'bool',
    help: 'front element and 2nd rank are one double element',
  },
  {
    flag: 'list-grade-support',
    field: 'listGradeSupport',
    kind: 'bool',
    help: '3.2: list allows support by another grade',
  },
  { flag: 'chariots', field: 'chariots', kind: 'bool', help: 'chariots (no rear support)' },
  { flag: 'mobile', field: 'mobile', kind: 'bool', help: 'baggage: mobile' },
  { flag: 'unladen', field: 'unladen', kind: 'bool', help: 'naval: no troops embarked' },
  { flag: 'disembarked', field: 'disembarked', kind: 'bool', help: 'naval: troops disembarked' },
];

const camel = (s: string) => s.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

function parseIntFlag(name: string) {
  return (v: string) => {
    if (!/^\d+$/.test(v)) throw new UsageError(`--${name}: "${v}" is not a whole number`);
    return Number(v);
  };
}

export function registerOdds(program: Command, exit: { code: number }): void {
  const cmd = program
    .command('odds')
    .description(
      'Exact odds of one close combat or shooting between two elements, with every factor explained',
    )
    .argument('[a]', 'side A element, e.g. "Reg Bd(O)"')
    .argument('[b]', 'side B element, e.g. "Irr Wb(S)"')
    .option('--situation <file>', 'read the situation from a YAML or JSON file (docs/situation.md)')
    .addOption(new Option('--rules <id>', 'rule set and version').choices([...ALL_RULES_IDS]))
    .addOption(new Option('--mode <mode>', 'close combat or distant shooting').choices(['close', 'shooting']))
    .option('--shooting', 'same as --mode shooting')
    .addOption(new Option('--bound <side>', 'whose bound it is').choices(['a', 'b']))
    .addOption(new Option('--shooters <who>', 'shooting: which side shoots').choices(['a', 'b', 'both']))
    .option('--charts <file>', 'GBA: your own chart file (YAML/JSON, the shape of src/systems/gba/charts.json)')
    .option('--json', 'print one JSON object (docs/situation.md "JSON output")');
  for (const side of ['a', 'b'] as const) {
    for (const f of SIDE_FLAGS) {
      const name = `${side}-${f.flag}`;
      const help = `${side.toUpperCase()}: ${f.help}`;
      if (f.kind === 'bool') cmd.option(`--${name}`, help);
      else if (f.kind === 'int') cmd.option(`--${name} <n>`, help, parseIntFlag(name));
      else if (f.kind === 'list')
        cmd.option(`--${name} <element>`, help, (v: string, prev: string[] = []) => [...prev, v]);
      else cmd.option(`--${name} <value>`, help);
    }
  }
  cmd.action((a: string | undefined, b: string | undefined, opts: Record<string, unknown>) => {
    const input = buildInput(a, b, opts);
    const rulesId = String((input as { rules?: string }).rules ?? 'dbm-3.2');
    const known = systemFor(rulesId);
    if (!known) throw new UsageError(`unknown rules "${rulesId}" (${ALL_RULES_IDS.join(', ')})`);
    const system = withChartsFile(known, opts.charts as string | undefined, rulesId);
    for (const [k, v] of Object.entries(system.defaults)) input[k] ??= v;
    const situation = parseWithLocation(system.parseSituation, input, opts.situation as string | undefined);
    const report = oddsReport(system.ruleset as RuleSet<typeof situation, string>, situation);
    if (opts.json) {
      process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    } else {
      const s = situation as { mode: string; bound?: string };
      const title = `${system.name(situation.rules)} ${s.mode === 'close' ? 'close combat' : s.mode}${s.bound ? `, ${s.bound.toUpperCase()}'s bound` : ''}`;
      process.stdout.write(`${formatOdds(report, title, system.ruleset.outcomes)}\n`);
    }
    exit.code = 0;
  });
}

/** The system over the user's chart file, if one was given (only systems with charts take one). */
function withChartsFile(system: RuleSystem, file: string | undefined, rulesId: string): RuleSystem {
  if (file === undefined) return system;
  if (!system.withCharts) throw new UsageError(`--charts: ${system.name(rulesId)} has no charts to replace`);
  return system.withCharts(readGbaChartsFile(file));
}

let fileForErrors: { file: string; lineOf: (p: readonly (string | number)[]) => number } | undefined;

function buildInput(
  a: string | undefined,
  b: string | undefined,
  opts: Record<string, unknown>,
): Record<string, unknown> {
  let input: Record<string, unknown> = {};
  fileForErrors = undefined;
  if (typeof opts.situation === 'string') {
    const f = readStructuredFile(opts.situation);
    if (typeof f.data !== 'object' || f.data === null || Array.isArray(f.data))
      throw new StructuredFileError(`${f.file}:1 the situation must be a mapping with keys a and b`);
    input = structuredClone(f.data) as Record<string, unknown>;
    fileForErrors = f;
  }
  const sideOf = (id: 'a' | 'b'): Record<string, unknown> => {
    const existing = input[id];
    const s = typeof existing === 'object' && existing !== null ? (existing as Record<string, unknown>) : {};
    input[id] = s;
    return s;
  };
  if (a !== undefined) sideOf('a').element = a;
  if (b !== undefined) sideOf('b').element = b;
  if (!fileForErrors && (a === undefined || b === undefined))
    throw new UsageError('give two elements (e.g. odds "Reg Bd(O)" "Irr Wb(S)") or --situation FILE');
  if (opts.rules) input.rules = opts.rules;
  if (opts.shooting) input.mode = 'shooting';
  if (opts.mode) input.mode = opts.mode;
  input.rules ??= 'dbm-3.2';
  if (opts.bound) input.bound = opts.bound;

  if (opts.shooters) input.shooters = opts.shooters;
  for (const side of ['a', 'b'] as const) {
    for (const f of SIDE_FLAGS) {
      const v = opts[camel(`${side}-${f.flag}`)];
      if (v !== undefined) sideOf(side)[f.field] = v;
    }
  }
  return input;
}

function parseWithLocation<T>(parse: (input: unknown) => T, input: unknown, file: string | undefined): T {
  try {
    return parse(input);
  } catch (e) {
    if (isSituationError(e)) {
      const path = situationErrorPath(e);
      if (file && fileForErrors) throw new UsageError(`${file}:${fileForErrors.lineOf(path)} ${e.message}`);
      throw new UsageError(flagHint(e.message));
    }
    throw e;
  }
}

/** Name the flag for a field error from flags, e.g. "a.overlaps" -> "--a-overlapped". */
function flagHint(message: string): string {
  const m = /^([ab])\.([A-Za-z]+)/.exec(message);
  if (!m) return message;
  const f = SIDE_FLAGS.find((x) => x.field === m[2]);
  if (m[2] === 'element')
    return `${m[1] === 'a' ? 'first' : 'second'} element: ${message.slice(message.indexOf(':') + 2)}`;
  return f ? `--${m[1]}-${f.flag}: ${message.slice(message.indexOf(':') + 2)}` : message;
}
