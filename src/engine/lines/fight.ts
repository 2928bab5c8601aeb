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
import { WeighedCache } from '../../core/bounded.ts';
import type { Writable } from '../../core/writable.ts';
import type { ArmyState, CommandEnd, LineAdapter, PaidMove } from './adapter.ts';
import { chooseFlank, CLOSES, intentBits, pickTarget, type SideOutlook } from './decide.ts';
import type { Decision, EngagementResult, LineId, LinesConfig, ModelOptions, SideTally } from './model.ts';
import * as S from './pack.ts';
import { bitOf, inSet, putInSet, wordsFor } from './column-set.ts';
import { EMPTY_F64, EMPTY_I32, EMPTY_I8, EMPTY_U8, Slab } from './one-buffer.ts';
import { prepared, type Prepared, type PreparedSide } from './prepare.ts';
import { rankByEdge } from './rank.ts';
import type { PairTables, TableStore } from './tables.ts';
import {
  fileOutcome,
  loseBehind,
  loseFront,
  LOST_FRONT,
  LOST_SWEPT,
  SPENT_FRONT,
  type Visit,
} from './transitions.ts';

// Module-level copies: read once, not through import bindings in the hot loop.
const NONE = S.NONE;
const RECOIL = S.RECOIL;
const FLEE = S.FLEE;
const SIDE_BITS = S.SIDE_BITS;
const SIDE_MASK = S.SIDE_MASK;
const OUT = S.OUTCOME_MASK;
const REAR_SHIFT = S.REAR_SHIFT;
const PURSUIT_SHIFT = S.PURSUIT_SHIFT;
const PURSUE_MAY = S.PURSUE_MAY;
const PURSUE_MUST = S.PURSUE_MUST;
const EPS = 1e-9;

const OUTCOME_NAMES = S.ENGAGEMENT_OUTCOMES;
const SEVERITY = S.SEVERITY;

/** Battle.breakKind: the break rule by fraction (DBM), the system's own test, against the enemy (DBA), commands. */
const BREAK_FRACTION = 0;
const BREAK_OWN = 1;
const BREAK_AGAINST = 2;
const BREAK_COMMANDS = 3;

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
  | { readonly kind: 'refused'; readonly bound: number }
  /** Lines with PIPs: each command's PIP die and the PIPs it scores (in command order). */
  | {
      readonly kind: 'pips';
      readonly bound: number;
      readonly side: LineId;
      readonly rolls: readonly number[];
      readonly scores: readonly number[];
    }
  /** Lines with PIPs: a command pays (or cannot pay) for a group move. */
  | {
      readonly kind: 'pay';
      readonly bound: number;
      readonly side: LineId;
      readonly command: number;
      readonly move: PaidMove;
      readonly cost: number;
      readonly paid: boolean;
    }
  /** A command demoralised: by its losses, or by the panic test after its general was lost. */
  | {
      readonly kind: 'demoralised';
      readonly bound: number;
      readonly side: LineId;
      readonly command: number;
      readonly cause: 'losses' | 'panic';
    }
  /** A demoralised command's files not in contact leave the line (`files`) and flee back; `lost` elements go off the table. */
  | {
      readonly kind: 'retreat';
      readonly bound: number;
      readonly side: LineId;
      readonly command: number;
      readonly files: number;
      readonly lost: number;
    };

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
/** A Battle's overlap pads and ranges before it is bound, and once released (shared: never written). */
const NO_PADS: readonly [Uint8Array, Uint8Array] = [EMPTY_U8, EMPTY_U8];
const NO_RANGES: readonly [Float64Array, Float64Array] = [EMPTY_F64, EMPTY_F64];

/** The mutable state of one engagement, reset for each. */
export class Battle {
  p: Prepared;
  readonly W: number;
  /** Width plus its two padding columns (freeT). */
  private readonly W2: number;
  sides: readonly [PreparedSide, PreparedSide];
  opts: ModelOptions;
  /*
   * "Per side and column" arrays below hold both sides end to end: side s's column c is at s * W + c
   * (freeT, padded: s * W2 + c + 1). One flat typed array is one load cheaper than a pair of them.
   */
  /** Per side and column: the state of the file in the front line there (prepare.ts), -1 where none. */
  readonly state: Int32Array;
  /** Per side and column: which file that is (prepare.ts PreparedSide.fileAt numbering), -1 where none. */
  readonly file: Int32Array;
  /** Per side and column: the command of the file there (commandOf), kept with `file` (placeFile). */
  private readonly colCmd: Int32Array;
  /** Per side and column: the front stands a base depth back from its line (it recoiled or fled). */
  readonly back: Uint8Array;
  /** Per side and column: the file moved into contact this bound. */
  readonly moved: Uint8Array;
  readonly contact: Uint8Array;
  /**
   * Sets of columns (column-set.ts), `words` words a set: per side (at s * words) the columns where its
   * front stands (cur >= 0: presentM) and where elements wait behind its line (wHead >= 0: waitM); the
   * columns in contact (contactM: contact[c] === 1), where either side's file moved into contact this bound
   * (movedM: some moved[] set), in contact at the start of the bound (contactAtStartM: flank moves from
   * level) and where the owner's waiting element stepped into the line this bound (steppedM). Kept with the
   * arrays they mirror, they let a pass go through the columns that can act instead of every column.
   */
  private readonly words: number;
  private readonly presentM: Int32Array;
  private readonly waitM: Int32Array;
  /**
   * Per side (at s * words): the columns where some element waits further back than its line's distance
   * (wDist above reserveDist), so that it has a move to make even with the front standing.
   */
  private readonly restlessM: Int32Array;
  /** Per side (at s * words): the columns whose file belongs to a demoralised command (shaken). */
  private readonly shakenM: Int32Array;
  private readonly contactM: Int32Array;
  private readonly movedM: Int32Array;
  private readonly contactAtStartM: Int32Array;
  private readonly steppedM: Int32Array;
  readonly result: Int32Array;
  readonly order: Int32Array;
  readonly edge: Float64Array;
  /** owner-best-first: each column's entry from the ranking pass, and whether a neighbour changed since. */
  readonly pending: Int32Array;
  readonly stale: Uint8Array;
  readonly tally: readonly [Float64Array, Float64Array];
  /** Both sides' tallies end to end (tally[s] is a view of side s's four): the break test reads one array. */
  private readonly tallies: Float64Array;
  /** Per side, with the fraction break rule (BREAK_FRACTION): the element equivalents lost that break it. */
  private readonly breakAt = new Float64Array(2);
  /** Per side: elements lost by cause (C_FRONTAL ... C_SHOOTING). */
  readonly causes: readonly [Float64Array, Float64Array];
  /** Per side and file: elements lost, AP lost, ranks left in the fight (not lost, nor fled for good). */
  readonly fileElements: readonly [Float64Array, Float64Array];
  readonly fileAp: readonly [Float64Array, Float64Array];
  readonly fileLeft: readonly [Int32Array, Int32Array];
  /** Per side: its first-loss bonus (DBA: first double element) is already counted. */
  readonly bonusUsed: Uint8Array;
  /** Per side and column: -1 or +1, the file is on the flank of the enemy file in column c-1 or c+1; else 0. */
  readonly flanking: Int8Array;
  /** Lines with commands: per side, per command and loss count (cmd * measures + m), losses so far. */
  readonly commandLost: readonly [Float64Array, Float64Array];
  /** Per side and loss count: the whole army's losses, and their value at the start of the bound. */
  readonly armyLost: readonly [Float64Array, Float64Array];
  readonly boundStart: readonly [Float64Array, Float64Array];
  readonly lostThisBound: readonly [Float64Array, Float64Array];
  /** Per side and command: demoralised; its first-loss bonus counted. */
  readonly demoralised: readonly [Uint8Array, Uint8Array];
  readonly commandBonusUsed: readonly [Uint8Array, Uint8Array];
  /**
   * Lines with commands (DBM armies): per side and command, its general's element is lost, its panic test
   * (DBM 3.2 p.25) is taken, its general's -1 is used this bound (p.16), it is halted this bound, and the
   * PIPs it has left this bound (adapter.ts PipRule).
   */
  readonly generalLost: readonly [Uint8Array, Uint8Array];
  private readonly panicTested: readonly [Uint8Array, Uint8Array];
  private readonly discountUsed: readonly [Uint8Array, Uint8Array];
  private readonly halted: readonly [Uint8Array, Uint8Array];
  private readonly pipsLeft: readonly [Float64Array, Float64Array];
  private readonly pipRolls: readonly [number[], number[]];
  /**
   * Scratch of a paid move, per side and command (payRenewals, payStepUps, retreat): its elements' traits
   * OR-ed, how many elements, and whether the general's element is among them.
   */
  private readonly groupTraits: readonly [Int32Array, Int32Array];
  private readonly groupSize: readonly [Int32Array, Int32Array];
  private readonly groupGeneral: readonly [Uint8Array, Uint8Array];
  /** Each side's score at the end (ScoreRule), -1 without one. */
  readonly finalScore = new Int32Array([-1, -1]);
  /** Per side: its once-per-engagement score bonus is used. */
  readonly scoreUsed: Uint8Array;
  /** Score bonus added by each side in the combat just rolled (for the trace). */
  private readonly lastBonus = new Float64Array(2);
  private readonly measures: number;
  /** One command's losses, handed to the command rule (lossesOf). */
  private lossScratch = new Float64Array(0);
  /** Per column: index of its going in p.goings (0 without terrain). */
  readonly colGoing: Int32Array;
  /** Per side and column: the front's template id, -1 when nothing of the file is left (a cache). */
  readonly cur: Int32Array;
  /** Each side's ranges by template (PreparedSide.range), read every bound: rangeOf. */
  private ranges: readonly [Float64Array, Float64Array] = NO_RANGES;
  /**
   * Per side, padded by one column at each end (index s * W2 + c + 1): the front's template where the file is in
   * line and free of enemy contact (so it may overlap its neighbours' opponents), else -1. Kept up to date
   * by touch() after every change to a column, so counting overlaps is two lookups.
   */
  private readonly freeT: Int32Array;
  /** Per side: its overlapOk (PreparedSide), read at (freeT + 1) * n + friend. */
  private okPad: readonly [Uint8Array, Uint8Array];
  /** B's templates (a local pair is ta * nbT + tb), and the signature's strides and plain part (signature.ts). */
  private nbT: number;
  /** A's templates (the rows of okPad[0]). */
  private naT: number;
  /** Either side's rule system reads flank values (flankRange above 1: flankValueOn is not always 0). */
  private flankValued: boolean;
  private strides: Int32Array;
  /**
   * The first five strides (owner, overlaps on A and B, A and B moved into contact), as numbers read
   * with every combat rather than from the array (indexOf).
   */
  private sOwner = 0;
  private sOverA = 0;
  private sOverB = 0;
  private sMovedA = 0;
  private sMovedB = 0;
  private plain: number;
  /** The variant's combat tables, and the entries of one (the dice's combinations). */
  private tables: TableStore;
  private space: number;
  /**
   * Per side, the elements waiting behind the line (docs/engagement-model.md "Second lines", "Flight"):
   * a reserve file, or fled ranks on their way back as a file of their own, each with its file, state and
   * paces from the front line. Per side and column a list in the order they came (wHead at s * W + c,
   * wNext; -1 ends it), the free slots on a stack (wFree, wFreeN).
   */
  private readonly wHead: Int32Array;
  private readonly wTail: Int32Array;
  private readonly wNext: readonly [Int32Array, Int32Array];
  private readonly wFile: readonly [Int32Array, Int32Array];
  /** Per side, per waiting element: its file's command (waitingCommand). */
  private readonly wCmd: readonly [Int32Array, Int32Array];
  private readonly wState: readonly [Int32Array, Int32Array];
  /** Per side, per waiting element: its template in the going of the column it waits behind. */
  private readonly wTmpl: readonly [Int32Array, Int32Array];
  private readonly wDist: readonly [Float64Array, Float64Array];
  private readonly wFree: readonly [Int32Array, Int32Array];
  private readonly wFreeN: Int32Array;
  /** Per side: elements waiting in all (0: waitingMoves has nothing to do). */
  private readonly wn: Int32Array;
  /** Per side: paces of table behind its line's front edge (model option tableDepth, plus its advance). */
  readonly rear: Float64Array;
  /**
   * Per side and column: paces its front stands behind its line's front edge there (negative: ahead of
   * it), from recoils the enemy followed up and pursuits (docs/engagement-model.md "Flight"): lines stay
   * straight for overlaps (F2), but a column pushed back brings its table edge closer.
   */
  readonly shift: Float64Array;
  /** Flank contacts are made (prepare.ts flankContactsOn); from level only (DBM: +50p needs corner contact). */
  private flankOn: boolean;
  private flankFromLevel: boolean;
  /** Fled elements come back (model option flight `return`, systems with a flight distance). */
  private fledReturn: boolean;
  /** What each side will do before the lines meet (decide.ts LineIntent: CLOSES, SHOOTS bits). */
  private readonly intent = new Uint8Array(2);
  /** Per side: lineMove as the fronts stand, NaN until worked out (a front's change clears it: recur). */
  private readonly frontMove = new Float64Array([Number.NaN, Number.NaN]);
  /** What each side sees before the lines meet (decideIntents fills them in: no allocation). */
  private readonly outlooks: readonly [Outlook, Outlook] = [newOutlook(), newOutlook()];
  /** Per going: both sides' intents decided with the whole field in that going (A | B << 2), -1 unknown. */
  private intentByGoing: Int8Array;
  private engaged = false;
  /** Refusals are decided (a battlefield, an adapter with move rates, option refusals `expected`). */
  private refusalsOn: boolean;
  /**
   * What the bound reads of the config, kept as fields when bound (one load, not two, in the hot passes):
   * lines with commands (shaken fronts), PIPs paid for moves, approach rules (Prepared.shot), score bonuses,
   * the pair tables, and each side's charge table (Prepared.chargeA, chargeB).
   */
  private extended = false;
  private withPips = false;
  private approachRules = false;
  private bonusesOn = false;
  private pairAt: readonly (PairTables | undefined)[] = [];
  private charge: readonly [Uint8Array, Uint8Array] = [EMPTY_U8, EMPTY_U8];
  /** The break rule read at a bound's end (broken): BREAK_FRACTION, BREAK_OWN, BREAK_AGAINST or BREAK_COMMANDS. */
  private breakKind = 0;
  /** Paces between the lines while they approach (0 once they have met). */
  gap = 0;
  /** Per side: the line has moved this bound (approach: artillery cannot then shoot). */
  readonly lineMoved: Uint8Array;
  /** Everything an engagement changes (Slab), and its contents at the start of one. */
  private readonly block: Uint8Array;
  private readonly initial: Uint8Array;
  /** Distant shootings resolved, and close combats (for the benchmark's combats per second). */
  shootings = 0;
  combats = 0;
  decision = UNDECIDED;
  bounds = 0;
  private bound = 0;
  private draw: (space: number) => number = () => 0;
  /** Scripted runs: the face of a PIP die (else drawn as draw(6) + 1). */
  private die: ((faces: number) => number) | undefined = undefined;
  private trace: ((e: CombatEvent) => void) | undefined = undefined;
  private log: ((e: MoveEvent) => void) | undefined = undefined;
  /** The visitor of the file an outcome is being applied to (visiting, onRank). */
  private readonly visitor: Visit;
  private vSide: Side = 0;
  private vFile = 0;
  private vBase = 0;
  private vCause = 0;
  /** How a fled rank counts (count's `fled`): 0 lost, 1 coming back, 2 out for good. */
  private vFled: 0 | 1 | 2 = 2;
  /** The going was drawn since the waiting elements' templates were (retemplateWaiting). */
  private waitingStale = false;
  /** Files of either side standing on an enemy flank (releaseFlankers has nothing to do at 0). */
  private flankers = 0;
  /** Per side: it has move rates and base depths (DBM), so waiting elements take bounds to come up. */
  private geometry: readonly [boolean, boolean];
  /** Per side: the longest range any of its templates has (a gap beyond both: nobody can shoot). */
  private readonly reach = new Float64Array(2);
  /** Shooting scratch: per side and column, the enemy column it shoots at (-1 none). */
  private readonly target: readonly [Int32Array, Int32Array];
  /** Shooting scratch: the columns where a shooting outcome took an element (shootAll). */
  private readonly lossM: Int32Array;
  /** Shooting scratch: per side (at s * words), the columns whose front may be shot at (markTargets). */
  private readonly targetsM: Int32Array;
  /** Shooting scratch: per side (at s * words), the enemy columns some file of that side aims at. */
  private readonly aimedM: Int32Array;
  /** Shooting scratch: per side (at s * words), the columns whose file was dealt a shooting outcome (shotOut). */
  private readonly shotM: Int32Array;
  /** Shooting scratch: per side and column, the packed outcome for that side's file there (-1 none). */
  private readonly shotOut: readonly [Int32Array, Int32Array];

