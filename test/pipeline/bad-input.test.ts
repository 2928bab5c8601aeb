/**
 * The bad-input corpus (hardening): every class of bad input found by trying the tool as a careless or
 * hostile user would, plus seeded random mutations of the bundled scenarios and situation files. Each bad
 * input must be refused with exit 2 (never an internal error, never a stack trace), every line of the
 * refusal `debellator: file:line field: message` where a file is at fault, before any output is
 * written, and within a generous time bound (a hang guard). A mutation that stays valid must load.
 * The number of cases per class is printed at the end.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRng } from '../../src/core/rng.ts';
import { InputError } from '../../src/core/errors.ts';
import { loadScenarioFile, loadScenarioText } from '../../src/pipeline/scenario.ts';
import { countsDigest } from '../../src/pipeline/slices.ts';
import { runMain } from '../cli/run-main.ts';

const dir = mkdtempSync(join(tmpdir(), 'debellator-bad-'));
/** Cases per class, printed at the end. */
const tally = new Map<string, number>();
const count = (cls: string, n = 1) => tally.set(cls, (tally.get(cls) ?? 0) + n);
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  const total = [...tally.values()].reduce((t, n) => t + n, 0);
  const lines = [...tally].map(([c, n]) => `  ${c.padEnd(34)} ${n}`);
  process.stdout.write(`bad-input corpus:\n${lines.join('\n')}\n  ${'total'.padEnd(34)} ${total}\n`);
});

/** A hang guard per case, generous for a loaded machine. */
const CASE_MS = 20_000;

const file = (name: string, text: string | Buffer): string => {
  const f = join(dir, name);
  writeFileSync(f, text);
  return f;
};
const slug = (s: string) => s.replace(/\W+/g, '-');

/** The refusal lines: exit 2, nothing internal, each line a `debellator:` line, nothing written. */
async function refused(args: string[], out: string | undefined, within = CASE_MS): Promise<string[]> {
  const t0 = performance.now();
  const r = await runMain(args);
  expect(performance.now() - t0, `${args.join(' ')} took too long`).toBeLessThan(within);
  expect(r.code, `${args.join(' ')}\n${r.err}`).toBe(2);
  expect(r.err).not.toMatch(/internal error| {4}at |Error:|ENOENT|EACCES/);
  const lines = r.err.trim().split('\n');
  for (const l of lines) {
    expect(l).toMatch(/^(debellator: |error: )/);
    expect(l.length, l).toBeLessThan(600);
  }
  if (out !== undefined) expect(existsSync(out), `${out} was written`).toBe(false);
  return lines;
}

/** Every line names `f` with a line number (the summary line of a long list names it without). */
const eachLocated = (lines: readonly string[], f: string) => {
  for (const l of lines)
    expect(l.startsWith(`debellator: ${f}:`) || l.startsWith('debellator: and '), l).toBe(true);
  for (const l of lines.filter((x) => !x.startsWith('debellator: and ')))
    expect(l, l).toMatch(new RegExp(`^debellator: ${f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+ `));
};

const matrix =
  'rules: dbm-3.2\nstudies:\n  - kind: matrix\n    name: m\n    a: [Reg Bd(O)]\n    b: [Irr Kn(O)]\n';
const engagement = (a: string, extra = '') =>
  `rules: dbm-3.2\nstudies:\n  - kind: engagement\n    name: e\n    samples: 10\n${extra}    a: ${a}\n    b: 2 files of Reg Bd(O)\n`;
const laughs = (n: number) =>
  [
    'a: &a [x, x, x, x, x, x, x, x, x]',
    ...Array.from({ length: n }, (_, i) => {
      const prev = String.fromCharCode(97 + i);
      const me = String.fromCharCode(98 + i);
      return `${me}: &${me} [${Array(9).fill(`*${prev}`).join(', ')}]`;
    }),
  ].join('\n');

/** Scenario texts that must be refused, by class; each names the file and line. */
const SCENARIOS: Record<string, Record<string, string>> = {
  'accepted nonsense': {
    'zero files': engagement('0 files of Reg Bd(O)'),
    'zero deep': engagement('2 files of Reg Bd(O), 0 deep'),
    'five deep (the object form stops at 4)': engagement('2 files of Reg Bd(O), 5 deep'),
    'nine deep': engagement('2 files of Reg Bd(O), 9 deep'),
    'a thousand deep': engagement('2 files of Reg Bd(O), 1000 deep'),
    'negative files': engagement('-2 files of Reg Bd(O)'),
    'fractional files': engagement('2.5 files of Reg Bd(O)'),
    'budget that buys nothing': engagement('as many Reg Bd(O) as 1 AP buys'),
    'zero budget': engagement('as many Reg Bd(O) as the budget buys', '    budget: 0\n'),
    'no engagements': engagement('2 files of Reg Bd(O)').replace('samples: 10', 'samples: 0'),
    'empty seed': `seed: ""\n${matrix}`,
    'a matrix context of close combat with shooting fields': `rules: dbm-3.2\nstudies:\n  - kind: matrix\n    name: m\n    a: [Reg Bw(O)]\n    b: [Irr Kn(O)]\n    context: { mode: close, a: { aiders: 1 } }\n`,
    'close combat with shooting fields': `rules: dbm-3.2\nstudies:\n  - kind: odds\n    name: o\n    situations:\n      - { mode: close, shooters: both, a: { element: Reg Bw(O), aiders: 1 }, b: { element: Reg Bd(O) } }\n`,
  },
  'input errors, not internal errors': {
    'billion laughs': `${laughs(5)}\n${matrix}`,
    'undefined alias': `${matrix}    context: *nothing\n`,
    'deep flow nesting': `x: ${'['.repeat(3000)}${']'.repeat(3000)}\n${matrix}`,
    'deep block nesting': `${Array.from({ length: 3000 }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n')}\n`,
    'nesting past the limit': `x: ${'['.repeat(70)}${']'.repeat(70)}\n${matrix}`,
    'zero cost override': `${matrix}overrides:\n  costs: { Reg Bd(O): 0 }\n`,
    'negative cost override': `${matrix}overrides:\n  costs: { Reg Bd(O): -3 }\n`,
    'cost of an unknown element': `${matrix}overrides:\n  costs: { Reg Zz(O): 3 }\n`,
    '20-digit file count': engagement('99999999999999999999 files of Reg Bd(O)'),
    'budget of a billion': engagement('as many Reg Bd(O) as the budget buys', '    budget: 1000000000\n'),
    'budget of ten million': engagement('as many Reg Bd(O) as the budget buys', '    budget: 10000000\n'),
    'a billion AP in the shorthand': engagement('as many Reg Bd(O) as 1000000000 AP buys'),
    'negative samples': `samples: -5\n${matrix}`,
    'infinite samples': `samples: .inf\n${matrix}`,
    'NaN samples': `samples: .nan\n${matrix}`,
    'samples past the limit': `samples: 1e13\n${matrix}`,
    'not a mapping': '- just\n- a list\n',
    'empty file': '',
    'only a comment': '# nothing here\n',
    'a null document': 'null\n',
    'JSON syntax error': '{"rules": "dbm-3.2", "studies": [}',
    'duplicate key': `rules: dbm-3.2\n${matrix}`,
    'bad element': matrix.replace('[Irr Kn(O)]', '[Irr Kn(Q)]'),
    'DBA notation under DBM': matrix.replace('[Irr Kn(O)]', '[4Bd]'),
    'charts for DBM': `charts: card.json\n${matrix}`,
    'GBA block under DBM': 'rules: dbm-3.2\nstudies:\n  - kind: engagement\n    name: e\n    situation: {}\n',
    'balance for a system without points': 'rules: dba-3.0\nstudies:\n  - kind: balance\n    name: b\n',
    'a thousand and one studies': `rules: dbm-3.2\nstudies:\n${'  - { kind: matrix, name: m, a: [Reg Bd(O)], b: [Irr Kn(O)] }\n'.repeat(1001)}`,
    'two studies with one name': `${matrix}  - { kind: matrix, name: m, a: [Reg Bd(O)], b: [Irr Kn(O)] }\n`,
    'a name that is a path': matrix.replace('name: m', 'name: ../../etc'),
  },
  'scale limits refused before work': {
    'a 400 x 400 matrix (160,000 cells)': `rules: dbm-3.2\nstudies:\n  - kind: matrix\n    name: m\n    a: [${Array(400).fill('Reg Bd(O)').join(', ')}]\n    b: [${Array(400).fill('Irr Kn(O)').join(', ')}]\n`,
    'a sweep list of 1,001 elements': `rules: dbm-3.2\nstudies:\n  - kind: matrix\n    name: m\n    a: [${Array(1001).fill('Reg Bd(O)').join(', ')}]\n    b: [Irr Kn(O)]\n`,
    'a one-cell study, then 1,000 x 100 cells': `${matrix}  - kind: matrix\n    name: big\n    a: [${Array(1000).fill('Reg Bd(O)').join(', ')}]\n    b: [${Array(100).fill('Irr Kn(O)').join(', ')}]\n`,
  },
  'messages say what is wrong': {
    'unknown study kind': matrix.replace('kind: matrix', 'kind: matrice'),
    'unknown rules': matrix.replace('dbm-3.2', 'dbm-9'),
    'rules as a number': matrix.replace('rules: dbm-3.2', 'rules: 3.2'),
    'misspelt top-level key': matrix.replace('studies:', 'studis:'),
    'unknown top-level key after the studies': `${matrix}colour: red\n`,
    'misspelt situations': `rules: dbm-3.2\nstudies:\n  - kind: odds\n    name: o\n    situatons:\n      - { a: { element: Reg Bd(O) }, b: { element: Irr Kn(S) } }\n`,
  },
};

