/**
 * The CRT roll of a shock (GBA 5e 9.15-9.17 and 9.18[1] marking): column with Size shift, Charisma DRM,
 * modified hits, their sharing (10.13) and breakthrough.
 */
import { crtCell } from './charts.ts';
import { applyHitModifiers, breakthrough, distributeHits } from './hits.ts';
import { charismaDrm } from './leaders.ts';
import { settleRouts } from './shock-collapse.ts';
import {
  Phase,
  make,
  ROUTED,
  SHOCK_EVENT,
  unit,
  type ColumnInfo,
  type CompiledShock,
  type CrtStage,
  type HitsInfo,
  type ShockState,
} from './shock-state.ts';
import { countedSize, sizeRatio } from './size.ts';

/** 9.15 + 9.16 step 2: the column for the units still standing after the pre-shock step. */
function columnFor(c: CompiledShock, st: readonly number[]): ColumnInfo {
  let mask = 0;
  for (let j = 0; j < st.length; j++) if (st[j] !== ROUTED) mask |= 1 << j;
  const hit = c.columnMemo.get(mask);
  if (hit) return hit;
  const standing = c.units.filter((_, j) => st[j] !== ROUTED);
  const types = standing.map((u) => u.type);
  const sizeA = countedSize(
    c.units.filter((_, j) => j < c.na && st[j] !== ROUTED),
    types,
  );
  const sizeD = countedSize(
    c.units.filter((_, j) => j >= c.na && st[j] !== ROUTED),
    types,
  );
  const ratio = sizeRatio(sizeA, sizeD, c.attackerMoved);
  const size = ratio[0] - ratio[1];
  const info: ColumnInfo = {
    sizes: [sizeA, sizeD],
    ratio,
    column: { base: c.base, size, terrain: c.s.terrainShift, final: c.base + size + c.s.terrainShift },
  };
  c.columnMemo.set(mask, info);
  return info;
}

/** 9.16 steps 3-4 and 10.13: the CRT cell, its modified hits and each standing unit's share. */
function hitsFor(c: CompiledShock, st: readonly number[], column: number, modifiedDr: number): HitsInfo {
  let mask = 0;
  for (let j = 0; j < st.length; j++) if (st[j] !== ROUTED) mask |= 1 << j;
  const key = (mask * 16 + Math.min(13, Math.max(1, column))) * 10 + modifiedDr;
  const hit = c.hitsMemo.get(key);
  if (hit) return hit;
  const cell = crtCell(c.charts, column, modifiedDr);
  const mod = applyHitModifiers(cell, c.sup.superiority, unit(c, 0), unit(c, c.na));
  const shareA = distributeHits(
    mod.attacker,
    c.ia.map((j) => st[j] !== ROUTED),
  );
  const shareD = distributeHits(
    mod.defender,
    c.ib.map((j) => st[j] !== ROUTED),
    c.s.defenderHitsTo,
  );
  const info: HitsInfo = {
    cell,
    hits: { attacker: mod.attacker, defender: mod.defender, modifiers: mod.applied.map((m) => m.label) },
    crtHits: shareA.concat(shareD),
  };
  c.hitsMemo.set(key, info);
  return info;
}

/** 9.15-9.18[1] after the CRT roll: column, DR, hits, sharing, breakthrough, collapse step 1 marking. */
export function crtStage(
  c: CompiledShock,
  state: ShockState,
  dr: number,
): { next: ShockState; info: CrtStage } {
  const h = [...state.h];
  const st = [...state.st];
  const col = columnFor(c, st);
  const drm =
    (c.s.a.leader ? charismaDrm(c.s.a.leader.charisma, state.leader[0]) : 0) -
    (c.s.b.leader ? charismaDrm(c.s.b.leader.charisma, state.leader[1]) : 0);
  const modifiedDr = Math.min(9, Math.max(0, dr + drm));
  const { cell, hits, crtHits } = hitsFor(c, st, col.column.final, modifiedDr);
  for (let j = 0; j < h.length; j++) h[j] = (h[j] as number) + (crtHits[j] as number);
  const hitsA = c.ia.map((j) => (st[j] !== ROUTED ? (h[j] as number) : null));
  const hitsD = c.ib.map((j) => (st[j] !== ROUTED ? (h[j] as number) : null));
  const bt = breakthrough(hitsA, hitsD).concat(breakthrough(hitsD, hitsA));
  let ev = state.ev | SHOCK_EVENT.fought;
  for (let j = 0; j < h.length; j++) {
    if (!bt[j]) continue;
    h[j] = (h[j] as number) + 2;
    ev |= j < c.na ? SHOCK_EVENT.breakthroughA : SHOCK_EVENT.breakthroughB;
  }
  settleRouts(c, h, st);
  return {
    next: make(state, Phase.CollapseSave, 0, h, st, state.leader, state.z, ev),
    info: {
      sizes: col.sizes,
      ratio: col.ratio,
      column: col.column,
      drm,
      modifiedDr,
      cell,
      hits,
      crtHits,
      breakthrough: bt,
    },
  };
}
