/**
 * The bad-input corpus (hardening): every class of bad input found by trying the tool as a careless or
 * hostile user would, plus seeded random mutations of the bundled scenarios. Each bad input must be
 * refused with exit 2 and one line (no internal error, no stack trace), before any output is written, and
 * quickly; a mutation that happens to stay valid must load.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRng } from '../../src/core/rng.ts';
import { InputError } from '../../src/core/errors.ts';
import { loadScenarioText } from '../../src/pipeline/scenario.ts';
import { runMain } from '../cli/run-main.ts';

const dir = mkdtempSync(join(tmpdir(), 'debellator-bad-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const matrix =
  'rules: dbm-3.2\nstudies:\n  - kind: matrix\n    name: m\n    a: [Reg Bd(O)]\n    b: [Irr Kn(O)]\n';
const engagement = (a: string, b = '2 files of Reg Bd(O)') =>
  `rules: dbm-3.2\nstudies:\n  - kind: engagement\n    name: e\n    samples: 10\n    a: ${a}\n    b: ${b}\n`;

/** Scenario texts that must be refused. */
const SCENARIOS: Record<string, string> = {
  'unknown study kind': matrix.replace('kind: matrix', 'kind: matrice'),
  'unknown rules': matrix.replace('dbm-3.2', 'dbm-9'),
  'rules as a number': matrix.replace('rules: dbm-3.2', 'rules: 3.2'),
  'misspelt key': matrix.replace('studies:', 'studis:'),
  'unknown top-level key': `colour: red\n${matrix}`,
  'zero files': engagement('0 files of Reg Bd(O)'),
  'zero deep': engagement('2 files of Reg Bd(O), 0 deep'),
  'nine deep': engagement('2 files of Reg Bd(O), 9 deep'),
  'a thousand deep': engagement('2 files of Reg Bd(O), 1000 deep'),
  'too many files': engagement('99999999999999999999 files of Reg Bd(O)'),
  'huge budget': engagement('as many Reg Bd(O) as 1000000000 AP buys'),
  'zero cost override': `${matrix}overrides:\n  costs: { Reg Bd(O): 0 }\n`,
  'negative samples': `samples: -5\n${matrix}`,
  'infinite samples': `samples: .inf\n${matrix}`,
  'empty seed': `seed: ""\n${matrix}`,
  'undefined alias': `${matrix}    context: *nothing\n`,
  'billion laughs': `a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: [*e, *e, *e, *e, *e, *e, *e, *e, *e]\n${matrix}`,
  'deep nesting': `x: ${'['.repeat(3000)}${']'.repeat(3000)}\n${matrix}`,
  'not a mapping': '- just\n- a list\n',
  'empty file': '',
  'bad element': matrix.replace('[Irr Kn(O)]', '[Irr Kn(Q)]'),
  'DBA notation under DBM': matrix.replace('[Irr Kn(O)]', '[4Bd]'),
  'charts for DBM': `charts: card.json\n${matrix}`,
  'GBA block under DBM': 'rules: dbm-3.2\nstudies:\n  - kind: engagement\n    name: e\n    situation: {}\n',
  'balance for a system without points': 'rules: dba-3.0\nstudies:\n  - kind: balance\n    name: b\n',
};

async function refusedCleanly(args: string[], out: string): Promise<string> {
  const t0 = performance.now();
  const r = await runMain(args);
  expect(performance.now() - t0, `${args.join(' ')} took too long`).toBeLessThan(10_000);
  expect(r.code, r.err).toBe(2);
  const lines = r.err.trim().split('\n');
  expect(lines, r.err).toHaveLength(1);
  expect(r.err).toMatch(/^debellator: /);
  expect(r.err).not.toMatch(/internal error| {4}at |Error:/);
  expect(existsSync(out), `${out} was written`).toBe(false);
  return lines[0]!;
}

describe('bad scenarios: exit 2, one line, nothing written', () => {
  for (const [name, text] of Object.entries(SCENARIOS)) {
    it(name, async () => {
      const file = join(dir, `${name.replace(/\W+/g, '-')}.yaml`);
      writeFileSync(file, text);
      const out = join(dir, `out-${name.replace(/\W+/g, '-')}`);
      const line = await refusedCleanly(['run', file, '--out', out, '--quiet'], out);
      expect(line).toContain(file);
    });
  }
});

