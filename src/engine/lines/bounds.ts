/**
 * Multi-bound odds of one file against one (docs/engagement-model.md "One file against one"): an exact
 * Markov chain over the pair's states, following the battle-line kernel (fight.ts) step for step on a
 * line of one file a side. Every combat and every distant shooting is a lookup in the same compiled tables
 * the kernel samples (prepare.ts Prepared.entry and Prepared.shot), and what an outcome does to a file is
 * the kernel's own (transitions.ts), so the chain re-implements no rule: only the kernel's bookkeeping of
 * one column (the approach, shooting, movement, losses, recoils, pursuit, the break rule), which
 * test/engine/lines/bounds.test.ts holds to the Monte Carlo kernel on the same fights.
 *
 * Exact: the chance of each state is a whole number of dice combinations over space^k after k bounds
 * (space = the combinations of one combat's dice, 36 for two d6), kept in BigInt; probabilities are those
 * fractions divided out as doubles. A bound holds at most one roll of the dice: a distant shooting or a
 * close combat (one column: a pair in contact does not shoot).
 */
import type {
  BoundsCell,
  BoundsEnd,
  BoundsOdds,
  BoundsPhase,
  BoundsRequest,
  BoundsRow,
} from '../../core/bounds.ts';
import type { AnySystem, Variant } from '../../core/system.ts';
import type { LineAdapter } from './adapter.ts';
import type { LineId } from './model.ts';
import * as S from './pack.ts';
import { pairSetup, type PairSetup } from './pair-setup.ts';
import { prepared, type Prepared } from './prepare.ts';
import { signatureIndex } from './signature.ts';
import { fileOutcome, FLED, SPENT_FRONT, type Visit } from './transitions.ts';

const EPS = 1e-9;

/** The state of the pair between bounds: everything of fight.ts's Battle that one column carries over. */
interface PairState {
  /** Each file's state (prepare.ts: its ranks still standing): [A, B]. */
  readonly head: readonly [number, number];
  /** Each file is a base depth back (after a recoil or a loss). */
  readonly back: readonly [number, number];
  /** The two files are in contact. */
  readonly contact: number;
  /** Losses toward the break rule (fight.ts T_EE). */
  readonly lost: readonly [number, number];
  /** The side's first-loss bonus (DBA: first double element) is already counted. */
  readonly bonus: readonly [number, number];
  /** Paces between the lines while they approach (fight.ts Battle.gap); 0 once they have met. */
  readonly gap: number;
}

type Mutable = {
  head: [number, number];
  back: [number, number];
  contact: number;
  lost: [number, number];
  bonus: [number, number];
  gap: number;
};

const keyOf = (s: PairState): string =>
  `${s.head[0]},${s.head[1]},${s.back[0]},${s.back[1]},${s.contact},${s.lost[0]},${s.lost[1]},${s.bonus[0]},${s.bonus[1]},${s.gap}`;

const copy = (s: PairState): Mutable => ({
  head: [s.head[0], s.head[1]],
  back: [s.back[0], s.back[1]],
  contact: s.contact,
  lost: [s.lost[0], s.lost[1]],
  bonus: [s.bonus[0], s.bonus[1]],
  gap: s.gap,
});

type Side = 0 | 1;

/** One column of fight.ts's Battle, as pure functions of a pair state. */
class Pair {
  private readonly nb: number;
  private readonly rules: boolean;
  /** The lines start apart (a battlefield): they approach, and shoot whenever the two are out of contact. */
  readonly apart: boolean;

  constructor(
    private readonly p: Prepared,
    /** Standing overlaps on [A, B] in every close combat (pair-setup.ts standingOverlaps). */
    private readonly overlaps: readonly [number, number],
  ) {
    this.nb = p.sides[1].templates;
    this.rules = p.shot !== undefined;
    this.apart = p.config.battlefield !== undefined;
  }

  present(s: Mutable | PairState, side: Side): boolean {
    return this.p.sides[side].stTmpl[s.head[side]]! >= 0;
  }

  /** The front's template (one column, no terrain: going slot 0, file base 0). */
  private tmpl(s: Mutable, side: Side): number {
    return this.p.sides[side].stTmpl[s.head[side]]!;
  }

  /** fight.ts flankOn with no neighbours (a line of one file). */
  private flank(s: Mutable, side: Side): number {
    const ps = this.p.sides[side];
    if (ps.flankRange === 1) return 0;
    const m = ps.templates + 1;
    return ps.flank[(this.tmpl(s, side) * m + 0) * m + 0]!;
  }

