/**
 * The study block of a lines engagement (docs/engagement-model.md): two lines, as explicit files or a
 * shorthand, an optional AP budget, the bound limit, who moves first and the model's options. The
 * schema is zod with the system's own rank and line fields added; `configure` turns a parsed block into
 * the kernel's LinesConfig through the system's catalogue and adapter, and reports a bad field with its
 * path. Generic: nothing here knows a rule system.
 */
import { z } from 'zod';
import { InputError, type FieldPath } from '../../core/errors.ts';
import { parseWith } from '../../core/schema-issues.ts';
import type { AnySystem, Variant } from '../../core/system.ts';
import type { LineAdapter } from './adapter.ts';
import {
  DEFAULT_OPTIONS,
  type FileConfig,
  type LineConfig,
  type LinesConfig,
  type RankConfig,
} from './model.ts';
import { parseShorthand } from './shorthand.ts';

/** Most files a line may have, most ranks a file may have (DBM pikes: 4). */
const MAX_FILES = 200;
const MAX_DEPTH = 4;

const elementText = z.string().min(1).describe('An element in the notation of the rules: "Reg Bd(O)", "4Bd"');

export const modelOptionsSchema = z
  .object({
    alignment: z.enum(['centre', 'left']).default(DEFAULT_OPTIONS.alignment),
    combatOrder: z.enum(['owner-best-first', 'sweep', 'simultaneous']).default(DEFAULT_OPTIONS.combatOrder),
    renewContact: z.enum(['bound-owner', 'attacker']).default(DEFAULT_OPTIONS.renewContact),
    optionalPursuit: z.enum(['stand', 'pursue']).default(DEFAULT_OPTIONS.optionalPursuit),
    fledLost: z.boolean().default(DEFAULT_OPTIONS.fledLost),
    breakFraction: z.number().gt(0).max(1).default(DEFAULT_OPTIONS.breakFraction),
    flankAttacks: z.boolean().optional().describe('The old name of flankContacts (DBA 3.0 studies)'),
    flankContacts: z
      .boolean()
      .optional()
      .describe(
        "Free files with no enemy in front move onto the flank of an enemy fighting a friend (default: the rule system's; DBM on)",
      ),
    secondLineGap: z
      .number()
      .min(1)
      .max(20)
      .default(DEFAULT_OPTIONS.secondLineGap)
      .describe('Base depths between a line and the line behind it (DBM 3.2 p.25: two)'),
    refusals: z
      .enum(['expected', 'never'])
      .default(DEFAULT_OPTIONS.refusals)
      .describe('With a battlefield: a side that can avoid a fight it expects to lose refuses it, or never'),
    flight: z
      .enum(['return', 'gone'])
      .default(DEFAULT_OPTIONS.flight)
      .describe('Fled elements come back to their line after their bound of flight, or are gone for good'),
    tableDepth: z
      .number()
      .min(0)
      .max(10_000)
      .default(DEFAULT_OPTIONS.tableDepth)
      .describe('Paces of table behind each line at the start (DBM: 900)'),
  })
  .strict();

