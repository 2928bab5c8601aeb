/** Test helpers: a config from a study block, and scripted dice that fail loudly when they run out. */
import {
  parseEngagementStudy,
  toEngagementConfig,
  type EngagementStudyInput,
} from '../../src/engagement/study-schema.ts';
import { isDbmConfig, type DbmEngagementConfig, type EngagementConfig } from '../../src/engagement/model.ts';

export const config = (study: EngagementStudyInput): EngagementConfig =>
  toEngagementConfig(parseEngagementStudy(study));

/** A DBM config (fails loudly if the study is of another rule system). */
export function dbmConfig(study: EngagementStudyInput): DbmEngagementConfig {
  const c = config(study);
  if (!isDbmConfig(c)) throw new Error(`not a DBM study: ${c.rules}`);
  return c;
}

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
