/**
 * The `engagement` study block of a scenario (docs/engagement-model.md): two lines, as explicit files or
 * a shorthand, an optional AP budget, the bound limit, who moves first and the model's options. Parsing
 * is zod; turning the parsed block into the kernel's EngagementConfig resolves notation and costs and
 * reports a bad field with its path.
 */
import { z } from 'zod/v4';
import { overrideCosts, type CostTable } from '../rules/dbm/costs.ts';
import { NotationError, parseElement } from '../rules/dbm/notation.ts';
import { GOINGS, PSILOI_WEAPONS, type Going } from '../rules/dbm/situation.ts';
import type { Element } from '../rules/dbm/troops.ts';
import { DBM_VERSION_IDS, type DbmRules, type DbmVersion, type DbmVersionId } from '../rules/dbm/versions.ts';
import { fileCost, filesForBudget, rankCost } from './budget.ts';
import { elementEquivalents } from './equivalents.ts';
import {
  DEFAULT_OPTIONS,
  versionOf,
  type EngagementConfig,
  type FileConfig,
  type LineConfig,
  type RankConfig,
} from './model.ts';
import { parseShorthand, type Shorthand } from './shorthand.ts';

const elementText = z.string().describe('An element in DBM notation, e.g. "Reg Bd(O)"');

const rankSchema = z.union([
  elementText,
  z
    .object({
      element: elementText,
      weapon: z.enum(PSILOI_WEAPONS).optional().describe('Psiloi only: their missile weapon'),
      listPermitted: z.boolean().optional().describe('The army list expressly permits this support'),
    })
    .strict(),
]);

const ranksSchema = z.array(rankSchema).min(1).max(4).describe('A column of elements, front to back');

const fileSchema = z.union([
  ranksSchema,
  z.object({ ranks: ranksSchema, doubleBased: z.boolean().optional() }).strict(),
]);

const lineObjectSchema = z
  .object({
    name: z.string().optional(),
    files: z.array(fileSchema).min(1).optional().describe('Explicit files, left to right'),
    troops: elementText.optional().describe('Every element of every file, with `depth`'),
    depth: z.number().int().min(1).max(4).optional().describe('Ranks per file with `troops`; default 1'),
    column: ranksSchema.optional().describe('One file, repeated `count` times or to the budget'),
    count: z.number().int().min(1).optional().describe('Number of files with `troops` or `column`'),
    budget: z.number().positive().optional().describe('AP to spend on files of `troops` or `column`'),
    doubleBased: z.boolean().optional().describe('Every file is double-based (front pair one base)'),
    going: z.enum(GOINGS as [Going, ...Going[]]).optional(),
    listGradeSupport: z.boolean().optional(),
  })
  .strict();

const lineSchema = z.union([
  z.string().describe('Shorthand, e.g. "8 files of Reg Bd(O), 2 deep"'),
  lineObjectSchema,
]);

export const modelOptionsSchema = z
  .object({
    alignment: z.enum(['centre', 'left']).default(DEFAULT_OPTIONS.alignment),
    combatOrder: z.enum(['owner-best-first', 'sweep', 'simultaneous']).default(DEFAULT_OPTIONS.combatOrder),
    renewContact: z.enum(['bound-owner', 'attacker']).default(DEFAULT_OPTIONS.renewContact),
    optionalPursuit: z.enum(['stand', 'pursue']).default(DEFAULT_OPTIONS.optionalPursuit),
    fledLost: z.boolean().default(DEFAULT_OPTIONS.fledLost),
    breakFraction: z.number().gt(0).max(1).default(DEFAULT_OPTIONS.breakFraction),
  })
  .strict();

/**
 * The fields of an engagement study, for a scenario's study union to spread after its own `kind`,
 * `name`, `title` and `samples`.
 */
export const engagementStudyFields = {
  rules: z.enum(DBM_VERSION_IDS).optional().describe("Rule version; default: the scenario's, else dbm-3.2"),
  a: lineSchema,
  b: lineSchema,
  budget: z.number().positive().optional().describe('AP budget for lines sized to "the budget"'),
  costs: z
    .record(z.string(), z.number().min(0))
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
};

/** A standalone engagement study block. */
export const engagementStudySchema = z
  .object({ kind: z.literal('engagement').optional(), name: z.string().optional(), ...engagementStudyFields })
  .strict();

export type EngagementStudyInput = z.input<typeof engagementStudySchema>;
export type EngagementStudy = z.output<typeof engagementStudySchema>;
type LineInput = z.output<typeof lineSchema>;
type RankInput = z.output<typeof rankSchema>;
type FileInput = z.output<typeof fileSchema>;

/** A bad field of an engagement study; the message starts with its path. */
export class EngagementStudyError extends Error {
  override readonly name = 'EngagementStudyError';
  constructor(
    readonly path: readonly (string | number)[],
    readonly detail: string,
  ) {
    super(`${path.join('.') || '(study)'}: ${detail}`);
  }
}

type Path = readonly (string | number)[];

function element(text: string, path: Path): Element {
  try {
    return parseElement(text);
  } catch (e) {
    if (e instanceof NotationError) throw new EngagementStudyError(path, e.message);
    throw e;
  }
}

interface Ctx {
  readonly version: DbmVersion;
  readonly costs: CostTable;
  readonly budget: number | undefined;
}

function cost(ctx: Ctx, e: Element, i: number, doubleBased: boolean, path: Path): number {
  try {
    return rankCost(ctx.costs, e, i, doubleBased);
  } catch (err) {
    throw new EngagementStudyError(path, (err as Error).message);
  }
}

