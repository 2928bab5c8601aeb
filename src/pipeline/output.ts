/**
 * The report folder, written whole or not at all. Before any work starts the folder is checked (not a
 * file, creatable, writable, room on the disk, and either new, empty or a previous debellator report
 * holding only the files debellator wrote: the report replaces the folder whole, so a folder holding
 * anything else is refused, naming what is in the way) and locked against a second run by making
 * `<folder>.lock` and a fresh staging folder beside it; the run writes into the staging folder and swaps
 * it in at the end, so an interrupted run leaves the previous report untouched. Every report lists its
 * files in `.debellator-files`, so the next run knows which files are its own. Staging and old folders,
 * locks and temporary files left by killed runs are removed on the next run (and said so); a previous
 * report a killed run had already moved aside is put back. Every file-system error on the way is an
 * InputError naming the path.
 */
import {
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmdirSync,
  rmSync,
  statfsSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { InputError } from '../core/errors.ts';

const STAGING = '.staging-';
const OLD = '.old-';
const LOCK = '.lock';
/** A temporary file of a write in progress: `results.json.tmp-12345`, `slice-1-of-4.json.staging-12345`. */
const TEMP = /(?:\.tmp-|\.staging-)(\d+)$/;
/** The list of a report's files, written last into every report (one path a line, after a header line). */
export const MANIFEST = '.debellator-files';
const MANIFEST_HEADER = 'debellator-report-files/1';
/** Most missing folders created for `--out`, the report folder itself included (a mistyped path should not make a deep tree). */
export const MAX_NEW_FOLDERS = 16;
/** Free space asked of the disk before any work (a report is a few MB; a balance report about 40 MB). */
const MIN_FREE_BYTES = 64 * 1024 * 1024;
/** Foreign files named in a refusal. */
const SHOWN = 3;

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
  EMFILE: 'too many files are open',
  EIO: 'the disk failed to read or write',
};

const why = (e: unknown): string => {
  const code = (e as NodeJS.ErrnoException).code ?? '';
  return WHY[code] ?? (code || 'error');
};

/** Is `e` a file system error (a thrown errno), as opposed to a bug? */
const isFsError = (e: unknown): boolean =>
  e instanceof Error && typeof (e as NodeJS.ErrnoException).code === 'string';

/** Run `f`; a file system error becomes an InputError `label: cannot use PATH: why` (a bug stays a bug). */
function onDisk<T>(label: string, path: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (isFsError(e)) throw new InputError(`${label}: cannot use ${path}: ${why(e)}`);
    throw e;
  }
}

/** Best effort (cleaning up after a failure must not hide the failure). */
function quietly(f: () => void): void {
  try {
    f();
  } catch {
    // nothing more to do
  }
}

const mb = (bytes: number) => `${Math.floor(bytes / (1024 * 1024)).toLocaleString('en-US')} MB`;

/** What a run holds on the disk until it finishes: its lock and the folders it made. */
interface Held {
  /** `<folder>.lock` or `<file>.lock`, holding this process's id. */
  readonly lock: string;
  /** Folders this run created (outermost first), removed again if the run writes nothing. */
  readonly created: readonly string[];
  /** Stale folders and files of killed runs removed (or put back) while preparing, one line each. */
  readonly cleaned: readonly string[];
}

export interface Output extends Held {
  /** The report folder. */
  readonly dir: string;
  /** Where this run writes; swapped in by `commit`. */
  readonly staging: string;
}

/** A slice file about to be written (whole, by `writeWhole`). */
export interface FileOutput extends Held {
  readonly file: string;
}

/**
 * Create `dir` and its missing parents one level at a time (never a recursive mkdir, which retries
 * forever on some special file systems), at most `most` of them. InputError naming `label`. Returns
 * the folders created, outermost first.
 */
