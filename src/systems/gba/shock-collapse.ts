/**
 * The Collapse (GBA 5e 9.18) and the all-rout procedure (10.15): who routs, the enemy-ZOC test of
 * 9.18[2], the advance (9.31) and each side's outcome.
 */
import { hasSavingRoll } from './preshock.ts';
import { GBA_OUTCOMES, outcomeOf } from './outcomes.ts';
import {
  allRouted,
  isAttacker,
  Phase,
  range,
  ROUTED,
  SAVE_DUE,
  STANDING,
  unit,
  type CompiledShock,
  type ShockState,
} from './shock-state.ts';

/**
 * Marks every standing unit with hits >= TQ as routing (9.13, 9.18[1], 10.14), after the 10.15 procedure
 * when every attacking unit would rout and some defender would too (docs/rulings.md, GBA 5e "10.15 trigger").
 */
export function settleRouts(c: CompiledShock, h: number[], st: number[]): void {
  const rA: number[] = [];
  const rD: number[] = [];
  let standingA = 0;
  for (const j of c.ia) {
    if (st[j] !== STANDING) continue;
    standingA++;
    if ((h[j] as number) >= unit(c, j).tq) rA.push(j);
  }
  for (const j of c.ib) if (st[j] === STANDING && (h[j] as number) >= unit(c, j).tq) rD.push(j);
  let routers = rA.concat(rD);
  if (rA.length > 0 && rA.length === standingA && rD.length > 0) {
    let discA = -Infinity;
    let discD = -Infinity;
    for (const j of rA) discA = Math.max(discA, (h[j] as number) + unit(c, j).advanceHits - unit(c, j).tq);
    for (const j of rD) discD = Math.max(discD, (h[j] as number) - unit(c, j).tq);
    const attackerRouts = discA > discD; // a tie routs the defender (10.15 step 3)
    routers = attackerRouts ? rA : rD;
    for (const j of attackerRouts ? rD : rA) h[j] = unit(c, j).tq - 1;
  }
  for (const j of routers) st[j] = hasSavingRoll(unit(c, j)) ? SAVE_DUE : ROUTED;
}

/** Is unit j in an enemy ZOC for 9.18[2]? (docs/rulings.md, GBA 5e "9.18[2] enemy ZOC") */
export function inEnemyZoc(c: CompiledShock, st: readonly number[], j: number): boolean {
  const side = isAttacker(c, j) ? c.s.a : c.s.b;
  if (side.inEnemyZoc !== undefined) return side.inEnemyZoc;
  if (isAttacker(c, j)) return c.s.facing === 'front' && !allRouted(c, st, 'b');
  return !allRouted(c, st, 'a');
}

/**
 * 9.31 / 9.18[3]: when a defender has vacated its hex the attackers advance, paying their advanceHits but
 * never routing from them (hits capped at TQ-1). Which attackers advance (9.34) is the user's choice:
 * advanceHits is set only on those.
 */
export function finalHits(c: CompiledShock, s: ShockState): number[] {
  const h = [...s.h];
  // 9.41: a cavalry unit that pursues (z at the end) chases instead of advancing.
  const pursuing = s.ph === Phase.Final ? s.z : 0;
  if (c.ib.some((j) => s.st[j] === ROUTED)) {
    for (const j of range(c, 'a')) {
      if (s.st[j] !== ROUTED && !(pursuing & (1 << j)))
        h[j] = Math.min((h[j] as number) + unit(c, j).advanceHits, unit(c, j).tq - 1);
    }
  }
  return h;
}

/** A side routs if any of its units routs; otherwise it shows its most-hit unit (rulings "side outcome"). */
export function sideOutcomeIndex(
  c: CompiledShock,
  st: readonly number[],
  h: readonly number[],
  side: 'a' | 'b',
): number {
  const js = range(c, side);
  const routed = js.some((j) => st[j] === ROUTED);
  const o = outcomeOf(routed, routed ? 0 : Math.max(...js.map((j) => h[j] as number)));
  return GBA_OUTCOMES.indexOf(o);
}
