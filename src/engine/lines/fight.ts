/**
 * One engagement, bound by bound (docs/engagement-model.md "A bound"). Pure: the randomness is injected
 * (`draw(space)` returns a uniform index into a combat's table: one draw per combat, in the order the
 * combats are fought; scripted dice map to the same index through pack.ts rollIndex).
 *
 * The state lives in typed arrays of a `Battle` reused across engagements of one config (no allocation
 * and no rule logic in the loop: a combat is a table lookup, see prepare.ts). Per side and column it
 * holds the file standing in the front line there (its state: which of its ranks stand), whether it is a
 * base depth back, in contact, on an enemy flank; per side, the elements waiting behind the line (second
 * lines, and fled elements on their way back) with their distance from it.
 */
import type { LineAdapter } from './adapter.ts';
import { chooseFlank, closesOrShoots, pickTarget, type LineIntent } from './decide.ts';
import type { Decision, EngagementResult, LineId, LinesConfig, ModelOptions, SideTally } from './model.ts';
import * as S from './pack.ts';
import { DROP, prepared, tableFor, type CombatEntry, type Prepared, type PreparedSide } from './prepare.ts';

// Module-level copies: read once, not through import bindings in the hot loop.
const NONE = S.NONE;
const RECOIL = S.RECOIL;
const FLEE = S.FLEE;
const DESTROYED = S.DESTROYED;
const SPENT = S.SPENT;
const SIDE_BITS = S.SIDE_BITS;
const SIDE_MASK = S.SIDE_MASK;
const OUT = S.OUTCOME_MASK;
const REAR_SHIFT = S.REAR_SHIFT;
const PURSUIT_SHIFT = S.PURSUIT_SHIFT;
const PURSUE_MAY = S.PURSUE_MAY;
const PURSUE_MUST = S.PURSUE_MUST;
const entryFor = tableFor;
const EPS = 1e-9;

const OUTCOME_NAMES = S.ENGAGEMENT_OUTCOMES;
const SEVERITY = S.SEVERITY;

/** Decision codes, as counted (counts.ts). */
export const A_WINS = 1;
export const B_WINS = 2;
export const MUTUAL = 3;
export const UNDECIDED = 4;
export const REFUSED = 5;
const DECISION_NAMES: Readonly<Record<number, Decision>> = {
  [A_WINS]: 'a-wins',
  [B_WINS]: 'b-wins',
  [MUTUAL]: 'mutual',
  [UNDECIDED]: 'undecided',
  [REFUSED]: 'refused',
};

/** Loss causes, as counted (model.ts LOSS_CAUSES). */
export const C_FRONTAL = 0;
export const C_FLANK = 1;
export const C_SWEEP = 2;
export const C_EDGE = 3;
export const C_SHOOTING = 4;
export const CAUSES = 5;

/** One combat (or distant shooting) as it was fought, for tests and explanations. */
export interface CombatEvent {
  readonly kind: 'close' | 'shooting';
  readonly bound: number;
  readonly owner: LineId;
  /** Column of the combat (A's file index when A's line starts at column 0); shootings: the target's. */
  readonly column: number;
  readonly overlapsA: number;
  readonly overlapsB: number;
  readonly movedA: boolean;
  readonly movedB: boolean;
  /** Enemy files in contact with each side's flanks (flank contacts). */
  readonly flankContactsA: number;
  readonly flankContactsB: number;
  /** Each side's front belongs to a demoralised command. */
  readonly shakenA: boolean;
  readonly shakenB: boolean;
  /** Who added its once-per-engagement score bonus in this combat. */
  readonly bonus: 'none' | 'a' | 'b' | 'both';
  /** The dice rolled, in the system's order (DBM, DBA, B&B: A's die, B's die). */
  readonly dice: readonly number[];
  readonly a: S.EngagementOutcome;
  readonly b: S.EngagementOutcome;
  /** Shootings: paces between the lines. */
  readonly gap?: number;
  /** Shootings: the columns of A's and B's shooting elements (the main shooter of each side, -1 if none). */
  readonly shooterA?: number;
  readonly shooterB?: number;
  /** Shootings: other elements aiding each side's shooting (0-2). */
  readonly aidersA?: number;
  readonly aidersB?: number;
}

/**
 * A move or an event of the model other than a combat (docs/engagement-model.md), for tests and
 * explanations: a file moving onto an enemy flank, a waiting element stepping into the line, a flight
 * (to `distance` paces behind the line, or off the table), the fight refused at the start.
 */
export type MoveEvent =
  | {
      readonly kind: 'flank';
      readonly bound: number;
      readonly side: LineId;
      readonly column: number;
      readonly target: number;
    }
  | {
      readonly kind: 'step-up';
      readonly bound: number;
      readonly side: LineId;
      readonly column: number;
      readonly file: number;
      readonly contact: boolean;
    }
  | {
      readonly kind: 'flight';
      readonly bound: number;
      readonly side: LineId;
      readonly column: number;
      readonly elements: number;
      readonly distance: number;
      readonly lost: boolean;
    }
  | { readonly kind: 'refused'; readonly bound: number };

interface FightOptions {
  /** Who has the first bound; needed when the config says `alternate` (default then: A). */
  readonly first?: LineId;
  /** Called after every combat's dice are read. */
  readonly trace?: (e: CombatEvent) => void;
  /** Called at every move or event of the model other than a combat. */
  readonly log?: (e: MoveEvent) => void;
}

/** Per-side tallies: elements lost, AP lost, element equivalents lost, elements fled. */
export const T_ELEMENTS = 0;
export const T_AP = 1;
export const T_EE = 2;
export const T_FLED = 3;

type Side = 0 | 1;
const SIDE_IDS: readonly LineId[] = ['a', 'b'];

