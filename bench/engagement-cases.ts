/**
 * The battle-line kernel's benchmark cases, in one place: bench/engagement.ts times them,
 * bench/kernel-floor.ts plays the first with only the work every model must do, and
 * bench/instructions.ts counts their instructions (handing them to its driver as data, so that a baseline
 * checkout without this file runs the same cases).
 */
import type { Battlefield } from '../src/engine/lines/model.ts';

export interface EngagementCase {
  readonly name: string;
  /** The engagement block (LinesModel.configure). */
  readonly block: Readonly<Record<string, unknown>>;
  /** A battlefield set on the configured line-up (approach, shooting, terrain), if any. */
  readonly battlefield?: Battlefield;
}

export const ENGAGEMENT_CASES: readonly EngagementCase[] = [
  {
    name: '8x2 Reg Bd(O) mirror',
    block: { a: '8 files of Reg Bd(O), 2 deep', b: '8 files of Reg Bd(O), 2 deep' },
  },
  {
    name: '8x2 Reg Sp(O) v 8x2 Irr Kn(O)',
    block: { a: '8 files of Reg Sp(O), 2 deep', b: '8 files of Irr Kn(O), 2 deep' },
  },
  {
    name: '10 Reg Bw(O) v 6 Irr Kn(O), 400p approach, mixed terrain',
    block: { a: '5 files of Reg Bw(O), 2 deep', b: '6 files of Irr Kn(O)', boundLimit: 30 },
    battlefield: {
      distance: 400,
      shooters: 'halt',
      terrain: { per: 'file', weights: { good: 6, rough: 3, difficult: 1 } },
    },
  },
];
