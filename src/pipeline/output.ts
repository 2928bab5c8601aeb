/**
 * The report folder, written whole or not at all. Before any work starts the folder is checked (not a
 * file, creatable, writable) by making a fresh staging folder beside it; the run writes into the staging
 * folder and swaps it in at the end, so an interrupted run leaves the previous report untouched. Staging
 * and old folders left by killed runs are removed on the next run (and said so).
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { InputError } from '../core/errors.ts';

const STAGING = '.staging-';
const OLD = '.old-';

/** Is process `pid` alive on this machine? */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const WHY: Readonly<Record<string, string>> = {
  EACCES: 'not allowed to write there',
  EPERM: 'not allowed to write there',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EEXIST: 'a file is in the way',
  ENOENT: 'the folder cannot be created there',
  ENAMETOOLONG: 'the path is too long',
};

const why = (e: unknown): string => {
  const code = (e as NodeJS.ErrnoException).code ?? '';
  return WHY[code] ?? `${code || 'error'}`;
};

export interface Output {
  /** The report folder. */
  readonly dir: string;
  /** Where this run writes; swapped in by `commit`. */
  readonly staging: string;
  /** Stale folders of killed runs removed while preparing. */
  readonly cleaned: readonly string[];
}

/** Check and prepare the report folder `dir` before any work. InputError when it cannot be written. */
export function prepareOutput(dir: string): Output {
  const target = resolve(dir);
  if (dir.trim() === '') throw new InputError('--out: give a folder');
  if (existsSync(target) && !statSync(target).isDirectory())
    throw new InputError(`${dir} is a file, not a folder`);
  const parent = dirname(target);
  try {
    mkdirSync(parent, { recursive: true });
  } catch (e) {
    throw new InputError(`cannot create ${parent}: ${why(e)}`);
  }
  const cleaned: string[] = [];
  const stem = basename(target);
  let entries: string[] = [];
  try {
    entries = readdirSync(parent);
  } catch (e) {
    throw new InputError(`cannot read ${parent}: ${why(e)}`);
  }
  for (const name of entries) {
    const m = new RegExp(`^${stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:${STAGING}|${OLD})(\\d+)$`).exec(
      name,
    );
    if (m && !alive(Number(m[1]))) {
      rmSync(join(parent, name), { recursive: true, force: true });
      cleaned.push(join(parent, name));
    }
  }
  const staging = `${target}${STAGING}${process.pid}`;
  try {
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging);
    writeFileSync(join(staging, '.probe'), '');
    rmSync(join(staging, '.probe'));
  } catch (e) {
    rmSync(staging, { recursive: true, force: true });
    throw new InputError(`cannot write the report in ${dir}: ${why(e)}`);
  }
  return { dir: target, staging, cleaned };
}

/** Write `files` (paths relative to the report folder) into the staging folder. */
export function stage(out: Output, files: ReadonlyMap<string, string | Uint8Array>): void {
  for (const [rel, body] of files) {
    const file = join(out.staging, rel);
    if (!file.startsWith(out.staging)) throw new Error(`report file outside its folder: ${rel}`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, body);
  }
}

/**
 * Swap the staging folder in for the report folder. A `slices` subfolder of the old report (from
 * `--shard` runs) is kept.
 */
export function commit(out: Output): void {
  const old = `${out.dir}${OLD}${process.pid}`;
  if (existsSync(out.dir)) {
    const slices = join(out.dir, 'slices');
    if (existsSync(slices) && !existsSync(join(out.staging, 'slices')))
      renameSync(slices, join(out.staging, 'slices'));
    renameSync(out.dir, old);
  }
  renameSync(out.staging, out.dir);
  rmSync(old, { recursive: true, force: true });
}

/** Give up: remove the staging folder, leave the report folder as it was. */
export function abandon(out: Output): void {
  rmSync(out.staging, { recursive: true, force: true });
}

/** Write one file (a slice file) whole: to a temporary name beside it, then renamed. */
export function writeWhole(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}${STAGING}${process.pid}`;
  try {
    writeFileSync(tmp, text);
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}