/** The mutable state of one engagement, reset for each. */
export class Battle {
  readonly p: Prepared;
  readonly W: number;
  readonly sides: readonly [PreparedSide, PreparedSide];
  readonly opts: ModelOptions;
  /** Per side and column: the state of the file in the front line there (prepare.ts), -1 where none. */
  readonly state: readonly [Int32Array, Int32Array];
  /** Per side and column: which file that is (prepare.ts PreparedSide.fileAt numbering), -1 where none. */
  readonly file: readonly [Int32Array, Int32Array];
  readonly back: readonly [Uint8Array, Uint8Array];
  readonly moved: readonly [Uint8Array, Uint8Array];
  readonly contact: Uint8Array;
  /** Per column: the two files were in contact at the start of the bound (flank moves from level). */
  private readonly contactAtStart: Uint8Array;
  readonly result: Int32Array;
  readonly order: Int32Array;
  readonly edge: Float64Array;
  /** owner-best-first: each column's entry from the ranking pass, and whether a neighbour changed since. */
  readonly pending: (CombatEntry | undefined)[];
  readonly stale: Uint8Array;
  readonly tally: readonly [Float64Array, Float64Array];
  /** Per side: elements lost by cause (C_FRONTAL ... C_SHOOTING). */
  readonly causes: readonly [Float64Array, Float64Array];
  /** Per side and file: elements lost, AP lost, ranks left in the fight (not lost, nor fled for good). */
  readonly fileElements: readonly [Float64Array, Float64Array];
  readonly fileAp: readonly [Float64Array, Float64Array];
  readonly fileLeft: readonly [Int32Array, Int32Array];
  /** Per side: its first-loss bonus (DBA: first double element) is already counted. */
  readonly bonusUsed: Uint8Array;
  /** Per side and column: -1 or +1, the file is on the flank of the enemy file in column c-1 or c+1; else 0. */
  readonly flanking: readonly [Int8Array, Int8Array];
  /** Lines with commands: per side, per command and loss count (cmd * measures + m), losses so far. */
  readonly commandLost: readonly [Float64Array, Float64Array];
  /** Per side and loss count: the whole army's losses, and their value at the start of the bound. */
  readonly armyLost: readonly [Float64Array, Float64Array];
  readonly boundStart: readonly [Float64Array, Float64Array];
  readonly lostThisBound: readonly [Float64Array, Float64Array];
  /** Per side and command: demoralised; its first-loss bonus counted. */
  readonly demoralised: readonly [Uint8Array, Uint8Array];
  readonly commandBonusUsed: readonly [Uint8Array, Uint8Array];
  /** Per side: its once-per-engagement score bonus is used. */
  readonly scoreUsed: Uint8Array;
  /** Score bonus added by each side in the combat just rolled (for the trace). */
  private readonly lastBonus = new Float64Array(2);
  private readonly measures: number;
  /** Per column: index of its going in p.goings (0 without terrain). */
  readonly colGoing: Int32Array;
  /** Per side and column: the front's template id, -1 when nothing of the file is left (a cache). */
  readonly cur: readonly [Int32Array, Int32Array];
  /**
   * Per side, padded by one column at each end (index c + 1): the front's template where the file is in
   * line and free of enemy contact (so it may overlap its neighbours' opponents), else -1. Kept up to date
   * by touch() after every change to a column, so counting overlaps is two lookups.
   */
  private readonly freeT: readonly [Int32Array, Int32Array];
  /** Per side: overlapOk with a leading row of zeros for "no overlapper" (at (freeT + 1) * n + friend). */
  private readonly okPad: readonly [Uint8Array, Uint8Array];
  /** Key factors of the combat-table signature (prepare.ts tableFor), read once. */
  private readonly nbT: number;
  private readonly faR: number;
  private readonly fbR: number;
  /**
   * Per side, the elements waiting behind the line (docs/engagement-model.md "Second lines", "Flight"):
   * a reserve file, or fled ranks on their way back as a file of their own. `wn` of them, each with its
   * column, file, state and paces from the front line.
   */
  private readonly wn: Int32Array;
  private readonly wCol: readonly [Int32Array, Int32Array];
  private readonly wFile: readonly [Int32Array, Int32Array];
  private readonly wState: readonly [Int32Array, Int32Array];
  private readonly wDist: readonly [Float64Array, Float64Array];
  /** Per side: paces of table behind its line's front edge (model option tableDepth, plus its advance). */
  readonly rear: Float64Array;
  /**
   * Per side and column: paces its front stands behind its line's front edge there (negative: ahead of
   * it), from recoils the enemy followed up and pursuits (docs/engagement-model.md "Flight"): lines stay
   * straight for overlaps (F2), but a column pushed back brings its table edge closer.
   */
  readonly shift: readonly [Float64Array, Float64Array];
  /** Flank contacts are made (prepare.ts flankContactsOn); from level only (DBM: +50p needs corner contact). */
  private readonly flankOn: boolean;
  private readonly flankFromLevel: boolean;
  /** Fled elements come back (model option flight `return`, systems with a flight distance). */
  private readonly fledReturn: boolean;
  /** What each side will do before the lines meet (decide.ts), and whether they have met. */
  private intent: readonly [LineIntent, LineIntent] = [
    { closes: true, shoots: false },
    { closes: true, shoots: false },
  ];
  private engaged = false;
  /** Refusals are decided (a battlefield, an adapter with move rates, option refusals `expected`). */
  private readonly refusalsOn: boolean;
  /** Paces between the lines while they approach (0 once they have met). */
  gap = 0;
  /** Per side: the line has moved this bound (approach: artillery cannot then shoot). */
  readonly lineMoved: Uint8Array;
  /** Distant shootings resolved, and close combats (for the benchmark's combats per second). */
  shootings = 0;
  combats = 0;
  decision = UNDECIDED;
  bounds = 0;
  private bound = 0;
  private draw: (space: number) => number = () => 0;
  private trace: ((e: CombatEvent) => void) | undefined = undefined;
  private log: ((e: MoveEvent) => void) | undefined = undefined;
  /** Per column: the owner's waiting element stepped into the line there this bound (no flank move). */
  private readonly stepped: Uint8Array;
  /** Per side: it has move rates and base depths (DBM), so waiting elements take bounds to come up. */
  private readonly geometry: readonly [boolean, boolean];
  /** Shooting scratch: per side and column, the enemy column it shoots at (-1 none). */
  private readonly target: readonly [Int32Array, Int32Array];
  /** Shooting scratch: per side and column, the packed outcome for that side's file there (-1 none). */
  private readonly shotOut: readonly [Int32Array, Int32Array];

  constructor(p: Prepared) {
    this.p = p;
    const W = (this.W = p.width);
    this.sides = p.sides;
    this.opts = p.config.options;
    const [sa, sb] = p.sides;
    const two = <A>(make: (s: PreparedSide) => A): readonly [A, A] => [make(sa), make(sb)];
    this.state = two(() => new Int32Array(W));
    this.file = two(() => new Int32Array(W));
    this.back = two(() => new Uint8Array(W));
    this.moved = two(() => new Uint8Array(W));
    this.contact = new Uint8Array(W);
    this.contactAtStart = new Uint8Array(W);
    this.result = new Int32Array(W);
    this.order = new Int32Array(W);
    this.edge = new Float64Array(W);
    this.pending = new Array<CombatEntry | undefined>(W).fill(undefined);
    this.stale = new Uint8Array(W);
    this.tally = two(() => new Float64Array(4));
    this.causes = two(() => new Float64Array(CAUSES));
    this.fileElements = two((s) => new Float64Array(s.files));
    this.fileAp = two((s) => new Float64Array(s.files));
    this.fileLeft = two((s) => new Int32Array(s.files));
    this.bonusUsed = new Uint8Array(2);
    this.colGoing = new Int32Array(W);
    this.cur = two(() => new Int32Array(W));
    this.lineMoved = new Uint8Array(2);
    this.flanking = two(() => new Int8Array(W));
    const M = (this.measures = p.commandRule?.measures ?? 0);
    this.commandLost = two((s) => new Float64Array(s.commands * M));
    this.armyLost = two(() => new Float64Array(M));
    this.boundStart = two(() => new Float64Array(M));
    this.lostThisBound = two(() => new Float64Array(M));
    this.demoralised = two((s) => new Uint8Array(s.commands));
    this.commandBonusUsed = two((s) => new Uint8Array(s.commands));
    this.scoreUsed = new Uint8Array(2);
    this.freeT = two(() => new Int32Array(W + 2).fill(-1));
    const pad = (side: PreparedSide) => {
      const n = side.templates;
      const out = new Uint8Array((n + 1) * n);
      out.set(side.overlapOk, n);
      return out;
    };
    this.okPad = two(pad);
    this.nbT = sb.templates;
    this.faR = sa.flankRange;
    this.fbR = sb.flankRange;
    this.wn = new Int32Array(2);
    // A side's waiting elements: at most its files plus one group per rank (each may flee once at a time).
    this.wCol = two((s) => new Int32Array(s.files + s.total));
    this.wFile = two((s) => new Int32Array(s.files + s.total));
    this.wState = two((s) => new Int32Array(s.files + s.total));
    this.wDist = two((s) => new Float64Array(s.files + s.total));
    this.rear = new Float64Array(2);
    this.shift = two(() => new Float64Array(W));
    this.flankOn = p.flankAttacks;
    this.flankFromLevel = p.flankFromLevel;
    this.fledReturn = p.fledReturn;
    this.refusalsOn =
      p.config.battlefield !== undefined && p.shot !== undefined && this.opts.refusals !== 'never';
    this.stepped = new Uint8Array(W);
    this.geometry = two((s) => s.baseDepth.some((d) => d > 0));
    this.target = two(() => new Int32Array(W));
    this.shotOut = two(() => new Int32Array(W));
  }

  /** Recompute both sides' freeT at column c after its front, contact, back or flank state changed. */
  private touch(c: number): void {
    const free = this.contact[c] === 0;
    const t0 = this.cur[0][c]!;
    const t1 = this.cur[1][c]!;
    this.freeT[0][c + 1] = free && t0 >= 0 && this.back[0][c] === 0 && this.flanking[0][c] === 0 ? t0 : -1;
    this.freeT[1][c + 1] = free && t1 >= 0 && this.back[1][c] === 0 && this.flanking[1][c] === 0 ? t1 : -1;
  }

  present(s: Side, c: number): boolean {
    return this.cur[s][c]! >= 0;
  }

  /** The template of side s's front in column c (the column must have one: present). */
  private tmplAt(s: Side, c: number): number {
    return this.cur[s][c]!;
  }

  /** Recompute the cached front template of side s in column c (after its state or going changed). */
  private refresh(s: Side, c: number): void {
    const side = this.sides[s];
    const st = this.state[s][c]!;
    this.cur[s][c] = st < 0 ? -1 : side.stTmpl[this.colGoing[c]! * side.states + st]!;
    this.touch(c);
  }

  /** The base depth of side s's front in column c, in paces (0 where none or without geometry). */
  private depthAt(s: Side, c: number): number {
    const t = this.cur[s][c]!;
    return t < 0 ? 0 : this.sides[s].baseDepth[t]!;
  }

  /**
   * Side s's file in column c, a base depth back, is followed up by the enemy (a renewed contact by the
   * enemy's move, or a pursuit): it stays where it is, and the enemy's front moves up to it.
   */
  private followUp(s: Side, c: number): void {
    const d = this.depthAt(s, c);
    this.shift[s][c]! += d;
    this.shift[1 - s]![c]! -= d;
  }

