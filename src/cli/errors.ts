/**
 * How the CLI ends on an error: bad input (an InputError, from any layer) is printed as one line per
 * problem and exits 2; anything else is an internal error (exit 1, the stack with DEBELLATOR_DEBUG=1).
 */
import { InputError, InputErrors } from '../core/errors.ts';

export function reportError(err: unknown): number {
  if (err instanceof InputErrors) {
    for (const e of err.errors) process.stderr.write(`debellator: ${e.message}\n`);
    return 2;
  }
  if (err instanceof InputError) {
    process.stderr.write(`debellator: ${err.message}\n`);
    return 2;
  }
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`debellator: internal error: ${message.split('\n')[0]}\n`);
  if (process.env.DEBELLATOR_DEBUG && err instanceof Error) process.stderr.write(`${err.stack}\n`);
  return 1;
}
