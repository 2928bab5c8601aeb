/**
 * Rendering a concise Vega-Lite spec headless: compile to Vega, run a View with no renderer, ask it for
 * SVG; rasterise the SVG to PNG with resvg. resvg draws text only with a font it has loaded, so a font
 * file is found on disk (DejaVu Sans from Debian's fonts-dejavu-core, or Liberation Sans) and mapped to
 * the generic sans-serif family the charts ask for.
 */
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { View, parse, type Spec as VegaSpec } from 'vega';
import { compile } from 'vega-lite';
import { readVegaScripts, type VegaScripts } from './assets.ts';
import type { ChartSpec } from './charts/common.ts';
import { buildReportHtml, type ReportInput } from './html.ts';

export interface CompiledChart {
  readonly vega: VegaSpec;
  /** Every warning Vega-Lite printed while compiling (empty for a clean spec). */
  readonly warnings: readonly string[];
}

/** Compile a Vega-Lite spec to Vega, collecting warnings instead of printing them. Throws on errors. */
export function compileChart(spec: ChartSpec): CompiledChart {
  const warnings: string[] = [];
  let level = 0;
  const logger = {
    level(l?: number) {
      if (l === undefined) return level;
      level = l;
      return logger;
    },
    error(...args: readonly unknown[]): never {
      throw new Error(`vega-lite: ${args.map(String).join(' ')}`);
    },
    warn(...args: readonly unknown[]) {
      warnings.push(args.map(String).join(' '));
      return logger;
    },
    info() {
      return logger;
    },
    debug() {
      return logger;
    },
  };
  const vega = compile(spec, { logger: logger as never }).spec;
  return { vega, warnings };
}

/**
 * The chart as an SVG document. The spec is copied first: Vega tags the inline data rows it ingests, and
 * the caller's spec must come out as it went in.
 */
export async function renderSvg(spec: ChartSpec): Promise<string> {
  const view = new View(parse(compileChart(structuredClone(spec)).vega), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** A font file and the family name inside it. */
export interface FontChoice {
  readonly file: string;
  readonly family: string;
}

/** Where Debian (fonts-dejavu-core, fonts-liberation) and most Linux systems keep a sans-serif font. */
export const FONT_CANDIDATES: readonly FontChoice[] = [
  { file: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', family: 'DejaVu Sans' },
  { file: '/usr/share/fonts/dejavu/DejaVuSans.ttf', family: 'DejaVu Sans' },
  { file: '/usr/share/fonts/TTF/DejaVuSans.ttf', family: 'DejaVu Sans' },
  { file: '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf', family: 'Liberation Sans' },
  { file: '/usr/share/fonts/liberation/LiberationSans-Regular.ttf', family: 'Liberation Sans' },
];

/** The first candidate font that exists; throws with the fix when none does. */
export function findFont(candidates: readonly FontChoice[] = FONT_CANDIDATES): FontChoice {
  const found = candidates.find((c) => existsSync(c.file));
  if (found === undefined) {
    throw new Error(
      'No font for PNG rendering: install one (Debian: apt-get install -y fonts-dejavu-core) or pass ' +
        `{ font: { file, family } } to renderPng. Looked for: ${candidates.map((c) => c.file).join(', ')}`,
    );
  }
  return found;
}

export interface PngOptions {
  /** Font to draw text with; default: the first of FONT_CANDIDATES found. */
  readonly font?: FontChoice;
  /** Scale factor (2 = twice the SVG's pixel size, sharp on high-density screens); default 2. */
  readonly scale?: number;
}

/** Rasterise an SVG (as renderSvg makes it) to PNG bytes on a white background. */
export function renderPng(svg: string, options: PngOptions = {}): Buffer {
  const font = options.font ?? findFont();
  const resvg = new Resvg(svg, {
    background: 'white',
    fitTo: { mode: 'zoom', value: options.scale ?? 2 },
    font: {
      loadSystemFonts: false,
      fontFiles: [font.file],
      defaultFontFamily: font.family,
      sansSerifFamily: font.family,
    },
  });
  return resvg.render().asPng();
}

/** File stems a chart may be written under: no folders, no dots first. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export interface WrittenChart {
  readonly spec: string;
  readonly svg: string;
  readonly png: string;
}

/**
 * Write `name.vl.json`, `name.svg` and `name.png` into `dir`. Everything is rendered first, then each file
 * goes to a temporary name and is renamed into place, so an interrupted run leaves no half-written file.
 */
export async function writeChart(
  dir: string,
  name: string,
  spec: ChartSpec,
  options: PngOptions = {},
): Promise<WrittenChart> {
  if (!NAME.test(name)) throw new Error(`chart name ${JSON.stringify(name)} must match ${NAME}`);
  const svg = await renderSvg(spec);
  const png = renderPng(svg, options);
  const out: WrittenChart = {
    spec: join(dir, `${name}.vl.json`),
    svg: join(dir, `${name}.svg`),
    png: join(dir, `${name}.png`),
  };
  writeAllAtomic([
    [out.spec, `${JSON.stringify(spec, null, 2)}\n`],
    [out.svg, svg],
    [out.png, png],
  ]);
  return out;
}

/** Stage every file under a temporary name, then rename all into place. */
export function writeAllAtomic(files: readonly (readonly [string, string | Uint8Array])[]): void {
  const staged: [string, string][] = [];
  try {
    for (const [target, body] of files) {
      mkdirSync(join(target, '..'), { recursive: true });
      const tmp = `${target}.tmp-${process.pid}`;
      writeFileSync(tmp, body);
      staged.push([tmp, target]);
    }
  } catch (e) {
    for (const [tmp] of staged) rmSync(tmp, { force: true });
    throw e;
  }
  for (const [tmp, target] of staged) renameSync(tmp, target);
}

export interface WrittenReport {
  readonly html: string;
  readonly charts: readonly WrittenChart[];
}

/**
 * Write a whole report into `dir`: every chart as `charts/<name>.vl.json|.svg|.png` and `index.html`
 * (with the vega builds inlined, and each chart's PNG as its no-script fallback). The page is written
 * last, so it never points at a chart that is not there yet.
 */
export async function writeReport(
  dir: string,
  report: ReportInput,
  options: PngOptions & { readonly scripts?: VegaScripts } = {},
): Promise<WrittenReport> {
  const scripts = options.scripts ?? readVegaScripts();
  const html = buildReportHtml(report, scripts, { imageDir: 'charts' });
  const charts: WrittenChart[] = [];
  for (const c of report.sections.flatMap((s) => s.charts ?? [])) {
    charts.push(await writeChart(join(dir, 'charts'), c.name, c.spec, options));
  }
  const page = join(dir, 'index.html');
  writeAllAtomic([[page, html]]);
  return { html: page, charts };
}
