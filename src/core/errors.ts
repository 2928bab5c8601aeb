/**
 * The one error type for bad input (ARCHITECTURE.md "Errors"). Whatever refuses input (a notation
 * parser, a situation schema, a scenario check, a command-line flag, a slice file) throws an InputError
 * carrying what is wrong and, as they become known, the field path, the file and the line. Callers that
 * know more re-throw with `within` (a path prefix) or `inFile` (file and line); nobody parses messages.
 * The CLI prints `message` as one line and exits 2; anything else is an internal error (exit 1).
 */

export type FieldPath = readonly (string | number)[];

interface Where {
  readonly path?: FieldPath;
  readonly file?: string;
  readonly line?: number;
}

/** `a.rear[0].element` */
function formatPath(path: FieldPath): string {
  return path.reduce<string>(
    (s, p) => (typeof p === 'number' ? `${s}[${p}]` : s === '' ? String(p) : `${s}.${p}`),
    '',
  );
}

export class InputError extends Error {
  override readonly name = 'InputError';
  /** What is wrong, without the location. */
  readonly detail: string;
  readonly path: FieldPath;
  readonly file: string | undefined;
  readonly line: number | undefined;

  constructor(detail: string, where: Where = {}) {
    const path = where.path ?? [];
    const file = where.file;
    const loc = file === undefined ? '' : `${file}${where.line !== undefined ? `:${where.line}` : ''} `;
    super(`${loc}${path.length > 0 ? `${formatPath(path)}: ` : ''}${detail}`);
    this.detail = detail;
    this.path = path;
    this.file = file;
    this.line = where.line;
  }

  /** The same error one level down: its path under `prefix` (e.g. the scenario field it came from). */
  within(prefix: FieldPath): InputError {
    if (prefix.length === 0) return this;
    return new InputError(this.detail, { ...this.where(), path: [...prefix, ...this.path] });
  }

  /** The same error located in a file; `lineOf` maps the field path to a line. */
  inFile(file: string, lineOf?: (path: FieldPath) => number): InputError {
    if (this.file !== undefined) return this;
    return new InputError(this.detail, {
      path: this.path,
      file,
      ...(lineOf ? { line: lineOf(this.path) } : {}),
    });
  }

  /** With more words at the end (e.g. the matrix cell it failed in). */
  note(text: string): InputError {
    return new InputError(`${this.detail} (${text})`, this.where());
  }

  private where(): Where {
    return {
      path: this.path,
      ...(this.file !== undefined ? { file: this.file } : {}),
      ...(this.line !== undefined ? { line: this.line } : {}),
    };
  }
}

/** Several input errors found in one pass (every bad field of a scenario file): one line each. */
export class InputErrors extends InputError {
  constructor(readonly errors: readonly InputError[]) {
    super(errors.map((e) => e.message).join('\n'));
  }

  override inFile(file: string, lineOf?: (path: FieldPath) => number): InputError {
    return new InputErrors(this.errors.map((e) => e.inFile(file, lineOf)));
  }
}

/** One error for one or more: the error itself, or all of them together. */
export function combined(errors: readonly InputError[]): InputError {
  if (errors.length === 0) throw new Error('combined: no errors');
  return errors.length === 1 ? (errors[0] as InputError) : new InputErrors(errors);
}

/** Throw the errors found, if any. */
export function throwAll(errors: readonly InputError[]): void {
  if (errors.length > 0) throw combined(errors);
}
