/** Command-line values checked before any work: counts, seeds, slices. Each refusal is an InputError. */
import { InputError } from '../core/errors.ts';
import { cores } from '../pipeline/pool.ts';
import { MAX_SLICES, parseSlice, type Slice } from '../pipeline/shards.ts';

/** Whole numbers, also written 1e7 or 10_000_000, from `min` to `max`. */
export function parseCount(flag: string, min: number, max = Number.MAX_SAFE_INTEGER) {
  return (v: string): number => {
    const t = v.replace(/_/g, '');
    const n = /^\d+(\.\d+)?(e\d+)?$/i.test(t) ? Number(t) : NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max)
      throw new InputError(
        `--${flag}: "${v}" is not a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}`,
      );
    return n;
  };
}

export function parseSeed(v: string): string {
  if (v.trim() === '' || v.length > 200)
    throw new InputError('--seed: give a word or a number (1 to 200 characters)');
  return v;
}

export function parseShard(v: string): Slice {
  const s = parseSlice(v);
  if (!s)
    throw new InputError(
      `--shard: "${v}" is not i/n with 1 <= i <= n <= ${MAX_SLICES.toLocaleString('en-US')}`,
    );
  return s;
}

/** Worker threads: at most the machine's cores (more only slows the run down); says so when capped. */
export function threadsFor(asked: number | undefined, note: (s: string) => void): number {
  const max = cores();
  if (asked === undefined) return max;
  if (asked > max) {
    note(`--threads ${asked}: this machine has ${max} core${max > 1 ? 's' : ''}; using ${max}`);
    return max;
  }
  return asked;
}

/**
 * A value option that may be given once: commander keeps the last of repeated values silently, so
 * `--mode shooting --mode close` would run close combat without a word. The same value twice passes.
 */
export function once<T = string>(flag: string, parse?: (v: string) => T) {
  return (v: string, prev: T | undefined): T => {
    const x = parse ? parse(v) : (v as T);
    if (prev !== undefined && prev !== x)
      throw new InputError(`--${flag} is given twice (${String(prev)} and ${v}): give it once`);
    return x;
  };
}
