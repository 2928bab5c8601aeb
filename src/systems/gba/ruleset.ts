/**
 * The Great Battles of Alexander (5th edition) combat rule set behind the common RuleSet contract:
 * shock combat (9.0) and missile fire (8.0), charts from charts.json (or the caller's own).
 *
 * Dice: `dice()` lists only the d10s this situation can ever read (a unit that takes no pre-shock check
 * has no pre-shock die); each is a DieSpec face 1..10 read as GBA DR 0..9. `resolve` walks a DAG
 * unfolded once per situation, so core `enumerate` stays exact. Its cost is 10^dice; `gbaExact` gives
 * the same counts from the DAG directly and is the one to use when many dice are involved.
 */
import type { ExactDistribution } from '../../core/exact.ts';
import { distributionFromCounts, tally } from '../../core/exact.ts';
import type { JointOutcome, RuleSet, SideId } from '../../core/ruleset.ts';
import { DEFAULT_GBA_CHARTS, type GbaCharts } from './charts.ts';
import { explainGba } from './explain.ts';
import { exactCounts, MAX_EXACT_DICE, unfold, walk, type Dag } from './machine.ts';
import { compileHarassment, harassmentVolley } from './harassment.ts';
import { compileMissile, missileMachine } from './missile.ts';
import { GBA_OUTCOMES, type GbaOutcome } from './outcomes.ts';
import { compileShock, shockMachine } from './shock.ts';
import { InputError } from '../../core/errors.ts';
import type { GbaSituation, GbaUnit } from './situation.ts';
import { volleyMachine } from './volley.ts';

/** Unfolds a situation's resolution into its DAG (throws InputError on an illegal situation). */
export function gbaDag(s: GbaSituation, charts: GbaCharts = DEFAULT_GBA_CHARTS): Dag {
  if (s.mode === 'shock') return unfold(shockMachine(compileShock(s, charts)));
  if (s.mode === 'missile') return unfold(missileMachine(compileMissile(s, charts)));
  return unfold(volleyMachine(harassmentVolley(compileHarassment(s, charts))));
}

function formatUnit(u: GbaUnit): string {
  const type = u.class ? `${u.type}/${u.class}` : u.type;
  const extra = [
    `TQ ${u.tq}`,
    `Size ${u.size}`,
    ...(u.missile ? [u.missile] : []),
    ...(u.hits ? [`${u.hits} hits`] : []),
  ];
  return `${u.name ? `${u.name} ` : ''}${type} (${extra.join(', ')})`;
}

/** Builds the rule set over a chart set (the default, or a user's card loaded with loadGbaCharts). */
export function gbaRules(charts: GbaCharts = DEFAULT_GBA_CHARTS): RuleSet<GbaSituation, GbaOutcome> & {
  exact(s: GbaSituation): ExactDistribution<GbaOutcome>;
} {
  const cache = new WeakMap<GbaSituation, Dag>();
  const dagOf = (s: GbaSituation): Dag => {
    let d = cache.get(s);
    if (!d) {
      d = gbaDag(s, charts);
      cache.set(s, d);
    }
    return d;
  };
  return {
    system: 'gba',
    outcomes: GBA_OUTCOMES,
    describeSide: (s: GbaSituation, id: SideId) => s[id].units.map(formatUnit).join(' + '),
    dice: (s) => dagOf(s).dice,
    // The events (breakthrough, leader casualty, supply) are reported by `exact` only: `resolve` keeps the
    // common contract of an outcome pair.
    resolve: (s, dice): JointOutcome<GbaOutcome> => {
      const r = walk(dagOf(s), dice);
      return { a: GBA_OUTCOMES[r.a] as GbaOutcome, b: GBA_OUTCOMES[r.b] as GbaOutcome };
    },
    explain: (s) => explainGba(s, charts),
    exact: (s) => exactFromDag(dagOf(s)),
  };
}

/** Same result as core `enumerate(gba, s)`, computed on the DAG (fast whatever the number of dice). */
function exactFromDag(dag: Dag): ExactDistribution<GbaOutcome> {
  const n = GBA_OUTCOMES.length;
  if (dag.roles.length > MAX_EXACT_DICE) {
    throw new InputError(
      `this combat can roll ${dag.roles.length} dice; exact odds handle at most ${MAX_EXACT_DICE}`,
      {
        path: ['a', 'units'],
      },
    );
  }
  const { space, counts, events } = exactCounts(dag, n);
  const ev = dag.events.map((e, i) => ({
    id: e.id,
    label: e.label,
    rule: e.rule,
    ...tally(events[i] as number, space),
  }));
  return { ...distributionFromCounts(GBA_OUTCOMES, counts, space), events: ev };
}

const DEFAULT_RULES = gbaRules();

/** GBA 5e with the default (GBOHC-recovered) charts. */
export const gba: RuleSet<GbaSituation, GbaOutcome> = DEFAULT_RULES;

/** Exact distribution of one situation with the default charts; equals core `enumerate(gba, s)`. */
export const gbaExact = (s: GbaSituation): ExactDistribution<GbaOutcome> => DEFAULT_RULES.exact(s);