  /** Enemy files on the flanks of side s's file in column c (flank contacts). */
  private flankContactsOn(s: Side, c: number): number {
    if (!this.flankOn) return 0;
    const f = this.flanking[1 - s]!;
    return (c > 0 && f[c - 1] === 1 ? 1 : 0) + (c + 1 < this.W && f[c + 1] === -1 ? 1 : 0);
  }

  /** Side s's file in column c belongs to a demoralised command. */
  private shaken(s: Side, c: number): boolean {
    return this.measures > 0 && this.demoralised[s][this.sides[s].commandAt[c]!] === 1;
  }

  /** Overlaps on side s's element in column c, from the enemy's free files beside it. */
  private overlapsOn(s: Side, c: number): number {
    const o = (1 - s) as Side;
    const n = this.sides[o].templates;
    const ok = this.okPad[o];
    const f = this.freeT[o];
    const friend = this.cur[o][c]!;
    // f[c] is column c - 1 and f[c + 2] column c + 1 (padded); -1 (no overlapper) reads the zero row.
    return ok[(f[c]! + 1) * n + friend]! + ok[(f[c + 2]! + 1) * n + friend]!;
  }

  /** In line beside a fighting file: its front template, else -1 (flank support, cohesion). */
  private besideTmpl(s: Side, c: number): number {
    return c >= 0 && c < this.W && this.present(s, c) && this.back[s][c] === 0 && this.flanking[s][c] === 0
      ? this.tmplAt(s, c)
      : -1;
  }

  /** The rule system's flank value of side s's file in column c, from its in-line neighbours. */
  private flankValueOn(s: Side, c: number): number {
    const side = this.sides[s];
    if (side.flankRange === 1) return 0;
    const m = side.templates + 1;
    return side.flank[
      (this.tmplAt(s, c) * m + this.besideTmpl(s, c - 1) + 1) * m + this.besideTmpl(s, c + 1) + 1
    ]!;
  }

  private entryAt(c: number, owner: Side, bonusA = 0, bonusB = 0): CombatEntry {
    const ta = this.tmplAt(0, c);
    const tb = this.tmplAt(1, c);
    const ovA = this.overlapsOn(0, c);
    const ovB = this.overlapsOn(1, c);
    const mA = this.moved[0][c]!;
    const mB = this.moved[1][c]!;
    const fA = this.flankValueOn(0, c);
    const fB = this.flankValueOn(1, c);
    const fcA = this.flankContactsOn(0, c);
    const fcB = this.flankContactsOn(1, c);
    if (!this.p.extended && fcA === 0 && fcB === 0) {
      // prepare.ts tableFor's plain path, inline: the pair's shared array, then the signature.
      const slots = this.p.pairSlots;
      if (slots) {
        const arr = slots[ta * this.nbT + tb];
        if (arr !== undefined) {
          const e =
            arr[(((((owner * 3 + ovA) * 3 + ovB) * 2 + mA) * 2 + mB) * this.faR + fA) * this.fbR + fB];
          if (e !== undefined) return e;
        }
      }
      return entryFor(this.p, ta, tb, owner, ovA, ovB, mA, mB, fA, fB);
    }
    const shA = this.shaken(0, c) ? 1 : 0;
    const shB = this.shaken(1, c) ? 1 : 0;
    if (bonusA === 0 && bonusB === 0)
      return entryFor(this.p, ta, tb, owner, ovA, ovB, mA, mB, fA, fB, fcA, fcB, shA, shB);
    // Score bonuses are used once an engagement: their tables are built (and cached by the variant) on demand.
    return this.p.build(ta, tb, owner, ovA, ovB, mA, mB, fA, fB, fcA, fcB, shA, shB, bonusA, bonusB);
  }

  /** What a packed result is worth to side s: how bad the enemy's outcome is less how bad its own is. */
  private worth(r: number, s: Side): number {
    return S.worthTo(r, s);
  }

  /**
   * The once-per-engagement score bonus (RankConfig.scoreBonus; DBA 3.0 Big battles: the C-in-C's +1),
   * added after the dice: a side whose front in column c holds it uses it when that makes the result
   * better for it; the bound's owner decides first, then the other side knowing the owner's choice.
   */
  private scoreBonus(c: number, owner: Side, k: number, r: number): number {
    const bonus = this.lastBonus;
    for (const s of owner === 0 ? ([0, 1] as const) : ([1, 0] as const)) {
      const side = this.sides[s];
      const st = this.state[s][c]!;
      const base = st >= 0 ? side.fileBase[this.file[s][c]!]! : 0;
      const b =
        this.scoreUsed[s] === 0 && st >= 0 && side.stOff[st + 1]! > side.stOff[st]!
          ? side.scoreBonus[base + side.stRanks[side.stOff[st]!]!]!
          : 0;
      if (!(b > 0)) continue;
      const alt = this.entryAt(c, owner, s === 0 ? b : bonus[0]!, s === 1 ? b : bonus[1]!).table[k]!;
      if (this.worth(alt, s) > this.worth(r, s)) {
        r = alt;
        bonus[s] = b;
        this.scoreUsed[s] = 1;
      }
    }
    return r;
  }

  private roll(c: number, owner: Side, entry: CombatEntry = this.entryAt(c, owner)): number {
    const table = entry.table;
    const k = this.draw(table.length);
    let r = table[k]!;
    this.combats++;
    if (this.p.scoreBonus) {
      this.lastBonus.fill(0);
      r = this.scoreBonus(c, owner, k, r);
    }
    if (this.trace) {
      const [ba, bb] = this.lastBonus;
      this.trace({
        kind: 'close',
        bound: this.bound,
        owner: SIDE_IDS[owner]!,
        column: c,
        overlapsA: this.overlapsOn(0, c),
        overlapsB: this.overlapsOn(1, c),
        movedA: this.moved[0][c] === 1,
        movedB: this.moved[1][c] === 1,
        flankContactsA: this.flankContactsOn(0, c),
        flankContactsB: this.flankContactsOn(1, c),
        shakenA: this.shaken(0, c),
        shakenB: this.shaken(1, c),
        bonus: ba! > 0 ? (bb! > 0 ? 'both' : 'a') : bb! > 0 ? 'b' : 'none',
        dice: this.diceOf(k),
        a: OUTCOME_NAMES[r & OUT]!,
        b: OUTCOME_NAMES[(r >> SIDE_BITS) & OUT]!,
      });
    }
    return r;
  }

  /** The dice of table index k (odometer order, last die fastest). */
  private diceOf(k: number): number[] {
    const dice = this.p.dice;
    const out = new Array<number>(dice.length);
    for (let i = dice.length - 1; i >= 0; i--) {
      const n = dice[i]!.sides;
      out[i] = (k % n) + 1;
      k = Math.floor(k / n);
    }
    return out;
  }

  /**
   * Remove up to `ranks` elements from the front of the file in column c, the first for `cause`, the
   * ones behind it swept with it. `spent` (B&B 0.7 ch.6 army moral): it left the table at half its value.
   */
  private lose(s: Side, c: number, ranks: number, cause: number, spent = false): void {
    const side = this.sides[s];
    const st = this.state[s][c]!;
    const f = this.file[s][c]!;
    const base = side.fileBase[f]!;
    const from = side.stOff[st]!;
    const n = Math.min(ranks, side.stOff[st + 1]! - from);
    for (let i = 0; i < n; i++)
      this.count(s, f, base + side.stRanks[from + i]!, 0, spent, i === 0 ? cause : C_SWEEP);
    this.setState(s, c, side.stDrop[st * DROP + n]!);
  }

  /** Side s's file in column c is now in state `st` (-1 or an empty state: nothing of it is left there). */
  private setState(s: Side, c: number, st: number): void {
    const side = this.sides[s];
    this.state[s][c] = st;
    if (st >= 0 && side.stOff[st + 1] === side.stOff[st]) {
      this.state[s][c] = -1;
      this.file[s][c] = -1;
    }
    this.refresh(s, c);
  }

