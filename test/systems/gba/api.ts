/** The GBA rule modules the tests exercise directly (src/systems/gba/ exports only its SystemModule). */
export { gba, gbaDag, gbaExact, gbaRules } from '../../../src/systems/gba/ruleset.ts';
export { GBA_OUTCOMES, type GbaOutcome } from '../../../src/systems/gba/outcomes.ts';
export type {
  GbaSituation,
  GbaShockSituation,
  GbaMissileSituation,
  GbaHarassmentSituation,
  GbaSide,
  GbaUnit,
  GbaLeader,
} from '../../../src/systems/gba/situation.ts';
export { parseGbaSituation, gbaToInput } from '../../../src/systems/gba/parse.ts';
export {
  loadGbaCharts,
  DEFAULT_GBA_CHARTS,
  DEFAULT_GBA_CHARTS_DATA,
  type GbaCharts,
  type Facing,
  type Superiority,
  type CrtCell,
} from '../../../src/systems/gba/charts.ts';
export {
  resolveShockDetailed,
  type ShockReport,
  type ShockUnitReport,
} from '../../../src/systems/gba/shock-report.ts';
export { resolveMissileDetailed, type MissileReport } from '../../../src/systems/gba/missile.ts';
export { checkGbaSituation } from '../../../src/systems/gba/legality.ts';
export {
  netCharismaDrm,
  personalCombat,
  rallyAttempt,
  type LeaderState,
  type RallyResult,
} from '../../../src/systems/gba/leaders.ts';
export type { UnitType, UnitClass, MissileClass, MissileSupply } from '../../../src/systems/gba/units.ts';
