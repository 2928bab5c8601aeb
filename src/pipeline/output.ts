/**
 * The report folder, written whole or not at all. Before any work starts the folder is checked (not a
 * file, creatable, writable, room on the disk, and either new, empty or a previous debellator report:
 * the report replaces the folder whole, so a folder holding anything else is refused) by making a fresh
 * staging folder beside it; the run writes into the staging folder and swaps it in at the end, so an
 * interrupted run leaves the previous report untouched. Staging and old folders and temporary files
 * left by killed runs are removed on the next run (and said so); a previous report a killed run had
 * already moved aside is put back.
 */
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  statfsSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { InputError } from '../core/errors.ts';

const STAGING = '.staging-';
const OLD = '.old-';
/** A temporary file of a write in progress: `results.json.tmp-12345`, `slice-1-of-4.json.staging-12345`. */
const TEMP = /(?:\.tmp-|\.staging-)(\d+)$/;
/** Most missing folders created for `--out` (a mistyped path should not make a deep tree). */
const MAX_NEW_FOLDERS = 16;
/** Free space asked of the disk before any work (a report is a few MB; a balance report about 40 MB). */
const MIN_FREE_BYTES = 64 * 1024 * 1024;

/** Is process `pid` alive on this machine? */
function alive(pid: number): boolean {
  if (pid === process.pid) return true;
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
  EDQUOT: 'the disk quota is used up',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EEXIST: 'a file is in the way',
  ENOENT: 'the folder cannot be created there',
  ENAMETOOLONG: 'the path is too long',
  EISDIR: 'a folder is in the way',
  EBUSY: 'the folder is in use',
  ELOOP: 'the path loops through symbolic links',
};

const why = (e: unknown): string => {
  const code = (e as NodeJS.ErrnoException).code ?? '';
  return WHY[code] ?? (code || 'error');
};

/** Is `e` a file system error (a thrown errno), as opposed to a bug? */
const isFsError = (e: unknown): boolean =>
  e instanceof Error && typeof (e as NodeJS.ErrnoException).code === 'string';

const mb = (bytes: number) => `${Math.floor(bytes / (1024 * 1024)).toLocaleString('en-US')} MB`;

export interface Output {
  /** The report folder. */
  readonly dir: string;
  /** Where this run writes; swapped in by `commit`. */
  readonly staging: string;
  /** Stale folders and files of killed runs removed (or put back) while preparing, one line each. */
  readonly cleaned: readonly string[];
}

/**
 * Create `dir` and its missing parents one level at a time (never a recursive mkdir, which retries
 * forever on some special file systems), at most MAX_NEW_FOLDERS of them. InputError naming `label`.
 */
function ensureFolder(dir: string, label: string): void {
  const missing: string[] = [];
  let d = resolve(dir);
  for (;;) {
    let st;
    try {
      st = statSync(d);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') throw new InputError(`${label}: cannot use ${d}: ${why(e)}`);
    }
    if (st) {
      if (!st.isDirectory()) throw new InputError(`${label}: ${d} is a file, not a folder`);
      break;
    }
    missing.push(d);
    if (missing.length > MAX_NEW_FOLDERS)
      throw new InputError(`${label}: ${dir} would need more than ${MAX_NEW_FOLDERS} new folders`);
    const up = dirname(d);
    if (up === d) break;
    d = up;
  }
  for (const m of missing.reverse()) {
    try {
      mkdirSync(m);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST' && statSync(m).isDirectory()) continue;
      throw new InputError(`${label}: cannot create ${m}: ${why(e)}`);
    }
  }
}

