/**
 * A rule system's situation error as a scenario FieldError: the situation's field path goes under the
 * scenario path where the situation came from, so the loader can name file:line and the field.
 */
import { isSituationError, situationErrorPath } from '../core/situation-error.ts';
import { formatPath } from '../systems/dbm/situation-input.ts';
import { FieldError } from './errors.ts';

type Path = readonly (string | number)[];

/**
 * Unknown keys as the situation parsers word them (zod 3 "Unrecognized key(s) in object: 'x'", B&B
 * "unknown field(s) x"), reworded as the scenario schema words them, with the key in the path.
 */
function unknownKey(detail: string): { key: string; detail: string } | undefined {
  const m =
    /^Unrecognized key\(s\) in object: '([^']+)'/.exec(detail) ??
    /^unknown field\(s\) ([^\s,]+)/.exec(detail);
  if (!m) return undefined;
  const key = m[1] as string;
  return { key, detail: `unknown key "${key}"` };
}

/**
 * Run a situation parser; its SituationError (any rule system's) becomes a FieldError under `prefix`,
 * with `note` (e.g. the matrix cell) appended to the message when given.
 */
export function asField<T>(prefix: Path, fn: () => T, note?: string): T {
  try {
    return fn();
  } catch (e) {
    if (!isSituationError(e)) throw e;
    let path: Path = situationErrorPath(e);
    const lead = `${formatPath(path)}: `;
    let detail = path.length > 0 && e.message.startsWith(lead) ? e.message.slice(lead.length) : e.message;
    const unknown = unknownKey(detail);
    if (unknown) {
      path = [...path, unknown.key];
      detail = unknown.detail;
    }
    throw new FieldError([...prefix, ...path], note === undefined ? detail : `${detail} (${note})`);
  }
}
