/**
 * Grid axes shared by the studies that fight on a grid of battlefields (the balance and army studies):
 * each axis declared once, with its schema, its default, its words in a report and its CSV column, and
 * the named terrain mixes both studies draw the going from (docs/balance.md "The grid of battlefield
 * variants", docs/armies.md "The army study").
 */
import { z } from 'zod';
import { InputError } from '../core/errors.ts';

/** A named terrain mix: one going for the whole field, or one per file, drawn with these weights. */
export const terrainSchema = z
  .object({
    per: z.enum(['battle', 'file']).describe('One going for the whole field, or one per file (column)'),
    weights: z
      .record(z.string(), z.number().min(0).max(1e6))
      .describe('Going -> weight, e.g. {good: 3, rough: 1}'),
  })
  .strict();

export type TerrainMix = z.output<typeof terrainSchema>;

export const DEFAULT_TERRAINS: Readonly<Record<string, TerrainMix>> = {
  open: { per: 'battle', weights: { good: 1 } },
  // A typical DBM table: mostly good going, some rough, a little difficult (docs/balance.md "The grid of battlefield variants").
  mixed: { per: 'file', weights: { good: 6, rough: 3, difficult: 1 } },
};

/** The `terrains` field: named terrain mixes added to (or replacing) the defaults. */
export const terrainsField = z
  .record(z.string().regex(/^[A-Za-z0-9_-]{1,40}$/), terrainSchema)
  .optional()
  .describe('Named terrain mixes (default open, mixed)');

/** The `approach` field: how far apart the sides start (`between`: "lines", "armies") and what shooters do. */
export const approachField = (between: string) =>
  z
    .object({
      distance: z
        .number()
        .min(0)
        .max(2000)
        .optional()
        .describe(`Paces between the ${between} at the start (default 600: DBM 3.2 p.14 deployment)`),
      shooters: z
        .enum(['halt', 'advance'])
        .optional()
        .describe('Shooters halt and shoot when ahead (default) or advance'),
    })
    .strict()
    .optional();

/** The `boundLimit` field: player bounds before the fight is called (`describe`: with its default). */
export const boundLimitField = (describe: string) =>
  z.number().int().min(2).max(200).optional().describe(describe);

/**
 * The terrain mixes a study may name: the defaults and the block's own, each going one of the system's
 * (InputError at `terrains.<name>.weights.<going>` otherwise).
 */
export function terrainMixes(
  own: Readonly<Record<string, TerrainMix>> | undefined,
  goings: readonly string[],
  system: string,
): Readonly<Record<string, TerrainMix>> {
  for (const [name, t] of Object.entries(own ?? {}))
    for (const g of Object.keys(t.weights))
      if (!goings.includes(g))
        throw new InputError(`"${g}" is not a ${system} going (${goings.join(', ')})`, {
          path: ['terrains', name, 'weights', g],
        });
  return { ...DEFAULT_TERRAINS, ...(own ?? {}) };
}

/** One axis of a grid of battlefields: declared once for the block, the plan, the report and the CSV. */
export interface GridAxis<V extends string | number> {
  /** The key in a block's `grid` and in a grid point. */
  readonly id: string;
  /** The CSV column. */
  readonly csv: string;
  readonly schema: z.ZodOptional<z.ZodArray<z.ZodType<V>>>;
  readonly defaults: readonly V[];
  /** The value in a sentence: "at 400 AP", "in the open". */
  words(value: V): string;
}

/** The terrain axis: names of terrain mixes. */
export const TERRAIN_AXIS: GridAxis<string> = {
  id: 'terrain',
  csv: 'terrain',
  schema: z
    .array(z.string())
    .min(1)
    .optional()
    .describe('Terrain names from `terrains` (default [open, mixed])'),
  defaults: ['open', 'mixed'],
  words: (v) => (v === 'open' ? 'in the open' : `in ${v} terrain`),
};

/** Terrain names checked against the mixes (InputError at `grid.terrain[i]`). */
export function terrainNames(
  names: readonly string[] | undefined,
  mixes: Readonly<Record<string, TerrainMix>>,
): readonly string[] {
  const out = names ?? TERRAIN_AXIS.defaults;
  out.forEach((t, i) => {
    if (!mixes[t])
      throw new InputError(`no terrain "${t}" (${Object.keys(mixes).join(', ')})`, {
        path: ['grid', 'terrain', i],
      });
  });
  return out;
}

/** A points axis: what each side spends, in AP (balance studies: `budget`; army studies: `points`). */
export function pointsAxis(id: string, defaults: readonly number[], max: number): GridAxis<number> {
  return {
    id,
    csv: id,
    schema: z
      .array(z.number().positive().max(max))
      .min(1)
      .max(10)
      .optional()
      .describe(`AP each side spends (default [${defaults.join(', ')}])`),
    defaults,
    words: (v) => `at ${v} AP`,
  };
}
