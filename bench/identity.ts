/**
 * Byte-identity of the battle-line kernel (`npm run bench:identity`): fights a fixed set of lines
 * configs for a fixed seed and number of engagements and prints one SHA-256 of all their counts, then
 * one per config. A kernel speed change must leave every hash as it was.
 *
 *   npm run bench:identity                      # print the hashes
 *   npm run bench:identity -- --save FILE       # ... and write them to FILE (JSON)
 *   npm run bench:identity -- --check FILE      # compare with FILE: exit 1 naming the configs that differ
 *
 * The configs: the three cases of bench/engagement.ts; balance-style line-ups made by the DBM engagement
 * model's `lineUp` (as a balance study makes them) covering second lines, flank contacts, shooting,
 * mixed terrain, refusals, every combat order and the three DBM versions; two DBM army battles
 * (commands, PIPs, the competition score); a DBA 3.0 big battle; a B&B line. Each is fought twice from the same stream: the kernel's full counts, and (models with one) the
 * balance path's `decide` record, which must draw the same numbers.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { createRng } from '../src/core/rng.ts';
import type { AnySystem, LineUp, LineUpSetting } from '../src/core/system.ts';
import { readStructuredFile } from '../src/pipeline/structured-file.ts';
import { systemOfRules } from '../src/systems/registry.ts';

/** Engagements per config (a shard's worth is 5,000; this is enough to reach every branch often). */
const ENGAGEMENTS = 2_000;
const SEED = 'bench-identity';
const FORMAT = 'debellator-identity/1';

interface Fight {
  readonly name: string;
  readonly rules: string;
  /** The model's config, made on demand (after the system is loaded). */
  config(system: AnySystem): unknown;
  /** Engagements to fight, if not ENGAGEMENTS (an army battle costs a hundred line-ups' worth). */
  readonly engagements?: number;
}

const systemFor = (rules: string): AnySystem => {
  const s = systemOfRules(rules);
  if (!s?.engagement) throw new Error(`no engagement model for ${rules}`);
  return s;
};

/** A fight made by the model's `configure` from an engagement study block. */
const block = (
  name: string,
  rules: string,
  b: Record<string, unknown>,
  extra?: Record<string, unknown>,
): Fight => ({
  name,
  rules,
  config: (system) => {
    const version = rules;
    const c = system.engagement!.configure(b, system.variant({ version })) as Record<string, unknown>;
    return extra ? { ...c, ...extra } : c;
  },
});

// The balance study's battlefields (studies/balance/plan.ts: 600p apart, shooters halt; open and mixed).
const OPEN = { per: 'battle', weights: { good: 1 } };
const MIXED = { per: 'file', weights: { good: 6, rough: 3, difficult: 1 } };
const setting = (
  terrain: unknown,
  options: Record<string, unknown> = {},
  first: LineUpSetting['first'] = 'alternate',
): LineUpSetting => ({
  boundLimit: 30,
  first,
  options: { optionalPursuit: 'stand', combatOrder: 'owner-best-first', ...options },
  battlefield: { distance: 600, shooters: 'halt', terrain },
});

/** A balance-style fight: the DBM model's `lineUp` of two line-ups. */
const lineUp = (name: string, version: string, a: LineUp, b: LineUp, s: LineUpSetting): Fight => ({
  name,
  rules: 'dbm-3.2',
  config: (system) => system.engagement!.lineUp!(system.variant({ version }), a, b, s),
});
const side = (element: string, count: number, depth = 1): LineUp => ({ element, count, depth });

/**
 * A DBM army battle of two reference armies (armies/), fitted to `points` AP, as an army study fights
 * them: commands, PIPs, the army's break and the competition score (docs/armies.md).
 */
const armyBattle = (
  name: string,
  version: string,
  a: string,
  b: string,
  points: number,
  terrain: unknown,
): Fight => ({
  name,
  rules: 'dbm-3.2',
  engagements: 200,
  config: (system) => {
    const spec = { version };
    const fit = (army: string) =>
      system.army!.fit(readStructuredFile(`armies/${army}.yaml`).data, spec, points);
    return system.army!.battle(fit(a), fit(b), spec, {
      battlefield: { distance: 600, shooters: 'halt', terrain },
    } as Parameters<NonNullable<AnySystem['army']>['battle']>[3]);
  },
});