/** The block schema of a line system: generic fields plus the adapter's rank and line fields. */
export function linesBlockSchema(adapter: LineAdapter) {
  const rankSchema = z.union([
    elementText,
    z.object({ element: elementText, ...(adapter.rankFields ?? {}) }).strict(),
  ]);
  const ranksSchema = z
    .array(rankSchema)
    .min(1)
    .max(MAX_DEPTH)
    .describe('A column of elements, front to back');
  const fileSchema = z.union([
    ranksSchema,
    z
      .object({
        ranks: ranksSchema,
        ...(adapter.doubleBasing ? { doubleBased: z.boolean().optional() } : {}),
      })
      .strict(),
  ]);
  const goings = adapter.goings as [string, ...string[]];
  const lineObject = z
    .object({
      name: z.string().optional(),
      files: z.array(fileSchema).min(1).max(MAX_FILES).optional().describe('Explicit files, left to right'),
      troops: elementText.optional().describe('Every element of every file, with `depth`'),
      depth: z
        .number()
        .int()
        .min(1)
        .max(MAX_DEPTH)
        .optional()
        .describe('Ranks per file with `troops`; default 1'),
      column: ranksSchema.optional().describe('One file, repeated `count` times or to the budget'),
      count: z
        .number()
        .int()
        .min(1)
        .max(MAX_FILES)
        .optional()
        .describe('Number of files with `troops` or `column`'),
      budget: z
        .number()
        .positive()
        .max(100_000)
        .optional()
        .describe('AP to spend on files of `troops` or `column`'),
      ...(adapter.doubleBasing
        ? { doubleBased: z.boolean().optional().describe('Every file is double-based (front pair one base)') }
        : {}),
      going: z.enum(goings).optional().describe("The line's going, in the rule system's terms"),
      width: z
        .number()
        .int()
        .min(1)
        .max(MAX_FILES)
        .optional()
        .describe(
          'Files in the front line with `troops` or `column`; the rest stand in lines behind it, as wide',
        ),
      ...(adapter.lineFields ?? {}),
    })
    .strict();
  const shorthand = z.string().describe('Shorthand, e.g. "8 files of Reg Bd(O), 2 deep"');
  const line = z.union([
    shorthand,
    lineObject.extend({
      secondLine: z
        .union([shorthand, lineObject])
        .optional()
        .describe('A second line behind this one, centred (docs/engagement-model.md "Second lines")'),
    }),
  ]);
  return z
    .object({
      a: line,
      b: line,
      budget: z
        .number()
        .positive()
        .max(100_000)
        .optional()
        .describe('AP budget for lines sized to "the budget"'),
      costs: z
        .record(z.string(), z.number().positive().max(10_000))
        .optional()
        .describe('Cost overrides for this study: {"Reg Bd(O)": 6.5}'),
      boundLimit: z
        .number()
        .int()
        .min(1)
        .max(200)
        .default(20)
        .describe('Player bounds before the fight is undecided'),
      first: z.enum(['a', 'b', 'alternate']).default('alternate').describe('Who has the first bound'),
      options: modelOptionsSchema.default(modelOptionsSchema.parse({})).describe('docs/engagement-model.md'),
      ...(adapter.approach
        ? {
            battlefield: z
              .object({
                distance: z
                  .number()
                  .min(0)
                  .max(5000)
                  .default(600)
                  .describe('Paces between the lines at the start (DBM 3.2 p.14: at least 600)'),
                shooters: z
                  .enum(['halt', 'advance'])
                  .default('halt')
                  .describe('A line ahead in shooting halts and shoots, or always advances'),
                terrain: z
                  .object({
                    per: z.enum(['battle', 'file']),
                    weights: z.partialRecord(z.enum(goings), z.number().min(0).max(1e6)),
                  })
                  .strict()
                  .optional()
                  .describe('Going drawn per engagement: one for the field or one per column, with weights'),
              })
              .strict()
              .optional()
              .describe('An approach with shooting, and terrain (docs/engagement-model.md "Battlefield")'),
          }
        : {}),
      ...(adapter.blockFields ?? {}),
    })
    .strict();
}

type Block = z.output<ReturnType<typeof linesBlockSchema>>;
type RankInput = string | ({ element: string } & Record<string, unknown>);
type FileInput = readonly RankInput[] | { ranks: readonly RankInput[]; doubleBased?: boolean };
type LineObject = Record<string, unknown> & {
  name?: string;
  width?: number;
  secondLine?: string | LineObject;
  files?: readonly FileInput[];
  troops?: string;
  depth?: number;
  column?: readonly RankInput[];
  count?: number;
  budget?: number;
  doubleBased?: boolean;
  going?: string;
};

/** The most whole files of cost `cost` that `budget` AP buys (at least 0). */
function filesForBudget(cost: number, budget: number): number {
  if (!(cost > 0)) throw new Error(`a file costing ${cost} AP cannot be bought to a budget`);
  return Math.max(0, Math.floor(budget / cost + 1e-9));
}

/** Builds lines of a system from a parsed block. */
export class LineBuilder<E> {
  constructor(
    private readonly adapter: LineAdapter<E>,
    private readonly system: AnySystem,
    private readonly variant: Variant,
  ) {}

