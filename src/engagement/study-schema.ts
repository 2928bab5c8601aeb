/**
 * The `engagement` study block of a scenario (docs/engagement-model.md): two lines, as explicit files or
 * a shorthand, an optional AP budget, the bound limit, who moves first and the model's options. Parsing
 * is zod; turning the parsed block into the kernel's EngagementConfig resolves notation and costs and
 * reports a bad field with its path.
 */
import { z } from 'zod/v4';
import { overrideBnbCosts, type BnbCostTable } from '../systems/bnb/costs.ts';
import { NotationError as BnbNotationError, parseBnbElement } from '../systems/bnb/notation.ts';
import { BNB_GOINGS, BNB_WEAPONS, type BnbGoing, type BnbWeapon } from '../systems/bnb/situation.ts';
import type { BnbElement } from '../systems/bnb/troops.ts';
import { NotationError as DbaNotationError, parseDbaElement } from '../systems/dba/notation.ts';
import { DBA_GOINGS, type DbaGoing } from '../systems/dba/situation.ts';
import type { DbaElement } from '../systems/dba/troops.ts';
import { overrideCosts, type CostTable } from '../systems/dbm/costs.ts';
import { NotationError, parseElement } from '../systems/dbm/notation.ts';
import { GOINGS, PSILOI_WEAPONS, type Going, type PsiloiWeapon } from '../systems/dbm/situation.ts';
import type { Element } from '../systems/dbm/troops.ts';
import type { DbmRules, DbmVersion } from '../systems/dbm/versions.ts';
import { fileCost, filesForBudget, rankCost } from './budget.ts';
import { elementEquivalents } from './equivalents.ts';
import {
  BNB_RULES_ID,
  DBA_RULES_ID,
  DEFAULT_OPTIONS,
  ENGAGEMENT_RULES_IDS,
  versionOf,
  type EngagementConfig,
  type EngagementRulesId,
  type FileOf,
  type RankBase,
  type RankConfig,
} from './model.ts';
import { parseShorthand, type Shorthand } from './shorthand.ts';
import { bnbRank } from '../systems/bnb/engagement.ts';
import { dbaRank } from '../systems/dba/engagement.ts';

const elementText = z
  .string()
  .describe('An element in the notation of the rules: DBM "Reg Bd(O)", DBA "4Bd", B&B "Reg Bd(O)"');
const WEAPONS = [...new Set<string>([...PSILOI_WEAPONS, ...BNB_WEAPONS])] as [string, ...string[]];
const ALL_GOINGS = [...new Set<string>([...GOINGS, ...DBA_GOINGS, ...BNB_GOINGS])] as [string, ...string[]];

