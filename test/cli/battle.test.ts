/** `debellator battle`: two army files fought, in text and JSON; the same for any --threads; errors at file:line. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMain } from './run-main.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const EIR = join(ROOT, 'armies', 'early-imperial-roman.yaml');
const SASSANID = join(ROOT, 'armies', 'sassanid.yaml');

interface Side {
  name: string;
  ap: number;
  wins: { count: number; p: number };
  score: { distribution: number[]; mean: { mean: number; lo: number; hi: number } };
  commands: { name: string; role: string; victoryPoints: number; demoralised: number }[];
}

describe('debellator battle', () => {
  it('prints both sides: wins, mean VP, the VP distribution and each command', async () => {
    const r = await runMain(['battle', EIR, SASSANID, '--samples', '200', '--threads', '1']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    // docs/armies.md: the Early Imperial Romans cost 399 AP under 3.2, the Sassanids 400.
    expect(lines[0]).toBe(
      'Early Imperial Roman v Sassanid Persian: DBM 3.2, 400 AP each (399 and 400 AP), 200 battles, seed 1',
    );
    expect(lines[3]).toMatch(
      /^Early Imperial Roman {2}wins \d+\.\d% \[.*\], mean \d\.\d\d VP \[\d\.\d\d, \d\.\d\d\]$/,
    );
    expect(lines[4]).toMatch(/^Sassanid Persian {6}wins /);
    expect(lines[5]).toMatch(/^draw {18}\d+\.\d% /);
    expect(lines[8]).toMatch(/^ {27}0 {5}1 {5}2 .* 10$/);
    expect(r.out).toContain('Chance each command ends the battle demoralised:');
    expect(r.out).toMatch(/\n {4}Legions \(the C-in-C\) \(c-in-c, centre, 3 VP\): \d+\.\d%\n/);
  });

  it('--json: scores adding to 10 VP, every battle decided one way, three commands a side; any --threads', async () => {
    const one = await runMain(['battle', EIR, SASSANID, '--samples', '500', '--threads', '1', '--json']);
    expect(one.code).toBe(0);
    const j = JSON.parse(one.out) as {
      battles: number;
      draws: { count: number };
      a: Side;
      b: Side;
      rules: string;
    };
    expect(Object.keys(j).sort()).toEqual(
      ['a', 'b', 'battles', 'draws', 'meanBounds', 'points', 'rules', 'rulesName', 'seed'].sort(),
    );
    expect(j.rules).toBe('dbm-3.2');
    expect(j.battles).toBe(500);
    expect(j.a.wins.count + j.b.wins.count + j.draws.count).toBe(500);
    expect(j.a.score.distribution).toHaveLength(11);
    expect(j.a.score.mean.mean + j.b.score.mean.mean).toBeCloseTo(10, 9);
    expect(j.a.commands.map((c) => [c.role, c.victoryPoints])).toEqual([
      ['c-in-c', 3],
      ['sub-general', 1],
      ['sub-general', 1],
    ]);
    expect(j.b.commands).toHaveLength(3);
    // 500 battles are two shards of 250: two threads give the same bytes.
    const two = await runMain(['battle', EIR, SASSANID, '--samples', '500', '--threads', '2', '--json']);
    expect(two.out).toBe(one.out);
  }, 60_000);

  it('--rules and --points: both armies fitted to the same budget under the version', async () => {
    const r = await runMain([
      'battle',
      EIR,
      SASSANID,
      '--rules',
      'dbm-3.0',
      '--points',
      '500',
      '--samples',
      '20',
      '--json',
    ]);
    const j = JSON.parse(r.out) as { rulesName: string; points: number; a: Side; b: Side };
    expect(j.rulesName).toBe('DBM 3.0');
    expect(j.points).toBe(500);
    expect(j.a.ap).toBeLessThanOrEqual(500);
    expect(j.b.ap).toBeLessThanOrEqual(500);
  });

  it('a bad army file: file:line and the field, exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'debellator-battle-'));
    const file = join(dir, 'mine.yaml');
    writeFileSync(
      file,
      'name: Mine\nlist: my own\nchoices: none\ncommands:\n  - command: C-in-C Reg Cv(O); 12 Reg Bd(O) fill\n    wing: centre\n  - command: sub-general Reg Cv(O); 4 Reg Ax(Q)\n    wing: left\n',
    );
    const r = await runMain(['battle', EIR, file]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `debellator: ${file}:7 commands[1].command: "Q" in "Reg Ax(Q)" is not a grade (S, O, I, F, X)\n`,
    );
    const missing = await runMain(['battle', EIR, join(dir, 'none.yaml')]);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/none\.yaml cannot read: no such file/);
    expect((await runMain(['battle', EIR, SASSANID, '--samples', '0'])).err).toMatch(
      /--samples: "0" is not a whole number from 1/,
    );
  });
});