  private element(text: string, path: FieldPath): E {
    const catalogue = this.system.catalogue;
    if (!catalogue) throw new InputError(`${this.system.name} has no element notation`, { path });
    try {
      return catalogue.parse(text) as E;
    } catch (e) {
      if (e instanceof InputError) throw e.within(path);
      throw e;
    }
  }

  rank(r: RankInput, index: number, doubleBased: boolean, path: FieldPath): RankConfig<E> {
    const text = typeof r === 'string' ? r : r.element;
    const element = this.element(text, typeof r === 'string' ? path : [...path, 'element']);
    const { element: _e, ...extra } = typeof r === 'string' ? { element: text } : r;
    try {
      return { element, ...this.adapter.rank(this.variant, element, index, doubleBased, extra) };
    } catch (e) {
      if (e instanceof InputError) throw e.within(path);
      throw e;
    }
  }

  file(input: FileInput, lineDoubleBased: boolean, path: FieldPath): FileConfig<E> {
    const ranks: readonly RankInput[] = Array.isArray(input)
      ? input
      : (input as { ranks: RankInput[] }).ranks;
    const doubleBased =
      (!Array.isArray(input) && (input as { doubleBased?: boolean }).doubleBased) || lineDoubleBased;
    const out = ranks.map((r, i) =>
      this.rank(
        r,
        i,
        doubleBased && ranks.length > 1,
        Array.isArray(input) ? [...path, i] : [...path, 'ranks', i],
      ),
    );
    return { ranks: out, doubleBased: doubleBased && out.length > 1 };
  }

  /** `count` files of one column (each rank an element with its extras). */
  repeated(
    column: readonly RankInput[],
    count: number,
    doubleBased: boolean,
    path: FieldPath,
  ): FileConfig<E>[] {
    const file = this.file(column, doubleBased, path);
    return new Array<FileConfig<E>>(count).fill(file);
  }

  fileCost(file: FileConfig<E>): number {
    return file.ranks.reduce((t, r) => t + r.ap, 0);
  }

  line(
    id: 'a' | 'b',
    input: string | LineObject,
    studyBudget: number | undefined,
    path: FieldPath = [id],
  ): LineConfig<E> {
    let line: LineObject;
    if (typeof input === 'string') {
      const s = parseShorthand(input);
      if (typeof s === 'string') throw new InputError(s, { path });
      const base = { troops: s.troops, depth: s.depth, ...(s.width !== undefined ? { width: s.width } : {}) };
      line =
        s.count !== undefined
          ? { ...base, count: s.count }
          : s.budget === 'study' || s.budget === undefined
            ? base
            : { ...base, budget: s.budget };
      if (s.depth < 1 || s.depth > MAX_DEPTH)
        throw new InputError(`files are 1 to ${MAX_DEPTH} deep, not ${s.depth}`, { path });
      if (s.count !== undefined && (s.count < 1 || s.count > MAX_FILES))
        throw new InputError(`a line has 1 to ${MAX_FILES} files, not ${s.count}`, { path });
    } else line = input;
    const forms = [line.files, line.troops, line.column].filter((x) => x !== undefined).length;
    if (forms !== 1) throw new InputError('give exactly one of `files`, `troops` or `column`', { path });
    const db = line.doubleBased ?? false;
    let files: FileConfig<E>[];
    if (line.files) {
      if (line.count !== undefined || line.budget !== undefined || line.depth !== undefined)
        throw new InputError('`count`, `budget` and `depth` go with `troops` or `column`, not `files`', {
          path,
        });
      files = line.files.map((f, i) => this.file(f, db, [...path, 'files', i]));
    } else {
      if (line.column && line.depth !== undefined)
        throw new InputError('`depth` goes with `troops`; a `column` lists its ranks', { path });
      const column: readonly RankInput[] =
        line.column ?? new Array<string>(line.depth ?? 1).fill(line.troops!);
      const at: FieldPath = [...path, line.column ? 'column' : 'troops'];
      let count = line.count;
      if (count !== undefined && line.budget !== undefined)
        throw new InputError('give `count` or `budget`, not both', { path });
      if (count === undefined) {
        const budget = line.budget ?? studyBudget;
        if (budget === undefined)
          throw new InputError('no number of files: give `count`, `budget`, or a study `budget`', { path });
        if (!this.adapter.points)
          throw new InputError(
            `${this.system.name} has no points, so a line cannot be bought to a budget: give a number of files (\`count\`)`,
            { path },
          );
        const each = this.fileCost(this.file(column, db, at));
        count = filesForBudget(each, budget);
        if (count === 0)
          throw new InputError(`${budget} AP does not buy one file (${each} AP each)`, { path });
        if (count > MAX_FILES)
          throw new InputError(`${budget} AP buys ${count} files; a line has at most ${MAX_FILES}`, { path });
      }
      files = this.repeated(column, count, db, at);
    }
    const extra: Record<string, unknown> = {};
    for (const k of Object.keys(this.adapter.lineFields ?? {})) if (line[k] !== undefined) extra[k] = line[k];
    // A front `width` files wide, the rest in lines behind it as wide (docs/engagement-model.md "Second lines").
    const reserves: FileConfig<E>[][] = [];
    if (line.width !== undefined) {
      if (line.files)
        throw new InputError('`width` goes with `troops` or `column`; `files` are the front line', { path });
      for (let i = line.width; i < files.length; i += line.width)
        reserves.push(files.slice(i, i + line.width));
      files = files.slice(0, line.width);
    }
    if (line.secondLine !== undefined) {
      const second = this.line(id, line.secondLine, studyBudget, [...path, 'secondLine']);
      if (second.files.length > files.length)
        throw new InputError(
          `the second line has ${second.files.length} files, more than the ${files.length} of the line in front`,
          { path: [...path, 'secondLine'] },
        );
      reserves.push([...second.files], ...(second.reserves ?? []).map((l) => [...l]));
    }
    return {
      name: line.name ?? (typeof input === 'string' ? input : id.toUpperCase()),
      files,
      ...(reserves.length > 0 ? { reserves } : {}),
      going: line.going ?? (this.adapter.goings[0] as string),
      ...(Object.keys(extra).length > 0 ? { extra } : {}),
    };
  }
}