  constructor(p: Prepared) {
    // The arrays below depend only on the config's shape (shapeOf): a Battle is rebound to another
    // config of the same shape (battleOf) without allocating them again. Those sized by a side's files and
    // ranks have room for more (room): the extra entries stay 0 and unread.
    this.p = p;
    const W = (this.W = p.width);
    this.W2 = W + 2;
    this.sides = p.sides;
    this.opts = p.options;
    const [sa, sb] = p.sides;
    const two = <A>(make: (s: PreparedSide) => A): readonly [A, A] => [make(sa), make(sb)];
    const files = (s: PreparedSide) => room(s.files);
    const waiting = (s: PreparedSide) => room(s.files) + room(s.total);
    // What an engagement changes lives in one block of memory (Slab), so that starting an engagement is
    // one copy of the block as it stands at the start (reset).
    const M = (this.measures = p.commandRule?.measures ?? 0);
    const words = (this.words = wordsFor(W));
    const layout = (a: Slab) => ({
      state: a.i32(2 * W),
      file: a.i32(2 * W),
      colCmd: a.i32(2 * W),
      cur: a.i32(2 * W),
      freeT: a.i32(2 * (W + 2)),
      fileLeft: two((s) => a.i32(files(s))),
      wHead: a.i32(2 * W),
      wTail: a.i32(2 * W),
      wNext: two((s) => a.i32(waiting(s))),
      wFile: two((s) => a.i32(waiting(s))),
      wCmd: two((s) => a.i32(waiting(s))),
      wState: two((s) => a.i32(waiting(s))),
      wTmpl: two((s) => a.i32(waiting(s))),
      wFree: two((s) => a.i32(waiting(s))),
      wFreeN: a.i32(2),
      wn: a.i32(2),
      colGoing: a.i32(W),
      presentM: a.i32(2 * words),
      waitM: a.i32(2 * words),
      restlessM: a.i32(2 * words),
      shakenM: a.i32(2 * words),
      contactM: a.i32(words),
      movedM: a.i32(words),
      tallies: a.f64(8),
      causes: two(() => a.f64(CAUSES)),
      fileElements: two((s) => a.f64(files(s))),
      fileAp: two((s) => a.f64(files(s))),
      wDist: two((s) => a.f64(waiting(s))),
      rear: a.f64(2),
      shift: a.f64(2 * W),
      commandLost: two((s) => a.f64(s.commands * M)),
      armyLost: two(() => a.f64(M)),
      back: a.u8(2 * W),
      moved: a.u8(2 * W),
      contact: a.u8(W),
      bonusUsed: a.u8(2),
      demoralised: two((s) => a.u8(s.commands)),
      commandBonusUsed: two((s) => a.u8(s.commands)),
      scoreUsed: a.u8(2),
      flanking: a.i8(2 * W),
      generalLost: two((s) => a.u8(s.commands)),
      panicTested: two((s) => a.u8(s.commands)),
      discountUsed: two((s) => a.u8(s.commands)),
      halted: two((s) => a.u8(s.commands)),
      pipsLeft: two((s) => a.f64(s.commands)),
      groupTraits: two((s) => a.i32(s.commands)),
      groupSize: two((s) => a.i32(s.commands)),
      groupGeneral: two((s) => a.u8(s.commands)),
    });
    // The scratch of a bound (never carried from one to the next) and the block's starting copy share
    // the block's buffer: one allocation a Battle.
    const scratch = (a: Slab, blockBytes: number) => ({
      initial: a.u8(blockBytes),
      contactAtStartM: a.i32(words),
      steppedM: a.i32(words),
      aimedM: a.i32(2 * words),
      shotM: a.i32(2 * words),
      targetsM: a.i32(2 * words),
      lossM: a.i32(words),
      result: a.i32(W),
      order: a.i32(W),
      edge: a.f64(W),
      pending: a.i32(W),
      stale: a.u8(W),
      lineMoved: a.u8(2),
      boundStart: two(() => a.f64(M)),
      lostThisBound: two(() => a.f64(M)),
      target: two(() => a.i32(W)),
      shotOut: two(() => a.i32(W)),
    });
    const measure = new Slab(undefined);
    layout(measure);
    const blockBytes = Math.ceil(measure.bytes / 8) * 8;
    const measureScratch = new Slab(undefined);
    scratch(measureScratch, blockBytes);
    const buffer = new ArrayBuffer(blockBytes + measureScratch.bytes);
    const v = layout(new Slab(buffer));
    const x = scratch(new Slab(buffer, blockBytes), blockBytes);
    this.block = new Uint8Array(buffer, 0, blockBytes);
    this.state = v.state;
    this.file = v.file;
    this.colCmd = v.colCmd;
    this.cur = v.cur;
    this.freeT = v.freeT;
    this.fileLeft = v.fileLeft;
    this.wHead = v.wHead;
    this.wTail = v.wTail;
    this.wNext = v.wNext;
    this.wFile = v.wFile;
    this.wCmd = v.wCmd;
    this.wState = v.wState;
    this.wTmpl = v.wTmpl;
    this.wFree = v.wFree;
    this.wFreeN = v.wFreeN;
    this.wn = v.wn;
    this.colGoing = v.colGoing;
    this.presentM = v.presentM;
    this.waitM = v.waitM;
    this.restlessM = v.restlessM;
    this.shakenM = v.shakenM;
    this.contactM = v.contactM;
    this.movedM = v.movedM;
    this.tallies = v.tallies;
    this.tally = [v.tallies.subarray(0, 4), v.tallies.subarray(4, 8)];
    this.causes = v.causes;
    this.fileElements = v.fileElements;
    this.fileAp = v.fileAp;
    this.wDist = v.wDist;
    this.rear = v.rear;
    this.shift = v.shift;
    this.commandLost = v.commandLost;
    this.armyLost = v.armyLost;
    this.back = v.back;
    this.moved = v.moved;
    this.contact = v.contact;
    this.bonusUsed = v.bonusUsed;
    this.demoralised = v.demoralised;
    this.commandBonusUsed = v.commandBonusUsed;
    this.scoreUsed = v.scoreUsed;
    this.flanking = v.flanking;
    this.generalLost = v.generalLost;
    this.panicTested = v.panicTested;
    this.discountUsed = v.discountUsed;
    this.halted = v.halted;
    this.pipsLeft = v.pipsLeft;
    this.groupTraits = v.groupTraits;
    this.groupSize = v.groupSize;
    this.groupGeneral = v.groupGeneral;
    this.pipRolls = two((s) => new Array<number>(s.commands).fill(0));
    this.contactAtStartM = x.contactAtStartM;
    this.steppedM = x.steppedM;
    this.aimedM = x.aimedM;
    this.targetsM = x.targetsM;
    this.lossM = x.lossM;
    this.shotM = x.shotM;
    this.result = x.result;
    this.order = x.order;
    this.edge = x.edge;
    this.pending = x.pending;
    this.stale = x.stale;
    this.lineMoved = x.lineMoved;
    this.boundStart = x.boundStart;
    this.lostThisBound = x.lostThisBound;
    this.visitor = { rank: (rank, how) => this.onRank(rank, how) };
    this.target = x.target;
    this.shotOut = x.shotOut;
    // No target and no shooting outcome kept (shootAll leaves them so).
    this.target[0].fill(-1);
    this.target[1].fill(-1);
    this.shotOut[0].fill(-1);
    this.shotOut[1].fill(-1);
    this.okPad = NO_PADS;
    this.nbT = 0;
    this.naT = 0;
    this.flankValued = false;
    this.strides = EMPTY_I32;
    this.plain = 0;
    this.tables = p.tables;
    this.space = 0;
    this.flankOn = false;
    this.flankFromLevel = false;
    this.fledReturn = false;
    this.refusalsOn = false;
    this.intentByGoing = EMPTY_I8;
    this.geometry = [false, false];
    this.initial = x.initial;
    this.bind(p);
  }

  /** Bytes of the block and the scratch of a bound. */
  get bytes(): number {
    return this.block.buffer.byteLength;
  }

  /** Take on config p (of this Battle's shape: shapeOf): everything that depends on more than its shape. */
  bind(p: Prepared): void {
    this.p = p;
    this.sides = p.sides;
    this.opts = p.options;
    const [sa, sb] = p.sides;
    this.okPad = [sa.overlapOk, sb.overlapOk];
    this.nbT = sb.templates;
    this.naT = sa.templates;
    this.flankValued = sa.flankRange > 1 || sb.flankRange > 1;
    this.strides = p.signatures.strides;
    const st = this.strides;
    this.sOwner = st[0]!;
    this.sOverA = st[1]!;
    this.sOverB = st[2]!;
    this.sMovedA = st[3]!;
    this.sMovedB = st[4]!;
    this.plain = p.signatures.plain;
    this.tables = p.tables;
    this.space = p.space;
    this.flankOn = p.flankAttacks;
    this.flankFromLevel = p.flankFromLevel;
    this.fledReturn = p.fledReturn;
    this.refusalsOn =
      p.config.battlefield !== undefined && p.shot !== undefined && this.opts.refusals !== 'never';
    this.extended = p.extended;
    this.withPips = p.pips !== undefined;
    this.approachRules = p.shot !== undefined;
    this.bonusesOn = p.scoreBonus;
    this.pairAt = p.pairAt;
    this.charge = [p.chargeA, p.chargeB];
    this.breakAt[0] = this.opts.breakFraction * sa.eeTotal;
    this.breakAt[1] = this.opts.breakFraction * sb.eeTotal;
    this.breakKind = p.commandRule
      ? BREAK_COMMANDS
      : p.breakRule.kind === 'against-enemy'
        ? BREAK_AGAINST
        : p.breakRule.kind === 'own'
          ? BREAK_OWN
          : BREAK_FRACTION;
    const goings = Math.max(1, p.goings.length);
    if (this.intentByGoing.length !== goings) this.intentByGoing = new Int8Array(goings);
    this.intentByGoing.fill(-1);
    this.geometry = [sa.deep, sb.deep];
    this.ranges = [sa.range, sb.range];
    this.reach[0] = maxOf(sa.range);
    this.reach[1] = maxOf(sb.range);
    // The block from zero, then as an engagement starts.
    this.block.fill(0);
    this.startingBlock();
    this.initial.set(this.block);
  }

