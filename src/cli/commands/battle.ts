/**
 * `debellator battle A.yaml B.yaml [--rules ID] [--points N] [--samples N] [--seed S] [--threads N]
 * [--json]`: two army files fitted to the same budget and fought against each other (docs/armies.md
 * "Battles"): each side's competition score (its distribution and mean), who wins, and the chance each
 * command ends demoralised. Battles are cut into fixed shards, so the result is the same for any
 * --threads.
 */
import type { Command } from 'commander';
import type { FittedArmy } from '../../core/army.ts';
import { InputError } from '../../core/errors.ts';
import type { AnySystem } from '../../core/system.ts';
import type { Mean, Proportion } from '../../core/statistics.ts';
import { linesSummary, type LinesConfig } from '../../engine/lines/index.ts';
import { readStructuredFile } from '../../pipeline/structured-file.ts';
import type { Job } from '../../studies/index.ts';
import { once, parseCount, parseSeed, threadsFor } from '../parse.ts';
import { points, systemFor } from './army.ts';

/** Battles when --samples is not given. */
const DEFAULT_BATTLES = 1000;
/** Battles per shard: part of the result's identity (any --threads gives the same bytes). */
const BATTLE_SHARD = 250;

export interface BattleSide {
  readonly file: string;
  readonly name: string;
  readonly ap: number;
  readonly wins: Proportion;
  readonly score: { readonly distribution: readonly number[]; readonly mean: Mean };
  readonly commands: readonly {
    readonly name: string;
    readonly role: string;
    readonly wing: string;
    readonly victoryPoints: number;
    readonly demoralised: number;
  }[];
}

export interface BattleResult {
  readonly rules: string;
  readonly rulesName: string;
  readonly points: number;
  readonly battles: number;
  readonly seed: string;
  readonly draws: Proportion;
  readonly meanBounds: number;
  readonly a: BattleSide;
  readonly b: BattleSide;
}

function fitFile(system: AnySystem, rules: string, file: string, budget: number | undefined): FittedArmy {
  const f = readStructuredFile(file);
  try {
    return system.army!.fit(f.data, { version: rules }, budget);
  } catch (e) {
    if (e instanceof InputError) throw e.inFile(f.file, f.lineOf);
    throw e;
  }
}