/** Expected words in some refusals (the message must say the right thing, not only exit 2). */
const SAYS: Record<string, RegExp> = {
  'nine deep': /:\d+ studies\[0\]\.a: files are 1 to 4 deep, not 9/,
  'empty seed': /seed/,
  'a matrix context of close combat with shooting fields':
    /:7 studies\[0\]\.context\.a\.aiders: applies to shooting only, and this combat is close/,
  'close combat with shooting fields': /aiders: only a side that shoots has elements aiding its shooting/,
  'billion laughs': /:1 cannot read the document: .*alias/i,
  'deep flow nesting': /nested too deeply/,
  'zero cost override': /overrides\.costs\.Reg Bd\(O\): must be above 0/,
  'budget of a billion': /budget: must be at most 100000/,
  'infinite samples': /samples: expected number, found Infinity/,
  'rules as a number': /:1 rules: expected a rule set, found number 3\.2; one of dbm-3\.0/,
  'misspelt top-level key': /studis: unknown key "studis": did you mean "studies"\?/,
  'unknown top-level key after the studies': /:7 colour: unknown key "colour"/,
  'misspelt situations': /:5 studies\[0\]\.situatons: unknown key "situatons": did you mean "situations"\?/,
  'a 400 x 400 matrix (160,000 cells)':
    /:3 studies\[0\]: 160,000 cells take the scenario to 160,000; at most 100,000/,
  'a sweep list of 1,001 elements': /studies\[0\]\.a: must have at most 1000 items/,
  'a one-cell study, then 1,000 x 100 cells':
    /:7 studies\[1\]: 100,000 cells take the scenario to 100,001; at most 100,000/,
};

describe('bad scenarios: exit 2, every line file:line field: message, nothing written', () => {
  for (const [cls, cases] of Object.entries(SCENARIOS))
    for (const [name, text] of Object.entries(cases))
      it(`${cls}: ${name}`, async () => {
        count(cls);
        const f = file(`${slug(name)}.yaml`, text);
        const out = join(dir, `out-${slug(name)}`);
        const lines = await refused(['run', f, '--out', out, '--quiet'], out);
        eachLocated(lines, f);
        if (SAYS[name]) expect(lines.join('\n')).toMatch(SAYS[name]);
      });
});

describe('every problem of a file is reported, one line each, at most 20', () => {
  it('six problems in four studies and the top level', async () => {
    count('messages say what is wrong');
    const f = file(
      'many.yaml',
      `rules: dbm-3.2
samples: -4
colour: red
studies:
  - kind: matrix
    name: m
    a: [Reg Bd(Q)]
    b: [Irr Kn(O)]
  - kind: engagement
    name: bad name
    a: 0 files of Reg Bd(O)
  - kind: odds
    name: o
    situatons:
      - { a: { element: Reg Bd(O) }, b: { element: Irr Kn(S) } }
  - kind: engagement
    name: e2
    samples: 1.5
    a: 2 files of Reg Bd(O)
    b: 2 files of Reg Bd(O)
`,
    );
    const lines = await refused(['run', f, '--quiet'], undefined);
    eachLocated(lines, f);
    expect(lines.map((l) => l.replace(`debellator: ${f}`, ''))).toEqual([
      ':2 samples: must be at least 0 (found -4)',
      ':3 colour: unknown key "colour"',
      ':7 studies[0].a[0]: "Q" in "Reg Bd(Q)" is not a grade (S, O, I, F, X)',
      ':10 studies[1].name: use letters, digits, ".", "_" or "-" (it names report files)',
      ':14 studies[2].situatons: unknown key "situatons": did you mean "situations"?',
      ':18 studies[3].samples: expected a whole number, found number 1.5',
    ]);
  });

  it('thirty bad studies: twenty lines and how many more', async () => {
    count('messages say what is wrong');
    const bad = '  - { kind: matrix, name: m, a: [Reg Bd(Q)], b: [Irr Kn(O)] }\n';
    const f = file(
      'thirty.yaml',
      `rules: dbm-3.2\nstudies:\n${Array.from({ length: 30 }, (_, i) => bad.replace('name: m', `name: m${i}`)).join('')}`,
    );
    const lines = await refused(['run', f, '--quiet'], undefined);
    expect(lines).toHaveLength(21);
    expect(lines[20]).toBe(`debellator: and 10 more problems in ${f}`);
    eachLocated(lines, f);
  });
});

