/**
 * `debellator run` and `merge` end to end: reports are byte-identical for any thread count and for a
 * merge of slices; bad input exits 2 with file:line; Ctrl-C writes nothing.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SignalGuard } from '../../src/cli/commands/run.ts';
import { runScenario } from '../../src/pipeline/run.ts';
import { loadScenarioFile } from '../../src/pipeline/scenario.ts';
import { cli, fileTree, slicesThenMerge } from './harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'debellator-run-'));
const scenario = join(dir, 'small.yaml');
// One odds cell of 1.2M samples (two shards) and a 2x2 matrix of 1000 samples each: six shards.
writeFileSync(
  scenario,
  `name: small
rules: dbm-3.2
seed: 11
samples: 1000
studies:
  - kind: odds
    name: duel
    samples: 1200000
    situations:
      - { a: { element: Reg Bd(O) }, b: { element: Irr Kn(S) } }
  - kind: matrix
    name: grid
    a: [Reg Sp(O), Reg Pk(O)]
    b: { type: Kn, grade: [S, O], reg: Irr }
    context: { bound: b, a: { depth: 2 } }
`,
);

const files = (d: string): Record<string, string> =>
  Object.fromEntries(readdirSync(d).map((f) => [f, readFileSync(join(d, f), 'utf8')]));

describe('debellator run', () => {
  it('writes Markdown, CSV and a JSON results file that records seed, samples, version and tool', async () => {
    const out = join(dir, 'one');
    const r = await cli('run', scenario, '--threads', '1', '--out', out, '--quiet');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const f = files(out);
    expect(Object.keys(f).sort()).toEqual([
      '.debellator-files',
      'duel.csv',
      'duel.md',
      'grid.csv',
      'grid.md',
      'results.json',
    ]);
    // The list of the files the report wrote: the next run deletes these and nothing else.
    const [header, ...listed] = (f['.debellator-files'] as string).trimEnd().split('\n');
    expect(header).toBe('debellator-report-files/1');
    expect(listed.sort()).toEqual(['duel.csv', 'duel.md', 'grid.csv', 'grid.md', 'results.json']);
    const results = JSON.parse(f['results.json'] as string);
    expect(results.seed).toBe('11');
    expect(results.version).toBe('DBM 3.2');
    expect(results.tool).toEqual({
      name: 'debellator',
      version: JSON.parse(readFileSync('package.json', 'utf8')).version,
    });
    expect(results.studies[0].results.samples).toBe(1_200_000);
    expect(results.studies[0].results.agrees).toBe(true);
    // Reg Bd(O) destroyed by Irr Kn(S) on 15 of 36 rolls.
    expect(results.studies[0].results.cells[0].result.a.exact.destroyed).toEqual({
      count: 15,
      of: 36,
      p: 15 / 36,
    });
    expect(f['duel.csv']).toContain(
      'duel,1. Reg Bd(O) v Irr Kn(S),Reg Bd(O),Irr Kn(S),dbm-3.2,6,12,A,destroyed,15,36,0.416667,1200000,',
    );
    expect(f['grid.md']).toContain('| A \\ B | Irr Kn(S) | Irr Kn(O) |');
  });

  it('is byte-identical with 2 threads', async () => {
    const out = join(dir, 'two');
    const r = await cli('run', scenario, '--threads', '2', '--out', out, '--quiet');
    expect(r.code).toBe(0);
    expect(files(out)).toEqual(files(join(dir, 'one')));
  });

  it('merging 4 slices gives the single run, byte for byte', async () => {
    const slices = join(dir, 'slices');
    for (let i = 1; i <= 4; i++) {
      const r = await cli('run', scenario, '--shard', `${i}/4`, '--threads', '1', '--out', slices, '--quiet');
      expect(r.code).toBe(0);
    }
    const names = readdirSync(slices).map((f) => join(slices, f));
    expect(names).toHaveLength(4);
    const merged = join(dir, 'merged');
    const m = await cli('merge', ...names, '--out', merged, '--quiet');
    expect(m.stderr).toBe('');
    expect(m.code).toBe(0);
    expect(files(merged)).toEqual(files(join(dir, 'one')));
  });

  it('merge refuses an incomplete set of slices', async () => {
    const slices = join(dir, 'slices');
    const r = await cli('merge', join(slices, 'slice-1-of-4.json'), join(slices, 'slice-3-of-4.json'));
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('debellator: merge: 2 of 4 slices missing: 2/4, 4/4\n');
  });

  it('a different seed changes the sampled counts but not the exact ones', async () => {
    const out = join(dir, 'seed7');
    await cli('run', scenario, '--seed', '7', '--threads', '1', '--out', out, '--quiet');
    const a = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'));
    const b = JSON.parse(readFileSync(join(dir, 'one', 'results.json'), 'utf8'));
    const cell = (x: typeof a) => x.studies[0].results.cells[0].result.a;
    expect(cell(a).exact).toEqual(cell(b).exact);
    expect(cell(a).sampled.destroyed.count).not.toBe(cell(b).sampled.destroyed.count);
  });

  it('refuses a bad scenario before any work, exit 2, one line with file:line and path', async () => {
    const bad = join(dir, 'bad.yaml');
    writeFileSync(
      bad,
      'rules: dbm-3.2\nstudies:\n  - kind: matrix\n    name: m\n    a: { type: Bd, grade: Q }\n    b: [Reg Bd(O)]\n',
    );
    const r = await cli('run', bad, '--out', join(dir, 'never'));
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `debellator: ${bad}:5 studies[0].a.grade: "Q" is not a grade of Bd (S, O, I, F, X)\n`,
    );
    expect(existsSync(join(dir, 'never'))).toBe(false);
  });

  it('refuses a malformed --shard and --samples', async () => {
    expect((await cli('run', scenario, '--shard', '5/4')).stderr).toContain('--shard: "5/4" is not i/n');
    expect((await cli('run', scenario, '--samples', 'many')).code).toBe(2);
  });
});

describe('debellator schema', () => {
  it('prints a JSON Schema with a branch per rule system: its study kinds and situation fields', async () => {
    const r = await cli('schema');
    expect(r.code).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s.$schema).toMatch(/json-schema\.org/);
    const text = JSON.stringify(s);
    expect(text).toContain('"matrix"');
    expect(text).toContain('"balance"');
    expect(text).toContain('flankContacts');
    expect(s.anyOf.length).toBeGreaterThanOrEqual(1);
    expect(s.anyOf[0].required).toEqual(['rules', 'studies']);
  });
});

describe('Ctrl-C', () => {
  it('the first SIGINT while sampling aborts the work signal', async () => {
    const before = process.listenerCount('SIGINT');
    const guard = new SignalGuard();
    try {
      const aborted = await guard.sample(async (signal) => {
        const handler = process.listeners('SIGINT').at(-1) as () => void;
        handler();
        return signal.aborted;
      });
      expect(aborted).toBe(true);
    } finally {
      guard.release();
    }
    expect(process.listenerCount('SIGINT')).toBe(before);
  });

  it('a real SIGINT during sampling exits 130 and writes nothing', async () => {
    const big = join(dir, 'big.yaml');
    writeFileSync(big, readFileSync(scenario, 'utf8').replace('samples: 1000\n', 'samples: 1000000000\n'));
    const out = join(dir, 'interrupted');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'test/pipeline/cli-entry.ts', 'run', big, '--threads', '1', '--out', out],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // Wait until sampling has started (the command says so on a non-terminal), however loaded the
    // machine is; sampling 10^9 per cell takes minutes.
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (stderr.includes('sampling')) {
          clearInterval(poll);
          resolve();
        }
      }, 50);
    });
    child.kill('SIGINT');
    const code = await new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
    expect(stderr).toContain('cancelled; the previous report is untouched');
    expect(stderr).toContain('debellator: small: sampling');
    expect(code).toBe(130);
    expect(existsSync(out)).toBe(false);
  }, 30_000);
});

describe('a balance study on the shard runner', () => {
  const bal = join(dir, 'bal.yaml');
  writeFileSync(
    bal,
    `name: bal
rules: dbm-3.2
seed: 2
studies:
  - kind: balance
    name: costs
    versions: [dbm-3.1, dbm-3.2]
    elements: [Reg Bd(O), Reg Ax(O), Irr Kn(O)]
    field: [Reg Bd(O), Irr Kn(O), Reg Sp(O)]
    grid: { budget: [40], depth: [support], terrain: [open] }
    engagements: { pilot: 8, final: 16 }
`,
  );

  it('3 slices and a merge give the bytes of one run, charts and all', async () => {
    const whole = join(dir, 'bal-whole');
    const r = await cli('run', bal, '--threads', '2', '--out', whole, '--quiet');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const slices = join(dir, 'bal-slices');
    const merged = join(dir, 'bal-merged');
    const { codes, merge: m } = await slicesThenMerge(bal, slices, merged);
    for (const code of codes) expect(code).toBe(0);
    expect(m.stderr).toBe('');
    expect(fileTree(merged)).toEqual(fileTree(whole));
    expect(Object.keys(fileTree(whole))).toContain('/index.html');
  });

  it('tells the study each job as it ends, and the counts are those of a run that does not', async () => {
    const loaded = loadScenarioFile(bal);
    const told: string[] = [];
    const telling = {
      ...loaded,
      studies: loaded.studies.map((s) => ({
        ...s,
        kind: {
          ...s.kind,
          ahead: (plan: unknown, done: ReadonlyMap<string, Float64Array>, finished: string) => {
            // The job's counts are there when the study hears of it.
            if (!done.has(finished)) throw new Error(`${finished} is not in the counts`);
            told.push(finished);
            s.kind.ahead!(plan, done, finished);
          },
        },
      })),
    };
    const deaf = {
      ...loaded,
      studies: loaded.studies.map((s) => ({ ...s, kind: { ...s.kind, ahead: undefined } })),
    };
    const a = await runScenario(telling, { threads: 2 });
    const b = await runScenario(deaf, { threads: 2 });
    // Every job of every round, once.
    expect([...told].sort()).toEqual([...a.complete.keys()].sort());
    expect(told.length).toBeGreaterThan(20);
    expect([...a.complete.keys()]).toEqual([...b.complete.keys()]);
    for (const [id, counts] of a.complete) expect([...counts]).toEqual([...b.complete.get(id)!]);
  }, 60_000);

  it('slices share out whole units: no slice repeats the pilots of another', () => {
    const slices = join(dir, 'bal-slices');
    const data = [1, 2, 3].map((i) => JSON.parse(readFileSync(join(slices, `slice-${i}-of-3.json`), 'utf8')));
    // 2 versions x 1 variant x 3 elements = 6 units, two per slice (unit g goes to slice g mod 3 + 1).
    expect(data.map((d) => d.groups)).toEqual([1, 2, 3].map(() => ({ ran: 2, of: 6 })));
    const ids = data.flatMap((d) => d.grouped.map(([id]: [string]) => id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const d of data) {
      expect(d.complete).toEqual([]);
      expect(d.partial).toEqual([]);
      const units = new Set(d.grouped.map(([id]: [string]) => id.split('|').slice(1, 4).join('|')));
      expect(units.size).toBe(2);
    }
  });

  it('merge refuses a slice whose counts were tampered with, naming the slice', async () => {
    const slices = join(dir, 'bal-slices');
    const file = join(slices, 'slice-2-of-3.json');
    const data = JSON.parse(readFileSync(file, 'utf8'));
    data.grouped[0][1][1] += 1;
    const bad = join(dir, 'tampered-2-of-3.json');
    writeFileSync(bad, JSON.stringify(data));
    const r = await cli('merge', join(slices, 'slice-1-of-3.json'), bad, join(slices, 'slice-3-of-3.json'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/tampered-2-of-3\.json .*holds \d+ samples|tampered-2-of-3\.json/);
  });
});

describe('the user’s words in a Markdown report', () => {
  it('a seed, title or unit name with line breaks and escape bytes stays on its line, written out', async () => {
    const f = join(dir, 'words.yaml');
    writeFileSync(
      f,
      `rules: dbm-3.2
samples: 100
studies:
  - kind: odds
    name: o
    title: "Classics\\n## injected title"
    situations:
      - { a: { element: Reg Bd(O) }, b: { element: Irr Kn(S) } }
  - kind: matrix
    name: m
    title: "Grid\\r\\n# injected"
    a: [Reg Bd(O)]
    b: [Irr Kn(O)]
  - kind: engagement
    name: e
    title: "Lines\\u2028# injected"
    samples: 10
    a: 2 files of Reg Bd(O)
    b: 2 files of Irr Kn(O)
`,
    );
    const gba = join(dir, 'words-gba.yaml');
    writeFileSync(
      gba,
      `rules: gba-5
studies:
  - kind: odds
    name: g
    situations:
      - { mode: shock, a: { units: [{ name: "Phalanx\\n# injected", type: PH, tq: 7, size: 10 }] }, b: { units: [{ type: HI, class: HO, tq: 6, size: 10 }] } }
`,
    );
    const seed = 'a\n## injected\x1b[31m';
    for (const [scenario, out] of [
      [f, join(dir, 'words')],
      [gba, join(dir, 'words-gba')],
    ] as const) {
      const r = await cli('run', scenario, '--seed', seed, '--out', out, '--quiet');
      expect(r.code, r.stderr).toBe(0);
      for (const md of readdirSync(out).filter((x) => x.endsWith('.md'))) {
        const text = readFileSync(join(out, md), 'utf8');
        // eslint-disable-next-line no-control-regex -- control characters are what it looks for
        expect(text, md).not.toMatch(/^#+ injected|[\x00-\x09\x0b-\x1f\x7f\u2028]/m);
        expect(text, md).toContain('seed a\\n## injected\\x1b[31m');
      }
    }
    expect(readFileSync(join(dir, 'words', 'o.md'), 'utf8')).toMatch(/^# Classics\\n## injected title$/m);
    expect(readFileSync(join(dir, 'words', 'm.md'), 'utf8')).toMatch(/^# Grid\\r\\n# injected$/m);
    expect(readFileSync(join(dir, 'words', 'e.md'), 'utf8')).toMatch(/^# Lines\\u2028# injected$/m);
    expect(readFileSync(join(dir, 'words-gba', 'g.md'), 'utf8')).toContain('Phalanx\\n# injected');
  }, 60_000);
});
