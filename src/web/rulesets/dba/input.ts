/**
 * A DbaSituation written back as the situation file parseDbaSituation reads (src/systems/dba/
 * parse-situation.ts): defaults left out, elements in their notation. parseDbaSituation(dbaToInput(s))
 * gives s back. Serialisation only: no rule logic.
 */
import { formatDbaElement } from '../../../systems/dba/index.ts';
import { DEFAULT_DBA_SIDE } from '../../../systems/dba/situation.ts';
import type { DbaGoing, DbaSide, DbaSituation, DbaSupporter } from '../../../systems/dba/index.ts';
import type { SituationInput } from '../types.ts';

/** A supporter: its notation when it stands in its side's going, else { element, going }. */
function supporterInput(x: DbaSupporter, own: DbaGoing): unknown {
  const element = formatDbaElement(x.element);
  return x.going === own ? element : { element, going: x.going };
}

function sideInput(side: DbaSide): Record<string, unknown> {
  const out: Record<string, unknown> = { element: formatDbaElement(side.element) };
  for (const [key, value] of Object.entries(side)) {
    if (key === 'element' || key === 'behind' || key === 'flankFriends') continue;
    if (value !== DEFAULT_DBA_SIDE[key as keyof typeof DEFAULT_DBA_SIDE]) out[key] = value;
  }
  if (side.behind !== null) out.behind = supporterInput(side.behind, side.going);
  if (side.flankFriends.length > 0)
    out.flankFriends = side.flankFriends.map((f) => supporterInput(f, side.going));
  return out;
}

export function dbaToInput(s: DbaSituation): SituationInput {
  return {
    rules: s.rules,
    mode: s.mode,
    ...(s.bound === 'b' ? { bound: s.bound } : {}),
    ...(s.mode === 'shooting' ? { shooters: s.shooters } : {}),
    a: sideInput(s.a),
    b: sideInput(s.b),
    ...(s.readings ? { readings: s.readings } : {}),
  };
}
