/**
 * The balance study's block and plan (docs/balance.md): which versions, which elements, which field,
 * and the grid of battlefield variants every element is assessed under. Planning prices every element
 * under every version and fixes each unit of work: one (version, variant, element).
 */
import { z } from 'zod';
import { InputError, type FieldPath } from '../../core/errors.ts';
import type { AnySystem, Variant } from '../../core/system.ts';
import type { StudyContext, StudyHeader } from '../kind.ts';
import { canonicalElement, expandSweep, sweepSchema } from '../matrix/sweep.ts';
import {
  approachField,
  boundLimitField,
  pointsAxis,
  TERRAIN_AXIS,
  terrainMixes,
  terrainNames,
  terrainsField,
  type TerrainMix,
} from '../axes.ts';

const DEPTH_POLICIES = ['one', 'support', 'best'] as const;
export type DepthPolicy = (typeof DEPTH_POLICIES)[number];
export const COMBAT_ORDERS = ['owner-best-first', 'sweep', 'simultaneous'] as const;

const BUDGET_AXIS = pointsAxis('budget', [60, 120], 2000);

/**
 * The battle model's mechanisms a balance study may change (docs/engagement-model.md "Options at a
 * glance"), with no defaults here: an option left out is the model's default, and the line-ups are then
 * exactly those of a study that names none.
 */
const balanceModelOptions = z
  .object({
    flankContacts: z
      .boolean()
      .optional()
      .describe('Free files take enemy flanks (DBM 3.2 p.21; default true)'),
    refusals: z
      .enum(['expected', 'never'])
      .optional()
      .describe('A side that can avoid a fight it expects to lose refuses it (default expected), or never'),
    flight: z
      .enum(['return', 'gone'])
      .optional()
      .describe('Fled elements come back after their bound of flight (default return), or are gone'),
    fledLost: z.boolean().optional().describe('Every fled element counts as lost at once (default false)'),
    secondLineGap: z.number().min(1).max(20).optional().describe('Base depths between lines (default 2)'),
    tableDepth: z
      .number()
      .min(0)
      .max(10_000)
      .optional()
      .describe('Paces of table behind each line (default 900)'),
  })
  .strict();
export type BalanceModelOptions = z.infer<typeof balanceModelOptions>;

export const balanceFields = (system: AnySystem) =>
  z.object({
    versions: z
      .array(z.enum(system.versions.map((v) => v.id) as [string, ...string[]]))
      .min(1)
      .max(10)
      .optional()
      .describe(
        `Versions compared, oldest first (default ${system.balance?.defaultVersions.join(', ')}); cost changes are read from the first to the last`,
      ),
    elements: sweepSchema
      .optional()
      .describe('The elements assessed (default "all": every costed land element)'),
    field: z
      .array(
        z.union([
          z.string(),
          z.object({ element: z.string(), weight: z.number().positive().max(1e6) }).strict(),
        ]),
      )
      .min(1)
      .max(500)
      .optional()
      .describe(
        "Reference field of opponents, with weights (default: the rule system's field, docs/balance.md)",
      ),
    grid: z
      .object({
        budget: BUDGET_AXIS.schema,
        depth: z
          .array(z.enum(DEPTH_POLICIES))
          .min(1)
          .optional()
          .describe('Depth policies (default [support, best])'),
        terrain: TERRAIN_AXIS.schema,
        order: z
          .array(z.enum(COMBAT_ORDERS))
          .min(1)
          .optional()
          .describe('Combat orders (default [owner-best-first])'),
      })
      .strict()
      .optional()
      .describe('The battlefield variants every element is assessed under (docs/balance.md "The grid")'),
    terrains: terrainsField,
    approach: approachField('lines'),
    boundLimit: boundLimitField('Player bounds before a fight is undecided (default 30)'),
    first: z.enum(['a', 'b', 'alternate']).optional().describe('Who has the first bound (default alternate)'),
    pursuit: z.enum(['stand', 'pursue']).optional().describe('Optional pursuit (default stand)'),
    breakFraction: z
      .number()
      .gt(0)
      .max(1)
      .optional()
      .describe("Share of losses that breaks a side (default the rules': 1/3)"),
    options: balanceModelOptions
      .optional()
      .describe(
        'The battle model\'s mechanisms, each on by default; turn one off to see whether a verdict rests on it (docs/balance.md "The model")',
      ),
    engagements: z
      .object({
        pilot: z
          .number()
          .int()
          .min(4)
          .max(100_000)
          .optional()
          .describe('Per count and opponent while bracketing (default 8)'),
        final: z
          .number()
          .int()
          .min(8)
          .max(1_000_000)
          .optional()
          .describe('Per count and opponent in the final design (default 16)'),
        refine: z
          .number()
          .min(0)
          .max(100)
          .optional()
          .describe(
            'Most extra engagements a unit may spend to reach the precision, as a multiple of its final design (default 6; 0: no refinement)',
          ),
      })
      .strict()
      .optional(),
    precision: z
      .number()
      .positive()
      .max(100)
      .optional()
      .describe('Half-width in AP a break-even interval should reach (default 0.5)'),
  });