/** Does `file` begin like a debellator results file? */
function isResultsFile(file: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const buf = Buffer.alloc(256);
    const n = readSync(fd, buf, 0, buf.length, 0);
    return /^\{\s*"format":\s*"debellator-results\//.test(buf.subarray(0, n).toString('utf8'));
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Why the existing folder `target` may not be replaced by a report, or undefined when it may: it must
 * be empty, a previous report (results.json written by debellator), or hold only slices and leftovers.
 */
function notAReport(target: string, entries: readonly string[]): string | undefined {
  if (entries.includes('results.json') && isResultsFile(join(target, 'results.json'))) return undefined;
  const foreign = entries.filter((n) => n !== 'slices' && !TEMP.test(n));
  if (foreign.length === 0) return undefined;
  const shown = foreign
    .slice(0, 3)
    .map((n) => `"${n}"`)
    .join(', ');
  return `holds files that are not a debellator report (${shown}${foreign.length > 3 ? ', ...' : ''}); the report replaces its folder whole: give a new or empty folder`;
}

/** Is `inner` the folder `outer` or inside it? */
const within = (inner: string, outer: string): boolean => {
  const r = relative(outer, inner);
  return r === '' || (r !== '..' && !r.startsWith(`..${sep}`) && !isAbsolute(r));
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Remove temporary files of dead runs in `folder` (non-recursive); returns what was removed. */
function removeStaleTemps(folder: string, entries: readonly string[]): string[] {
  const cleaned: string[] = [];
  for (const name of entries) {
    const m = TEMP.exec(name);
    if (m && !alive(Number(m[1]))) {
      rmSync(join(folder, name), { recursive: true, force: true });
      cleaned.push(`removed ${join(folder, name)}, left by a run that was stopped`);
    }
  }
  return cleaned;
}

interface OutputOptions {
  /** Free bytes the disk must have (default MIN_FREE_BYTES). */
  readonly needBytes?: number;
}

/** Check and prepare the report folder `dir` before any work. InputError when it cannot be written. */
export function prepareOutput(dir: string, options: OutputOptions = {}): Output {
  if (dir.trim() === '') throw new InputError('--out: give a folder');
  if (dir.includes('\0')) throw new InputError('--out: not a path');
  const target = resolve(dir);
  const parent = dirname(target);
  if (parent === target)
    throw new InputError(`--out: ${dir} is the root folder; give a folder for the report`);
  if (within(process.cwd(), target))
    throw new InputError(
      `--out: ${dir} holds the folder you are in; the report replaces its folder whole: give a new folder`,
    );
  ensureFolder(parent, '--out');
  const stem = basename(target);
  let siblings: string[];
  try {
    siblings = readdirSync(parent);
  } catch (e) {
    throw new InputError(`--out: cannot read ${parent}: ${why(e)}`);
  }
  const cleaned: string[] = [];
  const pattern = new RegExp(`^${escape(stem)}(${escape(STAGING)}|${escape(OLD)})(\\d+)$`);
  // Put back a previous report a killed run had moved aside but not yet replaced.
  for (const name of siblings) {
    const m = pattern.exec(name);
    if (m && m[1] === OLD && !alive(Number(m[2])) && !existsSync(target)) {
      renameSync(join(parent, name), target);
      cleaned.push(`put back ${target}, moved aside by a run that was stopped`);
    }
  }
  for (const name of siblings) {
    const m = pattern.exec(name);
    if (m && !alive(Number(m[2])) && existsSync(join(parent, name))) {
      rmSync(join(parent, name), { recursive: true, force: true });
      cleaned.push(`removed ${join(parent, name)}, left by a run that was stopped`);
    }
  }
  if (existsSync(target)) {
    if (!statSync(target).isDirectory()) throw new InputError(`--out: ${dir} is a file, not a folder`);
    let entries: string[];
    try {
      entries = readdirSync(target);
    } catch (e) {
      throw new InputError(`--out: cannot read ${dir}: ${why(e)}`);
    }
    const refusal = notAReport(target, entries);
    if (refusal) throw new InputError(`--out: ${dir} ${refusal}`);
    cleaned.push(...removeStaleTemps(target, entries));
  }
  const need = options.needBytes ?? MIN_FREE_BYTES;
  try {
    const fs = statfsSync(parent);
    const free = fs.bavail * fs.bsize;
    // Pseudo file systems (/proc, /sys) report no blocks at all: the probe below refuses them.
    if (fs.blocks > 0 && free < need)
      throw new InputError(
        `--out: the disk of ${dir} has ${mb(free)} free; a report needs about ${mb(need)}`,
      );
  } catch (e) {
    if (e instanceof InputError) throw e;
    // statfs is not available everywhere; the probe below and the final write still check.
  }
  const staging = `${target}${STAGING}${process.pid}`;
  try {
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging);
    writeFileSync(join(staging, '.probe'), '');
    rmSync(join(staging, '.probe'));
  } catch (e) {
    rmSync(staging, { recursive: true, force: true });
    throw new InputError(`--out: cannot write the report in ${dir}: ${why(e)}`);
  }
  return { dir: target, staging, cleaned };
}

/** A write that failed on the disk, as an InputError (the staging folder is removed first). */
function writeFailed(out: Output, e: unknown): never {
  abandon(out);
  if (!isFsError(e)) throw e;
  throw new InputError(`cannot write the report in ${out.dir}: ${why(e)}; the previous report is untouched`);
}

/** Write `files` (paths relative to the report folder) into the staging folder. */
export function stage(out: Output, files: ReadonlyMap<string, string | Uint8Array>): void {
  try {
    for (const [rel, body] of files) {
      const file = join(out.staging, rel);
      if (!within(file, out.staging) || file === out.staging)
        throw new Error(`report file outside its folder: ${rel}`);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, body);
    }
  } catch (e) {
    writeFailed(out, e);
  }
}

/**
 * Swap the staging folder in for the report folder. A `slices` subfolder of the old report (from
 * `--shard` runs) is kept. Killed between the two renames, the old report waits beside the folder as
 * `<dir>.old-PID` and the next run puts it back.
 */
export function commit(out: Output): void {
  const old = `${out.dir}${OLD}${process.pid}`;
  try {
    if (existsSync(out.dir)) {
      const slices = join(out.dir, 'slices');
      if (existsSync(slices) && !existsSync(join(out.staging, 'slices')))
        renameSync(slices, join(out.staging, 'slices'));
      renameSync(out.dir, old);
    }
    renameSync(out.staging, out.dir);
  } catch (e) {
    if (existsSync(old) && !existsSync(out.dir)) renameSync(old, out.dir);
    writeFailed(out, e);
  }
  rmSync(old, { recursive: true, force: true });
}

/** Give up: remove the staging folder, leave the report folder as it was. */
export function abandon(out: Output): void {
  rmSync(out.staging, { recursive: true, force: true });
}

/**
 * Check, before any work, that a slice file can be written at `file`: its folder exists or can be made,
 * the name is free or a file, and a file can be created there. Removes temporary slice files of dead
 * runs in that folder; returns what it removed.
 */
export function prepareFile(file: string, label: string): string[] {
  const folder = dirname(resolve(file));
  ensureFolder(folder, label);
  if (existsSync(file) && statSync(file).isDirectory())
    throw new InputError(`${label}: ${file} is a folder, not a file`);
  let cleaned: string[] = [];
  try {
    cleaned = removeStaleTemps(folder, readdirSync(folder));
  } catch (e) {
    throw new InputError(`${label}: cannot read ${folder}: ${why(e)}`);
  }
  const probe = `${file}${STAGING}${process.pid}`;
  try {
    writeFileSync(probe, '');
  } catch (e) {
    throw new InputError(`${label}: cannot write ${file}: ${why(e)}`);
  } finally {
    rmSync(probe, { force: true });
  }
  return cleaned;
}

/** Write one file (a slice file) whole: to a temporary name beside it, then renamed. */
export function writeWhole(file: string, text: string): void {
  const tmp = `${file}${STAGING}${process.pid}`;
  try {
    writeFileSync(tmp, text);
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    if (isFsError(e)) throw new InputError(`cannot write ${file}: ${why(e)}`);
    throw e;
  }
}