/** The kernel config of a block (validated here; paths are the block's). */
export function configureLines<E>(
  adapter: LineAdapter<E>,
  raw: Readonly<Record<string, unknown>>,
  variant: Variant,
  system: AnySystem,
): LinesConfig<E> {
  const block: Block = parseWith(linesBlockSchema(adapter as LineAdapter), raw);
  let v = variant;
  if (block.costs && Object.keys(block.costs).length > 0) {
    if (!adapter.points)
      throw new InputError(`${system.name} has no points: cost overrides do not apply`, { path: ['costs'] });
    const spec = variant.spec;
    try {
      v = system.variant({ ...spec, costs: { ...(spec.costs ?? {}), ...block.costs } });
    } catch (e) {
      if (e instanceof InputError && e.path[0] === 'costs') throw e;
      throw e;
    }
  }
  for (const key of ['flankAttacks', 'flankContacts'] as const)
    if (block.options[key] && !adapter.flankAttacks)
      throw new InputError(`${system.name} engagements do not model flank contacts`, {
        path: ['options', key],
      });
  const b = new LineBuilder(adapter, system, v);
  const field = (block as { battlefield?: LinesConfig['battlefield'] }).battlefield;
  if (field?.terrain && !Object.values(field.terrain.weights).some((w) => w > 0))
    throw new InputError('at least one going needs a weight above 0', {
      path: ['battlefield', 'terrain', 'weights'],
    });
  const config: LinesConfig<E> = {
    system: system.id,
    variant: v.spec,
    boundLimit: block.boundLimit,
    first: block.first,
    options: block.options,
    ...(field ? { battlefield: field } : {}),
    a: b.line('a', block.a as string | LineObject, block.budget),
    b: b.line('b', block.b as string | LineObject, block.budget),
  };
  const own: Record<string, unknown> = {};
  const parsed = block as Record<string, unknown>;
  for (const k of Object.keys(adapter.blockFields ?? {})) if (parsed[k] !== undefined) own[k] = parsed[k];
  return adapter.finish ? adapter.finish(config, own) : config;
}
