/**
 * A lines config laid out for the hot loop: columns, per-rank data in flat typed arrays, interned side
 * templates and the cache of combat tables. Built once per config (memoised on the object, and by its
 * text so that the copies a worker thread receives shard after shard are laid out once).
 *
 * Combat tables depend only on the combat's signature and the variant, not on the config: they are
 * shared by every config of one system and variant (a balance study's many line-ups reuse them).
 */
import { remember } from '../../core/bounded.ts';
import type { DieSpec } from '../../core/ruleset.ts';
import type { VariantSpec } from '../../core/system.ts';
import type { AdapterContext, BreakRule, CommandRule, LineAdapter, PipRule, ScoreRule } from './adapter.ts';
import { optionsShape } from './model.ts';
import type { Battlefield, FileConfig, LineConfig, LineId, LinesConfig, ModelOptions } from './model.ts';
import { NumberTable, wholeBelow } from './number-table.ts';
import { onOneBuffer, Scratch } from './one-buffer.ts';
import { withoutRecoils, worthTo } from './pack.ts';
import { signatureOf, signatureSpace, type SignatureSpace } from './signature.ts';
import {
  Int32Chunks,
  PAIR_SIGNATURES,
  pairTables,
  SHOT_SIGNATURES,
  shotIndex,
  TableStore,
  type PairTables,
} from './tables.ts';

export interface PreparedSide {
  /**
   * Per column: the front line's file there, or -1. Files are numbered front line first (the config's
   * `files`), then each reserve line's files in order (`reserves`); the per-file arrays below use it.
   */
  readonly fileAt: Int32Array;
  /** Per file: offset of its ranks in the flat per-rank arrays. */
  readonly fileBase: Int32Array;
  /**
   * Per file: its starting state. A state is the list of the file's ranks still standing, front first,
   * as rank indices within the file; identical files share their states.
   */
  readonly fileStart: Int32Array;
  /** Per file: the column it stands in (a reserve: the column it stands behind). */
  readonly fileColumn: Int32Array;
  /** Per file: 0 in the front line, k in the k-th line behind it. */
  readonly fileLine: Int32Array;
  /** Per file: its command (0 without commands; a reserve: its column's front file's). */
  readonly fileCommand: Int32Array;
  /** Per file: its ranks. */
  readonly fileRanks: Int32Array;
  /** Per column: paces from the front line's front edge to the next line's front edge (docs "Second lines"). */
  readonly reserveDist: Float64Array;
  /** Ranks of the side (the length of the per-rank arrays). */
  readonly total: number;
  /** Number of states. */
  readonly states: number;
  /** Per state: its ranks (within the file) are stRanks[stOff[st] .. stOff[st + 1]). */
  readonly stRanks: Int32Array;
  readonly stOff: Int32Array;
  /** Per going g and state st (at g * states + st): local template id of its front, -1 when empty. */
  readonly stTmpl: Int32Array;
  /** Per state st and n = 0..MAX_DEPTH (at st * DROP + n): the state once its first n ranks are gone. */
  readonly stDrop: Int32Array;
  /** Per state st and n = 0..MAX_DEPTH (at st * DROP + n): the state once the n ranks behind its front are gone. */
  readonly stBehind: Int32Array;
  /** Per state: the state after its front recoils (the adapter's `recoil`; itself when there is none). */
  readonly stRecoil: Int32Array;
  /**
   * Per state: 1 where its front's recoil leaves it as it is and destroys none of its ranks (stRecoil is
   * the state itself and recoilLost is empty): such a recoil only moves the file (fight.ts applyLoss).
   */
  readonly recoilStays: Uint8Array;
  /**
   * Per state st: the ranks (within the file) a recoil destroys, front first if the front is among them,
   * at recoilLost[recoilLostOff[st] .. recoilLostOff[st + 1]) (lists of this kind are packed end to end).
   */
  readonly recoilLost: Int32Array;
  readonly recoilLostOff: Int32Array;
  /** Per state: the state after its front flees (a recoil first, then the flight). */
  readonly stFlee: Int32Array;
  /** Per state: the ranks destroyed by the recoil a flight starts with (packed as recoilLost). */
  readonly fleeLost: Int32Array;
  readonly fleeLostOff: Int32Array;
  /**
   * Per state: the ranks that flee (the front, and whoever flees with it), none if the recoil destroyed it
   * (packed as recoilLost).
   */
  readonly fleeFled: Int32Array;
  readonly fleeFledOff: Int32Array;
  /** Per state: the state of its file made of the ranks that flee (they return as one file), -1 if none. */
  readonly stFledGroup: Int32Array;
  readonly ap: Float64Array;
  readonly ee: Float64Array;
  /** Per rank (flat): counted once, to the first such rank a side loses (DBA: first double element). */
  readonly firstBonus: Float64Array;
  /** Per rank (flat): the once-per-engagement score bonus it may use (RankConfig.scoreBonus), 0 if none. */
  readonly scoreBonus: Float64Array;
  /** Lines with commands: per rank k and count m (at k * measures + m), what losing it adds (RankConfig.losses). */
  readonly losses: Float64Array;
  /** Lines with commands: per column, the command of its file (0 where none, or without commands). */
  readonly commandAt: Int32Array;
  /** Number of commands (1 without commands). */
  readonly commands: number;
  /** Per command: the total `reference` of its ranks (its original size for the command rule). */
  readonly commandOriginal: Float64Array;
  /** The C-in-C's command (0 without commands). */
  readonly cInC: number;
  /** Per command: the flat rank of its general's element, -1 if none (CommandsConfig.generals). */
  readonly generalRank: Int32Array;
  /** Per command: the file of its general's element, -1 if none. */
  readonly generalFile: Int32Array;
  /** Per command: the competition points it is worth (CommandsConfig.points; 0 without). */
  readonly commandPoints: Float64Array;
  /** Number of local templates. */
  readonly templates: number;
  /** Per local template: its id in the variant's shared template space. */
  readonly global: Int32Array;
  /**
   * ok[(overlapper + 1) * n + friend]: the overlapper's front element may count as an overlap for the
   * friend; a leading row of zeros for "no overlapper" (-1), so the kernel reads it without a test.
   */
  readonly overlapOk: Uint8Array;
  /** Distinct flank values (1: none, and the kernel skips the neighbours). */
  readonly flankRange: number;
  /** flank[(self * (n+1) + left+1) * (n+1) + right+1]: the flank value (-1 = no in-line neighbour). */
  readonly flank: Int32Array;
  /** The side's original total for the break rule (DBM element equivalents, B&B reference level). */
  readonly eeTotal: number;
  readonly files: number;
  /** Approach, per local template: paces moved; range in own bound / enemy bound, not having moved / moved. */
  readonly move: Float64Array;
  readonly range: Float64Array;
  /** Per local template: the front element's base depth in paces (0 without geometry). */
  readonly baseDepth: Float64Array;
  /** Per local template: the paces of a flight after its initial recoil (0 without geometry). */
  readonly flee: Float64Array;
  /** Per local template: it can move onto the flank of an enemy element beside it (flank contacts). */
  readonly flankReach: Uint8Array;
  /** Some template has a range (some `range` above 0): the side may shoot. */
  readonly shoots: boolean;
  /** Some rank has a score bonus (some `scoreBonus` above 0). */
  readonly bonuses: boolean;
  /** Some template has a base depth (some `baseDepth` above 0): the side has geometry. */
  readonly deep: boolean;
}

