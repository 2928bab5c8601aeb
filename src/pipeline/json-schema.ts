/**
 * The JSON Schema of scenario files (`debellator schema`), for editor validation: one branch per rule
 * system, each with its rules ids, its house-rule switches and the study kinds it supports, situations
 * described field by field from the system's own schema.
 */
import { z } from 'zod';
import type { AnySystem } from '../core/system.ts';
import { STUDY_KINDS } from '../studies/index.ts';
import { allSystems } from '../systems/registry.ts';
import { scenarioTopSchema } from './scenario.ts';

function systemBranch(system: AnySystem) {
  const header = {
    name: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/)
      .describe('Names the report files of this study'),
    title: z.string().optional(),
  };
  const studies = STUDY_KINDS.flatMap((k) => {
    const fields = k.jsonFields?.(system) ?? k.fields(system);
    return fields
      ? [z.object({ kind: z.literal(k.id).describe(k.describe), ...header, ...fields.shape }).strict()]
      : [];
  });
  const top = scenarioTopSchema.shape;
  return z
    .object({
      ...top,
      rules: z
        .enum(system.versions.map((v) => v.id) as [string, ...string[]])
        .describe(`${system.name}: rule set and version`),
      overrides: system.houseRules
        ? top.overrides.unwrap().extend({ rules: system.houseRules.optional() }).optional()
        : top.overrides.unwrap().omit({ rules: true }).optional(),
      ...(system.charts ? {} : { charts: z.never().optional() }),
      studies: z.array(z.discriminatedUnion('kind', studies as never)).min(1),
    })
    .strict();
}

export function scenarioJsonSchema(): Record<string, unknown> {
  const schema = z.union(allSystems().map(systemBranch) as never);
  return { ...z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }), title: 'debellator scenario' };
}