describe('bad command lines: exit 2', () => {
  const scenario = file('ok.yaml', matrix);
  const sit = file(
    'close-shooters.yaml',
    'mode: close\nshooters: both\na: { element: Reg Bw(O), aiders: 1 }\nb: { element: Reg Bd(O) }\n',
  );
  const afile = file('a-file', 'x');
  const foreign = join(dir, 'foreign');
  mkdirSync(foreign, { recursive: true });
  writeFileSync(join(foreign, 'notes.txt'), 'mine');
  const linux = existsSync('/proc/self');
  const cases: Record<string, [string, string[], RegExp?][]> = {
    'accepted nonsense': [
      [
        'shooting and close',
        ['odds', 'Reg Bw(O)', 'Reg Bd(O)', '--shooting', '--mode', 'close'],
        /--shooting and --mode close contradict each other/,
      ],
      [
        'aiders in close combat',
        ['odds', 'Reg Bw(O)', 'Reg Bd(O)', '--a-aiders', '2'],
        /--a-aiders applies to shooting only/,
      ],
      ['shooters in close combat', ['odds', 'Reg Bw(O)', 'Reg Bd(O)', '--shooters', 'both'], /--shooters/],
      ['a close-only flag in shooting', ['odds', 'Reg Bw(O)', 'Reg Bd(O)', '--shooting', '--a-moved']],
      [
        'a mode given twice',
        ['odds', 'Reg Bw(O)', 'Reg Bd(O)', '--mode', 'shooting', '--mode', 'close'],
        /--mode is given twice/,
      ],
      ['B&B raining in close combat', ['odds', 'Reg Bw(O)', 'Reg Bd(O)', '--rules', 'bnb-0.7', '--raining']],
      ['DBA aiders in close combat', ['odds', '4Bw', '4Bd', '--rules', 'dba-3.0', '--b-aiders', '1']],
      [
        'a situation file with shooting fields in close combat',
        ['odds', '--situation', sit],
        /close-shooters\.yaml:3 a\.aiders: only a side that shoots/,
      ],
      ['blades shooting', ['odds', 'Reg Bd(O)', 'Irr Kn(S)', '--shooting']],
      ['another system’s flag', ['odds', 'Reg Bd(O)', 'Irr Wb(S)', '--a-cohesion']],
      ['GBA without a situation', ['odds', '--rules', 'gba-5']],
      ['unknown rules', ['odds', 'Reg Bd(O)', 'Irr Wb(S)', '--rules', 'dbm-4']],
      ['empty seed', ['run', scenario, '--seed', '', '--out', join(dir, 'x1')], /--seed/],
      ['a 201-character seed', ['run', scenario, '--seed', 'x'.repeat(201), '--out', join(dir, 'x1')]],
      ['negative samples', ['run', scenario, '--samples', '-1', '--out', join(dir, 'x2')]],
      ['fractional samples', ['run', scenario, '--samples', '2.5', '--out', join(dir, 'x2')]],
      ['samples past the limit', ['run', scenario, '--samples', '1e13', '--out', join(dir, 'x2')]],
      ['zero threads', ['run', scenario, '--threads', '0', '--out', join(dir, 'x2')]],
      ['slice 3 of 2', ['run', scenario, '--shard', '3/2', '--out', join(dir, 'x3')]],
      ['slice 1 of ten million', ['run', scenario, '--shard', '1/10000000', '--out', join(dir, 'x3')]],
      ['out given twice', ['run', scenario, '--out', join(dir, 'x4'), '--out', join(dir, 'x5')]],
    ],
    'output checked before the work': [
      ['out is a file', ['run', scenario, '--out', afile], /is a file, not a folder/],
      ['out is empty', ['run', scenario, '--out', ''], /--out: give a folder/],
      ['out is blank', ['run', scenario, '--out', '  ']],
      ['out under a file', ['run', scenario, '--out', join(afile, 'sub')], /a-file is a file/],
      ['out is the root', ['run', scenario, '--out', '/'], /root folder/],
      [
        'out holds other files',
        ['run', scenario, '--out', foreign],
        /holds files debellator did not write \("notes\.txt"\)/,
      ],
      [
        'out needs exactly seventeen new folders (the report folder is one)',
        ['run', scenario, '--out', join(dir, 'n17', ...'abcdefghijklmnop'.split(''))],
        /more than 16 new folders/,
      ],
      [
        'out is a 300-character name',
        ['run', scenario, '--out', join(dir, 'x'.repeat(300))],
        /the path is too long/,
      ],
      ['out is a 5,000-character path', ['run', scenario, '--out', 'y'.repeat(5000)], /the path is too long/],
      [
        'out is a 300-character folder below a new one',
        ['run', scenario, '--out', join(dir, 'new-parent', 'x'.repeat(300))],
        /the path is too long/,
      ],
      [
        'slice out is a 300-character name',
        ['run', scenario, '--shard', '1/2', '--out', join(dir, 'x'.repeat(300))],
        /the path is too long/,
      ],
      [
        'out needs seventeen new folders',
        ['run', scenario, '--out', join(dir, ...'abcdefghijklmnopq'.split(''), 'r')],
        /more than 16 new folders/,
      ],
      ['slice out is a file', ['run', scenario, '--shard', '1/2', '--out', afile]],
      ['slice out is empty', ['run', scenario, '--shard', '1/2', '--out', '']],
      ['merge out is a file', ['merge', join(dir, 'no-slice.json'), '--out', afile]],
      ...(linux
        ? ([
            ['out in /proc', ['run', scenario, '--out', '/proc/x'], /\/proc\/x/],
            ['out deep in /proc (no endless mkdir)', ['run', scenario, '--out', '/proc/x/y/z']],
            ['slice out in /proc', ['run', scenario, '--shard', '1/2', '--out', '/proc/x']],
            ['out is a device', ['run', scenario, '--out', '/dev/null']],
          ] as [string, string[], RegExp?][])
        : []),
    ],
    'input errors, not internal errors': [
      ['missing scenario', ['run', join(dir, 'nope.yaml')], /nope\.yaml cannot read: no such file/],
      ['a 5,000-character scenario path', ['run', 'q'.repeat(5000)], /cannot read: the path is too long/],
      [
        'a 300-character situation file name',
        ['odds', '--situation', join(dir, 'q'.repeat(300))],
        /cannot read: the path is too long/,
      ],
      ['a folder as scenario', ['run', dir], /is a folder, not a file/],
      ['a huge binary as scenario', ['run', process.execPath], /too large/],
      ['missing situation file', ['odds', '--situation', join(dir, 'nope.yaml')], /no such file/],
      ['serve on no host', ['serve', '--host', '', '--port', '0'], /--host: "" is not an address/],
      ['serve on a bad host', ['serve', '--host', 'bad host!', '--port', '0']],
      ['serve on a name', ['serve', '--host', 'example.com', '--port', '0']],
      ['serve on a bad port', ['serve', '--port', '99999']],
      ['an unknown option', ['run', scenario, '--bogus']],
      [
        'a pasted page as an element (the line is cut)',
        ['odds', 'x'.repeat(100_000), 'Reg Bd(O)'],
        / \.\.\. /,
      ],
      ...(linux
        ? ([['an endless device as scenario', ['run', '/dev/zero'], /not a regular file/]] as [
            string,
            string[],
            RegExp?,
          ][])
        : []),
    ],
    'scale limits refused before work': [
      [
        'the land matrix at 1e10 samples',
        ['run', 'scenarios/dbm-land-matrix.yaml', '--samples', '1e10', '--out', join(dir, 'land')],
        /dbm-land-matrix: about .* on \d+ threads?: 1\.0e14 samples in 1\.0e8 shards, about .* of memory; that is more than 1 h .*--yes/,
      ],
      [
        'ten billion engagements',
        [
          'run',
          file('big-e.yaml', engagement('2 files of Reg Bd(O)').replace('samples: 10', 'samples: 1e10')),
        ],
        /more than 1 h/,
      ],
    ],
  };
  for (const [cls, list] of Object.entries(cases))
    for (const [name, args, says] of list)
      it(`${cls}: ${name}`, async () => {
        count(cls);
        const lines = await refused(args, join(dir, 'x1'));
        if (says) expect(lines.join('\n')).toMatch(says);
      });

  it(
    'output checked before the work: the folder you are in is never replaced',
    () => {
      count('output checked before the work', 2);
      // In a folder of its own that looks like a report, so nothing else would stop the swap.
      const here = join(dir, 'here');
      mkdirSync(here, { recursive: true });
      writeFileSync(join(here, 'results.json'), '{\n  "format": "debellator-results/2"\n}\n');
      for (const out of ['.', '..']) {
        const r = spawnSync(
          process.execPath,
          [resolve('bin/debellator.js'), 'run', resolve(scenario), '--out', out, '--quiet'],
          { cwd: here, encoding: 'utf8', timeout: CASE_MS },
        );
        expect(r.status, r.stderr).toBe(2);
        expect(r.stderr).toMatch(/holds the folder you are in/);
        expect(readdirSync(here)).toEqual(['results.json']);
      }
    },
    2 * CASE_MS,
  );

  it('--threads above the cores runs on the cores, with a note', async () => {
    const r = await runMain(['run', scenario, '--threads', '999', '--out', join(dir, 'threads'), '--quiet']);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/--threads 999: this machine has \d+ cores?; using \d+/);
  });
});

