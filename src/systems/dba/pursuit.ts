/**
 * Pursuit (DBA 3.0 Pursuing), as a pure function for engagement simulations: how
 * far a winner whose close combat opponent recoiled, fled or was destroyed must follow up.
 */
import { isFoot, type DbaElement } from './troops.ts';

/** Pursuit distance in base widths. `into-feature`: it destroyed a city, fort or camp's defenders and moves in. */
type DbaPursuit = 0 | 0.5 | 1 | 'into-feature';

interface DbaPursuitContext {
  /** The winner is itself in a city, fort or camp. */
  readonly inCityFortOrCamp?: boolean;
  /** The loser was the defender of a city, fort or camp, and was destroyed. */
  readonly destroyedDefenders?: boolean;
  /** The pursuit would cross a battlefield edge, or the winner is in or would enter bad going other than marsh or gully. */
  readonly blocked?: boolean;
}

/** Distance the winner of a close combat pursues after its opponent recoiled, fled or was destroyed. */
export function dbaPursuit(winner: DbaElement, loser: DbaElement, ctx: DbaPursuitContext = {}): DbaPursuit {
  if (ctx.destroyedDefenders) return 'into-feature';
  if (ctx.inCityFortOrCamp || ctx.blocked) return 0;
  const t = winner.type;
  if ((t === 'Kn' && winner.code !== '4Kn') || t === 'SCh' || t === 'El' || t === 'Hd') return 1;
  const blades = t === 'Bd' && winner.code !== 'Lit' && winner.code !== 'CWg';
  if ((t === 'Pk' || blades || t === 'Wb') && isFoot(loser) && loser.type !== 'Ps') return 0.5;
  return 0;
}
