/**
 * The scenario-file format (docs/scenarios.md) as a zod schema: structure only. Meaning (is this grade
 * legal for that type, is this element notation valid) is checked in load.ts with the same paths.
 * `scenarioJsonSchema()` is what `debellator schema` prints for editor validation.
 */
import { z } from 'zod';
import { balanceStudyFields } from '../balance/study-schema.ts';
import { engagementStudyFields } from '../engagement/study-schema.ts';
import { dbmSideSchema, dbmSituationSchema } from '../systems/dbm/situation-input.ts';
import { TROOP_TYPES } from '../systems/dbm/troops.ts';
import type { DbmRules } from '../systems/dbm/versions.ts';
import { ALL_RULES_IDS } from '../systems/registry.ts';

const name = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'use letters, digits, ".", "_" or "-" (it names report files)');

const oneOrMany = <T extends z.ZodType>(item: T, what: string) =>
  z.union([item, z.array(item).min(1)], { error: `expected ${what} or a list of them` });

/**
 * Which elements a matrix sweeps: "all", notation strings, or types x grades x regularities. Meaning is
 * the rule system's (DBM: sweep.ts; DBA, B&B: sweep-catalogue.ts).
 */
export const sweepSchema = z.union(
  [
    z.literal('all').describe('Every element the rules allow'),
    z
      .array(z.string())
      .min(1)
      .describe('Elements in the rule system\'s notation, e.g. ["Reg Bd(O)", "Irr Wb(S)"] or ["4Bd", "3Kn"]'),
    z
      .object({
        type: z
          .union([z.string(), z.array(z.string()).min(1)], {
            error: 'expected a troop type, "all", "land" or a list of troop types',
          })
          .describe(`"all", "land" (DBM: all but naval) or troop types, e.g. DBM: ${TROOP_TYPES.join(', ')}`),
        grade: oneOrMany(z.string(), 'a grade (S, O, I, F, X) or "all"')
          .optional()
          .describe(
            'Grades S, O, I, F, X or "all" (default); combinations the rules forbid are skipped (not DBA)',
          ),
        reg: z
          .union([z.enum(['Reg', 'Irr', 'all']), z.array(z.enum(['Reg', 'Irr'])).min(1)], {
            error: 'expected "Reg", "Irr", "all" or a list of them',
          })
          .optional()
          .describe('Regularity: Reg, Irr or "all" (default) (not DBA)'),
      })
      .strict(),
  ],
  { error: 'expected "all", a list of elements or {type, grade, reg}' },
);

/** A DBM matrix side's circumstances: every situation side field but the element, plus `depth`. */
const contextSideSchema = dbmSideSchema
  .omit({ element: true })
  .extend({
    depth: z
      .number()
      .int()
      .min(1)
      .max(4)
      .optional()
      .describe('Ranks of the same element, front one included (2 = one supporting rank); excludes `rear`'),
  })
  .strict();

/** A DBM matrix context (checked by matrix-dbm.ts; other systems' contexts by their situation parsers). */
export const contextSchema = z
  .object({
    mode: z.enum(['close', 'shooting']).optional(),
    bound: z.enum(['a', 'b']).optional(),
    shooters: z.enum(['a', 'b', 'both']).optional(),
    a: contextSideSchema.optional(),
    b: contextSideSchema.optional(),
  })
  .strict();

/** Rule switches a scenario may override (src/systems/dbm/versions.ts DbmRules). */
export const rulesOverrideSchema = z
  .object({
    knXInferiorAgainstBlades: z.boolean(),
    bladesX: z.enum(['3.0', '3.1']),
    bowmenPlus3AgainstBowmenShooting: z.boolean(),
    cavalryRearSupportWhenShotAt: z.boolean(),
    supportModel: z.enum(['factors', 'mitigating']),
    spearsPikesAgainstElephants: z.boolean(),
    pikeRanks: z.enum(['3.0', '3.1']),
    bladesSupportAgainstKnights: z.enum(['factor', 'outcome']),
    psiloiSupport: z.enum(['3.0', '3.1']),
    deepWarbandAgainstMounted: z.enum(['factor', 'outcome']),
    demoralisedWhenShooting: z.boolean(),
    warbandBadGoing: z.union([z.literal(-2), z.literal(-1)]),
    hordesIBadGoing: z.boolean(),
    gradingFast: z.enum(['3.0', '3.1']),
    hordesIOutcome: z.boolean(),
    rearLosses: z.enum(['3.0', '3.1']),
    hordesISpareRear: z.boolean(),
    listGradeSupport: z.boolean(),
    irregularAxIHalf: z.boolean(),
  })
  .partial()
  .strict();

// Keep the override schema in step with DbmRules: a renamed or retyped switch fails to compile here.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _rulesInStep: Exact<z.output<typeof rulesOverrideSchema>, Partial<DbmRules>> = true;
void _rulesInStep;

const overridesSchema = z
  .object({
    name: z.string().optional().describe('Name of the house-rule version in reports'),
    costs: z
      .record(z.string(), z.number().min(0))
      .optional()
      .describe('Element costs in AP, e.g. {"Reg Bd(O)": 6.5}'),
    rules: rulesOverrideSchema.optional().describe('Rule switches (see docs/scenarios.md)'),
  })
  .strict();