describe('merge trusts no slice', () => {
  const scenario = file(
    'sliced.yaml',
    'rules: dbm-3.2\nsamples: 2000\nstudies:\n  - kind: odds\n    name: o\n    situations:\n      - { a: { element: Reg Bd(O) }, b: { element: Irr Kn(S) } }\n  - kind: engagement\n    name: e\n    samples: 300\n    a: 3 files of Reg Bd(O)\n    b: 3 files of Irr Kn(O)\n',
  );
  const slices = join(dir, 'slices');
  const good: string[] = [];
  beforeAll(async () => {
    for (const i of [1, 2, 3]) {
      const r = await runMain(['run', scenario, '--shard', `${i}/3`, '--out', slices, '--quiet']);
      expect(r.code, r.err).toBe(0);
      good.push(join(slices, `slice-${i}-of-3.json`));
    }
  }, 60_000);

  type Slice = {
    scenario: { input: { studies: Record<string, unknown>[] } };
    slice: { index: number; count: number };
    shards: { ran: number; of: number };
    partial: [string, unknown[], string?][];
    [k: string]: unknown;
  };
  /** A copy of slice 3 (the one holding the engagement's counts) changed by `f`. */
  const bad = (name: string, f: (s: Slice) => void): string => {
    const s = JSON.parse(readFileSync(good[2]!, 'utf8')) as Slice;
    f(s);
    return file(`bad-${slug(name)}.json`, JSON.stringify(s));
  };
  const firstCount = (s: Slice) => s.partial[0]![1];
  const cases: [string, () => string[], RegExp][] = [
    [
      'a negative count',
      () => [good[0]!, good[1]!, bad('neg', (s) => (firstCount(s)[0] = -5))],
      /must be at least 0/,
    ],
    [
      'an inflated count',
      () => [
        good[0]!,
        good[1]!,
        bad('inflated', (s) => (firstCount(s)[0] = (firstCount(s)[0] as number) + 1000)),
      ],
      /do not add up/,
    ],
    [
      'a fractional count',
      () => [good[0]!, good[1]!, bad('frac', (s) => (firstCount(s)[1] = (firstCount(s)[1] as number) + 0.5))],
      /expected a whole number/,
    ],
    [
      'a count as text',
      () => [good[0]!, good[1]!, bad('text', (s) => (firstCount(s)[0] = '300'))],
      /the text "300"/,
    ],
    ['a null count', () => [good[0]!, good[1]!, bad('null', (s) => (firstCount(s)[0] = null))], /found null/],
    [
      'too few counts',
      () => [good[0]!, good[1]!, bad('short', (s) => (s.partial[0]![1] = firstCount(s).slice(0, 10)))],
      /10 counts; its kind has/,
    ],
    [
      'an outcome the combat cannot have (one count moved)',
      () => {
        // Slice 2 holds the odds cell's table counts; joint outcome 0 (both sides destroyed) cannot occur.
        const s = JSON.parse(readFileSync(good[1]!, 'utf8')) as Slice;
        const c = s.partial[0]![1] as number[];
        const from = c.findIndex((x) => x > 0);
        c[from]! -= 1;
        c[0]! += 1;
        return [good[0]!, file('bad-impossible.json', JSON.stringify(s)), good[2]!];
      },
      /job o\|0: it counts an outcome its combat cannot have \(joint outcome 0\)/,
    ],
    [
      "losses that are not the sum of the files' losses",
      // Side A's elements lost come after the outcome record (16 counts: engine/lines/counts.ts).
      () => [good[0]!, good[1]!, bad('loss', (s) => ((firstCount(s)[16] as number) += 1))],
      /side A: elements lost do not add up/,
    ],
    [
      'too many counts',
      () => [good[0]!, good[1]!, bad('long', (s) => firstCount(s).push(0, 0))],
      /counts; its kind has/,
    ],
    [
      'a job listed twice',
      () => [good[0]!, good[1]!, bad('dup-job', (s) => s.partial.push(s.partial[0]!))],
      /listed twice/,
    ],
    [
      'an unknown job',
      () => [
        good[0]!,
        good[1]!,
        bad('unknown-job', (s) => s.partial.push(['zzz', [1, 2], '0123456789abcdef'])),
      ],
      /zzz/,
    ],
    ['a missing field', () => [good[0]!, good[1]!, bad('no-seed', (s) => delete s.seed)], /seed: missing/],
    [
      'an extra slice 3/2',
      () => [...good, bad('3-of-2', (s) => (s.slice = { index: 3, count: 2 }))],
      /slice 3\/2/,
    ],
    ['a slice twice', () => [...good, good[2]!], /also in/],
    ['a slice missing', () => [good[0]!, good[2]!], /1 of 3 slices missing: 2\/3/],
    [
      'a slice of another run',
      () => [good[0]!, good[1]!, bad('other', (s) => (s.seed = '7'))],
      /different runs/,
    ],
    [
      'a scenario broken in every slice',
      () =>
        [1, 2, 3].map((i) =>
          bad(`broken-${i}`, (s) => {
            const g = JSON.parse(readFileSync(good[i - 1]!, 'utf8')) as Slice;
            Object.assign(s, g);
            s.scenario.input.studies[1]!.a = '0 files of Reg Bd(O)';
          }),
        ),
      /bad-broken-1\.json scenario\.input\.studies\[1\]\.a: a line has 1 to 200 files, not 0/,
    ],
    [
      'a shard count far too large',
      () => [good[0]!, good[1]!, bad('shards', (s) => (s.shards.of = 1e15))],
      /shards/,
    ],
    ['not a slice file', () => [file('not-slice.json', '{"format": "x"}')], /not a debellator-slice/],
    ['not JSON', () => [file('not-json.json', '{')], /not JSON/],
    ['an empty file', () => [file('empty.json', '')], /not JSON/],
    ['a missing file', () => [join(dir, 'nope.json')], /no such file/],
    ['a folder', () => [dir], /is a folder/],
  ];
  for (const [name, files, says] of cases)
    it(name, async () => {
      count('merge trusts no slice');
      const out = join(dir, `merged-${slug(name)}`);
      const lines = await refused(['merge', ...files(), '--out', out], out);
      expect(lines.join('\n')).toMatch(says);
      // Every line names the slice file at fault.
      for (const l of lines) expect(l).toMatch(/^debellator: (\S+\.json|merge:|\/)/);
    });

  it('one slice of a hundred thousand: a short list of what is missing, quickly', async () => {
    count('merge trusts no slice');
    const r = await runMain(['run', scenario, '--shard', '1/100000', '--out', join(dir, 'many'), '--quiet']);
    expect(r.code, r.err).toBe(0);
    const lines = await refused(['merge', join(dir, 'many', 'slice-1-of-100000.json')], undefined, 5_000);
    expect(lines).toEqual([
      'debellator: merge: 99999 of 100000 slices missing: 2/100000, 3/100000, 4/100000, 5/100000, 6/100000, 7/100000, 8/100000, 9/100000, 10/100000, 11/100000 and 99,989 more',
    ]);
  });
});