export type BalanceBlock = z.output<ReturnType<typeof balanceFields>>;

export interface GridVariant {
  /** E.g. "60 AP, support, open, owner-best-first". */
  readonly id: string;
  readonly budget: number;
  readonly depth: DepthPolicy;
  readonly terrain: string;
  readonly order: (typeof COMBAT_ORDERS)[number];
}

export interface FieldMember {
  readonly element: string;
  readonly weight: number;
}

/** One version's prices. */
export interface VersionPlan {
  readonly id: string;
  readonly name: string;
  /** Book cost of every assessed element and field member. */
  readonly costs: Readonly<Record<string, number>>;
}

export interface BalancePlan {
  readonly name: string;
  readonly title: string;
  readonly about: string;
  readonly seed: string;
  readonly system: { readonly id: string; readonly source: string };
  readonly spec: StudyContext['spec'];
  readonly versions: readonly VersionPlan[];
  readonly elements: readonly string[];
  /** Elements left out, and why. */
  readonly skipped: readonly { readonly element: string; readonly why: string }[];
  readonly field: readonly FieldMember[];
  readonly grid: readonly GridVariant[];
  readonly terrains: Readonly<Record<string, TerrainMix>>;
  /** Per version, per element: the depths it may usefully stand at, and its usual one (BalanceAdapter). */
  readonly depths: Readonly<
    Record<
      string,
      Readonly<Record<string, { readonly allowed: readonly number[]; readonly support: number }>>
    >
  >;
  readonly approach: { readonly distance: number; readonly shooters: 'halt' | 'advance' };
  readonly boundLimit: number;
  readonly first: 'a' | 'b' | 'alternate';
  readonly options: {
    readonly optionalPursuit: 'stand' | 'pursue';
    readonly breakFraction?: number;
  } & BalanceModelOptions;
  readonly engagements: { readonly pilot: number; readonly final: number; readonly refine: number };
  readonly precision: number;
  /** Indices (in `units` order) of the units a sliced run does; absent: all of them. */
  readonly keep?: ReadonlySet<number>;
}