  /**
   * Count rank k (flat) of side s's file f as gone: fled (not lost; `fled` 1: it will come back, 2: it is
   * out of the fight for good), or lost for `cause` (spent: at half its value).
   */
  private count(s: Side, f: number, k: number, fled: 0 | 1 | 2, spent: boolean, cause: number): void {
    const side = this.sides[s];
    const t = this.tally[s];
    if (fled > 0) {
      t[T_FLED]! += 1;
      if (fled === 2) this.fileLeft[s][f]! -= 1;
      return;
    }
    const part = spent ? 0.5 : 1;
    t[T_ELEMENTS]! += 1;
    t[T_AP]! += side.ap[k]!;
    t[T_EE]! += side.ee[k]! * part;
    this.causes[s][cause]! += 1;
    const M = this.measures;
    const cmd = side.fileCommand[f]!;
    // DBA 3.0 Winning and losing: the first double element lost counts 2 (Big battles: the first of
    // each command).
    const used = M > 0 ? this.commandBonusUsed[s] : this.bonusUsed;
    const at = M > 0 ? cmd : s;
    const bonus = side.firstBonus[k]! > 0 && used[at] === 0 ? side.firstBonus[k]! : 0;
    if (bonus > 0) {
      t[T_EE]! += bonus;
      used[at] = 1;
    }
    if (M > 0) {
      const lost = this.commandLost[s];
      const army = this.armyLost[s];
      for (let m = 0; m < M; m++) {
        const v = side.losses[k * M + m]! * part + bonus;
        lost[cmd * M + m]! += v;
        army[m]! += v;
      }
    }
    this.fileElements[s][f]! += 1;
    this.fileAp[s][f]! += side.ap[k]!;
    this.fileLeft[s][f]! -= 1;
  }

  /**
   * The `ranks` ranks directly behind side s's front in column c are destroyed and the front keeps its
   * place (DBA 3.0 Recoiling: a recoiling elephant destroys the friends it meets).
   */
  private loseBehind(s: Side, c: number, ranks: number): void {
    const side = this.sides[s];
    const st = this.state[s][c]!;
    const f = this.file[s][c]!;
    const from = side.stOff[st]!;
    const n = Math.min(ranks, side.stOff[st + 1]! - from - 1);
    if (n <= 0) return;
    const base = side.fileBase[f]!;
    for (let i = 1; i <= n; i++) this.count(s, f, base + side.stRanks[from + i]!, 0, false, C_SWEEP);
    this.setState(s, c, side.stBehind[st * DROP + n]!);
  }

  /**
   * The front of side s's file in column c flees (a recoil first, which may destroy ranks behind: B&B push
   * back). DBM 3.2 p.24 Fleeing Elements: a skirmisher directly behind flees too, and a double element
   * flees as one. With fled elements returning (model option flight), the fled ranks go a flight's
   * length to the rear: lost if that crosses the table edge (p.25 Losses), else they wait there as a
   * file of their own and come back to the line (waitingMoves).
   */
  private flee(s: Side, c: number): void {
    const side = this.sides[s];
    const st = this.state[s][c]!;
    const f = this.file[s][c]!;
    const base = side.fileBase[f]!;
    const t = this.cur[s][c]!;
    for (const k of side.fleeLost[st]!) this.count(s, f, base + k, 0, false, C_SWEEP);
    const fled = side.fleeFled[st]!;
    const group = side.stFledGroup[st]!;
    if (this.opts.fledLost || (this.fledReturn && group >= 0)) {
      // The flight: its initial recoil (a base depth) and the flee move, from where the file stands.
      const distance = this.shift[s][c]! + side.baseDepth[t]! * (1 + this.back[s][c]!) + side.flee[t]!;
      const lost = this.opts.fledLost || distance > this.rear[s]! + EPS;
      for (const k of fled) this.count(s, f, base + k, lost ? 0 : 1, false, C_EDGE);
      if (!lost) this.wait(s, c, f, group, distance);
      if (this.log)
        this.log({
          kind: 'flight',
          bound: this.bound,
          side: SIDE_IDS[s]!,
          column: c,
          elements: fled.length,
          distance,
          lost,
        });
    } else for (const k of fled) this.count(s, f, base + k, 2, false, C_EDGE);
    this.setState(s, c, side.stFlee[st]!);
  }

  /** Add an element (a file in state `st`) waiting `dist` paces behind side s's line in column c. */
  private wait(s: Side, c: number, f: number, st: number, dist: number): void {
    const i = this.wn[s]!++;
    this.wCol[s][i] = c;
    this.wFile[s][i] = f;
    this.wState[s][i] = st;
    this.wDist[s][i] = dist;
  }

  private applyLoss(s: Side, c: number, packed: number, cause: number): void {
    const out = packed & OUT;
    if (out === NONE) return;
    const side = this.sides[s];
    if (out === DESTROYED) {
      // DBM 3.2 p.23 Destroyed Elements: the rear ranks the rule set destroys go with it.
      this.lose(s, c, 1 + ((packed >> REAR_SHIFT) & 3), cause);
    } else if (out === SPENT) {
      // B&B 0.7 ch.6 spent: the base leaves the table, at half its PoC.
      this.lose(s, c, 1, cause, true);
    } else if (out === FLEE) {
      this.flee(s, c);
    } else {
      // A recoil that destroys the ranks it meets behind (DBA 3.0 Recoiling: elephants), as the combat
      // table says; then the adapter's push back, which may destroy ranks (B&B 0.7 ch.7 elephants).
      const rear = (packed >> REAR_SHIFT) & 3;
      if (rear > 0) this.loseBehind(s, c, rear);
      // DBM 3.2 p.25 Losses: an element whose recoil crosses its table edge is lost.
      const t = this.cur[s][c]!;
      const recoilEnds = this.shift[s][c]! + side.baseDepth[t]! * (1 + this.back[s][c]!);
      if (t >= 0 && this.fledReturn && recoilEnds > this.rear[s]! + EPS) {
        this.lose(s, c, 1, C_EDGE);
      } else if (t >= 0) {
        const st = this.state[s][c]!;
        const f = this.file[s][c]!;
        const base = side.fileBase[f]!;
        for (const k of side.recoilLost[st]!) this.count(s, f, base + k, 0, false, C_SWEEP);
        if (side.stRecoil[st] !== st) this.setState(s, c, side.stRecoil[st]!);
      }
    }
    // Destroyed, fled or recoiled: whatever is left of the file is a base depth back.
    this.back[s][c] = 1;
    this.touch(c);
  }

  /** DBM 3.2 p.24 Pursuing Elements: a pursuer follows and keeps contact with what is left of the file. */
  private pursue(s: Side, c: number, packed: number): void {
    const l = (1 - s) as Side;
    const pursuit = (packed >> PURSUIT_SHIFT) & 3;
    const pursues =
      pursuit === PURSUE_MUST || (pursuit === PURSUE_MAY && this.opts.optionalPursuit === 'pursue');
    if (pursues && this.present(l, c)) {
      this.followUp(l, c);
      this.contact[c] = 1;
      this.back[l][c] = 0;
      this.touch(c);
    }
  }

  /** Apply a combat's packed result; true if either file moved or lost anything. */
  private apply(c: number, r: number, fcA: number, fcB: number): boolean {
    const pa = r & SIDE_MASK;
    const pb = r >> SIDE_BITS;
    if ((pa & OUT) === NONE && (pb & OUT) === NONE) return false;
    this.applyLoss(0, c, pa, fcA > 0 ? C_FLANK : C_FRONTAL);
    this.applyLoss(1, c, pb, fcB > 0 ? C_FLANK : C_FRONTAL);
    this.contact[c] = 0;
    this.touch(c);
    if (this.flankOn) {
      if ((pa & OUT) !== NONE) this.releaseFlankers(0, c, true);
      if ((pb & OUT) !== NONE) this.releaseFlankers(1, c, true);
      this.releaseFlankers(0, c, false);
      this.releaseFlankers(1, c, false);
    }
    if ((pa & OUT) === NONE) this.pursue(0, c, pa);
    else if ((pb & OUT) === NONE) this.pursue(1, c, pb);
    return true;
  }

  /**
   * After a combat in column c with an outcome: side s's files on the flanks of the enemy there leave it.
   * `recoil`: side s's own front there recoiled, fled or was destroyed, so they recoil (DBM 3.2 p.23, DBA
   * 3.0 Combat outcome: elements against an enemy flank recoil with the friend fighting its front);
   * otherwise the enemy gave ground or fell and they stand back in line in their own column.
   */
  private releaseFlankers(s: Side, c: number, recoil: boolean): void {
    const f = this.flanking[s];
    for (const d of [-1, 1]) {
      const x = c + d;
      if (x < 0 || x >= this.W || f[x] !== -d) continue;
      f[x] = 0;
      if (recoil) this.back[s][x] = 1;
      this.touch(x);
    }
  }

