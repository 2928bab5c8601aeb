/**
 * An engagement config laid out for the hot loop: columns, per-rank data in flat typed arrays, interned
 * side templates and the cache of resolution tables. Built once per config (memoised on the object).
 */
import { BNB_RULES_ID, DBA_RULES_ID, type EngagementConfig } from './model.ts';
import { bnbSystem } from '../systems/bnb/engagement.ts';
import { dbaSystem } from '../systems/dba/engagement.ts';
import { dbmSystem } from '../systems/dbm/engagement.ts';
import type { BreakRule, EngagementSystem } from './system-adapter.ts';
import { OUTCOME_MASK, SIDE_BITS } from './situations.ts';

export interface PreparedSide {
  /** Per column: the file index there, or -1. */
  readonly fileAt: Int32Array;
  /** Per column: number of ranks of its file (0 where none). */
  readonly depth: Int32Array;
  /** Per column: offset of its file's ranks in the flat per-rank arrays. */
  readonly base: Int32Array;
  /** Per rank (flat): interned template id of the file with this rank in front. */
  readonly tmpl: Int32Array;
  readonly ap: Float64Array;
  readonly ee: Float64Array;
  /** Per rank (flat): counted once, to the first such rank a side loses (DBA: first double element). */
  readonly firstBonus: Float64Array;
  /** Per rank (flat): flees with a fleeing element in front of it (DBM: a skirmisher). */
  readonly skirmisher: Uint8Array;
  /** Number of interned side templates. */
  readonly templates: number;
  /** ok[overlapper * n + friend]: the overlapper's front element may count as an overlap for the friend. */
  readonly overlapOk: Uint8Array;
  /** Distinct flank values (1: none, and the kernel skips the neighbours). */
  readonly flankRange: number;
  /** flank[(self * (n+1) + left+1) * (n+1) + right+1]: the flank value (-1 = no in-line neighbour). */
  readonly flank: Int32Array;
  /** The side's original total for the break rule (DBM element equivalents, B&B reference level). */
  readonly eeTotal: number;
  readonly files: number;
}

export interface Prepared {
  readonly config: EngagementConfig;
  readonly width: number;
  readonly breakRule: BreakRule;
  /** The 36 packed results of a combat signature, from the rule system. */
  readonly resolve: (
    ta: number,
    tb: number,
    owner: number,
    ovA: number,
    ovB: number,
    movedA: number,
    movedB: number,
    flankA: number,
    flankB: number,
  ) => Uint16Array;
  readonly sides: readonly [PreparedSide, PreparedSide];
  /** Entries by signature key: a dense array when the key space is small, else a map. */
  readonly cache: Map<number, CombatEntry>;
  readonly dense: (CombatEntry | undefined)[] | null;
}

/** One combat signature: its 36 packed resolutions and how much the bound's owner expects to gain. */
export interface CombatEntry {
  readonly table: Uint16Array;
  /** P(the owner's opponent suffers an outcome) - P(the owner does): the owner's order of preference. */
  readonly ownerEdge: number;
}

/** Column of each side's file 0 (docs/engagement-model.md "Alignment"). */
export function offsets(config: EngagementConfig): [number, number] {
  const na = config.a.files.length;
  const nb = config.b.files.length;
  if (config.options.alignment === 'left') return [0, 0];
  const extra = Math.abs(na - nb);
  const shift = Math.floor(extra / 2);
  return na >= nb ? [0, shift] : [shift, 0];
}

