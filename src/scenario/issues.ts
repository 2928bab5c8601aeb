/**
 * A zod issue as one scenario error: the field path and what is wrong with it. Used for the scenario
 * schema (load.ts) and for parts of a study a rule system checks later (a DBM matrix context).
 */
import type { z } from 'zod';

type Path = readonly (string | number)[];

/** The deepest useful issue of a zod union: the branch whose input had the right shape. */
export function describeIssue(issue: z.core.$ZodIssue, prefix: Path): { path: Path; detail: string } {
  const path = [...prefix, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))];
  switch (issue.code) {
    case 'invalid_union': {
      if ((issue as { note?: string }).note === 'No matching discriminator') {
        return { path, detail: 'must be "odds" or "matrix"' };
      }
      for (const branch of issue.errors) {
        const first = branch[0];
        if (first && !(first.code === 'invalid_type' && first.path.length === 0))
          return describeIssue(first, path);
      }
      return { path, detail: issue.message };
    }
    case 'unrecognized_keys': {
      const key = issue.keys[0] as string;
      return {
        path: [...path, key],
        detail: `unknown key "${key}"${issue.keys.length > 1 ? ` (and ${issue.keys.slice(1).join(', ')})` : ''}`,
      };
    }
    case 'invalid_value':
      return { path, detail: `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}` };
    default:
      return { path, detail: issue.message.replace(/^Invalid input: /, '') };
  }
}
