/**
 * DBA 3.0 under the battle-line kernel (src/engine/lines). Every combat is one DBA close combat resolved by
 * the DBA rules (resolve.ts). The file's second rank is its rear support (DBA 3.0 Rear support factors);
 * in-line neighbours give flank support (Flank support factors); any enemy but Psiloi overlaps (Combat to
 * both front and flank, or when overlapped); a winner that must pursue keeps contact (Pursuing); the break
 * rule is 4 elements lost and more than the enemy (DBA 3.0 Winning and losing).
 */
import { InputError } from '../../core/errors.ts';
import { packTable, type LineAdapter, type SideResult } from '../../engine/lines/index.ts';
import { dbaPursuit } from './pursuit.ts';
import { compileDba, resolveDbaRoll } from './resolve.ts';
import { DBA_GOINGS, dbaSide, dbaSituation, supporter, type DbaGoing, type DbaSide } from './situation.ts';
import { givesFlankSupport } from './support.ts';
import type { DbaElement } from './troops.ts';
import { dbaDefeated, dbaElementLossValue, DBA_UNCOUNTED_LOSSES } from './victory.ts';
import { goingFor } from './view.ts';

/** The parts of a DbaSide fixed by a file's state (everything but overlaps and flank friends). */
export type DbaTemplate = Omit<DbaSide, 'overlaps' | 'flankFriends'>;

/** DBA 3.0 Playing the game: each player throws one ordinary six-sided die. */
const DICE = [
  { label: 'A die', sides: 6 },
  { label: 'B die', sides: 6 },
] as const;

/**
 * A DBA rank's loss values (DBA 3.0 Winning and losing): SCh, Hd, CF and Dz count 0, others 1, and the
 * side's first double element lost counts 2 (the extra 1 as `firstLossBonus`). No costs: DBA has no points.
 */
export function dbaRankValues(element: DbaElement): { ap: number; ee: number; firstLossBonus?: number } {
  const counted = !DBA_UNCOUNTED_LOSSES.includes(element.type);
  const ee = dbaElementLossValue(element, { doubleAlreadyLost: true });
  const first = dbaElementLossValue(element) - ee;
  return counted && first > 0 ? { ap: 0, ee, firstLossBonus: first } : { ap: 0, ee };
}

/**
 * DBA 3.0 Pursuing: a winner whose opponent recoiled, fled or was destroyed follows up by the distance the
 * rule gives; any pursuit keeps it in contact with what is left of the file (a recoil is one base depth).
 * Pursuit is stopped by bad going (reading: either line's going, docs/engagement-model.md "DBA 3.0").
 */
function pursuitOf(winner: DbaTemplate, loser: DbaTemplate): SideResult['pursuit'] {
  const blocked =
    goingFor(winner.element, winner.going) === 'bad' || goingFor(winner.element, loser.going) === 'bad';
  return dbaPursuit(winner.element, loser.element, { blocked }) === 0 ? 'no' : 'must';
}

export const dbaLineAdapter: LineAdapter<DbaElement, DbaTemplate, null> = {
  dice: DICE,
  resolveVariant: () => null,
  template: ({ config }, line, file, head, going) => {
    const ranks = config[line].files[file]!.ranks;
    const front = ranks[head];
    if (!front) throw new Error(`file has no rank ${head}`);
    const behind = ranks[head + 1];
    const g = going as DbaGoing;
    // DBA 3.0 Rear support factors: the element lined up directly behind, facing the same way.
    const {
      overlaps: _o,
      flankFriends: _f,
      ...rest
    } = dbaSide(front.element, { going: g, behind: behind ? supporter(behind.element, g) : null });
    return rest;
  },
  // DBA 3.0: any enemy element except Psiloi overlaps.
  overlapCounts: (o) => o.element.type !== 'Ps',
  // Flank value: 0, or 1 + the template id of an in-line neighbour giving flank support (left first).
  flankRange: (templates) => templates.length + 1,
  flankValue: (templates, self, left, right) => {
    const el = templates[self]!.element;
    for (const n of [left, right])
      if (n !== undefined && givesFlankSupport(el, templates[n]!.element)) return n + 1;
    return 0;
  },
  // DBA 3.0 Fleeing: only the element that flees; those behind it stay.
  fleesWithFront: () => false,
  table: (_ctx, s, t) => {
    const friend = (all: readonly DbaTemplate[], v: number, going: DbaGoing) =>
      v === 0 ? [] : [supporter(all[v - 1]!.element, going)];
    const situation = dbaSituation(
      { ...s.a, overlaps: s.overlapsA, flankFriends: friend(t.a, s.flankA, s.a.going) },
      { ...s.b, overlaps: s.overlapsB, flankFriends: friend(t.b, s.flankB, s.b.going) },
      { bound: s.bound, mode: 'close' },
    );
    const compiled = compileDba(situation);
    return packTable(DICE, (d) => {
      const r = resolveDbaRoll(compiled, d[0]!, d[1]!);
      const side = (own: typeof r.a, opp: typeof r.b, self: DbaTemplate, other: DbaTemplate): SideResult => ({
        outcome: own.outcome,
        rearLost: 0,
        pursuit: own.outcome === 'none' && opp.outcome !== 'none' ? pursuitOf(self, other) : 'no',
      });
      return { a: side(r.a, r.b, s.a, s.b), b: side(r.b, r.a, s.b, s.a) };
    });
  },
  // DBA 3.0 Winning and losing: 4 elements lost and more than the enemy, at the end of a bound.
  breakRule: { kind: 'against-enemy', defeated: dbaDefeated },
  goings: DBA_GOINGS,
  doubleBasing: false,
  points: false,
  rank: (_v, e, _i, _d, extra) => {
    const keys = Object.keys(extra).filter((k) => extra[k] !== undefined);
    if (keys.length > 0)
      throw new InputError(`DBA 3.0 elements take no \`${keys[0]}\``, { path: [keys[0]!] });
    return dbaRankValues(e);
  },
};