/** Entries per state in `stDrop`: dropping 0 to 4 front ranks (files are at most 4 deep). */
export const DROP = 5;

/** Templates and combat tables shared by every config of one system and variant. */
interface VariantSpace {
  readonly ctxVariant: unknown;
  readonly templates: unknown[];
  readonly ids: Map<string, number>;
  /** Every combat table built under the variant, each once (tables.ts). */
  readonly tables: TableStore;
  /**
   * The tables of each pair of shared template ids, with the two sides' flank ranges (pairKey); at most
   * PAIR_MEMO of them, the oldest forgotten first (configs keep theirs). Systems whose flank values name
   * a friend (DBA) keep theirs per config instead (Prepared.pairOf).
   */
  readonly pairs: Map<number, PairTables>;
  /**
   * The table numbers of every pair's rare signatures (flank contacts, a demoralised command), by
   * pair serial and signature index (tables.ts PAIR_SIGNATURES); at most RARE_MEMO of them.
   */
  readonly rare: NumberTable;
  /** Where the pairs' arrays are cut from. */
  readonly chunks: Int32Chunks;
  /** What each pair of shared template ids allows each other: charges and flank contacts (pairRules). */
  readonly pairRules: Map<number, number>;
  /**
   * Each distinct file (by its line's extra, its ranks and the goings) worked out once for every config of
   * the variant: its states, their transitions, and each state's template with its JSON key, per going.
   */
  readonly files: Map<string, FileMemo>;
  /**
   * Each line object laid out once per goings (by the array goingsOf gives), then per column offset,
   * width, fled elements' return and second lines' gap (placeKey): a line-up's lines recur.
   */
  readonly sides: WeakMap<object, Map<readonly string[], Map<number | string, LaidSide<unknown>>>>;
}

interface FileMemo {
  readonly states: FileStates;
  /** Per state, per going: the template and its key, or null for an empty file. */
  readonly templates: readonly (readonly ({ readonly t: unknown; readonly key: string } | null)[])[];
}

/** Most distinct files remembered per variant (each a few templates). */
const FILE_MEMO = 4096;

/** The JSON of a file config, remembered per object (configs are plain data, never changed). */
const fileJson = new WeakMap<object, string>();
const jsonOfFile = (file: object): string => {
  let j = fileJson.get(file);
  if (j === undefined) {
    j = JSON.stringify(file);
    fileJson.set(file, j);
  }
  return j;
};

/** The key of a pair of shared template ids with the sides' flank ranges (1 or 2): exact in a double. */
const pairKey = (ga: number, gb: number, fa: number, fb: number): number =>
  ((ga * 0x1000000 + gb) * 2 + fa - 1) * 2 + fb - 1;

/** Most pairs of templates a variant keeps (each a few hundred bytes: memory stays bounded in long studies). */
const PAIR_MEMO = 40_000;

/** Most rare-signature table numbers a variant keeps (12 bytes each, at most half the slots used). */
const RARE_MEMO = 1_000_000;

/**
 * Most tables a variant keeps (about 80 bytes each for two d6): past it, the next config laid out starts a
 * fresh variant space (configs already laid out keep theirs), so a long study's memory stays bounded.
 */
const TABLE_MEMO = 2_000_000;

export interface Prepared {
  readonly config: LinesConfig;
  /** The goings the columns draw from (terrain), or the one going of no-terrain configs' slot 0. */
  readonly goings: readonly string[];
  /** Cumulative weights of `goings` (terrain draws); empty without terrain. */
  readonly goingCdf: Float64Array;
  /** May side A's template ta charge side B's tb (chargeA[ta * nb + tb]), and B's tb charge A's ta. */
  readonly chargeA: Uint8Array;
  readonly chargeB: Uint8Array;
  /**
   * The table of a distant shooting between two templates (TableStore number), with the other elements
   * aiding each side's shooting (0-2); undefined without approach rules.
   */
  readonly shot?: (
    ta: number,
    tb: number,
    owner: number,
    shooters: number,
    aidersA: number,
    aidersB: number,
  ) => number;
  /** Some template of either side can shoot (approach rules with a range): else shooting is skipped. */
  readonly shooters: boolean;
  /** May side A's template ta contact the flank of B's tb (flankA[ta * nb + tb]), and B's tb that of A's ta. */
  readonly flankA: Uint8Array;
  readonly flankB: Uint8Array;
  /** Flank contacts only on an enemy level with the flanker at the start of the bound (adapter.ts). */
  readonly flankFromLevel: boolean;
  /** Fled elements come back to the line (model option flight `return`, an adapter with a flight distance). */
  readonly fledReturn: boolean;
  /**
   * The pair of A's template ta facing B's tb, with each side's expected combat result (decide.ts
   * SideOutlook.value) in its valueA and valueB, worked out on first use.
   */
  readonly pairValue: (ta: number, tb: number) => PairTables;
  readonly width: number;
  readonly breakRule: BreakRule;
  /** Lines with commands: the system's command rule (then both lines have commands). */
  readonly commandRule?: CommandRule;
  /** Lines with commands: PIPs and the score, when the system has them. */
  readonly pips?: PipRule<unknown, unknown, unknown>;
  readonly score?: ScoreRule<unknown, unknown>;
  /** What the adapter's rules are asked under (the flattened config and the variant). */
  readonly ctx: AdapterContext<unknown, unknown>;
  /** With `pips`: per side, per local template, what its elements bring to a move's cost (PipRule.traits). */
  readonly pipTraits: readonly [Int32Array, Int32Array];
  /** With `pips`: the costs of moves already asked of the rule, by their key (fight.ts pipCost). */
  readonly pipCosts: Map<number, number>;
  /** Some rank of either side has a score bonus (RankConfig.scoreBonus). */
  readonly scoreBonus: boolean;
  /** Option flankAttacks is on (and the adapter supports it). */
  readonly flankAttacks: boolean;
  /** Number of equally likely entries of a combat table (the product of the dice's sides). */
  readonly space: number;
  readonly dice: readonly DieSpec[];
  readonly sides: readonly [PreparedSide, PreparedSide];
  /** The config's options, of one hidden class whatever made them (model.ts optionsShape). */
  readonly options: ModelOptions;
  /** The variant's tables (every table number below is one of its). */
  readonly tables: TableStore;
  /** The index space of this config's signatures (its flank ranges: signature.ts). */
  readonly signatures: SignatureSpace;
  /**
   * The tables of a local pair of templates (ta * nb + tb, ta of side A, tb of side B): shared by every
   * config of the variant, found on first use (pairOf); undefined until then.
   */
  readonly pairAt: (PairTables | undefined)[];
  readonly pairOf: (ta: number, tb: number) => PairTables;
  /** The number of the table of a signature index (signature.ts) of local templates, built on first use. */
  readonly entry: (ta: number, tb: number, index: number) => number;
  /** The table of a signature with score bonuses added after the dice (built each time: once a game). */
  readonly withBonus: (ta: number, tb: number, index: number, bonusA: number, bonusB: number) => number;
  /** Lines with commands are in play (shaken fronts). */
  readonly extended: boolean;
}

