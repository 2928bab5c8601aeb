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
  /** Fights that start apart (shooting as one side closes): what the bound held. */
  readonly phase?: BoundsPhase;
}

/**
 * What a bound of a fight that starts apart held, as chances of every fight (those already ended count
 * in none): a distant shooting, the lines meeting, a close combat; and how far apart the lines stand.
 */
export interface BoundsPhase {
  /** A distant shooting was resolved in the bound. */
  readonly shooting: BoundsCell;
  /** The lines met (a charge into contact) in the bound. */
  readonly contact: BoundsCell;
  /** A close combat was fought in the bound (the meeting bound's included). */
  readonly closeCombat: BoundsCell;
  /** Paces between the lines at the end of the bound where they have not met, when all such fights agree. */
  readonly apart?: number;
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
  /** Fights that start apart: the starting distance in paces, and in words how it was chosen. */
  readonly distance?: { readonly paces: number; readonly how: string };
}

/** What a caller asks for: the number of bounds and the model's options (partial; the model checks them). */
export interface BoundsRequest {
  readonly bounds: number;
  readonly options?: Readonly<Record<string, unknown>> | undefined;
  /**
   * Shooting fights: paces between the two sides at the start (default: the model's, stated in
   * BoundsOdds.distance). Models without an approach refuse it.
   */
  readonly distance?: number | undefined;
}

/** Most bounds a multi-bound request may ask for (the engagement study's bound limit). */
export const MAX_BOUNDS = 200;

/**
 * What a bound held, in words ("shooting", "contact: the lines meet 94.44%, close combat 94.44%", and
 * "200p apart after it"), each chance written by `percent` unless it is certain.
 */
export function phaseWords(phase: BoundsPhase, percent: (p: number) => string): string {
  const sure = (p: number) => (p >= 1 - 1e-12 ? '' : ` ${percent(p)}`);
  const held = [
    ...(phase.shooting.p > 0 ? [`shooting${sure(phase.shooting.p)}`] : []),
    ...(phase.contact.p > 0 ? [`contact: the lines meet${sure(phase.contact.p)}`] : []),
    ...(phase.closeCombat.p > 0 ? [`close combat${sure(phase.closeCombat.p)}`] : []),
  ];
  const apart = phase.apart !== undefined ? `; ${phase.apart}p apart after it` : '';
  return `${held.length > 0 ? held.join(', ') : 'no shooting, no combat'}${apart}`;
}

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
