/**
 * `debellator matrix --a SELECTION --b SELECTION [--rules ID] [--show MEASURE] [--csv]`: every element of
 * one selection against every element of another, exact, as a wide grid (a row per A element, a column
 * per B element) in Markdown or CSV, with no scenario file. It is the `matrix` study kind
 * (studies/matrix/) planned from flags: the same cells, the same grids as its report.
 */
import type { Command } from 'commander';
import { InputError } from '../../core/errors.ts';
import { parseWith } from '../../core/schema-issues.ts';
import type { AnySystem } from '../../core/system.ts';
import { toolInfo } from '../../pipeline/tool.ts';
import { markdownText, tableCsv } from '../../report/table.ts';
import { matrixGrids, matrixKind, matrixMarkdown } from '../../studies/matrix/index.ts';
import { MAX_SCENARIO_CELLS, type StudyContext } from '../../studies/kind.ts';
import { defaultRulesId, requireSystem } from '../../systems/registry.ts';
import { once } from '../parse.ts';

/** The grids `--show` picks, in matrixGrids' order. */
const MEASURES = ['inflicts', 'suffers', 'net'] as const;
type Measure = (typeof MEASURES)[number];

interface MatrixFlags {
  rules?: string;
  a?: string;
  b?: string;
  aGrade?: string;
  bGrade?: string;
  aReg?: string;
  bReg?: string;
  show?: string;
  csv?: boolean;
}

const list = (text: string): string[] =>
  text
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x !== '');

/**
 * A selection as the matrix study's sweep: "all"; elements in notation; or troop types and groups
 * ("mounted", "foot", "land"), with grades and regularities from `--a-grade`, `--a-reg`.
 */
function sweepOf(system: AnySystem, flag: string, text: string, grade?: string, reg?: string): unknown {
  const items = list(text);
  if (items.length === 0) throw new InputError(`${flag}: give "all", troop types, a group or elements`);
  const c = system.catalogue!;
  const isElement = (x: string): boolean => {
    try {
      c.parse(x);
      return true;
    } catch {
      return false;
    }
  };
  const elements = items.filter(isElement);
  if (elements.length === items.length) {
    if (grade !== undefined || reg !== undefined)
      throw new InputError(`${flag}-grade and ${flag}-reg go with troop types, not elements`);
    return elements;
  }
  if (elements.length > 0)
    throw new InputError(`${flag}: give troop types or elements, not both ("${elements[0]}" is an element)`);
  if (items.length === 1 && items[0]!.toLowerCase() === 'all' && grade === undefined && reg === undefined)
    return 'all';
  return {
    type: items,
    ...(grade !== undefined ? { grade: list(grade) } : {}),
    ...(reg !== undefined ? { reg: list(reg) } : {}),
  };
}

/** A refusal of the sweep, named by the flag that gave it ("--a", "--b-grade"). */
function flagError(e: InputError): InputError {
  const [side, key] = e.path;
  if (side !== 'a' && side !== 'b') return e;
  const flag = key === 'grade' || key === 'reg' ? `--${side}-${key}` : `--${side}`;
  return new InputError(`${flag}: ${e.detail}`);
}

export function registerMatrix(program: Command, exit: { code: number }): void {
  program
    .command('matrix')
    .description(
      'Exact odds of every element of one selection against every element of another: a wide grid (rows A, columns B) as Markdown or CSV',
    )
    .option(
      '--rules <id>',
      `rule set and version (default ${defaultRulesId()}); any with named elements`,
      once('rules'),
    )
    .option(
      '--a <selection>',
      'rows: "all", a group (mounted, foot; DBM: land), troop types ("Kn,Cv") or elements ("Reg Bd(O),Irr Wb(S)")',
      once('a'),
    )
    .option('--b <selection>', 'columns: as --a', once('b'))
    .option(
      '--a-grade <grades>',
      'with troop types: the grades of A, e.g. S,O (default all)',
      once('a-grade'),
    )
    .option('--b-grade <grades>', 'with troop types: the grades of B', once('b-grade'))
    .option('--a-reg <reg>', 'with troop types: Reg, Irr (default both)', once('a-reg'))
    .option('--b-reg <reg>', 'with troop types: Reg, Irr', once('b-reg'))
    .option(
      '--show <measure>',
      "inflicts: B's worst outcome (default for CSV); suffers: A's; net: the two worst outcomes B takes less A's",
      once('show'),
    )
    .option('--csv', 'one grid (--show) as CSV instead of Markdown')
    .addHelpText(
      'after',
      '\nExamples:\n  debellator matrix --a mounted --b foot\n  debellator matrix --rules dbm-3.2 --a Kn,Cv --a-grade S,O --b "Reg Bd(O),Reg Sp(O)" --csv\n  debellator matrix --rules dba-3.0 --a all --b 4Bd,4Sp,4Pk --show net\n',
    )
    .action((opts: MatrixFlags) => {
      const rules = opts.rules ?? defaultRulesId();
      let system: AnySystem;
      try {
        system = requireSystem(rules, []);
      } catch (e) {
        if (e instanceof InputError) throw new InputError(`--rules: ${e.detail}`);
        throw e;
      }
      const schema = matrixKind.fields(system);
      if (!schema || !system.catalogue) throw new InputError(`--rules: ${matrixKind.unsupported(system)}`);
      if (opts.a === undefined || opts.b === undefined)
        throw new InputError('give both sides: --a SELECTION --b SELECTION (e.g. --a mounted --b foot)');
      const show = opts.show as Measure | undefined;
      if (show !== undefined && !MEASURES.includes(show))
        throw new InputError(`--show: one of ${MEASURES.join(', ')}, not "${opts.show}"`);
      const block = {
        samples: 0,
        a: sweepOf(system, '--a', opts.a, opts.aGrade, opts.aReg),
        b: sweepOf(system, '--b', opts.b, opts.bGrade, opts.bReg),
      };
      const command = `debellator matrix --rules ${rules} --a "${opts.a}" --b "${opts.b}"`;
      const tool = toolInfo();
      const ctx: StudyContext = {
        system,
        rules,
        variant: (version = rules) => system.variant({ version }),
        spec: { version: rules },
        seed: '1',
        about: `\`${command}\`, ${tool.name} ${tool.version}`,
        path: [],
        claimCells: (n) => {
          if (n > MAX_SCENARIO_CELLS)
            throw new InputError(
              `${n.toLocaleString('en-US')} cells; at most ${MAX_SCENARIO_CELLS.toLocaleString('en-US')}: select fewer`,
            );
        },
      };
      let plan;
      try {
        plan = matrixKind.plan(
          parseWith(schema.strict(), block),
          { kind: 'matrix', name: 'matrix', title: '' },
          ctx,
        );
      } catch (e) {
        if (e instanceof InputError) throw flagError(e);
        throw e;
      }
      const results = matrixKind.results(plan, new Map());
      const grids = matrixGrids(results);
      const picked = show === undefined ? undefined : grids[MEASURES.indexOf(show)];
      if (show !== undefined && !picked)
        throw new InputError(`--show ${show}: ${system.name} has no second-worst outcome to net`);
      if (opts.csv) process.stdout.write(tableCsv((picked ?? grids[0]!).table));
      else {
        const title = `${results.version}: ${opts.a} against ${opts.b}`;
        const blocks = matrixMarkdown(
          title,
          `Exact odds of every pairing, \`${command}\``,
          results,
          picked ? [picked] : grids,
        );
        process.stdout.write(markdownText(blocks));
      }
      exit.code = 0;
    });
}