describe('merge: provenance, and counts changed with every total kept', () => {
  // Two odds cells of 1,500,000 samples: 2 shards each, so slice 1 of 2 holds cell 0, slice 2 cell 1.
  const scenario = file(
    'kept-totals.yaml',
    'rules: dbm-3.2\nsamples: 1500000\nstudies:\n  - kind: odds\n    name: o\n    situations:\n      - { a: { element: Reg Bd(O) }, b: { element: Irr Kn(S) } }\n      - { a: { element: Reg Bd(O) }, b: { element: Irr Kn(O) } }\n',
  );
  const folder = join(dir, 'kept-totals');
  const good: string[] = [];
  type Entry = [string, number[], string];
  type Slice = { tool: { version: string }; partial: Entry[]; [k: string]: unknown };
  const read = (i: number) => JSON.parse(readFileSync(good[i]!, 'utf8')) as Slice;
  const write = (name: string, s: Slice) => file(`kept-${name}.json`, JSON.stringify(s));
  /** What a tamperer who knows the algorithm does: the digest made anew for the changed counts. */
  const redigest = (e: Entry) => {
    const loaded = loadScenarioFile(scenario);
    const job = loaded.studies[0]!.kind.work(loaded.studies[0]!.plan, new Map()).jobs.find(
      (j) => j.id === e[0],
    )!;
    e[2] = countsDigest(e[0], { seed: job.seed, from: 0, to: 2 }, e[1]);
  };
  /** Move `n` samples of entry `e` from its largest outcome to its second largest (both possible). */
  const move = (e: Entry, n: number) => {
    const order = e[1].map((x, k) => [x, k] as const).sort((x, y) => y[0] - x[0]);
    e[1][order[0]![1]]! -= n;
    e[1][order[1]![1]]! += n;
  };
  beforeAll(async () => {
    for (const i of [1, 2]) {
      const r = await runMain(['run', scenario, '--shard', `${i}/2`, '--out', folder, '--quiet']);
      expect(r.code, r.err).toBe(0);
      good.push(join(folder, `slice-${i}-of-2.json`));
    }
    expect(read(0).partial.map((e) => e[0])).toEqual(['o|0']);
    expect(read(1).partial.map((e) => e[0])).toEqual(['o|1']);
  }, 60_000);

  it('the slices as written merge', async () => {
    const r = await runMain(['merge', ...good, '--out', join(folder, 'ok'), '--quiet']);
    expect(r.code, r.err).toBe(0);
  });

  const out = join(folder, 'merged');
  const cases: [string, () => string[], RegExp][] = [
    [
      'slices that claim another tool version',
      () => [0, 1].map((i) => write(`v-${i}`, { ...read(i), tool: { ...read(i).tool, version: '9.9.9' } })),
      /kept-v-0\.json tool\.version: made by debellator 9\.9\.9; this is debellator \d+\.\d+\.\d+: merge with the version that made the slices/,
    ],
    [
      "two jobs' counts swapped (each with its digest)",
      () => {
        const [x, y] = [read(0), read(1)];
        [x.partial[0]![1], x.partial[0]![2], y.partial[0]![1], y.partial[0]![2]] = [
          y.partial[0]![1],
          y.partial[0]![2],
          x.partial[0]![1],
          x.partial[0]![2],
        ];
        return [write('swap-1', x), write('swap-2', y)];
      },
      /kept-swap-1\.json job o\|0: its counts do not match their digest \(of the job, its shards 1 to 2 and the counts\): the slice was changed or damaged/,
    ],
    [
      '2,000 of 1,500,000 samples moved between outcomes',
      () => {
        const x = read(0);
        move(x.partial[0]!, 2000);
        return [write('moved', x), good[1]!];
      },
      /kept-moved\.json job o\|0: its counts do not match their digest/,
    ],
    [
      'the slice numbers swapped',
      () => {
        const [x, y] = [read(0), read(1)];
        [x.slice, y.slice] = [y.slice, x.slice];
        return [write('renumbered-1', x), write('renumbered-2', y)];
      },
      /kept-renumbered-1\.json job o\|0 holds 1500000 samples; this slice's shards draw 0/,
    ],
    [
      '200,000 samples moved, the digest made anew: the exact odds disagree, exit 2, nothing written',
      () => {
        const x = read(0);
        move(x.partial[0]!, 200_000);
        redigest(x.partial[0]!);
        return [write('redigested', x), good[1]!];
      },
      /^debellator: merge: o: sampled and exact disagree in 1 cell\(s\): 1\. Reg Bd\(O\) v Irr Kn\(S\): counts this far from the exact odds mean a slice was changed \(its digests made anew\); nothing written$/,
    ],
  ];
  for (const [name, files, says] of cases)
    it(name, async () => {
      count('merge trusts no slice');
      const lines = await refused(['merge', ...files(), '--out', out], out);
      expect(lines.join('\n')).toMatch(says);
    });

  it('a digest made anew for counts that stay plausible is not detected (docs/distributed.md)', async () => {
    const x = read(0);
    move(x.partial[0]!, 10);
    redigest(x.partial[0]!);
    const r = await runMain([
      'merge',
      write('undetected', x),
      good[1]!,
      '--out',
      join(folder, 'undetected'),
      '--quiet',
    ]);
    expect(r.code, r.err).toBe(0);
  });

  it('a merge into a folder holding a file debellator did not write is refused, the file kept', async () => {
    count('a re-run keeps the user’s files');
    const target = join(folder, 'ok');
    writeFileSync(join(target, 'notes.txt'), 'mine');
    const lines = await refused(['merge', ...good, '--out', target], undefined);
    expect(lines.join('\n')).toMatch(/holds files debellator did not write \("notes\.txt"\)/);
    expect(readFileSync(join(target, 'notes.txt'), 'utf8')).toBe('mine');
  });

  it('a merge into a 300-character folder name is an input error', async () => {
    count('output checked before the work');
    const lines = await refused(['merge', ...good, '--out', join(folder, 'm'.repeat(300))], undefined);
    expect(lines.join('\n')).toMatch(/--out: cannot use .* the path is too long/);
  });
});

