/** The Blood and Blades 0.7 rule set behind the common RuleSet contract (src/core/ruleset.ts). */
import { distributionFromCounts, forEachRoll, spaceSize, tally } from '../../core/exact.ts';
import type { DieSpec, RuleSet } from '../../core/ruleset.ts';
import { formatBnbElement } from './notation.ts';
import { BNB_OUTCOMES, type BnbOutcome } from './outcomes.ts';
import {
  compileBnb,
  explainBnb,
  resolveBnbRoll,
  type BnbSideResolution,
  type CompiledBnbSituation,
} from './resolve.ts';
import type { BnbSituation } from './situation.ts';
import { cite } from './view.ts';

/** B&B 0.7 ch.7 "resolving a combat": one D6 each side. */
export const BNB_DICE: readonly DieSpec[] = [
  { label: 'A die', sides: 6 },
  { label: 'B die', sides: 6 },
];

/** The events a situation can report (B&B 0.7 ch.7 push back and flee), per side that can suffer them. */
function bnbEvents(s: BnbSituation) {
  const out: {
    id: string;
    label: string;
    rule: string;
    side: 'a' | 'b';
    test: (r: BnbSideResolution) => boolean;
  }[] = [];
  for (const id of ['a', 'b'] as const) {
    const side = s[id];
    const name = id.toUpperCase();
    if (side.rear.length > 0)
      out.push({
        id: `push-back:${id}`,
        label: `${name}'s recoil destroys bases behind it (an El stampedes or cannot be pushed back)`,
        rule: cite('pushBack'),
        side: id,
        test: (r) => (r.behindLost ?? 0) > 0,
      });
    if (side.flightBlocked === 'psiloi')
      out.push({
        id: `blocking-psiloi:${id}`,
        label: `the enemy Ps blocking ${name}'s flight are destroyed with it`,
        rule: cite('flee'),
        side: id,
        test: (r) => r.psiloiDestroyed === true,
      });
  }
  return out;
}

function bnbRuleSet(): RuleSet<BnbSituation, BnbOutcome> {
  // Compiled situations are cached per situation object: resolve() is called 36 times per enumeration.
  const compiled = new WeakMap<BnbSituation, CompiledBnbSituation>();
  const compiledOf = (s: BnbSituation): CompiledBnbSituation => {
    let c = compiled.get(s);
    if (!c) {
      c = compileBnb(s);
      compiled.set(s, c);
    }
    return c;
  };
  return {
    system: 'bnb',
    outcomes: BNB_OUTCOMES,
    describeSide: (s, id) => formatBnbElement(s[id].element),
    dice: () => BNB_DICE,
    resolve: (s, [dieA, dieB]) => {
      const r = resolveBnbRoll(compiledOf(s), dieA as number, dieB as number);
      return { a: r.a.outcome, b: r.b.outcome };
    },
    explain: (s) => explainBnb(s),
    // The same counts as `enumerate`, with the events of push back and blocked flights beside them.
    exact: (s) => {
      const c = compiledOf(s);
      const events = bnbEvents(s);
      const counts = new Array<number>(BNB_OUTCOMES.length ** 2).fill(0);
      const hits = events.map(() => 0);
      forEachRoll(BNB_DICE, ([dieA, dieB]) => {
        const r = resolveBnbRoll(c, dieA as number, dieB as number);
        counts[
          BNB_OUTCOMES.indexOf(r.a.outcome) * BNB_OUTCOMES.length + BNB_OUTCOMES.indexOf(r.b.outcome)
        ]! += 1;
        events.forEach((e, i) => {
          if (e.test(r[e.side])) hits[i]! += 1;
        });
      });
      const space = spaceSize(BNB_DICE);
      const d = distributionFromCounts(BNB_OUTCOMES, counts, space);
      if (events.length === 0) return d;
      return {
        ...d,
        events: events.map((e, i) => ({ id: e.id, label: e.label, rule: e.rule, ...tally(hits[i]!, space) })),
      };
    },
  };
}

export const bnb = bnbRuleSet();
