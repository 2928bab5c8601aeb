/**
 * Matrix studies: every element of side A's sweep (rows) against every element of side B's (columns),
 * under one context (a situation without its elements, in the system's own format), each cell resolved
 * exactly and optionally sampled. Any system with a catalogue can be swept.
 */
import { z } from 'zod';
import { InputError, type FieldPath } from '../../core/errors.ts';
import { fieldOutOfMode } from '../../core/fields.ts';
import type { AnySystem, Catalogue } from '../../core/system.ts';
import {
  cellJobs,
  cellProblems,
  matrixSummary,
  outcomeInfo,
  cellResults,
  cellsCsv,
  cellsHeader,
  planCell,
  type CellRecord,
  type CellStudyPlan,
  type CellStudyResults,
} from '../cells.ts';
import type { StudyContext, StudyKind } from '../kind.ts';
import { samplesField } from '../odds/index.ts';
import type { Block, Table } from '../../report/table.ts';
import { expandSweep, sweepSchema } from './sweep.ts';

type Fields = Readonly<Record<string, unknown>>;
const isMapping = (x: unknown): x is Fields => typeof x === 'object' && x !== null && !Array.isArray(x);
const dec = (p: number, digits: number): string => p.toFixed(digits);

/** One context side: its fields less `depth`, checked for what the sweep and `depth` decide. */
function contextSide(
  system: AnySystem,
  catalogue: Catalogue,
  context: Fields,
  id: 'a' | 'b',
): { fields: Fields; depth: number } {
  const at: FieldPath = ['context', id];
  const raw = context[id];
  if (raw === undefined) return { fields: {}, depth: 1 };
  if (!isMapping(raw)) throw new InputError('expected a mapping of side fields', { path: at });
  const { depth, element, ...fields } = raw;
  if (element !== undefined)
    throw new InputError('the sweep gives each cell its element: leave it out here', {
      path: [...at, 'element'],
    });
  if (depth === undefined) return { fields, depth: 1 };
  const deep = catalogue.depth;
  if (!deep)
    throw new InputError(`${system.name} has no ranks behind an element`, { path: [...at, 'depth'] });
  if (typeof depth !== 'number' || !Number.isInteger(depth) || depth < 1 || depth > deep.max)
    throw new InputError(`expected a whole number from 1 to ${deep.max}`, { path: [...at, 'depth'] });
  if (fields[deep.field] !== undefined)
    throw new InputError(`give depth or ${deep.field}, not both`, { path: [...at, 'depth'] });
  return { fields, depth };
}

interface MatrixPlan extends CellStudyPlan {
  readonly about: string;
  readonly rows: readonly string[];
  readonly cols: readonly string[];
}

export interface MatrixResults extends CellStudyResults {
  readonly rows: readonly string[];
  readonly cols: readonly string[];
}

function planMatrix(block: Fields, ctx: StudyContext): Omit<MatrixPlan, 'name' | 'title' | 'about'> {
  const system = ctx.system;
  const catalogue = system.catalogue as Catalogue;
  const variant = ctx.variant();
  const as = expandSweep(block.a as never, ['a'], catalogue, system.name);
  const bs = expandSweep(block.b as never, ['b'], catalogue, system.name);
  ctx.claimCells?.(as.length * bs.length, []);
  const context = (block.context as Fields | undefined) ?? {};
  if (context.rules !== undefined)
    throw new InputError(`every cell is under the scenario's rules (${ctx.rules})`, {
      path: ['context', 'rules'],
    });
  const sa = contextSide(system, catalogue, context, 'a');
  const sb = contextSide(system, catalogue, context, 'b');
  // A misspelt key is wrong in every cell: say so without naming a cell.
  const known = new Set(Object.keys((system.situation.side as unknown as { shape: object }).shape));
  for (const [id, s] of [
    ['a', sa],
    ['b', sb],
  ] as const)
    for (const key of Object.keys(s.fields))
      if (!known.has(key)) throw new InputError(`unknown key "${key}"`, { path: ['context', id, key] });
  const { a: _a, b: _b, ...shared } = context;
  // A context field of another combat mode would be ignored in every cell: refuse it.
  const mode = String(shared.mode ?? system.situation.defaults.mode);
  const stray = fieldOutOfMode(system.situation, { ...shared, a: sa.fields, b: sb.fields }, mode);
  if (stray)
    throw new InputError(`applies to ${stray.modes.join(' or ')} only, and this combat is ${mode}`, {
      path: ['context', ...stray.path],
    });
  const deep = catalogue.depth;
  const side = (s: { fields: Fields; depth: number }, notation: string): Fields => ({
    ...s.fields,
    element: notation,
    ...(deep && s.depth > 1 ? { [deep.field]: deep.value(notation, s.depth) } : {}),
  });
  const cells = [];
  for (const ea of as) {
    const a = catalogue.format(ea);
    for (const eb of bs) {
      const b = catalogue.format(eb);
      const input = {
        ...system.situation.defaults,
        ...shared,
        rules: ctx.rules,
        a: side(sa, a),
        b: side(sb, b),
      };
      let situation: unknown;
      try {
        situation = variant.parseSituation(input);
      } catch (e) {
        if (e instanceof InputError) throw e.within(['context']).note(`cell ${a} v ${b}`);
        throw e;
      }
      cells.push(planCell(system, variant, situation, (x, y) => `${x} v ${y}`));
    }
  }
  return {
    seed: ctx.seed,
    samples: ctx.samples ?? (block.samples as number | undefined) ?? ctx.scenarioSamples ?? 0,
    outcomes: variant.ruleset.outcomes,
    outcomeInfo: outcomeInfo(system),
    version: variant.name,
    cells,
    rows: as.map((e) => catalogue.format(e)),
    cols: bs.map((e) => catalogue.format(e)),
  };
}

