/**
 * `table` jobs: samples of a compiled outcome table (engine/table.ts), counted by joint outcome. Odds
 * and matrix studies ask for one per cell (studies/cells.ts).
 */
import { sampleCodes, sampleWeighted } from '../../engine/sample.ts';
import { isCount, isRecord, jobKind, samplesPilot } from '../job-kind.ts';

/** Payload of a `table` job: a compiled outcome table. */
export interface TablePayload {
  readonly codes: Uint8Array;
  /** Present for a weighted table: one weight per code. */
  readonly weights?: Float64Array | undefined;
  /** Joint outcomes (the counts' length): every code is below it. */
  readonly jointSize: number;
}

const isTablePayload = (p: unknown): p is TablePayload =>
  isRecord(p) &&
  p.codes instanceof Uint8Array &&
  p.codes.length > 0 &&
  isCount(p.jointSize, 1) &&
  (p.weights === undefined || (p.weights instanceof Float64Array && p.weights.length === p.codes.length));

export const tableJobs = jobKind<TablePayload>({
  id: 'table',
  unit: 'samples',
  isPayload: isTablePayload,
  kernel: (p, rng, samples) =>
    p.weights
      ? sampleWeighted(p.codes, p.weights, p.jointSize, rng, samples)
      : sampleCodes(p.codes, p.jointSize, rng, samples),
  countsLength: (p) => p.jointSize,
  // A joint outcome the table cannot give (no code for it, or only codes of weight 0).
  countsProblem: (p, counts) => {
    const possible = new Uint8Array(p.jointSize);
    p.codes.forEach((code, i) => {
      if (!p.weights || (p.weights[i] as number) > 0) possible[code] = 1;
    });
    for (let i = 0; i < counts.length; i++)
      if ((counts[i] as number) > 0 && possible[i] === 0)
        return `it counts an outcome its combat cannot have (joint outcome ${i})`;
    return undefined;
  },
  samplesHeld: (counts) => {
    let t = 0;
    for (let i = 0; i < counts.length; i++) t += counts[i] as number;
    return t;
  },
  setups: () => 0,
  pilot: samplesPilot,
});
