/** Small builders for GBA test situations (parsed, so defaults are the parser's). */
import {
  parseGbaSituation,
  type GbaHarassmentSituation,
  type GbaMissileSituation,
  type GbaShockSituation,
  type GbaUnit,
} from './api.ts';

export const shock = (x: Record<string, unknown>): GbaShockSituation =>
  parseGbaSituation({ rules: 'gba-5', mode: 'shock', ...x }) as GbaShockSituation;

export const missile = (x: Record<string, unknown>): GbaMissileSituation =>
  parseGbaSituation({ rules: 'gba-5', mode: 'missile', ...x }) as GbaMissileSituation;

export const harass = (x: Record<string, unknown>): GbaHarassmentSituation =>
  parseGbaSituation({ rules: 'gba-5', mode: 'harassment', ...x }) as GbaHarassmentSituation;

export const side = (...units: Record<string, unknown>[]) => ({ units });

/** A bare unit as the parser would complete it (TQ 6, Size 5, no hits, full supply, PH two-hex). */
export const unit = (type: GbaUnit['type'], extra: Partial<GbaUnit> = {}): GbaUnit => ({
  type,
  tq: 6,
  size: 5,
  hits: 0,
  supply: 'full',
  twoHex: type === 'PH',
  doubleDepth: false,
  moved: false,
  longCharge: false,
  chargeFormation: false,
  advanceHits: 0,
  ...extra,
});