/**
 * Are flank contacts made (docs/engagement-model.md "Flank contacts")? Option flankContacts (or its old
 * name flankAttacks), else the adapter's default; never where the adapter's tables do not know them.
 */
export function flankContactsOn(config: LinesConfig, adapter: LineAdapter): boolean {
  if (adapter.flankAttacks !== true) return false;
  const o = config.options;
  return o.flankContacts ?? o.flankAttacks ?? adapter.flankContactsDefault ?? false;
}

/** Column of each side's file 0 (docs/engagement-model.md "Alignment"). */
export function offsets(config: LinesConfig): [number, number] {
  const na = config.a.files.length;
  const nb = config.b.files.length;
  if (config.options.alignment === 'left') return [0, 0];
  const extra = Math.abs(na - nb);
  const shift = Math.floor(extra / 2);
  return na >= nb ? [0, shift] : [shift, 0];
}

const spaces = new WeakMap<LineAdapter, Map<string, VariantSpace>>();

/** What a shooting's `shooters` number names (Prepared.shot). */
const SHOOTERS = ['a', 'b', 'both'] as const;

/** A config without terrain draws no going; one without PIPs pays for nothing (never written). */
const NO_CDF = new Float64Array(0);
const NO_COSTS = new Map<number, number>();

/** A spec's text, per spec object (a study's line-ups share their variant's spec; specs are never changed). */
const specKeys = new WeakMap<VariantSpec, string>();

function spaceOf<E, T, V>(adapter: LineAdapter<E, T, V>, spec: VariantSpec): VariantSpace {
  let bySpec = spaces.get(adapter as LineAdapter);
  if (!bySpec) {
    bySpec = new Map();
    spaces.set(adapter as LineAdapter, bySpec);
  }
  let key = specKeys.get(spec);
  if (key === undefined) specKeys.set(spec, (key = JSON.stringify(spec)));
  let s = bySpec.get(key);
  if (!s || s.tables.count > TABLE_MEMO) {
    s = {
      ctxVariant: adapter.resolveVariant(spec),
      templates: [],
      ids: new Map(),
      tables: new TableStore(adapter.dice.reduce((n, d) => n * d.sides, 1)),
      pairs: new Map(),
      rare: new NumberTable(RARE_MEMO),
      chunks: new Int32Chunks(),
      pairRules: new Map(),
      files: new Map(),
      sides: new WeakMap(),
    };
    bySpec.set(key, s);
  }
  return s;
}

/** The states of one file (its standing ranks, front first) and how outcomes move between them. */
interface FileStates {
  readonly seqs: number[][];
  readonly drop: number[][];
  readonly behind: number[][];
  readonly recoil: number[];
  readonly recoilLost: number[][];
  readonly flee: number[];
  readonly fleeLost: number[][];
  readonly fleeFled: number[][];
  /** Per state: the state of the fled ranks as a file of their own, -1 if none (fled: true only). */
  readonly fledGroup: number[];
}

/**
 * Every state a file can reach from all its ranks standing: losing front ranks (destroyed, spent, fled),
 * and the adapter's recoil (B&B push back) when it has one. A flight is the recoil, then the fleeing
 * base leaves with whoever flees with it (`flees`).
 */
function fileStates(
  depth: number,
  recoil: ((ranks: readonly number[]) => { ranks: readonly number[]; lost: readonly number[] }) | undefined,
  flees: (rank: number) => boolean,
  fledReturn: boolean,
): FileStates {
  const ids = new Map<string, number>();
  const f: FileStates = {
    seqs: [],
    drop: [],
    behind: [],
    recoil: [],
    recoilLost: [],
    flee: [],
    fleeLost: [],
    fleeFled: [],
    fledGroup: [],
  };
  const add = (seq: readonly number[]): number => {
    const key = seq.join(',');
    let id = ids.get(key);
    if (id === undefined) {
      id = f.seqs.length;
      ids.set(key, id);
      f.seqs.push([...seq]);
    }
    return id;
  };
  add(Array.from({ length: depth }, (_, i) => i));
  for (let st = 0; st < f.seqs.length; st++) {
    const seq = f.seqs[st]!;
    f.drop[st] = Array.from({ length: DROP }, (_, n) => add(seq.slice(n)));
    // DBA 3.0 Recoiling: a recoiling elephant destroys the ranks it meets and keeps its place.
    f.behind[st] = Array.from({ length: DROP }, (_, n) => add([...seq.slice(0, 1), ...seq.slice(1 + n)]));
    const r = recoil && seq.length > 0 ? recoil(seq) : { ranks: seq, lost: [] };
    f.recoil[st] = add(r.ranks);
    f.recoilLost[st] = [...r.lost];
    f.fleeLost[st] = [...r.lost];
    const front = seq[0];
    const at = front === undefined ? -1 : r.ranks.indexOf(front);
    if (at < 0) {
      // Nothing to flee: an empty file, or the recoil destroyed the fleeing base.
      f.flee[st] = f.recoil[st]!;
      f.fleeFled[st] = [];
      f.fledGroup[st] = -1;
      continue;
    }
    const next = r.ranks[at + 1];
    const fled = next !== undefined && flees(next) ? [front!, next] : [front!];
    f.flee[st] = add(r.ranks.filter((x) => !fled.includes(x)));
    f.fleeFled[st] = fled;
    // The fled ranks come back as one file of their own (model.ts ModelOptions.flight `return`).
    f.fledGroup[st] = fledReturn ? add(fled) : -1;
  }
  return f;
}

/** Every file of a line: the front line's, then each reserve line's in order. */
export function allFiles<E>(line: LineConfig<E>): readonly FileConfig<E>[] {
  const r = line.reserves;
  return r && r.length > 0 ? [...line.files, ...r.flat()] : line.files;
}

/** The config with each line's reserve files appended to its `files` (what the adapter is given). */
function flattened<E>(config: LinesConfig<E>): LinesConfig<E> {
  if (!config.a.reserves?.length && !config.b.reserves?.length) return config;
  return { ...config, a: flatLine(config.a), b: flatLine(config.b) };
}

/** A line with its reserves' files after its front's, made once per line object (lines are never changed). */
const flatLines = new WeakMap<LineConfig<unknown>, LineConfig<unknown>>();
function flatLine<E>(line: LineConfig<E>): LineConfig<E> {
  if (!line.reserves?.length) return line;
  let flat = flatLines.get(line) as LineConfig<E> | undefined;
  if (!flat) {
    flat = { ...line, files: allFiles(line) };
    flatLines.set(line, flat);
  }
  return flat;
}

/**
 * Where a side's arrays are made before onOneBuffer copies them to its own buffer (one-buffer.ts): begun by
 * prepareSide and placeSide, which never run inside each other (the adapter's calls lay nothing out).
 * flat32 and packedLists make theirs here too.
 */
const scratch = new Scratch();