const common = {
  name: name.describe('Names the report files of this study'),
  title: z.string().optional(),
  samples: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe('Monte Carlo samples per cell; overrides the scenario'),
};

/** What load.ts checks a matrix context with: a mapping; its fields are the rule system's to check. */
const anyContext = z.record(z.string(), z.unknown());

function studySchema<C extends z.ZodType>(situation: z.ZodType, context: C) {
  const odds = z
    .object({
      kind: z.literal('odds'),
      ...common,
      situations: z
        .array(situation)
        .min(1)
        .describe('Situations in the situation-file format (docs/situation.md)'),
    })
    .strict();
  const matrix = z
    .object({
      kind: z.literal('matrix'),
      ...common,
      a: sweepSchema.describe('Rows: side A elements'),
      b: sweepSchema.describe('Columns: side B elements'),
      context: context
        .optional()
        .describe('Circumstances shared by every cell, in the situation format of the rule system'),
    })
    .strict();
  const engagement = z
    .object({ kind: z.literal('engagement'), ...common, ...engagementStudyFields })
    .strict()
    .describe('Two battle lines fought bound by bound until one breaks (docs/engagement-model.md)');
  const balance = z
    .object({ kind: z.literal('balance'), name: common.name, title: common.title, ...balanceStudyFields })
    .strict()
    .describe('Points cost against effectiveness (docs/balance.md)');
  const gbaEngagement = z
    .object({
      kind: z.literal('gba-engagement'),
      ...common,
      situation: z
        .record(z.string(), z.unknown())
        .describe('A GBA shock situation in the situation-file format (docs/situation.md)'),
      roundLimit: z.number().int().min(1).max(1000).optional().describe('Rounds before a draw (default 20)'),
      laterAttacker: z.enum(['same', 'alternate']).optional().describe('Who shocks after round 1'),
      laterMoved: z.enum(['still', 'as-given', 'charge']).optional().describe('Movement in later rounds'),
      routPoints: z
        .union([
          z.literal('tq'),
          z
            .object({
              a: z.array(z.number().int().min(0)).describe("Rout Points of each of a's units, in order"),
              b: z.array(z.number().int().min(0)).describe("Rout Points of each of b's units, in order"),
            })
            .strict(),
        ])
        .optional()
        .describe('Rout Points of each unit (scenario booklet values), or "tq" for each unit\'s TQ'),
      withdrawalLevel: z
        .object({
          a: z.number().int().min(1).optional(),
          b: z.number().int().min(1).optional(),
        })
        .strict()
        .optional()
        .describe('A side loses when its lost Rout Points reach this level (GBA 3.0 E); needs routPoints'),
    })
    .strict()
    .describe('GBA: repeated shock until a side routs, hits carried (docs/gba-engagement.md)');
  return z.discriminatedUnion('kind', [odds, matrix, engagement, balance, gbaEngagement]);
}

function scenarioSchema<C extends z.ZodType>(situation: z.ZodType, context: C) {
  return z
    .object({
      $schema: z.string().optional(),
      name: name.optional().describe('Report folder name; default: the file name'),
      description: z.string().optional(),
      rules: z
        .enum(ALL_RULES_IDS as [string, ...string[]])
        .describe('Rule set and version; matrix studies are for DBM, DBA and B&B, overrides DBM only'),
      seed: z.union([z.number().int(), z.string()]).optional().describe('Random seed (default 1)'),
      samples: z
        .number()
        .int()
        .min(0)
        .optional()
        .describe('Monte Carlo samples per cell (default 0: exact only)'),
      overrides: overridesSchema.optional().describe('House rules: costs and rule switches'),
      charts: z
        .string()
        .min(1)
        .optional()
        .describe(
          'GBA: your chart file (YAML/JSON, the shape of src/systems/gba/charts.json), relative to this file',
        ),
      studies: z.array(studySchema(situation, context)).min(1),
    })
    .strict();
}

/** What load.ts validates with: situations and matrix contexts are checked by the rule system afterwards. */
export const scenarioInputSchema = scenarioSchema(z.record(z.string(), z.unknown()), anyContext);
export type ScenarioInput = z.output<typeof scenarioInputSchema>;
export type StudyInput = ScenarioInput['studies'][number];
export type SweepInput = z.output<typeof sweepSchema>;
export type ContextInput = z.output<typeof contextSchema>;

/** JSON Schema of a scenario file, with the full situation format inlined. */
export function scenarioJsonSchema(): Record<string, unknown> {
  // DBM situations are described field by field; other systems' situations (DBA, B&B) are checked at run time.
  const situation = z.union([dbmSituationSchema, z.record(z.string(), z.unknown())]);
  const context = z.union([contextSchema, anyContext]);
  const schema = z.toJSONSchema(scenarioSchema(situation, context), { io: 'input', unrepresentable: 'any' });
  return { ...schema, title: 'debellator scenario' };
}
