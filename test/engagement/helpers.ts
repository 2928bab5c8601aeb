/** Test helpers: a config from a study block, and scripted dice that fail loudly when they run out. */
import {
  parseEngagementStudy,
  toEngagementConfig,
  type EngagementStudyInput,
} from '../../src/engagement/study-schema.ts';
import type { EngagementConfig } from '../../src/engagement/model.ts';

export const config = (study: EngagementStudyInput): EngagementConfig =>
  toEngagementConfig(parseEngagementStudy(study));

export interface Scripted {
  (): number;
  readonly used: () => number;
}

export function scripted(...rolls: number[]): Scripted {
  let i = 0;
  const dice = () => {
    const d = rolls[i++];
    if (d === undefined) throw new Error(`scripted dice ran out after ${rolls.length} rolls`);
    return d;
  };
  return Object.assign(dice, { used: () => i });
}