/** Fight `battles` battles of two army files; the same result for any thread count. */
export async function fightArmies(opts: {
  readonly a: string;
  readonly b: string;
  readonly rules?: string | undefined;
  readonly points?: number | undefined;
  readonly battles: number;
  readonly seed: string;
  readonly threads: number;
}): Promise<BattleResult> {
  const { system, rules } = systemFor(opts.rules);
  if (!system.engagement) throw new InputError(`--rules: ${system.name} has no battles`);
  const fa = fitFile(system, rules, opts.a, opts.points);
  // The second army is fitted to the first's budget (equal points) unless --points says.
  const fb = fitFile(system, rules, opts.b, opts.points ?? fa.budget);
  const config = system.army!.battle(fa, fb, { version: rules }) as LinesConfig;
  const job: Job = {
    id: 'battle',
    kind: 'engagement',
    payload: { system: { id: system.id, source: system.source }, config },
    seed: `${opts.seed}|battle`,
    samples: opts.battles,
    shardSize: BATTLE_SHARD,
  };
  const { runShards, closePools } = await import('../../pipeline/pool.ts');
  const { shardRange } = await import('../../pipeline/shards.ts');
  let counts: Float64Array;
  try {
    const totals = await runShards([job], shardRange([job]), { threads: opts.threads });
    counts = totals.get(0)!;
  } finally {
    await closePools();
  }
  const s = linesSummary(config, counts);
  const side = (id: 'a' | 'b', file: string, army: FittedArmy): BattleSide => ({
    file,
    name: army.name,
    ap: army.ap,
    wins: id === 'a' ? s.aWins : s.bWins,
    score: s[id].score!,
    commands: army.commands.map((c, i) => ({
      name: c.name,
      role: c.general.role,
      wing: c.wing,
      victoryPoints: c.victoryPoints,
      demoralised: s[id].commands?.[i]?.demoralised ?? 0,
    })),
  });
  return {
    rules,
    rulesName: fa.rulesName,
    points: fa.budget,
    battles: s.samples,
    seed: opts.seed,
    draws: s.draw,
    meanBounds: s.meanBounds,
    a: side('a', opts.a, fa),
    b: side('b', opts.b, fb),
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const interval = (p: Proportion) => `${pct(p.p)} [${pct(p.lo)}, ${pct(p.hi)}]`;
const num = (x: number) => String(Math.round(x * 100) / 100);
const pad = (s: string, n: number, right = false) =>
  s.length >= n ? s : right ? ' '.repeat(n - s.length) + s : s + ' '.repeat(n - s.length);

/** The result in words and small tables. */
export function formatBattle(r: BattleResult): string {
  const names = [r.a.name, r.b.name];
  const w = Math.max(...names.map((n) => n.length), 4);
  const sides = [r.a, r.b];
  const vp = r.a.score.distribution.map((_, k) => String(k));
  const cell = 6;
  const lines = [
    `${r.a.name} v ${r.b.name}: ${r.rulesName}, ${num(r.points)} AP each (${num(r.a.ap)} and ${num(r.b.ap)} AP), ${r.battles.toLocaleString('en-US')} battles, seed ${r.seed}`,
    `Each army a line of its commands, fought to the rules of command and victory and scored by the competition score (docs/armies.md "Battles"); 95% intervals in brackets.`,
    '',
    ...sides.map(
      (s) =>
        `${pad(s.name, w)}  wins ${interval(s.wins)}, mean ${s.score.mean.mean.toFixed(2)} VP [${s.score.mean.lo.toFixed(2)}, ${s.score.mean.hi.toFixed(2)}]`,
    ),
    `${pad('draw', w)}  ${interval(r.draws)} (neither army defeated, or both in the same bound); mean ${r.meanBounds.toFixed(1)} bounds`,
    '',
    'Share of battles ending with each score (VP):',
    `  ${pad('', w)}${vp.map((k) => pad(k, cell, true)).join('')}`,
    ...sides.map(
      (s) => `  ${pad(s.name, w)}${s.score.distribution.map((p) => pad(p.toFixed(3), cell, true)).join('')}`,
    ),
    '',
    'Chance each command ends the battle demoralised:',
    ...sides.flatMap((s) => [
      `  ${s.name}`,
      ...s.commands.map(
        (c) => `    ${c.name} (${c.role}, ${c.wing}, ${c.victoryPoints} VP): ${pct(c.demoralised)}`,
      ),
    ]),
  ];
  return lines.join('\n');
}

export function registerBattle(program: Command, exit: { code: number }): void {
  program
    .command('battle')
    .description(
      'Two army files fought against each other at equal points: competition score, wins and draws, and the chance each command breaks',
    )
    .argument('<a>', 'army file (YAML or JSON), e.g. armies/early-imperial-roman.yaml')
    .argument('<b>', 'the other army file, e.g. armies/sassanid.yaml')
    .option(
      '--rules <id>',
      'rule set and version, e.g. dbm-3.0 or dbm-3.2 (default: the newest DBM)',
      once('rules'),
    )
    .option('--points <n>', "budget in AP of each army (default: the first file's, else 400)", once('points'))
    .option(
      '--samples <n>',
      `battles to fight (default ${DEFAULT_BATTLES.toLocaleString('en-US')})`,
      once('samples', parseCount('samples', 1, 1e8)),
    )
    .option('--seed <seed>', 'random seed (default 1)', once('seed', parseSeed))
    .option(
      '--threads <n>',
      "worker threads (default and most: the machine's cores)",
      once('threads', parseCount('threads', 1, 1024)),
    )
    .option('--json', 'print JSON')
    .action(
      async (
        a: string,
        b: string,
        opts: {
          rules?: string;
          points?: string;
          samples?: number;
          seed?: string;
          threads?: number;
          json?: boolean;
        },
      ) => {
        const result = await fightArmies({
          a,
          b,
          rules: opts.rules,
          points: points(opts.points),
          battles: opts.samples ?? DEFAULT_BATTLES,
          seed: opts.seed ?? '1',
          threads: threadsFor(opts.threads, (s) => process.stderr.write(`debellator: ${s}\n`)),
        });
        process.stdout.write(opts.json ? `${JSON.stringify(result)}\n` : `${formatBattle(result)}\n`);
        exit.code = 0;
      },
    );
}
