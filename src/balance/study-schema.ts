/**
 * The `balance` study block of a scenario (docs/balance.md): which elements to assess, against which
 * field, under which versions, at what points budget and depth, and how many engagements per estimate.
 */
import { z } from 'zod';
import { DBM_VERSION_IDS } from '../systems/dbm/versions.ts';

const elementText = z.string().describe('An element in DBM notation, e.g. "Reg Bd(O)"');

const fieldEntry = z.union([
  elementText,
  z.object({ element: elementText, weight: z.number().positive() }).strict(),
]);

export const balanceStudyFields = {
  versions: z
    .array(z.enum([...DBM_VERSION_IDS, 'bnb-0.7']))
    .min(1)
    .max(3)
    .optional()
    .describe(
      'Versions compared, oldest first (default dbm-3.1 and dbm-3.2, or bnb-0.7); cost changes are read from the first to the last',
    ),
  elements: z.array(elementText).min(3).describe('The elements assessed'),
  field: z
    .array(fieldEntry)
    .min(1)
    .optional()
    .describe('Reference field of opponents, with optional weights; default: the assessed elements'),
  budget: z.number().positive().default(48).describe('AP each side spends in an equal-points engagement'),
  depth: z
    .record(z.string(), z.number().int().min(1).max(4))
    .default({ Pk: 2 })
    .describe('Ranks per file by troop type (e.g. {Pk: 2, Sp: 2}); others fight 1 deep'),
  engagements: z
    .number()
    .int()
    .min(20)
    .default(400)
    .describe('Engagements per estimate (each element count against each opponent)'),
  boundLimit: z
    .number()
    .int()
    .min(2)
    .max(200)
    .default(20)
    .describe('Player bounds before a fight is undecided'),
  maxCountFactor: z
    .number()
    .min(1.5)
    .max(10)
    .default(3)
    .describe('The break-even search tries up to this many times the elements the actual cost buys'),
  showcase: z
    .object({ a: elementText, b: elementText })
    .strict()
    .optional()
    .describe('One matchup to chart in detail (outcome bars, bounds to decision)'),
};