  /**
   * Flank contacts (DBM 3.2 p.21 Close Combat; DBA 3.0 Movement): each of the owner's files in line with
   * no enemy in its column moves onto the flank of an enemy file beside it that is in frontal combat
   * (decide.ts chooseFlank picks which, where both are), if its move reaches (DBM 3.2 p.19: +50p into
   * an adjacent enemy's flank). `flankFromLevel` (DBM): only a file free and level with that enemy at the
   * start of the bound (the +50p needs front corner contact at the start of the move), so not in the bound
   * the lines meet. A demoralised command's files do not move.
   */
  private flankMoves(owner: Side): void {
    const other = (1 - owner) as Side;
    const f = this.flanking[owner];
    const side = this.sides[owner];
    for (let c = 0; c < this.W; c++) {
      if (!this.present(owner, c) || this.present(other, c) || this.back[owner][c] === 1 || f[c] !== 0)
        continue;
      if (this.moved[owner][c] === 1 || this.stepped[c] === 1 || this.shaken(owner, c)) continue;
      if (side.flankReach[this.tmplAt(owner, c)] === 0) continue;
      const ok = (x: number) =>
        x >= 0 &&
        x < this.W &&
        this.contact[x] === 1 &&
        this.present(other, x) &&
        this.flanking[other][x] === 0 &&
        (!this.flankFromLevel || this.contactAtStart[x] === 1) &&
        this.mayContactFlank(owner, c, x);
      const left = ok(c - 1);
      const right = ok(c + 1);
      if (!left && !right) continue;
      const d = chooseFlank(
        left ? this.flankGain(owner, c - 1) : undefined,
        right ? this.flankGain(owner, c + 1) : undefined,
      );
      f[c] = d;
      this.touch(c);
      if (this.log)
        this.log({ kind: 'flank', bound: this.bound, side: SIDE_IDS[owner]!, column: c, target: c + d });
    }
  }

  /** May side s's front in column c contact the flank of the enemy in column x (not train, DBM 3.2 p.18)? */
  private mayContactFlank(s: Side, c: number, x: number): boolean {
    const flank = s === 0 ? this.p.flankA : this.p.flankB;
    const nb = this.sides[1].templates;
    return s === 0
      ? flank[this.tmplAt(0, c) * nb + this.tmplAt(1, x)] === 1
      : flank[this.tmplAt(0, x) * nb + this.tmplAt(1, c)] === 1;
  }

  /**
   * How much side s (the bound's owner) expects from the combat in column x as it stands: its friend's
   * edge there (CombatEntry.ownerEdge). decide.ts chooseFlank flanks where the friend is likelier to win,
   * since the flank contact destroys an enemy that would recoil or flee (DBM 3.2 p.23).
   */
  private flankGain(s: Side, x: number): number {
    return this.entryAt(x, s).ownerEdge;
  }

  /** Draw each column's going at the start of an engagement (terrain per battle or per file). */
  private drawTerrain(): void {
    const cdf = this.p.goingCdf;
    if (cdf.length === 0) return;
    const pick = () => {
      const u = this.draw(0x40000000) / 0x40000000;
      let g = 0;
      while (u >= cdf[g]! && g < cdf.length - 1) g++;
      return g;
    };
    if (this.p.config.battlefield!.terrain!.per === 'battle') this.colGoing.fill(pick());
    else for (let c = 0; c < this.W; c++) this.colGoing[c] = pick();
  }

  /** Range of side s's front in column c now (0: cannot shoot). */
  private rangeOf(s: Side, c: number, owner: Side): number {
    const t = this.tmplAt(s, c);
    return this.sides[s].range[t * 4 + (s === owner ? 0 : 2) + this.lineMoved[s]!]!;
  }

  /**
   * The shooters of column c at the current gap: 0 none, 1 A, 2 B, 3 both (in shot() order: a=0, b=1,
   * both=2 after subtracting 1).
   */
  private shootersAt(c: number, owner: Side): number {
    if (!this.present(0, c) || !this.present(1, c)) return 0;
    const ra = this.rangeOf(0, c, owner);
    const rb = this.rangeOf(1, c, owner);
    const a = ra > 0 && ra >= this.gap ? 1 : 0;
    const b = rb > 0 && rb >= this.gap ? 2 : 0;
    return a | b;
  }

  /**
   * Would side s rather stand and shoot at the current gap? Its shooting edge summed over the columns
   * where it can shoot (P(the enemy suffers) - P(it suffers), the enemy shooting back where it can) is
   * positive (docs/engagement-model.md "Approach": shooters halt when ahead).
   */
  private prefersShooting(s: Side, owner: Side): boolean {
    if (this.p.config.battlefield?.shooters !== 'halt' || !this.p.shot) return false;
    let edge = 0;
    let any = false;
    for (let c = 0; c < this.W; c++) {
      const who = this.shootersAt(c, owner);
      if ((who & (s === 0 ? 1 : 2)) === 0) continue;
      any = true;
      const e = this.p.shot(this.tmplAt(0, c), this.tmplAt(1, c), owner, who - 1, 0, 0);
      // ownerEdge is from the bound owner's view.
      edge += s === owner ? e.ownerEdge : -e.ownerEdge;
    }
    return any && edge > 0;
  }

  /** Side s's line moves at the pace of its slowest front element (players keep lines dressed). */
  private lineMove(s: Side): number {
    let m = Infinity;
    for (let c = 0; c < this.W; c++) {
      if (!this.present(s, c)) continue;
      m = Math.min(m, this.sides[s].move[this.tmplAt(s, c)]!);
    }
    return m === Infinity ? 0 : m;
  }

  /** Every front facing an enemy front may move into contact with it. */
  private mayCharge(s: Side): boolean {
    const nb = this.sides[1].templates;
    const ok = s === 0 ? this.p.chargeA : this.p.chargeB;
    for (let c = 0; c < this.W; c++) {
      if (!this.present(0, c) || !this.present(1, c)) continue;
      if (ok[this.tmplAt(0, c) * nb + this.tmplAt(1, c)] === 0) return false;
    }
    return true;
  }

  /**
   * What each side will do before the lines meet (docs/engagement-model.md "Refusing a fight"), decided
   * once the going is drawn: decide.ts closesOrShoots from each side's expected combat result against
   * the line in front of it, its move rate and what the rules let it contact.
   */
  private decideIntents(): void {
    if (!this.refusalsOn) {
      this.intent = [
        { closes: true, shoots: false },
        { closes: true, shoots: false },
      ];
      return;
    }
    let va = 0;
    let vb = 0;
    let n = 0;
    for (let c = 0; c < this.W; c++) {
      if (!this.present(0, c) || !this.present(1, c)) continue;
      const v = this.p.pairValue(this.tmplAt(0, c), this.tmplAt(1, c));
      va += v[0]!;
      vb += v[1]!;
      n++;
    }
    const shootEdge = (s: Side) => {
      let range = 0;
      for (let c = 0; c < this.W; c++) if (this.present(s, c)) range = Math.max(range, this.rangeOf(s, c, s));
      if (range <= 0) return 0;
      const keep = this.gap;
      this.gap = range;
      let edge = 0;
      for (let c = 0; c < this.W; c++) {
        const who = this.shootersAt(c, s);
        if ((who & (s === 0 ? 1 : 2)) === 0) continue;
        edge += this.p.shot!(this.tmplAt(0, c), this.tmplAt(1, c), s, who - 1, 0, 0).ownerEdge;
      }
      this.gap = keep;
      return edge;
    };
    const halting = this.p.config.battlefield?.shooters === 'halt';
    this.intent = closesOrShoots(
      {
        value: n > 0 ? va / n : 0,
        move: this.lineMove(0),
        mayContact: this.mayCharge(0),
        shootEdge: halting ? shootEdge(0) : 0,
      },
      {
        value: n > 0 ? vb / n : 0,
        move: this.lineMove(1),
        mayContact: this.mayCharge(1),
        shootEdge: halting ? shootEdge(1) : 0,
      },
    );
  }

  /**
   * The owner's line in the approach (docs/engagement-model.md "Approach"): a line ahead in shooting
   * stands once in range; a line that will not close (decideIntents) stands, or comes only into range to
   * shoot; otherwise it moves at its slowest front's pace, charging home when the move reaches the enemy
   * and every front may contact the enemy in front of it, else stopping short.
   */
  private approachMove(owner: Side): void {
    this.lineMoved.fill(0);
    const intent = this.intent[owner]!;
    if (!intent.closes && !intent.shoots) return;
    const rangeBefore = this.p.shot ? this.maxRange(owner, owner) : 0;
    if (rangeBefore >= this.gap && (!intent.closes || this.prefersShooting(owner, owner))) return;
    const m = this.lineMove(owner);
    if (m <= 0) return;
    this.lineMoved[owner] = 1;
    if (intent.closes && m >= this.gap && this.mayCharge(owner)) {
      this.rear[owner]! += this.gap;
      this.gap = 0;
      return;
    }
    // A shooter ahead in shooting (or one that will not close) closes only to its range; others as far
    // as they may.
    let next = Math.max(this.gap - m, m >= this.gap ? 1 : 0);
    const range = this.p.shot ? this.maxRange(owner, owner) : 0;
    if (range > 0 && next < range && this.gap > range) {
      const keep = this.gap;
      this.gap = range;
      const ahead = !intent.closes || this.prefersShooting(owner, owner);
      this.gap = keep;
      if (ahead) next = range;
    }
    this.rear[owner]! += this.gap - next;
    this.gap = next;
  }

