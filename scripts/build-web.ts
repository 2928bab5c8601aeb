/**
 * Builds the odds page into web-dist/ (`npm run web`): src/web/main.ts -> app.js (page, rule sets,
 * engine), src/web/chart-entry.ts -> chart.js (vega, vega-lite, vega-embed), src/web/matrix-row/worker.ts
 * -> worker.js (rule sets and engine again, for one element against many off the page's thread), app.css
 * (with player.css) and index.html; and what makes it an installable offline app: the web manifest, its
 * icons (the SVG and PNGs rendered from it with resvg) and sw.js, the service worker, whose cache is named
 * after a hash of the built files.
 * Everything is bundled, nothing is fetched from a CDN, so the page works offline and from file://.
 */
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { Resvg } from '@resvg/resvg-js';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_DIST = join(ROOT, 'web-dist');
const SRC = join(ROOT, 'src', 'web');

export interface BuiltFile {
  readonly name: string;
  readonly bytes: number;
}

export async function buildWeb(options: { outDir?: string; minify?: boolean } = {}): Promise<BuiltFile[]> {
  const outDir = options.outDir ?? WEB_DIST;
  // esbuild is loaded only when a build is asked for.
  const esbuild = await import('esbuild');
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const common = {
    bundle: true,
    minify: options.minify ?? true,
    outdir: outDir,
    logLevel: 'warning' as const,
    legalComments: 'linked' as const,
    absWorkingDir: ROOT,
  };
  await esbuild.build({
    ...common,
    entryPoints: {
      app: join(SRC, 'main.ts'),
      chart: join(SRC, 'chart-entry.ts'),
      worker: join(SRC, 'matrix-row', 'worker.ts'),
    },
    format: 'iife',
    platform: 'browser',
    // A system module's `source` (its URL, for worker threads) means nothing in the page.
    define: { 'import.meta.url': '""' },
    target: ['es2020', 'safari15'],
  });
  await esbuild.build({ ...common, entryPoints: { app: join(SRC, 'app.css') } });
  for (const f of ['index.html', 'manifest.webmanifest', 'icon.svg'])
    await copyFile(join(SRC, f), join(outDir, f));
  const svg = await readFile(join(SRC, 'icon.svg'), 'utf8');
  for (const size of [192, 512])
    await writeFile(
      join(outDir, `icon-${size}.png`),
      new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng(),
    );
  const cached = [
    'index.html',
    'app.js',
    'chart.js',
    'worker.js',
    'app.css',
    'manifest.webmanifest',
    'icon.svg',
    'icon-192.png',
    'icon-512.png',
  ];
  const hash = createHash('sha256');
  for (const f of cached) hash.update(await readFile(join(outDir, f)));
  await esbuild.build({
    ...common,
    entryPoints: { sw: join(SRC, 'sw.ts') },
    format: 'iife',
    platform: 'browser',
    target: ['es2020', 'safari15'],
    define: {
      CACHE: JSON.stringify(`debellator-${hash.digest('hex').slice(0, 12)}`),
      FILES: JSON.stringify(cached),
    },
  });
  const names = [...cached, 'sw.js'];
  return Promise.all(names.map(async (name) => ({ name, bytes: (await stat(join(outDir, name))).size })));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const outDir = process.argv[2] ? resolve(process.argv[2]) : WEB_DIST;
  const files = await buildWeb({ outDir });
  for (const f of files)
    process.stdout.write(`${f.name.padEnd(12)} ${(f.bytes / 1024).toFixed(1).padStart(8)} KiB\n`);
  process.stdout.write(`built ${outDir}\n`);
}