/** Run the real command in a child process (a case that could block the process must not block the tests). */
function spawned(args: string[], opts: { cwd?: string } = {}) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [resolve('bin/debellator.js'), ...args], {
    encoding: 'utf8',
    timeout: CASE_MS,
    ...opts,
  });
  return { code: r.status, err: r.stderr, out: r.stdout, ms: performance.now() - t0 };
}

/** Every file under `d` (relative paths, sorted) with its text. */
const contents = (d: string): Record<string, string> =>
  Object.fromEntries(
    readdirSync(d, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => [
        join(e.parentPath, e.name).slice(d.length + 1),
        readFileSync(join(e.parentPath, e.name), 'utf8'),
      ])
      .sort(([x], [y]) => (x! < y! ? -1 : 1)),
  );

describe('a re-run never deletes a file debellator did not write: the folder is refused, naming them', () => {
  const scenario = file('keep.yaml', `samples: 100\n${matrix}`);
  const out = join(dir, 'keep', 'report');
  beforeAll(async () => {
    const r = await runMain(['run', scenario, '--out', out, '--quiet']);
    expect(r.code, r.err).toBe(0);
  });
  const cases: [string, Record<string, string>, RegExp][] = [
    [
      'notes beside the report',
      { 'notes.txt': 'my notes' },
      /holds files debellator did not write \("notes\.txt"\)/,
    ],
    ['a data file in a folder of its own', { 'mine/data.csv': 'a,b\n1,2\n' }, /\("mine\/data\.csv"\)/],
    ['both', { 'notes.txt': 'n', 'mine/data.csv': 'd' }, /\("mine\/data\.csv", "notes\.txt"\)/],
    ['a file among the charts', { 'charts/mine.png': 'png' }, /\("charts\/mine\.png"\)/],
    ['a file named like a report file of no study', { 'other.md': '# mine' }, /\("other\.md"\)/],
  ];
  for (const [name, extra, says] of cases)
    it(name, async () => {
      count('a re-run keeps the user’s files');
      for (const [rel, text] of Object.entries(extra)) {
        mkdirSync(join(out, rel, '..'), { recursive: true });
        writeFileSync(join(out, rel), text);
      }
      const before = contents(out);
      try {
        const lines = await refused(['run', scenario, '--out', out, '--quiet'], undefined);
        expect(lines.join('\n')).toMatch(says);
        expect(lines.join('\n')).toMatch(
          /never deletes them: move them elsewhere, or give a new or empty folder/,
        );
        expect(contents(out)).toEqual(before);
        expect(readdirSync(join(dir, 'keep'))).toEqual(['report']);
      } finally {
        for (const rel of Object.keys(extra))
          rmSync(join(out, rel.split('/')[0]!), { recursive: true, force: true });
      }
    });

  it('the report alone is replaced; a report of an older version (no file list) too, but not its notes', async () => {
    count('a re-run keeps the user’s files', 2);
    const again = await runMain(['run', scenario, '--out', out, '--quiet', '--seed', '2']);
    expect(again.code, again.err).toBe(0);
    // An older report: results.json, the study's files, no list of them.
    rmSync(join(out, '.debellator-files'));
    writeFileSync(join(out, 'notes.txt'), 'mine');
    const lines = await refused(['run', scenario, '--out', out, '--quiet'], undefined);
    expect(lines.join('\n')).toMatch(/\("notes\.txt"\)/);
    rmSync(join(out, 'notes.txt'));
    const old = await runMain(['run', scenario, '--out', out, '--quiet']);
    expect(old.code, old.err).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['.debellator-files', 'm.csv', 'm.md', 'results.json']);
  });
});