function prepareSide<E, T, V>(
  ctx: AdapterContext<E, V>,
  adapter: LineAdapter<E, T, V>,
  space: VariantSpace,
  id: LineId,
  offset: number,
  width: number,
  goings: readonly string[],
  fledReturn: boolean,
): LaidSide<T> {
  scratch.begin();
  // ctx.config is flattened: the front files first, then the reserves (prepare: flattened).
  const line = ctx.config[id];
  const front = line.files.length - (line.reserves ?? []).reduce((t, l) => t + l.length, 0);
  const files = line.files;
  const F = files.length;
  const fileAt = scratch.i32(width).fill(-1);
  const fileBase = scratch.i32(F);
  const fileStart = scratch.i32(F);
  const fileColumn = scratch.i32(F);
  const fileLine = scratch.i32(F);
  const fileCommand = scratch.i32(F);
  const fileRanks = scratch.i32(F);
  const total = files.reduce((t, f) => t + f.ranks.length, 0);
  const ap = scratch.f64(total);
  const ee = scratch.f64(total);
  const firstBonus = scratch.f64(total);
  const scoreBonus = scratch.f64(total);
  const commandRule = line.commands ? adapter.commandRule : undefined;
  const measures = commandRule?.measures ?? 0;
  const losses = scratch.f64(total * measures);
  const commandAt = scratch.i32(width);
  const commandCount = line.commands?.files.length ?? 1;
  const commandOriginal = scratch.f64(commandCount);
  const commandOfFile: number[] = [];
  if (line.commands)
    line.commands.files.forEach((n, cmd) => {
      for (let i = 0; i < n; i++) commandOfFile.push(cmd);
    });
  // Reserve lines are centred behind the front line (docs/engagement-model.md "Second lines").
  let next = front;
  (line.reserves ?? []).forEach((l, k) => {
    const shift = Math.max(0, Math.floor((front - l.length) / 2));
    l.forEach((file, i) => {
      fileColumn[next] = offset + Math.min(front - 1, file.behind ?? shift + i);
      fileLine[next] = k + 1;
      next++;
    });
  });
  for (let i = 0; i < front; i++) {
    fileColumn[i] = offset + i;
    fileAt[offset + i] = i;
  }
  const ids = new Map<string, number>();
  const templates: T[] = [];
  const global: number[] = [];
  // States of every distinct file, concatenated: [seq, per-going template, transitions].
  const seqs: number[][] = [];
  const tmplOf: number[][] = [];
  const drop: number[][] = [];
  const behind: number[][] = [];
  const recoil: number[] = [];
  const recoilLost: number[][] = [];
  const flee: number[] = [];
  const fleeLost: number[][] = [];
  const fleeFled: number[][] = [];
  const fledGroup: number[] = [];
  let k = 0;
  let eeTotal = 0;
  const intern = (t: T, key: string): number => {
    let tid = ids.get(key);
    if (tid === undefined) {
      tid = templates.length;
      ids.set(key, tid);
      templates.push(t);
      let g = space.ids.get(key);
      if (g === undefined) {
        g = space.templates.length;
        space.ids.set(key, g);
        space.templates.push(t);
      }
      global.push(g);
    }
    return tid;
  };
  // Identical files (a line-up's are all alike) give identical states and templates: build each file's once.
  const lineExtra = JSON.stringify(line.extra ?? null);
  const byFile = new Map<string, number>();
  // The same file object is the same file: found without its (long) text key.
  const byObject = new Map<object, number>();
  files.forEach((file, i) => {
    const c = fileColumn[i]!;
    const cmd =
      i < front
        ? (commandOfFile[i] ?? 0)
        : (line.commands?.reserves?.[i - front] ?? commandOfFile[c - offset] ?? 0);
    if (i < front) commandAt[c] = cmd;
    fileCommand[i] = cmd;
    fileRanks[i] = file.ranks.length;
    fileBase[i] = k;
    let first = byObject.get(file);
    let fileKey = '';
    if (first === undefined) {
      fileKey = `${lineExtra}|${jsonOfFile(file)}`;
      first = byFile.get(fileKey);
    }
    if (first === undefined) {
      first = seqs.length;
      byFile.set(fileKey, first);
      // Templates depend only on the line's extra, the file's ranks and the going (adapter.ts), so a file
      // is worked out once per variant.
      const memoKey = `${fileKey}|${goings.join(',')}|${fledReturn ? 1 : 0}`;
      let memo = space.files.get(memoKey);
      if (!memo) {
        const fs = fileStates(
          file.ranks.length,
          adapter.recoil ? (ranks) => adapter.recoil!(ctx, id, i, ranks) : undefined,
          (rank) => adapter.fleesWithFront(ctx, id, i, rank),
          fledReturn,
        );
        const made = fs.seqs.map((seq) => {
          const contiguous =
            seq.every((r, j) => r === seq[0]! + j) && seq[seq.length - 1] === file.ranks.length - 1;
          return goings.map((going) => {
            if (seq.length === 0) return null;
            // Without templateOf, a file that lost ranks from behind its front keeps the template it
            // was dealt with (docs/rulings.md, DBA: a recoiling elephant's next recoil).
            const t =
              contiguous || !adapter.templateOf
                ? adapter.template(ctx, id, i, seq[0]!, going)
                : adapter.templateOf(ctx, id, i, seq, going);
            return { t, key: JSON.stringify(t) };
          });
        });
        memo = { states: fs, templates: made };
        remember(space.files, memoKey, memo, FILE_MEMO);
      }
      const fs = memo.states;
      fs.seqs.forEach((seq, st) => {
        tmplOf.push(memo.templates[st]!.map((x) => (x === null ? -1 : intern(x.t as T, x.key))));
        seqs.push(seq);
        drop.push(fs.drop[st]!.map((x) => x + first!));
        behind.push(fs.behind[st]!.map((x) => x + first!));
        recoil.push(fs.recoil[st]! + first!);
        recoilLost.push(fs.recoilLost[st]!);
        flee.push(fs.flee[st]! + first!);
        fleeLost.push(fs.fleeLost[st]!);
        fleeFled.push(fs.fleeFled[st]!);
        fledGroup.push(fs.fledGroup[st]! < 0 ? -1 : fs.fledGroup[st]! + first!);
      });
    }
    byObject.set(file, first);
    fileStart[i] = first;
    file.ranks.forEach((r) => {
      ap[k] = r.ap;
      ee[k] = r.ee;
      firstBonus[k] = r.firstLossBonus ?? 0;
      scoreBonus[k] = r.scoreBonus ?? 0;
      for (let m = 0; m < measures; m++) losses[k * measures + m] = r.losses?.[m] ?? (m === 0 ? r.ee : 0);
      commandOriginal[cmd]! += r.reference ?? r.ee;
      eeTotal += r.reference ?? r.ee;
      k++;
    });
  });
  const states = seqs.length;
  const stOff = scratch.i32(states + 1);
  seqs.forEach((q, st) => (stOff[st + 1] = stOff[st]! + q.length));
  const stRanks = flat32(seqs);
  const stTmpl = scratch.i32(goings.length * states);
  tmplOf.forEach((ts, st) => ts.forEach((t, gi) => (stTmpl[gi * states + st] = t)));
  const n = templates.length;
  const approach = adapter.approach;
  const move = scratch.f64(n);
  const range = scratch.f64(n * 4);
  const baseDepth = scratch.f64(n);
  const fleeMove = scratch.f64(n);
  const flankReach = scratch.u8(n);
  if (approach)
    templates.forEach((t, i) => {
      move[i] = approach.move(t);
      range[i * 4] = approach.range(t, { ownBound: true, moved: false });
      range[i * 4 + 1] = approach.range(t, { ownBound: true, moved: true });
      range[i * 4 + 2] = approach.range(t, { ownBound: false, moved: false });
      range[i * 4 + 3] = approach.range(t, { ownBound: false, moved: true });
      baseDepth[i] = approach.baseDepth?.(t) ?? 0;
      fleeMove[i] = approach.flee?.(t) ?? 0;
      flankReach[i] = approach.flankReach?.(t) === false ? 0 : 1;
    });
  else flankReach.fill(1);
  // Paces from a column's front edge to the next line's: the front file's depth and the gap, in base
  // depths of its front element (0 without geometry: a reserve then steps up in one bound).
  const reserveDist = scratch.f64(width);
  const gap = ctx.config.options.secondLineGap ?? 2;
  for (let c = 0; c < width; c++) {
    const f = fileAt[c]!;
    if (f < 0) continue;
    // The base depth of rank r: the template of the file standing from rank r on (going slot 0).
    const depthOf = (r: number) => {
      const st = drop[fileStart[f]!]![r]!;
      const t = stTmpl[st]!;
      return t < 0 ? 0 : baseDepth[t]!;
    };
    let paces = 0;
    for (let r = 0; r < fileRanks[f]!; r++) paces += depthOf(r);
    reserveDist[c] = paces + gap * depthOf(0);
  }
  const overlapOk = scratch.u8((n + 1) * n);
  for (let o = 0; o < n; o++)
    for (let f = 0; f < n; f++)
      overlapOk[(o + 1) * n + f] = adapter.overlapCounts(templates[o]!, templates[f]!) ? 1 : 0;
  const flankRange = adapter.flankRange(templates);
  const m = n + 1;
  const flank = scratch.i32(flankRange > 1 ? n * m * m : 0);
  if (flankRange > 1)
    for (let self = 0; self < n; self++)
      for (let l = -1; l < n; l++)
        for (let r = -1; r < n; r++)
          flank[(self * m + l + 1) * m + r + 1] = adapter.flankValue(
            templates,
            self,
            l < 0 ? undefined : l,
            r < 0 ? undefined : r,
          );
  return {
    // Its forty-odd arrays on one buffer: a worker keeps thousands of sides (one-buffer.ts).
    side: sideShape(
      onOneBuffer({
        fileAt,
        fileBase,
        fileStart,
        fileColumn,
        fileLine,
        fileCommand,
        fileRanks,
        reserveDist,
        total,
        states,
        stRanks,
        stOff,
        stTmpl,
        stDrop: flat32(drop),
        stBehind: flat32(behind),
        stRecoil: scratch.i32Of(recoil),
        recoilStays: recoilStaysOf(recoil, recoilLost),
        ...packedLists('recoilLost', recoilLost),
        stFlee: scratch.i32Of(flee),
        ...packedLists('fleeLost', fleeLost),
        ...packedLists('fleeFled', fleeFled),
        stFledGroup: scratch.i32Of(fledGroup),
        ap,
        ee,
        firstBonus,
        scoreBonus,
        losses,
        commandAt,
        commands: commandCount,
        commandOriginal,
        cInC: line.commands?.cInC ?? 0,
        generalRank: Int32Array.from({ length: commandCount }, (_, cmd) => {
          const g = line.commands?.generals?.[cmd];
          return g ? fileBase[g.file]! + g.rank : -1;
        }),
        generalFile: Int32Array.from({ length: commandCount }, (_, cmd) => {
          const g = line.commands?.generals?.[cmd];
          return g ? g.file : -1;
        }),
        commandPoints: Float64Array.from(
          { length: commandCount },
          (_, cmd) => line.commands?.points?.[cmd] ?? 0,
        ),
        templates: n,
        global: scratch.i32Of(global),
        overlapOk,
        flankRange,
        flank,
        eeTotal,
        files: F,
        move,
        range,
        baseDepth,
        flee: fleeMove,
        flankReach,
        shoots: anyAbove0(range),
        bonuses: anyAbove0(scoreBonus),
        deep: anyAbove0(baseDepth),
      }),
    ),
    templates,
  };
}

