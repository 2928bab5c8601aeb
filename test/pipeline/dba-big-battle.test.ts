/**
 * A DBA 3.0 big battle (DBA 3.0 Big battles) through the whole pipeline: a scenario text with `bigBattle`
 * is loaded and planned; the planned config, fought with scripted dice, behaves as the rule says (a
 * command that has lost a third is demoralised and fights at -2; the army whose C-in-C's command is
 * demoralised loses in the first bound it loses more than the enemy); run with a fixed seed on one and two
 * threads it gives the same bytes, counts that add up, and the commands table.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LinesConfig } from '../../src/engine/lines/index.ts';
import { loadScenarioText } from '../../src/pipeline/scenario.ts';
import { fightEngagement, scripted, type CombatEvent } from '../engine/lines/helpers.ts';
import { cli } from './harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'debellator-dba-bb-'));

const SCENARIO = `name: dba-big
rules: dba-3.0
seed: 7
studies:
  - kind: engagement
    name: cavalry
    title: Two commands of cavalry against one
    samples: 6000
    boundLimit: 30
    first: a
    a:
      name: Two commands
      files: [[{ element: 3Cv, general: true }], [3Cv], [3Cv], [3Cv], [3Cv], [3Cv]]
    b: 6 files of 3Cv
    options:
      combatOrder: simultaneous
    bigBattle:
      a: { commands: [3, 3], cInC: 0 }
`;

const files = (d: string): Record<string, string> =>
  Object.fromEntries(
    readdirSync(d, { withFileTypes: true })
      .filter((f) => f.isFile())
      .map((f) => [f.name, readFileSync(join(d, f.name), 'utf8')]),
  );

describe('a DBA 3.0 big battle from a scenario file', () => {
  const loaded = loadScenarioText(SCENARIO, 'dba-big.yaml');
  const config = (loaded.studies[0]!.plan as { payload: { config: LinesConfig } }).payload.config;

  it('plans the commands: A two of 3 files, the C-in-C (with the +1) on the left; B one command', () => {
    expect(config.a.commands).toEqual({ files: [3, 3], cInC: 0 });
    expect(config.b.commands).toEqual({ files: [6], cInC: 0 });
    expect(config.a.files[0]!.ranks[0]).toMatchObject({ scoreBonus: 1, ee: 2, losses: [2, 2, 2] });
  });

  it('with scripted dice: demoralised after losing a third, -2, beaten when it loses more in a bound', () => {
    // Bound 1 (A's, columns 0-5): column 0, A's C-in-C's element 3 + 1 (general) + 1 = 5 v 3 + 6 = 9:
    // beaten, the cavalry recoil; its +1 (6 v 9) would change nothing, so it is kept. Column 1:
    // 3 + 1 = 4 v 9, doubled: destroyed. Columns 2-5: 6 v 6.
    // Bound 2 (B's, columns 5-0; none in column 1, whose B file is free and overlaps A's columns 0 and 2):
    // columns 5-3 6 v 6; column 2 3 - 1 + 4 = 6 v 6; column 0 (B steps back into contact)
    // 3 + 1 - 1 + 1 = 4 v 3 + 3 = 6: A recoils again (with the +1, 5 v 6, the same: kept).
    // Bound 3 (A's): the left command has lost 1 of its 3: demoralised. Its recoiled file in column 0
    // holds in place: no combat there. Column 2: 3 - 1 - 2 + 6 = 6 v 3 + 1 = 4: B recoils (without the
    // -2, 8 v 4 would destroy it). Columns 3-5 6 v 6. A's C-in-C's command is demoralised, but A lost
    // nothing this bound: the battle goes on.
    // Bound 4 (B's, 5-0, B back in contact everywhere): columns 5-3 6 v 6; column 2:
    // 3 - 1 - 2 + 1 = 1 v 3 + 6 = 9, doubled: destroyed; column 0: 3 + 1 - 1 - 2 + 6 = 7 v 3 + 2 = 5: B
    // recoils (the +1, 8 v 5, would not double it: kept). A lost 1 this bound, B none: A is beaten.
    const t: CombatEvent[] = [];
    const dice = scripted(
      ...[1, 6, 1, 6, 3, 3, 3, 3, 3, 3, 3, 3],
      ...[3, 3, 3, 3, 3, 3, 4, 3, 1, 3],
      ...[6, 1, 3, 3, 3, 3, 3, 3],
      ...[3, 3, 3, 3, 3, 3, 1, 6, 6, 2],
    );
    const r = fightEngagement(config, dice, { trace: (e) => t.push(e) });
    expect(dice.used()).toBe(40);
    const at = (bound: number, column: number) => t.find((e) => e.bound === bound && e.column === column)!;
    expect(at(1, 0)).toMatchObject({ bonus: 'none', a: 'recoil' });
    expect(at(1, 1)).toMatchObject({ a: 'destroyed' });
    expect(at(2, 0)).toMatchObject({ overlapsA: 1, shakenA: false, bonus: 'none', a: 'recoil' });
    expect(t.filter((e) => e.bound === 3).map((e) => e.column)).toEqual([2, 3, 4, 5]);
    expect(at(3, 2)).toMatchObject({ shakenA: true, overlapsA: 1, a: 'none', b: 'recoil' });
    expect(at(3, 3)).toMatchObject({ shakenA: false });
    expect(at(4, 2)).toMatchObject({ a: 'destroyed' });
    expect(at(4, 0)).toMatchObject({ shakenA: true, bonus: 'none', a: 'none', b: 'recoil' });
    expect(r.decision).toBe('b-wins');
    expect(r.bounds).toBe(4);
    expect(r.a.demoralised).toEqual([true, false]);
    expect(r.a.eeLost).toBe(2);
  });

  it('runs with a fixed seed: the same bytes on 1 and 2 threads, decisions that add up, the commands table', async () => {
    const file = join(dir, 'dba-big.yaml');
    writeFileSync(file, SCENARIO);
    const one = join(dir, 'one');
    const two = join(dir, 'two');
    const r1 = await cli('run', file, '--threads', '1', '--out', one, '--quiet');
    expect([r1.code, r1.stderr]).toEqual([0, '']);
    expect((await cli('run', file, '--threads', '2', '--out', two, '--quiet')).code).toBe(0);
    const f = files(one);
    expect(files(two)).toEqual(f);
    const s = JSON.parse(f['results.json'] as string).studies[0].results.summary;
    expect(s.samples).toBe(6000);
    expect(s.aWins.count + s.bWins.count + s.mutual.count + s.undecided.count).toBe(6000);
    // Only the side that lost more in the bound can be beaten in it: never both.
    expect(s.mutual.count).toBe(0);
    const decided = s.histogram.reduce((t: number, h: { decided: number }) => t + h.decided, 0);
    expect(decided).toBeCloseTo((s.aWins.count + s.bWins.count) / 6000, 9);
    const commands = s.detail.a.commands as { files: number; cInC: boolean; demoralised: number }[];
    expect(commands.map((c) => [c.files, c.cInC])).toEqual([
      [3, true],
      [3, false],
    ]);
    // Each of A's commands of 3 is demoralised by its first loss, B's command of 6 by its second.
    for (const c of [...commands, ...s.detail.b.commands]) {
      expect(c.demoralised).toBeGreaterThan(0);
      expect(c.demoralised).toBeLessThan(1);
    }
    expect(s.detail.a.scoreBonusUsed).toBeGreaterThan(0);
    expect(s.detail.b.scoreBonusUsed).toBe(0);
    expect(f['cavalry.md']).toContain('## Commands of A (Two commands)');
    expect(f['cavalry.md']).toMatch(/\| 1 \(C-in-C\) \| 3 +\| 0\.\d{3} +\| 0\.\d{3} +\|/);
  });
});
