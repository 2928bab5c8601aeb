import type { DieSpec, ExactDistribution, JointOutcome, RuleSet, Tally } from './ruleset.ts';

export type { ExactDistribution, ExactEvent, Tally } from './ruleset.ts';

export function tally(count: number, of: number): Tally {
  return { count, of, p: of === 0 ? 0 : count / of };
}

/** Calls `visit` once for every combination of faces of `dice` (odometer order, last die fastest). */
export function forEachRoll(dice: readonly DieSpec[], visit: (roll: readonly number[]) => void): void {
  const roll = dice.map(() => 1);
  for (;;) {
    visit(roll);
    let i = dice.length - 1;
    while (i >= 0) {
      const die = dice[i] as DieSpec;
      if ((roll[i] as number) < die.sides) {
        roll[i] = (roll[i] as number) + 1;
        break;
      }
      roll[i] = 1;
      i--;
    }
    if (i < 0) return;
  }
}

/** Number of equally likely combinations of `dice`. */
export function spaceSize(dice: readonly DieSpec[]): number {
  return dice.reduce((n, d) => n * d.sides, 1);
}

/**
 * The joint code of an outcome pair: index of A's outcome * number of outcomes + index of B's. Throws if
 * the rule set returns an outcome it does not list.
 */
export function jointCoder<O extends string>(
  rules: Pick<RuleSet<unknown, O>, 'system' | 'outcomes'>,
): (r: JointOutcome<O>) => number {
  const n = rules.outcomes.length;
  const index = new Map<O, number>(rules.outcomes.map((o, i) => [o, i]));
  return (r) => {
    const ia = index.get(r.a);
    const ib = index.get(r.b);
    if (ia === undefined || ib === undefined) {
      throw new Error(`rule set ${rules.system} returned an unknown outcome: ${r.a} / ${r.b}`);
    }
    return ia * n + ib;
  };
}

/** The distribution of joint counts (indexed by joint code) over `space` equally likely combinations. */
export function distributionFromCounts<O extends string>(
  outcomes: readonly O[],
  counts: ArrayLike<number>,
  space: number,
): ExactDistribution<O> {
  const n = outcomes.length;
  const a = {} as Record<O, Tally>;
  const b = {} as Record<O, Tally>;
  const joint: (JointOutcome<O> & Tally)[] = [];
  outcomes.forEach((oa, ia) => {
    let ca = 0;
    let cb = 0;
    outcomes.forEach((ob, ib) => {
      const c = counts[ia * n + ib] as number;
      ca += c;
      cb += counts[ib * n + ia] as number;
      if (c > 0) joint.push({ a: oa, b: ob, ...tally(c, space) });
    });
    a[oa] = tally(ca, space);
    b[oa] = tally(cb, space);
  });
  return { space, a, b, joint };
}

/**
 * Exact distribution of one resolution: every combination of dice is resolved once and counted.
 * No sampling error: the answer is a set of fractions over `space`.
 */
export function enumerate<S, O extends string>(rules: RuleSet<S, O>, situation: S): ExactDistribution<O> {
  const dice = rules.dice(situation);
  const code = jointCoder(rules);
  const counts = new Array<number>(rules.outcomes.length ** 2).fill(0);
  forEachRoll(dice, (roll) => {
    const k = code(rules.resolve(situation, roll));
    counts[k] = (counts[k] as number) + 1;
  });
  return distributionFromCounts(rules.outcomes, counts, spaceSize(dice));
}