  /** fight.ts Battle.rangeOf: how far the side's front can shoot now (0: it cannot). */
  private range(s: Mutable, side: Side, owner: Side, moved: readonly [number, number]): number {
    if (!this.present(s, side)) return 0;
    return this.p.sides[side].range[this.tmpl(s, side) * 4 + (side === owner ? 0 : 2) + moved[side]!]!;
  }

  /** fight.ts Battle.mayCharge on the one column: may the side's front contact the enemy's? */
  private mayCharge(s: Mutable, side: Side): boolean {
    if (!this.present(s, 0) || !this.present(s, 1)) return true;
    const ok = side === 0 ? this.p.chargeA : this.p.chargeB;
    return ok[this.tmpl(s, 0) * this.nb + this.tmpl(s, 1)] === 1;
  }

  /**
   * fight.ts Battle.prefersShooting on the one column, the lines `gap` apart: the owner can shoot, and its
   * shooting (the enemy replying where it reaches) does it more good than harm.
   */
  private prefersShooting(s: Mutable, owner: Side, gap: number, moved: readonly [number, number]): boolean {
    if (this.p.config.battlefield?.shooters !== 'halt' || !this.p.shot) return false;
    if (!this.present(s, 0) || !this.present(s, 1)) return false;
    const ra = this.range(s, 0, owner, moved);
    const rb = this.range(s, 1, owner, moved);
    const who = (ra > 0 && ra >= gap ? 1 : 0) | (rb > 0 && rb >= gap ? 2 : 0);
    if ((who & (owner === 0 ? 1 : 2)) === 0) return false;
    const e = this.p.shot(this.tmpl(s, 0), this.tmpl(s, 1), owner, who - 1, 0, 0);
    return this.p.tables.edges[e]! > 0;
  }

  /**
   * fight.ts Battle.approachMove with both sides coming on (option refusals `never`): the owner stands if
   * it is within its range and ahead in shooting; otherwise it moves its tactical move (DBM 3.2 p.19) and
   * charges home if that reaches and it may contact the enemy (p.18), else stops short, at its range if
   * it is ahead in shooting there. Returns which side moved (artillery cannot then shoot: p.20).
   */
  approach(s: Mutable, owner: Side): [number, number] {
    const moved: [number, number] = [0, 0];
    const rangeBefore = this.p.shot ? this.range(s, owner, owner, moved) : 0;
    if (rangeBefore >= s.gap && this.prefersShooting(s, owner, s.gap, moved)) return moved;
    const m = this.present(s, owner) ? this.p.sides[owner].move[this.tmpl(s, owner)]! : 0;
    if (m <= 0) return moved;
    moved[owner] = 1;
    if (m >= s.gap && this.mayCharge(s, owner)) {
      s.gap = 0;
      return moved;
    }
    let next = Math.max(s.gap - m, m >= s.gap ? 1 : 0);
    const range = this.p.shot ? this.range(s, owner, owner, moved) : 0;
    if (range > 0 && next < range && s.gap > range && this.prefersShooting(s, owner, range, moved))
      next = range;
    s.gap = next;
    return moved;
  }

  /**
   * fight.ts Battle.shootAll on the one column: the table of the bound's distant shooting (DBM 3.2 p.20),
   * or undefined when neither front can shoot at the other (out of range, or the two in contact). Two
   * fronts shooting at each other are resolved once, each the other's main shooter; no other file aids.
   */
  shot(s: Mutable, owner: Side, moved: readonly [number, number]): Uint16Array | undefined {
    if (!this.apart || !this.p.shot || s.contact === 1) return undefined;
    if (!this.present(s, 0) || !this.present(s, 1)) return undefined;
    const shoots = (side: Side) => {
      const r = this.range(s, side, owner, moved);
      return r > 0 && s.gap <= r;
    };
    const a = shoots(0);
    const b = shoots(1);
    if (!a && !b) return undefined;
    const who = a && b ? 2 : a ? 0 : 1;
    return this.p.tables.table(this.p.shot(this.tmpl(s, 0), this.tmpl(s, 1), owner, who, 0, 0));
  }

