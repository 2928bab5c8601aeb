/** Errors the CLI prints as one line (never a stack trace) and their exit codes. */
import { NotationError } from '../systems/dbm/notation.ts';

/** Bad input from the user: printed as one line, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Errors whose class marks them as the user's input (exit 2) rather than a failure (exit 1). */
const INPUT_ERRORS = new Set(['UsageError', 'NotationError', 'ScenarioError', 'SituationError']);

export function reportError(err: unknown): number {
  if (err instanceof Error && (INPUT_ERRORS.has(err.name) || err instanceof NotationError)) {
    process.stderr.write(`debellator: ${err.message}\n`);
    return 2;
  }
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`debellator: internal error: ${message}\n`);
  if (process.env.DEBELLATOR_DEBUG && err instanceof Error) process.stderr.write(`${err.stack}\n`);
  return 1;
}
