/**
 * DBM (3.0, 3.1, 3.2) under the engagement kernel: every combat is one DBM close combat resolved by the
 * DBM rule set (src/systems/dbm/resolve.ts); overlaps and flight follow DBM 3.2 pp.21, 24; the break rule is
 * the command's third of element equivalents (DBM 3.2 p.25 Demoralised Commands).
 */
import { compile, resolveRoll } from './resolve.ts';
import { side, type DbmSide, type DbmSituation, type RearRank } from './situation.ts';
import type { DbmVersion, DbmVersionId } from './versions.ts';
import { countsAsOverlapFor, fleesWithFront } from '../../engagement/equivalents.ts';
import { versionOf, type DbmEngagementConfig, type FileConfig, type LineConfig } from '../../engagement/model.ts';
import { packTable } from '../../engagement/situations.ts';
import type { CombatSignature, EngagementSystem } from '../../engagement/system-adapter.ts';

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

export function situationOf(rules: DbmVersionId, s: CombatSignature<SideTemplate>): DbmSituation {
  return {
    rules,
    mode: 'close',
    bound: s.bound,
    shooters: 'both',
    a: { ...s.a, overlaps: s.overlapsA, movedIntoContact: s.movedA },
    b: { ...s.b, overlaps: s.overlapsB, movedIntoContact: s.movedB },
  };
}

/** All 36 rolls of a situation under `version`, resolved by the DBM rule set. */
export function resolutionTable(situation: DbmSituation, version: DbmVersion): Uint16Array {
  const compiled = compile(situation, version);
  return packTable((da, db) => resolveRoll(compiled, da, db));
}

const versions = new WeakMap<DbmEngagementConfig, DbmVersion>();
const versionFor = (config: DbmEngagementConfig): DbmVersion => {
  let v = versions.get(config);
  if (!v) {
    v = versionOf(config);
    versions.set(config, v);
  }
  return v;
};

export const dbmSystem: EngagementSystem<DbmEngagementConfig, SideTemplate> = {
  template: (config, line, file, head) => templateOf(config[line], config[line].files[file]!, head),
  // DBM 3.2 p.21: who may count as an overlap.
  overlapCounts: (o, f) => countsAsOverlapFor(o.element, f.element),
  // DBM has no flank-friend factor in close combat.
  flankRange: () => 1,
  flankValue: () => 0,
  // DBM 3.2 p.24 Fleeing Elements: a skirmisher directly behind flees with it.
  fleesWithFront: (config, line, file, rank) =>
    fleesWithFront(config[line].files[file]!.ranks[rank]!.element),
  table: (config, s) => resolutionTable(situationOf(config.rules, s), versionFor(config)),
  // DBM 3.2 p.25 Demoralised Commands: a third of the command's original element equivalents.
  breakRule: { kind: 'fraction' },
};
