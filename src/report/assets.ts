/**
 * The browser builds of vega, vega-lite and vega-embed, read from node_modules so the HTML report can
 * inline them and open offline from disk. The only I/O of the HTML page; buildReportHtml stays pure.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Script texts the report page inlines, in load order (vega-lite and vega-embed need vega). */
export interface VegaScripts {
  readonly vega: string;
  readonly vegaLite: string;
  readonly vegaEmbed: string;
}

/** The minified UMD builds, relative to node_modules. */
const VEGA_SCRIPT_PATHS = {
  vega: 'vega/build/vega.min.js',
  vegaLite: 'vega-lite/build/vega-lite.min.js',
  vegaEmbed: 'vega-embed/build/vega-embed.min.js',
} as const satisfies Record<keyof VegaScripts, string>;

/** The nearest node_modules holding vega, walking up from `from` (default: this file's folder). */
function findNodeModules(from: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    const candidate = join(dir, 'node_modules');
    if (existsSync(join(candidate, VEGA_SCRIPT_PATHS.vega))) return candidate;
    const up = dirname(dir);
    if (up === dir) throw new Error(`no node_modules with ${VEGA_SCRIPT_PATHS.vega} above ${from}`);
    dir = up;
  }
}

export function readVegaScripts(nodeModules: string = findNodeModules()): VegaScripts {
  const read = (rel: string): string => readFileSync(join(nodeModules, rel), 'utf8');
  return {
    vega: read(VEGA_SCRIPT_PATHS.vega),
    vegaLite: read(VEGA_SCRIPT_PATHS.vegaLite),
    vegaEmbed: read(VEGA_SCRIPT_PATHS.vegaEmbed),
  };
}