function prepareSide<C extends EngagementConfig, T>(
  config: C,
  system: EngagementSystem<C, T>,
  id: 'a' | 'b',
  offset: number,
  width: number,
): { side: PreparedSide; templates: T[] } {
  const line = config[id];
  const fileAt = new Int32Array(width).fill(-1);
  const depth = new Int32Array(width);
  const base = new Int32Array(width);
  const total = line.files.reduce((t, f) => t + f.ranks.length, 0);
  const tmpl = new Int32Array(total);
  const ap = new Float64Array(total);
  const ee = new Float64Array(total);
  const firstBonus = new Float64Array(total);
  const skirmisher = new Uint8Array(total);
  const ids = new Map<string, number>();
  const templates: T[] = [];
  let k = 0;
  let eeTotal = 0;
  line.files.forEach((file, i) => {
    const c = offset + i;
    fileAt[c] = i;
    depth[c] = file.ranks.length;
    base[c] = k;
    file.ranks.forEach((r, head) => {
      const t = system.template(config, id, i, head);
      const key = JSON.stringify(t);
      let tid = ids.get(key);
      if (tid === undefined) {
        tid = templates.length;
        ids.set(key, tid);
        templates.push(t);
      }
      tmpl[k] = tid;
      ap[k] = r.ap;
      ee[k] = r.ee;
      firstBonus[k] = r.firstLossBonus ?? 0;
      skirmisher[k] = system.fleesWithFront(config, id, i, head) ? 1 : 0;
      eeTotal += r.reference ?? r.ee;
      k++;
    });
  });
  const n = templates.length;
  const overlapOk = new Uint8Array(n * n);
  for (let o = 0; o < n; o++)
    for (let f = 0; f < n; f++)
      overlapOk[o * n + f] = system.overlapCounts(templates[o]!, templates[f]!) ? 1 : 0;
  const flankRange = system.flankRange(templates);
  const m = n + 1;
  const flank = new Int32Array(flankRange > 1 ? n * m * m : 0);
  if (flankRange > 1)
    for (let self = 0; self < n; self++)
      for (let l = -1; l < n; l++)
        for (let r = -1; r < n; r++)
          flank[(self * m + l + 1) * m + r + 1] = system.flankValue(
            templates,
            self,
            l < 0 ? undefined : l,
            r < 0 ? undefined : r,
          );
  return {
    side: {
      fileAt,
      depth,
      base,
      tmpl,
      ap,
      ee,
      firstBonus,
      skirmisher,
      templates: n,
      overlapOk,
      flankRange,
      flank,
      eeTotal,
      files: line.files.length,
    },
    templates,
  };
}

const DENSE_LIMIT = 1 << 18;

function prepareWith<C extends EngagementConfig, T>(config: C, system: EngagementSystem<C, T>): Prepared {
  const [oa, ob] = offsets(config);
  const width = Math.max(oa + config.a.files.length, ob + config.b.files.length);
  const pa = prepareSide(config, system, 'a', oa, width);
  const pb = prepareSide(config, system, 'b', ob, width);
  const templates = { a: pa.templates, b: pb.templates };
  const sides = [pa.side, pb.side] as const;
  const keys = sides[0].templates * sides[1].templates * 72 * sides[0].flankRange * sides[1].flankRange;
  return {
    config,
    width,
    sides,
    breakRule: system.breakRule,
    resolve: (ta, tb, owner, ovA, ovB, movedA, movedB, flankA, flankB) =>
      system.table(
        config,
        {
          a: pa.templates[ta]!,
          b: pb.templates[tb]!,
          bound: owner === 0 ? 'a' : 'b',
          overlapsA: ovA,
          overlapsB: ovB,
          movedA: movedA === 1,
          movedB: movedB === 1,
          flankA,
          flankB,
        },
        templates,
      ),
    cache: new Map(),
    dense: keys <= DENSE_LIMIT ? new Array<CombatEntry | undefined>(keys).fill(undefined) : null,
  };
}

/** The config laid out for its rule system (src/systems/<id>/engagement.ts). */
export function prepare(config: EngagementConfig): Prepared {
  if (config.rules === DBA_RULES_ID) return prepareWith(config, dbaSystem);
  if (config.rules === BNB_RULES_ID) return prepareWith(config, bnbSystem);
  return prepareWith(config, dbmSystem);
}

const memo = new WeakMap<EngagementConfig, Prepared>();
export function prepared(config: EngagementConfig): Prepared {
  let p = memo.get(config);
  if (!p) {
    p = prepare(config);
    memo.set(config, p);
  }
  return p;
}

/** The entry (36 packed resolutions and the owner's edge) of one combat signature, built on first use. */
export function tableFor(
  p: Prepared,
  ta: number,
  tb: number,
  owner: number,
  ovA: number,
  ovB: number,
  movedA: number,
  movedB: number,
  flankA = 0,
  flankB = 0,
): CombatEntry {
  const nb = p.sides[1].templates;
  const fb = p.sides[1].flankRange;
  const dbmKey = (((ta * nb + tb) * 2 + owner) * 9 + ovA * 3 + ovB) * 4 + movedA * 2 + movedB;
  const key = (dbmKey * p.sides[0].flankRange + flankA) * fb + flankB;
  let e = p.dense ? p.dense[key] : p.cache.get(key);
  if (!e) {
    const table = p.resolve(ta, tb, owner, ovA, ovB, movedA, movedB, flankA, flankB);
    let edge = 0;
    for (let i = 0; i < 36; i++) {
      const own = (table[i]! >> (owner === 0 ? 0 : SIDE_BITS)) & OUTCOME_MASK;
      const theirs = (table[i]! >> (owner === 0 ? SIDE_BITS : 0)) & OUTCOME_MASK;
      edge += (theirs !== 0 ? 1 : 0) - (own !== 0 ? 1 : 0);
    }
    e = { table, ownerEdge: edge / 36 };
    if (p.dense) p.dense[key] = e;
    p.cache.set(key, e);
  }
  return e;
}
