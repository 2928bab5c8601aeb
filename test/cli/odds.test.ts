/** The odds and cost commands as a user runs them: output, JSON shape, errors and exit codes. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMain } from './run-main.ts';

const run = runMain;

describe('debellator odds', () => {
  it('prints the documented JSON object', async () => {
    const r = await run([
      'odds',
      'Reg Bd(O)',
      'Irr Wb(S)',
      '--a-general',
      '--a-overlapped',
      '1',
      '--b-rear',
      'Irr Wb(S)',
      '--json',
    ]);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.rules).toBe('dbm-3.2');
    expect(j.mode).toBe('close');
    expect(j.a.element).toBe('Reg Bd(O)');
    expect(j.b.element).toBe('Irr Wb(S)');
    expect(Object.keys(j.a.outcomes)).toEqual(['destroyed', 'flee', 'recoil', 'none']);
    expect(j.a.outcomes.destroyed).toEqual({ count: 10, of: 36, p: 0.2778 });
    expect(j.b.outcomes.recoil).toEqual({ count: 14, of: 36, p: 0.3889 });
    expect(j.a.factors[0]).toEqual({ label: 'Bd v foot', value: 5, rule: 'DBM 3.2 p.21 Combat Factors' });
    expect(j.joint.reduce((t: number, x: { count: number }) => t + x.count, 0)).toBe(36);
  });
  it('GBA: prints the breakthrough and leader casualty odds, in text and JSON', async () => {
    const file = join(import.meta.dirname, '..', '..', 'scenarios', 'situations', 'phalanx-v-hoplites.yaml');
    const text = await run(['odds', '--situation', file]);
    expect(text.code).toBe(0);
    expect(text.out).toContain('Events:');
    expect(text.out).toMatch(
      /11\.36% +Breakthrough against B: a defending unit takes \+2 hits \(11360\/100000\) +\[GBA 9\.17\]/,
    );
    const j = JSON.parse((await run(['odds', '--situation', file, '--json'])).out);
    expect(j.events.map((e: { id: string; count: number }) => [e.id, e.count])).toEqual([
      ['breakthrough:a', 0],
      ['breakthrough:b', 11_360],
      ['leader-casualty:a', 10_000],
    ]);
  });
  it('DBM reports carry no events', async () => {
    const j = JSON.parse((await run(['odds', 'Reg Bd(O)', 'Irr Wb(S)', '--json'])).out);
    expect(j.events).toBeUndefined();
  });
  it('prints a readable table with factors and rule sections', async () => {
    const r = await run(['odds', 'Reg Bd(O)', 'Irr Wb(S)']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('DBM 3.2 close combat');
    expect(r.out).toContain('Bd v foot  [DBM 3.2 p.21 Combat Factors]');
  });
  it('reads a situation file, and flags override it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'debellator-'));
    const file = join(dir, 's.yaml');
    writeFileSync(
      file,
      'rules: dbm-3.0\nmode: close\na:\n  element: Reg Bd(O)\nb:\n  element: Reg Pk(O)\n  rear: [Reg Pk(O), Reg Pk(O), Reg Pk(O)]\n',
    );
    const r = await run(['odds', '--situation', file, '--json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.rules).toBe('dbm-3.0');
    expect(j.b.factors.find((f: { label: string }) => f.label.includes('pikes')).value).toBe(3);
    const r2 = await run(['odds', '--situation', file, '--rules', 'dbm-3.2', '--json']);
    expect(JSON.parse(r2.out).b.factors.find((f: { label: string }) => f.label.includes('pikes')).value).toBe(
      2,
    );
  });
  it('bad notation: one line naming the bad part, exit code 2', async () => {
    const r = await run(['odds', 'Reg Bd(Q)', 'Irr Wb(S)']);
    expect(r.code).toBe(2);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toContain('"Q" in "Reg Bd(Q)" is not a grade');
  });
  it('a bad field in a situation file names file:line and the field', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'debellator-'));
    const file = join(dir, 'bad.yaml');
    writeFileSync(file, 'a:\n  element: Reg Bd(O)\nb:\n  element: Reg Pk(O)\n  overlapz: 1\n');
    const r = await run(['odds', '--situation', file]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${file}:5 b.overlapz: unknown key "overlapz"`);
    writeFileSync(file, 'a:\n  element: Reg Bd(O)\nb:\n  element: Reg Pk(O)\n  going: swamp\n');
    const r2 = await run(['odds', '--situation', file]);
    expect(r2.err).toContain(`${file}:5 b.going: must be one of`);
    writeFileSync(file, 'a:\n  element: [Reg Bd(O)\n');
    const r3 = await run(['odds', '--situation', file]);
    expect(r3.code).toBe(2);
    expect(r3.err).toMatch(/bad\.yaml:\d+ syntax error/);
  });
  it('a bad flag value names the flag', async () => {
    const r = await run(['odds', 'Reg Bd(O)', 'Reg Bd(O)', '--a-overlapped', '3']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--a-overlapped');
  });
});

describe('debellator cost', () => {
  it('compares versions', async () => {
    const r = await run(['cost', 'Reg Bd(O)']);
    expect(r.out).toContain('DBM 3.0: 7 AP');
    expect(r.out).toContain('DBM 3.2: 6 AP');
  });
  it('one version prints one number', async () => {
    expect((await run(['cost', 'Reg Bd(O)', '--rules', 'dbm-3.0'])).out.trim()).toBe('7');
  });
  it('bad element exits 2', async () => {
    expect((await run(['cost', 'Reg Bd(Z)'])).code).toBe(2);
  });

  it('refuses flags that contradict the mode instead of ignoring them', async () => {
    const both = await run(['odds', 'Reg Bw(O)', 'Reg Bd(O)', '--shooting', '--mode', 'close']);
    expect([both.code, both.err]).toEqual([
      2,
      'debellator: --shooting and --mode close contradict each other: give one\n',
    ]);
    const aiders = await run(['odds', 'Reg Bw(O)', 'Reg Bd(O)', '--a-aiders', '2']);
    expect([aiders.code, aiders.err]).toEqual([
      2,
      'debellator: --a-aiders applies to shooting only, and this combat is close\n',
    ]);
  });
});
