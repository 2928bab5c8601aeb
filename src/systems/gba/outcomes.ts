/**
 * What one combat leaves a side with (GBA 5e 10.1-10.2): it routs, or it stands carrying some number of
 * cohesion hits. A unit that stands always has fewer hits than its TQ (10.14), and TQ is at most 9, so
 * 'hits:8' is the most a standing unit can carry: the set is finite and exact.
 */
export const GBA_OUTCOMES = [
  'rout',
  'hits:8',
  'hits:7',
  'hits:6',
  'hits:5',
  'hits:4',
  'hits:3',
  'hits:2',
  'hits:1',
  'hits:0',
] as const;

/** A side's outcome, worst first: 'rout', then the cohesion hits it carries after the combat. */
export type GbaOutcome = (typeof GBA_OUTCOMES)[number];

/** Outcome of a unit (or side): rout, else its accumulated cohesion hits. */
export function outcomeOf(routed: boolean, hits: number): GbaOutcome {
  if (routed) return 'rout';
  if (hits < 0 || hits > 8 || !Number.isInteger(hits))
    throw new Error(`a standing unit cannot carry ${hits} hits`);
  return `hits:${hits}` as GbaOutcome;
}
