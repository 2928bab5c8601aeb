/**
 * A BnbSituation written back as the situation file parseBnbSituation reads (src/systems/bnb/situation.ts):
 * side defaults left out, elements in their notation. parseBnbSituation(bnbToInput(s)) gives s back.
 * Serialisation only: no rule logic.
 */
import { DEFAULT_BNB_SIDE, formatBnbElement } from '../../../systems/bnb/index.ts';
import type { BnbRearRank, BnbSide, BnbSituation } from '../../../systems/bnb/index.ts';
import type { SituationInput } from '../types.ts';

/** A rear rank: its notation alone, or an object with its own circumstances. */
function rankInput(r: BnbRearRank): unknown {
  const element = formatBnbElement(r.element);
  const rest = Object.entries(r).filter(([k, v]) => k !== 'element' && v !== undefined);
  return rest.length === 0 ? element : { element, ...Object.fromEntries(rest) };
}

function sideInput(side: BnbSide): Record<string, unknown> {
  const out: Record<string, unknown> = { element: formatBnbElement(side.element) };
  for (const [key, value] of Object.entries(side)) {
    if (key === 'element' || key === 'rear') continue;
    if (value !== DEFAULT_BNB_SIDE[key as keyof typeof DEFAULT_BNB_SIDE]) out[key] = value;
  }
  if (side.rear.length > 0) out.rear = side.rear.map(rankInput);
  return out;
}

export function bnbToInput(s: BnbSituation): SituationInput {
  return {
    rules: s.rules,
    mode: s.mode,
    bound: s.bound,
    ...(s.mode === 'shooting' ? { shooters: s.shooters, ...(s.raining ? { raining: true } : {}) } : {}),
    a: sideInput(s.a),
    b: sideInput(s.b),
  };
}