/** One value per cell as a wide grid: a row per A element, a column per B element. */
export function gridTable(r: MatrixResults, value: (c: CellRecord) => number, digits = 4): Table {
  return {
    columns: [
      { name: 'A \\ B', key: 'a' },
      ...r.cols.map((c) => ({
        name: c,
        format: (p: number) => dec(p, digits),
        csv: (p: number) => dec(p, 6),
      })),
    ],
    rows: r.rows.map((row, i) => [
      row,
      ...r.cols.map((_, j) => value(r.cells[i * r.cols.length + j] as CellRecord)),
    ]),
  };
}

/** The grids of a matrix: the worst outcome each way, and the net of the two worst outcomes. */
export function matrixGrids(r: MatrixResults): { readonly title: string; readonly table: Table }[] {
  const p = (c: CellRecord, side: 'a' | 'b', o: string) => c.result[side].exact[o]?.p ?? 0;
  const worst = r.outcomes[0] as string;
  const second = r.outcomes.length > 2 ? (r.outcomes[1] as string) : undefined;
  const either = second && `${worst} or ${second === 'flee' ? 'flees' : second}`;
  return [
    { title: `P(B ${worst}): A ${verb(worst)} B`, table: gridTable(r, (c) => p(c, 'b', worst)) },
    { title: `P(A ${worst}): B ${verb(worst)} A`, table: gridTable(r, (c) => p(c, 'a', worst)) },
    ...(second
      ? [
          {
            title: `Net: P(B ${either}) - P(A ${either})`,
            table: gridTable(
              r,
              (c) => p(c, 'b', worst) + p(c, 'b', second) - p(c, 'a', worst) - p(c, 'a', second),
            ),
          },
        ]
      : []),
  ];
}

/**
 * The Markdown of a matrix: the worst outcome each way, and the net of the two worst outcomes (DBM:
 * destroyed, and destroyed or flees).
 */
export function matrixMarkdown(
  title: string,
  about: string,
  r: MatrixResults,
  grids: readonly { readonly title: string; readonly table: Table }[] = matrixGrids(r),
): Block[] {
  const blocks: Block[] = [
    ...cellsHeader(title, r, about),
    ...grids.flatMap((g): Block[] => [{ heading: g.title }, { table: g.table }]),
  ];
  if (r.samples > 0) {
    const bad = r.cells.filter((c) => !c.result.agrees).map((c) => c.label);
    blocks.push({
      text:
        bad.length === 0
          ? `Sampled estimates agree with the exact values in all ${r.cells.length} cells (CSV has every estimate and interval).`
          : `Sampled estimates disagree with the exact values in: ${bad.join(', ')}.`,
    });
  }
  return blocks;
}

/** "destroyed" -> "destroys", "routed" -> "routs": how a title says A inflicts an outcome. */
const verb = (o: string): string => (o === 'destroyed' ? 'destroys' : `inflicts ${o} on`);

export const matrixKind: StudyKind<MatrixPlan, MatrixResults> = {
  id: 'matrix',
  describe: 'Every element of one sweep against every element of another (docs/scenarios.md)',
  fields: (system) =>
    system.catalogue
      ? z.object({
          samples: samplesField,
          a: sweepSchema.describe('Rows: side A elements'),
          b: sweepSchema.describe('Columns: side B elements'),
          context: z
            .record(z.string(), z.unknown())
            .optional()
            .describe(
              'Circumstances shared by every cell, in the situation format of the rule system (sides may add `depth`)',
            ),
        })
      : undefined,
  unsupported: (system) =>
    `matrix studies need a rule system whose elements can be named and swept, not ${system.name}`,
  plan: (block, header, ctx) => ({
    name: header.name,
    title: header.title,
    about: ctx.about,
    ...planMatrix(block, ctx),
  }),
  work: (plan, done) => ({ jobs: cellJobs(plan, done), final: true }),
  results: (plan, done) => ({ ...cellResults(plan, done), rows: plan.rows, cols: plan.cols }),
  report(r, plan) {
    return {
      documents: new Map([[`${plan.name}.md`, matrixMarkdown(plan.title, plan.about, r)]]),
      data: new Map([[`${plan.name}.csv`, cellsCsv(plan.name, r)]]),
      sections: [],
      summary: matrixSummary(plan.title, plan, r),
      problems: cellProblems(plan.name, r),
    };
  },
};
