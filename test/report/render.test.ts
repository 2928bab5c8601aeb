/** Headless rendering: deterministic SVG, and SVG to PNG with a loaded font. */
import { describe, expect, it } from 'vitest';
import { matchupHeatmapSpec } from '../../src/report/charts/index.ts';
import { findFont, renderPng, renderSvg, renumberIds } from '../../src/report/render.ts';
import { heatmapInput } from './fixtures.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

const svgSize = (svg: string) => {
  const m = /<svg[^>]* width="(\d+)" height="(\d+)"/.exec(svg);
  if (!m) throw new Error('svg without width/height');
  return { width: Number(m[1]), height: Number(m[2]) };
};

describe('PNG rendering', () => {
  it('makes a valid PNG twice the SVG size by default, or at the scale asked', async () => {
    const svg = await renderSvg(matchupHeatmapSpec(heatmapInput));
    const { width, height } = svgSize(svg);
    const png = renderPng(svg);
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(pngSize(png)).toEqual({ width: 2 * width, height: 2 * height });
    expect(pngSize(renderPng(svg, { scale: 1 }))).toEqual({ width, height });
  });

  it('draws text with the font it found (a text-only SVG is not blank)', () => {
    const frame = (body: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40">${body}</svg>`;
    const blank = renderPng(frame(''), { scale: 1 });
    const text = renderPng(
      frame('<text x="5" y="28" font-family="sans-serif" font-size="20">Irr Kn(S)</text>'),
      {
        scale: 1,
      },
    );
    // Without a usable font resvg silently drops the text and the two PNGs come out identical.
    expect(text.length).toBeGreaterThan(blank.length + 200);
  });

  it('names the fix when no font file exists', () => {
    expect(() => findFont([{ file: '/nonexistent/font.ttf', family: 'None' }])).toThrow(/fonts-dejavu-core/);
  });
});

describe('SVG rendering', () => {
  it('is the same bytes on every render (element ids renumbered), and carries the title', async () => {
    const spec = matchupHeatmapSpec(heatmapInput);
    const first = await renderSvg(spec);
    expect(await renderSvg(spec)).toBe(first);
    expect(first).toContain('Net effectiveness by matchup');
  });

  it('renumbers generated ids in order of first appearance', () => {
    const svg = '<g id="clip17"><use href="#clip17"/></g><g id="clip3"/>';
    expect(renumberIds(svg)).not.toContain('clip17');
    expect(renumberIds(svg)).toBe(renumberIds(svg.replaceAll('clip17', 'clip99')));
  });
});
