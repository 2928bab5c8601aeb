/**
 * Writing report files so an interrupted run leaves nothing half-done: each file is written to a
 * temporary name in the same folder and renamed into place (rename is atomic on one file system).
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export function writeAtomic(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.tmp-${process.pid}`;
  try {
    writeFileSync(tmp, text);
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

/** Write every file into `dir`; all are written to temporaries first, then renamed. Returns the paths. */
export function writeFiles(dir: string, files: ReadonlyMap<string, string>): string[] {
  mkdirSync(dir, { recursive: true });
  const staged: [string, string][] = [];
  try {
    for (const [name, text] of files) {
      const target = join(dir, name);
      const tmp = `${target}.tmp-${process.pid}`;
      writeFileSync(tmp, text);
      staged.push([tmp, target]);
    }
  } catch (e) {
    for (const [tmp] of staged) rmSync(tmp, { force: true });
    throw e;
  }
  for (const [tmp, target] of staged) renameSync(tmp, target);
  return staged.map(([, target]) => target);
}
