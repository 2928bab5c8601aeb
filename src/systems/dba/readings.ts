/**
 * The DBA 3.0 values the rule text as we have it lost and that no source at hand confirms.
 * Each is data here and nowhere else, with the reading chosen by default; docs/rulings.md, DBA 3.0 says why.
 * A situation may override any of them (`readings` in DbaSituation), so a scenario can test the other reading.
 */
import type { DbaOutcome } from './outcomes-types.ts';

export interface DbaReadings {
  /** Equal totals, Scythed Chariots (the row's text is lost). */
  readonly scythedChariotsEqual: DbaOutcome;
  /** Artillery beaten but not doubled in close combat (no row survives). */
  readonly artilleryBeatenInCloseCombat: DbaOutcome;
  /** Artillery beaten but not doubled when shot at (no row survives). */
  readonly artilleryBeatenWhenShotAt: DbaOutcome;
  /** Every type without its own "half or less" row (the "All others" text is lost). */
  readonly allOthersDoubled: DbaOutcome;
  /** Tactical factor of denizens defending their own city: the camp line (+2) or the garrison line (+4). */
  readonly denizensDefendingCity: 2 | 4;
  /** Combat factors of Lit and CWg: as Blades (the troop definitions) or as War Wagons (one sheet). */
  readonly litterAndCommandWagonFactors: 'blades' | 'war-wagons';
}

export const DBA_READINGS: DbaReadings = {
  scythedChariotsEqual: 'destroyed',
  artilleryBeatenInCloseCombat: 'destroyed',
  artilleryBeatenWhenShotAt: 'recoil',
  allOthersDoubled: 'destroyed',
  denizensDefendingCity: 2,
  litterAndCommandWagonFactors: 'blades',
};
