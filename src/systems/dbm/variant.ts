/**
 * A DBM variant: a version with a scenario's house rules (cost overrides and rule switches), as the
 * version object the rules read (versions.ts), and the rule switches a scenario may set.
 */
import { z } from 'zod';
import { InputError } from '../../core/errors.ts';
import { parseWith } from '../../core/schema-issues.ts';
import type { VariantSpec } from '../../core/system.ts';
import { overrideCosts } from './costs.ts';
import { parseElement } from './notation.ts';
import {
  DBM_VERSION_IDS,
  DBM_VERSIONS,
  deriveVersion,
  type DbmRules,
  type DbmVersion,
  type DbmVersionId,
} from './versions.ts';

/** Rule switches a scenario's `overrides.rules` may set (versions.ts DbmRules). */
export const dbmHouseRulesSchema = z
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
    baggage: z.enum(['per-command', 'by-size']),
    quarterLossesTransfer: z.boolean(),
    marchPips: z.enum(['3.0', '3.1', '3.2']),
  })
  .partial()
  .strict()
  .describe('DBM rule switches (docs/scenarios.md "House rules")');

// Keep the switch schema in step with DbmRules: a renamed or retyped switch fails to compile here.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _rulesInStep: Exact<z.output<typeof dbmHouseRulesSchema>, Partial<DbmRules>> = true;
void _rulesInStep;

const isDbmVersion = (id: string): id is DbmVersionId => (DBM_VERSION_IDS as readonly string[]).includes(id);

const memo = new Map<string, DbmVersion>();

/** The version object of a variant (memoised by the spec's text). Throws InputError (path within the spec). */
export function versionOfSpec(spec: VariantSpec): DbmVersion {
  const key = JSON.stringify(spec);
  let v = memo.get(key);
  if (v) return v;
  if (!isDbmVersion(spec.version))
    throw new InputError(`"${spec.version}" is not a DBM version (${DBM_VERSION_IDS.join(', ')})`, {
      path: ['version'],
    });
  const base = DBM_VERSIONS[spec.version];
  const overrides = Object.entries(spec.costs ?? {}).map(([text, cost]) => {
    try {
      return { element: parseElement(text), cost };
    } catch (e) {
      if (e instanceof InputError) throw e.within(['costs', text]);
      throw e;
    }
  });
  const rules = spec.rules
    ? (parseWith(dbmHouseRulesSchema, spec.rules, ['rules']) as Partial<DbmRules>)
    : undefined;
  const house = overrides.length > 0 || rules !== undefined;
  v = house
    ? deriveVersion(base, {
        name: spec.name ?? `${base.name} with house rules`,
        costs: overrides.length > 0 ? overrideCosts(base.costs, overrides) : base.costs,
        ...(rules ? { rules } : {}),
      })
    : spec.name
      ? deriveVersion(base, { name: spec.name })
      : base;
  if (memo.size > 512) memo.clear();
  memo.set(key, v);
  return v;
}
