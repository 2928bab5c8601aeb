/** Validation of untrusted GBA situation data (zod) into a GbaSituation, with defaults filled in. */
import { z } from 'zod';
import { DEFAULT_GBA_CHARTS, FACINGS, type Facing, type GbaCharts } from './charts.ts';
import { checkGbaSituation } from './legality.ts';
import { SituationError, type GbaSituation, type GbaUnit } from './situation.ts';
import {
  CLASS_OF_TYPE,
  MISSILE_CLASSES,
  MISSILE_SUPPLIES,
  UNIT_TYPES,
  type MissileClass,
  type MissileSupply,
  type UnitType,
} from './units.ts';

const int = (min: number, max: number) => z.number().int().min(min).max(max);

const unitSchema = z
  .object({
    name: z.string().optional(),
    type: z.enum(UNIT_TYPES as [UnitType, ...UnitType[]]),
    class: z.enum(['HO', 'HY', 'CA', 'CAT']).optional(),
    tq: int(1, 9),
    size: int(0, 30),
    hits: int(0, 9).default(0),
    missile: z.enum(MISSILE_CLASSES as [MissileClass, ...MissileClass[]]).optional(),
    supply: z.enum(MISSILE_SUPPLIES as [MissileSupply, ...MissileSupply[]]).default('full'),
    twoHex: z.boolean().optional(),
    doubleDepth: z.boolean().default(false),
    moved: z.boolean().default(false),
    longCharge: z.boolean().default(false),
    advanceHits: int(0, 9).default(0),
  })
  .strict()
  .superRefine((u, ctx) => {
    if (u.hits >= u.tq) ctx.addIssue({ code: 'custom', path: ['hits'], message: 'must be below tq (10.14)' });
    if (u.class && CLASS_OF_TYPE[u.class] !== u.type)
      ctx.addIssue({
        code: 'custom',
        path: ['class'],
        message: `${u.class} is a class of ${CLASS_OF_TYPE[u.class]}`,
      });
    if (u.doubleDepth && u.type !== 'PH')
      ctx.addIssue({ code: 'custom', path: ['doubleDepth'], message: 'only a phalanx can be double depth' });
  })
  .transform((u): GbaUnit => ({ ...u, twoHex: u.twoHex ?? u.type === 'PH' }));

const leaderSchema = z
  .object({ name: z.string().optional(), charisma: int(0, 9), personalCombat: int(0, 9).optional() })
  .strict();

const sideSchema = z
  .object({
    units: z.array(unitSchema).min(1).max(6),
    leader: leaderSchema.optional(),
    inEnemyZoc: z.boolean().optional(),
  })
  .strict();

const shockSchema = z
  .object({
    rules: z.literal('gba-5'),
    mode: z.literal('shock'),
    a: sideSchema,
    b: sideSchema,
    facing: z.enum(FACINGS as [Facing, ...Facing[]]).default('front'),
    attackerFlankThreatened: z.boolean().default(false),
    terrainShift: int(-12, 12).default(0),
    defenderHitsTo: z.number().int().min(0).optional(),
  })
  .strict();

const missileSchema = z
  .object({
    rules: z.literal('gba-5'),
    mode: z.literal('missile'),
    a: sideSchema,
    b: sideSchema,
    range: int(1, 10),
    downhill: z.boolean().default(false),
    targetInWoods: z.boolean().default(false),
    throughFront: z.boolean().default(true),
    firerMoved: z.boolean().default(false),
  })
  .strict();

const situationSchema = z.discriminatedUnion('mode', [shockSchema, missileSchema]);

/**
 * Validates and completes a GBA situation from untrusted data (JSON, YAML). Structural errors and the
 * rule-level checks of `checkGbaSituation` throw a SituationError whose message starts with the field path.
 */
export function parseGbaSituation(input: unknown, charts: GbaCharts = DEFAULT_GBA_CHARTS): GbaSituation {
  const r = situationSchema.safeParse(input);
  if (!r.success) {
    const issue = r.error.issues[0];
    const path = issue && issue.path.length > 0 ? issue.path.join('.') : '(situation)';
    throw new SituationError(`${path}: ${issue ? issue.message : 'invalid situation'}`);
  }
  const s = r.data as GbaSituation;
  checkGbaSituation(s, charts);
  return s;
}
