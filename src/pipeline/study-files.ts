/**
 * The files a study names besides its scenario (an army study's army files, docs/armies.md "The army
 * study"), read for its plan: a relative name is looked for in the scenario's folder, then in the tool's
 * own folder (the bundled `armies/`). A merge (`confine`) reads only relative names without "..": the
 * slice, not the user, names them.
 */
import { readdirSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError } from '../core/errors.ts';
import type { StudyFile, StudyFiles } from '../studies/index.ts';
import { readStructuredFile } from './structured-file.ts';

/** The tool's own folder (the repository root, where `armies/` is). */
export const TOOL_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const STRUCTURED = /\.(ya?ml|json)$/i;

const exists = (path: string, what: 'file' | 'folder') => {
  try {
    const st = statSync(path);
    return what === 'file' ? st.isFile() : st.isDirectory();
  } catch {
    return false;
  }
};

export function studyFiles(scenarioFile: string, confine: boolean): StudyFiles {
  const folder = dirname(resolve(scenarioFile));
  const where = (name: string, what: 'file' | 'folder'): string => {
    if (confine && (isAbsolute(name) || name.split(/[\\/]/).includes('..')))
      throw new InputError(
        `a slice's files are read only by a relative name without "..", in its scenario's folder or the tool's`,
      );
    if (isAbsolute(name)) return name;
    const own = resolve(folder, name);
    if (exists(own, what)) return own;
    const tool = resolve(TOOL_ROOT, name);
    if (exists(tool, what)) return tool;
    throw new InputError(`no ${what} "${name}" in ${folder}${sep} or ${TOOL_ROOT}`);
  };
  return {
    read(name: string): StudyFile {
      const f = readStructuredFile(where(name, 'file'), { quote: false });
      return { file: name, data: f.data, lineOf: (p) => f.lineOf(p) };
    },
    list(name: string): readonly string[] {
      const dir = where(name, 'folder');
      return readdirSync(dir)
        .filter((f) => STRUCTURED.test(f) && exists(join(dir, f), 'file'))
        .sort()
        .map((f) => join(name, f));
    },
  };
}
