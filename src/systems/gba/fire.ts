/**
 * One missile fire of one unit at another (GBA 5e 8.15-8.17): strength by class and range, the die-roll
 * modifiers, double hits on elephants and chariots, extended range (8.16) and missile supply (8.17).
 * Missile fire (missile.ts), Harassment & Dispersal (harassment.ts) and the Entry Reaction Fire before a
 * shock (shock.ts) are all made of such fires.
 */
import type { Factor } from '../../core/ruleset.ts';
import { maxMissileRange, missileStrength, type GbaCharts } from './charts.ts';
import type { GbaUnit } from './situation.ts';
import {
  isArcherClass,
  isMountedMissile,
  isPhalanxOrHeavy,
  isSkirmisher,
  type MissileClass,
  type MissileSupply,
} from './units.ts';

/** The circumstances of one fire that the 8.15 modifiers and 8.16 ask about. */
interface FireCircumstances {
  /** Range in hexes (1 = adjacent). */
  readonly range: number;
  /** Firing at a lower elevation: one extra hex of range, hit only on a natural 0 (8.16). */
  readonly downhill: boolean;
  readonly targetInWoods: boolean;
  /** The fire comes through the target's front hexsides (8.15 modifier 3). */
  readonly throughFront: boolean;
  /** The firer moved or will move this Orders Phase (8.15 modifier 4). */
  readonly firerMoved: boolean;
}

export interface CompiledFire {
  readonly firer: GbaUnit;
  readonly target: GbaUnit;
  readonly missile: MissileClass;
  readonly range: number;
  /** Strength at this range; at extended range a hit needs a natural 0 instead. */
  readonly strength: number;
  readonly extended: boolean;
  readonly drm: number;
  readonly factors: readonly Factor[];
  /** Hits per successful fire: 2 on elephants and chariots unless an elephant fires (8.15). */
  readonly hitsPerSuccess: number;
  /** Natural DRs that put the firer on Missile Low (8.17); artillery never runs out. */
  readonly lowOn: readonly number[];
}

/** 8.15 modifiers to the fire DR. */
function fireModifiers(firer: GbaUnit, target: GbaUnit, f: FireCircumstances): Factor[] {
  const m = firer.missile as MissileClass;
  const out: Factor[] = [];
  if (f.targetInWoods) out.push({ label: 'target in woods', value: 1, rule: 'GBA 8.15 #1' });
  if (isPhalanxOrHeavy(target.type)) {
    const closeVolley = (m === 'S' || m === 'ES' || isArcherClass(m)) && f.range === 1 && f.throughFront;
    out.push(
      closeVolley
        ? { label: 'arrows/stones at PH/HI, adjacent through its front', value: 3, rule: 'GBA 8.15 #3' }
        : { label: 'target is PH/HI', value: 1, rule: 'GBA 8.15 #2' },
    );
  }
  if (f.firerMoved && (m === 'S' || isArcherClass(m) || isMountedMissile(m))) {
    out.push({ label: 'slinger, archer or mounted javelinist moved', value: 1, rule: 'GBA 8.15 #4' });
  }
  if (isSkirmisher(target.type)) out.push({ label: 'target is a skirmisher', value: 2, rule: 'GBA 8.15 #5' });
  return out;
}

/** Can this unit fire at all (a missile class, missiles left: 8.17)? */
export const hasMissiles = (u: GbaUnit): boolean => u.missile !== undefined && u.supply !== 'no';

/** One fire compiled; the caller has checked the firer has missiles and reaches the range. */
export function compileFire(
  firer: GbaUnit,
  target: GbaUnit,
  f: FireCircumstances,
  charts: GbaCharts,
): CompiledFire {
  const missile = firer.missile as MissileClass;
  const extended = f.range > maxMissileRange(charts, missile);
  const factors = fireModifiers(firer, target, f);
  return {
    firer,
    target,
    missile,
    range: f.range,
    strength: extended ? 0 : (missileStrength(charts, missile, f.range) as number),
    extended,
    drm: factors.reduce((n, x) => n + x.value, 0),
    factors,
    hitsPerSuccess: (target.type === 'EL' || target.type === 'CH') && firer.type !== 'EL' ? 2 : 1,
    lowOn: missile === 'B' ? [] : missile === 'J' || missile === 'MJ' ? [7, 8, 9] : [9],
  };
}

/** Does this natural DR hit? (8.15; 8.16 extended range: natural 0 only.) */
export function fireHits(c: CompiledFire, dr: number): boolean {
  return c.extended ? dr === 0 : dr + c.drm <= c.strength;
}

/** The firer's supply after firing with this natural DR (8.17). */
export function supplyAfterFire(c: CompiledFire, dr: number): MissileSupply {
  if (c.firer.supply === 'low') return 'no';
  return c.lowOn.includes(dr) ? 'low' : 'full';
}

/** Does firing ever change this firer's supply (artillery never runs out)? */
export const supplyCanDrop = (c: CompiledFire): boolean => c.firer.supply === 'low' || c.lowOn.length > 0;
