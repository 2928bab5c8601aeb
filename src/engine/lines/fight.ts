/**
 * One engagement, bound by bound (docs/engagement-model.md "A bound"). Pure: the randomness is injected
 * (`draw(space)` returns a uniform index into a combat's table: one draw per combat, in the order the
 * combats are fought; scripted dice map to the same index through pack.ts rollIndex).
 *
 * The state lives in typed arrays of a `Battle` reused across engagements of one config (no allocation
 * and no rule logic in the loop: a combat is a table lookup, see situations.ts).
 */
import type { LineAdapter } from './adapter.ts';
import type { Decision, EngagementResult, LineId, LinesConfig, ModelOptions, SideTally } from './model.ts';
import * as S from './pack.ts';
import { DROP, prepared, tableFor, type CombatEntry, type Prepared, type PreparedSide } from './prepare.ts';

// Module-level copies: read once, not through import bindings in the hot loop.
const NONE = S.NONE;
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
/** How bad each outcome code is for the side it befalls (none, recoil, flee, destroyed, spent). */
const SEVERITY = [0, 1, 2, 4, 3];

/** Decision codes, as counted (counts.ts). */
export const A_WINS = 1;
export const B_WINS = 2;
export const MUTUAL = 3;
export const UNDECIDED = 4;
const DECISION_NAMES: Readonly<Record<number, Decision>> = {
  [A_WINS]: 'a-wins',
  [B_WINS]: 'b-wins',
  [MUTUAL]: 'mutual',
  [UNDECIDED]: 'undecided',
};

/** One combat (or distant shooting) as it was fought, for tests and explanations. */
export interface CombatEvent {
  readonly kind: 'close' | 'shooting';
  readonly bound: number;
  readonly owner: LineId;
  /** Column of the combat (A's file index when A's line starts at column 0). */
  readonly column: number;
  readonly overlapsA: number;
  readonly overlapsB: number;
  readonly movedA: boolean;
  readonly movedB: boolean;
  /** Enemy files in contact with each side's flanks (option flankAttacks). */
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
}

interface FightOptions {
  /** Who has the first bound; needed when the config says `alternate` (default then: A). */
  readonly first?: LineId;
  /** Called after every combat's dice are read. */
  readonly trace?: (e: CombatEvent) => void;
}

/** Per-side tallies: elements lost, AP lost, element equivalents lost, elements fled. */
export const T_ELEMENTS = 0;
export const T_AP = 1;
export const T_EE = 2;
export const T_FLED = 3;

type Side = 0 | 1;

/** The mutable state of one engagement, reset for each. */
export class Battle {
  readonly p: Prepared;
  readonly W: number;
  readonly sides: readonly [PreparedSide, PreparedSide];
  readonly opts: ModelOptions;
  /** Per side and column: the file's state (its standing ranks, prepare.ts), -1 where no file. */
  readonly state: readonly [Int32Array, Int32Array];
  readonly back: readonly [Uint8Array, Uint8Array];
  readonly moved: readonly [Uint8Array, Uint8Array];
  readonly contact: Uint8Array;
  readonly result: Int32Array;
  readonly order: Int32Array;
  readonly edge: Float64Array;
  /** owner-best-first: each column's entry from the ranking pass, and whether a neighbour changed since. */
  readonly pending: (CombatEntry | undefined)[];
  readonly stale: Uint8Array;
  readonly tally: readonly [Float64Array, Float64Array];
  readonly fileElements: readonly [Float64Array, Float64Array];
  readonly fileAp: readonly [Float64Array, Float64Array];
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

