/**
 * How the CLI ends on an error: bad input (an InputError, from any layer) is printed as one line per
 * problem and exits 2; anything else is an internal error (exit 1, the stack with DEBELLATOR_DEBUG=1).
 */
import { InputError, InputErrors } from '../core/errors.ts';
import { oneLine } from '../core/one-line.ts';

/** Most problems printed one per line (a file with more says how many more). */
const MAX_LINES = 20;
/** Longest line printed: a message quoting a pasted megabyte is cut in the middle. */
const MAX_CHARS = 500;

/**
 * A message as one line a terminal shows as it is (control characters written out, core/one-line.ts),
 * a long line cut in the middle.
 */
const clip = (message: string): string => {
  const s = oneLine(message);
  return s.length <= MAX_CHARS ? s : `${s.slice(0, MAX_CHARS - 100)} ... ${s.slice(-90)}`;
};

export function reportError(err: unknown): number {
  if (err instanceof InputErrors) {
    for (const e of err.errors.slice(0, MAX_LINES)) process.stderr.write(`debellator: ${clip(e.message)}\n`);
    const more = err.errors.length - MAX_LINES;
    if (more > 0) {
      const files = [...new Set(err.errors.map((e) => e.file).filter((f) => f !== undefined))];
      process.stderr.write(
        `debellator: and ${more} more problem${more > 1 ? 's' : ''}${files.length === 1 ? ` in ${files[0]}` : ''}\n`,
      );
    }
    return 2;
  }
  if (err instanceof InputError) {
    process.stderr.write(`debellator: ${clip(err.message)}\n`);
    return 2;
  }
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`debellator: internal error: ${clip(message.split('\n')[0] ?? '')}\n`);
  if (process.env.DEBELLATOR_DEBUG && err instanceof Error) process.stderr.write(`${err.stack}\n`);
  return 1;
}
