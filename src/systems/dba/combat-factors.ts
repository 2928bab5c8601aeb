/**
 * Basic combat factors (DBA 3.0 Combat factors; values lost from the text recovered as
 * listed in docs/rulings.md "DBA 3.0"): one row per troop type, read against foot or mounted opponents, plus the two
 * cases that replace the row (Blades shot at, Artillery in a city or fort).
 */
import type { Factor } from '../../core/ruleset.ts';
import { DBA_TROOP_NAMES, type DbaTroopType } from './troops.ts';
import { againstMounted, cite, factor, type View } from './view.ts';

interface FactorRow {
  readonly foot: number;
  readonly mounted: number;
}

const row = (foot: number, mounted: number): FactorRow => ({ foot, mounted });

/** DBA 3.0 combat factors against foot / against mounted. Solid and Fast share a row. */
const DBA_COMBAT_FACTORS: Readonly<Record<DbaTroopType, FactorRow>> = {
  El: row(5, 4),
  Bd: row(5, 3),
  Sp: row(4, 4),
  Art: row(4, 4),
  Kn: row(3, 4),
  SCh: row(3, 4),
  Pk: row(3, 4),
  WWg: row(3, 4),
  Cv: row(3, 3),
  Cm: row(3, 3),
  Ax: row(3, 3),
  Bw: row(2, 4),
  Wb: row(3, 2),
  Hd: row(3, 2),
  LH: row(2, 2),
  Ps: row(2, 2),
  CF: row(2, 0),
  Dz: row(2, 0),
};

/** The rows that replace a type's own row in some circumstances (same table). */
const DBA_SPECIAL_FACTORS = {
  /** Blades being shot at, against foot and mounted alike. */
  bladesShotAt: row(4, 4),
  /** Artillery in a city or fort. */
  artilleryInCityOrFort: row(2, 2),
} as const;

const CF_RULE = cite('Combat factors');

/** The row a side reads its combat factor from, with the reason when it is not its own type's row. */
function rowOf(v: View): { row: FactorRow; label: string } {
  const { self } = v;
  const t = self.el.type;
  if (t === 'Bd' && self.shotAt) return { row: DBA_SPECIAL_FACTORS.bladesShotAt, label: 'Blades shot at' };
  if (t === 'Art' && (self.side.defending === 'city' || self.side.defending === 'fort'))
    return { row: DBA_SPECIAL_FACTORS.artilleryInCityOrFort, label: 'Artillery in a city or fort' };
  if (
    (self.el.code === 'Lit' || self.el.code === 'CWg') &&
    v.readings.litterAndCommandWagonFactors === 'war-wagons'
  )
    return { row: DBA_COMBAT_FACTORS.WWg, label: `${self.el.code} (as War Wagons, reading)` };
  return { row: DBA_COMBAT_FACTORS[t], label: DBA_TROOP_NAMES[t] };
}

/** The basic combat factor of a side (DBA 3.0 Combat factors). */
export function combatFactor(v: View): Factor {
  const { row: r, label } = rowOf(v);
  const mounted = againstMounted(v);
  const vs = v.siege ? 'foot (city, fort or camp combat)' : mounted ? 'mounted' : 'foot';
  return factor(`${label} v ${vs}`, mounted ? r.mounted : r.foot, CF_RULE);
}
