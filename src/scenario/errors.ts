/** A scenario the tool refuses: one line, `file:line path: what is wrong`. The CLI exits 2 on it. */
export class ScenarioError extends Error {
  override readonly name = 'ScenarioError';
}

/** A bad field found while checking a scenario's meaning; the loader adds file and line. */
export class FieldError extends Error {
  override readonly name = 'FieldError';
  constructor(
    readonly path: readonly (string | number)[],
    readonly detail: string,
  ) {
    super(detail);
  }
}