  /**
   * Let go of the config this Battle was bound to, once its engagements are played and nobody will ask for
   * it again (a balance line-up, laid out for one use: engagementDecisions). Held here, a line-up's layout
   * lived until the next line-up of its shape came, past the young generation's passes, which copied it
   * (ARCHITECTURE.md "Worker threads and the collector"). A released Battle is not played: battleOf binds
   * it again first, since its config is no longer any config's.
   */
  release(): void {
    // The fields that reach the layout. The casts hold for this released state only: bind sets every
    // field again before the Battle plays.
    this.p = undefined as unknown as Prepared;
    this.sides = undefined as unknown as Battle['sides'];
    this.okPad = NO_PADS;
    this.ranges = NO_RANGES;
    this.pairAt = [];
    this.charge = [EMPTY_U8, EMPTY_U8];
  }

  /** Lay the block (Slab) out as it stands when an engagement starts, before the going is drawn. */
  private startingBlock(): void {
    for (const s of [0, 1] as const) {
      const side = this.sides[s];
      for (let c = 0; c < this.W; c++) {
        const f = side.fileAt[c]!;
        this.placeFile(s, c, f);
        this.state[s * this.W + c] = f < 0 ? -1 : side.fileStart[f]!;
      }
      this.fileLeft[s].set(side.fileRanks);
      this.rear[s] = this.opts.tableDepth ?? 900;
      this.wHead.fill(-1, s * this.W, (s + 1) * this.W);
      this.wTail.fill(-1, s * this.W, (s + 1) * this.W);
      // Every slot free, handed out from 0 up (whatever the room: shapeOf).
      const free = this.wFree[s];
      const cap = free.length;
      for (let i = 0; i < cap; i++) free[i] = cap - 1 - i;
      this.wFreeN[s] = cap;
      // Second lines wait behind their columns, each line its distance further back.
      for (let f = 0; f < side.files; f++) {
        const k = side.fileLine[f]!;
        if (k === 0) continue;
        const c = side.fileColumn[f]!;
        this.wait(s, c, f, side.fileStart[f]!, k * Math.max(side.reserveDist[c]!, 1));
      }
    }
    // Columns beyond the ends (freeT's padding) never hold an overlapper.
    this.freeT.fill(-1);
    for (let c = 0; c < this.W; c++) {
      this.refresh(0, c);
      this.refresh(1, c);
    }
  }

  /** Recompute both sides' freeT at column c after its front, contact, back or flank state changed. */
  private touch(c: number): void {
    const free = this.contact[c] === 0;
    const t0 = this.cur[c]!;
    const t1 = this.cur[this.W + c]!;
    this.freeT[c + 1] = free && t0 >= 0 && this.back[c] === 0 && this.flanking[c] === 0 ? t0 : -1;
    this.freeT[this.W2 + c + 1] =
      free && t1 >= 0 && this.back[this.W + c] === 0 && this.flanking[this.W + c] === 0 ? t1 : -1;
  }

  /** touch(c) for a column just put in contact: neither front is free there. */
  private unfree(c: number): void {
    this.freeT[c + 1] = -1;
    this.freeT[this.W2 + c + 1] = -1;
  }

  present(s: Side, c: number): boolean {
    return this.cur[s * this.W + c]! >= 0;
  }

  /** The template of side s's front in column c (the column must have one: present). */
  private tmplAt(s: Side, c: number): number {
    return this.cur[s * this.W + c]!;
  }

  /** Recompute the cached front template of side s in column c (after its state or going changed). */
  private refresh(s: Side, c: number): void {
    this.recur(s, c);
    this.touch(c);
  }

  /** The cached front template alone (the caller touches the column once it is done with it). */
  private recur(s: Side, c: number): void {
    this.frontMove[s] = Number.NaN;
    const side = this.sides[s];
    const st = this.state[s * this.W + c]!;
    const t = st < 0 ? -1 : side.stTmpl[this.colGoing[c]! * side.states + st]!;
    this.cur[s * this.W + c] = t;
    putInSet(this.presentM, s * this.words, c, t >= 0);
  }

  /** Columns c's two files are in contact, or not (contact and contactM). */
  private setContact(c: number, on: boolean): void {
    this.contact[c] = on ? 1 : 0;
    putInSet(this.contactM, 0, c, on);
  }

  /** Side s's file in column c has moved into contact this bound (moved and movedM). */
  private setMoved(s: Side, c: number): void {
    this.moved[s * this.W + c] = 1;
    putInSet(this.movedM, 0, c, true);
  }

  /** The base depth of side s's front in column c, in paces (0 where none or without geometry). */
  private depthAt(s: Side, c: number): number {
    const t = this.cur[s * this.W + c]!;
    return t < 0 ? 0 : this.sides[s].baseDepth[t]!;
  }

  /**
   * Side s's file in column c, a base depth back, is followed up by the enemy (a renewed contact by the
   * enemy's move, or a pursuit): it stays where it is, and the enemy's front moves up to it.
   */
  private followUp(s: Side, c: number): void {
    const d = this.depthAt(s, c);
    this.shift[s * this.W + c]! += d;
    this.shift[(1 - s) * this.W + c]! -= d;
  }

  /** Enemy files on the flanks of side s's file in column c (flank contacts). */
  private flankContactsOn(s: Side, c: number): number {
    if (this.flankers === 0) return 0;
    const f = this.flanking;
    const x = (1 - s) * this.W + c;
    return (c > 0 && f[x - 1] === 1 ? 1 : 0) + (c + 1 < this.W && f[x + 1] === -1 ? 1 : 0);
  }

  /** Side s's file in column c belongs to a demoralised command. */
  private shaken(s: Side, c: number): boolean {
    return inSet(this.shakenM, s * this.words, c);
  }

  /** Side s's command cmd is demoralised, for good: its files' columns are shaken (shakenM). */
  private demoralise(s: Side, cmd: number): void {
    this.demoralised[s][cmd] = 1;
    const { colCmd, W } = this;
    for (let c = 0; c < W; c++)
      if (colCmd[s * W + c] === cmd) putInSet(this.shakenM, s * this.words, c, true);
  }

  /** The command of side s's file in column c (a file stepped up from reserve keeps its own). */
  private commandOf(s: Side, c: number): number {
    return this.colCmd[s * this.W + c]!;
  }

  /** Side s's file f (-1: none) stands in column c, with its command (commandOf). */
  private placeFile(s: Side, c: number, f: number): void {
    this.file[s * this.W + c] = f;
    const cmd = f >= 0 ? this.sides[s].fileCommand[f]! : this.sides[s].commandAt[c]!;
    this.colCmd[s * this.W + c] = cmd;
    if (this.measures > 0) putInSet(this.shakenM, s * this.words, c, this.demoralised[s][cmd] === 1);
  }

  /** Overlaps on side s's element in column c, from the enemy's free files beside it. */
  private overlapsOn(s: Side, c: number): number {
    const o = (1 - s) as Side;
    const f = this.freeT;
    const x = o * this.W2 + c;
    // f[x] is column c - 1 and f[x + 2] column c + 1 (padded); -1 (no overlapper) reads the zero row,
    // so with neither (the usual case in a melee) there is none to read.
    const left = f[x]!;
    const right = f[x + 2]!;
    if (left < 0 && right < 0) return 0;
    const n = o === 0 ? this.naT : this.nbT;
    const ok = this.okPad[o];
    const friend = this.cur[o * this.W + c]!;
    return ok[(left + 1) * n + friend]! + ok[(right + 1) * n + friend]!;
  }

  /** In line beside a fighting file: its front template, else -1 (flank support, cohesion). */
  private besideTmpl(s: Side, c: number): number {
    return c >= 0 &&
      c < this.W &&
      this.present(s, c) &&
      this.back[s * this.W + c] === 0 &&
      this.flanking[s * this.W + c] === 0
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

  /** The signature index (signature.ts) of the combat in column c as it stands, in `owner`'s bound. */
  private indexOf(c: number, owner: Side): number {
    const st = this.strides;
    const W = this.W;
    const moved = this.moved;
    let index =
      owner * this.sOwner +
      this.overlapsOn(0, c) * this.sOverA +
      this.overlapsOn(1, c) * this.sOverB +
      moved[c]! * this.sMovedA +
      moved[W + c]! * this.sMovedB;
    if (this.flankValued) index += this.flankValueOn(0, c) * st[5]! + this.flankValueOn(1, c) * st[6]!;
    // Without files on an enemy flank, both flank contact counts are 0.
    if (this.flankers > 0) index += this.flankContactsOn(0, c) * st[7]! + this.flankContactsOn(1, c) * st[8]!;
    if (this.extended) index += (this.shaken(0, c) ? st[9]! : 0) + (this.shaken(1, c) ? st[10]! : 0);
    return index;
  }

  /** The table (TableStore number) of the combat in column c as it stands: the pair's shared tables. */
  private entryAt(c: number, owner: Side): number {
    const ta = this.tmplAt(0, c);
    const tb = this.tmplAt(1, c);
    const index = this.indexOf(c, owner);
    const pair = this.pairAt[ta * this.nbT + tb];
    if (pair !== undefined && index < this.plain) {
      const id = pair.t[index]!;
      if (id >= 0) return id;
    }
    return this.p.entry(ta, tb, index);
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
      const st = this.state[s * this.W + c]!;
      const base = st >= 0 ? side.fileBase[this.file[s * this.W + c]!]! : 0;
      const b =
        this.scoreUsed[s] === 0 && st >= 0 && side.stOff[st + 1]! > side.stOff[st]!
          ? side.scoreBonus[base + side.stRanks[side.stOff[st]!]!]!
          : 0;
      if (!(b > 0)) continue;
      // Score bonuses are used once an engagement: their tables are built on demand.
      const id = this.p.withBonus(
        this.tmplAt(0, c),
        this.tmplAt(1, c),
        this.indexOf(c, owner),
        s === 0 ? b : bonus[0]!,
        s === 1 ? b : bonus[1]!,
      );
      const alt = this.tables.data[id * this.space + k]!;
      if (this.worth(alt, s) > this.worth(r, s)) {
        r = alt;
        bonus[s] = b;
        this.scoreUsed[s] = 1;
      }
    }
    return r;
  }

