/**
 * A side's view of one DBA combat: who shoots, who is shot at, who assaults a city, fort or camp, and the
 * readings in force. Computed once per situation; every factor and outcome function reads this.
 */
import type { Factor } from '../../core/ruleset.ts';
import { DBA_READINGS, type DbaReadings } from './readings.ts';
import type { DbaGoing, DbaSide, DbaSituation } from './situation.ts';
import { isMounted, type DbaElement } from './troops.ts';

export interface Combatant {
  readonly id: 'a' | 'b';
  readonly side: DbaSide;
  readonly el: DbaElement;
  /** Shooting at its opponent this resolution. */
  readonly shooting: boolean;
  /** Being shot at by its opponent. */
  readonly shotAt: boolean;
  /** Defending a city, fort or camp against this opponent. */
  readonly defends: boolean;
  /** In close combat against a defended city, fort or camp. */
  readonly assaults: boolean;
}

export interface View {
  readonly situation: DbaSituation;
  readonly readings: DbaReadings;
  readonly close: boolean;
  /** Close combat across the perimeter of a city, fort or camp (DBA 3.0 Close combat against a City, Fort or camp). */
  readonly siege: boolean;
  readonly self: Combatant;
  readonly opp: Combatant;
}

function combatant(s: DbaSituation, id: 'a' | 'b'): Combatant {
  const other = id === 'a' ? 'b' : 'a';
  const side = s[id];
  const shoots = (x: 'a' | 'b') => s.mode === 'shooting' && (s.shooters === 'both' || s.shooters === x);
  return {
    id,
    side,
    el: side.element,
    shooting: shoots(id),
    shotAt: shoots(other),
    defends: side.defending !== 'none',
    assaults: s.mode === 'close' && s[other].defending !== 'none',
  };
}

/** Both sides' views of a situation. */
export function views(s: DbaSituation): readonly [View, View] {
  const readings = { ...DBA_READINGS, ...s.readings };
  const a = combatant(s, 'a');
  const b = combatant(s, 'b');
  const close = s.mode === 'close';
  const siege = close && (a.defends || b.defends);
  return [
    { situation: s, readings, close, siege, self: a, opp: b },
    { situation: s, readings, close, siege, self: b, opp: a },
  ];
}

const RULES = 'DBA 3.0';
/** A rule citation, e.g. "DBA 3.0 Tactical factors". */
export const cite = (section: string): string => `${RULES} ${section}`;

export function factor(label: string, value: number, rule: string): Factor {
  return { label, value, rule };
}

/**
 * Going as an element counts it (DBA 3.0 Terrain): dunes and oasis are bad going except to camels (Cm, LCm),
 * to whom they are good going.
 */
export function goingFor(e: DbaElement, going: DbaGoing): 'good' | 'rough' | 'bad' {
  if (going === 'dunes') return e.camel ? 'good' : 'bad';
  return going;
}

/** Is the opponent mounted (combat factor column)? Assaulters and defenders always use the foot column. */
export function againstMounted(v: View): boolean {
  return !v.siege && isMounted(v.opp.el);
}
