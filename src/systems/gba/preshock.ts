/**
 * The Charge [Ephodos] (GBA 5e 9.13): who takes a Pre-Shock TQ check, its modifiers, the hits it gives,
 * and the saving roll of a two-hex phalanx / heavy infantry unit that would rout (also used by 9.18).
 */
import type { Facing } from './charts.ts';
import type { GbaUnit } from './situation.ts';
import { isPhalanxOrHeavy, isSkirmisher } from './units.ts';

export interface PreShockCheck {
  /** Sum of the 9.13 modifiers. */
  readonly drm: number;
  readonly factors: readonly { label: string; value: number }[];
}

/**
 * Pre-shock check for one attacking unit, or null when it takes none: only Shock-Must Check attackers
 * (moved) check; not when every defender is a skirmisher, nor a chariot after a 4+ hex charge (9.13).
 */
export function attackerCheck(
  unit: GbaUnit,
  defenders: readonly GbaUnit[],
  chosenDefender: GbaUnit,
  facing: Facing,
): PreShockCheck | null {
  if (!unit.moved) return null;
  if (defenders.every((d) => isSkirmisher(d.type))) return null;
  if (unit.type === 'CH' && unit.longCharge) return null;
  const factors: { label: string; value: number }[] = [];
  if (unit.type === 'EL' && isPhalanxOrHeavy(chosenDefender.type) && facing === 'front') {
    factors.push({ label: 'elephant attacking PH/HI through the front', value: 1 });
  }
  return { drm: factors.reduce((n, f) => n + f.value, 0), factors };
}

/**
 * Pre-shock check for one defending unit, or null: defenders check when any attacker is Shock-Must Check
 * (9.13), except PH/HI attacked frontally only by LI (not LP).
 */
export function defenderCheck(
  unit: GbaUnit,
  attackers: readonly GbaUnit[],
  facing: Facing,
): PreShockCheck | null {
  if (!attackers.some((a) => a.moved)) return null;
  if (isPhalanxOrHeavy(unit.type) && facing === 'front' && attackers.every((a) => a.type === 'LI'))
    return null;
  const factors: { label: string; value: number }[] = [];
  if (attackers.some((a) => a.type === 'CH' || a.type === 'EL')) {
    factors.push({ label: 'attacked by a chariot or elephant', value: 1 });
  }
  if (attackers.some((a) => a.doubleDepth))
    factors.push({ label: 'attacked by a double depth phalanx', value: 1 });
  if (unit.doubleDepth) factors.push({ label: 'defending double depth phalanx', value: -1 });
  return { drm: factors.reduce((n, f) => n + f.value, 0), factors };
}

/** Hits from a pre-shock check: the amount the modified DR exceeds the TQ (9.13). */
export const preShockHits = (dr: number, drm: number, tq: number): number => Math.max(0, dr + drm - tq);

/** The two-hex PH/HI saving roll applies to this unit (9.13 exception, 9.18[1]). */
export const hasSavingRoll = (u: GbaUnit): boolean => u.twoHex && isPhalanxOrHeavy(u.type);

/**
 * The saving roll: DR + hits in excess of TQ (+3 for an attacker); above TQ it routs, otherwise it stands
 * with TQ-1 hits (9.13 exception).
 */
export function savingRollStands(dr: number, hits: number, tq: number, attacker: boolean): boolean {
  return dr + Math.max(0, hits - tq) + (attacker ? 3 : 0) <= tq;
}