function toFile(ctx: Ctx, input: FileInput, lineDoubleBased: boolean, path: Path): FileConfig {
  const ranks: readonly RankInput[] = Array.isArray(input) ? input : input.ranks;
  const doubleBased = (!Array.isArray(input) && input.doubleBased) || lineDoubleBased;
  const out: RankConfig[] = ranks.map((r, i) => {
    const p = Array.isArray(input) ? [...path, i] : [...path, 'ranks', i];
    const e = element(typeof r === 'string' ? r : r.element, typeof r === 'string' ? p : [...p, 'element']);
    const rank: { -readonly [K in keyof RankConfig]: RankConfig[K] } = {
      element: e,
      ap: cost(ctx, e, i, doubleBased, p),
      ee: elementEquivalents(e, ctx.version),
    };
    if (typeof r !== 'string' && r.weapon !== undefined) rank.weapon = r.weapon;
    if (typeof r !== 'string' && r.listPermitted !== undefined) rank.listPermitted = r.listPermitted;
    return rank;
  });
  return { ranks: out, doubleBased: doubleBased && out.length > 1 };
}

function fromShorthand(s: Shorthand): z.output<typeof lineObjectSchema> {
  const base = { troops: s.troops, depth: s.depth };
  if (s.count !== undefined) return { ...base, count: s.count };
  return s.budget === 'study' || s.budget === undefined ? base : { ...base, budget: s.budget };
}

function toLine(ctx: Ctx, id: 'a' | 'b', input: LineInput): LineConfig {
  const path: Path = [id];
  let line: z.output<typeof lineObjectSchema>;
  if (typeof input === 'string') {
    const s = parseShorthand(input);
    if (typeof s === 'string') throw new EngagementStudyError(path, s);
    line = fromShorthand(s);
  } else line = input;
  const db = line.doubleBased ?? false;
  const forms = [line.files, line.troops, line.column].filter((x) => x !== undefined).length;
  if (forms !== 1) throw new EngagementStudyError(path, 'give exactly one of `files`, `troops` or `column`');
  let files: FileConfig[];
  if (line.files) {
    if (line.count !== undefined || line.budget !== undefined || line.depth !== undefined)
      throw new EngagementStudyError(
        path,
        '`count`, `budget` and `depth` go with `troops` or `column`, not `files`',
      );
    files = line.files.map((f, i) => toFile(ctx, f, db, [...path, 'files', i]));
  } else {
    if (line.column && line.depth !== undefined)
      throw new EngagementStudyError(path, '`depth` goes with `troops`; a `column` lists its ranks');
    const column: RankInput[] = line.column ?? new Array<string>(line.depth ?? 1).fill(line.troops!);
    const file = toFile(ctx, column, db, [...path, line.column ? 'column' : 'troops']);
    let count = line.count;
    if (count !== undefined && line.budget !== undefined)
      throw new EngagementStudyError(path, 'give `count` or `budget`, not both');
    if (count === undefined) {
      const budget = line.budget ?? ctx.budget;
      if (budget === undefined)
        throw new EngagementStudyError(
          path,
          'no number of files: give `count`, `budget`, or a study `budget`',
        );
      const each = fileCost(
        ctx.costs,
        file.ranks.map((r) => r.element),
        file.doubleBased,
      );
      count = filesForBudget(each, budget);
      if (count === 0)
        throw new EngagementStudyError(path, `${budget} AP does not buy one file (${each} AP each)`);
    }
    files = new Array<FileConfig>(count).fill(file);
  }
  return {
    name: line.name ?? (typeof input === 'string' ? input : id.toUpperCase()),
    files,
    going: line.going ?? 'good',
    listGradeSupport: line.listGradeSupport ?? false,
  };
}

/** Validate a raw study block (parsed YAML/JSON) with the schema; zod issues become EngagementStudyErrors. */
export function parseEngagementStudy(raw: unknown): EngagementStudy {
  const r = engagementStudySchema.safeParse(raw);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  throw new EngagementStudyError(
    issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
    issue.message,
  );
}

/** What a scenario contributes: its rule version and its house rules (`overrides`). */
export interface ScenarioContext {
  readonly rules?: DbmVersionId;
  /** Scenario-wide cost overrides, keyed by notation; the study's own `costs` apply on top. */
  readonly costs?: Readonly<Record<string, number>>;
  readonly ruleChanges?: Partial<DbmRules>;
}

/** The kernel config of a parsed study block (optionally inside a scenario). */
export function toEngagementConfig(
  study: Omit<EngagementStudy, 'kind' | 'name'>,
  scenario: ScenarioContext = {},
): EngagementConfig {
  const rules = study.rules ?? scenario.rules ?? 'dbm-3.2';
  const base = versionOf({ rules, ruleChanges: scenario.ruleChanges });
  const parse = (costs: Readonly<Record<string, number>> | undefined, at: string) =>
    Object.entries(costs ?? {}).map(([k, v]) => ({ element: element(k, [at, k]), cost: v }));
  const overrides = [...parse(scenario.costs, 'overrides.costs'), ...parse(study.costs, 'costs')];
  const ctx: Ctx = {
    version: base,
    costs: overrides.length > 0 ? overrideCosts(base.costs, overrides) : base.costs,
    budget: study.budget,
  };
  const config: EngagementConfig = {
    rules,
    a: toLine(ctx, 'a', study.a),
    b: toLine(ctx, 'b', study.b),
    boundLimit: study.boundLimit,
    first: study.first,
    options: study.options,
  };
  return scenario.ruleChanges ? { ...config, ruleChanges: scenario.ruleChanges } : config;
}