  /** The longest range of side s's fronts now. */
  private maxRange(s: Side, owner: Side): number {
    let r = 0;
    for (let c = 0; c < this.W; c++) if (this.present(s, c)) r = Math.max(r, this.rangeOf(s, c, owner));
    return r;
  }

  /**
   * Can side s's front in column c shoot now (DBM 3.2 p.20 Distant Shooting)? It has a range, and is not
   * in close combat (in frontal contact, on an enemy flank or with an enemy on its flank), nor
   * overlapping an enemy element in close combat (in line beside a friend in frontal combat). Rear ranks
   * never shoot on their own (they aid the front: the adapter's shooting table).
   */
  private canShoot(s: Side, c: number, owner: Side): number {
    if (!this.present(s, c)) return 0;
    const range = this.rangeOf(s, c, owner);
    if (range <= 0) return 0;
    if (this.contact[c] === 1 || this.flanking[s][c] !== 0 || this.flankContactsOn(s, c) > 0) return 0;
    if (this.gap === 0 && this.back[s][c] === 0) {
      const o = (1 - s) as Side;
      for (const x of [c - 1, c + 1])
        if (x >= 0 && x < this.W && this.contact[x] === 1 && this.present(o, x) && this.present(s, x))
          return 0;
    }
    return range;
  }

  /** Is the enemy of side s in column x a target within `range` (present, not in close combat)? */
  private targetable(s: Side, x: number, range: number): boolean {
    if (x < 0 || x >= this.W) return false;
    const o = (1 - s) as Side;
    if (!this.present(o, x)) return false;
    if (this.contact[x] === 1 || this.flanking[o][x] !== 0 || this.flankContactsOn(o, x) > 0) return false;
    // Apart: the gap between the lines; once met, a column out of contact is a base depth or two apart.
    return this.gap <= range;
  }

  /**
   * Distant shooting (DBM 3.2 p.15 Sequence of Play (3), p.20 Distant Shooting): every front that can
   * shoot picks the target most directly in front of it within one base width either side (decide.ts
   * pickTarget); each target is shot by one main shooter, the others aiding it (at most two count); two
   * elements shooting at each other are each other's main shooter. Once a bound, both sides; outcomes
   * from the state before any of them (a recoil at a distance moves nothing in this model).
   */
  private shootAll(owner: Side): void {
    const shot = this.p.shot;
    if (!shot) return;
    const W = this.W;
    let shooters = 0;
    for (const s of [0, 1] as const) {
      const tg = this.target[s];
      for (let c = 0; c < W; c++) {
        tg[c] = -1;
        const range = this.canShoot(s, c, owner);
        if (range <= 0) continue;
        tg[c] = pickTarget(
          this.targetable(s, c, range),
          this.targetable(s, c - 1, range),
          this.targetable(s, c + 1, range),
          c,
        );
        if (tg[c]! >= 0) shooters++;
      }
    }
    if (shooters === 0) return;
    this.shotOut[0].fill(-1);
    this.shotOut[1].fill(-1);
    for (const s of [0, 1] as const) {
      const o = (1 - s) as Side;
      const tg = this.target[s];
      for (let x = 0; x < W; x++) {
        // The shooters of side s at the enemy in column x: the main one and its aiders.
        let count = 0;
        let main = -1;
        const back = this.target[o][x]!;
        for (let c = 0; c < W; c++) {
          if (tg[c] !== x) continue;
          count++;
          if (main < 0 || c === back || (c === x && main !== back)) main = c;
        }
        if (count === 0) continue;
        const mutual = back === main;
        // A mutual pair is resolved once, from side A's groups.
        if (mutual && s === 1) continue;
        const aiders = Math.min(2, count - 1);
        let otherAiders = 0;
        if (mutual) {
          let n = 0;
          for (let y = 0; y < W; y++) if (this.target[o][y] === main) n++;
          otherAiders = Math.min(2, n - 1);
        }
        const ca = s === 0 ? main : x;
        const cb = s === 0 ? x : main;
        const who = mutual ? 2 : s;
        const e = shot(
          this.tmplAt(0, ca),
          this.tmplAt(1, cb),
          owner,
          who,
          s === 0 ? aiders : otherAiders,
          s === 0 ? otherAiders : aiders,
        );
        const k = this.draw(e.table.length);
        const r = e.table[k]!;
        this.shootings++;
        // Each element keeps the worst outcome it is dealt this bound.
        this.keepWorst(0, ca, r & SIDE_MASK);
        this.keepWorst(1, cb, r >> SIDE_BITS);
        if (this.trace)
          this.trace({
            kind: 'shooting',
            bound: this.bound,
            owner: SIDE_IDS[owner]!,
            column: x,
            overlapsA: 0,
            overlapsB: 0,
            movedA: this.lineMoved[0] === 1,
            movedB: this.lineMoved[1] === 1,
            flankContactsA: 0,
            flankContactsB: 0,
            shakenA: false,
            shakenB: false,
            bonus: 'none',
            dice: this.diceOf(k),
            a: OUTCOME_NAMES[r & OUT]!,
            b: OUTCOME_NAMES[(r >> SIDE_BITS) & OUT]!,
            gap: this.gap,
            shooterA: s === 0 ? main : mutual ? x : -1,
            shooterB: s === 1 ? main : mutual ? x : -1,
            aidersA: s === 0 ? aiders : otherAiders,
            aidersB: s === 1 ? aiders : otherAiders,
          });
      }
    }
    for (const s of [0, 1] as const)
      for (let c = 0; c < W; c++) {
        const p = this.shotOut[s][c]!;
        // Recoils at a distance move nothing in this model (the lines keep one gap): only losses count.
        if (p < 0 || (p & OUT) === NONE || (p & OUT) === RECOIL || !this.present(s, c)) continue;
        this.applyLoss(s, c, p, C_SHOOTING);
      }
    if (this.gap > 0)
      for (let c = 0; c < W; c++) {
        this.back[0][c] = 0;
        this.back[1][c] = 0;
        this.touch(c);
      }
  }

  /** Shooting: keep the worse of side s's outcomes in column c (by SEVERITY). */
  private keepWorst(s: Side, c: number, packed: number): void {
    const had = this.shotOut[s][c]!;
    if (had < 0 || SEVERITY[packed & OUT]! > SEVERITY[had & OUT]!) this.shotOut[s][c] = packed;
  }

  /**
   * Movement (docs/engagement-model.md "A bound"): the first charge, renewing contact (option
   * renewContact), then the owner's waiting elements (second lines, fled elements coming back) and its
   * flank contacts. Before the lines have met, a side that will not close (decideIntents) makes no contact.
   */
  private move(owner: Side, firstSide: Side, charge = false): void {
    const other = (1 - owner) as Side;
    this.moved[0].fill(0);
    this.moved[1].fill(0);
    this.contactAtStart.set(this.contact);
    this.stepped.fill(0);
    if (!charge) this.lineMoved.fill(0);
    const renews =
      (charge || this.bound === 1 || this.opts.renewContact === 'bound-owner' || owner === firstSide) &&
      (this.engaged || this.intent[owner]!.closes);
    const nb = this.sides[1].templates;
    const ok = owner === 0 ? this.p.chargeA : this.p.chargeB;
    const rules = this.p.shot !== undefined;
    if (renews)
      for (let c = 0; c < this.W; c++) {
        if (!this.present(owner, c)) continue;
        // DBA 3.0 Big battles: a demoralised command makes no tactical moves (it holds in place).
        if (this.shaken(owner, c)) continue;
        if (this.flanking[owner][c] !== 0) continue;
        if (this.present(other, c)) {
          // A front the rules forbid to contact the enemy in front (DBM 3.2 p.18: bowmen and mounted
          // they can shoot at; train) waits for the enemy to come.
          if (rules && ok[this.tmplAt(0, c) * nb + this.tmplAt(1, c)] === 0) continue;
          if (this.contact[c] === 0) {
            // The owner's back file steps up; or it moves up to the enemy's back file (followed up).
            if (this.back[other][c] === 1 && this.back[owner][c] === 0) this.followUp(other, c);
            this.contact[c] = 1;
            this.moved[owner][c] = 1;
            this.lineMoved[owner] = 1;
            this.back[0][c] = 0;
            this.back[1][c] = 0;
            this.engaged = true;
            this.touch(c);
          }
        } else {
          this.back[owner][c] = 0;
          this.touch(c);
        }
      }
    if (this.wn[owner]! > 0) this.waitingMoves(owner);
    if (this.flankOn && this.engaged) this.flankMoves(owner);
  }

