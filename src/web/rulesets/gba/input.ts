/**
 * A GbaSituation written back as the situation file parseGbaSituation reads (src/systems/gba/parse.ts):
 * defaults left out. parseGbaSituation(gbaToInput(s)) gives s back. Serialisation only: no rule logic.
 */
import type { GbaSide, GbaSituation, GbaUnit } from '../../../systems/gba/index.ts';
import type { SituationInput } from '../types.ts';

/** Drop undefined values and the ones equal to their default. */
function without(x: object, defaults: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(x).filter(([k, v]) => v !== undefined && (!(k in defaults) || defaults[k] !== v)),
  );
}

function unitInput(u: GbaUnit): Record<string, unknown> {
  // parse.ts defaults; a two-hex counter is the default for a phalanx only.
  return without(u, {
    hits: 0,
    supply: 'full',
    doubleDepth: false,
    moved: false,
    longCharge: false,
    advanceHits: 0,
    twoHex: u.type === 'PH',
  });
}

function sideInput(side: GbaSide): Record<string, unknown> {
  return {
    units: side.units.map(unitInput),
    ...(side.leader ? { leader: without(side.leader, {}) } : {}),
    ...(side.inEnemyZoc !== undefined ? { inEnemyZoc: side.inEnemyZoc } : {}),
  };
}

export function gbaToInput(s: GbaSituation): SituationInput {
  const sides = { a: sideInput(s.a), b: sideInput(s.b) };
  if (s.mode === 'shock') {
    const { rules, mode, a: _a, b: _b, ...rest } = s;
    return { rules, mode, ...without(rest, { attackerFlankThreatened: false, terrainShift: 0 }), ...sides };
  }
  const { rules, mode, a: _a, b: _b, ...rest } = s;
  return {
    rules,
    mode,
    ...without(rest, { downhill: false, targetInWoods: false, throughFront: true, firerMoved: false }),
    ...sides,
  };
}
