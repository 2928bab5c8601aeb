/**
 * The compiled-situation cache of the engagement kernel (DESIGN.md "Compile then sample"). A file-vs-file
 * combat is one DBM close combat; its situation depends only on a small signature (the two files' current
 * ranks, whose bound, overlaps, who moved into contact). Each distinct signature is built into a
 * DbmSituation once, resolved by the DBM rule set for all 36 rolls once, and packed into a table, so the
 * hot loop does two die rolls and one lookup.
 */
import { compile, resolveRoll } from '../rules/dbm/resolve.ts';
import type { DbmOutcome } from '../rules/dbm/outcomes.ts';
import { side, type DbmSide, type DbmSituation, type RearRank } from '../rules/dbm/situation.ts';
import type { DbmVersion, DbmVersionId } from '../rules/dbm/versions.ts';
import type { FileConfig, LineConfig } from './model.ts';

/** The parts of a DbmSide fixed by a file's state (everything but overlaps, contacts, moved). */
export type SideTemplate = Omit<DbmSide, 'overlaps' | 'movedIntoContact'>;

/** The side a file presents when its front element is rank `head` (0-based). */
export function templateOf(line: LineConfig, file: FileConfig, head: number): SideTemplate {
  const front = file.ranks[head];
  if (!front) throw new Error(`file has no rank ${head}`);
  const rear: RearRank[] = file.ranks.slice(head + 1, head + 4).map((r) => {
    const rank: { element: RearRank['element']; weapon?: RearRank['weapon']; listPermitted?: boolean } = {
      element: r.element,
    };
    if (r.weapon !== undefined) rank.weapon = r.weapon;
    if (r.listPermitted !== undefined) rank.listPermitted = r.listPermitted;
    return rank;
  });
  const {
    overlaps: _o,
    movedIntoContact: _m,
    ...rest
  } = side(front.element, {
    rear,
    // The double element exists only while its original front pair stands.
    doubleBased: file.doubleBased && head === 0 && file.ranks.length > 1,
    listGradeSupport: line.listGradeSupport,
    going: line.going,
  });
  return rest;
}

/** Outcome codes in a packed resolution. */
export const NONE = 0;
export const RECOIL = 1;
export const FLEE = 2;
export const DESTROYED = 3;
const OUTCOME_CODE: Readonly<Record<DbmOutcome, number>> = {
  none: NONE,
  recoil: RECOIL,
  flee: FLEE,
  destroyed: DESTROYED,
};
/** Pursuit codes. */
export const PURSUE_NO = 0;
export const PURSUE_MAY = 1;
export const PURSUE_MUST = 2;
const PURSUIT_CODE = { no: PURSUE_NO, may: PURSUE_MAY, must: PURSUE_MUST } as const;

/**
 * One side's result packed in 6 bits: outcome (bits 0-1), rear ranks lost (2-3), pursuit (4-5).
 * Side A in bits 0-5, side B in bits 6-11.
 */
export const outcomeOf = (packed: number): number => packed & 3;
export const rearLostOf = (packed: number): number => (packed >> 2) & 3;
export const pursuitOf = (packed: number): number => (packed >> 4) & 3;

export interface CombatState {
  readonly a: SideTemplate;
  readonly b: SideTemplate;
  readonly bound: 'a' | 'b';
  readonly overlapsA: number;
  readonly overlapsB: number;
  readonly movedA: boolean;
  readonly movedB: boolean;
}

export function situationOf(rules: DbmVersionId, s: CombatState): DbmSituation {
  return {
    rules,
    mode: 'close',
    bound: s.bound,
    shooters: 'both',
    a: { ...s.a, overlaps: s.overlapsA, movedIntoContact: s.movedA },
    b: { ...s.b, overlaps: s.overlapsB, movedIntoContact: s.movedB },
  };
}

/** All 36 rolls of a situation under `version`, resolved by the DBM rule set: index (dieA-1)*6 + (dieB-1). */
export function resolutionTable(situation: DbmSituation, version: DbmVersion): Uint16Array {
  const compiled = compile(situation, version);
  const table = new Uint16Array(36);
  for (let da = 1; da <= 6; da++) {
    for (let db = 1; db <= 6; db++) {
      const r = resolveRoll(compiled, da, db);
      const pack = (x: typeof r.a) =>
        OUTCOME_CODE[x.outcome] | (Math.min(x.rearLost, 3) << 2) | (PURSUIT_CODE[x.pursuit] << 4);
      table[(da - 1) * 6 + (db - 1)] = pack(r.a) | (pack(r.b) << 6);
    }
  }
  return table;
}
