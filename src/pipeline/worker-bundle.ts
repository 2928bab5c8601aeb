/**
 * The file piscina workers load. Worker threads do not inherit the TypeScript loader of the main thread,
 * and registering tsx in every worker costs about a second of start-up (a loader thread and an esbuild
 * service each). So the kernels (kernels.ts and what it imports) are bundled once per process into one
 * plain ES module in the temp folder, named by a hash of its text, and workers load that. If bundling is
 * not possible, workers fall back to worker.js, which registers tsx and imports kernels.ts.
 */
import { createHash } from 'node:crypto';
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface WorkerEntry {
  /** Absolute path of the module piscina loads. */
  readonly filename: string;
  /** Export to call: `runShard` in the bundle, the default export of worker.js. */
  readonly name: string;
  /** Node flags for the workers: none for the plain bundle (not the parent's loader flags, e.g. tsx's). */
  readonly execArgv?: string[];
}

/** worker.js: registers tsx in the worker, then imports kernels.ts. */
export const FALLBACK: WorkerEntry = {
  filename: fileURLToPath(new URL('./worker.js', import.meta.url)),
  name: 'default',
};

let cached: Promise<WorkerEntry> | undefined;

/**
 * The module `entry` (a TypeScript file) and what it imports, as one plain ES module's text: how the
 * workers' code is built (no names kept, unlike tsx), so a benchmark can run its code the same way.
 */
export async function bundledText(entry: string): Promise<string | undefined> {
  const esbuild = await import('esbuild');
  const built = esbuild.buildSync({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    write: false,
    logLevel: 'silent',
  });
  return built.outputFiles[0]?.text;
}

async function bundle(): Promise<WorkerEntry> {
  try {
    const text = await bundledText(fileURLToPath(new URL('../studies/kernels.ts', import.meta.url)));
    if (!text) return FALLBACK;
    const hash = createHash('sha256').update(text).digest('hex').slice(0, 16);
    const file = join(tmpdir(), `debellator-kernels-${hash}.mjs`);
    if (!existsSync(file)) {
      const tmp = `${file}.tmp-${process.pid}`;
      writeFileSync(tmp, text);
      renameSync(tmp, file);
    }
    return { filename: file, name: 'runShard', execArgv: [] };
  } catch {
    return FALLBACK;
  }
}

/** The worker module for this process (bundled on first use). */
export function workerEntry(): Promise<WorkerEntry> {
  cached ??= bundle();
  return cached;
}
