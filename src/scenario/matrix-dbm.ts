/**
 * DBM's MatrixSystem: sweeps in DBM notation or types x grades x regularities (sweep.ts), costs from the
 * scenario's version (house rules included), and a context checked once as a DBM situation with the
 * first cell's elements, then given each cell's elements (and `depth` ranks of them).
 */
import type { RuleSet } from '../core/ruleset.ts';
import { baseCost } from '../systems/dbm/costs.ts';
import type { DbmOutcome, DbmSituation } from '../systems/dbm/index.ts';
import { formatElement } from '../systems/dbm/notation.ts';
import { parseDbmSituation } from '../systems/dbm/situation-input.ts';
import type { DbmSide, RearRank } from '../systems/dbm/situation.ts';
import type { Element } from '../systems/dbm/troops.ts';
import type { DbmVersion, DbmVersionId } from '../systems/dbm/versions.ts';
import { FieldError } from './errors.ts';
import { asField } from './field.ts';
import { describeIssue } from './issues.ts';
import type { MatrixSystem } from './matrix.ts';
import { contextSchema, type ContextInput } from './schema.ts';
import { expandSweep } from './sweep.ts';

type Path = readonly (string | number)[];

/** Give side `s` the element `e`, with `depth - 1` ranks of the same element behind when depth is set. */
function withElement(s: DbmSide, e: Element, depth: number | undefined): DbmSide {
  if (depth === undefined) return { ...s, element: e };
  const rear: RearRank[] = Array.from({ length: depth - 1 }, () => ({ element: e }));
  return { ...s, element: e, rear };
}

/** The DBM context schema's verdict, as a FieldError under the study's `context`. */
function checkContext(raw: unknown, path: Path): ContextInput {
  const r = contextSchema.safeParse(raw ?? {});
  if (r.success) return r.data;
  const { path: at, detail } = describeIssue(r.error.issues[0] as Parameters<typeof describeIssue>[0], [
    ...path,
    'context',
  ]);
  throw new FieldError(at, detail);
}

export function dbmMatrixSystem(
  rules: DbmVersionId,
  version: DbmVersion,
  ruleset: RuleSet<DbmSituation, DbmOutcome>,
): MatrixSystem<Element> {
  return {
    sweep: expandSweep,
    format: formatElement,
    cost: (e) => baseCost(version.costs, e),
    ruleset: ruleset as unknown as RuleSet<never, string>,
    prepare: (context, path, first) => {
      const ctx = checkContext(context, path);
      const sideInput = (id: 'a' | 'b', e: Element) => {
        const { depth, ...rest } = ctx[id] ?? {};
        if (depth !== undefined && rest.rear !== undefined)
          throw new FieldError([...path, 'context', id, 'depth'], 'give depth or rear, not both');
        return { side: { ...rest, element: formatElement(e) }, depth };
      };
      const sa = sideInput('a', first.a);
      const sb = sideInput('b', first.b);
      const { a: _a, b: _b, ...shared } = ctx;
      const template = asField([...path, 'context'], () =>
        parseDbmSituation({ ...shared, rules, a: sa.side, b: sb.side }),
      );
      return (ea, eb): DbmSituation => ({
        ...template,
        a: withElement(template.a, ea, sa.depth),
        b: withElement(template.b, eb, sb.depth),
      });
    },
  };
}