/**
 * Lists of numbers end to end in one array (what `Int32Array.from(lists.flat())` gives, without the copy),
 * made in the scratch buffer.
 */
function flat32(lists: readonly (readonly number[])[]): Int32Array {
  let n = 0;
  for (const l of lists) n += l.length;
  const out = scratch.i32(n);
  let at = 0;
  for (const l of lists) for (let i = 0; i < l.length; i++) out[at++] = l[i]!;
  return out;
}

/**
 * A side with every field of PreparedSide, in the interface's order, written out, so that every laid-out
 * side has one hidden class (V8's map) with all its fields inside the object. Made by spreading alone
 * (onOneBuffer's copy, placeSide), sides came in two classes, one keeping 48 of its 52 fields in a separate
 * store, and every read of a side's field in the kernel had to tell them apart (ARCHITECTURE.md "Worker
 * threads and the collector"; test/engine/lines/place-side.test.ts).
 */
function sideShape(s: PreparedSide): PreparedSide {
  // Typed so that a field added to PreparedSide and not written here does not compile (optional ones too).
  const side: Required<PreparedSide> = {
    fileAt: s.fileAt,
    fileBase: s.fileBase,
    fileStart: s.fileStart,
    fileColumn: s.fileColumn,
    fileLine: s.fileLine,
    fileCommand: s.fileCommand,
    fileRanks: s.fileRanks,
    reserveDist: s.reserveDist,
    total: s.total,
    states: s.states,
    stRanks: s.stRanks,
    stOff: s.stOff,
    stTmpl: s.stTmpl,
    stDrop: s.stDrop,
    stBehind: s.stBehind,
    stRecoil: s.stRecoil,
    recoilStays: s.recoilStays,
    recoilLost: s.recoilLost,
    recoilLostOff: s.recoilLostOff,
    stFlee: s.stFlee,
    fleeLost: s.fleeLost,
    fleeLostOff: s.fleeLostOff,
    fleeFled: s.fleeFled,
    fleeFledOff: s.fleeFledOff,
    stFledGroup: s.stFledGroup,
    ap: s.ap,
    ee: s.ee,
    firstBonus: s.firstBonus,
    scoreBonus: s.scoreBonus,
    losses: s.losses,
    commandAt: s.commandAt,
    commands: s.commands,
    commandOriginal: s.commandOriginal,
    cInC: s.cInC,
    generalRank: s.generalRank,
    generalFile: s.generalFile,
    commandPoints: s.commandPoints,
    templates: s.templates,
    global: s.global,
    overlapOk: s.overlapOk,
    flankRange: s.flankRange,
    flank: s.flank,
    eeTotal: s.eeTotal,
    files: s.files,
    move: s.move,
    range: s.range,
    baseDepth: s.baseDepth,
    flee: s.flee,
    flankReach: s.flankReach,
    shoots: s.shoots,
    bonuses: s.bonuses,
    deep: s.deep,
  };
  return side;
}

/** PreparedSide.recoilStays from each state's recoil and the ranks it destroys (made in the scratch buffer). */
function recoilStaysOf(recoil: readonly number[], lost: readonly (readonly number[])[]): Uint8Array {
  const stays = scratch.u8(recoil.length);
  for (let st = 0; st < recoil.length; st++) stays[st] = recoil[st] === st && lost[st]!.length === 0 ? 1 : 0;
  return stays;
}