export const FIGHTS: readonly Fight[] = [
  // bench/engagement.ts's three cases.
  block('bench: 8x2 Reg Bd(O) mirror', 'dbm-3.2', {
    a: '8 files of Reg Bd(O), 2 deep',
    b: '8 files of Reg Bd(O), 2 deep',
  }),
  block('bench: 8x2 Reg Sp(O) v 8x2 Irr Kn(O)', 'dbm-3.2', {
    a: '8 files of Reg Sp(O), 2 deep',
    b: '8 files of Irr Kn(O), 2 deep',
  }),
  block(
    'bench: 10 Reg Bw(O) v 6 Irr Kn(O), 400p approach, mixed terrain',
    'dbm-3.2',
    { a: '5 files of Reg Bw(O), 2 deep', b: '6 files of Irr Kn(O)', boundLimit: 30 },
    { battlefield: { distance: 400, shooters: 'halt', terrain: MIXED } },
  ),
  // Balance line-ups.
  lineUp(
    'line-up: 20 Reg Bd(O) 2 deep v 6 Irr Kn(O), second lines, open',
    'dbm-3.2',
    side('Reg Bd(O)', 20, 2),
    side('Irr Kn(O)', 6),
    setting(OPEN),
  ),
  lineUp(
    'line-up: 24 Irr Hd(O) v 8 Reg Bd(O), second lines, mixed',
    'dbm-3.2',
    side('Irr Hd(O)', 24),
    side('Reg Bd(O)', 8),
    setting(MIXED),
  ),
  lineUp(
    'line-up: 12 Irr Wb(S) v 8 Reg Sp(O), overlaps and flank contacts',
    'dbm-3.2',
    side('Irr Wb(S)', 12),
    side('Reg Sp(O)', 8),
    setting(OPEN),
  ),
  lineUp(
    'line-up: 10 Reg Cv(O) v 7 Reg Kn(O), flank contacts, sweep order, no refusals',
    'dbm-3.2',
    side('Reg Cv(O)', 10),
    side('Reg Kn(O)', 7),
    setting(OPEN, { combatOrder: 'sweep', refusals: 'never' }),
  ),
  lineUp(
    'line-up: 12 Reg Bw(O) v 6 Irr Kn(S), shooting, open',
    'dbm-3.2',
    side('Reg Bw(O)', 12),
    side('Irr Kn(S)', 6),
    setting(OPEN),
  ),
  lineUp(
    'line-up: 12 Reg Bw(S) 2 deep v 10 Irr Bd(O), shooting, mixed',
    'dbm-3.2',
    side('Reg Bw(S)', 12, 2),
    side('Irr Bd(O)', 10),
    setting(MIXED),
  ),
  lineUp(
    'line-up: 14 Irr Ps(O) v 9 Reg Ax(S), shooting, mixed',
    'dbm-3.2',
    side('Irr Ps(O)', 14),
    side('Reg Ax(S)', 9),
    setting(MIXED),
  ),
  lineUp(
    'line-up: 10 Irr LH(O) v 6 Reg Kn(S), refusals',
    'dbm-3.2',
    side('Irr LH(O)', 10),
    side('Reg Kn(S)', 6),
    setting(OPEN),
  ),
  lineUp(
    'line-up: 12 Reg Bw(I) v 10 Irr Wb(O), shooting, mixed',
    'dbm-3.2',
    side('Reg Bw(I)', 12),
    side('Irr Wb(O)', 10),
    setting(MIXED),
  ),
  lineUp(
    'line-up: 8 Irr LH(F) v 12 Reg Bw(O), refusals, mixed',
    'dbm-3.2',
    side('Irr LH(F)', 8),
    side('Reg Bw(O)', 12),
    setting(MIXED),
  ),
  lineUp(
    'line-up: 4 Irr El(O) v 9 Reg Bd(X), DBM 3.0, simultaneous order',
    'dbm-3.0',
    side('Irr El(O)', 4),
    side('Reg Bd(X)', 9),
    setting(OPEN, { combatOrder: 'simultaneous' }),
  ),
  lineUp(
    'line-up: 16 Reg Pk(O) 4 deep v 8 Irr Kn(O), DBM 3.1, mixed',
    'dbm-3.1',
    side('Reg Pk(O)', 16, 4),
    side('Irr Kn(O)', 8),
    setting(MIXED),
  ),
  lineUp(
    'line-up: 12 Reg Bd(O) 2 deep v 12 Reg Bd(O) 2 deep, mirror, pursue',
    'dbm-3.2',
    side('Reg Bd(O)', 12, 2),
    side('Reg Bd(O)', 12, 2),
    setting(OPEN, { optionalPursuit: 'pursue' }, 'a'),
  ),
  lineUp(
    'line-up: 30 Irr Hd(O) v 7 Irr Wb(S), deep second lines, mixed',
    'dbm-3.2',
    side('Irr Hd(O)', 30),
    side('Irr Wb(S)', 7),
    setting(MIXED),
  ),
  lineUp(
    'line-up: 6 Reg Art(O) v 10 Irr Cv(O), shooting, first b',
    'dbm-3.2',
    side('Reg Art(O)', 6),
    side('Irr Cv(O)', 10),
    setting(OPEN, {}, 'b'),
  ),
  lineUp(
    'line-up: 9 Irr Cm(O) v 11 Reg LH(S), mixed',
    'dbm-3.2',
    side('Irr Cm(O)', 9),
    side('Reg LH(S)', 11),
    setting(MIXED),
  ),
  // A DBA 3.0 big battle (test/pipeline/dba-big-battle.test.ts's commands).
  block('DBA 3.0 big battle: two commands of 3Cv v one', 'dba-3.0', {
    a: {
      name: 'Two commands',
      files: [[{ element: '3Cv', general: true }], ['3Cv'], ['3Cv'], ['3Cv'], ['3Cv'], ['3Cv']],
    },
    b: '6 files of 3Cv',
    boundLimit: 30,
    first: 'a',
    options: { combatOrder: 'simultaneous' },
    bigBattle: { a: { commands: [3, 3], cInC: 0 } },
  }),
  // A Blood and Blades line.
  block('B&B: 6 Reg Sp(O) 2 deep v 8 Irr Wb(S)', 'bnb-0.7', {
    a: '6 files of Reg Sp(O), 2 deep',
    b: '8 files of Irr Wb(S)',
    boundLimit: 30,
  }),
  // Lines wider than 32 and 64 columns (the kernel keeps its sets of columns 32 to a word), added after
  // the others, whose streams keep their numbers.
  lineUp(
    'line-up: 90 Irr Hd(O) v 70 Irr Bw(I), 72 columns wide (three words of columns), shooting, mixed',
    'dbm-3.2',
    side('Irr Hd(O)', 90),
    side('Irr Bw(I)', 70),
    setting(MIXED),
  ),
  lineUp(
    'line-up: 70 Irr Ps(O) v 70 Reg Bd(O) 2 deep, 37 columns wide, second lines, open',
    'dbm-3.2',
    side('Irr Ps(O)', 70),
    side('Reg Bd(O)', 70, 2),
    setting(OPEN),
  ),
  // DBM army battles (added after the others, whose streams keep their numbers) (an army study's): commands, PIPs, shooting, second lines, the competition score.
  armyBattle(
    'DBM 3.2 army battle: Early Imperial Roman v Sassanid, 400 AP, mixed',
    'dbm-3.2',
    'early-imperial-roman',
    'sassanid',
    400,
    MIXED,
  ),
  armyBattle(
    'DBM 3.0 army battle: Hussite v Mongol, 500 AP, open',
    'dbm-3.0',
    'hussite',
    'mongol',
    500,
    OPEN,
  ),
];

