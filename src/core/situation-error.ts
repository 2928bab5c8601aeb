/**
 * Where in a situation a validation error points. Every rule system throws an error named
 * 'SituationError' whose message starts with the field path ("a.rear[0].element: ..."); some also carry
 * it as `path`. This reads either, so callers can map the path to a file line.
 */
export function situationErrorPath(e: Error): (string | number)[] {
  const carried = (e as { path?: unknown }).path;
  if (Array.isArray(carried)) return carried as (string | number)[];
  const m = /^([A-Za-z0-9_$]+(?:(?:\.[A-Za-z0-9_$]+)|(?:\[\d+\]))*):\s/.exec(e.message);
  if (!m) return [];
  return (m[1] as string)
    .split(/\.|(?=\[)/)
    .map((part) =>
      /^\[\d+\]$/.test(part) ? Number(part.slice(1, -1)) : /^\d+$/.test(part) ? Number(part) : part,
    );
}

export const isSituationError = (e: unknown): e is Error => e instanceof Error && e.name === 'SituationError';