/**
 * Lists of numbers (one per state) packed end to end: list i is at `name`[`name`Off[i] .. `name`Off[i + 1]).
 * Two typed arrays for all of a side's states, where an array per state would cost an object each (made in
 * the scratch buffer).
 */
function packedLists<K extends string>(
  name: K,
  lists: readonly (readonly number[])[],
): Record<K, Int32Array> & Record<`${K}Off`, Int32Array> {
  const off = scratch.i32(lists.length + 1);
  lists.forEach((l, i) => (off[i + 1] = off[i]! + l.length));
  return { [name]: flat32(lists), [`${name}Off`]: off } as Record<K, Int32Array> &
    Record<`${K}Off`, Int32Array>;
}

/**
 * prepareSide, remembered per line object: a side's layout depends only on its line, its column offset,
 * the width and the goings (its templates read only its own files: adapter.ts), and is never changed.
 * Only four of its arrays depend on where it stands (offset and width): the line is laid out once at
 * offset 0 in its own front's width, and placed (placeSide) wherever it meets an enemy.
 */
function sideOf<E, T, V>(
  ctx: AdapterContext<E, V>,
  adapter: LineAdapter<E, T, V>,
  space: VariantSpace,
  id: LineId,
  offset: number,
  width: number,
  goings: readonly string[],
  original: LineConfig<E>,
  fledReturn: boolean,
): LaidSide<T> {
  let byGoings = space.sides.get(original);
  if (!byGoings) {
    byGoings = new Map();
    space.sides.set(original, byGoings);
  }
  let byPlace = byGoings.get(goings);
  if (!byPlace) {
    byPlace = new Map();
    byGoings.set(goings, byPlace);
  }
  const gap = ctx.config.options.secondLineGap ?? 2;
  const key = placeKey(offset, width, fledReturn, gap);
  let made = byPlace.get(key) as LaidSide<T> | undefined;
  if (!made) {
    const front = original.files.length;
    const homeKey = placeKey(0, front, fledReturn, gap);
    let home = byPlace.get(homeKey) as LaidSide<T> | undefined;
    if (!home) {
      home = prepareSide(ctx, adapter, space, id, 0, front, goings, fledReturn);
      byPlace.set(homeKey, home);
    }
    made =
      offset === 0 && width === front
        ? home
        : { side: placeSide(home.side, offset, width), templates: home.templates };
    byPlace.set(key, made);
  }
  return made;
}

/** A side laid out, with its templates (sideOf). */
interface LaidSide<T> {
  readonly side: PreparedSide;
  readonly templates: T[];
}

/**
 * Where a laid-out line stands and how it was laid out, as one key (sideOf): a number where the parts
 * fit their bits (found faster than a text made for each call), else the same parts as text.
 */
function placeKey(offset: number, width: number, fledReturn: boolean, gap: number): number | string {
  return wholeBelow(offset, 1024) && wholeBelow(width, 1024) && wholeBelow(gap, 64)
    ? ((gap * 2 + (fledReturn ? 1 : 0)) * 1024 + offset) * 1024 + width
    : `${offset}|${width}|${fledReturn ? 1 : 0}|${gap}`;
}

/**
 * A side laid out at offset 0 in its front's width (`home`), standing from column `offset` in a battle
 * `width` columns wide: the same side, its column-indexed arrays moved. It shares every other array.
 */
export function placeSide(home: PreparedSide, offset: number, width: number): PreparedSide {
  const front = home.fileAt.length;
  if (offset < 0 || offset + front > width)
    throw new Error(`a side ${front} files wide does not stand from column ${offset} of ${width}`);
  scratch.begin();
  const fileAt = scratch.i32(width).fill(-1);
  fileAt.set(home.fileAt, offset);
  const commandAt = scratch.i32(width);
  commandAt.set(home.commandAt, offset);
  const reserveDist = scratch.f64(width);
  reserveDist.set(home.reserveDist, offset);
  const fileColumn = home.fileColumn.map((c) => c + offset);
  return sideShape({ ...home, ...onOneBuffer({ fileAt, commandAt, reserveDist, fileColumn }) });
}

/** Some number of `xs` is above 0 (as `xs.some((x) => x > 0)`, without a closure). */
function anyAbove0(xs: Float64Array): boolean {
  for (let i = 0; i < xs.length; i++) if (xs[i]! > 0) return true;
  return false;
}

type Terrain = NonNullable<Battlefield['terrain']>;

/**
 * A terrain's goings (those it weighs above 0, in order) and their cumulative weights, worked out once per
 * terrain object (configs are never changed).
 */
const terrains = new WeakMap<Terrain, { readonly goings: readonly string[]; readonly cdf: Float64Array }>();

function terrainOf(t: Terrain): { readonly goings: readonly string[]; readonly cdf: Float64Array } {
  let made = terrains.get(t);
  if (!made) {
    const goings = goingsNamed(
      Object.entries(t.weights)
        .filter(([, w]) => w > 0)
        .map(([g]) => g),
    );
    const cdf = new Float64Array(goings.length);
    const total = goings.reduce((sum, g) => sum + (t.weights[g] as number), 0);
    let acc = 0;
    goings.forEach((g, i) => {
      acc += (t.weights[g] as number) / total;
      cdf[i] = acc;
    });
    cdf[goings.length - 1] = 1;
    terrains.set(t, (made = { goings, cdf }));
  }
  return made;
}

/**
 * Lists of goings, one array per list (by its names in order): sideOf finds a line's layouts by the
 * array, and a terrain comes as a new object with every job that names it.
 */
const goingLists = new Map<string, readonly string[]>();
function goingsNamed(goings: readonly string[]): readonly string[] {
  const text = JSON.stringify(goings);
  let known = goingLists.get(text);
  if (!known) goingLists.set(text, (known = goings));
  return known;
}

/** A line's own going as a list of goings (goingsNamed's array), by its name: found without a text made. */
const ownGoings = new Map<string, readonly string[]>();

/**
 * The goings columns draw from: the terrain's (positive weights, in order), else the line's own; the
 * same array for the same goings (goingsNamed).
 */
function goingsOf(config: LinesConfig, id: LineId): readonly string[] {
  const t = config.battlefield?.terrain;
  if (t) return terrainOf(t).goings;
  const going = config[id].going;
  let own = ownGoings.get(going);
  if (!own) ownGoings.set(going, (own = goingsNamed([going])));
  return own;
}