  /**
   * A shooting's result `r` (fight.ts shootAll): a recoil at a distance moves nothing; flight and
   * destruction take the element out as in close combat. While the lines are apart they keep one gap.
   */
  applyShot(s: Mutable, r: number): void {
    const pa = r & S.SIDE_MASK;
    const pb = r >> S.SIDE_BITS;
    const counts = (x: number) => (x & S.OUTCOME_MASK) !== S.NONE && (x & S.OUTCOME_MASK) !== S.RECOIL;
    if (counts(pa)) this.applyLoss(s, 0, pa);
    if (counts(pb)) this.applyLoss(s, 1, pb);
    if (s.gap > 0) {
      s.back[0] = 0;
      s.back[1] = 0;
    }
  }

  /**
   * fight.ts Battle.move on the one column: the bound's owner closes a gap (or, with renewContact
   * `attacker`, only the side with the first bound, and anyone in bound 1 or charging home from the
   * approach). Returns who moved into contact.
   */
  move(s: Mutable, owner: Side, first: Side, bound: number, charge = false): [number, number] {
    const moved: [number, number] = [0, 0];
    const o = this.p.config.options;
    if (!(charge || bound === 1 || o.renewContact === 'bound-owner' || owner === first)) return moved;
    const other = (1 - owner) as Side;
    if (!this.present(s, owner)) return moved;
    if (this.present(s, other)) {
      const ok = owner === 0 ? this.p.chargeA : this.p.chargeB;
      if (this.rules && ok[this.tmpl(s, 0) * this.nb + this.tmpl(s, 1)] === 0) return moved;
      if (s.contact === 0) {
        s.contact = 1;
        moved[owner] = 1;
        s.back[0] = 0;
        s.back[1] = 0;
      }
    } else s.back[owner] = 0;
    return moved;
  }

  /** The combat table of the pair as it stands, with the standing overlaps (no neighbours otherwise). */
  table(s: Mutable, owner: Side, moved: readonly [number, number]): Uint16Array {
    const index = signatureIndex(this.p.signatures, {
      owner,
      overlapsA: this.overlaps[0],
      overlapsB: this.overlaps[1],
      movedA: moved[0],
      movedB: moved[1],
      flankA: this.flank(s, 0),
      flankB: this.flank(s, 1),
      flankContactsA: 0,
      flankContactsB: 0,
      shakenA: 0,
      shakenB: 0,
    });
    return this.p.tables.table(this.p.entry(this.tmpl(s, 0), this.tmpl(s, 1), index));
  }

  /**
   * fight.ts Battle.count for the pair: rank k of the file gone (fled: out of the fight, lost only with
   * fledLost; or lost; spent at half its value).
   */
  private count(s: Mutable, side: Side, k: number, fled: boolean, spent: boolean): void {
    if (fled && !this.p.config.options.fledLost) return;
    const ps = this.p.sides[side];
    s.lost[side] += spent ? ps.ee[k]! / 2 : ps.ee[k]!;
    if (ps.firstBonus[k]! > 0 && s.bonus[side] === 0) {
      s.lost[side] += ps.firstBonus[k]!;
      s.bonus[side] = 1;
    }
  }

  /** The outcome `packed` on one side's file (transitions.ts fileOutcome, as fight.ts Battle.applyLoss). */
  private applyLoss(s: Mutable, side: Side, packed: number): void {
    if ((packed & S.OUTCOME_MASK) === S.NONE) return;
    const visit: Visit = {
      rank: (k, how) => this.count(s, side, k, how === FLED, how === SPENT_FRONT),
    };
    s.head[side] = fileOutcome(this.p.sides[side], s.head[side], packed, visit);
    s.back[side] = 1;
  }

  /** fight.ts Battle.apply and pursue. */
  apply(s: Mutable, r: number): void {
    const pa = r & S.SIDE_MASK;
    const pb = r >> S.SIDE_BITS;
    if ((pa & S.OUTCOME_MASK) === S.NONE && (pb & S.OUTCOME_MASK) === S.NONE) return;
    this.applyLoss(s, 0, pa);
    this.applyLoss(s, 1, pb);
    s.contact = 0;
    const winner: Side | undefined =
      (pa & S.OUTCOME_MASK) === S.NONE ? 0 : (pb & S.OUTCOME_MASK) === S.NONE ? 1 : undefined;
    if (winner === undefined) return;
    const pursuit = ((winner === 0 ? pa : pb) >> S.PURSUIT_SHIFT) & 3;
    const pursues =
      pursuit === S.PURSUE_MUST ||
      (pursuit === S.PURSUE_MAY && this.p.config.options.optionalPursuit === 'pursue');
    const loser = (1 - winner) as Side;
    if (pursues && this.present(s, loser)) {
      s.contact = 1;
      s.back[loser] = 0;
    }
  }

