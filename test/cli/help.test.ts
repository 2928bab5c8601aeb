/**
 * `odds --help` and `odds --rules X --help`: the plain help lists every system's flags and says how to
 * see one system's; a system's help lists only its flags and ends with examples, each of which runs.
 */
import { describe, expect, it } from 'vitest';
import { oddsExamples } from '../../src/cli/examples.ts';
import { runMain } from './run-main.ts';

/** The flags a help text lists. */
const flags = (help: string): string[] => [...help.matchAll(/^ {2}(?:-\w, )?(--[\w-]+)/gm)].map((m) => m[1]!);

describe('odds --help', () => {
  it('lists every system and says how to see one', async () => {
    const r = await runMain(['odds', '--help']);
    expect(r.code).toBe(0);
    const listed = flags(r.out);
    // DBM's rear ranks, DBA's flank support, GBA's TQ: every system's flags.
    expect(listed).toEqual(
      expect.arrayContaining(['--a-rear', '--a-flank-friend', '--a-tq', '--a-cohesion']),
    );
    expect(r.out).toContain("One system's flags, with examples: odds --rules <id> --help");
    expect(r.out).toContain('(dbm-3.2, bnb-0.7, dba-3.0, gba-5)');
  });

  it.each([
    // [rules, a flag of its own, flags of others it must not list]
    ['dbm-3.2', '--a-rear', ['--a-tq', '--a-flank-friend', '--a-cohesion', '--charts', '--later-attacker']],
    ['dba-3.0', '--a-flank-friend', ['--a-tq', '--a-cohesion', '--charts', '--later-attacker']],
    ['bnb-0.7', '--a-cohesion', ['--a-tq', '--a-flank-friend', '--charts', '--later-attacker']],
    ['gba-5', '--a-tq', ['--a-rear', '--a-flank-friend', '--shooting', '--pursue']],
  ])('--rules %s shows that system only, with examples', async (rules, own, others) => {
    const r = await runMain(['odds', '--rules', rules, '--help']);
    expect(r.code).toBe(0);
    const listed = flags(r.out);
    expect(listed).toContain(own);
    for (const f of others) expect(listed).not.toContain(f);
    expect(r.out).not.toContain("One system's flags");
    const examples = r.out.split('\nExamples:\n')[1]!.trim().split('\n');
    expect(examples.length).toBeGreaterThanOrEqual(2);
    // Far shorter than the ~330 lines of every system's flags.
    expect(r.out.split('\n').length).toBeLessThan(130);
  });

  it('--help before --rules works too, and an unknown rule set falls back to the whole help', async () => {
    const r = await runMain(['odds', '--help', '--rules', 'gba-5']);
    expect(flags(r.out)).toContain('--a-tq');
    expect(flags(r.out)).not.toContain('--a-rear');
    const bad = await runMain(['odds', '--rules', 'nope', '--help']);
    expect(flags(bad.out)).toEqual(expect.arrayContaining(['--a-rear', '--a-tq']));
  });

  it.each(['dbm', 'dba', 'bnb', 'gba'])('every %s example runs', async (system) => {
    for (const line of oddsExamples(system)) {
      const args = [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!).slice(1);
      const r = await runMain(args);
      expect([line, r.code, r.err]).toEqual([line, 0, '']);
    }
  });
});
