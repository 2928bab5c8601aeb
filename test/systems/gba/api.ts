/** The GBA rule modules the tests exercise directly (src/systems/gba/ exports only its SystemModule). */
export { gba, gbaDag, gbaExact, gbaRules } from '../../../src/systems/gba/ruleset.ts';
export { GBA_OUTCOMES } from '../../../src/systems/gba/outcomes.ts';
export type {
  GbaShockSituation,
  GbaMissileSituation,
  GbaHarassmentSituation,
  GbaUnit,
} from '../../../src/systems/gba/situation.ts';
export { parseGbaSituation } from '../../../src/systems/gba/parse.ts';
export { loadGbaCharts, DEFAULT_GBA_CHARTS_DATA } from '../../../src/systems/gba/charts.ts';
export { resolveShockDetailed } from '../../../src/systems/gba/shock-report.ts';
export { resolveMissileDetailed } from '../../../src/systems/gba/missile.ts';
