/**
 * A command whose reader goes away (`debellator schema | head -c 1`) ends quietly: exit 0, nothing on
 * stderr, no stack trace of the EPIPE.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** Run the real command with its stdout's reading end closed before it writes. */
function closedStdout(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['bin/debellator.js', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.destroy();
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((done) => child.on('close', (code) => done({ code, stderr })));
}

describe('a closed stdout', () => {
  for (const args of [['schema'], ['odds', 'Reg Bd(O)', 'Irr Kn(S)', '--json'], ['cost', 'Reg Bd(O)']])
    it(`debellator ${args.join(' ')} | head -c 1: exit 0, nothing on stderr`, async () => {
      const r = await closedStdout(args);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
    }, 30_000);
});
