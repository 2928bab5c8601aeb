/**
 * What an army study keeps of a shard of battles (an `army` job, kernels.ts): whole numbers only, so
 * slices and their merge add them exactly (element equivalents and AP lost, which the battle-line
 * counts also carry, are fractions: psiloi count a half, 3.2's Reg Ax cost 4.5 AP). Battles, the five
 * decisions (A wins, B wins, both broke, undecided, refused), the battles in which side A scored 0, 1,
 * ... `most` VP (side B scored the rest, DBM 3.2 p.25), and the battles in which each command of A,
 * then of B, ended demoralised.
 */
import type { FittedArmy } from '../../core/army.ts';
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

/** The layout of a record of battles between commands of these sizes, worth `most` VP between them. */
function layoutOf(commandsA: number, commandsB: number, most: number): RecordLayout {
  const commands = 6 + most + 1;
  return {
    length: commands + commandsA + commandsB,
    decisions: 0,
    scores: 6,
    most,
    commands,
    commandsA,
    commandsB,
  };
}

/** The record of a deployed battle (what a kernel's counts are read into). */
export function recordLayout(config: LinesConfig): RecordLayout {
  const L = countsLayout(config);
  if (L.scores < 0) throw new Error('an army battle has competition scores');
  return layoutOf(config.a.commands?.files.length ?? 0, config.b.commands?.files.length ?? 0, L.most);
}

/**
 * The record of a battle of two fitted armies, without deploying them: a battle has one command per
 * command of each army, worth its victory points (docs/armies.md "How armies deploy"), so the same
 * layout as recordLayout of the deployed battle (test/studies/job-kinds.test.ts checks the reference
 * armies), at a small fraction of its cost. The main thread sizes and reads thousands of jobs with it.
 */
export function armiesRecordLayout(a: FittedArmy, b: FittedArmy): RecordLayout {
  const points = (x: FittedArmy) => x.commands.reduce((t, c) => t + c.victoryPoints, 0);
  return layoutOf(a.commands.length, b.commands.length, points(a) + points(b));
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
export function armyRecordProblem(R: RecordLayout, record: ArrayLike<number>): string | undefined {
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