  /**
   * The owner's waiting elements move (docs/engagement-model.md "Second lines", "Flight"): where its
   * front line has a gap (no file left in a column), the nearest element waiting behind that column
   * moves toward it at its tactical move and, on reaching the line, stands there as the column's file
   * (in contact with the enemy in front if it may contact it: it moved into contact). The others close
   * up to the second line's distance and wait. Without move rates (DBA, B&B) an element reaches the
   * line in one bound.
   */
  private waitingMoves(owner: Side): void {
    const side = this.sides[owner];
    const col = this.wCol[owner];
    const dist = this.wDist[owner];
    const geometry = this.geometry[owner];
    for (let i = 0; i < this.wn[owner]!; i++) {
      const c = col[i]!;
      if (this.shaken(owner, c)) continue;
      const st = this.wState[owner][i]!;
      const t = side.stTmpl[this.colGoing[c]! * side.states + st]!;
      const m = geometry ? side.move[t]! : Infinity;
      let nearest = !this.present(owner, c);
      for (let j = 0; j < this.wn[owner]! && nearest; j++)
        if (j !== i && col[j] === c && (dist[j]! < dist[i]! || (dist[j] === dist[i] && j < i)))
          nearest = false;
      if (nearest) {
        // It comes up to where its column's front stood, or to the enemy's front there.
        const at = this.positionIn(owner, c);
        if (m + EPS >= dist[i]! - at) {
          this.arrive(owner, i);
          i--;
        } else dist[i]! -= m;
      } else if (dist[i]! > side.reserveDist[c]!) dist[i] = Math.max(side.reserveDist[c]!, dist[i]! - m);
    }
  }

  /**
   * Paces behind side s's line where an element coming up into column c takes its place: the enemy's
   * front there if the enemy has a file in the column, else where side s's front last stood.
   */
  private positionIn(s: Side, c: number): number {
    return this.present((1 - s) as Side, c) ? -this.shift[1 - s]![c]! : this.shift[s][c]!;
  }

  /** Waiting element i of side s reaches the line in its column (waitingMoves). */
  private arrive(s: Side, i: number): void {
    const o = (1 - s) as Side;
    const c = this.wCol[s][i]!;
    const f = this.wFile[s][i]!;
    const st = this.wState[s][i]!;
    const n = this.wn[s]!;
    for (let j = i; j + 1 < n; j++) {
      this.wCol[s][j] = this.wCol[s][j + 1]!;
      this.wFile[s][j] = this.wFile[s][j + 1]!;
      this.wState[s][j] = this.wState[s][j + 1]!;
      this.wDist[s][j] = this.wDist[s][j + 1]!;
    }
    this.wn[s] = n - 1;
    this.shift[s][c] = this.positionIn(s, c);
    this.file[s][c] = f;
    this.state[s][c] = st;
    this.back[s][c] = 0;
    this.refresh(s, c);
    let contact = false;
    if (this.present(o, c) && this.contact[c] === 0) {
      const nb = this.sides[1].templates;
      const ok = s === 0 ? this.p.chargeA : this.p.chargeB;
      const may = this.p.shot === undefined || ok[this.tmplAt(0, c) * nb + this.tmplAt(1, c)] === 1;
      if (this.flanking[o][c] !== 0) {
        // The enemy file standing on a flank from this column is contacted and turns to face (p.21).
        this.flanking[o][c] = 0;
        this.back[o][c] = 0;
        contact = true;
      } else contact = may && this.back[o][c] === 0;
      if (contact) {
        this.contact[c] = 1;
        this.moved[s][c] = 1;
        this.engaged = true;
      }
    }
    this.moved[s][c] = contact ? 1 : 0;
    // It has made its move this bound: it does not also take a flank.
    this.stepped[c] = 1;
    this.touch(c);
    if (this.log)
      this.log({ kind: 'step-up', bound: this.bound, side: SIDE_IDS[s]!, column: c, file: f, contact });
  }

  /** Side s has an element waiting behind column c. */
  private waitingAt(s: Side, c: number): boolean {
    for (let i = 0; i < this.wn[s]!; i++) if (this.wCol[s][i] === c) return true;
    return false;
  }

  /**
   * Combat (DBM 3.2 p.15 Sequence of Play (4)): every column in contact fights once, in an order the
   * bound's owner decides (option combatOrder); ties and `sweep` go left to right in odd bounds and right
   * to left in even ones.
   */
  private combat(owner: Side): void {
    const { W, order, edge, contact, result } = this;
    let n = 0;
    for (let i = 0; i < W; i++) {
      const c = this.bound % 2 === 1 ? i : W - 1 - i;
      if (contact[c] === 1) order[n++] = c;
    }
    const fight = (c: number, e?: CombatEntry) => {
      const fcA = this.flankContactsOn(0, c);
      const fcB = this.flankContactsOn(1, c);
      return this.apply(c, this.roll(c, owner, e ?? this.entryAt(c, owner)), fcA, fcB);
    };
    if (this.opts.combatOrder === 'simultaneous') {
      // Every situation from the state before any outcome, then all outcomes.
      const fc = this.order.map(() => 0);
      for (let i = 0; i < n; i++) {
        const c = order[i]!;
        fc[i] = this.flankContactsOn(0, c) * 4 + this.flankContactsOn(1, c);
        result[c] = this.roll(c, owner);
      }
      for (let i = 0; i < n; i++) this.apply(order[i]!, result[order[i]!]!, fc[i]! >> 2, fc[i]! & 3);
      return;
    }
    if (this.opts.combatOrder === 'sweep') {
      // Each combat sees the overlaps left by those before it (p.21: a file whose own opponent went back,
      // fled or died earlier this bound may overlap its neighbours' opponents).
      for (let i = 0; i < n; i++) fight(order[i]!);
      return;
    }
    // owner-best-first: rank the combats by the owner's edge, then fight them in that order. A combat's
    // situation depends only on its own column and the two beside it, so an entry stays good until a
    // neighbour's outcome changes something.
    const { pending, stale } = this;
    for (let i = 0; i < n; i++) {
      const c = order[i]!;
      const e = this.entryAt(c, owner);
      pending[c] = e;
      edge[c] = e.ownerEdge;
      stale[c] = 0;
    }
    // Stable insertion sort, the owner's best edge first.
    for (let i = 1; i < n; i++) {
      const c = order[i]!;
      let j = i - 1;
      while (j >= 0 && edge[order[j]!]! < edge[c]!) {
        order[j + 1] = order[j]!;
        j--;
      }
      order[j + 1] = c;
    }
    for (let i = 0; i < n; i++) {
      const c = order[i]!;
      if (contact[c] === 0) continue;
      const e = stale[c] === 1 ? this.entryAt(c, owner) : pending[c]!;
      if (fight(c, e)) {
        if (c > 0) stale[c - 1] = 1;
        if (c + 1 < W) stale[c + 1] = 1;
        // A flank attacker beside c left the flank: it may now overlap the combat beyond it.
        if (this.flankOn) {
          if (c > 1) stale[c - 2] = 1;
          if (c + 2 < W) stale[c + 2] = 1;
        }
      }
    }
  }

  /**
   * Broken at the end of a bound, by the rule system's break rule (its adapter): DBM 3.2 p.25
   * Demoralised Commands by fraction, B&B 0.7 ch.6 army moral by its own test, DBA 3.0 Winning and losing against the enemy.
   */
  private broken(s: Side): boolean {
    const commands = this.p.commandRule;
    if (commands) return commands.defeated(this.armyState(s), this.armyState((1 - s) as Side));
    const rule = this.p.breakRule;
    if (rule.kind === 'against-enemy') return rule.defeated(this.tally[s][T_EE]!, this.tally[1 - s]![T_EE]!);
    const total = this.sides[s].eeTotal;
    if (rule.kind === 'own') return rule.broken(this.tally[s][T_EE]! + EPS, total);
    return total > 0 && this.tally[s][T_EE]! + EPS >= this.opts.breakFraction * total;
  }

