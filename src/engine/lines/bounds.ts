/**
 * Multi-bound odds of one file against one (docs/engagement-model.md "One file against one"): an exact
 * Markov chain over the pair's states, following the battle-line kernel (fight.ts) step for step on a
 * line of one file a side. Every combat is a lookup in the same compiled combat table the kernel samples
 * (prepare.ts Prepared.entry), and what an outcome does to a file is the kernel's own (transitions.ts), so
 * the chain re-implements no rule: only the kernel's bookkeeping of one column
 * (movement, losses, recoils, pursuit, the break rule), which test/engine/lines/bounds.test.ts holds to
 * the Monte Carlo kernel on the same fights.
 *
 * Exact: the chance of each state is a whole number of dice combinations over space^k after k bounds
 * (space = the combinations of one combat's dice, 36 for two d6), kept in BigInt; probabilities are those
 * fractions divided out as doubles.
 */
import type { BoundsCell, BoundsEnd, BoundsOdds, BoundsRequest, BoundsRow } from '../../core/bounds.ts';
import { MAX_BOUNDS } from '../../core/bounds.ts';
import { InputError, type FieldPath } from '../../core/errors.ts';
import { parseWith } from '../../core/schema-issues.ts';
import type { AnySystem, Variant } from '../../core/system.ts';
import type { LineAdapter } from './adapter.ts';
import { LineBuilder, modelOptionsSchema } from './block.ts';
import { DEFAULT_OPTIONS, type FileConfig, type LineConfig, type LineId, type LinesConfig } from './model.ts';
import * as S from './pack.ts';
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
}

type Mutable = {
  head: [number, number];
  back: [number, number];
  contact: number;
  lost: [number, number];
  bonus: [number, number];
};

const keyOf = (s: PairState): string =>
  `${s.head[0]},${s.head[1]},${s.back[0]},${s.back[1]},${s.contact},${s.lost[0]},${s.lost[1]},${s.bonus[0]},${s.bonus[1]}`;

const copy = (s: PairState): Mutable => ({
  head: [s.head[0], s.head[1]],
  back: [s.back[0], s.back[1]],
  contact: s.contact,
  lost: [s.lost[0], s.lost[1]],
  bonus: [s.bonus[0], s.bonus[1]],
});

type Side = 0 | 1;

/** One column of fight.ts's Battle, as pure functions of a pair state. */
class Pair {
  private readonly nb: number;
  private readonly rules: boolean;

