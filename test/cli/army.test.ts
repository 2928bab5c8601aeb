/** `debellator army`: an army file fitted to a budget, in text and JSON; errors at file:line. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMain } from './run-main.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const EIR = join(ROOT, 'armies', 'early-imperial-roman.yaml');

describe('debellator army', () => {
  it('prints the army fitted under DBM 3.2 by default: 399 AP, 57 elements', async () => {
    // test/systems/dbm/army/build.test.ts works this fit by hand.
    const r = await runMain(['army', EIR]);
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    expect(lines[0]).toBe('Early Imperial Roman');
    expect(lines[2]).toBe(
      'DBM 3.2: 399 AP of 400; 3 commands, 57 elements, 56 element equivalents; baggage 6 Irr Bg(I) with Legions (the C-in-C)',
    );
    // C-in-C 28 + 16 blades x 6 + 2 Art(O) x 8 + 2 Cv(O) x 8 = 156 AP; 21 elements.
    expect(lines[4]).toBe('Legions (the C-in-C): centre, 3 VP; 21 elements, 21 element equivalents, 156 AP');
    expect(r.out).toMatch(/ {2}1 {2}Reg Cv\(O\) {3}front {9}28 {8}1 {2}28 {2}C-in-C/);
  });

  it('--rules dbm-3.0 fits the 3.0 costs: 400 AP, 22 blades', async () => {
    const r = await runMain(['army', EIR, '--rules', 'dbm-3.0', '--json']);
    expect(r.code).toBe(0);
    const a = JSON.parse(r.out) as {
      rules: string;
      ap: number;
      commands: { troops: { element: string; count: number }[] }[];
    };
    expect(a.rules).toBe('dbm-3.0');
    expect(a.ap).toBe(400);
    const blades = a.commands
      .flatMap((c) => c.troops)
      .filter((t) => t.element === 'Reg Bd(O)')
      .reduce((s, t) => s + t.count, 0);
    expect(blades).toBe(22);
  });

  it('--points sets the budget: 500 AP takes 8 baggage under 3.2', async () => {
    const r = await runMain(['army', EIR, '--points', '500', '--json']);
    const a = JSON.parse(r.out) as { budget: number; ap: number; baggage: { count: number } };
    expect(a.budget).toBe(500);
    expect(a.ap).toBeLessThanOrEqual(500);
    expect(a.ap).toBeGreaterThan(495);
    expect(a.baggage.count).toBe(8);
  });

  it('bad input: file:line and the field, exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'debellator-army-'));
    const file = join(dir, 'mine.yaml');
    writeFileSync(
      file,
      [
        'name: Mine',
        'list: my own',
        'choices: none',
        'commands:',
        '  - general: C-in-C Reg Cv(O)',
        '    wing: centre',
        '    troops: [12 Reg Bd(O) fill]',
        '  - general: sub-general Reg Cv(O)',
        '    wing: middle',
        '    troops: 4 Reg Ax(Q)',
        '',
      ].join('\n'),
    );
    const r = await runMain(['army', file]);
    expect(r.code).toBe(2);
    expect(r.err.trim().split('\n')).toEqual([
      `debellator: ${file}:9 commands[1].wing: must be one of "left", "centre", "right"`,
      `debellator: ${file}:10 commands[1].troops: "Q" in "Reg Ax(Q)" is not a grade (S, O, I, F, X)`,
    ]);
    writeFileSync(
      file,
      [
        'name: Mine',
        'list: my own',
        'choices: none',
        'commands:',
        '  - command: C-in-C Reg Cv(O); 12 Reg Bd(O)',
        '    wing: centre',
        '  - command: sub-general Reg Cv(O); 4 Reg Ax(Q)',
        '    wing: left',
        '',
      ].join('\n'),
    );
    const r2 = await runMain(['army', file]);
    expect(r2.code).toBe(2);
    expect(r2.err).toMatch(
      new RegExp(
        `^debellator: ${file.replace(/[.]/g, '\\.')}:7 commands\\[1\\]\\.command: "Q" in "Reg Ax\\(Q\\)" is not a grade`,
      ),
    );
  });

  it('refuses a bad --points, an unknown --rules and a system without armies', async () => {
    expect((await runMain(['army', EIR, '--points', 'many'])).err).toMatch(/--points: expected AP above 0/);
    expect((await runMain(['army', EIR, '--rules', 'dbm-3.3'])).err).toMatch(/unknown rules "dbm-3.3"/);
    const r = await runMain(['army', EIR, '--rules', 'dba-3.0']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/DBA has no army files/);
  });

  it('a missing file is bad input', async () => {
    const r = await runMain(['army', join(ROOT, 'armies', 'atlantis.yaml')]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/atlantis\.yaml cannot read: no such file/);
  });
});