/** The config laid out with its system's adapter. */
function prepare<E, T, V>(config: LinesConfig<E>, adapter: LineAdapter<E, T, V>): Prepared {
  const space = spaceOf(adapter, config.variant);
  // The adapter sees every file of a line, its reserves after its front files (allFiles).
  const ctx: AdapterContext<E, V> = { config: flattened(config), variant: space.ctxVariant as V };
  const [oa, ob] = offsets(config as LinesConfig);
  const width = Math.max(oa + config.a.files.length, ob + config.b.files.length);
  const fledReturn = (config.options.flight ?? 'return') === 'return' && adapter.approach?.flee !== undefined;
  const goings = goingsOf(config as LinesConfig, 'a');
  const pa = sideOf(ctx, adapter, space, 'a', oa, width, goings, config.a, fledReturn);
  const pb = sideOf(
    ctx,
    adapter,
    space,
    'b',
    ob,
    width,
    goingsOf(config as LinesConfig, 'b'),
    config.b,
    fledReturn,
  );
  const terrain = config.battlefield?.terrain;
  const goingCdf = terrain ? terrainOf(terrain).cdf : NO_CDF;
  const nb = pb.templates.length;
  const approach = adapter.approach;
  // What each pair of the two lines' templates allows: charges and flank contacts, either way. Without
  // approach rules nobody charges; without a flank rule every flank may be contacted.
  const [chargeA, chargeB, flankA, flankB] = pairRules(space, adapter, pa, pb);
  const templates = { a: pa.templates, b: pb.templates };
  const sides = [pa.side, pb.side] as const;
  const tableSpace = adapter.dice.reduce((n, d) => n * d.sides, 1);
  if (tableSpace > 1 << 16)
    throw new Error(`a combat of ${tableSpace} dice combinations is too large to pack`);
  const commandRule = config.a.commands && config.b.commands ? adapter.commandRule : undefined;
  if ((config.a.commands || config.b.commands) && !commandRule)
    throw new Error('lines with commands need both lines divided and a system with a command rule');
  const flankAttacks = flankContactsOn(config as LinesConfig, adapter as LineAdapter);
  const extended = commandRule !== undefined;
  const store = space.tables;
  const signatures = signatureSpace(sides[0].flankRange, sides[1].flankRange);
  if (signatures.size > PAIR_SIGNATURES)
    throw new Error(`a combat signature space of ${signatures.size} is too large (flank ranges)`);
  // Flank values that name a friend (DBA: a template of this config) are this config's own: its pairs'
  // tables are kept with it, not shared through the variant's global template ids.
  const friendKeyed = sides[0].flankRange > 2 || sides[1].flankRange > 2;
  const ownPairs = friendKeyed ? new Map<number, PairTables>() : undefined;
  // Every pair's slot made at once, so the array keeps its elements flat: filled as pairs were met, a big
  // line-up's first pair far along it (an army's ta * nb + tb, past a thousand) turned it into a hash
  // table (V8's dictionary elements), searched at every combat: 5 to 9% of an army study's line-ups.
  const pairAt = new Array<PairTables | undefined>(pa.templates.length * nb).fill(undefined);
  const pairOf = (ta: number, tb: number): PairTables => {
    const local = ta * nb + tb;
    let pair = pairAt[local];
    if (pair) return pair;
    if (friendKeyed) {
      pair = ownPairs!.get(local);
      if (!pair) {
        pair = pairTables(signatures.plain, space.chunks);
        ownPairs!.set(local, pair);
      }
    } else {
      const key = pairKey(
        sides[0].global[ta]!,
        sides[1].global[tb]!,
        sides[0].flankRange,
        sides[1].flankRange,
      );
      pair = space.pairs.get(key);
      if (!pair) {
        pair = pairTables(signatures.plain, space.chunks);
        remember(space.pairs, key, pair, PAIR_MEMO);
      }
    }
    pairAt[local] = pair;
    return pair;
  };
  /** Resolve every roll of a signature through the adapter and store its table. */
  const build = (ta: number, tb: number, index: number, bonusA = 0, bonusB = 0): number => {
    const v = signatureOf(signatures, index);
    const table = adapter.table(
      ctx,
      {
        a: pa.templates[ta]!,
        b: pb.templates[tb]!,
        bound: v.owner === 0 ? 'a' : 'b',
        overlapsA: v.overlapsA,
        overlapsB: v.overlapsB,
        movedA: v.movedA === 1,
        movedB: v.movedB === 1,
        flankA: v.flankA,
        flankB: v.flankB,
        flankContactsA: v.flankContactsA,
        flankContactsB: v.flankContactsB,
        shakenA: v.shakenA === 1,
        shakenB: v.shakenB === 1,
        bonusA,
        bonusB,
      },
      templates,
    );
    return store.add(table, v.owner);
  };
  const entry = (ta: number, tb: number, index: number): number => {
    const pair = pairAt[ta * nb + tb] ?? pairOf(ta, tb);
    if (index < signatures.plain) {
      let id = pair.t[index]!;
      if (id < 0) pair.t[index] = id = build(ta, tb, index);
      return id;
    }
    // A rare signature's table number, kept per variant (forgotten past RARE_MEMO: building it again
    // finds the same table in the store, so the number is the same).
    const key = pair.serial * PAIR_SIGNATURES + index;
    let id = space.rare.get(key);
    if (id < 0) space.rare.set(key, (id = build(ta, tb, index)));
    return id;
  };
  const shot = approach
    ? (ta: number, tb: number, owner: number, shooters: number, aidersA: number, aidersB: number): number => {
        const pair = pairAt[ta * nb + tb] ?? pairOf(ta, tb);
        const index = shotIndex(owner, shooters, aidersA, aidersB);
        const shots = (pair.s ??= space.chunks.take(SHOT_SIGNATURES));
        let id = shots[index]!;
        if (id < 0) {
          const table = approach.shoot(ctx, {
            a: pa.templates[ta]!,
            b: pb.templates[tb]!,
            bound: owner === 0 ? 'a' : 'b',
            shooters: SHOOTERS[shooters]!,
            aidersA,
            aidersB,
          });
          shots[index] = id = store.add(table, owner);
        }
        return id;
      }
    : undefined;
  /**
   * What side s expects from the enemy's shooting while it closes (decide.ts SideOutlook.value): the
   * shootings it takes from the enemy's range to contact (the enemy shoots in both bounds: about two for
   * each of its own moves), each worth the severity of the flights and losses it deals less those it takes
   * (a recoil at a distance moves nothing), s shooting back where its range reaches.
   */
  const approachShooting = (s: 0 | 1, ta: number, tb: number): number => {
    const me = s === 0 ? pa.side : pb.side;
    const them = s === 0 ? pb.side : pa.side;
    const mine = s === 0 ? ta : tb;
    const theirs = s === 0 ? tb : ta;
    const reach = them.range[theirs * 4 + 2]!;
    const move = me.move[mine]!;
    if (!(reach > 0) || !(move > 0)) return 0;
    const back = me.range[mine * 4 + 3]! >= reach;
    const shooter = (1 - s) as 0 | 1;
    const table = store.table(shot!(ta, tb, shooter, back ? 2 : shooter, 0, 0));
    let w = 0;
    for (let i = 0; i < table.length; i++) w += worthTo(withoutRecoils(table[i]!), s);
    return (2 * Math.ceil(reach / move) - 1) * (w / table.length);
  };
  const pips = commandRule ? adapter.pips : undefined;
  if (pips && Math.max(pa.side.commands, pb.side.commands) > 1024)
    throw new Error('PIPs are kept for at most 1,024 commands a line (fight.ts pipCost)');
  const pipTraitsOf = (ts: readonly T[]) =>
    // Without PIPs, no traits: the same zeros for every config of the line.
    pips === undefined
      ? noTraits(ts)
      : Int32Array.from(ts, (t) => {
          const bits = pips.traits(ctx, t);
          // fight.ts pipCost keys hold traits below 2^20.
          if (!(bits >= 0 && bits < 2 ** 20 && Number.isInteger(bits)))
            throw new Error(`a PIP rule's traits must be whole numbers below 2^20, not ${bits}`);
          return bits;
        });
  // The close combat of a pair, each bound's owner having moved into contact, no overlaps.
  const [chargeSignatureA, chargeSignatureB] = signatures.charge;
  return {
    config: config as LinesConfig,
    options: optionsShape(config.options),
    goings,
    goingCdf,
    chargeA,
    chargeB,
    flankA,
    flankB,
    shooters: pa.side.shoots || pb.side.shoots,
    flankFromLevel: adapter.approach?.flankFromLevel === true,
    fledReturn,
    pairValue: (ta, tb) => {
      // The pair's tables and its templates' moves and ranges are the same in every config that meets it
      // (whether there is shooting is the adapter's): its value is worked out once.
      const pair = pairAt[ta * nb + tb] ?? pairOf(ta, tb);
      if (Number.isNaN(pair.valueA)) {
        const own = store.table(entry(ta, tb, chargeSignatureA)).slice();
        const theirs = store.table(entry(ta, tb, chargeSignatureB));
        let a = 0;
        let b = 0;
        for (let i = 0; i < own.length; i++) {
          a += worthTo(own[i]!, 0) + worthTo(theirs[i]!, 0);
          b += worthTo(own[i]!, 1) + worthTo(theirs[i]!, 1);
        }
        pair.valueA = a / (2 * own.length) + (shot ? approachShooting(0, ta, tb) : 0);
        pair.valueB = b / (2 * own.length) + (shot ? approachShooting(1, ta, tb) : 0);
      }
      return pair;
    },
    // Every field present in every config, undefined where it has none (shooting, commands, PIPs, a
    // score): a balance line-up's and an army battle's layouts are then of one hidden class, so the
    // kernel's reads of them, met by both in a thread, need not tell classes apart (sideShape).
    shot,
    width,
    sides,
    breakRule: adapter.breakRule,
    commandRule,
    pips: commandRule && adapter.pips ? (adapter.pips as PipRule<unknown, unknown, unknown>) : undefined,
    // A score only where both lines say what their commands are worth (CommandsConfig.points).
    score:
      commandRule && adapter.score && config.a.commands?.points && config.b.commands?.points
        ? (adapter.score as ScoreRule<unknown, unknown>)
        : undefined,
    ctx: ctx as AdapterContext<unknown, unknown>,
    pipTraits: [pipTraitsOf(pa.templates), pipTraitsOf(pb.templates)],
    // Only moves paid with PIPs have costs.
    pipCosts: pips ? new Map() : NO_COSTS,
    scoreBonus: pa.side.bonuses || pb.side.bonuses,
    flankAttacks,
    extended,
    space: tableSpace,
    dice: adapter.dice,
    tables: store,
    signatures,
    pairAt,
    pairOf,
    entry,
    withBonus: (ta, tb, index, bonusA, bonusB) => build(ta, tb, index, bonusA, bonusB),
  };
}