  constructor(private readonly p: Prepared) {
    this.nb = p.sides[1].templates;
    this.rules = p.shot !== undefined;
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

  /**
   * fight.ts Battle.move on the one column: the bound's owner closes a gap (or, with renewContact
   * `attacker`, only the side with the first bound, and anyone in bound 1). Returns who moved into contact.
   */
  move(s: Mutable, owner: Side, first: Side, bound: number): [number, number] {
    const moved: [number, number] = [0, 0];
    const o = this.p.config.options;
    if (!(bound === 1 || o.renewContact === 'bound-owner' || owner === first)) return moved;
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

  /** The combat table of the pair as it stands (no overlaps: no neighbours). */
  table(s: Mutable, owner: Side, moved: readonly [number, number]): Uint16Array {
    const index = signatureIndex(this.p.signatures, {
      owner,
      overlapsA: 0,
      overlapsB: 0,
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
 * combat (the only thing that can take a side out).
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

interface PairChain {
  readonly ends: readonly BoundsEnd[];
  /** Combinations of one combat's dice (36 for two d6). */
  readonly space: number;
  /** Per bound k (index k-1): dice combinations, out of space^k, ending the fight in bound k, per end id. */
  readonly ended: readonly Readonly<Record<string, bigint>>[];
  /** Per bound k: combinations still fighting after bound k. */
  readonly fighting: readonly bigint[];
  readonly owners: readonly LineId[];
}

/**
 * The exact chain of a config of one file a side, for `config.boundLimit` bounds, the first bound
 * `first`'s (a config saying `alternate` must be given one).
 */
function pairChain<E, T, V>(
  config: LinesConfig<E>,
  adapter: LineAdapter<E, T, V>,
  first: LineId,
  spent: boolean,
): PairChain {
  if (config.a.files.length !== 1 || config.b.files.length !== 1)
    throw new Error('pairChain: one file a side');
  if (config.battlefield) throw new Error('pairChain: no battlefield (the lines start in contact)');
  const p = prepared(config, adapter);
  const pair = new Pair(p);
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
  };
  live.set(keyOf(start), { s: start, n: 1n });
  const ended: Record<string, bigint>[] = [];
  const fighting: bigint[] = [];
  const owners: LineId[] = [];
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
    for (const { s, n } of live.values()) {
      const moved = copy(s);
      const who = pair.move(moved, owner, firstSide, bound);
      if (moved.contact === 0) {
        // No combat this bound: every roll of its dice leaves the pair as it stands.
        add(moved, n * space);
        continue;
      }
      // Identical packed results lead to the same state: count them once.
      const results = new Map<number, number>();
      for (const r of pair.table(moved, owner, who)) results.set(r, (results.get(r) ?? 0) + 1);
      for (const [r, count] of results) {
        const after = copy(moved);
        pair.apply(after, r);
        const how = endOf(pair, after, r);
        if (how === undefined) add(after, n * BigInt(count));
        else end[how]! += n * BigInt(count);
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
  }
  return { ends, space: p.space, ended, fighting, owners };
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
    perBound.push({ bound: i + 1, owner, ended: per, fighting });
    cumulative.push({ bound: i + 1, owner, ended: cum, fighting });
  });
  return { perBound, cumulative };
}

/** Top-level situation fields the pair model reads; every other one is refused. */
const TOP_LEVEL = new Set(['rules', 'mode', 'bound']);

type RankInput = string | ({ element: string } & Record<string, unknown>);

const notCarried = (path: FieldPath): InputError =>
  new InputError(
    'not part of the multi-bound model: one file fights one, and the model makes each bound\'s circumstances (docs/engagement-model.md "One file against one")',
    { path },
  );

/**
 * The lines config of the two files a situation describes: each side's element with its ranks behind
 * (the catalogue's depth field), its going, double basing and line fields where the system has them.
 * Anything else the situation says (a general, overlaps, moved into contact...) is refused: the model
 * makes those itself, bound by bound, or does not have them (docs/engagement-model.md F1-F5).
 */
export function pairConfig<E>(
  adapter: LineAdapter<E>,
  system: AnySystem,
  variant: Variant,
  input: Readonly<Record<string, unknown>>,
  request: BoundsRequest,
): LinesConfig<E> {
  const n = request.bounds;
  if (!Number.isInteger(n) || n < 1 || n > MAX_BOUNDS)
    throw new InputError(`a whole number from 1 to ${MAX_BOUNDS}, not ${n}`, { path: ['bounds'] });
  let options;
  try {
    options = parseWith(modelOptionsSchema, request.options ?? {});
  } catch (e) {
    throw e instanceof InputError ? e.within(['options']) : e;
  }
  // The situation as its own parser reads it, then its minimal form: only what differs from the defaults.
  const minimal = system.situation.toInput(variant.parseSituation(input));
  if (minimal.mode !== undefined && minimal.mode !== 'close')
    throw new InputError(`multi-bound odds are for close combat, not ${String(minimal.mode)}`, {
      path: ['mode'],
    });
  for (const key of Object.keys(minimal)) {
    if (TOP_LEVEL.has(key) || key === 'a' || key === 'b') continue;
    throw notCarried([key]);
  }
  const depthField = system.catalogue?.depth?.field;
  const rankFields = new Set(Object.keys(adapter.rankFields ?? {}));
  const lineFields = new Set(Object.keys(adapter.lineFields ?? {}));
  const builder = new LineBuilder(adapter, system, variant);
  const line = (id: LineId): LineConfig<E> => {
    const side = minimal[id] as Record<string, unknown>;
    const front: Record<string, unknown> = { element: side.element };
    let behind: RankInput[] = [];
    let going: string | undefined;
    let doubleBased = false;
    const extra: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(side)) {
      if (key === 'element') continue;
      if (key === depthField) behind = (Array.isArray(value) ? value : [value]) as RankInput[];
      else if (key === 'going' && adapter.goings.includes(value as string)) going = value as string;
      else if (key === 'doubleBased' && adapter.doubleBasing) doubleBased = value === true;
      else if (lineFields.has(key)) extra[key] = value;
      else if (rankFields.has(key)) front[key] = value;
      else throw notCarried([id, key]);
    }
    // A rank's path in the situation: DBM and B&B list the ranks behind, DBA names one element.
    const at = (i: number): FieldPath =>
      Array.isArray(side[depthField!]) ? [id, depthField!, i] : [id, depthField!];
    behind.forEach((r, i) => {
      if (typeof r === 'string') return;
      for (const key of Object.keys(r))
        if (key !== 'element' && !rankFields.has(key)) throw notCarried([...at(i), key]);
    });
    const db = doubleBased && behind.length > 0;
    const ranks = [
      builder.rank(front as RankInput, 0, db, [id]),
      ...behind.map((r, i) => builder.rank(r, i + 1, db, at(i))),
    ];
    const file: FileConfig<E> = { ranks, doubleBased: db };
    const name = [side.element, ...behind.map((r) => (typeof r === 'string' ? r : r.element))].join(', ');
    return {
      name: String(name),
      files: [file],
      going: going ?? (adapter.goings[0] as string),
      ...(Object.keys(extra).length > 0 ? { extra } : {}),
    };
  };
  return {
    system: system.id,
    variant: variant.spec,
    boundLimit: n,
    first: minimal.bound === 'b' ? 'b' : 'a',
    // One file against one: a fled element is out of the fight (docs/engagement-model.md "One file
    // against one"), so the kernel playing the same fight keeps it out too.
    options: { ...DEFAULT_OPTIONS, ...options, flight: 'gone' },
    a: line('a'),
    b: line('b'),
  };
}

/** Multi-bound odds of a lines system (EngagementModel.boundsOdds). */
export function linesBoundsOdds<E>(
  adapter: LineAdapter<E>,
  system: AnySystem,
  variant: Variant,
  input: Readonly<Record<string, unknown>>,
  request: BoundsRequest,
): BoundsOdds {
  const config = pairConfig(adapter, system, variant, input, request);
  const first = config.first === 'b' ? 'b' : 'a';
  const spent = system.outcomes.some((o) => o.id === 'spent');
  const chain = pairChain(config, adapter, first, spent);
  const rows = chainRows(chain);
  const o = config.options;
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
      `${first.toUpperCase()} charges in bound 1 (moved into contact); after a recoil or a loss, ${o.renewContact === 'attacker' ? `only ${first.toUpperCase()} steps` : 'the side whose bound it is steps'} back into contact.`,
      `A side is out when its break rule breaks it or nothing of its file is left; "destroyed", "fled"${spent ? ', "spent"' : ''} name the outcome that took it out.`,
    ],
  };
}
