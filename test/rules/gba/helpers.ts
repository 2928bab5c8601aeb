/** Small builders for GBA test situations (parsed, so defaults are the parser's). */
import {
  parseGbaSituation,
  type GbaMissileSituation,
  type GbaShockSituation,
} from '../../../src/rules/gba/index.ts';

export const shock = (x: Record<string, unknown>): GbaShockSituation =>
  parseGbaSituation({ rules: 'gba-5', mode: 'shock', ...x }) as GbaShockSituation;

export const missile = (x: Record<string, unknown>): GbaMissileSituation =>
  parseGbaSituation({ rules: 'gba-5', mode: 'missile', ...x }) as GbaMissileSituation;

export const side = (...units: Record<string, unknown>[]) => ({ units });