describe('bad command lines: exit 2, one line', () => {
  const cases: [string, string[]][] = [
    ['shooting and close', ['odds', 'Reg Bw(O)', 'Reg Bd(O)', '--shooting', '--mode', 'close']],
    ['shooting flag in close combat', ['odds', 'Reg Bw(O)', 'Reg Bd(O)', '--a-aiders', '2']],
    ['blades shooting', ['odds', 'Reg Bd(O)', 'Irr Kn(S)', '--shooting']],
    ['another system’s flag', ['odds', 'Reg Bd(O)', 'Irr Wb(S)', '--a-cohesion']],
    ['GBA without a situation', ['odds', '--rules', 'gba-5']],
    ['unknown rules', ['odds', 'Reg Bd(O)', 'Irr Wb(S)', '--rules', 'dbm-4']],
    ['missing situation file', ['odds', '--situation', join(dir, 'nope.yaml')]],
    ['bad seed', ['run', 'scenarios/dbm-matchups.yaml', '--seed', '', '--out', join(dir, 'x1')]],
    ['bad samples', ['run', 'scenarios/dbm-matchups.yaml', '--samples', '-1', '--out', join(dir, 'x2')]],
    ['bad shard', ['run', 'scenarios/dbm-matchups.yaml', '--shard', '3/2', '--out', join(dir, 'x3')]],
    ['out is a file', ['run', 'scenarios/dbm-matchups.yaml', '--out', join(dir, 'a-file')]],
    ['merge of nothing', ['merge', join(dir, 'none-*.json')]],
  ];
  writeFileSync(join(dir, 'a-file'), 'x');
  for (const [name, args] of cases)
    it(name, async () => {
      await refusedCleanly(args, join(dir, 'never-written'));
    });
});

/** One seeded random change to a scenario's text. */
function mutate(text: string, rng: ReturnType<typeof createRng>): string {
  const lines = text.split('\n');
  const i = rng.int(lines.length);
  const line = lines[i] ?? '';
  const junk = [
    '-1',
    '0',
    '1e30',
    '.nan',
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
  ];
  switch (rng.int(6)) {
    case 0: // drop a line
      lines.splice(i, 1);
      break;
    case 1: // duplicate a line
      lines.splice(i, 0, line);
      break;
    case 2: // replace a value
      lines[i] = line.replace(/:\s*(.+)$/, `: ${junk[rng.int(junk.length)]}`);
      break;
    case 3: // replace a number
      lines[i] = line.replace(/\d+(\.\d+)?/, junk[rng.int(junk.length)]!);
      break;
    case 4: {
      // delete a character
      const k = rng.int(Math.max(1, line.length));
      lines[i] = line.slice(0, k) + line.slice(k + 1);
      break;
    }
    default: // misspell a key
      lines[i] = line.replace(/([a-z]+):/, (_, k: string) => `${k}x:`);
  }
  return lines.join('\n');
}

describe('seeded random mutations of the bundled scenarios load or are refused as input errors', () => {
  const files = readdirSync('scenarios').filter((f) => f.endsWith('.yaml'));
  it(`${files.length} scenarios x 25 mutations: never an internal error, never slow`, () => {
    const rng = createRng('bad-input-corpus', 0);
    let refused = 0;
    let loaded = 0;
    for (const f of files) {
      const text = readFileSync(join('scenarios', f), 'utf8');
      for (let k = 0; k < 25; k++) {
        const m = mutate(text, rng);
        const t0 = performance.now();
        try {
          loadScenarioText(m, f);
          loaded++;
        } catch (e) {
          if (!(e instanceof InputError))
            throw new Error(`${f} mutation ${k}: internal error ${String(e)}\n${m}`);
          // One line per problem (a file may have several), each naming the file and line.
          for (const line of e.message.split('\n'))
            expect(line).toMatch(new RegExp(`^${f.replace('.', '\\.')}:\\d+ `));
          expect(e.message).not.toMatch(/ {4}at /);
          refused++;
        }
        expect(performance.now() - t0).toBeLessThan(5_000);
      }
    }
    expect(refused + loaded).toBe(files.length * 25);
    expect(refused).toBeGreaterThan(files.length * 5);
  }, 120_000);
});