  /** fight.ts Battle.broken. */
  broken(s: Mutable, side: Side): boolean {
    const rule = this.p.breakRule;
    if (rule.kind === 'against-enemy') return rule.defeated(s.lost[side], s.lost[1 - side]!);
    const total = this.p.sides[side].eeTotal;
    if (rule.kind === 'own') return rule.broken(s.lost[side] + EPS, total);
    return total > 0 && s.lost[side] + EPS >= this.p.config.options.breakFraction * total;
  }
}

/** The ways a fight of one file against one can end (docs/engagement-model.md "One file against one"). */
function endsOf(spent: boolean): BoundsEnd[] {
  const side = (id: 'a' | 'b'): BoundsEnd[] => {
    const name = id.toUpperCase();
    return [
      { id: `${id}-destroyed`, label: `${name} destroyed`, side: id },
      ...(spent ? [{ id: `${id}-spent`, label: `${name} spent`, side: id }] : []),
      { id: `${id}-fled`, label: `${name} fled`, side: id },
    ];
  };
  return [...side('a'), ...side('b'), { id: 'both', label: 'both out', side: 'both' }];
}

const END_OF_OUTCOME: Readonly<Record<number, string>> = {
  [S.DESTROYED]: 'destroyed',
  [S.SPENT]: 'spent',
  [S.FLEE]: 'fled',
};

/**
 * How a bound ended the fight, or undefined if it goes on: a side is out when the break rule breaks it
 * or nothing of its file is left (fight.ts Battle.run's two stops), named by its outcome in that bound's
 * combat or shooting (the only thing that can take a side out). The kernel plays on while the lines are
 * apart even when one side has nothing left; nothing can happen after, so the fight ends here.
 */
function endOf(pair: Pair, s: Mutable, r: number): string | undefined {
  const out: [boolean, boolean] = [false, false];
  const ba = pair.broken(s, 0);
  const bb = pair.broken(s, 1);
  if (ba || bb) {
    out[0] = ba;
    out[1] = bb;
  }
  // Not broken, but a file with nothing left ends the fight (fight.ts: no column can fight).
  if (!pair.present(s, 0)) out[0] = true;
  if (!pair.present(s, 1)) out[1] = true;
  if (!out[0] && !out[1]) return undefined;
  if (out[0] && out[1]) return 'both';
  const side: Side = out[0] ? 0 : 1;
  const packed = side === 0 ? r & S.SIDE_MASK : r >> S.SIDE_BITS;
  const how = END_OF_OUTCOME[packed & S.OUTCOME_MASK];
  if (!how) throw new Error(`a side went out of the fight with outcome ${packed & S.OUTCOME_MASK}`);
  return `${side === 0 ? 'a' : 'b'}-${how}`;
}

/** Per bound of a fight that starts apart: dice combinations (out of space^k) of each kind of event. */
interface PhaseCounts {
  shooting: bigint;
  contact: bigint;
  closeCombat: bigint;
  /** Paces apart at the end of the bound, over the fights still apart (empty once all have met). */
  apart: Set<number>;
}

interface PairChain {
  readonly ends: readonly BoundsEnd[];
  /** Combinations of one combat's dice (36 for two d6). */
  readonly space: number;
  /** Per bound k (index k-1): dice combinations, out of space^k, ending the fight in bound k, per end id. */
  readonly ended: readonly Readonly<Record<string, bigint>>[];
  /** Per bound k: combinations still fighting after bound k. */
  readonly fighting: readonly bigint[];
  readonly owners: readonly LineId[];
  /** Fights that start apart: per bound, what it held. */
  readonly phases?: readonly PhaseCounts[];
}

/**
 * The exact chain of a pair setup (one file a side), for `config.boundLimit` bounds, the first bound
 * `first`'s (a config saying `alternate` must be given one).
 */