const bytesOf = (c: Float64Array) => new Uint8Array(c.buffer, c.byteOffset, c.byteLength);

/** Per fight: the hash of its kernel counts and (where the model has `decide`) its decide record. */
export function identity(fights: readonly Fight[] = FIGHTS): { all: string; each: Record<string, string> } {
  const each: Record<string, string> = {};
  const whole = createHash('sha256');
  fights.forEach((f, i) => {
    const system = systemFor(f.rules);
    const model = system.engagement!;
    const config = f.config(system);
    const h = createHash('sha256');
    const n = f.engagements ?? ENGAGEMENTS;
    const counts = model.kernel(config, createRng(SEED, i), n);
    h.update(bytesOf(counts));
    whole.update(bytesOf(counts));
    if (model.decide) {
      const record = model.decide(config, createRng(SEED, i), n);
      h.update(bytesOf(record));
      whole.update(bytesOf(record));
    }
    each[f.name] = h.digest('hex');
  });
  return { all: whole.digest('hex'), each };
}

function main(argv: readonly string[]): number {
  const flag = (name: string) => {
    const i = argv.indexOf(name);
    if (i < 0) return undefined;
    const file = argv[i + 1];
    if (!file || file.startsWith('--')) throw new Error(`${name}: give a file`);
    return file;
  };
  const save = flag('--save');
  const check = flag('--check');
  const t0 = performance.now();
  const got = identity();
  console.log(`all ${FIGHTS.length} configs: ${got.all}`);
  for (const [name, hash] of Object.entries(got.each)) console.log(`  ${hash.slice(0, 16)}  ${name}`);
  console.log(
    `(${ENGAGEMENTS.toLocaleString('en-US')} engagements each, army battles 200, seed ${SEED}; ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );
  if (save) {
    writeFileSync(save, `${JSON.stringify({ format: FORMAT, all: got.all, each: got.each }, null, 2)}\n`);
    console.log(`saved to ${save}`);
  }
  if (check) {
    const want = JSON.parse(readFileSync(check, 'utf8')) as {
      format?: string;
      all: string;
      each: Record<string, string>;
    };
    if (want.format !== FORMAT) throw new Error(`${check}: not a ${FORMAT} file`);
    const names = new Set([...Object.keys(want.each), ...Object.keys(got.each)]);
    const differ = [...names].filter((n) => want.each[n] !== got.each[n]);
    if (differ.length === 0 && want.all === got.all) {
      console.log(`identical to ${check}`);
      return 0;
    }
    console.log(`DIFFERENT from ${check}:`);
    for (const n of differ)
      console.log(
        `  ${n}: ${want.each[n] === undefined ? 'not in the file' : got.each[n] === undefined ? 'no longer fought' : 'counts differ'}`,
      );
    return 1;
  }
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exitCode = main(process.argv.slice(2));
