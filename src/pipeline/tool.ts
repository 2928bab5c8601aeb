/** The tool's name and version from package.json, recorded in every results and slice file. */
import { readFileSync } from 'node:fs';

/** The tool's name and version. */
export interface ToolInfo {
  readonly name: string;
  readonly version: string;
}

let cached: ToolInfo | undefined;

export function toolInfo(): ToolInfo {
  if (!cached) {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as ToolInfo;
    cached = { name: pkg.name, version: pkg.version };
  }
  return cached;
}
