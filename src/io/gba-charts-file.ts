/**
 * Reads a user's GBA chart file (YAML or JSON in the shape of src/systems/gba/charts.json, GBA 5e 9.5
 * charts) and checks it, reporting a bad cell as `file:line path: message`.
 */
import { loadGbaCharts, type GbaCharts } from '../systems/gba/index.ts';
import { readStructuredFile, StructuredFileError } from './structured-file.ts';

/** The charts of `file`; throws a StructuredFileError (one line, with file and line) if they are bad. */
export function readGbaChartsFile(file: string): GbaCharts {
  const f = readStructuredFile(file);
  try {
    return loadGbaCharts(f.data);
  } catch (e) {
    if (!(e instanceof Error) || e.name !== 'ChartError') throw e;
    // The chart loader names the field as a dotted path ("shockCrt.rows.3: ...").
    const cut = e.message.indexOf(': ');
    const dotted = cut > 0 ? e.message.slice(0, cut) : '';
    const path =
      dotted === '(root)' || dotted === ''
        ? []
        : dotted.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k));
    throw new StructuredFileError(`${file}:${f.lineOf(path)} ${e.message}`);
  }
}