function ensureFolder(dir: string, label: string, most: number, shown = dir): string[] {
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
    if (missing.length > most)
      throw new InputError(`${label}: ${shown} would need more than ${MAX_NEW_FOLDERS} new folders`);
    const up = dirname(d);
    if (up === d) break;
    d = up;
  }
  const created: string[] = [];
  for (const m of missing.reverse()) {
    try {
      mkdirSync(m);
      created.push(m);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST' && statSync(m).isDirectory()) continue;
      removeEmpty(created);
      throw new InputError(`${label}: cannot create ${m}: ${why(e)}`);
    }
  }
  return created;
}

/** Remove `folders` (outermost first) where they are still empty, innermost first. */
function removeEmpty(folders: readonly string[]): void {
  for (const f of [...folders].reverse()) quietly(() => rmdirSync(f));
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

/** The files a report folder's manifest lists, or undefined when it has none (or not one of ours). */
function manifestOf(folder: string): Set<string> | undefined {
  let text: string;
  try {
    if (!lstatSync(join(folder, MANIFEST)).isFile()) return undefined;
    text = readFileSync(join(folder, MANIFEST), 'utf8');
  } catch {
    return undefined;
  }
  const [header, ...files] = text.split('\n');
  if (header !== MANIFEST_HEADER) return undefined;
  return new Set(files.filter((f) => f !== ''));
}

/**
 * The files a report written before reports listed their files (no manifest) can have: results.json,
 * index.html, each study's `<name>.md`, `.csv` and `.json`, and charts under charts/.
 */
function legacyReport(folder: string): (rel: string) => boolean {
  let names: string[] = [];
  try {
    const r = JSON.parse(readFileSync(join(folder, 'results.json'), 'utf8')) as {
      studies?: { name?: unknown }[];
    };
    names = (r.studies ?? []).map((s) => s.name).filter((n): n is string => typeof n === 'string');
  } catch {
    // a damaged results file: only the fixed names below are taken as the tool's
  }
  const own = new Set([
    'results.json',
    'index.html',
    ...names.flatMap((n) => [`${n}.md`, `${n}.csv`, `${n}.json`]),
  ]);
  return (rel) => own.has(rel) || /^charts\/[^/]+\.(vl\.json|svg|png)$/.test(rel);
}

/**
 * The files in the existing folder `target` that debellator did not write (paths relative to it,
 * '/'-separated), at most `most` of them. A previous report's own files are those its manifest lists
 * (or, for a report written before reports listed their files, the names a report has); its `slices/`
 * subfolder (kept) and leftovers of killed runs are the tool's too. Folders are looked into; symbolic
 * links are files (never followed).
 */
function foreignFiles(target: string, most = SHOWN + 1): string[] {
  const entries = readdirSync(target);
  const manifest = manifestOf(target);
  const ours: (rel: string) => boolean = manifest
    ? (rel) => manifest.has(rel)
    : entries.includes('results.json') && isResultsFile(join(target, 'results.json'))
      ? legacyReport(target)
      : () => false;
  const found: string[] = [];
  const walk = (folder: string, rel: string, names: readonly string[]): void => {
    for (const name of names) {
      if (found.length >= most) return;
      if (rel === '' && (name === 'slices' || name === MANIFEST || TEMP.test(name))) continue;
      const r = rel === '' ? name : `${rel}/${name}`;
      const p = join(folder, name);
      if (lstatSync(p).isDirectory()) walk(p, r, readdirSync(p));
      else if (!ours(r)) found.push(r);
    }
  };
  walk(target, '', entries);
  return found;
}

/** The refusal for a folder holding files debellator did not write. */
function foreignRefusal(dir: string, foreign: readonly string[]): string {
  const shown = foreign
    .slice(0, SHOWN)
    .map((n) => `"${n}"`)
    .join(', ');
  return `--out: ${dir} holds files debellator did not write (${shown}${foreign.length > SHOWN ? ', ...' : ''}); the report replaces its folder whole and never deletes them: move them elsewhere, or give a new or empty folder`;
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

/**
 * Take `lock` (`<path>.lock`, holding this process's id): a live run's lock refuses this run; a killed
 * run's lock is taken over (said in `cleaned`).
 */
function takeLock(lock: string, path: string, label: string, cleaned: string[]): void {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(lock, `${process.pid}\n`, { flag: 'wx' });
      return;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    let pid = NaN;
    try {
      pid = Number(readFileSync(lock, 'utf8').trim());
    } catch {
      continue; // gone in between: try again
    }
    if (Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid && alive(pid))
      throw new InputError(
        `${label}: another debellator run (process ${pid}) is writing ${path}; wait for it to finish, or give another ${label === '--out' ? 'folder' : 'file'}`,
      );
    rmSync(lock, { force: true });
    cleaned.push(`removed ${lock}, left by a run that was stopped`);
  }
  throw new InputError(`${label}: cannot lock ${path}: other runs keep taking it`);
}

interface OutputOptions {
  /** Free bytes the disk must have (default MIN_FREE_BYTES). */
  readonly needBytes?: number;
}

/** Check, lock and prepare the report folder `dir` before any work. InputError when it cannot be written. */
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
  // The report folder itself is one of the new folders when it does not exist yet.
  const created = ensureFolder(parent, '--out', MAX_NEW_FOLDERS - 1, dir);
  const cleaned: string[] = [];
  const out: Output = {
    dir: target,
    staging: `${target}${STAGING}${process.pid}`,
    lock: `${target}${LOCK}`,
    created,
    cleaned,
  };
  let locked = false;
  try {
    onDisk('--out', dir, () => takeLock(out.lock, dir, '--out', cleaned));
    locked = true;
    onDisk('--out', dir, () => prepareFolder(out, dir, options));
    return out;
  } catch (e) {
    // Another run's lock stays where it is.
    abandon(locked ? out : { ...out, lock: '' });
    throw e;
  }
}

