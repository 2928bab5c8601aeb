/**
 * The study kinds a scenario can list, the one list of them (ARCHITECTURE.md "Study kinds"). Adding a
 * kind is a folder under src/studies/ implementing StudyKind and one line here.
 */
import { armyKind } from './army/index.ts';
import { balanceKind } from './balance/index.ts';
import { engagementKind } from './engagement/index.ts';
import type { AnyStudyKind } from './kind.ts';
import { matrixKind } from './matrix/index.ts';
import { oddsKind } from './odds/index.ts';

export const STUDY_KINDS: readonly AnyStudyKind[] = [
  oddsKind,
  matrixKind,
  engagementKind,
  balanceKind,
  armyKind,
] as unknown as AnyStudyKind[];

export function studyKind(id: string): AnyStudyKind | undefined {
  return STUDY_KINDS.find((k) => k.id === id);
}

export type { AnyStudyKind, StudyContext, StudyFile, StudyFiles, Job, Stage, StudyHeader } from './kind.ts';
export { MAX_SCENARIO_CELLS } from './kind.ts';