  /** Side s's army as the command rule reads it at the end of a bound. */
  private armyState(s: Side) {
    const lost = this.armyLost[s];
    const start = this.boundStart[s];
    const bound = this.lostThisBound[s];
    for (let m = 0; m < this.measures; m++) bound[m] = lost[m]! - start[m]!;
    const side = this.sides[s];
    let original = 0;
    for (let i = 0; i < side.commands; i++) original += side.commandOriginal[i]!;
    return {
      lost,
      lostThisBound: bound,
      original,
      cInCDemoralised: this.demoralised[s][side.cInC] === 1,
    };
  }

  /**
   * Start of side s's bound, lines with commands: note the losses so far (for losses in this bound), and
   * each of its commands whose losses now demoralise it is demoralised for good (DBA 3.0 Big battles).
   */
  private startBound(s: Side): void {
    const rule = this.p.commandRule!;
    const M = this.measures;
    for (const x of [0, 1] as const) this.boundStart[x].set(this.armyLost[x]);
    const side = this.sides[s];
    const lost = this.commandLost[s];
    for (let i = 0; i < side.commands; i++)
      if (
        this.demoralised[s][i] === 0 &&
        rule.demoralised(lost.subarray(i * M, (i + 1) * M), side.commandOriginal[i]!)
      )
        this.demoralised[s][i] = 1;
  }

  /** Can any column still see a fight: both sides have a file there, or an element coming to it? */
  private canFight(): boolean {
    if (this.gap > 0) return true;
    const any = this.wn[0]! + this.wn[1]! > 0;
    for (let c = 0; c < this.W; c++) {
      const a = this.present(0, c) || (any && this.waitingAt(0, c));
      if (a && (this.present(1, c) || (any && this.waitingAt(1, c)))) return true;
    }
    return false;
  }

  /** Put both lines in their starting places for a new engagement. */
  private reset(): void {
    for (const s of [0, 1] as const) {
      const side = this.sides[s];
      for (let c = 0; c < this.W; c++) {
        const f = side.fileAt[c]!;
        this.file[s][c] = f;
        this.state[s][c] = f < 0 ? -1 : side.fileStart[f]!;
      }
      this.back[s].fill(0);
      this.shift[s].fill(0);
      this.tally[s].fill(0);
      this.causes[s].fill(0);
      this.fileElements[s].fill(0);
      this.fileAp[s].fill(0);
      this.fileLeft[s].set(side.fileRanks);
      this.rear[s] = this.opts.tableDepth ?? 900;
      this.wn[s] = 0;
      // Second lines wait behind their columns, each line its distance further back.
      for (let f = 0; f < side.files; f++) {
        const k = side.fileLine[f]!;
        if (k === 0) continue;
        const c = side.fileColumn[f]!;
        this.wait(s, c, f, side.fileStart[f]!, k * Math.max(side.reserveDist[c]!, 1));
      }
    }
    this.contact.fill(0);
    this.bonusUsed[0] = this.bonusUsed[1] = 0;
    this.scoreUsed[0] = this.scoreUsed[1] = 0;
    this.flanking[0].fill(0);
    this.flanking[1].fill(0);
    if (this.measures > 0)
      for (let s = 0; s < 2; s++) {
        this.commandLost[s]!.fill(0);
        this.armyLost[s]!.fill(0);
        this.demoralised[s]!.fill(0);
        this.commandBonusUsed[s]!.fill(0);
      }
    if (this.p.goingCdf.length === 0) this.colGoing.fill(0);
    this.decision = UNDECIDED;
  }

  /** Play one engagement; the outcome is left in the fields. */
  run(
    draw: (space: number) => number,
    firstSide: Side,
    trace?: (e: CombatEvent) => void,
    log?: (e: MoveEvent) => void,
  ): void {
    this.draw = draw;
    this.trace = trace;
    this.log = log;
    this.reset();
    this.drawTerrain();
    for (let c = 0; c < this.W; c++) {
      this.refresh(0, c);
      this.refresh(1, c);
    }
    this.gap = this.p.config.battlefield?.distance ?? 0;
    this.engaged = !this.refusalsOn;
    this.decideIntents();
    const limit = this.p.config.boundLimit;
    const [ia, ib] = this.intent;
    if (this.refusalsOn && !ia.closes && !ia.shoots && !ib.closes && !ib.shoots) {
      // Neither side will close, nor can shoot at the other: the fight is refused (a draw).
      this.decision = REFUSED;
      this.bounds = limit;
      this.log?.({ kind: 'refused', bound: 0 });
      this.trace = undefined;
      this.log = undefined;
      return;
    }
    for (this.bound = 1; this.bound <= limit; this.bound++) {
      const owner = (this.bound % 2 === 1 ? firstSide : 1 - firstSide) as Side;
      if (this.measures > 0) this.startBound(owner);
      if (this.gap > 0) {
        this.approachMove(owner);
        if (this.gap > 0) {
          this.moved[0].fill(0);
          this.moved[1].fill(0);
          this.shootAll(owner);
        } else {
          // The lines meet: the owner's files charge home (moved into contact) and fight.
          this.engaged = true;
          this.move(owner, firstSide, true);
          this.combat(owner);
        }
      } else {
        this.move(owner, firstSide);
        if (this.p.config.battlefield) this.shootAll(owner);
        this.combat(owner);
      }
      const ba = this.broken(0);
      const bb = this.broken(1);
      if (ba || bb) {
        this.decision = ba && bb ? MUTUAL : ba ? B_WINS : A_WINS;
        break;
      }
      if (!this.canFight()) break;
    }
    this.bounds = Math.min(this.bound, limit);
    this.trace = undefined;
    this.log = undefined;
  }

  /** Is file `file` of side s wiped out (every element of it lost, or fled for good)? */
  fileGone(s: Side, file: number): boolean {
    return this.fileLeft[s][file]! <= 0;
  }

  /** The outcome as a plain object. */
  toResult(): EngagementResult {
    const side = (s: Side): SideTally => {
      const t = this.tally[s];
      const files = this.sides[s].files;
      return {
        causes: Array.from(this.causes[s]),
        elementsLost: t[T_ELEMENTS]!,
        apLost: t[T_AP]!,
        eeLost: t[T_EE]!,
        fled: t[T_FLED]!,
        fileElementsLost: Array.from(this.fileElements[s]),
        fileApLost: Array.from(this.fileAp[s]),
        fileGone: Array.from({ length: files }, (_, i) => this.fileGone(s, i)),
      };
    };
    const withCommands = (s: Side, t: SideTally): SideTally =>
      this.measures > 0 || this.p.scoreBonus
        ? {
            ...t,
            ...(this.measures > 0 ? { demoralised: Array.from(this.demoralised[s], (d) => d === 1) } : {}),
            ...(this.p.scoreBonus ? { scoreBonusUsed: this.scoreUsed[s] === 1 } : {}),
          }
        : t;
    return {
      decision: DECISION_NAMES[this.decision]!,
      bounds: this.bounds,
      a: withCommands(0, side(0)),
      b: withCommands(1, side(1)),
    };
  }
}

const battles = new WeakMap<Prepared, Battle>();
/** The reusable Battle of a prepared config. */
export function battleOf(p: Prepared): Battle {
  let b = battles.get(p);
  if (!b) {
    b = new Battle(p);
    battles.set(p, b);
  }
  return b;
}

/** Play one engagement drawing a uniform table index per combat from `draw(space)`. */
export function playEngagement<E, T, V>(
  config: LinesConfig<E>,
  adapter: LineAdapter<E, T, V>,
  draw: (space: number) => number,
  first: LineId = config.first === 'alternate' ? 'a' : config.first,
): EngagementResult {
  const b = battleOf(prepared(config, adapter));
  b.run(draw, first === 'a' ? 0 : 1);
  return b.toResult();
}

/**
 * Play one engagement with scripted dice: `dice()` gives each die's face in the system's order (DBM: A's
 * die then B's), one combat after another.
 */
export function fightEngagement<E, T, V>(
  config: LinesConfig<E>,
  adapter: LineAdapter<E, T, V>,
  dice: () => number,
  options: FightOptions = {},
): EngagementResult {
  const who = options.first ?? (config.first === 'alternate' ? 'a' : config.first);
  const b = battleOf(prepared(config, adapter));
  const specs = adapter.dice;
  b.run(
    () =>
      S.rollIndex(
        specs,
        specs.map(() => dice()),
      ),
    who === 'a' ? 0 : 1,
    options.trace,
    options.log,
  );
  return b.toResult();
}
