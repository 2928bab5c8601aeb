/**
 * Why an element costs what it costs (docs/balance.md "The evidence"): its score against each field
 * opponent at its book cost (each unit's evidence job: the element at its book count, both sides at their
 * chosen depths), and how those fights ended and why (refused, decided; elements lost by cause on either
 * side), so that a player can challenge a verdict with the matchups that make it.
 */
import { LOSS_CAUSES, type LossCause } from '../../core/system.ts';
import { PER_OPPONENT, scoreOf } from './curves.ts';

/** How the fights against one opponent went (means per engagement over the variants that measured it). */
export interface Matchup {
  readonly opponent: string;
  /** The assessed element's score at its book cost (mean over the variants). */
  readonly score: number;
  /** Shares of the engagements: the element's side broke the enemy, was broken, neither would close. */
  readonly won: number;
  readonly lost: number;
  readonly refused: number;
  /** Elements lost per engagement by cause, the assessed element's side and the opponent's. */
  readonly own: Readonly<Record<LossCause, number>>;
  readonly theirs: Readonly<Record<LossCause, number>>;
  /** The mechanism that decides the matchup, in words. */
  readonly mechanism: string;
}

/** One unit's engagements against each opponent at its book count. */
export interface UnitMatchups {
  readonly scores: readonly number[];
  /** Per opponent: the outcome record (core/system.ts OutcomeRecord). */
  readonly records: readonly Float64Array[];
}

/** A unit's score at its book count against each opponent, and its outcome records, from its evidence job. */
export function unitMatchups(opponents: number, counts: ArrayLike<number>): UnitMatchups {
  const records = Array.from({ length: opponents }, (_, k) =>
    Float64Array.from({ length: PER_OPPONENT }, (_, i) => counts[k * PER_OPPONENT + i]!),
  );
  return { scores: records.map((_, k) => scoreOf(counts, k).p), records };
}

const percent = (x: number) => `${Math.round(x * 100)}%`;

/**
 * The mechanism of a matchup in words: a fight mostly refused says so; otherwise the side broken more
 * often, and the causes that take most of its elements ("destroyed in frontal combat 62%, by flank
 * contacts 31%").
 */
export function mechanismOf(m: Omit<Matchup, 'mechanism'>): string {
  if (m.refused >= 0.5) return `refused ${percent(m.refused)} of the time: neither side closes`;
  const ownLost = LOSS_CAUSES.reduce((t, c) => t + m.own[c], 0);
  const theirLost = LOSS_CAUSES.reduce((t, c) => t + m.theirs[c], 0);
  // The side that is broken more often is the one whose losses decide the matchup.
  const losing = m.lost > m.won || (m.lost === m.won && ownLost >= theirLost);
  const lost = losing ? m.own : m.theirs;
  const total = losing ? ownLost : theirLost;
  if (total === 0)
    return m.refused > 0 ? `refused ${percent(m.refused)} of the time` : 'few elements are lost';
  const words: Readonly<Record<LossCause, string>> = {
    frontal: 'destroyed in frontal combat',
    flank: 'destroyed by flank contacts',
    sweep: 'swept away with the front',
    'table edge': 'lost off the table edge',
    shooting: 'destroyed by shooting',
  };
  const parts = LOSS_CAUSES.filter((c) => lost[c] / total >= 0.1)
    .sort((p, q) => lost[q] - lost[p])
    .map((c) => `${words[c]} ${percent(lost[c] / total)}`);
  const who = losing ? 'its losses' : "the enemy's losses";
  const refused = m.refused >= 0.1 ? `; refused ${percent(m.refused)}` : '';
  return `${who}: ${parts.join(', ')}${refused}`;
}

/**
 * The matchups of an element across the variants that measured it: mean score at book cost per
 * opponent, and the outcome records pooled.
 */
export function elementMatchups(
  field: readonly { readonly element: string }[],
  units: readonly UnitMatchups[],
): Matchup[] {
  return field.map((f, k) => {
    let score = 0;
    const r = new Float64Array(PER_OPPONENT);
    for (const u of units) {
      score += u.scores[k]!;
      for (let i = 0; i < PER_OPPONENT; i++) r[i]! += u.records[k]![i]!;
    }
    const n = r[0]! || 1;
    const causes = (from: number) =>
      Object.fromEntries(LOSS_CAUSES.map((c, i) => [c, r[from + i]! / n])) as Record<LossCause, number>;
    const m = {
      opponent: f.element,
      score: units.length > 0 ? score / units.length : Number.NaN,
      won: r[1]! / n,
      lost: r[2]! / n,
      refused: r[5]! / n,
      own: causes(6),
      theirs: causes(6 + LOSS_CAUSES.length),
    };
    return { ...m, mechanism: mechanismOf(m) };
  });
}

/** The `n` opponents an element does best and worst against (by score at book cost), best first. */
export function extremes(matchups: readonly Matchup[], n = 5): { best: Matchup[]; worst: Matchup[] } {
  const measured = matchups.filter((m) => Number.isFinite(m.score));
  const sorted = [...measured].sort((p, q) => q.score - p.score || p.opponent.localeCompare(q.opponent));
  return { best: sorted.slice(0, n), worst: sorted.slice(-n).reverse() };
}
