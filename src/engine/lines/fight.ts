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
import { prepared, tableFor, type CombatEntry, type Prepared, type PreparedSide } from './prepare.ts';

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

/** One combat as it was fought, for tests and explanations. */
export interface CombatEvent {
  readonly bound: number;
  readonly owner: LineId;
  /** Column of the combat (A's file index when A's line starts at column 0). */
  readonly column: number;
  readonly overlapsA: number;
  readonly overlapsB: number;
  readonly movedA: boolean;
  readonly movedB: boolean;
  /** The dice rolled, in the system's order (DBM, DBA, B&B: A's die, B's die). */
  readonly dice: readonly number[];
  readonly a: S.EngagementOutcome;
  readonly b: S.EngagementOutcome;
}

export interface FightOptions {
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
  readonly head: readonly [Int32Array, Int32Array];
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
    this.head = [new Int32Array(W), new Int32Array(W)];
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
  }

  present(s: Side, c: number): boolean {
    return this.head[s][c]! < this.sides[s].depth[c]!;
  }

  private tmplAt(s: Side, c: number): number {
    const side = this.sides[s];
    return side.tmpl[side.base[c]! + this.head[s][c]!]!;
  }

  /** In line with its front free of enemy contact: overlaps its neighbours' opponents (DBM 3.2 p.21). */
  private free(s: Side, c: number): boolean {
    return c >= 0 && c < this.W && this.present(s, c) && this.back[s][c] === 0 && this.contact[c] === 0;
  }

  /** Overlaps on side s's element in column c, from the enemy's free files beside it. */
  private overlapsOn(s: Side, c: number): number {
    const o = (1 - s) as Side;
    const side = this.sides[o];
    const n = side.templates;
    const friend = this.tmplAt(o, c);
    let k = 0;
    if (this.free(o, c - 1) && side.overlapOk[this.tmplAt(o, c - 1) * n + friend] === 1) k++;
    if (this.free(o, c + 1) && side.overlapOk[this.tmplAt(o, c + 1) * n + friend] === 1) k++;
    return k;
  }

  /** In line beside a fighting file: its front template, else -1 (flank support, cohesion). */
  private besideTmpl(s: Side, c: number): number {
    return c >= 0 && c < this.W && this.present(s, c) && this.back[s][c] === 0 ? this.tmplAt(s, c) : -1;
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

  private entryAt(c: number, owner: Side): CombatEntry {
    return entryFor(
      this.p,
      this.tmplAt(0, c),
      this.tmplAt(1, c),
      owner,
      this.overlapsOn(0, c),
      this.overlapsOn(1, c),
      this.moved[0][c]!,
      this.moved[1][c]!,
      this.flankOn(0, c),
      this.flankOn(1, c),
    );
  }

  private roll(c: number, owner: Side, entry: CombatEntry = this.entryAt(c, owner)): number {
    const table = entry.table;
    const k = this.draw(table.length);
    const r = table[k]!;
    if (this.trace) {
      this.trace({
        bound: this.bound,
        owner: owner === 0 ? 'a' : 'b',
        column: c,
        overlapsA: this.overlapsOn(0, c),
        overlapsB: this.overlapsOn(1, c),
        movedA: this.moved[0][c] === 1,
        movedB: this.moved[1][c] === 1,
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
    const t = this.tally[s];
    const file = side.fileAt[c]!;
    const head = this.head[s];
    for (let i = 0; i < ranks && head[c]! < side.depth[c]!; i++) {
      const k = side.base[c]! + head[c]!;
      if (fled) t[T_FLED]! += 1;
      if (!fled || this.opts.fledLost) {
        t[T_ELEMENTS]! += 1;
        t[T_AP]! += side.ap[k]!;
        t[T_EE]! += spent ? side.ee[k]! / 2 : side.ee[k]!;
        if (side.firstBonus[k]! > 0 && this.bonusUsed[s] === 0) {
          // DBA 3.0 Winning and losing: the first double element lost counts 2.
          t[T_EE]! += side.firstBonus[k]!;
          this.bonusUsed[s] = 1;
        }
        this.fileElements[s][file]! += 1;
        this.fileAp[s][file]! += side.ap[k]!;
      }
      head[c]!++;
    }
  }

  private applyLoss(s: Side, c: number, packed: number): void {
    const out = packed & OUT;
    if (out === NONE) return;
    if (out === DESTROYED) {
      // DBM 3.2 p.23 Destroyed Elements: the rear ranks the rule set destroys go with it.
      this.lose(s, c, 1 + ((packed >> REAR_SHIFT) & 3), false);
    } else if (out === SPENT) {
      // B&B 0.7 ch.6 spent: the base leaves the table, at half its PoC.
      this.lose(s, c, 1, false, true);
    } else if (out === FLEE) {
      // DBM 3.2 p.24 Fleeing Elements: a skirmisher directly behind flees too.
      const side = this.sides[s];
      const h = this.head[s][c]!;
      const withSkirmisher = h + 1 < side.depth[c]! && side.skirmisher[side.base[c]! + h + 1] === 1;
      this.lose(s, c, withSkirmisher ? 2 : 1, true);
    }
    // Destroyed, fled or recoiled: whatever is left of the file is a base depth back.
    this.back[s][c] = 1;
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
    if ((pa & OUT) === NONE) this.pursue(0, c, pa);
    else if ((pb & OUT) === NONE) this.pursue(1, c, pb);
    return true;
  }

  /** Movement: the first charge, then renewing contact (option renewContact). */
  private move(owner: Side, firstSide: Side): void {
    const other = (1 - owner) as Side;
    this.moved[0].fill(0);
    this.moved[1].fill(0);
    if (!(this.bound === 1 || this.opts.renewContact === 'bound-owner' || owner === firstSide)) return;
    for (let c = 0; c < this.W; c++) {
      if (!this.present(owner, c)) continue;
      if (this.present(other, c)) {
        if (this.contact[c] === 0) {
          this.contact[c] = 1;
          this.moved[owner][c] = 1;
          this.back[0][c] = 0;
          this.back[1][c] = 0;
        }
      } else this.back[owner][c] = 0;
    }
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
      }
    }
  }

  /**
   * Broken at the end of a bound, by the rule system's break rule (its adapter): DBM 3.2 p.25
   * Demoralised Commands and B&B 0.7 ch.6 army moral by fraction, DBA 3.0 Winning and losing against the enemy.
   */
  private broken(s: Side): boolean {
    const rule = this.p.breakRule;
    if (rule.kind === 'against-enemy') return rule.defeated(this.tally[s][T_EE]!, this.tally[1 - s]![T_EE]!);
    const total = this.sides[s].eeTotal;
    return total > 0 && this.tally[s][T_EE]! + EPS >= this.opts.breakFraction * total;
  }

  /** Play one engagement; the outcome is left in the fields. */
  run(draw: (space: number) => number, firstSide: Side, trace?: (e: CombatEvent) => void): void {
    this.draw = draw;
    this.trace = trace;
    for (const s of [0, 1] as const) {
      this.head[s].fill(0);
      this.back[s].fill(0);
      this.tally[s].fill(0);
      this.fileElements[s].fill(0);
      this.fileAp[s].fill(0);
    }
    this.contact.fill(0);
    this.bonusUsed.fill(0);
    this.decision = UNDECIDED;
    const limit = this.p.config.boundLimit;
    for (this.bound = 1; this.bound <= limit; this.bound++) {
      const owner = (this.bound % 2 === 1 ? firstSide : 1 - firstSide) as Side;
      this.move(owner, firstSide);
      this.combat(owner);
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
    return { decision: DECISION_NAMES[this.decision]!, bounds: this.bounds, a: side(0), b: side(1) };
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
    () => S.rollIndex(specs, specs.map(() => dice())),
    who === 'a' ? 0 : 1,
    options.trace,
  );
  return b.toResult();
}