function pairChain<E, T, V>(
  setup: PairSetup<E>,
  adapter: LineAdapter<E, T, V>,
  first: LineId,
  spent: boolean,
): PairChain {
  const config = setup.config;
  if (config.a.files.length !== 1 || config.b.files.length !== 1)
    throw new Error('pairChain: one file a side');
  if (config.battlefield?.terrain) throw new Error('pairChain: no terrain (each file in its own going)');
  const p = prepared(config, adapter);
  const pair = new Pair(p, setup.overlaps);
  const ends = endsOf(spent);
  const space = BigInt(p.space);
  const firstSide: Side = first === 'a' ? 0 : 1;
  let live = new Map<string, { s: PairState; n: bigint }>();
  const start: PairState = {
    head: [p.sides[0].fileStart[0]!, p.sides[1].fileStart[0]!],
    back: [0, 0],
    contact: 0,
    lost: [0, 0],
    bonus: [0, 0],
    gap: config.battlefield?.distance ?? 0,
  };
  live.set(keyOf(start), { s: start, n: 1n });
  const ended: Record<string, bigint>[] = [];
  const fighting: bigint[] = [];
  const owners: LineId[] = [];
  const phases: PhaseCounts[] = [];
  let before = 1n;
  for (let bound = 1; bound <= config.boundLimit; bound++) {
    const owner = (bound % 2 === 1 ? firstSide : 1 - firstSide) as Side;
    owners.push(owner === 0 ? 'a' : 'b');
    const next = new Map<string, { s: PairState; n: bigint }>();
    const add = (s: PairState, n: bigint) => {
      const k = keyOf(s);
      const e = next.get(k);
      if (e) e.n += n;
      else next.set(k, { s, n });
    };
    const end: Record<string, bigint> = Object.fromEntries(ends.map((e) => [e.id, 0n]));
    const phase: PhaseCounts = { shooting: 0n, contact: 0n, closeCombat: 0n, apart: new Set() };
    for (const { s, n } of live.values()) {
      const m = copy(s);
      // fight.ts Battle.run: while apart, the owner's approach and then shooting, or the charge home and
      // its combat; once met, movement, shooting between fronts out of contact, combat.
      let table: Uint16Array | undefined;
      let shooting = false;
      if (m.gap > 0) {
        const lineMoved = pair.approach(m, owner);
        if (m.gap > 0) {
          table = pair.shot(m, owner, lineMoved);
          shooting = table !== undefined;
        } else {
          phase.contact += n * space;
          const who = pair.move(m, owner, firstSide, bound, true);
          if (m.contact === 1) table = pair.table(m, owner, who);
        }
      } else {
        const who = pair.move(m, owner, firstSide, bound);
        if (m.contact === 1) table = pair.table(m, owner, who);
        else {
          table = pair.shot(m, owner, [0, 0]);
          shooting = table !== undefined;
        }
      }
      if (table === undefined) {
        // No dice this bound: every roll leaves the pair as it stands.
        if (m.gap > 0) phase.apart.add(m.gap);
        add(m, n * space);
        continue;
      }
      if (shooting) phase.shooting += n * space;
      else phase.closeCombat += n * space;
      // Identical packed results lead to the same state: count them once.
      const results = new Map<number, number>();
      for (const r of table) results.set(r, (results.get(r) ?? 0) + 1);
      for (const [r, count] of results) {
        const after = copy(m);
        if (shooting) pair.applyShot(after, r);
        else pair.apply(after, r);
        const how = endOf(pair, after, r);
        if (how === undefined) {
          if (after.gap > 0) phase.apart.add(after.gap);
          add(after, n * BigInt(count));
        } else end[how]! += n * BigInt(count);
      }
    }
    live = next;
    let still = 0n;
    for (const { n } of live.values()) still += n;
    let total = still;
    for (const v of Object.values(end)) total += v;
    if (total !== before * space)
      throw new Error(`pairChain: bound ${bound} accounts for ${total} of ${before * space} rolls`);
    before = still;
    ended.push(end);
    fighting.push(still);
    phases.push(phase);
  }
  return { ends, space: p.space, ended, fighting, owners, ...(pair.apart ? { phases } : {}) };
}

const cell = (n: bigint, of: bigint): BoundsCell => ({ p: ratio(n, of), fraction: `${n}/${of}` });

/** n / of as a double, also when both outgrow a double. */
function ratio(n: bigint, of: bigint): number {
  if (of <= BigInt(Number.MAX_SAFE_INTEGER)) return Number(n) / Number(of);
  const scale = 10n ** 18n;
  return Number((n * scale) / of) / 1e18;
}