describe('reading only what can be read: no pipe, device, invalid UTF-8 or parser stall', () => {
  const linux = existsSync('/proc/self');
  it.runIf(linux)('a FIFO nobody writes to, as scenario, situation or slice, is refused at once', () => {
    const fifo = join(dir, 'fifo.yaml');
    const made = spawnSync('mkfifo', [fifo]);
    if (made.status !== 0) return;
    for (const args of [
      ['run', fifo],
      ['odds', '--situation', fifo],
      ['merge', fifo],
    ]) {
      count('input errors, not internal errors');
      const r = spawned(args);
      expect(r.code, `${args.join(' ')}: ${r.err}`).toBe(2);
      expect(r.err).toBe(
        `debellator: ${fifo} cannot read: not a regular file (a pipe, a device or a socket); give a file\n`,
      );
    }
  });

  const latin1 = Buffer.concat([
    Buffer.from('rules: dbm-3.2\nstudies:\n  - kind: odds\n    name: caf'),
    Buffer.from([0xe9]),
    Buffer.from('\n'),
  ]);
  it('invalid UTF-8 in a scenario, situation or slice is named by its line, never echoed', async () => {
    const f = file('latin1.yaml', latin1);
    for (const args of [
      ['run', f],
      ['odds', '--situation', f],
      ['merge', f],
    ]) {
      count('input errors, not internal errors');
      const lines = await refused(args, undefined);
      // Line 4, the first byte that is not UTF-8: é in ISO-8859-1.
      expect(lines).toEqual([
        `debellator: ${f}:4 not UTF-8 text (byte 0xe9 at byte ${latin1.indexOf(0xe9) + 1}); save the file as UTF-8`,
      ]);
    }
  });

  it('an argument that is not UTF-8 is refused by its position, not echoed', async () => {
    count('input errors, not internal errors');
    const r = spawned(['odds', 'Reg Bd(O)', Buffer.from([0x49, 0x72, 0x72, 0xff]).toString('latin1')]);
    // Node hands the test's string to the child as UTF-8 (0xff is U+00FF there): pass raw bytes instead.
    expect(r.code).not.toBe(1);
    const raw = spawnSync(
      'bash',
      ['-c', `"${process.execPath}" bin/debellator.js odds "Reg Bd(O)" $'Irr\\xff'`],
      {
        encoding: 'utf8',
        timeout: CASE_MS,
      },
    );
    expect(raw.status, raw.stderr).toBe(2);
    expect(raw.stderr).toBe(
      'debellator: argument 3 is not UTF-8 text (or holds U+FFFD, the replacement character)\n',
    );
  });

  it('control characters in a refused value are written out, never sent to the terminal', async () => {
    count('messages say what is wrong');
    const f = file('escape.yaml', `${matrix}"colour\\e[31m\\nnext": red\n`);
    const lines = await refused(['run', f], undefined);
    // eslint-disable-next-line no-control-regex -- control characters are what it looks for
    expect(lines.join('\n')).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f]/);
    expect(lines.join('\n')).toContain('unknown key "colour\\x1b[31m\\nnext"');
  });

  it('999 aliases of a 100,000-item list are refused at once (each shared value is looked into once)', async () => {
    count('input errors, not internal errors', 2);
    const list = `big: &big [${Array(100_000).fill('1').join(',')}]\nrefs:\n${'  - *big\n'.repeat(999)}`;
    const f = file('aliases.yaml', `${matrix}${list}`);
    const lines = await refused(['run', f], undefined);
    expect(lines.join('\n')).toMatch(/:7 big: unknown key "big" \(and refs\)/);
    const sit = file(
      'aliases-situation.yaml',
      `a: { element: Reg Bd(O) }\nb: { element: Irr Kn(S) }\n${list}`,
    );
    expect((await refused(['odds', '--situation', sit], undefined)).join('\n')).toMatch(/big: unknown key/);
  });

  it('a document of more than a million values is refused before it is parsed', async () => {
    count('scale limits refused before work', 2);
    const items = Array(1_000_001).fill('1').join(',');
    const f = file('million.yaml', `${matrix}x: [${items}]\n`);
    expect(await refused(['run', f], undefined, 10_000)).toEqual([
      `debellator: ${f}:1 more than 1,000,000 values in one document`,
    ]);
    const sit = file(
      'million-situation.yaml',
      `a: { element: Reg Bd(O) }\nb: { element: Irr Kn(S) }\nx: [${items},${items}]\n`,
    );
    expect(await refused(['odds', '--situation', sit], undefined, 10_000)).toEqual([
      `debellator: ${sit}:1 more than 1,000,000 values in one document`,
    ]);
  });

  it('samples: 1e20 is one line, with the field’s own limit', async () => {
    count('messages say what is wrong');
    const f = file('1e20.yaml', `samples: 1e20\n${matrix}`);
    expect(await refused(['run', f], undefined)).toEqual([
      `debellator: ${f}:1 samples: must be at most 1000000000000 (found 100000000000000000000)`,
    ]);
  });
});

describe('a chart file is never echoed, and a slice reads charts only beside its scenario', () => {
  const secret = file('secret.txt', 'TOPSECRET-line-1: x\nTOPSECRET line 2\n');
  const secretMap = file('secret.yaml', 'password: TOPSECRET\ntoken: 12345\n');
  const situation = file(
    'gba-duel.json',
    JSON.stringify({
      rules: 'gba-5',
      mode: 'shock',
      a: { units: [{ type: 'PH', tq: 7, size: 10 }] },
      b: { units: [{ type: 'HI', class: 'HO', tq: 6, size: 10 }] },
    }),
  );
  const gba = (charts: string) =>
    `rules: gba-5\ncharts: ${charts}\nsamples: 1000\nstudies:\n  - kind: odds\n    name: o\n    situations:\n      - { mode: shock, a: { units: [{ type: PH, tq: 7, size: 10 }] }, b: { units: [{ type: HI, class: HO, tq: 6, size: 10 }] } }\n`;
  const targets = [secret, secretMap, ...(existsSync('/etc/passwd') ? ['/etc/passwd'] : [])];
  for (const target of targets)
    it(`charts naming ${target.startsWith(dir) ? target.slice(dir.length + 1) : target}`, async () => {
      count('input errors, not internal errors', 2);
      const f = file(`charts-${slug(target)}.yaml`, gba(target));
      const lines = (await refused(['run', f, '--out', join(dir, 'gba-out')], join(dir, 'gba-out'))).join(
        '\n',
      );
      expect(lines).toMatch(/expected (object|number|string|array)|missing/);
      expect(lines).not.toMatch(/TOPSECRET|12345|root:|bin\/|x:0/);
      const odds = (await refused(['odds', '--situation', situation, '--charts', target], undefined)).join(
        '\n',
      );
      expect(odds).not.toMatch(/TOPSECRET|12345|root:|bin\/|x:0/);
    });

  it('a chart file with a syntax error is named by line and kind of error, not its text', async () => {
    count('input errors, not internal errors');
    const broken = file('broken-card.yaml', 'id: x\nshockCrt: |TOPSECRET\n  text\n');
    const lines = (await refused(['odds', '--situation', situation, '--charts', broken], undefined)).join(
      '\n',
    );
    expect(lines).toMatch(
      new RegExp(`^debellator: ${broken.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+ syntax error \\(`),
    );
    expect(lines).not.toContain('TOPSECRET');
  });

  describe('in slices', () => {
    const folder = join(dir, 'gba-slices');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'card.json'), readFileSync('src/systems/gba/charts.json'));
    const scenario = join(folder, 'g.yaml');
    writeFileSync(scenario, gba('card.json'));
    const good: string[] = [];
    beforeAll(async () => {
      for (const i of [1, 2]) {
        const r = await runMain([
          'run',
          scenario,
          '--shard',
          `${i}/2`,
          '--out',
          join(folder, 'slices'),
          '--quiet',
        ]);
        expect(r.code, r.err).toBe(0);
        good.push(join(folder, 'slices', `slice-${i}-of-2.json`));
      }
    }, 60_000);
    it('the slices merge', async () => {
      const r = await runMain(['merge', ...good, '--out', join(folder, 'merged'), '--quiet']);
      expect(r.code, r.err).toBe(0);
    });
    for (const charts of ['/etc/passwd', '../secret.txt', secret])
      it(`charts changed to ${charts.startsWith(dir) ? 'an absolute path' : charts} in every slice`, async () => {
        count('merge trusts no slice');
        const files = good.map((g, i) => {
          const s = JSON.parse(readFileSync(g, 'utf8')) as { scenario: { input: { charts: string } } };
          s.scenario.input.charts = charts;
          return file(`charts-slice-${slug(charts)}-${i}.json`, JSON.stringify(s));
        });
        const lines = (
          await refused(['merge', ...files, '--out', join(folder, 'no')], join(folder, 'no'))
        ).join('\n');
        expect(lines).toMatch(
          /scenario\.input\.charts: a slice's charts are read only from inside its scenario's folder/,
        );
        expect(lines).not.toMatch(/TOPSECRET|root:/);
      });
  });
});