  constructor(p: Prepared) {
    this.p = p;
    const W = (this.W = p.width);
    this.sides = p.sides;
    this.opts = p.config.options;
    this.state = [new Int32Array(W), new Int32Array(W)];
    this.back = [new Uint8Array(W), new Uint8Array(W)];
    this.moved = [new Uint8Array(W), new Uint8Array(W)];
    this.contact = new Uint8Array(W);
    this.result = new Int32Array(W);
    this.order = new Int32Array(W);
    this.edge = new Float64Array(W);
    this.pending = new Array<CombatEntry | undefined>(W).fill(undefined);
    this.stale = new Uint8Array(W);
    this.tally = [new Float64Array(4), new Float64Array(4)];
    this.fileElements = [new Float64Array(p.sides[0].files), new Float64Array(p.sides[1].files)];
    this.fileAp = [new Float64Array(p.sides[0].files), new Float64Array(p.sides[1].files)];
    this.bonusUsed = new Uint8Array(2);
    this.colGoing = new Int32Array(W);
    this.cur = [new Int32Array(W), new Int32Array(W)];
    this.lineMoved = new Uint8Array(2);
    const [sa, sb] = p.sides;
    this.flanking = [new Int8Array(W), new Int8Array(W)];
    const M = (this.measures = p.commandRule?.measures ?? 0);
    this.commandLost = [new Float64Array(sa.commands * M), new Float64Array(sb.commands * M)];
    this.armyLost = [new Float64Array(M), new Float64Array(M)];
    this.boundStart = [new Float64Array(M), new Float64Array(M)];
    this.lostThisBound = [new Float64Array(M), new Float64Array(M)];
    this.demoralised = [new Uint8Array(sa.commands), new Uint8Array(sb.commands)];
    this.commandBonusUsed = [new Uint8Array(sa.commands), new Uint8Array(sb.commands)];
    this.scoreUsed = new Uint8Array(2);
    this.freeT = [new Int32Array(W + 2).fill(-1), new Int32Array(W + 2).fill(-1)];
    const pad = (side: PreparedSide) => {
      const n = side.templates;
      const out = new Uint8Array((n + 1) * n);
      out.set(side.overlapOk, n);
      return out;
    };
    this.okPad = [pad(sa), pad(sb)];
    this.nbT = sb.templates;
    this.faR = sa.flankRange;
    this.fbR = sb.flankRange;
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

  /** In line with its front free of enemy contact: overlaps its neighbours' opponents (DBM 3.2 p.21). */
  private free(s: Side, c: number): boolean {
    return (
      c >= 0 &&
      c < this.W &&
      this.present(s, c) &&
      this.back[s][c] === 0 &&
      this.contact[c] === 0 &&
      this.flanking[s][c] === 0
    );
  }

  /** Enemy files on the flanks of side s's file in column c (option flankAttacks). */
  private flankContactsOn(s: Side, c: number): number {
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
  private flankOn(s: Side, c: number): number {
    const side = this.sides[s];
    if (side.flankRange === 1) return 0;
    const m = side.templates + 1;
    return side.flank[
      (this.tmplAt(s, c) * m + this.besideTmpl(s, c - 1) + 1) * m + this.besideTmpl(s, c + 1) + 1
    ]!;
  }

  private entryAt(c: number, owner: Side, bonusA = 0, bonusB = 0): CombatEntry {
    const ext = this.p.extended;
    const ta = this.tmplAt(0, c);
    const tb = this.tmplAt(1, c);
    const ovA = this.overlapsOn(0, c);
    const ovB = this.overlapsOn(1, c);
    const mA = this.moved[0][c]!;
    const mB = this.moved[1][c]!;
    const fA = this.flankOn(0, c);
    const fB = this.flankOn(1, c);
    if (!ext) {
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
    const fcA = this.flankContactsOn(0, c);
    const fcB = this.flankContactsOn(1, c);
    const shA = this.shaken(0, c) ? 1 : 0;
    const shB = this.shaken(1, c) ? 1 : 0;
    if (bonusA === 0 && bonusB === 0)
      return entryFor(this.p, ta, tb, owner, ovA, ovB, mA, mB, fA, fB, fcA, fcB, shA, shB);
    // Score bonuses are used once an engagement: their tables are built (and cached by the variant) on demand.
    return this.p.build(ta, tb, owner, ovA, ovB, mA, mB, fA, fB, fcA, fcB, shA, shB, bonusA, bonusB);
  }

  /** What a packed result is worth to side s: how bad the enemy's outcome is less how bad its own is. */
  private worth(r: number, s: Side): number {
    const own = s === 0 ? r & SIDE_MASK : r >> SIDE_BITS;
    const opp = s === 0 ? r >> SIDE_BITS : r & SIDE_MASK;
    return (
      SEVERITY[opp & OUT]! + ((opp >> REAR_SHIFT) & 3) - SEVERITY[own & OUT]! - ((own >> REAR_SHIFT) & 3)
    );
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
      const b =
        this.scoreUsed[s] === 0 && st >= 0 && side.stOff[st + 1]! > side.stOff[st]!
          ? side.scoreBonus[side.base[c]! + side.stRanks[side.stOff[st]!]!]!
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
        owner: owner === 0 ? 'a' : 'b',
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
   * Remove up to `ranks` elements from the front of the file in column c. `fled`: they left the fight
   * fleeing; `spent` (B&B 0.7 ch.6 army moral): it left the table spent and costs half its loss value.
   */
  private lose(s: Side, c: number, ranks: number, fled: boolean, spent = false): void {
    const side = this.sides[s];
    const st = this.state[s][c]!;
    const from = side.stOff[st]!;
    const n = Math.min(ranks, side.stOff[st + 1]! - from);
    for (let i = 0; i < n; i++) this.count(s, c, side.base[c]! + side.stRanks[from + i]!, fled, spent);
    this.state[s][c] = side.stDrop[st * DROP + n]!;
    this.refresh(s, c);
  }

  /** Count rank k (flat) of side s's file in column c as gone: fled, or lost (spent: at half its value). */
  private count(s: Side, c: number, k: number, fled: boolean, spent: boolean): void {
    const side = this.sides[s];
    const t = this.tally[s];
    if (fled) t[T_FLED]! += 1;
    if (fled && !this.opts.fledLost) return;
    const file = side.fileAt[c]!;
    const part = spent ? 0.5 : 1;
    t[T_ELEMENTS]! += 1;
    t[T_AP]! += side.ap[k]!;
    t[T_EE]! += side.ee[k]! * part;
    const M = this.measures;
    const cmd = side.commandAt[c]!;
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
    this.fileElements[s][file]! += 1;
    this.fileAp[s][file]! += side.ap[k]!;
  }

  /**
   * The `ranks` ranks directly behind side s's front in column c are destroyed and the front keeps its
   * place (DBA 3.0 Recoiling: a recoiling elephant destroys the friends it meets).
   */
  private loseBehind(s: Side, c: number, ranks: number): void {
    const side = this.sides[s];
    const st = this.state[s][c]!;
    const from = side.stOff[st]!;
    const n = Math.min(ranks, side.stOff[st + 1]! - from - 1);
    if (n <= 0) return;
    for (let i = 1; i <= n; i++) this.count(s, c, side.base[c]! + side.stRanks[from + i]!, false, false);
    this.state[s][c] = side.stBehind[st * DROP + n]!;
    this.refresh(s, c);
  }

  private applyLoss(s: Side, c: number, packed: number): void {
    const out = packed & OUT;
    if (out === NONE) return;
    const side = this.sides[s];
    if (out === DESTROYED) {
      // DBM 3.2 p.23 Destroyed Elements: the rear ranks the rule set destroys go with it.
      this.lose(s, c, 1 + ((packed >> REAR_SHIFT) & 3), false);
    } else if (out === SPENT) {
      // B&B 0.7 ch.6 spent: the base leaves the table, at half its PoC.
      this.lose(s, c, 1, false, true);
    } else if (out === FLEE) {
      // A flight starts with a recoil (B&B 0.7 ch.7 push back destroys some ranks); DBM 3.2 p.24 Fleeing
      // Elements: a skirmisher directly behind flees too.
      const st = this.state[s][c]!;
      const base = side.base[c]!;
      for (const k of side.fleeLost[st]!) this.count(s, c, base + k, false, false);
      for (const k of side.fleeFled[st]!) this.count(s, c, base + k, true, false);
      this.state[s][c] = side.stFlee[st]!;
      this.refresh(s, c);
    } else {
      // A recoil that destroys the ranks it meets behind (DBA 3.0 Recoiling: elephants), as the combat
      // table says; then the adapter's push back, which may destroy ranks (B&B 0.7 ch.7 elephants).
      const rear = (packed >> REAR_SHIFT) & 3;
      if (rear > 0) this.loseBehind(s, c, rear);
      const st = this.state[s][c]!;
      const base = side.base[c]!;
      for (const k of side.recoilLost[st]!) this.count(s, c, base + k, false, false);
      if (side.stRecoil[st] !== st) {
        this.state[s][c] = side.stRecoil[st]!;
        this.refresh(s, c);
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
      this.contact[c] = 1;
      this.back[l][c] = 0;
      this.touch(c);
    }
  }

  /** Apply a combat's packed result; true if either file moved or lost anything. */
  private apply(c: number, r: number): boolean {
    const pa = r & SIDE_MASK;
    const pb = r >> SIDE_BITS;
    if ((pa & OUT) === NONE && (pb & OUT) === NONE) return false;
    this.applyLoss(0, c, pa);
    this.applyLoss(1, c, pb);
    this.contact[c] = 0;
    this.touch(c);
    if (this.p.flankAttacks) {
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
   * `recoil`: side s's own front there recoiled, fled or was destroyed, so they recoil (DBA 3.0 Combat
   * outcome: elements against an enemy flank recoil with the friend fighting its front); otherwise the
   * enemy gave ground or fell and they stand back in line.
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
   * Option flankAttacks: each of the owner's files in line with no enemy in front moves onto the flank of
   * an enemy file beside it that is fighting a friend (DBA 3.0 Movement: an element may contact an enemy
   * flank edge from beyond the line prolonging it), the left one first. A demoralised command's files do not.
   */
  private flankMoves(owner: Side): void {
    const other = (1 - owner) as Side;
    const f = this.flanking[owner];
    for (let c = 0; c < this.W; c++) {
      if (!this.present(owner, c) || this.present(other, c) || this.back[owner][c] === 1 || f[c] !== 0)
        continue;
      if (this.shaken(owner, c)) continue;
      for (const d of [-1, 1]) {
        const x = c + d;
        if (x < 0 || x >= this.W || this.contact[x] !== 1 || !this.present(other, x)) continue;
        f[c] = d;
        this.touch(c);
        break;
      }
    }
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
      const e = this.p.shot(this.tmplAt(0, c), this.tmplAt(1, c), owner, who - 1);
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
   * The owner's line in the approach (docs/engagement-model.md "Approach"): a line ahead in shooting
   * stands once in range; otherwise it moves at its slowest front's pace, charging home when the move
   * reaches the enemy and every front may contact the enemy in front of it, else stopping short.
   */
  private approachMove(owner: Side): void {
    this.lineMoved.fill(0);
    const rangeBefore = this.p.shot ? this.maxRange(owner, owner) : 0;
    if (rangeBefore >= this.gap && this.prefersShooting(owner, owner)) return;
    const m = this.lineMove(owner);
    if (m <= 0) return;
    this.lineMoved[owner] = 1;
    if (m >= this.gap && this.mayCharge(owner)) {
      this.gap = 0;
      return;
    }
    // A shooter ahead in shooting closes only to its range; others as far as they may.
    let next = Math.max(this.gap - m, m >= this.gap ? 1 : 0);
    const range = this.p.shot ? this.maxRange(owner, owner) : 0;
    if (range > 0 && next < range && this.gap > range) {
      const keep = this.gap;
      this.gap = range;
      const ahead = this.prefersShooting(owner, owner);
      this.gap = keep;
      if (ahead) next = range;
    }
    this.gap = next;
  }

  /** The longest range of side s's fronts now. */
  private maxRange(s: Side, owner: Side): number {
    let r = 0;
    for (let c = 0; c < this.W; c++) if (this.present(s, c)) r = Math.max(r, this.rangeOf(s, c, owner));
    return r;
  }

  /**
   * Distant shooting (DBM 3.2 p.15 Sequence of Play (3)): every front in range shoots at the front
   * facing it, once a bound, both sides; outcomes from the state before any of them.
   */
  private shootAll(owner: Side): void {
    const shot = this.p.shot;
    if (!shot) return;
    const { W, result } = this;
    for (let c = 0; c < W; c++) {
      // Once the lines have met, only files out of contact (one side recoiled) shoot, at close range.
      const who = this.gap > 0 || this.contact[c] === 0 ? this.shootersAt(c, owner) : 0;
      if (who === 0) {
        result[c] = -1;
        continue;
      }
      const e = shot(this.tmplAt(0, c), this.tmplAt(1, c), owner, who - 1);
      const k = this.draw(e.table.length);
      result[c] = e.table[k]!;
      this.shootings++;
      if (this.trace)
        this.trace({
          kind: 'shooting',
          bound: this.bound,
          owner: owner === 0 ? 'a' : 'b',
          column: c,
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
          a: OUTCOME_NAMES[result[c]! & OUT]!,
          b: OUTCOME_NAMES[(result[c]! >> SIDE_BITS) & OUT]!,
          gap: this.gap,
        });
    }
    for (let c = 0; c < W; c++) {
      const r = result[c]!;
      if (r < 0) continue;
      // Recoils at a distance move nothing in this model (the lines keep one gap): only losses count.
      const pa = r & SIDE_MASK;
      const pb = r >> SIDE_BITS;
      if ((pa & OUT) !== NONE && (pa & OUT) !== S.RECOIL) this.applyLoss(0, c, pa);
      if ((pb & OUT) !== NONE && (pb & OUT) !== S.RECOIL) this.applyLoss(1, c, pb);
      if (this.gap > 0) {
        this.back[0][c] = 0;
        this.back[1][c] = 0;
        this.touch(c);
      }
    }
  }

  /** Movement: the first charge, then renewing contact (option renewContact). */
  private move(owner: Side, firstSide: Side, charge = false): void {
    const other = (1 - owner) as Side;
    this.moved[0].fill(0);
    this.moved[1].fill(0);
    if (!charge) this.lineMoved.fill(0);
    if (!(charge || this.bound === 1 || this.opts.renewContact === 'bound-owner' || owner === firstSide))
      return;
    const nb = this.sides[1].templates;
    const ok = owner === 0 ? this.p.chargeA : this.p.chargeB;
    const rules = this.p.shot !== undefined;
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
          this.contact[c] = 1;
          this.moved[owner][c] = 1;
          this.lineMoved[owner] = 1;
          this.back[0][c] = 0;
          this.back[1][c] = 0;
          this.touch(c);
        }
      } else {
        this.back[owner][c] = 0;
        this.touch(c);
      }
    }
    if (this.p.flankAttacks) this.flankMoves(owner);
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
    if (this.opts.combatOrder === 'simultaneous') {
      // Every situation from the state before any outcome, then all outcomes.
      for (let i = 0; i < n; i++) result[order[i]!] = this.roll(order[i]!, owner);
      for (let i = 0; i < n; i++) this.apply(order[i]!, result[order[i]!]!);
      return;
    }
    if (this.opts.combatOrder === 'sweep') {
      // Each combat sees the overlaps left by those before it (p.21: a file whose own opponent went back,
      // fled or died earlier this bound may overlap its neighbours' opponents).
      for (let i = 0; i < n; i++) this.apply(order[i]!, this.roll(order[i]!, owner));
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
      const e = stale[c] === 1 ? this.entryAt(c, owner) : pending[c]!;
      if (this.apply(c, this.roll(c, owner, e))) {
        if (c > 0) stale[c - 1] = 1;
        if (c + 1 < W) stale[c + 1] = 1;
        // A flank attacker beside c left the flank: it may now overlap the combat beyond it.
        if (this.p.flankAttacks) {
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

  /** Play one engagement; the outcome is left in the fields. */
  run(draw: (space: number) => number, firstSide: Side, trace?: (e: CombatEvent) => void): void {
    this.draw = draw;
    this.trace = trace;
    for (let s = 0; s < 2; s++) {
      this.state[s]!.set(this.sides[s]!.start);
      this.back[s]!.fill(0);
      this.tally[s]!.fill(0);
      this.fileElements[s]!.fill(0);
      this.fileAp[s]!.fill(0);
    }
    this.contact.fill(0);
    this.bonusUsed[0] = this.bonusUsed[1] = 0;
    this.scoreUsed[0] = this.scoreUsed[1] = 0;
    if (this.p.flankAttacks) {
      this.flanking[0].fill(0);
      this.flanking[1].fill(0);
    }
    if (this.measures > 0)
      for (let s = 0; s < 2; s++) {
        this.commandLost[s]!.fill(0);
        this.armyLost[s]!.fill(0);
        this.demoralised[s]!.fill(0);
        this.commandBonusUsed[s]!.fill(0);
      }
    if (this.p.goingCdf.length === 0) this.colGoing.fill(0);
    this.decision = UNDECIDED;
    this.drawTerrain();
    for (let c = 0; c < this.W; c++) {
      this.refresh(0, c);
      this.refresh(1, c);
    }
    this.gap = this.p.config.battlefield?.distance ?? 0;
    const limit = this.p.config.boundLimit;
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
      let canFight = false;
      for (let c = 0; c < this.W && !canFight; c++) canFight = this.present(0, c) && this.present(1, c);
      if (!canFight) break;
    }
    this.bounds = Math.min(this.bound, limit);
    this.trace = undefined;
  }

  /** Is file `file` of side s wiped out (nothing left in the fight)? */
  fileGone(s: Side, file: number): boolean {
    const side = this.sides[s];
    for (let c = 0; c < this.W; c++) if (side.fileAt[c] === file) return !this.present(s, c);
    return false;
  }

  /** The outcome as a plain object. */
  toResult(): EngagementResult {
    const side = (s: Side): SideTally => {
      const t = this.tally[s];
      const files = this.sides[s].files;
      return {
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
  );
  return b.toResult();
}
