/**
 * `debellator army FILE [--rules ID] [--points N] [--json]`: an army file fitted to a points budget
 * (docs/armies.md): per command its general, elements, element equivalents and AP, and the army's total.
 */
import type { Command } from 'commander';
import type { ArmyCommand, FittedArmy } from '../../core/army.ts';
import { InputError } from '../../core/errors.ts';
import type { AnySystem } from '../../core/system.ts';
import { readStructuredFile } from '../../pipeline/structured-file.ts';
import { allSystems, requireSystem } from '../../systems/registry.ts';

const MAX_POINTS = 10_000;

/** The system and rules id: --rules, else the newest version of the first system with army files. */
export function systemFor(rules: string | undefined): { system: AnySystem; rules: string } {
  if (rules) {
    const system = requireSystem(rules, []);
    if (!system.army) throw new InputError(`--rules: ${system.name} has no army files`);
    return { system, rules };
  }
  const system = allSystems().find((s) => s.army);
  if (!system) throw new InputError('no rule system has army files');
  return { system, rules: system.versions.at(-1)!.id };
}

export function points(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0 || n > MAX_POINTS || text.trim() === '')
    throw new InputError(`--points: expected AP above 0 and at most ${MAX_POINTS}, found "${text}"`);
  return n;
}

const num = (x: number) => String(Math.round(x * 100) / 100);
const pad = (s: string, n: number, right = false) =>
  s.length >= n ? s : right ? ' '.repeat(n - s.length) + s : s + ' '.repeat(n - s.length);

const ROLE = { 'c-in-c': 'C-in-C', 'sub-general': 'sub-general', ally: 'ally' } as const;

function commandLines(c: ArmyCommand): string[] {
  const rows: string[][] = [
    [
      '1',
      c.general.element,
      c.general.line,
      num(c.general.ap),
      num(c.general.equivalents),
      num(c.general.ap),
      ROLE[c.general.role],
    ],
    ...c.troops.map((t) => [
      String(t.count),
      t.element,
      t.line,
      num(t.ap),
      num(t.equivalents),
      num(t.ap * t.count),
      [...t.options, ...(t.fill ? ['fill'] : [])].join(', '),
    ]),
  ];
  const head = ['n', 'element', 'line', 'AP each', 'EE each', 'AP', ''];
  const widths = head.map((h, k) => Math.max(h.length, ...rows.map((r) => (r[k] as string).length)));
  const right = [true, false, false, true, true, true, false];
  const line = (r: readonly string[]) =>
    `  ${r.map((x, k) => pad(x, widths[k] as number, right[k])).join('  ')}`.trimEnd();
  return [
    `${c.name}: ${c.wing}, ${c.victoryPoints} VP; ${c.elements} elements, ${num(c.equivalents)} element equivalents, ${num(c.ap)} AP`,
    line(head),
    ...rows.map(line),
  ];
}

export function formatArmy(a: FittedArmy): string {
  const baggageWith = a.commands[a.baggage.command]?.name ?? '';
  return [
    a.name,
    `List: ${a.list}`,
    `${a.rulesName}: ${num(a.ap)} AP of ${num(a.budget)}; ${a.commands.length} commands, ${a.elements} elements, ${num(a.equivalents)} element equivalents; baggage ${a.baggage.count} ${a.baggage.element} with ${baggageWith}`,
    ...a.commands.flatMap((c) => ['', ...commandLines(c)]),
  ].join('\n');
}

export function registerArmy(program: Command, exit: { code: number }): void {
  program
    .command('army')
    .description(
      "An army file fitted to a points budget: each command's general, elements, element equivalents and AP",
    )
    .argument('<file>', 'army file (YAML or JSON), e.g. armies/early-imperial-roman.yaml')
    .option('--rules <id>', 'rule set and version, e.g. dbm-3.0 or dbm-3.2 (default: the newest DBM)')
    .option('--points <n>', "budget in AP (default: the file's, else 400)")
    .option('--json', 'print JSON')
    .action((file: string, opts: { rules?: string; points?: string; json?: boolean }) => {
      const { system, rules } = systemFor(opts.rules);
      const budget = points(opts.points);
      const f = readStructuredFile(file);
      let army: FittedArmy;
      try {
        army = system.army!.fit(f.data, { version: rules }, budget);
      } catch (e) {
        if (e instanceof InputError) throw e.inFile(f.file, f.lineOf);
        throw e;
      }
      process.stdout.write(opts.json ? `${JSON.stringify({ file, ...army })}\n` : `${formatArmy(army)}\n`);
      exit.code = 0;
    });
}