/** The chain's numbers as rows (per bound and cumulative). */
function chainRows(chain: PairChain): { perBound: BoundsRow[]; cumulative: BoundsRow[] } {
  const perBound: BoundsRow[] = [];
  const cumulative: BoundsRow[] = [];
  const space = BigInt(chain.space);
  let of = 1n;
  // Cumulative counts are carried over space^k: a fight ended in bound j counts space^(k-j) rolls later.
  const total: Record<string, bigint> = Object.fromEntries(chain.ends.map((e) => [e.id, 0n]));
  chain.ended.forEach((end, i) => {
    of *= space;
    const per: Record<string, BoundsCell> = {};
    const cum: Record<string, BoundsCell> = {};
    for (const e of chain.ends) {
      total[e.id] = total[e.id]! * space + end[e.id]!;
      per[e.id] = cell(end[e.id]!, of);
      cum[e.id] = cell(total[e.id]!, of);
    }
    const fighting = cell(chain.fighting[i]!, of);
    const owner = chain.owners[i]!;
    const ph = chain.phases?.[i];
    const phase: BoundsPhase | undefined = ph && {
      shooting: cell(ph.shooting, of),
      contact: cell(ph.contact, of),
      closeCombat: cell(ph.closeCombat, of),
      ...(ph.apart.size === 1 ? { apart: [...ph.apart][0]! } : {}),
    };
    perBound.push({ bound: i + 1, owner, ended: per, fighting, ...(phase ? { phase } : {}) });
    cumulative.push({ bound: i + 1, owner, ended: cum, fighting, ...(phase ? { phase } : {}) });
  });
  return { perBound, cumulative };
}

/** "A's flank" / "B's two flanks" overlapped, for the notes. */
function overlapWords(overlaps: readonly [number, number]): string | undefined {
  const one = (id: 'A' | 'B', n: number) =>
    n === 0 ? undefined : `${id} is overlapped on ${n === 1 ? 'one flank' : 'both flanks'}`;
  const said = [one('A', overlaps[0]), one('B', overlaps[1])].filter((x) => x !== undefined);
  if (said.length === 0) return undefined;
  return `${said.join(' and ')} in every close combat: enemy elements stand level beside the file all fight long, fighting no one themselves and counting toward no break rule (docs/rulings.md "Standing overlaps").`;
}

/** Multi-bound odds of a lines system (EngagementModel.boundsOdds). */
export function linesBoundsOdds<E>(
  adapter: LineAdapter<E>,
  system: AnySystem,
  variant: Variant,
  input: Readonly<Record<string, unknown>>,
  request: BoundsRequest,
): BoundsOdds {
  const setup = pairSetup(adapter, system, variant, input, request);
  const config = setup.config;
  const first = config.first === 'b' ? 'b' : 'a';
  const spent = system.outcomes.some((o) => o.id === 'spent');
  const chain = pairChain(setup, adapter, first, spent);
  const rows = chainRows(chain);
  const o = config.options;
  const F = first.toUpperCase();
  const overlaps = overlapWords(setup.overlaps);
  const start = setup.distance
    ? [
        `The two start ${setup.distance.paces}p apart. In its bound a side comes on at its tactical move and charges home when the move reaches; one that may not contact the enemy's front (bowmen facing mounted they can shoot at) stops short, and one ahead in shooting stands at its range (DBM 3.2 pp.15-20).`,
        `Every element in range shoots in both bounds, while the two close and whenever they are apart after meeting (a recoil not followed up); a recoil at a distance is ignored, flight and destruction count as in close combat (DBM 3.2 pp.20-23).`,
        ...setup.notes,
      ]
    : [`${F} charges in bound 1 (moved into contact).`];
  return {
    model: 'lines',
    unit: 'bound',
    bounds: config.boundLimit,
    first,
    ends: chain.ends,
    ...rows,
    options: {
      renewContact: o.renewContact,
      optionalPursuit: o.optionalPursuit,
      fledLost: o.fledLost,
      ...(adapter.breakRule.kind === 'fraction' ? { breakFraction: o.breakFraction } : {}),
    },
    exact: `fractions of every roll of the dice: ${chain.space}^k combinations after k bounds`,
    notes: [
      `A: ${config.a.name}; B: ${config.b.name}. Each is one file of a one-file line under the engagement model (docs/engagement-model.md "One file against one").`,
      ...start,
      `After a recoil or a loss, ${o.renewContact === 'attacker' ? `only ${F} steps` : 'the side whose bound it is steps'} back into contact.`,
      ...(overlaps ? [overlaps] : []),
      `A side is out when its break rule breaks it or nothing of its file is left; "destroyed", "fled"${spent ? ', "spent"' : ''} name the outcome that took it out.`,
    ],
    ...(setup.distance ? { distance: setup.distance } : {}),
  };
}