  private roll(c: number, owner: Side, id: number): number {
    const k = this.draw(this.space);
    let r = this.tables.data[id * this.space + k]!;
    this.combats++;
    if (this.bonusesOn) {
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
        movedA: this.moved[c] === 1,
        movedB: this.moved[this.W + c] === 1,
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
   * Ready the visitor (transitions.ts Visit) for side s's file in column c, the front lost for `cause`;
   * returns the file's state.
   */
  private visiting(s: Side, c: number, cause: number): number {
    const f = this.file[s * this.W + c]!;
    this.vSide = s;
    this.vFile = f;
    this.vBase = this.sides[s].fileBase[f]!;
    this.vCause = cause;
    this.vFled = 2;
    return this.state[s * this.W + c]!;
  }

  /** A rank of the file being visited leaves it (transitions.ts): count it as lost, spent or fled. */
  private onRank(rank: number, how: number): void {
    const s = this.vSide;
    const k = this.vBase + rank;
    if (how === LOST_FRONT) this.count(s, this.vFile, k, 0, false, this.vCause);
    else if (how === LOST_SWEPT) this.count(s, this.vFile, k, 0, false, C_SWEEP);
    else if (how === SPENT_FRONT) this.count(s, this.vFile, k, 0, true, this.vCause);
    else this.count(s, this.vFile, k, this.vFled, false, C_EDGE);
  }

  /**
   * Side s's file in column c is now in state `st` (-1 or an empty state: nothing of it is left there).
   * The caller touches the column.
   */
  private setState(s: Side, c: number, st: number): void {
    const side = this.sides[s];
    this.state[s * this.W + c] = st;
    if (st >= 0 && side.stOff[st + 1] === side.stOff[st]) {
      this.state[s * this.W + c] = -1;
      this.placeFile(s, c, -1);
    }
    this.recur(s, c);
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
    if (M > 0 && side.generalRank[cmd] === k) this.generalLost[s][cmd] = 1;
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
   * The front of side s's file in column c flees (a recoil first, which may destroy ranks behind: B&B push
   * back). DBM 3.2 p.24 Fleeing Elements: a skirmisher directly behind flees too, and a double element
   * flees as one. With fled elements returning (model option flight), the fled ranks go a flight's
   * length to the rear: lost if that crosses the table edge (p.25 Losses), else they wait there as a
   * file of their own and come back to the line (waitingMoves). Returns the file's state after it.
   */
  private flee(s: Side, c: number, packed: number): number {
    const side = this.sides[s];
    const st = this.visiting(s, c, C_EDGE);
    const t = this.cur[s * this.W + c]!;
    const group = side.stFledGroup[st]!;
    if (!(this.opts.fledLost || (this.fledReturn && group >= 0)))
      return fileOutcome(side, st, packed, this.visitor);
    // The flight: its initial recoil (a base depth) and the flee move, from where the file stands.
    const distance =
      this.shift[s * this.W + c]! + side.baseDepth[t]! * (1 + this.back[s * this.W + c]!) + side.flee[t]!;
    const lost = this.opts.fledLost || distance > this.rear[s]! + EPS;
    this.vFled = lost ? 0 : 1;
    const next = fileOutcome(side, st, packed, this.visitor);
    if (!lost) this.wait(s, c, this.vFile, group, distance);
    if (this.log)
      this.log({
        kind: 'flight',
        bound: this.bound,
        side: SIDE_IDS[s]!,
        column: c,
        elements: side.fleeFledOff[st + 1]! - side.fleeFledOff[st]!,
        distance,
        lost,
      });
    return next;
  }

  /** Add an element (a file in state `st`) waiting `dist` paces behind side s's line in column c. */
  private wait(s: Side, c: number, f: number, st: number, dist: number): void {
    const i = this.wFree[s][--this.wFreeN[s]!]!;
    this.wn[s]!++;
    this.wFile[s][i] = f;
    this.wCmd[s][i] = this.sides[s].fileCommand[f]!;
    this.wState[s][i] = st;
    this.wTmpl[s][i] = this.sides[s].stTmpl[this.colGoing[c]! * this.sides[s].states + st]!;
    this.wDist[s][i] = dist;
    if (dist > this.sides[s].reserveDist[c]!) putInSet(this.restlessM, s * this.words, c, true);
    this.wNext[s][i] = -1;
    const tail = this.wTail[s * this.W + c]!;
    if (tail < 0) {
      this.wHead[s * this.W + c] = i;
      putInSet(this.waitM, s * this.words, c, true);
    } else this.wNext[s][tail] = i;
    this.wTail[s * this.W + c] = i;
  }

  private applyLoss(s: Side, c: number, packed: number, cause: number): void {
    const out = packed & OUT;
    if (out === NONE) return;
    const side = this.sides[s];
    const i = s * this.W + c;
    let next: number;
    if (out === FLEE) next = this.flee(s, c, packed);
    else {
      const st = this.state[i]!;
      const rear = (packed >> REAR_SHIFT) & 3;
      // DBM 3.2 p.25 Losses: an element whose recoil crosses its table edge is lost (after the ranks its
      // recoil destroys behind it: DBA 3.0 elephants).
      if (
        out === RECOIL &&
        this.fledReturn &&
        this.shift[i]! + side.baseDepth[this.cur[i]!]! * (1 + this.back[i]!) > this.rear[s]! + EPS
      ) {
        this.visiting(s, c, C_EDGE);
        next = loseFront(side, loseBehind(side, st, rear, this.visitor), 1, LOST_FRONT, this.visitor);
      } else if (out === RECOIL && rear === 0 && side.recoilStays[st] === 1) {
        // The usual recoil: no rank is lost and the file keeps its ranks (fileOutcome would leave its
        // state, and so its template, as they are); it only goes a base depth back.
        this.back[i] = 1;
        return;
      } else {
        this.visiting(s, c, cause);
        next = fileOutcome(side, st, packed, this.visitor);
      }
    }
    this.setState(s, c, next);
    // Destroyed, fled or recoiled: whatever is left of the file is a base depth back (the caller touches
    // the column).
    this.back[i] = 1;
  }

  /** DBM 3.2 p.24 Pursuing Elements: a pursuer follows and keeps contact with what is left of the file. */
  private pursue(s: Side, c: number, packed: number): void {
    const l = (1 - s) as Side;
    const pursuit = (packed >> PURSUIT_SHIFT) & 3;
    const pursues =
      pursuit === PURSUE_MUST || (pursuit === PURSUE_MAY && this.opts.optionalPursuit === 'pursue');
    if (pursues && this.present(l, c)) {
      this.followUp(l, c);
      this.setContact(c, true);
      this.back[l * this.W + c] = 0;
    }
  }

  /** Apply a combat's packed result; true if either file moved or lost anything. */
  private apply(c: number, r: number, fcA: number, fcB: number): boolean {
    const pa = r & SIDE_MASK;
    const pb = r >> SIDE_BITS;
    if ((pa & OUT) === NONE && (pb & OUT) === NONE) return false;
    // (A side with no outcome loses nothing: applyLoss is not called for it.)
    if ((pa & OUT) !== NONE) this.applyLoss(0, c, pa, fcA > 0 ? C_FLANK : C_FRONTAL);
    if ((pb & OUT) !== NONE) this.applyLoss(1, c, pb, fcB > 0 ? C_FLANK : C_FRONTAL);
    this.setContact(c, false);
    if (this.flankOn && this.flankers > 0) {
      if ((pa & OUT) !== NONE) this.releaseFlankers(0, c, true);
      if ((pb & OUT) !== NONE) this.releaseFlankers(1, c, true);
      this.releaseFlankers(0, c, false);
      this.releaseFlankers(1, c, false);
    }
    // The side with no outcome pursues if its result says so (pursue; no pursuit bits, nothing to do).
    if ((pa & OUT) === NONE) {
      if ((pa >> PURSUIT_SHIFT) & 3) this.pursue(0, c, pa);
    } else if ((pb & OUT) === NONE && (pb >> PURSUIT_SHIFT) & 3) this.pursue(1, c, pb);
    this.touch(c);
    return true;
  }

  /**
   * After a combat in column c with an outcome: side s's files on the flanks of the enemy there leave it.
   * `recoil`: side s's own front there recoiled, fled or was destroyed, so they recoil (DBM 3.2 p.23, DBA
   * 3.0 Combat outcome: elements against an enemy flank recoil with the friend fighting its front);
   * otherwise the enemy gave ground or fell and they stand back in line in their own column.
   */
  private releaseFlankers(s: Side, c: number, recoil: boolean): void {
    const f = this.flanking;
    const o = s * this.W;
    for (let d = -1; d <= 1; d += 2) {
      const x = c + d;
      if (x < 0 || x >= this.W || f[o + x] !== -d) continue;
      f[o + x] = 0;
      this.flankers--;
      if (recoil) this.back[s * this.W + x] = 1;
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
    const o = owner * this.W;
    const side = this.sides[owner];
    const { presentM, words } = this;
    // Only a column with the owner's front and no enemy front can flank (a file on an enemy flank changes
    // nothing of another column's candidacy, so the set read a word at a time stays good).
    for (let w = 0; w < words; w++) {
      let bits = presentM[owner * words + w]! & ~presentM[other * words + w]!;
      while (bits !== 0) {
        const c = (w << 5) + 31 - Math.clz32(bits & -bits);
        bits &= bits - 1;
        this.flankMove(owner, c, o, side);
      }
    }
  }

  /** Side s's front in column c (with no enemy front there) moves onto an enemy flank if it can (flankMoves). */
  private flankMove(owner: Side, c: number, o: number, side: PreparedSide): void {
    const f = this.flanking;
    if (this.back[o + c] === 1 || f[o + c] !== 0) return;
    if (this.moved[owner * this.W + c] === 1 || inSet(this.steppedM, 0, c) || this.shaken(owner, c)) return;
    if (side.flankReach[this.tmplAt(owner, c)] === 0) return;
    const left = this.flankable(owner, c, c - 1);
    const right = this.flankable(owner, c, c + 1);
    if (!left && !right) return;
    const d = chooseFlank(
      left ? this.flankGain(owner, c - 1) : undefined,
      right ? this.flankGain(owner, c + 1) : undefined,
    );
    // With PIPs: a single element move (a wheel: it deviates from straight ahead), paid or not made.
    if (
      this.p.pips &&
      !this.pay(
        owner,
        this.commandOf(owner, c),
        'flank',
        this.p.pipTraits[owner][this.tmplAt(owner, c)]!,
        1,
        this.holdsGeneral(owner, c, this.commandOf(owner, c)),
      )
    )
      return;
    f[o + c] = d;
    this.flankers++;
    this.touch(c);
    if (this.log)
      this.log({ kind: 'flank', bound: this.bound, side: SIDE_IDS[owner]!, column: c, target: c + d });
  }

  /** Can side s's free file in column c move onto the flank of the enemy in column x (flankMoves)? */
  private flankable(s: Side, c: number, x: number): boolean {
    const other = (1 - s) as Side;
    return (
      x >= 0 &&
      x < this.W &&
      this.contact[x] === 1 &&
      this.present(other, x) &&
      this.flanking[other * this.W + x] === 0 &&
      (!this.flankFromLevel || inSet(this.contactAtStartM, 0, x)) &&
      this.mayContactFlank(s, c, x)
    );
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
    // The table first: building it may grow the store, replacing its arrays (read them after).
    const e = this.entryAt(x, s);
    return this.tables.edges[e]!;
  }

  /** Draw each column's going at the start of an engagement (terrain per battle or per file). */
  private drawTerrain(): void {
    const cdf = this.p.goingCdf;
    if (cdf.length === 0) return;
    if (this.p.config.battlefield!.terrain!.per === 'battle') this.colGoing.fill(this.pickGoing(cdf));
    else for (let c = 0; c < this.W; c++) this.colGoing[c] = this.pickGoing(cdf);
  }

  /** One going drawn with the terrain's weights (cumulative in `cdf`). */
  private pickGoing(cdf: Float64Array): number {
    const u = this.draw(0x40000000) / 0x40000000;
    let g = 0;
    while (u >= cdf[g]! && g < cdf.length - 1) g++;
    return g;
  }

  /** Range of side s's front in column c now (0: cannot shoot). */
  private rangeOf(s: Side, c: number, owner: Side): number {
    const t = this.cur[s * this.W + c]!;
    return this.ranges[s][t * 4 + this.rangePick(s, owner)]!;
  }

  /** Which of a template's four ranges (PreparedSide.range) side s has now: whose bound, whether it moved. */
  private rangePick(s: Side, owner: Side): number {
    return (s === owner ? 0 : 2) + this.lineMoved[s]!;
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
    // A column shoots only where both fronts stand (shootersAt), left to right.
    const { presentM, words } = this;
    for (let w = 0; w < words; w++) {
      let bits = presentM[w]! & presentM[words + w]!;
      while (bits !== 0) {
        const c = (w << 5) + 31 - Math.clz32(bits & -bits);
        bits &= bits - 1;
        const who = this.shootersAt(c, owner);
        if ((who & (s === 0 ? 1 : 2)) === 0) continue;
        any = true;
        const e = this.p.shot(this.tmplAt(0, c), this.tmplAt(1, c), owner, who - 1, 0, 0);
        // ownerEdge is from the bound owner's view.
        edge += s === owner ? this.tables.edges[e]! : -this.tables.edges[e]!;
      }
    }
    return any && edge > 0;
  }

  /** Side s's line moves at the pace of its slowest front element (players keep lines dressed). */
  private lineMove(s: Side): number {
    // Kept until a front changes (recur): the approach asks every bound.
    const known = this.frontMove[s]!;
    if (!Number.isNaN(known)) return known;
    let m = Infinity;
    const { presentM, words, cur, W } = this;
    const move = this.sides[s].move;
    for (let w = 0; w < words; w++) {
      let bits = presentM[s * words + w]!;
      while (bits !== 0) {
        m = Math.min(m, move[cur[s * W + (w << 5) + 31 - Math.clz32(bits & -bits)]!]!);
        bits &= bits - 1;
      }
    }
    return (this.frontMove[s] = m === Infinity ? 0 : m);
  }

  /**
   * Some front of side s facing an enemy front may move into contact with it (the others stop short: DBM
   * 3.2 p.18, bowmen facing mounted; train). A line of one type: every front may, or none.
   */
  private mayCharge(s: Side): boolean {
    const nb = this.sides[1].templates;
    const ok = s === 0 ? this.p.chargeA : this.p.chargeB;
    let facing = false;
    const { presentM, words } = this;
    for (let w = 0; w < words; w++) {
      let bits = presentM[w]! & presentM[words + w]!;
      while (bits !== 0) {
        const c = (w << 5) + 31 - Math.clz32(bits & -bits);
        bits &= bits - 1;
        facing = true;
        if (ok[this.tmplAt(0, c) * nb + this.tmplAt(1, c)] === 1) return true;
      }
    }
    return !facing;
  }

  /**
   * What each side will do before the lines meet (docs/engagement-model.md "Refusing a fight"), decided
   * once the going is drawn: decide.ts closesOrShoots from each side's expected combat result against
   * the line in front of it, its move rate and what the rules let it contact.
   */
  private decideIntents(): void {
    const intent = this.intent;
    if (!this.refusalsOn) {
      intent[0] = intent[1] = CLOSES;
      return;
    }
    // With one going for the whole field the intents depend on that going alone: decided once each.
    const uniform = this.p.goingCdf.length === 0 || this.p.config.battlefield?.terrain?.per === 'battle';
    const known = uniform ? this.intentByGoing[this.colGoing[0]!]! : -1;
    if (known >= 0) {
      intent[0] = known & 3;
      intent[1] = known >> 2;
      return;
    }
    let va = 0;
    let vb = 0;
    let n = 0;
    const { presentM, words } = this;
    for (let w = 0; w < words; w++) {
      let bits = presentM[w]! & presentM[words + w]!;
      while (bits !== 0) {
        const c = (w << 5) + 31 - Math.clz32(bits & -bits);
        bits &= bits - 1;
        const pair = this.p.pairValue(this.tmplAt(0, c), this.tmplAt(1, c));
        va += pair.valueA;
        vb += pair.valueB;
        n++;
      }
    }
    const halting = this.p.config.battlefield?.shooters === 'halt';
    const [oa, ob] = this.outlooks;
    oa.value = n > 0 ? va / n : 0;
    oa.move = this.lineMove(0);
    oa.mayContact = this.mayCharge(0);
    oa.shootEdge = halting ? this.shootEdgeAtRange(0) : 0;
    ob.value = n > 0 ? vb / n : 0;
    ob.move = this.lineMove(1);
    ob.mayContact = this.mayCharge(1);
    ob.shootEdge = halting ? this.shootEdgeAtRange(1) : 0;
    const bits = intentBits(oa, ob);
    intent[0] = bits & 3;
    intent[1] = bits >> 2;
    if (uniform) this.intentByGoing[this.colGoing[0]!] = intent[0]! | (intent[1]! << 2);
  }

  /** Side s's shooting edge standing at its own longest range (decide.ts SideOutlook.shootEdge). */
  private shootEdgeAtRange(s: Side): number {
    const range = this.maxRange(s, s);
    if (range <= 0) return 0;
    const keep = this.gap;
    this.gap = range;
    let edge = 0;
    // A column shoots only where both fronts stand (shootersAt), left to right.
    const { presentM, words } = this;
    for (let w = 0; w < words; w++) {
      let bits = presentM[w]! & presentM[words + w]!;
      while (bits !== 0) {
        const c = (w << 5) + 31 - Math.clz32(bits & -bits);
        bits &= bits - 1;
        const who = this.shootersAt(c, s);
        if ((who & (s === 0 ? 1 : 2)) === 0) continue;
        const e = this.p.shot!(this.tmplAt(0, c), this.tmplAt(1, c), s, who - 1, 0, 0);
        edge += this.tables.edges[e]!;
      }
    }
    this.gap = keep;
    return edge;
  }

  /**
   * The owner's line in the approach (docs/engagement-model.md "Approach"): a line ahead in shooting
   * stands once in range; a line that will not close (decideIntents) stands, or comes only into range to
   * shoot; otherwise it moves at its slowest front's pace, charging home when the move reaches the enemy
   * and every front may contact the enemy in front of it, else stopping short.
   */
  private approachMove(owner: Side): void {
    this.lineMoved[0] = 0;
    this.lineMoved[1] = 0;
    const intent = this.intent[owner]!;
    const closes = (intent & CLOSES) !== 0;
    if (intent === 0) return;
    // (Out of its every template's range, its fronts' longest range is short of the gap too.)
    const rangeBefore = this.p.shot && this.reach[owner]! >= this.gap ? this.maxRange(owner, owner) : 0;
    if (rangeBefore >= this.gap && (!closes || this.prefersShooting(owner, owner))) return;
    const m = this.lineMove(owner);
    if (m <= 0) return;
    this.lineMoved[owner] = 1;
    if (closes && m >= this.gap && this.mayCharge(owner)) {
      this.rear[owner]! += this.gap;
      this.gap = 0;
      return;
    }
    // A shooter ahead in shooting (or one that will not close) closes only to its range; others as far
    // as they may.
    let next = Math.max(this.gap - m, m >= this.gap ? 1 : 0);
    const range = this.p.shot && this.reach[owner]! > next ? this.maxRange(owner, owner) : 0;
    if (range > 0 && next < range && this.gap > range) {
      const keep = this.gap;
      this.gap = range;
      const ahead = !closes || this.prefersShooting(owner, owner);
      this.gap = keep;
      if (ahead) next = range;
    }
    this.rear[owner]! += this.gap - next;
    this.gap = next;
  }

  /** The longest range of side s's fronts now. */
  private maxRange(s: Side, owner: Side): number {
    let r = 0;
    const { presentM, words } = this;
    for (let w = 0; w < words; w++) {
      let bits = presentM[s * words + w]!;
      while (bits !== 0) {
        r = Math.max(r, this.rangeOf(s, (w << 5) + 31 - Math.clz32(bits & -bits), owner));
        bits &= bits - 1;
      }
    }
    return r;
  }

  /**
   * Is side s's front in column c (present, with a range: shootAll reads it) free to shoot now (DBM 3.2
   * p.20 Distant Shooting)? Not in close combat (in frontal contact, on an enemy flank or with an enemy on
   * its flank), nor overlapping an enemy element in close combat (in line beside a friend in frontal
   * combat). Rear ranks never shoot on their own (they aid the front: the adapter's shooting table).
   */
  private freeToShoot(s: Side, c: number): boolean {
    // (Asked only of a front out of frontal contact: shootAll.)
    if (this.flanking[s * this.W + c] !== 0 || this.flankContactsOn(s, c) > 0) return false;
    if (this.gap === 0 && this.back[s * this.W + c] === 0) {
      const o = (1 - s) as Side;
      for (let x = c - 1; x <= c + 1; x += 2)
        if (x >= 0 && x < this.W && this.contact[x] === 1 && this.present(o, x) && this.present(s, x))
          return false;
    }
    return true;
  }

  /**
   * Each side's fronts that may be shot at (targetsM): present and not in close combat (in frontal
   * contact, on an enemy flank, or with an enemy on its flank). A shooter's target is one of the enemy's
   * within its range (shootAll): apart, the gap between the lines; once met, a column out of contact is a
   * base depth or two apart, within any range.
   */
  private markTargets(): void {
    const { presentM, contactM, targetsM, words, W } = this;
    for (let o = 0; o < 2; o++)
      for (let w = 0; w < words; w++) {
        let bits = presentM[o * words + w]! & ~contactM[w]!;
        // With nobody on an enemy flank, every front out of contact may be shot at.
        if (this.flankers > 0) {
          let kept = bits;
          while (bits !== 0) {
            const x = (w << 5) + 31 - Math.clz32(bits & -bits);
            bits &= bits - 1;
            if (this.flanking[o * W + x] !== 0 || this.flankContactsOn(o as Side, x) > 0) kept &= ~bitOf(x);
          }
          bits = kept;
        }
        targetsM[o * words + w] = bits;
      }
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
    if (!shot || !this.p.shooters) return;
    // Still out of every range (the approach): no front can pick a target (targetable).
    if (this.gap > this.reach[0]! && this.gap > this.reach[1]!) return;
    const { W, words, presentM, contactM, aimedM, shotM, targetsM, lossM } = this;
    // target[s] is all -1 here (cleared at the end where it was set), aimedM and shotM empty.
    this.markTargets();
    let shooters = 0;
    for (let si = 0; si < 2; si++) {
      const s = si as Side;
      // A side none of whose templates has a range has no shooter.
      if (this.reach[s] === 0) continue;
      const tg = this.target[s];
      const theirs = (1 - s) * words;
      // A front shoots with a range and freedom to shoot (freeToShoot: not in contact, so only the fronts
      // out of contact are asked); its side's ranges read once.
      const ranges = this.ranges[s];
      const pick = this.rangePick(s, owner);
      const cur = this.cur;
      for (let w = 0; w < words; w++) {
        let bits = presentM[s * words + w]! & ~contactM[w]!;
        while (bits !== 0) {
          const c = (w << 5) + 31 - Math.clz32(bits & -bits);
          bits &= bits - 1;
          const range = ranges[cur[s * W + c]! * 4 + pick]!;
          // Every target must be within range (targetable): out of it, no target and nothing to ask.
          if (!(range > 0) || this.gap > range || !this.freeToShoot(s, c)) continue;
          const x = pickTarget(
            inSet(targetsM, theirs, c),
            c > 0 && inSet(targetsM, theirs, c - 1),
            c + 1 < W && inSet(targetsM, theirs, c + 1),
            c,
          );
          if (x >= 0) {
            tg[c] = x;
            shooters++;
            putInSet(aimedM, s * words, x, true);
          }
        }
      }
    }
    if (shooters === 0) return;
    // shotOut is all -1 here: the loop at the end clears what it reads.
    for (let si = 0; si < 2; si++) {
      const s = si as Side;
      const o = (1 - s) as Side;
      const tg = this.target[s];
      for (let w = 0; w < words; w++) {
        // Only a column some shooter of side s aims at has shooters to group (cleared once read).
        let bits = aimedM[s * words + w]!;
        aimedM[s * words + w] = 0;
        while (bits !== 0) {
          const x = (w << 5) + 31 - Math.clz32(bits & -bits);
          bits &= bits - 1;
          this.shootAt(s, o, x, tg, owner, shot);
        }
      }
    }
    // Every target cleared where the first pass may have set one (nothing has moved since).
    for (let si = 0; si < 2; si++) {
      const s = si as Side;
      if (this.reach[s] === 0) continue;
      const tg = this.target[s];
      for (let w = 0; w < words; w++) {
        let bits = presentM[s * words + w]! & ~contactM[w]!;
        while (bits !== 0) {
          tg[(w << 5) + 31 - Math.clz32(bits & -bits)] = -1;
          bits &= bits - 1;
        }
      }
    }
    for (let si = 0; si < 2; si++) {
      const s = si as Side;
      const out = this.shotOut[s];
      for (let w = 0; w < words; w++) {
        let bits = shotM[s * words + w]!;
        shotM[s * words + w] = 0;
        while (bits !== 0) {
          const c = (w << 5) + 31 - Math.clz32(bits & -bits);
          bits &= bits - 1;
          const p = out[c]!;
          out[c] = -1;
          // Recoils at a distance move nothing in this model (the lines keep one gap): only losses count.
          if ((p & OUT) === NONE || (p & OUT) === RECOIL || !this.present(s, c)) continue;
          this.applyLoss(s, c, p, C_SHOOTING);
          this.touch(c);
          lossM[w]! |= bitOf(c);
        }
      }
    }
    // Apart, every front is back in its line. Only a loss puts a front back before the lines meet (every
    // front stands in line until then, each shooting bound ending as this one), so only a column that took
    // one here changes.
    for (let w = 0; w < words; w++) {
      let bits = lossM[w]!;
      lossM[w] = 0;
      if (this.gap === 0) continue;
      while (bits !== 0) {
        const c = (w << 5) + 31 - Math.clz32(bits & -bits);
        bits &= bits - 1;
        this.back[c] = 0;
        this.back[W + c] = 0;
        this.touch(c);
      }
    }
  }

  /**
   * Side s's shooters at the enemy in column x (shootAll's grouping: one main shooter and its aiders, a
   * mutual pair resolved once from side A's groups), shot.
   */
  private shootAt(
    s: Side,
    o: Side,
    x: number,
    tg: Int32Array,
    owner: Side,
    shot: NonNullable<Prepared['shot']>,
  ): void {
    const W = this.W;
    // The shooters of side s at the enemy in column x: the main one and its aiders.
    let count = 0;
    let main = -1;
    const back = this.target[o][x]!;
    // A shooter's target is at most one column either side of it (pickTarget).
    const to = x + 1 < W ? x + 1 : W - 1;
    for (let c = x > 0 ? x - 1 : 0; c <= to; c++) {
      if (tg[c] !== x) continue;
      count++;
      if (main < 0 || c === back || (c === x && main !== back)) main = c;
    }
    if (count === 0) return;
    const mutual = back === main;
    // A mutual pair is resolved once, from side A's groups.
    if (mutual && s === 1) return;
    const aiders = Math.min(2, count - 1);
    let otherAiders = 0;
    if (mutual) {
      let n = 0;
      const last = main + 1 < W ? main + 1 : W - 1;
      for (let y = main > 0 ? main - 1 : 0; y <= last; y++) if (this.target[o][y] === main) n++;
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
    const k = this.draw(this.space);
    const r = this.tables.data[e * this.space + k]!;
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

  /** Shooting: keep the worse of side s's outcomes in column c (by SEVERITY); shotM marks the column. */
  private keepWorst(s: Side, c: number, packed: number): void {
    const had = this.shotOut[s][c]!;
    if (had < 0 || SEVERITY[packed & OUT]! > SEVERITY[had & OUT]!) this.shotOut[s][c] = packed;
    putInSet(this.shotM, s * this.words, c, true);
  }

  /**
   * Movement (docs/engagement-model.md "A bound"): the first charge, renewing contact (option
   * renewContact), then the owner's waiting elements (second lines, fled elements coming back) and its
   * flank contacts. Before the lines have met, a side that will not close (decideIntents) makes no contact.
   */
  private move(owner: Side, firstSide: Side, charge = false): void {
    const other = (1 - owner) as Side;
    const { moved, W, words, movedM, contactM, presentM } = this;
    // The bound's marks cleared (who moved into contact, only where some file did; who stepped up) and the
    // contacts as it starts kept (read only with flankFromLevel): a pass over the sets' words.
    for (let w = 0; w < words; w++) {
      let bits = movedM[w]!;
      while (bits !== 0) {
        const c = (w << 5) + 31 - Math.clz32(bits & -bits);
        bits &= bits - 1;
        moved[c] = 0;
        moved[W + c] = 0;
      }
      movedM[w] = 0;
      this.contactAtStartM[w] = contactM[w]!;
      this.steppedM[w] = 0;
    }
    if (!charge) {
      this.lineMoved[0] = 0;
      this.lineMoved[1] = 0;
    }
    const renews =
      (charge || this.bound === 1 || this.opts.renewContact === 'bound-owner' || owner === firstSide) &&
      (this.engaged || (this.intent[owner]! & CLOSES) !== 0);
    if (renews) {
      if (this.p.pips) this.payRenewals(owner);
      // Only a column with the owner's front and no contact has something to renew (each column's move
      // changes that column alone, so the set read a word at a time stays good).
      const ow = owner * words;
      for (let w = 0; w < words; w++) {
        let bits = presentM[ow + w]! & ~contactM[w]!;
        while (bits !== 0) {
          const c = (w << 5) + 31 - Math.clz32(bits & -bits);
          bits &= bits - 1;
          if (!this.mayRenew(owner, c)) continue;
          if (this.present(other, c)) {
            // The owner's back file steps up; or it moves up to the enemy's back file (followed up).
            if (this.back[other * W + c] === 1 && this.back[owner * W + c] === 0) this.followUp(other, c);
            this.setContact(c, true);
            this.setMoved(owner, c);
            this.lineMoved[owner] = 1;
            this.back[c] = 0;
            this.back[W + c] = 0;
            this.engaged = true;
            this.unfree(c);
          } else {
            this.back[owner * W + c] = 0;
            this.touch(c);
          }
        }
      }
    }
    if (this.wn[owner]! > 0) this.waitingMoves(owner);
    if (this.flankOn && this.engaged) this.flankMoves(owner);
  }

  /**
   * Would side s's file in column c (present, not in contact) move this bound to renew contact or return to
   * its line? Not if its command is demoralised (DBA 3.0: it holds in place) or could not pay (payRenewals),
   * nor if it stands on an enemy flank, nor if the rules forbid it to contact the enemy in front (DBM 3.2
   * p.18: bowmen and mounted they can shoot at; train: it waits for the enemy to come).
   */
  private mayRenew(s: Side, c: number): boolean {
    if (this.shaken(s, c) || this.flanking[s * this.W + c] !== 0) return false;
    if (this.withPips && (this.halted[s][this.commandOf(s, c)]! & 2) !== 0) return false;
    const other = (1 - s) as Side;
    if (!this.present(other, c)) return this.back[s * this.W + c] === 1;
    if (!this.approachRules) return true;
    return this.charge[s][this.tmplAt(0, c) * this.nbT + this.tmplAt(1, c)] === 1;
  }

  /**
   * With PIPs: each command of side s pays for its renewals this bound as one group move (the files that
   * would step up or advance into contact, and back files returning to the line); one that cannot pay
   * makes none of them (halted[s][cmd] = 2 for this bound).
   */
  private payRenewals(s: Side): void {
    const general = this.groupGeneral[s];
    this.groupSize[s].fill(0);
    // The columns with side s's front and no contact (what move's renewals go through).
    const { presentM, contactM, words } = this;
    for (let w = 0; w < words; w++) {
      let bits = presentM[s * words + w]! & ~contactM[w]!;
      while (bits !== 0) {
        const c = (w << 5) + 31 - Math.clz32(bits & -bits);
        bits &= bits - 1;
        if (!this.mayRenew(s, c)) continue;
        const cmd = this.commandOf(s, c);
        if (this.gather(s, cmd, this.tmplAt(s, c))) general[cmd] = 0;
        if (general[cmd] === 0 && this.holdsGeneral(s, c, cmd)) general[cmd] = 1;
      }
    }
    this.payGathered(s, 'renew', true, 2);
  }

  /**
   * Add an element of template t to command cmd's move this bound (groupTraits, groupSize, cleared by
   * the caller); true if it is the move's first.
   */
  private gather(s: Side, cmd: number, t: number): boolean {
    const first = this.groupSize[s][cmd]!++ === 0;
    const bits = this.p.pipTraits[s][t]!;
    if (first) this.groupTraits[s][cmd] = bits;
    else this.groupTraits[s][cmd]! |= bits;
    return first;
  }

  /**
   * Each command of side s with a gathered move pays for it as one `kind` move (with its general's element
   * if `withGeneral` and groupGeneral says so); one that cannot pay is halted this bound (halted bit `bit`).
   */
  private payGathered(s: Side, kind: PaidMove, withGeneral: boolean, bit: number): void {
    const size = this.groupSize[s];
    for (let cmd = 0; cmd < this.sides[s].commands; cmd++) {
      if (size[cmd] === 0) continue;
      const general = withGeneral && this.groupGeneral[s][cmd] === 1;
      if (!this.pay(s, cmd, kind, this.groupTraits[s][cmd]!, size[cmd]!, general))
        this.halted[s][cmd]! |= bit;
    }
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
    if (this.waitingStale) this.retemplateWaiting();
    const side = this.sides[owner];
    const dist = this.wDist[owner];
    const next = this.wNext[owner];
    const head = this.wHead;
    const h = owner * this.W;
    const geometry = this.geometry[owner];
    const tmpl = this.wTmpl[owner];
    const commands = this.measures > 0;
    if (commands && this.p.pips) this.payStepUps(owner);
    // Only a column with elements waiting behind it and a move to make: its front gone (one steps up), or
    // one of them further back than its line (each column's moves change that column alone).
    const words = this.words;
    const at = owner * words;
    for (let w = 0; w < words; w++) {
      let bits = this.waitM[at + w]! & (this.restlessM[at + w]! | ~this.presentM[at + w]!);
      while (bits !== 0) {
        const c = (w << 5) + 31 - Math.clz32(bits & -bits);
        bits &= bits - 1;
        if (!this.shaken(owner, c))
          this.waitingMovesAt(owner, c, h, side, dist, next, head, geometry, tmpl, commands);
      }
    }
  }

  /** The owner's elements waiting behind column c move (waitingMoves). */
  private waitingMovesAt(
    owner: Side,
    c: number,
    h: number,
    side: PreparedSide,
    dist: Float64Array,
    next: Int32Array,
    head: Int32Array,
    geometry: boolean,
    tmpl: Int32Array,
    commands: boolean,
  ): void {
    const reserve = side.reserveDist[c]!;
    // The element nearest the line (the first to come on a tie) steps up where the column is empty.
    let nearest = -1;
    if (!this.present(owner, c))
      for (let i = head[h + c]!; i >= 0; i = next[i]!)
        if (nearest < 0 || dist[i]! < dist[nearest]!) nearest = i;
    let prev = -1;
    // Whether an element left behind the column is still further back than its line (restlessM).
    let restless = false;
    for (let i = head[h + c]!; i >= 0;) {
      const after = next[i]!;
      if (commands && !this.mayStepUp(owner, i)) {
        restless ||= dist[i]! > reserve;
        prev = i;
        i = after;
        continue;
      }
      // Not the one stepping up, and already closed up to its line's distance: it stays (no move needed).
      if (i !== nearest && dist[i]! <= reserve) {
        prev = i;
        i = after;
        continue;
      }
      const m = geometry ? side.move[tmpl[i]!]! : Infinity;
      if (i === nearest) {
        // It comes up to where its column's front stood, or to the enemy's front there.
        if (m + EPS >= dist[i]! - this.positionIn(owner, c)) {
          this.unlink(owner, c, i, prev);
          this.arrive(owner, c, i);
          i = after;
          continue;
        }
        dist[i]! -= m;
      } else if (dist[i]! > reserve) dist[i] = Math.max(reserve, dist[i]! - m);
      restless ||= dist[i]! > reserve;
      prev = i;
      i = after;
    }
    if (head[h + c]! >= 0) putInSet(this.restlessM, owner * this.words, c, restless);
  }

  /**
   * May waiting element i of side s move this bound? Not if its command is demoralised (it retreats
   * instead) or did not pay for its step-ups (payStepUps: halted[s][cmd] bit 2).
   */
  private mayStepUp(s: Side, i: number): boolean {
    const cmd = this.waitingCommand(s, i);
    return this.demoralised[s][cmd] === 0 && (this.halted[s][cmd]! & 4) === 0;
  }

  /**
   * With PIPs: each undemoralised command of side s pays for moving its waiting elements this bound as one
   * group move (its second line closing up or stepping into a gap, fled elements coming back); one that
   * cannot pay moves none of them.
   */
  private payStepUps(s: Side): void {
    if (this.waitingStale) this.retemplateWaiting();
    const side = this.sides[s];
    this.groupSize[s].fill(0);
    const words = this.words;
    for (let w = 0; w < words; w++) {
      let bits = this.waitM[s * words + w]!;
      while (bits !== 0) {
        const c = (w << 5) + 31 - Math.clz32(bits & -bits);
        bits &= bits - 1;
        const empty = !this.present(s, c);
        for (let i = this.wHead[s * this.W + c]!; i >= 0; i = this.wNext[s][i]!) {
          const cmd = this.waitingCommand(s, i);
          if (this.demoralised[s][cmd] === 1) continue;
          // Only elements that would move: toward a gap, or closing up to the second line's distance.
          if (!empty && this.wDist[s][i]! <= side.reserveDist[c]! + EPS) continue;
          this.gather(s, cmd, this.wTmpl[s][i]!);
        }
      }
    }
    this.payGathered(s, 'step-up', false, 4);
  }

  /** Take waiting element i (after `prev` in its column's list, -1 if first) off side s's list of column c. */
  private unlink(s: Side, c: number, i: number, prev: number): void {
    const next = this.wNext[s][i]!;
    if (prev < 0) {
      this.wHead[s * this.W + c] = next;
      if (next < 0) {
        putInSet(this.waitM, s * this.words, c, false);
        putInSet(this.restlessM, s * this.words, c, false);
      }
    } else this.wNext[s][prev] = next;
    if (this.wTail[s * this.W + c] === i) this.wTail[s * this.W + c] = prev;
    this.wFree[s][this.wFreeN[s]!++] = i;
    this.wn[s]!--;
  }

  /**
   * Paces behind side s's line where an element coming up into column c takes its place: the enemy's
   * front there if the enemy has a file in the column, else where side s's front last stood.
   */
  private positionIn(s: Side, c: number): number {
    return this.present((1 - s) as Side, c)
      ? -this.shift[(1 - s) * this.W + c]!
      : this.shift[s * this.W + c]!;
  }

  /** Waiting element i of side s (already off its list) reaches the line in column c (waitingMoves). */
  private arrive(s: Side, c: number, i: number): void {
    const o = (1 - s) as Side;
    const f = this.wFile[s][i]!;
    const st = this.wState[s][i]!;
    this.shift[s * this.W + c] = this.positionIn(s, c);
    this.placeFile(s, c, f);
    this.state[s * this.W + c] = st;
    this.back[s * this.W + c] = 0;
    this.refresh(s, c);
    let contact = false;
    if (this.present(o, c) && this.contact[c] === 0) {
      const nb = this.sides[1].templates;
      const may = !this.approachRules || this.charge[s][this.tmplAt(0, c) * nb + this.tmplAt(1, c)] === 1;
      if (this.flanking[o * this.W + c] !== 0) {
        // The enemy file standing on a flank from this column is contacted and turns to face (p.21).
        this.flanking[o * this.W + c] = 0;
        this.flankers--;
        this.back[o * this.W + c] = 0;
        contact = true;
      } else contact = may && this.back[o * this.W + c] === 0;
      if (contact) {
        this.setContact(c, true);
        this.setMoved(s, c);
        this.engaged = true;
      }
    }
    // (Not in contact, it has not moved into contact: moved stays 0, as the bound began.)
    // It has made its move this bound: it does not also take a flank.
    putInSet(this.steppedM, 0, c, true);
    this.touch(c);
    if (this.log)
      this.log({ kind: 'step-up', bound: this.bound, side: SIDE_IDS[s]!, column: c, file: f, contact });
  }

  /** Every waiting element's template (wTmpl) in the going its column drew this engagement. */
  private retemplateWaiting(): void {
    this.waitingStale = false;
    for (let s = 0; s < 2; s++) {
      const side = this.sides[s as Side];
      const tmpl = this.wTmpl[s]!;
      const state = this.wState[s]!;
      const next = this.wNext[s]!;
      const words = this.words;
      for (let w = 0; w < words; w++) {
        let bits = this.waitM[s * words + w]!;
        while (bits !== 0) {
          const c = (w << 5) + 31 - Math.clz32(bits & -bits);
          bits &= bits - 1;
          const going = this.colGoing[c]! * side.states;
          for (let i = this.wHead[s * this.W + c]!; i >= 0; i = next[i]!)
            tmpl[i] = side.stTmpl[going + state[i]!]!;
        }
      }
    }
  }

  /** Side s has an element waiting behind column c. */
  private waitingAt(s: Side, c: number): boolean {
    return this.wHead[s * this.W + c]! >= 0;
  }

  /**
   * Combat (DBM 3.2 p.15 Sequence of Play (4)): every column in contact fights once, in an order the
   * bound's owner decides (option combatOrder); ties and `sweep` go left to right in odd bounds and right
   * to left in even ones.
   */
  private combat(owner: Side): void {
    const { W, order, edge, contact, result, contactM, words } = this;
    let n = 0;
    // The columns in contact, left to right in odd bounds, right to left in even ones.
    if (this.bound % 2 === 1)
      for (let w = 0; w < words; w++) {
        let bits = contactM[w]!;
        while (bits !== 0) {
          order[n++] = (w << 5) + 31 - Math.clz32(bits & -bits);
          bits &= bits - 1;
        }
      }
    else
      for (let w = words - 1; w >= 0; w--) {
        let bits = contactM[w]!;
        while (bits !== 0) {
          const c = (w << 5) + 31 - Math.clz32(bits);
          order[n++] = c;
          bits ^= bitOf(c);
        }
      }
    if (this.opts.combatOrder === 'simultaneous') {
      // Every situation from the state before any outcome, then all outcomes.
      const fc = this.order.map(() => 0);
      for (let i = 0; i < n; i++) {
        const c = order[i]!;
        fc[i] = this.flankContactsOn(0, c) * 4 + this.flankContactsOn(1, c);
        result[c] = this.roll(c, owner, this.entryAt(c, owner));
      }
      for (let i = 0; i < n; i++) this.apply(order[i]!, result[order[i]!]!, fc[i]! >> 2, fc[i]! & 3);
      return;
    }
    if (this.opts.combatOrder === 'sweep') {
      // Each combat sees the overlaps left by those before it (p.21: a file whose own opponent went back,
      // fled or died earlier this bound may overlap its neighbours' opponents).
      for (let i = 0; i < n; i++) this.fight(order[i]!, owner, this.entryAt(order[i]!, owner));
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
      edge[c] = this.tables.edges[e]!;
      stale[c] = 0;
    }
    rankByEdge(order, n, edge);
    for (let i = 0; i < n; i++) {
      const c = order[i]!;
      if (contact[c] === 0) continue;
      const e = stale[c] === 1 ? this.entryAt(c, owner) : pending[c]!;
      // Only a file on an enemy flank beside c can move (releaseFlankers) besides c itself.
      const flankersBefore = this.flankers;
      if (this.fight(c, owner, e)) {
        if (c > 0) stale[c - 1] = 1;
        if (c + 1 < W) stale[c + 1] = 1;
        // A flank attacker beside c left the flank: it may now overlap the combat beyond it.
        if (flankersBefore > 0) {
          if (c > 1) stale[c - 2] = 1;
          if (c + 2 < W) stale[c + 2] = 1;
        }
      }
    }
  }

  /** One close combat in column c: its dice, then its outcomes (flank contacts as they stood). */
  private fight(c: number, owner: Side, e: number): boolean {
    const fcA = this.flankContactsOn(0, c);
    const fcB = this.flankContactsOn(1, c);
    return this.apply(c, this.roll(c, owner, e), fcA, fcB);
  }

  /**
   * Broken at the end of a bound, by the rule system's break rule (its adapter): DBM 3.2 p.25
   * Demoralised Commands by fraction, B&B 0.7 ch.6 army moral by its own test, DBA 3.0 Winning and losing
   * against the enemy. Lines with commands are tested by their command rule instead (run).
   */
  private broken(s: Side): boolean {
    if (this.breakKind === BREAK_FRACTION)
      return this.sides[s].eeTotal > 0 && this.tallies[s * 4 + T_EE]! + EPS >= this.breakAt[s]!;
    const rule = this.p.breakRule;
    if (rule.kind === 'against-enemy') return rule.defeated(this.tally[s][T_EE]!, this.tally[1 - s]![T_EE]!);
    return rule.kind === 'own' && rule.broken(this.tally[s][T_EE]! + EPS, this.sides[s].eeTotal);
  }

  /**
   * Per side: what armyState hands the command rule, filled in place each time (the rule reads it at once
   * and keeps nothing: a bound's break test makes no garbage), with its losses by command.
   */
  private readonly states: readonly [Writable<ArmyState>, Writable<ArmyState>] = [
    newArmyState(),
    newArmyState(),
  ];
  private readonly stateLost: Float64Array[] = [new Float64Array(0), new Float64Array(0)];

  /** Side s's army as the command rule reads it at the end of a bound. */
  private armyState(s: Side): ArmyState {
    const lost = this.armyLost[s];
    const start = this.boundStart[s];
    const bound = this.lostThisBound[s];
    const M = this.measures;
    for (let m = 0; m < M; m++) bound[m] = lost[m]! - start[m]!;
    const side = this.sides[s];
    let original = 0;
    for (let i = 0; i < side.commands; i++) original += side.commandOriginal[i]!;
    let commandLost = this.stateLost[s]!;
    if (commandLost.length !== side.commands)
      commandLost = this.stateLost[s] = new Float64Array(side.commands);
    for (let i = 0; i < side.commands; i++) commandLost[i] = this.commandLost[s][i * M]!;
    const state = this.states[s];
    state.lost = lost;
    state.lostThisBound = bound;
    state.original = original;
    state.cInCDemoralised = this.demoralised[s][side.cInC] === 1;
    state.commandLost = commandLost;
    state.commandOriginal = side.commandOriginal;
    state.commandDemoralised = this.demoralised[s];
    return state;
  }

  /**
   * Start of side s's bound, lines with commands: note the losses so far (for losses in this bound); under
   * a rule read at the start of the side's own bounds (DBA 3.0 Big battles) each command whose losses now
   * demoralise it is demoralised for good; with PIPs, each command throws its die (DBM 3.2 p.16), a command
   * whose general is lost takes its panic test (p.25), and a demoralised command's elements not in frontal
   * contact flee in spontaneous retreat unless it halts them (p.25, p.18 Halts).
   */
  private startBound(s: Side): void {
    const rule = this.p.commandRule!;
    this.boundStart[0].set(this.armyLost[0]);
    this.boundStart[1].set(this.armyLost[1]);
    if (rule.check !== 'every-bound') this.demoraliseByLosses(s);
    const pips = this.p.pips;
    if (!pips) return;
    const side = this.sides[s];
    const rolls = this.pipRolls[s];
    for (let i = 0; i < side.commands; i++) rolls[i] = this.die ? this.die(6) : this.draw(6) + 1;
    const scores = pips.scores(this.p.ctx, SIDE_IDS[s]!, rolls);
    this.log?.({
      kind: 'pips',
      bound: this.bound,
      side: SIDE_IDS[s]!,
      rolls: Array.from(rolls),
      scores: [...scores],
    });
    for (let i = 0; i < side.commands; i++) {
      this.pipsLeft[s][i] = scores[i]!;
      this.discountUsed[s][i] = 0;
      this.halted[s][i] = 0;
      // DBM 3.2 p.25: the general lost, the command's next PIP die decides whether it panics (once).
      if (this.generalLost[s][i] === 1 && this.panicTested[s][i] === 0 && rule.panics) {
        this.panicTested[s][i] = 1;
        if (this.demoralised[s][i] === 0 && rule.panics(scores[i]!, this.lossesOf(s, i))) {
          this.demoralise(s, i);
          this.log?.({
            kind: 'demoralised',
            bound: this.bound,
            side: SIDE_IDS[s]!,
            command: i,
            cause: 'panic',
          });
        }
      }
    }
    if (rule.retreat) this.retreat(s);
  }

  /** Side s's command i's losses, one per measure, copied into a scratch array the rules read at once. */
  private lossesOf(s: Side, i: number): Float64Array {
    const M = this.measures;
    let x = this.lossScratch;
    if (x.length !== M) x = this.lossScratch = new Float64Array(M);
    const lost = this.commandLost[s];
    for (let m = 0; m < M; m++) x[m] = lost[i * M + m]!;
    return x;
  }

  /** Every command of side s whose losses now demoralise it is demoralised, for good. */
  private demoraliseByLosses(s: Side): void {
    const rule = this.p.commandRule!;
    const side = this.sides[s];
    for (let i = 0; i < side.commands; i++)
      if (this.demoralised[s][i] === 0 && rule.demoralised(this.lossesOf(s, i), side.commandOriginal[i]!)) {
        this.demoralise(s, i);
        this.log?.({
          kind: 'demoralised',
          bound: this.bound,
          side: SIDE_IDS[s]!,
          command: i,
          cause: 'losses',
        });
      }
  }

  /**
   * Spontaneous retreat (DBM 3.2 p.25 Demoralised Commands; p.24 Fleeing Elements: towards the base edge,
   * a flee move a bound): in side s's bound, each demoralised command halts what its PIPs pay for (its
   * elements not in frontal contact as one group: p.18 Halts); otherwise those elements leave the line and,
   * with those already behind it (halted with them in the same group), go a flee move further back; past
   * the table edge they are lost.
   */
  private retreat(s: Side): void {
    if (this.waitingStale) this.retemplateWaiting();
    const side = this.sides[s];
    const { presentM, contactM, waitM, words } = this;
    const at = s * words;
    for (let cmd = 0; cmd < side.commands; cmd++) {
      if (this.demoralised[s][cmd] === 0) continue;
      const kinds = this.p.pipTraits[s];
      let traits = 0;
      let moved = 0;
      let withGeneral = false;
      // Its fronts out of contact (not on an enemy flank).
      for (let w = 0; w < words; w++) {
        let bits = presentM[at + w]! & ~contactM[w]!;
        while (bits !== 0) {
          const c = (w << 5) + 31 - Math.clz32(bits & -bits);
          bits &= bits - 1;
          if (this.commandOf(s, c) !== cmd || this.flanking[s * this.W + c] !== 0) continue;
          traits |= kinds[this.tmplAt(s, c)]!;
          moved++;
          withGeneral ||= this.holdsGeneral(s, c, cmd);
        }
      }
      const files = moved;
      // Its elements behind the line (second line, fled elements) are halted with them, one group.
      for (let w = 0; w < words; w++) {
        let bits = waitM[at + w]!;
        while (bits !== 0) {
          const c = (w << 5) + 31 - Math.clz32(bits & -bits);
          bits &= bits - 1;
          for (let i = this.wHead[s * this.W + c]!; i >= 0; i = this.wNext[s][i]!)
            if (this.waitingCommand(s, i) === cmd) {
              traits |= kinds[this.wTmpl[s][i]!]!;
              moved++;
            }
        }
      }
      if (moved === 0) continue;
      if (this.pay(s, cmd, 'halt', traits, moved, withGeneral)) {
        this.halted[s][cmd]! |= 1;
        continue;
      }
      // Into retreat: the free files leave the line, a flee move back from where they stand.
      let lost = 0;
      // (Each column's file leaves its own column alone: the set read a word at a time stays good.)
      for (let w = 0; w < words; w++) {
        let bits = presentM[at + w]! & ~contactM[w]!;
        while (bits !== 0) {
          const c = (w << 5) + 31 - Math.clz32(bits & -bits);
          bits &= bits - 1;
          if (this.commandOf(s, c) !== cmd || this.flanking[s * this.W + c] !== 0) continue;
          const t = this.cur[s * this.W + c]!;
          const st = this.state[s * this.W + c]!;
          const f = this.file[s * this.W + c]!;
          const distance = this.shift[s * this.W + c]! + side.baseDepth[t]! * this.back[s * this.W + c]!;
          this.setState(s, c, -1);
          this.placeFile(s, c, -1);
          this.touch(c);
          this.wait(s, c, f, st, distance);
        }
      }
      // Everything of the command behind the line goes a flee move further back, or off the table.
      for (let w = 0; w < words; w++) {
        let bits = waitM[at + w]!;
        while (bits !== 0) {
          const c = (w << 5) + 31 - Math.clz32(bits & -bits);
          bits &= bits - 1;
          let prev = -1;
          for (let i = this.wHead[s * this.W + c]!; i >= 0;) {
            const after = this.wNext[s][i]!;
            if (this.waitingCommand(s, i) !== cmd) {
              prev = i;
              i = after;
              continue;
            }
            const t = this.wTmpl[s][i]!;
            this.wDist[s][i]! += side.flee[t]!;
            if (this.wDist[s][i]! > side.reserveDist[c]!) putInSet(this.restlessM, at, c, true);
            if (this.wDist[s][i]! > this.rear[s]! + EPS) {
              // Across the table edge: lost (p.25 Losses).
              this.loseWaiting(s, c, i, prev);
              lost++;
              i = after;
              continue;
            }
            prev = i;
            i = after;
          }
        }
      }
      if (this.log)
        this.log({
          kind: 'retreat',
          bound: this.bound,
          side: SIDE_IDS[s]!,
          command: cmd,
          files,
          lost,
        });
    }
  }

  /** The command of waiting element i of side s. */
  private waitingCommand(s: Side, i: number): number {
    return this.wCmd[s][i]!;
  }

  /** Waiting element i of side s (after `prev` in column c's list) is lost off the table edge. */
  private loseWaiting(s: Side, c: number, i: number, prev: number): void {
    const side = this.sides[s];
    const f = this.wFile[s][i]!;
    const st = this.wState[s][i]!;
    this.unlink(s, c, i, prev);
    const base = side.fileBase[f]!;
    for (let r = side.stOff[st]!; r < side.stOff[st + 1]!; r++)
      this.count(s, f, base + side.stRanks[r]!, 0, false, C_EDGE);
  }

  /** Side s's file in column c holds command cmd's general's element. */
  private holdsGeneral(s: Side, c: number, cmd: number): boolean {
    const side = this.sides[s];
    const g = side.generalRank[cmd]!;
    if (g < 0) return false;
    const st = this.state[s * this.W + c]!;
    const base = side.fileBase[this.file[s * this.W + c]!]!;
    for (let r = side.stOff[st]!; r < side.stOff[st + 1]!; r++)
      if (base + side.stRanks[r]! === g) return true;
    return false;
  }

  /**
   * The PIP cost of a move (adapter.ts PipRule.cost), asked of the rule once per config: its key among the
   * config's (Prepared.pipCosts) is everything the rule may read of the move (adapter.ts PipMove). Traits are
   * below 2^20 (prepare.ts), commands below 2^10: the key is exact.
   */
  private pipCost(
    s: Side,
    cmd: number,
    kind: PaidMove,
    traits: number,
    single: boolean,
    withGeneral: boolean,
    engaged: boolean,
    lost: boolean,
    discountUsed: boolean,
  ): number {
    const flags =
      PAID_MOVES.indexOf(kind) * 32 +
      (single ? 16 : 0) +
      (withGeneral ? 8 : 0) +
      (engaged ? 4 : 0) +
      (lost ? 2 : 0) +
      (discountUsed ? 1 : 0);
    const key = ((traits * 128 + flags) * 2 + s) * 1024 + cmd;
    let cost = this.p.pipCosts.get(key);
    if (cost === undefined) {
      cost = this.p.pips!.cost(this.p.ctx, {
        line: SIDE_IDS[s]!,
        command: cmd,
        kind,
        traits,
        single,
        withGeneral,
        generalEngaged: engaged,
        generalLost: lost,
        discountUsed,
      });
      this.p.pipCosts.set(key, cost);
    }
    return cost;
  }

  /**
   * Pay for a move of side s's command cmd with its PIPs (adapter.ts PipRule.cost): true if it had them
   * (they are spent), false if not (the move is not made). Without PIPs every move is made.
   */
  private pay(
    s: Side,
    cmd: number,
    kind: PaidMove,
    traits: number,
    elements: number,
    withGeneral: boolean,
  ): boolean {
    const pips = this.p.pips;
    if (!pips) return true;
    const side = this.sides[s];
    const lost = this.generalLost[s][cmd] === 1;
    const discountUsed = this.discountUsed[s][cmd] === 1;
    const single = elements === 1;
    // Whether the general is in frontal combat is looked for only where the cost depends on it.
    let cost = this.pipCost(s, cmd, kind, traits, single, withGeneral, false, lost, discountUsed);
    const gf = side.generalFile[cmd]!;
    if (
      gf >= 0 &&
      !lost &&
      this.pipCost(s, cmd, kind, traits, single, withGeneral, true, lost, discountUsed) !== cost
    ) {
      // Only the column its file stands in can hold the general, and only a front in contact.
      const { presentM, contactM, words } = this;
      search: for (let w = 0; w < words; w++) {
        let bits = presentM[s * words + w]! & contactM[w]!;
        while (bits !== 0) {
          const c = (w << 5) + 31 - Math.clz32(bits & -bits);
          bits &= bits - 1;
          if (this.file[s * this.W + c] === gf && this.holdsGeneral(s, c, cmd)) {
            cost = this.pipCost(s, cmd, kind, traits, single, withGeneral, true, lost, discountUsed);
            break search;
          }
        }
      }
    }
    const paid = cost <= this.pipsLeft[s][cmd]! + EPS;
    this.log?.({ kind: 'pay', bound: this.bound, side: SIDE_IDS[s]!, command: cmd, move: kind, cost, paid });
    if (!paid) return false;
    this.pipsLeft[s][cmd]! -= cost;
    if (withGeneral && cmd === side.cInC) this.discountUsed[s][cmd] = 1;
    return true;
  }

  /** Per side, per command: what scoreEnd hands the score rule, filled in place (the rule keeps nothing). */
  private readonly ends: readonly [Writable<CommandEnd>[], Writable<CommandEnd>[]] = [[], []];

  /** The score of each side at the end (ScoreRule), into finalScore. */
  private scoreEnd(): void {
    const rule = this.p.score;
    if (!rule) return;
    for (const s of [0, 1] as const) {
      const ends = this.ends[s];
      const side = this.sides[s];
      while (ends.length < side.commands) ends.push({ demoralised: false, lost: 0, original: 0, points: 0 });
      ends.length = side.commands;
      for (let i = 0; i < side.commands; i++) {
        const e = ends[i]!;
        e.demoralised = this.demoralised[s][i] === 1;
        e.lost = this.commandLost[s][i * this.measures]!;
        e.original = side.commandOriginal[i]!;
        e.points = side.commandPoints[i]!;
      }
    }
    this.finalScore[0] = rule.score(this.p.ctx, this.ends[0], this.ends[1]);
    this.finalScore[1] = rule.score(this.p.ctx, this.ends[1], this.ends[0]);
  }

  /** Can any column still see a fight: both sides have a file there, or an element coming to it? */
  private canFight(): boolean {
    if (this.gap > 0) return true;
    // A column where each side has a front or an element waiting behind it (waitM is empty when none waits).
    const { presentM, waitM, words } = this;
    for (let w = 0; w < words; w++)
      if (((presentM[w]! | waitM[w]!) & (presentM[words + w]! | waitM[words + w]!)) !== 0) return true;
    return false;
  }

  /** Put both lines in their starting places for a new engagement (one copy of the block). */
  private reset(): void {
    this.block.set(this.initial);
    this.frontMove[0] = this.frontMove[1] = Number.NaN;
    // Nothing has moved yet: the intents decided at the start read ranges that depend on moving (DBM
    // artillery), so the last engagement's moves must not carry over.
    this.lineMoved[0] = 0;
    this.lineMoved[1] = 0;
    this.flankers = 0;
    for (let w = 0; w < this.words; w++) this.steppedM[w] = 0;
    this.decision = UNDECIDED;
  }

  /** Play one engagement; the outcome is left in the fields. */
  run(
    draw: (space: number) => number,
    firstSide: Side,
    trace?: (e: CombatEvent) => void,
    log?: (e: MoveEvent) => void,
    die?: (faces: number) => number,
  ): void {
    this.draw = draw;
    this.die = die;
    this.trace = trace;
    this.log = log;
    this.reset();
    if (this.p.goingCdf.length > 0) {
      this.drawTerrain();
      // The starting block has every column in the first going: only the others change.
      for (let c = 0; c < this.W; c++) {
        if (this.colGoing[c] === 0) continue;
        this.refresh(0, c);
        this.refresh(1, c);
      }
      // The elements waiting behind each column take its going, once one of them is asked for.
      this.waitingStale = this.wn[0]! + this.wn[1]! > 0;
    }
    this.gap = this.p.config.battlefield?.distance ?? 0;
    this.engaged = !this.refusalsOn;
    this.decideIntents();
    const limit = this.p.config.boundLimit;
    if (this.refusalsOn && this.intent[0] === 0 && this.intent[1] === 0) {
      // Neither side will close, nor can shoot at the other: the fight is refused (a draw).
      this.decision = REFUSED;
      this.bounds = limit;
      this.scoreEnd();
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
          // Nothing has moved into contact (moved is all 0 from the starting block until the lines meet).
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
      // DBM 3.2 p.25: a command's losses are read at the end of every bound of either side.
      if (this.measures > 0 && this.p.commandRule!.check === 'every-bound') {
        this.demoraliseByLosses(0);
        this.demoraliseByLosses(1);
      }
      let ba: boolean;
      let bb: boolean;
      if (this.breakKind === BREAK_COMMANDS) {
        // Each army's state made once for both tests (the rule reads them and keeps nothing).
        const sa = this.armyState(0);
        const sb = this.armyState(1);
        const rule = this.p.commandRule!;
        ba = rule.defeated(sa, sb);
        bb = rule.defeated(sb, sa);
      } else {
        ba = this.broken(0);
        bb = this.broken(1);
      }
      if (ba || bb) {
        this.decision = ba && bb ? MUTUAL : ba ? B_WINS : A_WINS;
        break;
      }
      if (!this.canFight()) break;
    }
    this.bounds = Math.min(this.bound, limit);
    this.scoreEnd();
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
        fileElementsLost: Array.from(this.fileElements[s].subarray(0, files)),
        fileApLost: Array.from(this.fileAp[s].subarray(0, files)),
        fileGone: Array.from({ length: files }, (_, i) => this.fileGone(s, i)),
      };
    };
    const withCommands = (s: Side, t: SideTally): SideTally =>
      this.measures > 0 || this.p.scoreBonus || this.finalScore[s]! >= 0
        ? {
            ...t,
            ...(this.measures > 0 ? { demoralised: Array.from(this.demoralised[s], (d) => d === 1) } : {}),
            ...(this.p.scoreBonus ? { scoreBonusUsed: this.scoreUsed[s] === 1 } : {}),
            ...(this.finalScore[s]! >= 0 ? { score: this.finalScore[s]! } : {}),
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

/** The moves paid with PIPs, in the order of their number in a PIP cost's key (pipCost). */
const PAID_MOVES: readonly PaidMove[] = ['step-up', 'renew', 'flank', 'halt'];

/** A SideOutlook the kernel fills in. */
type Outlook = Writable<SideOutlook>;
const newOutlook = (): Outlook => ({ value: 0, move: 0, mayContact: false, shootEdge: 0 });

/** An ArmyState to fill in (Battle.armyState), its fields in the order armyState writes them. */
const newArmyState = (): Writable<ArmyState> => ({
  lost: EMPTY_F64,
  lostThisBound: EMPTY_F64,
  original: 0,
  cInCDemoralised: false,
  commandLost: EMPTY_F64,
  commandOriginal: EMPTY_F64,
  commandDemoralised: EMPTY_U8,
});

/** The largest of 0 and `xs` (NaN if any is NaN, as Math.max(0, ...xs)). */
function maxOf(xs: Float64Array): number {
  let m = 0;
  for (let i = 0; i < xs.length; i++) m = Math.max(m, xs[i]!);
  return m;
}

/**
 * Room for n files or ranks in a Battle's arrays: n rounded up to a power of two, at least 4. A balance
 * study meets thousands of exact shapes (a line's files and ranks follow its count and depth), and making
 * a Battle for each, with the collector's work on them, took 8% of a worker's time: rounded up, about a
 * seventh as many shapes serve them all (ARCHITECTURE.md "Worker threads and the collector").
 */
function room(n: number): number {
  return n <= 4 ? 4 : 2 ** Math.ceil(Math.log2(n));
}

/**
 * What a Battle's arrays are sized by: the width, the room for each side's files and ranks, each side's
 * commands, and the command rule's loss counts.
 */
function shapeOf(p: Prepared): string {
  const [a, b] = p.sides;
  return `${p.width}|${room(a.files)}|${room(a.total)}|${a.commands}|${room(b.files)}|${room(b.total)}|${b.commands}|${p.commandRule?.measures ?? 0}`;
}

/**
 * Battles by shape, kept for the next config of that shape (a study's line-ups recur in shape), up to 16
 * MB a thread. A worker meets about 1,100 shapes in the bundled balance study (8,000 before they were
 * rounded up: room), a Battle of a balance line-up weighing about 20 kB (its block 5 to 25 kB, an army
 * battle's up to 80 kB) and holding on to the last config it played. Keeping the 256 latest, a worker
 * built a Battle for one line-up in fourteen; the 2,048 latest saved 2% of the processor time more but
 * the default study peaked 370 MB higher; 16 MB of them is as fast as 32 MB (side by side: 1.002).
 */
const byShape = new WeighedCache<string, Battle>(16 * 1024 ** 2);
/** What a Battle weighs besides its block: its views of the block, its fields (measured: about 15.5 kB). */
const BATTLE_OBJECT_BYTES = 16 * 1024;

/**
 * The reusable Battle of a prepared config: the one of its shape, bound to it. Play it before asking for
 * another config's: a Battle of the same shape is the same object.
 */
export function battleOf(p: Prepared): Battle {
  // Found by its shape, not through a WeakMap from the config: a WeakMap's entries kept every balance
  // line-up's layout alive past the young generation's passes (ARCHITECTURE.md "Worker threads and the
  // collector").
  const key = shapeOf(p);
  let b = byShape.get(key);
  if (b?.p === p) return b;
  if (b) b.bind(p);
  else {
    b = new Battle(p);
    byShape.set(key, b, b.bytes + BATTLE_OBJECT_BYTES);
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
 * die then B's), one combat after another; with PIPs, each command's PIP die (in command order) at the
 * start of its side's bound comes from the same script.
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
    // PIP dice come from the same script, as faces.
    () => dice(),
  );
  return b.toResult();
}
