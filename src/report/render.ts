/**
 * Rendering a concise Vega-Lite spec headless: compile to Vega, run a View with no renderer, ask it for
 * SVG; rasterise the SVG to PNG with resvg. resvg draws text only with a font it has loaded, so a font
 * file is found on disk (DejaVu Sans from Debian's fonts-dejavu-core, or Liberation Sans) and mapped to
 * the generic sans-serif family the charts ask for.
 */
import { existsSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import { View, parse, type Spec as VegaSpec } from 'vega';
import { compile } from 'vega-lite';
import type { ChartSpec } from './charts/common.ts';

interface CompiledChart {
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
    return renumberIds(await view.toSVG());
  } finally {
    view.finalize();
  }
}

/**
 * Vega numbers gradient and clip-path ids with counters that run on across every chart a process draws,
 * so the same chart would come out with other ids after other charts. Renumber them from 0 in order of
 * appearance: a chart's SVG depends on the chart alone.
 */
export function renumberIds(svg: string): string {
  const seen = new Map<string, string>();
  const counters = new Map<string, number>();
  return svg.replace(/\b(gradient_|clip|pattern_)(\d+)\b/g, (id: string, prefix: string) => {
    let out = seen.get(id);
    if (!out) {
      const k = counters.get(prefix) ?? 0;
      counters.set(prefix, k + 1);
      out = `${prefix}${k}`;
      seen.set(id, out);
    }
    return out;
  });
}

/** A font file and the family name inside it. */
interface FontChoice {
  readonly file: string;
  readonly family: string;
}

/** Where Debian (fonts-dejavu-core, fonts-liberation) and most Linux systems keep a sans-serif font. */
const FONT_CANDIDATES: readonly FontChoice[] = [
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

interface PngOptions {
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
