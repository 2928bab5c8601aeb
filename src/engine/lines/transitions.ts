/**
 * What an outcome does to a file (docs/engagement-model.md "A bound", step 5): the kernel's one reading of
 * a packed outcome (pack.ts) for a file in a given state (prepare.ts: which of its ranks stand). The Monte
 * Carlo kernel (fight.ts Battle) and the exact chain (bounds.ts Pair) both use it, so the chain copies
 * none of the kernel's bookkeeping. What the losses count towards, a recoil or flight off the table edge
 * and where fled ranks go are each caller's.
 */
import { DROP, type PreparedSide } from './prepare.ts';
import { DESTROYED, FLEE, NONE, OUTCOME_MASK, REAR_SHIFT, RECOIL, SPENT } from './pack.ts';

/** How a rank leaves its file (the second argument of a Visit). */
export const LOST_FRONT = 0;
export const LOST_SWEPT = 1;
export const SPENT_FRONT = 2;
export const FLED = 3;

/** Told of each rank (its index within the file) that leaves the file, and how. */
export interface Visit {
  rank(rank: number, how: number): void;
}

/**
 * The state of a file in state `st` once its `n` front ranks are gone (destroyed: the front `how`, those
 * behind it swept away with it).
 */
export function loseFront(side: PreparedSide, st: number, n: number, how: number, visit: Visit): number {
  const from = side.stOff[st]!;
  const k = Math.min(n, side.stOff[st + 1]! - from);
  for (let i = 0; i < k; i++) visit.rank(side.stRanks[from + i]!, i === 0 ? how : LOST_SWEPT);
  return side.stDrop[st * DROP + k]!;
}

/**
 * The state once the `n` ranks directly behind the front are destroyed, the front keeping its place (DBA
 * 3.0 Recoiling: a recoiling elephant destroys the friends it meets).
 */
export function loseBehind(side: PreparedSide, st: number, n: number, visit: Visit): number {
  const from = side.stOff[st]!;
  const k = Math.min(n, side.stOff[st + 1]! - from - 1);
  if (k <= 0) return st;
  for (let i = 1; i <= k; i++) visit.rank(side.stRanks[from + i]!, LOST_SWEPT);
  return side.stBehind[st * DROP + k]!;
}

/**
 * The state of a file in state `st` after the outcome `packed` (one side's bits): destroyed with the ranks
 * the rule set takes with it (DBM 3.2 p.23 Destroyed Elements), spent (B&B 0.7 ch.6), fled with whoever
 * flees with it after a recoil that may destroy ranks (DBM 3.2 p.24, B&B 0.7 ch.7 push back), recoiled
 * destroying the ranks it meets (DBA 3.0) and pushing back the rest (B&B 0.7 ch.7). None: unchanged.
 */
export function fileOutcome(side: PreparedSide, st: number, packed: number, visit: Visit): number {
  const out = packed & OUTCOME_MASK;
  if (out === NONE) return st;
  const rear = (packed >> REAR_SHIFT) & 3;
  if (out === DESTROYED) return loseFront(side, st, 1 + rear, LOST_FRONT, visit);
  if (out === SPENT) return loseFront(side, st, 1, SPENT_FRONT, visit);
  if (out === FLEE) {
    const lost = side.fleeLost;
    for (let i = side.fleeLostOff[st]!, end = side.fleeLostOff[st + 1]!; i < end; i++)
      visit.rank(lost[i]!, LOST_SWEPT);
    const fled = side.fleeFled;
    for (let i = side.fleeFledOff[st]!, end = side.fleeFledOff[st + 1]!; i < end; i++)
      visit.rank(fled[i]!, FLED);
    return side.stFlee[st]!;
  }
  if (out !== RECOIL) throw new Error(`outcome code ${out}`);
  const behind = rear > 0 ? loseBehind(side, st, rear, visit) : st;
  const lost = side.recoilLost;
  for (let i = side.recoilLostOff[behind]!, end = side.recoilLostOff[behind + 1]!; i < end; i++)
    visit.rank(lost[i]!, LOST_SWEPT);
  return side.stRecoil[behind]!;
}