describe('a run refused before its work leaves nothing behind', () => {
  const land = resolve('scenarios/dbm-land-matrix.yaml');
  for (const [name, extra] of [
    ['the default reports/ folder', []],
    ['a slice’s reports/<name>/slices/ folder', ['--shard', '1/2']],
  ] as const)
    it(`refused by its estimate: no empty folder (${name})`, () => {
      count('output checked before the work');
      const cwd = mkdtempSync(join(tmpdir(), 'debellator-empty-'));
      try {
        const r = spawned(['run', land, '--samples', '1e10', '--quiet', ...extra], { cwd });
        expect(r.code, r.err).toBe(2);
        expect(r.err).toMatch(/more than 1 h/);
        expect(readdirSync(cwd)).toEqual([]);
      } finally {
        rmSync(cwd, { recursive: true, force: true });
      }
    });

  it('sixteen new folders (the report folder one of them) are made', async () => {
    const out = join(dir, 'n16', ...'abcdefghijklmno'.split(''));
    const r = await runMain(['run', file('n16.yaml', matrix), '--out', out, '--quiet']);
    expect(r.code, r.err).toBe(0);
    expect(existsSync(join(out, 'results.json'))).toBe(true);
  });
});

/** One seeded random change to a file's text. */
function mutate(text: string, rng: ReturnType<typeof createRng>): string {
  const lines = text.split('\n');
  const i = rng.int(lines.length);
  const line = lines[i] ?? '';
  const junk = [
    '-1',
    '0',
    '1e30',
    '.nan',
    '.inf',
    'null',
    '[]',
    '{}',
    '"',
    'all',
    'Reg Zz(O)',
    '~',
    '&a',
    '*b',
    ': :',
    '99999999999999999999',
    'true',
    '"  "',
  ];
  const pick = () => junk[rng.int(junk.length)]!;
  switch (rng.int(8)) {
    case 0: // drop a line
      lines.splice(i, 1);
      break;
    case 1: // duplicate a line
      lines.splice(i, 0, line);
      break;
    case 2: // replace a value
      lines[i] = line.replace(/:\s*(.+)$/, `: ${pick()}`);
      break;
    case 3: // replace a number
      lines[i] = line.replace(/\d+(\.\d+)?/, pick());
      break;
    case 4: {
      // delete a character
      const k = rng.int(Math.max(1, line.length));
      lines[i] = line.slice(0, k) + line.slice(k + 1);
      break;
    }
    case 5: // indent or outdent a line
      lines[i] = rng.int(2) ? `  ${line}` : line.replace(/^ {2}/, '');
      break;
    case 6: // swap two lines
      {
        const j = rng.int(lines.length);
        [lines[i], lines[j]] = [lines[j] ?? '', line];
      }
      break;
    default: // misspell a key
      lines[i] = line.replace(/([a-z]+):/, (_, k: string) => `${k}x:`);
  }
  return lines.join('\n');
}

describe('seeded random mutations load or are refused as input errors', () => {
  // Planning the 10,000-cell land matrix takes about a second: fewer of its mutations.
  const perFile = (f: string) => (f === 'dbm-land-matrix.yaml' ? 6 : f === 'dbm-matchups.yaml' ? 15 : 30);
  const files = readdirSync('scenarios').filter((f) => f.endsWith('.yaml'));
  it(`scenarios: ${files.map((f) => `${f} x ${perFile(f)}`).join(', ')}`, () => {
    const rng = createRng('bad-input-corpus', 0);
    let refusedCount = 0;
    let loaded = 0;
    for (const f of files) {
      const text = readFileSync(join('scenarios', f), 'utf8');
      for (let k = 0; k < perFile(f); k++) {
        const m = mutate(text, rng);
        const t0 = performance.now();
        try {
          loadScenarioText(m, f);
          loaded++;
        } catch (e) {
          if (!(e instanceof InputError))
            throw new Error(`${f} mutation ${k}: internal error ${String(e)}\n${m}`);
          for (const line of e.message.split('\n'))
            expect(line).toMatch(new RegExp(`^${f.replace('.', '\\.')}:\\d+ `));
          expect(e.message).not.toMatch(/ {4}at /);
          refusedCount++;
        }
        expect(performance.now() - t0, `${f} mutation ${k} took too long`).toBeLessThan(CASE_MS);
      }
    }
    const total = files.reduce((t, f) => t + perFile(f), 0);
    count('mutations of scenarios', total);
    expect(refusedCount + loaded).toBe(total);
    expect(refusedCount).toBeGreaterThan(total / 5);
  }, 120_000);

  const situations = readdirSync('scenarios/situations').filter((f) => f.endsWith('.yaml'));
  it(`situation files: ${situations.length} x 40 through odds --situation`, async () => {
    const rng = createRng('bad-input-corpus-situations', 0);
    let refusedCount = 0;
    for (const s of situations) {
      const text = readFileSync(join('scenarios/situations', s), 'utf8');
      for (let k = 0; k < 40; k++) {
        const f = file(`mut-${k}-${s}`, mutate(text, rng));
        const t0 = performance.now();
        const r = await runMain(['odds', '--situation', f]);
        expect(performance.now() - t0).toBeLessThan(CASE_MS);
        expect([0, 2], `${s} mutation ${k}: ${r.err}\n${readFileSync(f, 'utf8')}`).toContain(r.code);
        expect(r.err).not.toMatch(/internal error| {4}at /);
        if (r.code === 2) {
          refusedCount++;
          for (const line of r.err.trim().split('\n'))
            expect(line.startsWith(`debellator: ${f}`), line).toBe(true);
        }
      }
    }
    count('mutations of situation files', situations.length * 40);
    expect(refusedCount).toBeGreaterThan(situations.length * 5);
  }, 120_000);
});
