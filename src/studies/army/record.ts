/**
 * What an army study keeps of a shard of battles (an `army` job, kernels.ts): whole numbers only, so
 * slices and their merge add them exactly (element equivalents and AP lost, which the battle-line
 * counts also carry, are fractions: psiloi count a half, 3.2's Reg Ax cost 4.5 AP). Battles, the five
 * decisions (A wins, B wins, both broke, undecided, refused), the battles in which side A scored 0, 1,
 * ... `most` VP (side B scored the rest, DBM 3.2 p.25), and the battles in which each command of A,
 * then of B, ended demoralised.
 */
import { countsLayout, type LinesConfig } from '../../engine/lines/index.ts';

export interface RecordLayout {
  readonly length: number;
  /** Battles, then A wins, B wins, both broke, undecided, refused (1..5). */
  readonly decisions: 0;
  /** Side A's score counts, 0..most. */
  readonly scores: 6;
  readonly most: number;
  /** Per command of A, then of B: battles it ended demoralised. */
  readonly commands: number;
  readonly commandsA: number;
  readonly commandsB: number;
}

export function recordLayout(config: LinesConfig): RecordLayout {
  const L = countsLayout(config);
  if (L.scores < 0) throw new Error('an army battle has competition scores');
  const commandsA = config.a.commands?.files.length ?? 0;
  const commandsB = config.b.commands?.files.length ?? 0;
  const commands = 6 + L.most + 1;
  return {
    length: commands + commandsA + commandsB,
    decisions: 0,
    scores: 6,
    most: L.most,
    commands,
    commandsA,
    commandsB,
  };
}

/** The army record of a shard's battle-line counts. */
export function armyRecord(config: LinesConfig, counts: Float64Array): Float64Array {
  const L = countsLayout(config);
  const R = recordLayout(config);
  const out = new Float64Array(R.length);
  for (let i = 0; i < 6; i++) out[i] = counts[i]!;
  for (let k = 0; k <= R.most; k++) out[R.scores + k] = counts[L.scores + k]!;
  for (let c = 0; c < R.commandsA + R.commandsB; c++) out[R.commands + c] = counts[L.commands + c]!;
  return out;
}

/** What is wrong with an army record no run could give (decisions or scores that do not add up). */
export function armyRecordProblem(config: LinesConfig, record: ArrayLike<number>): string | undefined {
  const R = recordLayout(config);
  const n = record[0]!;
  let d = 0;
  for (let i = 1; i < 6; i++) d += record[i]!;
  if (d !== n) return 'the decisions do not add up to the battles';
  let s = 0;
  for (let k = 0; k <= R.most; k++) s += record[R.scores + k]!;
  if (s !== n) return 'the scores do not add up to the battles';
  for (let c = 0; c < R.commandsA + R.commandsB; c++)
    if (record[R.commands + c]! > n) return 'a command is demoralised in more battles than were fought';
  return undefined;
}
