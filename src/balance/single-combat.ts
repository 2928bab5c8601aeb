/**
 * Single-combat effectiveness, exact: an element against every opponent of a reference field, close
 * combat in the open, each side's bound weighted equally, every dice pair enumerated. The measure is the
 * net destruction rate: P(opponent destroyed) - P(element destroyed), averaged over the field by weight.
 * It is the quantity a points system prices: how many enemy elements an element removes per loss.
 */
import { compile, resolveRoll } from '../rules/dbm/resolve.ts';
import { side, type DbmSituation } from '../rules/dbm/situation.ts';
import { formatElement } from '../rules/dbm/notation.ts';
import type { Element } from '../rules/dbm/troops.ts';
import type { DbmVersion } from '../rules/dbm/versions.ts';

export interface FieldEntry {
  readonly element: Element;
  readonly weight: number;
}

export interface MatchupValue {
  readonly opponent: string;
  readonly weight: number;
  /** P(opponent destroyed). */
  readonly kill: number;
  /** P(this element destroyed). */
  readonly loss: number;
  /** P(opponent destroyed, flees or recoils) - P(this element does). */
  readonly edge: number;
  /** kill - loss. */
  readonly net: number;
}

export interface Effectiveness {
  readonly element: string;
  readonly net: number;
  readonly kill: number;
  readonly loss: number;
  readonly perOpponent: readonly MatchupValue[];
}

/** Context applied to both elements: depth gives each a file of identical rear ranks (rear support). */
export interface CombatContext {
  readonly depth: number;
}

function situationOf(
  version: DbmVersion,
  a: Element,
  b: Element,
  bound: 'a' | 'b',
  ctx: CombatContext,
): DbmSituation {
  const rear = (e: Element) => Array.from({ length: Math.max(0, ctx.depth - 1) }, () => ({ element: e }));
  return {
    rules: version.id,
    mode: 'close',
    bound,
    shooters: 'a',
    a: side(a, { rear: rear(a), movedIntoContact: bound === 'a' }),
    b: side(b, { rear: rear(b), movedIntoContact: bound === 'b' }),
  };
}

/** Exact outcome rates of A against B, both bounds averaged. */
export function matchup(version: DbmVersion, a: Element, b: Element, ctx: CombatContext = { depth: 1 }) {
  let kill = 0;
  let loss = 0;
  let edge = 0;
  for (const bound of ['a', 'b'] as const) {
    const c = compile(situationOf(version, a, b, bound, ctx), version);
    for (let da = 1; da <= 6; da++) {
      for (let db = 1; db <= 6; db++) {
        const r = resolveRoll(c, da, db);
        if (r.b.outcome === 'destroyed') kill++;
        if (r.a.outcome === 'destroyed') loss++;
        if (r.b.outcome !== 'none') edge++;
        if (r.a.outcome !== 'none') edge--;
      }
    }
  }
  const n = 72;
  return { kill: kill / n, loss: loss / n, edge: edge / n, net: (kill - loss) / n };
}

/** Effectiveness of `element` against a weighted field (weights need not sum to 1). */
export function singleCombatEffectiveness(
  version: DbmVersion,
  element: Element,
  field: readonly FieldEntry[],
  ctx: CombatContext = { depth: 1 },
): Effectiveness {
  const total = field.reduce((t, f) => t + f.weight, 0);
  if (total <= 0) throw new Error('the reference field needs a positive total weight');
  const perOpponent = field.map((f) => ({
    opponent: formatElement(f.element),
    weight: f.weight,
    ...matchup(version, element, f.element, ctx),
  }));
  const avg = (k: 'net' | 'kill' | 'loss') => perOpponent.reduce((t, m) => t + m.weight * m[k], 0) / total;
  return {
    element: formatElement(element),
    net: avg('net'),
    kill: avg('kill'),
    loss: avg('loss'),
    perOpponent,
  };
}