const rankSchema = z.union([
  elementText,
  z
    .object({
      element: elementText,
      weapon: z.enum(WEAPONS).optional().describe('Psiloi (B&B: Bw and Ps): their missile weapon'),
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
    going: z.enum(ALL_GOINGS).optional().describe("The line's going, in the rule system's terms"),
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
  rules: z
    .enum(ENGAGEMENT_RULES_IDS)
    .optional()
    .describe("Rule system and version (dbm-3.x, dba-3.0, bnb-0.7); default: the scenario's, else dbm-3.2"),
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

function dbaElement(text: string, path: Path): DbaElement {
  try {
    return parseDbaElement(text);
  } catch (e) {
    if (e instanceof DbaNotationError) throw new EngagementStudyError(path, e.message);
    throw e;
  }
}

function bnbElement(text: string, path: Path): BnbElement {
  try {
    return parseBnbElement(text);
  } catch (e) {
    if (e instanceof BnbNotationError) throw new EngagementStudyError(path, e.message);
    throw e;
  }
}

/** What a rule system's notation and points make of a line's ranks (one per system, below). */
interface Notation<R extends RankBase> {
  /** Rank `index` of a file: the element written `r`, with its cost and loss value. */
  rank(r: RankInput, index: number, doubleBased: boolean, path: Path): R;
  /** A file's cost, or a message when the system cannot buy one to a budget. */
  fileCost(ranks: readonly R[], doubleBased: boolean): number | string;
  /** DBM double-basing and list grade support are DBM only. */
  readonly dbm: boolean;
  readonly budget: number | undefined;
}

const textOf = (r: RankInput): string => (typeof r === 'string' ? r : r.element);
const elementPath = (r: RankInput, p: Path): Path => (typeof r === 'string' ? p : [...p, 'element']);

function toFile<R extends RankBase>(
  n: Notation<R>,
  input: FileInput,
  lineDoubleBased: boolean,
  path: Path,
): FileOf<R> {
  const ranks: readonly RankInput[] = Array.isArray(input) ? input : input.ranks;
  const doubleBased = (!Array.isArray(input) && input.doubleBased) || lineDoubleBased;
  if (doubleBased && !n.dbm)
    throw new EngagementStudyError(
      path,
      '`doubleBased` is DBM only (DBA double elements are written 6Kn, 8Sp, ...)',
    );
  const out: R[] = ranks.map((r, i) =>
    n.rank(r, i, doubleBased, Array.isArray(input) ? [...path, i] : [...path, 'ranks', i]),
  );
  return { ranks: out, doubleBased: doubleBased && out.length > 1 };
}

function fromShorthand(s: Shorthand): z.output<typeof lineObjectSchema> {
  const base = { troops: s.troops, depth: s.depth };
  if (s.count !== undefined) return { ...base, count: s.count };
  return s.budget === 'study' || s.budget === undefined ? base : { ...base, budget: s.budget };
}

interface LineOf<R extends RankBase> {
  readonly name: string;
  readonly files: readonly FileOf<R>[];
  /** As written (checked against the system's goings by the caller). */
  readonly going: string;
  readonly listGradeSupport: boolean;
}

function toLine<R extends RankBase>(n: Notation<R>, id: 'a' | 'b', input: LineInput): LineOf<R> {
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
  if (line.listGradeSupport !== undefined && !n.dbm)
    throw new EngagementStudyError([...path, 'listGradeSupport'], '`listGradeSupport` is DBM only');
  let files: FileOf<R>[];
  if (line.files) {
    if (line.count !== undefined || line.budget !== undefined || line.depth !== undefined)
      throw new EngagementStudyError(
        path,
        '`count`, `budget` and `depth` go with `troops` or `column`, not `files`',
      );
    files = line.files.map((f, i) => toFile(n, f, db, [...path, 'files', i]));
  } else {
    if (line.column && line.depth !== undefined)
      throw new EngagementStudyError(path, '`depth` goes with `troops`; a `column` lists its ranks');
    const column: RankInput[] = line.column ?? new Array<string>(line.depth ?? 1).fill(line.troops!);
    const file = toFile(n, column, db, [...path, line.column ? 'column' : 'troops']);
    let count = line.count;
    if (count !== undefined && line.budget !== undefined)
      throw new EngagementStudyError(path, 'give `count` or `budget`, not both');
    if (count === undefined) {
      const budget = line.budget ?? n.budget;
      if (budget === undefined)
        throw new EngagementStudyError(
          path,
          'no number of files: give `count`, `budget`, or a study `budget`',
        );
      const each = n.fileCost(file.ranks, file.doubleBased);
      if (typeof each === 'string') throw new EngagementStudyError(path, each);
      count = filesForBudget(each, budget);
      if (count === 0)
        throw new EngagementStudyError(path, `${budget} AP does not buy one file (${each} AP each)`);
    }
    files = new Array<FileOf<R>>(count).fill(file);
  }
  return {
    name: line.name ?? (typeof input === 'string' ? input : id.toUpperCase()),
    files,
    going: line.going ?? 'good',
    listGradeSupport: line.listGradeSupport ?? false,
  };
}

/** The line's going, checked against the system's goings. */
function goingOf<G extends string>(goings: readonly G[], going: string, id: 'a' | 'b', system: string): G {
  if ((goings as readonly string[]).includes(going)) return going as G;
  throw new EngagementStudyError([id, 'going'], `"${going}" is not a ${system} going: ${goings.join(', ')}`);
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

/** What a scenario contributes: its rule system and version and its house rules (`overrides`). */
export interface ScenarioContext {
  readonly rules?: EngagementRulesId;
  /** Scenario-wide cost overrides, keyed by notation; the study's own `costs` apply on top. */
  readonly costs?: Readonly<Record<string, number>>;
  /** DBM only: house-rule switches. */
  readonly ruleChanges?: Partial<DbmRules>;
}

type Study = Omit<EngagementStudy, 'kind' | 'name'>;
type CostEntries = readonly { readonly key: string; readonly cost: number; readonly path: Path }[];

function costEntries(study: Study, scenario: ScenarioContext): CostEntries {
  const list = (costs: Readonly<Record<string, number>> | undefined, at: string) =>
    Object.entries(costs ?? {}).map(([key, cost]) => ({ key, cost, path: [at, key] }));
  return [...list(scenario.costs, 'overrides.costs'), ...list(study.costs, 'costs')];
}

function dbmConfig(
  study: Study,
  scenario: ScenarioContext,
  rules: EngagementConfig['rules'],
): EngagementConfig {
  if (rules === DBA_RULES_ID || rules === BNB_RULES_ID) throw new Error('not a DBM version');
  const version: DbmVersion = versionOf({ rules, ruleChanges: scenario.ruleChanges });
  const overrides = costEntries(study, scenario).map((c) => ({
    element: element(c.key, c.path),
    cost: c.cost,
  }));
  const costs: CostTable = overrides.length > 0 ? overrideCosts(version.costs, overrides) : version.costs;
  const cost = (e: Element, i: number, doubleBased: boolean, path: Path): number => {
    try {
      return rankCost(costs, e, i, doubleBased);
    } catch (err) {
      throw new EngagementStudyError(path, (err as Error).message);
    }
  };
  const n: Notation<RankConfig> = {
    dbm: true,
    budget: study.budget,
    rank: (r, i, doubleBased, p) => {
      const e = element(textOf(r), elementPath(r, p));
      const rank: { -readonly [K in keyof RankConfig]: RankConfig[K] } = {
        element: e,
        ap: cost(e, i, doubleBased, p),
        ee: elementEquivalents(e, version),
      };
      if (typeof r !== 'string' && r.weapon !== undefined) {
        if (!(PSILOI_WEAPONS as readonly string[]).includes(r.weapon))
          throw new EngagementStudyError(
            [...p, 'weapon'],
            `not a DBM psiloi weapon: ${PSILOI_WEAPONS.join(', ')}`,
          );
        rank.weapon = r.weapon as PsiloiWeapon;
      }
      if (typeof r !== 'string' && r.listPermitted !== undefined) rank.listPermitted = r.listPermitted;
      return rank;
    },
    fileCost: (ranks, doubleBased) =>
      fileCost(
        costs,
        ranks.map((r) => r.element),
        doubleBased,
      ),
  };
  const line = (id: 'a' | 'b') => {
    const l = toLine(n, id, study[id]);
    return { ...l, going: goingOf<Going>(GOINGS, l.going, id, 'DBM') };
  };
  const config: EngagementConfig = {
    rules,
    a: line('a'),
    b: line('b'),
    boundLimit: study.boundLimit,
    first: study.first,
    options: study.options,
  };
  return scenario.ruleChanges ? { ...config, ruleChanges: scenario.ruleChanges } : config;
}

function noDbmFields(l: LineOf<RankBase>, system: string, id: 'a' | 'b') {
  if (l.listGradeSupport) throw new EngagementStudyError([id, 'listGradeSupport'], `not in ${system}`);
}

/** DBA 3.0: DBA notation ("4Bd", "3Kn"), no points, the DBA victory rule's loss values. */
function dbaConfig(study: Study, scenario: ScenarioContext): EngagementConfig {
  const costs = costEntries(study, scenario);
  if (costs.length > 0)
    throw new EngagementStudyError(costs[0]!.path, 'DBA 3.0 has no points: cost overrides do not apply');
  const n: Notation<ReturnType<typeof dbaRank>> = {
    dbm: false,
    budget: study.budget,
    rank: (r, _i, _d, p) => {
      if (typeof r !== 'string' && (r.weapon !== undefined || r.listPermitted !== undefined))
        throw new EngagementStudyError(p, 'DBA 3.0 elements take no `weapon` or `listPermitted`');
      return dbaRank(dbaElement(textOf(r), elementPath(r, p)));
    },
    fileCost: () =>
      'DBA 3.0 has no points, so a line cannot be bought to a budget: give a number of files (`count`, "8 files of 4Bd")',
  };
  const line = (id: 'a' | 'b') => {
    const l = toLine(n, id, study[id]);
    noDbmFields(l, 'DBA 3.0', id);
    return { name: l.name, files: l.files, going: goingOf<DbaGoing>(DBA_GOINGS, l.going, id, 'DBA 3.0') };
  };
  return {
    rules: DBA_RULES_ID,
    a: line('a'),
    b: line('b'),
    boundLimit: study.boundLimit,
    first: study.first,
    options: study.options,
  };
}

/** B&B 0.7: B&B notation ("Reg Bd(O)"), Table 5.4 costs with overrides, PoC for army morale. */
function bnbConfig(study: Study, scenario: ScenarioContext): EngagementConfig {
  const overrides = costEntries(study, scenario).map((c) => ({
    element: bnbElement(c.key, c.path),
    cost: c.cost,
  }));
  const table: BnbCostTable | undefined = overrides.length > 0 ? overrideBnbCosts(overrides) : undefined;
  const n: Notation<ReturnType<typeof bnbRank>> = {
    dbm: false,
    budget: study.budget,
    rank: (r, _i, _d, p) => {
      const e = bnbElement(textOf(r), elementPath(r, p));
      const more: { weapon?: BnbWeapon; listPermitted?: boolean } = {};
      if (typeof r !== 'string' && r.weapon !== undefined) {
        if (!(BNB_WEAPONS as readonly string[]).includes(r.weapon))
          throw new EngagementStudyError([...p, 'weapon'], `not a B&B weapon: ${BNB_WEAPONS.join(', ')}`);
        more.weapon = r.weapon as BnbWeapon;
      }
      if (typeof r !== 'string' && r.listPermitted !== undefined) more.listPermitted = r.listPermitted;
      try {
        return bnbRank(e, table, more);
      } catch (err) {
        throw new EngagementStudyError(p, (err as Error).message);
      }
    },
    fileCost: (ranks) => ranks.reduce((t, r) => t + r.ap, 0),
  };
  const line = (id: 'a' | 'b') => {
    const l = toLine(n, id, study[id]);
    noDbmFields(l, 'B&B 0.7', id);
    return { name: l.name, files: l.files, going: goingOf<BnbGoing>(BNB_GOINGS, l.going, id, 'B&B 0.7') };
  };
  return {
    rules: BNB_RULES_ID,
    a: line('a'),
    b: line('b'),
    boundLimit: study.boundLimit,
    first: study.first,
    options: study.options,
  };
}

/** The kernel config of a parsed study block (optionally inside a scenario). */
export function toEngagementConfig(study: Study, scenario: ScenarioContext = {}): EngagementConfig {
  const rules = study.rules ?? scenario.rules ?? 'dbm-3.2';
  if ((rules === DBA_RULES_ID || rules === BNB_RULES_ID) && scenario.ruleChanges)
    throw new EngagementStudyError(['rules'], `house rules (overrides.rules) are DBM only, not ${rules}`);
  if (rules === DBA_RULES_ID) return dbaConfig(study, scenario);
  if (rules === BNB_RULES_ID) return bnbConfig(study, scenario);
  return dbmConfig(study, scenario, rules);
}
