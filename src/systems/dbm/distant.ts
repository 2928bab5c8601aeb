/**
 * What happens before the lines meet: who may shoot at a distance, how far, and how far elements move
 * (DBM 3.2 p.20 Distant Shooting, p.19 Tactical and March Move Distances). Used by situation checks
 * (only elements that can shoot may shoot) and by the battle-line approach (docs/engagement-model.md
 * "Approach").
 */
import type { Going } from './situation.ts';
import { isFoot, isMounted, isTrain, type Element } from './troops.ts';
import { goingAs, onCamels } from './view.ts';

/**
 * DBM 3.2 p.20 Distant Shooting: artillery, bowmen, war wagons (S) or (O), elephants (X), ships (S),
 * (O) or (X), galleys, and boats (S) or (X). War wagons (X) cannot shoot (DBM 3.2 p.8, WWg (X)).
 */
export function canShoot(e: Element): boolean {
  switch (e.type) {
    case 'Art':
    case 'Bw':
    case 'Gal':
      return true;
    case 'WWg':
      return e.grade === 'S' || e.grade === 'O';
    case 'El':
      return e.grade === 'X';
    case 'Shp':
      return e.grade === 'S' || e.grade === 'O' || e.grade === 'X';
    case 'Bts':
      return e.grade === 'S' || e.grade === 'X';
    default:
      return false;
  }
}

/**
 * Maximum range in paces (DBM 3.2 p.20): 100p for artillery (X); 200p for artillery (I), bowmen, war
 * wagons, galleys, ships and boats (S); 500p for other artillery. The text gives no range for elephants
 * (X) (bolt-shooters shooting "as if (F) artillery", p.3): they take artillery (F)'s 500p
 * (docs/rulings.md "Elephant (X) range"). Boats (X) take 200p like the other naval shooters. 0: cannot shoot.
 */
export function shootingRange(e: Element): number {
  if (!canShoot(e)) return 0;
  if (e.type === 'Art') return e.grade === 'X' ? 100 : e.grade === 'I' ? 200 : 500;
  if (e.type === 'El') return 500;
  return 200;
}

/**
 * DBM 3.2 p.19 Tactical and March Move Distances, off-road, in paces, by going as the type counts it
 * (view.ts goingAs): [good, rough, difficult]; 0 where it cannot move.
 */
const MOVES: Readonly<Record<string, readonly [number, number, number]>> = {
  LH: [250, 200, 100],
  Cv: [200, 150, 100],
  Cm: [200, 150, 100],
  Exp: [200, 150, 100],
  El: [150, 150, 100],
  Kn: [150, 150, 100],
  Ax: [150, 150, 150],
  Ps: [150, 150, 150],
  Sp: [100, 100, 100],
  Pk: [100, 100, 100],
  Bd: [100, 100, 100],
  Wb: [100, 100, 100],
  Bw: [100, 100, 100],
  Hd: [100, 100, 100],
  WWg: [100, 50, 50],
  Art: [100, 50, 50],
  Bg: [100, 50, 50],
};

/** Artillery (S): 50p in good and rough going, none in difficult. */
const ART_S: readonly [number, number, number] = [50, 50, 0];

/**
 * How far an element moves in one tactical move off-road in `going`, as it counts the going (`camels`:
 * it rides camels, view.ts onCamels). Fast (F) troops add 50p if mounted, artillery or naval in good
 * going, or if other foot (DBM 3.2 p.19 "However"). Baggage moves only if mobile (the approach treats a
 * line's baggage as immobile: 0).
 */
export function moveDistance(e: Element, going: Going, mobile = false, camels = false): number {
  if (e.type === 'Bg' && !mobile) return 0;
  const row = e.type === 'Art' && e.grade === 'S' ? ART_S : MOVES[e.type];
  if (!row) return 0;
  const g = goingAs(going, onCamels(e, camels));
  const base = row[g === 'good' ? 0 : g === 'rough' ? 1 : 2];
  if (base === 0 || e.grade !== 'F') return base;
  const mountedLike = isMounted(e.type) || e.type === 'Art';
  if (mountedLike) return g === 'good' ? base + 50 : base;
  return isFoot(e.type) ? base + 50 : base;
}

/**
 * DBM 3.2 p.18 Tactical moves: bowmen (even bow (X)) cannot move to contact the front of mounted enemy
 * they can shoot at; train cannot move to contact enemy troop elements, except war wagons (X).
 */
export function mayCharge(e: Element, enemy: Element): boolean {
  if (e.type === 'Bw' && isMounted(enemy.type)) return false;
  if (isTrain(e) && !(e.type === 'WWg' && e.grade === 'X')) return false;
  return true;
}