function prepareFolder(out: Output, dir: string, options: OutputOptions): void {
  const { dir: target, staging } = out;
  const cleaned = out.cleaned as string[];
  const parent = dirname(target);
  const stem = basename(target);
  const siblings = readdirSync(parent);
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
    const foreign = foreignFiles(target);
    if (foreign.length > 0) throw new InputError(foreignRefusal(dir, foreign));
    cleaned.push(...removeStaleTemps(target, readdirSync(target)));
  }
  const need = options.needBytes ?? MIN_FREE_BYTES;
  let free: number | undefined;
  try {
    const fs = statfsSync(parent);
    // Pseudo file systems (/proc, /sys) report no blocks at all: the probe below refuses them.
    if (fs.blocks > 0) free = fs.bavail * fs.bsize;
  } catch {
    // statfs is not available everywhere; the probe below and the final write still check.
  }
  if (free !== undefined && free < need)
    throw new InputError(`--out: the disk of ${dir} has ${mb(free)} free; a report needs about ${mb(need)}`);
  try {
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging);
    writeFileSync(join(staging, '.probe'), '');
    rmSync(join(staging, '.probe'));
  } catch (e) {
    quietly(() => rmSync(staging, { recursive: true, force: true }));
    throw new InputError(`--out: cannot write the report in ${dir}: ${why(e)}`);
  }
}

/** A write that failed on the disk, as an InputError (the staging folder is removed first). */
function writeFailed(out: Output, e: unknown): never {
  abandon(out);
  if (!isFsError(e)) throw e;
  throw new InputError(`cannot write the report in ${out.dir}: ${why(e)}; the previous report is untouched`);
}

/** Write `files` (paths relative to the report folder) into the staging folder, and the list of them. */
export function stage(out: Output, files: ReadonlyMap<string, string | Uint8Array>): void {
  try {
    for (const [rel, body] of files) {
      const file = join(out.staging, rel);
      if (!within(file, out.staging) || file === out.staging || rel === MANIFEST || rel.includes('\n'))
        throw new Error(`report file outside its folder: ${rel}`);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, body);
    }
    writeFileSync(join(out.staging, MANIFEST), `${[MANIFEST_HEADER, ...files.keys()].join('\n')}\n`);
  } catch (e) {
    writeFailed(out, e);
  }
}