/** Bits of what two templates allow each other (pairRules). */
const A_CHARGES = 1;
const B_CHARGES = 2;
const A_FLANKS = 4;
const B_FLANKS = 8;

/**
 * Per pair of A's template i and B's j (at i * nb + j): may A's charge B's, B's charge A's (approach
 * rules' mayCharge: none without approach rules), A's contact B's flank and B's A's (mayContactFlank:
 * every flank without a flank rule)? Asked of the adapter once per pair of the variant's templates
 * (VariantSpace.pairRules): a balance study lays out thousands of line-ups whose templates recur.
 */
function pairRules<E, T, V>(
  space: VariantSpace,
  adapter: LineAdapter<E, T, V>,
  pa: LaidSide<T>,
  pb: LaidSide<T>,
): [Uint8Array, Uint8Array, Uint8Array, Uint8Array] {
  const na = pa.templates.length;
  const nb = pb.templates.length;
  const chargeA = new Uint8Array(na * nb);
  const chargeB = new Uint8Array(na * nb);
  const flankA = new Uint8Array(na * nb);
  const flankB = new Uint8Array(na * nb);
  const approach = adapter.approach;
  for (let i = 0; i < na; i++)
    for (let j = 0; j < nb; j++) {
      // Shared template ids are below 2^24 (pairKey): the key is exact.
      const key = pa.side.global[i]! * 0x1000000 + pb.side.global[j]!;
      let bits = space.pairRules.get(key);
      if (bits === undefined) {
        const x = pa.templates[i]!;
        const y = pb.templates[j]!;
        const flank = approach?.mayContactFlank;
        bits =
          (approach?.mayCharge(x, y) ? A_CHARGES : 0) |
          (approach?.mayCharge(y, x) ? B_CHARGES : 0) |
          (!flank || flank.call(approach, x, y) ? A_FLANKS : 0) |
          (!flank || flank.call(approach, y, x) ? B_FLANKS : 0);
        remember(space.pairRules, key, bits, PAIR_RULES_MEMO);
      }
      const at = i * nb + j;
      chargeA[at] = bits & A_CHARGES ? 1 : 0;
      chargeB[at] = bits & B_CHARGES ? 1 : 0;
      flankA[at] = bits & A_FLANKS ? 1 : 0;
      flankB[at] = bits & B_FLANKS ? 1 : 0;
    }
  return [chargeA, chargeB, flankA, flankB];
}

/** Most pairs of templates whose rules a variant keeps (pairRules; a number each). */
const PAIR_RULES_MEMO = 200_000;

/** A line's PIP traits without PIPs: zeros, one per template, per template list. */
const zeroTraits = new WeakMap<object, Int32Array>();

function noTraits(ts: readonly unknown[]): Int32Array {
  let z = zeroTraits.get(ts);
  if (!z) zeroTraits.set(ts, (z = new Int32Array(ts.length)));
  return z;
}

const byObject = new WeakMap<object, Prepared>();
const byText = new Map<string, Prepared>();
/**
 * Configs remembered by their text. The copies of one config reach a thread shard after shard (a job's
 * shards come together: pipeline/lanes.ts), so a few suffice. More kept what the next stage never asks
 * for: an army battle's layout is about 150 KB and its text 16 KB, and 256 of them stayed in each worker
 * through the whole balance stage of the bundled study (about 45 MB a worker).
 */
const TEXT_MEMO = 16;

/**
 * The prepared layout of a config, memoised on the object and (`byText`, for the copies of one config a
 * worker thread receives shard after shard) on its text. A config made in the thread for one use (a
 * balance study's line-up: `remembered` false) is laid out and not remembered at all: kept in a WeakMap,
 * every layout outlived the young generation's passes (ARCHITECTURE.md "Worker threads and the
 * collector").
 */
export function prepared<E, T, V>(
  config: LinesConfig<E>,
  adapter: LineAdapter<E, T, V>,
  remembered = true,
): Prepared {
  if (!remembered) return prepare(config, adapter);
  let p = byObject.get(config);
  if (p) return p;
  const text = JSON.stringify(config);
  p = byText.get(text);
  if (!p) {
    p = prepare(config, adapter);
    remember(byText, text, p, TEXT_MEMO);
  }
  byObject.set(config, p);
  return p;
}