export function planBalance(block: BalanceBlock, header: StudyHeader, ctx: StudyContext): BalancePlan {
  const system = ctx.system;
  const catalogue = system.catalogue;
  const adapter = system.balance;
  if (!catalogue || !adapter)
    throw new InputError(`${system.name} has no points costs to study`, { path: ['kind'] });
  const versionIds = block.versions ?? adapter.defaultVersions;
  const variants = new Map<string, Variant>(versionIds.map((v) => [v, ctx.variant(v)]));
  const priced = (e: unknown) => [...variants.values()].every((v) => (v.cost?.(e) ?? 0) > 0);
  // Elements: the sweep (default every element), less those no version prices or the system cannot assess.
  const swept =
    block.elements === undefined
      ? [...catalogue.all()]
      : expandSweep(block.elements, ['elements'], catalogue, system.name);
  const elements: string[] = [];
  const skipped: { element: string; why: string }[] = [];
  for (const e of swept) {
    const text = catalogue.format(e);
    const why = adapter.assessable(text) ?? (priced(e) ? undefined : 'has no points cost in every version');
    if (why) skipped.push({ element: text, why });
    else elements.push(text);
  }
  if (elements.length === 0) throw new InputError('no element left to assess', { path: ['elements'] });
  const field: FieldMember[] = (block.field ?? adapter.defaultField).map((f, i) => {
    const entry = typeof f === 'string' ? { element: f, weight: 1 } : f;
    const at: FieldPath = typeof f === 'string' ? ['field', i] : ['field', i, 'element'];
    const element = canonicalElement(catalogue, entry.element, block.field ? at : ['field']);
    if (!priced(catalogue.parse(element)))
      throw new InputError(`${element} has no points cost in every version`, { path: at });
    return { element, weight: entry.weight };
  });
  const terrains = terrainMixes(block.terrains, system.engagement?.goings ?? [], system.name);
  const g = block.grid ?? {};
  const budgets = g.budget ?? BUDGET_AXIS.defaults;
  const depthPolicies = g.depth ?? ['support', 'best'];
  const terrainList = terrainNames(g.terrain, terrains);
  const orders = g.order ?? ['owner-best-first'];
  const grid: GridVariant[] = [];
  for (const budget of budgets)
    for (const depth of depthPolicies)
      for (const terrain of terrainList)
        for (const order of orders)
          grid.push({ id: `${budget} AP, ${depth}, ${terrain}, ${order}`, budget, depth, terrain, order });
  const costs = (v: Variant) =>
    Object.fromEntries(
      [...new Set([...elements, ...field.map((f) => f.element)])].map((e) => [
        e,
        v.cost!(catalogue.parse(e)) as number,
      ]),
    );
  for (const [vid, v] of variants)
    for (const b of budgets)
      for (const e of elements)
        if ((v.cost!(catalogue.parse(e)) as number) > b)
          throw new InputError(`one ${e} costs more than the budget of ${b} AP under ${vid}`, {
            path: ['grid', 'budget'],
          });
  const all = [...new Set([...elements, ...field.map((f) => f.element)])];
  return {
    name: header.name,
    title: header.title,
    about: ctx.about,
    seed: ctx.seed,
    system: { id: system.id, source: system.source },
    spec: ctx.spec,
    versions: versionIds.map((id) => ({
      id,
      name: (variants.get(id) as Variant).name,
      costs: costs(variants.get(id) as Variant),
    })),
    elements,
    skipped,
    field,
    grid,
    terrains,
    depths: Object.fromEntries(
      [...variants].map(([id, v]) => [id, Object.fromEntries(all.map((e) => [e, adapter.depths(e, v)]))]),
    ),
    // DBM 3.2 p.14 Deployment: no closer than 300p short of the centre line, so lines start 600p apart.
    approach: { distance: block.approach?.distance ?? 600, shooters: block.approach?.shooters ?? 'halt' },
    boundLimit: block.boundLimit ?? 30,
    first: block.first ?? 'alternate',
    options: {
      optionalPursuit: block.pursuit ?? 'stand',
      ...(block.breakFraction !== undefined ? { breakFraction: block.breakFraction } : {}),
      ...block.options,
    },
    engagements: {
      pilot:
        ctx.samples !== undefined
          ? Math.max(4, Math.round(ctx.samples / 2))
          : (block.engagements?.pilot ?? 8),
      final: ctx.samples ?? block.engagements?.final ?? 16,
      refine: block.engagements?.refine ?? 6,
    },
    precision: block.precision ?? 0.5,
  };
}