/**
 * Swap the staging folder in for the report folder, then release the lock. A `slices` subfolder of the
 * old report (from `--shard` runs) is kept. The old report is checked again first: a file that appeared
 * in it while the run worked stops the swap (nothing is deleted). Killed between the two renames, the
 * old report waits beside the folder as `<dir>.old-PID` and the next run puts it back.
 */
export function commit(out: Output): void {
  const old = `${out.dir}${OLD}${process.pid}`;
  try {
    if (existsSync(out.dir)) {
      const foreign = foreignFiles(out.dir);
      if (foreign.length > 0) {
        abandon(out);
        throw new InputError(
          `${foreignRefusal(out.dir, foreign).replace(/^--out: /, '')}; they appeared while the run worked, so the new report is not written`,
        );
      }
      const slices = join(out.dir, 'slices');
      if (existsSync(slices) && !existsSync(join(out.staging, 'slices')))
        renameSync(slices, join(out.staging, 'slices'));
      renameSync(out.dir, old);
    }
    renameSync(out.staging, out.dir);
  } catch (e) {
    if (e instanceof InputError) throw e;
    if (existsSync(old) && !existsSync(out.dir)) quietly(() => renameSync(old, out.dir));
    writeFailed(out, e);
  }
  quietly(() => rmSync(old, { recursive: true, force: true }));
  quietly(() => rmSync(out.lock, { force: true }));
}

/**
 * Give up: remove the staging folder (a report folder), the lock, and the folders the run created if
 * they are still empty; the report folder or slice file stays as it was. Never throws.
 */
export function abandon(out: Held | Output): void {
  if ('staging' in out) quietly(() => rmSync(out.staging, { recursive: true, force: true }));
  if (out.lock !== '') quietly(() => rmSync(out.lock, { force: true }));
  removeEmpty(out.created);
}

/**
 * Check and lock, before any work, a slice file to be written at `file`: its folder exists or can be
 * made, the name is free or a file, and a file can be created there. Removes temporary slice files of
 * dead runs in that folder (said in `cleaned`).
 */
export function prepareFile(file: string, label: string): FileOutput {
  const folder = dirname(resolve(file));
  const created = ensureFolder(folder, label, MAX_NEW_FOLDERS);
  const cleaned: string[] = [];
  const out: FileOutput = { file, lock: `${file}${LOCK}`, created, cleaned };
  let locked = false;
  try {
    onDisk(label, file, () => takeLock(out.lock, file, label, cleaned));
    locked = true;
    if (onDisk(label, file, () => existsSync(file) && statSync(file).isDirectory()))
      throw new InputError(`${label}: ${file} is a folder, not a file`);
    cleaned.push(...onDisk(label, folder, () => removeStaleTemps(folder, readdirSync(folder))));
    const probe = `${file}${STAGING}${process.pid}`;
    try {
      writeFileSync(probe, '');
    } catch (e) {
      throw new InputError(`${label}: cannot write ${file}: ${why(e)}`);
    } finally {
      quietly(() => rmSync(probe, { force: true }));
    }
    return out;
  } catch (e) {
    abandon(locked ? out : { ...out, lock: '' });
    throw e;
  }
}

/** Write one file (a slice file) whole: to a temporary name beside it, then renamed; then unlock. */
export function writeWhole(out: FileOutput, text: string): void {
  const tmp = `${out.file}${STAGING}${process.pid}`;
  try {
    writeFileSync(tmp, text);
    renameSync(tmp, out.file);
  } catch (e) {
    quietly(() => rmSync(tmp, { force: true }));
    abandon(out);
    if (isFsError(e)) throw new InputError(`cannot write ${out.file}: ${why(e)}`);
    throw e;
  }
  quietly(() => rmSync(out.lock, { force: true }));
}
