/**
 * Multi-bound odds (docs/situation.md "Several bounds"): the two sides of one situation fight on, bound
 * after bound, under their system's engagement model, and these are the exact chances that the fight has
 * ended by each bound, and how. Plain data; every engagement model that offers it
 * (`EngagementModel.boundsOdds`) returns this shape, so the command line and the web page show any of
 * them alike.
 */

/** How a fight can end, in the model's terms ("A destroyed", "b routs"). */
export interface BoundsEnd {
  readonly id: string;
  readonly label: string;
  /** The side that is out of the fight, or both. */
  readonly side: 'a' | 'b' | 'both';
}

/** One chance: a probability, and where the model counts dice, the exact fraction "count/of". */
export interface BoundsCell {
  readonly p: number;
  /** Exact, as decimal integers (they outgrow a double after a few bounds), e.g. "15/36". */
  readonly fraction?: string;
}

export interface BoundsRow {
  /** 1-based bound (or round). */
  readonly bound: number;
  /** Whose bound it is (lines), or who attacks in the round (GBA). */
  readonly owner: 'a' | 'b';
  /** Per end id: the chance the fight ended in this bound (perBound) or by its end (cumulative) that way. */
  readonly ended: Readonly<Record<string, BoundsCell>>;
  /** The chance the fight is still going after this bound. */
  readonly fighting: BoundsCell;
}

export interface BoundsOdds {
  /** The engagement model: "lines", "repeated-shock". */
  readonly model: string;
  /** What a step of the fight is called. */
  readonly unit: 'bound' | 'round';
  /** Bounds (or rounds) computed. */
  readonly bounds: number;
  /** Who has the first bound (GBA: who attacks in round 1). */
  readonly first: 'a' | 'b';
  /** Every way the fight can end, in display order. */
  readonly ends: readonly BoundsEnd[];
  /** Per bound: ended in that bound. Each row's ended and fighting sum to the fighting of the row before. */
  readonly perBound: readonly BoundsRow[];
  /** Per bound: ended by the end of that bound. Each row's ended and fighting sum to 1. */
  readonly cumulative: readonly BoundsRow[];
  /** The model's options, in full (defaults filled in). */
  readonly options: Readonly<Record<string, unknown>>;
  /** How the numbers are exact, in words. */
  readonly exact: string;
  /** What the model assumes about this fight. */
  readonly notes: readonly string[];
}

/** What a caller asks for: the number of bounds and the model's options (partial; the model checks them). */
export interface BoundsRequest {
  readonly bounds: number;
  readonly options?: Readonly<Record<string, unknown>> | undefined;
}

/** Most bounds a multi-bound request may ask for (the engagement study's bound limit). */
export const MAX_BOUNDS = 200;

/** Rows from the chance of each end in each bound: perBound as given, cumulative summed. */
export function boundsRows(
  ends: readonly BoundsEnd[],
  owners: readonly ('a' | 'b')[],
  perBound: readonly { readonly ended: Readonly<Record<string, number>>; readonly fighting: number }[],
): { perBound: BoundsRow[]; cumulative: BoundsRow[] } {
  const total: Record<string, number> = Object.fromEntries(ends.map((e) => [e.id, 0]));
  const per: BoundsRow[] = [];
  const cum: BoundsRow[] = [];
  perBound.forEach((row, i) => {
    const ended: Record<string, BoundsCell> = {};
    const sum: Record<string, BoundsCell> = {};
    for (const e of ends) {
      const p = row.ended[e.id] ?? 0;
      total[e.id]! += p;
      ended[e.id] = { p };
      sum[e.id] = { p: total[e.id]! };
    }
    const owner = owners[i] as 'a' | 'b';
    per.push({ bound: i + 1, owner, ended, fighting: { p: row.fighting } });
    cum.push({ bound: i + 1, owner, ended: sum, fighting: { p: row.fighting } });
  });
  return { perBound: per, cumulative: cum };
}
