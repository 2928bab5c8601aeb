/**
 * A user's chart file (a GBA scenario's `charts:`, `odds --charts`): read as YAML or JSON, then loaded by
 * the rule system. A path given as charts may name any file the user can read, so a refusal names the
 * file, line and field and what was expected, never what the file holds (no quoted values, no quoted
 * syntax).
 */
import { InputError } from '../core/errors.ts';
import type { AnySystem } from '../core/system.ts';
import { readStructuredFile } from './structured-file.ts';

/** The system's charts from `file`; InputError located in the file. */
export function loadChartsFile(system: AnySystem, file: string): unknown {
  if (!system.charts) throw new InputError(`${system.name} has no charts to replace`);
  const f = readStructuredFile(file, { quote: false });
  try {
    return system.charts.load(f.data);
  } catch (e) {
    if (e instanceof InputError) throw e.inFile(f.file, f.lineOf);
    throw e;
  }
}
