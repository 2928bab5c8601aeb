/**
 * The launcher (bin/debellator.js) starts the CLI in a Node process with V8's --single-threaded-gc, larger
 * inlining budgets, heaps that grow by half and two allocator arenas (ARCHITECTURE.md "Worker threads and
 * the collector"), passes signals on to it and ends as it ends. Linux only: the CLI's process is found
 * through /proc.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HEAP_FLAGS, JIT_FLAGS, missingFlags } from '../../bin/node-flags.js';

const linux = existsSync('/proc/self/stat');

/** The processes whose parent is `pid`, with their command lines. */
function childrenOf(pid: number): { pid: number; args: string[] }[] {
  const out: { pid: number; args: string[] }[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The fields after the command's name (which may hold spaces) in parentheses: state, then parent.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== pid) continue;
      const args = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').filter(Boolean);
      out.push({ pid: Number(name), args });
    } catch {
      // Gone meanwhile.
    }
  }
  return out;
}

/** Serve the odds page through the launcher, on any free port; resolve once it says where. */
async function serving(): Promise<{
  launcher: ChildProcess;
  stdout: () => string;
  ended: Promise<number | null>;
}> {
  const launcher = spawn(process.execPath, ['bin/debellator.js', 'serve', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  launcher.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  launcher.stderr!.resume();
  const ended = new Promise<number | null>((done) => launcher.on('exit', (code) => done(code)));
  await new Promise<void>((ready, fail) => {
    const poll = setInterval(() => {
      if (stdout.includes('Odds page at')) {
        clearInterval(poll);
        ready();
      }
    }, 50);
    void ended.then((code) => {
      clearInterval(poll);
      fail(new Error(`the launcher ended (${code}) before serving:\n${stdout}`));
    });
  });
  return { launcher, stdout: () => stdout, ended };
}

describe.runIf(linux)('the launcher', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    it(`runs the CLI with --single-threaded-gc and passes ${signal} on to it`, async () => {
      const { launcher, ended } = await serving();
      const [cli, ...others] = childrenOf(launcher.pid!);
      expect(others).toEqual([]);
      expect(cli!.args).toContain('--single-threaded-gc');
      // And the compiler's inlining budgets and the heaps' growth (bin/node-flags.js).
      expect(cli!.args).toEqual(expect.arrayContaining([...JIT_FLAGS, ...HEAP_FLAGS]));
      expect(cli!.args.some((a) => a.endsWith('debellator.js'))).toBe(true);
      // Its allocator keeps two arenas (the launcher's environment did not set it).
      if (process.env.MALLOC_ARENA_MAX === undefined)
        expect(readFileSync(`/proc/${cli!.pid}/environ`, 'utf8').split('\0')).toContain('MALLOC_ARENA_MAX=2');
      // The launcher itself was started without the flag.
      expect(readFileSync(`/proc/${launcher.pid}/cmdline`, 'utf8')).not.toContain('--single-threaded-gc');
      // No terminal here, so the signal is the launcher's alone: the CLI gets it from the launcher, stops
      // serving (exit 0) and the launcher ends with it.
      launcher.kill(signal);
      expect(await ended).toBe(0);
      expect(existsSync(`/proc/${cli!.pid}`)).toBe(false);
    }, 60_000);

  it('ends as the CLI ends: its exit code, its output', async () => {
    const r = await new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
      const child = spawn(process.execPath, ['bin/debellator.js', 'cost', 'Reg Xx(O)'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('close', (code) => done({ code, stdout, stderr }));
    });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/"Xx" in "Reg Xx\(O\)" is not a DBM troop type/);
    expect(r.stderr).not.toMatch(/at .*\.(ts|js):\d+/);
  }, 60_000);
});

describe("the launcher's V8 flags", () => {
  it('adds the flags the user did not set, keeping a value the user gave', () => {
    const wanted = ['--max-inlined-bytecode-size-cumulative=3000', '--max-inlined-bytecode-size=800'];
    expect(missingFlags([], wanted)).toEqual(wanted);
    expect(missingFlags(['--max-inlined-bytecode-size=100', '--inspect'], wanted)).toEqual([
      '--max-inlined-bytecode-size-cumulative=3000',
    ]);
    expect(missingFlags(wanted, wanted)).toEqual([]);
  });

  it('sets every inlining budget as name=number', () => {
    expect(JIT_FLAGS.length).toBeGreaterThan(0);
    for (const f of JIT_FLAGS) expect(f).toMatch(/^--max-inlined-bytecode-size(-cumulative)?=\d+$/);
  });

  it("sets the heaps' growth as a percentage V8 takes", () => {
    expect(HEAP_FLAGS).toEqual([expect.stringMatching(/^--heap-growing-percent=\d+$/)]);
    // A user's own value stays.
    expect(missingFlags(['--heap-growing-percent=20'], HEAP_FLAGS)).toEqual([]);
  });
});
