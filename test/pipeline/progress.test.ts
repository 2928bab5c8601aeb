/** The progress line: percentage, rate and time left; silent off a terminal. */
import { describe, expect, it } from 'vitest';
import { Progress } from '../../src/pipeline/progress.ts';

describe('progress bar', () => {
  it('shows half done at 1M samples/s with 5 s left', () => {
    expect(Progress.line(5_000_000, 10_000_000, 1_000_000, 'samples', '', 10)).toBe(
      '[#####-----]  50.0% 5.00M/10.00M samples 1.00M/s ETA 00:05',
    );
  });

  it('writes nothing when stderr is not a terminal, or when quiet', () => {
    const out: string[] = [];
    const sink = { isTTY: false, write: (s: string) => out.push(s) };
    new Progress(10, sink).tick(10);
    new Progress(10, { ...sink, isTTY: true }, true).tick(10);
    expect(out).toEqual([]);
  });

  it('draws on a terminal and clears the line at the end', () => {
    const out: string[] = [];
    const p = new Progress(10, { isTTY: true, write: (s: string) => out.push(s) });
    p.tick(10);
    p.end();
    expect(out[0]).toMatch(/^\r\[#+\] 100\.0%/);
    expect(out.at(-1)).toBe('\r\x1b[2K');
  });
});
