/**
 * The exact odds of one situation as plain data: the object `debellator odds --json` prints and the
 * web page shows. Its shape is documented in docs/situation.md and kept stable.
 */
import type { BoundsOdds } from '../core/bounds.ts';
import { enumerate, type ExactEvent, type Tally } from '../core/exact.ts';
import type { Factor, RuleSet } from '../core/ruleset.ts';

export interface OddsSide<O extends string> {
  readonly element: string;
  readonly outcomes: Readonly<Record<O, Tally>>;
  readonly factors: readonly Factor[];
}

export interface OddsReport<O extends string = string> {
  readonly rules: string;
  readonly mode: string;
  readonly a: OddsSide<O>;
  readonly b: OddsSide<O>;
  readonly joint: readonly { a: O; b: O; count: number; of: number; p: number }[];
  /** Events beyond the outcomes with their exact odds (GBA: breakthrough, leader casualty); absent if none. */
  readonly events?: readonly ExactEvent[];
  readonly notes: readonly string[];
  /** `odds --bounds N`: the fight fought on, bound by bound (docs/situation.md "Several bounds"). */
  readonly bounds?: BoundsOdds;
  /** Background kept apart from the notes (GBA: the charts' provenance and doubtful cells); absent if none. */
  readonly details?: readonly string[];
}

/** Probabilities are rounded to 4 decimals in reports; `count` / `of` stay exact. */
export const roundP = (p: number): number => Math.round(p * 10_000) / 10_000;

const rounded = (t: Tally): Tally => ({ count: t.count, of: t.of, p: roundP(t.p) });

function roundAll<O extends string>(r: Readonly<Record<O, Tally>>, order: readonly O[]): Record<O, Tally> {
  const out = {} as Record<O, Tally>;
  for (const o of order) out[o] = rounded(r[o]);
  return out;
}

export function oddsReport<S extends { rules: string; mode: string }, O extends string>(
  rules: RuleSet<S, O>,
  situation: S,
): OddsReport<O> {
  const d = rules.exact ? rules.exact(situation) : enumerate(rules, situation);
  const ex = rules.explain(situation);
  return {
    rules: situation.rules,
    mode: situation.mode,
    a: {
      element: rules.describeSide(situation, 'a'),
      outcomes: roundAll(d.a, rules.outcomes),
      factors: ex.a,
    },
    b: {
      element: rules.describeSide(situation, 'b'),
      outcomes: roundAll(d.b, rules.outcomes),
      factors: ex.b,
    },
    joint: d.joint.map((j) => ({ a: j.a, b: j.b, count: j.count, of: j.of, p: roundP(j.p) })),
    ...(d.events && d.events.length > 0
      ? { events: d.events.map((e) => ({ id: e.id, label: e.label, rule: e.rule, ...rounded(e) })) }
      : {}),
    notes: ex.notes,
    ...(ex.details && ex.details.length > 0 ? { details: ex.details } : {}),
  };
}
