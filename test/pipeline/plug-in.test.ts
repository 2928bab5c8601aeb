/**
 * A rule system from outside src/ (test/fixtures/systems/duel) is added with one registry line and gets
 * everything the built-in systems get: exact odds (hand-worked below), the CLI with its generated flags,
 * a matrix, an engagement on one and two worker threads, and a JSON Schema branch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSystem, unregisterSystem } from '../../src/systems/registry.ts';
import duel from '../fixtures/systems/duel/index.ts';
import { loadScenarioText } from '../../src/pipeline/scenario.ts';
import { runScenario } from '../../src/pipeline/run.ts';
import { buildResults } from '../../src/pipeline/results.ts';
import { scenarioJsonSchema } from '../../src/pipeline/json-schema.ts';
import { runMain } from '../cli/run-main.ts';
import { checkSystemContract } from '../systems/contract.ts';

beforeAll(() => registerSystem(duel)); // the one registry line
afterAll(() => unregisterSystem('duel'));

const SCENARIO = `name: duel-check
rules: duel-1
seed: 5
studies:
  - kind: odds
    name: odds
    samples: 20000
    situations:
      - { a: { element: Heavy(Good) }, b: { element: Light(Good) } }
  - kind: matrix
    name: grid
    a: all
    b: { type: Light }
  - kind: engagement
    name: lines
    samples: 4000
    a: as many Heavy(Good) as 30 AP buys
    b: as many Light(Good) as 30 AP buys
`;

async function run(threads: number) {
  const loaded = loadScenarioText(SCENARIO, 'duel.yaml');
  const counts = await runScenario(loaded, { threads });
  return buildResults(loaded, counts.complete, {
    tool: { name: 'debellator', version: 'test' },
    options: { seed: null, samples: null },
  });
}

describe('a fixture rule system, registered with one line', () => {
  it('meets the system contract', () => checkSystemContract(duel as never));

  it('exact odds: Heavy (4) v Light (2): B destroyed on a >= 2b, 9/36; recoils 17/36; A recoils 6/36; ties 4/36', async () => {
    const r = await run(1);
    const odds = r.studies[0]!.results as {
      cells: {
        result: {
          a: { exact: Record<string, { count: number }> };
          b: { exact: Record<string, { count: number }> };
          agrees: boolean;
        };
      }[];
    };
    const cell = odds.cells[0]!.result;
    expect(cell.b.exact.destroyed!.count).toBe(9);
    // B recoils when 4 + a > 2 + b and a < 2b: b = 1..6 gives 1 + 3 + 4 + 4 + 3 + 2 = 17.
    expect(cell.b.exact.recoil!.count).toBe(17);
    // A recoils when b > a + 2: (1,4), (1,5), (1,6), (2,5), (2,6), (3,6).
    expect(cell.a.exact.recoil!.count).toBe(6);
    expect(cell.a.exact.destroyed!.count).toBe(0);
    expect(cell.agrees).toBe(true);
  });

  it('a matrix of every element against the Light ones, priced from its catalogue', async () => {
    const r = await run(1);
    const grid = r.studies[1]!.results as { rows: string[]; cols: string[]; cells: { costA?: number }[] };
    expect(grid.rows).toEqual(['Heavy(Good)', 'Heavy(Poor)', 'Light(Good)', 'Light(Poor)']);
    expect(grid.cols).toEqual(['Light(Good)', 'Light(Poor)']);
    expect(grid.cells[0]!.costA).toBe(3);
  });

  it('an engagement of equal-points lines (10 Heavy v 15 Light), the same bytes on one and two threads', async () => {
    const one = await run(1);
    const two = await run(2);
    expect(JSON.stringify(two)).toBe(JSON.stringify(one));
    const e = one.studies[2]!.results as {
      summary: {
        samples: number;
        aWins: { count: number };
        bWins: { count: number };
        mutual: { count: number };
        undecided: { count: number };
      };
      config: { a: { files: unknown[] }; b: { files: unknown[] } };
    };
    expect(e.config.a.files).toHaveLength(10);
    expect(e.config.b.files).toHaveLength(15);
    const s = e.summary;
    expect(s.aWins.count + s.bWins.count + s.mutual.count + s.undecided.count).toBe(4000);
  });

  it('the CLI: odds with the flags its metadata generates', async () => {
    const r = await runMain([
      'odds',
      'Heavy(Good)',
      'Light(Good)',
      '--rules',
      'duel-1',
      '--b-support',
      '--a-overlapped',
      '1',
    ]);
    expect(r.code).toBe(0);
    // A 4-1 = 3 + die against B 2+1 = 3 + die: equal dice, equal totals.
    expect(r.out).toContain('-1  1 overlapped');
    expect(r.out).toContain('+1  supported');
    const bad = await runMain(['odds', 'Heavy(Good)', 'Light(Good)', '--rules', 'duel-1', '--a-general']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--a-general is not a Duel flag/);
  });

  it('a JSON Schema branch with its rules id and studies', () => {
    const text = JSON.stringify(scenarioJsonSchema());
    expect(text).toContain('"duel-1"');
    expect(text).toContain('Heavy(Good)');
  });
});
