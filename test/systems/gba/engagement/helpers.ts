/** Builders and a 99.9% Wilson interval for the GBA engagement tests. */
import { parseGbaSituation, type GbaShockSituation } from '../api.ts';

export const shock = (x: Record<string, unknown>): GbaShockSituation =>
  parseGbaSituation({ rules: 'gba-5', mode: 'shock', ...x }) as GbaShockSituation;

export const side = (...units: Record<string, unknown>[]) => ({ units });

const Z999 = 3.2905267314919255;

/** Wilson score interval at 99.9% for `count` successes in `n` trials. */
function wilson999(count: number, n: number): { lo: number; hi: number } {
  const p = count / n;
  const z2 = Z999 * Z999;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (Z999 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  return { lo: centre - half, hi: centre + half };
}

/** Asserts an exact probability lies in the Monte Carlo 99.9% interval of count/n. */
export function inInterval(exact: number, count: number, n: number): boolean {
  const { lo, hi } = wilson999(count, n);
  return exact >= lo - 1e-12 && exact <= hi + 1e-12;
}

/** A phalanx that moved to shock hoplites (both take the 9.13 pre-shock check in round 1). */
export const phalanxVsHoplites = (defenderTq = 6): GbaShockSituation =>
  shock({
    a: side({ name: 'Phalanx', type: 'PH', tq: 7, size: 10, moved: true }),
    b: side({ name: 'Hoplites', type: 'HI', class: 'HO', tq: defenderTq, size: 5 }),
  });
