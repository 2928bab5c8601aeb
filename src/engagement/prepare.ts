/**
 * An engagement config laid out for the hot loop: columns, per-rank data in flat typed arrays, interned
 * side templates and the cache of resolution tables. Built once per config (memoised on the object).
 */
import { countsAsOverlapFor, fleesWithFront } from './equivalents.ts';
import { versionOf, type EngagementConfig, type LineConfig } from './model.ts';
import type { DbmVersion } from '../rules/dbm/versions.ts';
import { resolutionTable, situationOf, templateOf, type SideTemplate } from './situations.ts';

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
  /** Per rank (flat): a skirmisher, who flees with a fleeing element in front of it. */
  readonly skirmisher: Uint8Array;
  readonly templates: readonly SideTemplate[];
  /** ok[overlapper * n + friend]: the overlapper's front element may count as an overlap for the friend. */
  readonly overlapOk: Uint8Array;
  readonly eeTotal: number;
  readonly files: number;
}

export interface Prepared {
  readonly config: EngagementConfig;
  readonly version: DbmVersion;
  readonly width: number;
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

function prepareSide(
  config: EngagementConfig,
  line: LineConfig,
  offset: number,
  width: number,
): PreparedSide {
  const fileAt = new Int32Array(width).fill(-1);
  const depth = new Int32Array(width);
  const base = new Int32Array(width);
  const total = line.files.reduce((t, f) => t + f.ranks.length, 0);
  const tmpl = new Int32Array(total);
  const ap = new Float64Array(total);
  const ee = new Float64Array(total);
  const skirmisher = new Uint8Array(total);
  const ids = new Map<string, number>();
  const templates: SideTemplate[] = [];
  let k = 0;
  let eeTotal = 0;
  line.files.forEach((file, i) => {
    const c = offset + i;
    fileAt[c] = i;
    depth[c] = file.ranks.length;
    base[c] = k;
    file.ranks.forEach((r, head) => {
      const t = templateOf(line, file, head);
      const key = JSON.stringify(t);
      let id = ids.get(key);
      if (id === undefined) {
        id = templates.length;
        ids.set(key, id);
        templates.push(t);
      }
      tmpl[k] = id;
      ap[k] = r.ap;
      ee[k] = r.ee;
      skirmisher[k] = fleesWithFront(r.element) ? 1 : 0;
      eeTotal += r.ee;
      k++;
    });
  });
  const n = templates.length;
  const overlapOk = new Uint8Array(n * n);
  for (let o = 0; o < n; o++)
    for (let f = 0; f < n; f++)
      overlapOk[o * n + f] = countsAsOverlapFor(templates[o]!.element, templates[f]!.element) ? 1 : 0;
  return {
    fileAt,
    depth,
    base,
    tmpl,
    ap,
    ee,
    skirmisher,
    templates,
    overlapOk,
    eeTotal,
    files: line.files.length,
  };
}

const DENSE_LIMIT = 1 << 18;

export function prepare(config: EngagementConfig): Prepared {
  const [oa, ob] = offsets(config);
  const width = Math.max(oa + config.a.files.length, ob + config.b.files.length);
  const sides = [prepareSide(config, config.a, oa, width), prepareSide(config, config.b, ob, width)] as const;
  const keys = sides[0].templates.length * sides[1].templates.length * 72;
  return {
    config,
    version: versionOf(config),
    width,
    sides,
    cache: new Map(),
    dense: keys <= DENSE_LIMIT ? new Array<CombatEntry | undefined>(keys).fill(undefined) : null,
  };
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
): CombatEntry {
  const nb = p.sides[1].templates.length;
  const key = (((ta * nb + tb) * 2 + owner) * 9 + ovA * 3 + ovB) * 4 + movedA * 2 + movedB;
  let e = p.dense ? p.dense[key] : p.cache.get(key);
  if (!e) {
    const table = resolutionTable(
      situationOf(p.config.rules, {
        a: p.sides[0].templates[ta]!,
        b: p.sides[1].templates[tb]!,
        bound: owner === 0 ? 'a' : 'b',
        overlapsA: ovA,
        overlapsB: ovB,
        movedA: movedA === 1,
        movedB: movedB === 1,
      }),
      p.version,
    );
    let edge = 0;
    for (let i = 0; i < 36; i++) {
      const own = (table[i]! >> (owner === 0 ? 0 : 6)) & 3;
      const theirs = (table[i]! >> (owner === 0 ? 6 : 0)) & 3;
      edge += (theirs !== 0 ? 1 : 0) - (own !== 0 ? 1 : 0);
    }
    e = { table, ownerEdge: edge / 36 };
    if (p.dense) p.dense[key] = e;
    p.cache.set(key, e);
  }
  return e;
}
