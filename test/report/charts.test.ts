/**
 * Every chart builder makes a concise Vega-Lite spec that compiles without a warning, carries its data
 * inline, and renders headless to an SVG holding the expected marks and labels.
 */
import { describe, expect, it } from 'vitest';
import {
  boundsHistogramSpec,
  costChangeSpec,
  costEffectivenessSpec,
  costMove,
  matchupHeatmapSpec,
  outcomeBarsFromOdds,
  outcomeBarsSpec,
  type ChartSpec,
} from '../../src/report/charts/index.ts';
import { costAxis, textWidth, wrappedLabelExpr, wrapWords } from '../../src/report/charts/common.ts';
import { MIN_PLOT_WIDTH } from '../../src/report/charts/cost-effectiveness.ts';
import { LABEL_INSIDE_FROM } from '../../src/report/charts/outcome-bars.ts';
import { compileChart, renderSvg } from '../../src/report/render.ts';
import type { OddsReport } from '../../src/engine/odds.ts';
import {
  boundsInput,
  costChangeInput,
  crowdedScatterInput,
  heatmapInput,
  longBoundsInput,
  outcomeInput,
  scatterInput,
  TYPES,
} from './fixtures.ts';

/** Count of `<g class="mark-<type> ...">` groups in a Vega SVG. */
const markGroups = (svg: string, type: string): number =>
  svg.split(`class="mark-${type} role-mark`).length - 1;

/** All `data` objects anywhere in a spec. */
function dataBlocks(spec: unknown): unknown[] {
  if (spec === null || typeof spec !== 'object') return [];
  const own = 'data' in spec ? [(spec as { data: unknown }).data] : [];
  return [...own, ...Object.values(spec).flatMap(dataBlocks)];
}

async function checkChart(spec: ChartSpec): Promise<string> {
  expect(compileChart(spec).warnings).toEqual([]);
  for (const d of dataBlocks(spec)) {
    expect(d).toHaveProperty('values');
    expect(d).not.toHaveProperty('url');
  }
  const svg = await renderSvg(spec);
  expect(svg.startsWith('<svg')).toBe(true);
  return svg;
}

/** The text marks of one `mark-text role-mark` group, in order. */
const markTexts = (svg: string, layer: number): string[] => {
  const group = new RegExp(`class="mark-text role-mark layer_${layer}_marks"[^>]*>(.*?)</g>`).exec(svg);
  return group ? [...group[1]!.matchAll(/<text[^>]*>(.*?)<\/text>/g)].map((m) => m[1]!) : [];
};

describe('shared chart parts', () => {
  it('asks for whole-number cost ticks only when every cost is whole', () => {
    expect(costAxis([5, 7, 10])).toEqual({ labelOverlap: 'greedy', tickMinStep: 1 });
    expect(costAxis([5, 7.5])).toEqual({ labelOverlap: 'greedy' });
  });

  it('estimates text width from DejaVu Sans advance widths', () => {
    // K 0.66 + n 0.63 + ( 0.39 + S 0.63 + ) 0.39 = 2.70 em; at 10 px, 27 px
    expect(textWidth('Kn(S)', 10)).toBeCloseTo(27, 9);
    // 4 0.64 + 2 0.64 + % 0.95 = 2.23 em at 11 px = 24.53 px; a non-ASCII sign counts 0.84 em
    expect(textWidth('42%', 11)).toBeCloseTo(24.53, 9);
    expect(textWidth('−', 10)).toBeCloseTo(8.4, 9);
  });

  it('wraps words into lines no wider than asked, and writes a legend label expression only when needed', () => {
    // "Kn(S)" is 27 px at 10 px; "Kn(S) Kn(S)" adds a space (3.2 px) and 27 px: 57.2 px
    expect(wrapWords('Kn(S) Kn(S) Kn(S)', 60, 10)).toEqual(['Kn(S) Kn(S)', 'Kn(S)']);
    expect(wrapWords('Kn(S) Kn(S) Kn(S)', 50, 10)).toEqual(['Kn(S)', 'Kn(S)', 'Kn(S)']);
    expect(wrappedLabelExpr(['Kn(S)'], 50, 10)).toBeUndefined();
    expect(wrappedLabelExpr(['Kn(S) Kn(S) Kn(S)', 'Kn(S)'], 60, 10)).toBe(
      '({"Kn(S) Kn(S) Kn(S)":["Kn(S) Kn(S)","Kn(S)"]})[datum.label] || datum.label',
    );
  });

  it('leaves the spec it renders untouched (Vega tags the rows it ingests; render copies first)', async () => {
    const spec = matchupHeatmapSpec(heatmapInput);
    const before = JSON.stringify(spec);
    await renderSvg(spec);
    const rows = (spec as { data: { values: object[] } }).data.values;
    expect(Object.getOwnPropertySymbols(rows[0]!)).toEqual([]);
    expect(JSON.stringify(spec)).toBe(before);
  });
});

describe('matchup heatmap', () => {
  it('draws one rect and one value label per cell, with every type on both axes', async () => {
    const svg = await checkChart(matchupHeatmapSpec(heatmapInput));
    expect(markGroups(svg, 'rect')).toBe(1);
    // the diagonal (a type against itself) is 0.00 four times, and the legend marks its centre 0.00
    expect(svg.split('>0.00</text>').length - 1).toBe(5);
    for (const t of TYPES) expect(svg).toContain(`>${t}</text>`);
    expect(svg).toContain('>0.60</text>');
    expect(svg).toContain('>−0.60</text>');
    expect(svg).toContain('Net effectiveness by matchup');
  });

  it('centres the colour scale on the given value with a symmetric domain', () => {
    const spec = matchupHeatmapSpec({
      ...heatmapInput,
      centre: 0.5,
      cells: [
        { row: 'a', col: 'b', value: 0.9 },
        { row: 'b', col: 'a', value: 0.3 },
      ],
    }) as { layer: { encoding: { color: { scale?: { domain: number[]; domainMid: number } } } }[] };
    const scale = spec.layer[0]!.encoding.color.scale!;
    expect(scale.domainMid).toBe(0.5);
    expect(scale.domain[0]).toBeCloseTo(0.1, 12);
    expect(scale.domain[1]).toBeCloseTo(0.9, 12);
  });

  it('rings each cell whose 95% interval includes the centre, explains the ring, and gives the interval on hover', async () => {
    // cells are (i - j) * 0.2 with an interval of ±0.05: only the diagonal (0 ± 0.05) includes the centre 0;
    // the nearest off-diagonal cells (±0.2, interval ±0.15 to ±0.25) do not
    const svg = await checkChart(matchupHeatmapSpec(heatmapInput));
    const rings = /class="mark-symbol role-mark[^>]*>(.*?)<\/g>/.exec(svg)![1]!;
    expect(rings.split('<path').length - 1).toBe(4);
    expect(svg).toContain('>95% interval includes 0</text>');
    // the tooltip's interval text (also the cell's aria-label)
    expect(svg).toContain('95% interval: −0.05 to 0.05');
    expect(svg).toContain('95% interval: 0.15 to 0.25');
  });

  it('treats an infinite end as open: printed as ∞ and counted as reaching past the centre', () => {
    const spec = matchupHeatmapSpec({
      ...heatmapInput,
      centre: 0.5,
      cells: [
        { row: 'a', col: 'a', value: 0.9, lo: 0.8, hi: 0.95 },
        { row: 'a', col: 'b', value: 0.3, lo: 0.1, hi: Infinity },
        { row: 'b', col: 'a', value: 0.6, lo: 0.52, hi: 0.7 },
        { row: 'b', col: 'b', value: 0.5 },
      ],
    }) as unknown as { data: { values: { crosses: boolean; hi: number | null }[] } };
    // 0.8..0.95 and 0.52..0.7 lie above 0.5; 0.1..∞ includes it; the last cell has no interval
    expect(spec.data.values.map((v) => v.crosses)).toEqual([false, true, false, false]);
    expect(spec.data.values[1]!.hi).toBeNull();
  });

  it('keeps its size in cells (it scrolls on a phone rather than shrinking)', () => {
    const spec = matchupHeatmapSpec(heatmapInput) as { width: unknown; height: unknown };
    expect(spec.width).toEqual({ step: 42 });
    expect(spec.height).toEqual({ step: 42 });
  });

  it('refuses an empty or non-finite input', () => {
    expect(() =>
      matchupHeatmapSpec({ ...heatmapInput, cells: [{ row: 'a', col: 'b', value: 0, lo: NaN }] }),
    ).toThrow(/95% low of a\/b must be a finite number/);
    expect(() => matchupHeatmapSpec({ ...heatmapInput, cells: [] })).toThrow(/must not be empty/);
    expect(() =>
      matchupHeatmapSpec({ ...heatmapInput, cells: [{ row: 'a', col: 'b', value: NaN }] }),
    ).toThrow(/finite/);
  });
});

describe('cost against effectiveness scatter', () => {
  it('draws points, labels, error bars and the fitted line', async () => {
    const svg = await checkChart(costEffectivenessSpec(scatterInput));
    expect(markGroups(svg, 'symbol')).toBe(1);
    expect(markGroups(svg, 'line')).toBe(1);
    expect(markGroups(svg, 'rule')).toBe(1);
    for (const t of TYPES) expect(svg).toContain(`>${t}</text>`);
    expect(svg).toContain('Points cost');
    expect(svg).toContain('R² = 0.80');
  });

  it('puts the fitted line through intercept + slope * cost across the cost axis, padded 8%', () => {
    const spec = costEffectivenessSpec(scatterInput) as unknown as {
      layer: { data?: { values: { cost: number; effectiveness: number }[] } }[];
    };
    const line = spec.layer[1]!.data!.values;
    // costs run 5..11: the axis is padded by 8% of 6 = 0.48 either side
    expect(line[0]!.cost).toBeCloseTo(4.52, 12);
    expect(line[1]!.cost).toBeCloseTo(11.48, 12);
    expect(line[0]!.effectiveness).toBeCloseTo(-0.3 + 0.05 * 4.52, 12);
    expect(line[1]!.effectiveness).toBeCloseTo(-0.3 + 0.05 * 11.48, 12);
  });

  it('places every label of a crowded chart clear of the other labels and points at the narrowest width', async () => {
    const spec = costEffectivenessSpec(crowdedScatterInput) as unknown as {
      height: number;
      data: {
        values: {
          label: string;
          cost: number;
          effectiveness: number;
          dx: number;
          dy: number;
          align: string;
          shown: boolean;
        }[];
      };
      layer: { encoding?: { x?: { scale?: { domain: number[] } }; y?: { scale?: { domain: number[] } } } }[];
    };
    const values = spec.data.values;
    const xd = spec.layer.at(-1)!.encoding!.x!.scale!.domain;
    const yd = spec.layer.at(-1)!.encoding!.y!.scale!.domain;
    expect(values.every((v) => v.shown)).toBe(true);
    // the label boxes in pixels at two plot widths: the narrowest laid out for, and the file's 520
    for (const width of [MIN_PLOT_WIDTH, 520]) {
      const boxes = values.map((v) => {
        const x = ((v.cost - xd[0]!) / (xd[1]! - xd[0]!)) * width + v.dx;
        const y = spec.height - ((v.effectiveness - yd[0]!) / (yd[1]! - yd[0]!)) * spec.height + v.dy;
        const w = textWidth(v.label, 11);
        const x0 = v.align === 'left' ? x : v.align === 'right' ? x - w : x - w / 2;
        return { x0, x1: x0 + w, y0: y - 6.6, y1: y + 6.6 };
      });
      for (let i = 0; i < boxes.length; i++) {
        const a = boxes[i]!;
        expect(a.x0).toBeGreaterThanOrEqual(0);
        expect(a.x1).toBeLessThanOrEqual(width);
        for (let j = i + 1; j < boxes.length; j++) {
          const b = boxes[j]!;
          const apart = a.x1 <= b.x0 || b.x1 <= a.x0 || a.y1 <= b.y0 || b.y1 <= a.y0;
          expect(apart, `${values[i]!.label} / ${values[j]!.label} at ${width} px`).toBe(true);
        }
      }
    }
    await checkChart(costEffectivenessSpec(crowdedScatterInput));
  });

  it('draws no line and no error bars when neither is given', async () => {
    const svg = await checkChart(
      costEffectivenessSpec({
        title: 't',
        yTitle: 'y',
        points: [{ label: 'Kn(S)', cost: 10, effectiveness: 0.2 }],
      }),
    );
    expect(markGroups(svg, 'line')).toBe(0);
    expect(markGroups(svg, 'symbol')).toBe(1);
  });
});

describe('old-to-new cost against break-even', () => {
  it('draws the break-even interval, estimate tick, the old-to-new rule and both end markers', async () => {
    const svg = await checkChart(costChangeSpec(costChangeInput));
    // the interval bar and the estimate tick are both rect marks in Vega
    expect(markGroups(svg, 'rect')).toBe(2);
    expect(markGroups(svg, 'rule')).toBe(1);
    expect(markGroups(svg, 'symbol')).toBe(2);
    for (const l of ['Kn(S)', 'Bd(O)', 'Bw(I)']) expect(svg).toContain(`>${l}</text>`);
    expect(svg).toContain('DBM 3.0 → DBM 3.2');
  });

  it('calls a move closer, further or unchanged by distance to break-even', () => {
    const [kn, bd, bw] = costChangeInput.elements;
    expect(costMove(kn!)).toBe('closer to break-even');
    expect(costMove(bd!)).toBe('unchanged');
    expect(costMove(bw!)).toBe('further from break-even');
  });
});

describe('outcome distribution of one matchup', () => {
  it('draws grouped bars with percent labels for both sides and a percent axis', async () => {
    const spec = outcomeBarsSpec(outcomeInput);
    const json = JSON.stringify(spec);
    expect(json).toContain('"axis":{"format":".0%"}');
    expect(json).toContain('"text":{"field":"p","type":"quantitative","format":".1%"}');
    expect(json).toContain('"format":".2%"');
    const svg = await checkChart(spec);
    expect(markGroups(svg, 'rect')).toBe(1);
    for (const o of ['destroyed', 'flee', 'recoil', 'none']) expect(svg).toContain(`>${o}</text>`);
    // 0.1944 is 19.4%, 0.3 is 30.0%; the axis runs 0% to 100%
    expect(markTexts(svg, 2)).toEqual(['19.4%', '0.0%', '27.8%', '52.8%', '30.0%', '0.0%', '19.4%', '50.6%']);
    expect(svg).toContain('>100%</text>');
    expect(svg).not.toContain('>0.194</text>');
    expect(svg).toContain('A: Reg Bd(O)');
    expect(svg).toContain('B: Irr Kn(S)');
    // one error bar: only B's destroyed has an interval
    expect(markGroups(svg, 'rule')).toBe(1);
  });

  it('prints a label inside the bar, in white, when the bar runs near the right edge', async () => {
    // 0.9 > 0.82: inside; 0.8 with a 95% high of 0.85 reaches past 0.82: inside too; 0.1: outside
    expect(LABEL_INSIDE_FROM).toBe(0.82);
    const svg = await checkChart(
      outcomeBarsSpec({
        title: 't',
        sides: [
          {
            name: 'A',
            outcomes: [
              { outcome: 'x', p: 0.9 },
              { outcome: 'y', p: 0.8, lo: 0.75, hi: 0.85 },
              { outcome: 'z', p: 0.1 },
            ],
          },
        ],
      }),
    );
    const labels = [
      ...svg.matchAll(/<text[^>]*text-anchor="(\w+)"[^>]*fill="(\w+)">(\d+\.\d%)<\/text>/g),
    ].map((m) => [m[3], m[1], m[2]]);
    expect(labels).toEqual([
      ['90.0%', 'end', 'white'],
      ['80.0%', 'end', 'white'],
      ['10.0%', 'start', 'black'],
    ]);
  });

  it('reads an exact odds report side A then side B in rule-set outcome order', () => {
    const t = (count: number) => ({ count, of: 36, p: Math.round((count / 36) * 10_000) / 10_000 });
    const report: OddsReport<'destroyed' | 'flee' | 'recoil' | 'none'> = {
      rules: 'dbm-3.2',
      mode: 'close',
      a: {
        element: 'Reg Bd(O)',
        outcomes: { destroyed: t(6), flee: t(0), recoil: t(10), none: t(20) },
        factors: [],
      },
      b: {
        element: 'Irr Kn(S)',
        outcomes: { destroyed: t(10), flee: t(0), recoil: t(6), none: t(20) },
        factors: [],
      },
      joint: [],
      notes: [],
    };
    const input = outcomeBarsFromOdds(report, { title: 'Bd(O) v Kn(S)' });
    expect(input.sides.map((s) => s.name)).toEqual(['A: Reg Bd(O)', 'B: Irr Kn(S)']);
    expect(input.sides[1]!.outcomes).toEqual([
      { outcome: 'destroyed', p: 0.2778 },
      { outcome: 'flee', p: 0 },
      { outcome: 'recoil', p: 0.1667 },
      { outcome: 'none', p: 0.5556 },
    ]);
  });
});

describe('bounds to a decision', () => {
  it('draws the bars of every series and a dashed mean rule for each, labelled with the mean', async () => {
    const svg = await checkChart(boundsHistogramSpec(boundsInput));
    expect(markGroups(svg, 'rect')).toBe(1);
    expect(markGroups(svg, 'rule')).toBe(1);
    expect(svg).toContain('>A wins</text>');
    expect(svg).toContain('>B wins</text>');
    expect(svg).toContain('Bound in which a side broke');
    expect(svg.match(/stroke-dasharray="5,3"/g)?.length).toBe(2);
    // means 3.1 and 4.4, one decimal
    expect(markTexts(svg, 2)).toEqual(['mean 3.1', 'mean 4.4']);
  });

  it('stacks the mean labels, and puts one in the right quarter of the plot left of its rule', () => {
    const spec = boundsHistogramSpec({
      title: 't',
      series: [
        { name: 'a', mean: 2, bounds: [1, 2, 3, 4].map((bound) => ({ bound, p: 0.25 })) },
        { name: 'b', mean: 4, bounds: [1, 2, 3, 4].map((bound) => ({ bound, p: 0.25 })) },
      ],
    }) as unknown as { layer: { data?: { values: { side: string; dy: number }[] } }[] };
    // axis 0.5..4.5: mean 2 sits at 37.5% (right of its rule), mean 4 at 87.5% (left of it);
    // the second label sits one step (14 px) above the first
    expect(spec.layer[2]!.data!.values).toEqual([
      expect.objectContaining({ side: 'right', dy: -6 }),
      expect.objectContaining({ side: 'left', dy: -20 }),
    ]);
  });

  it('wraps long series names in the legend instead of cutting them', async () => {
    const svg = await checkChart(boundsHistogramSpec(longBoundsInput));
    // the first name is wider than 240 px at 11 px and is printed on two lines; the second fits on one
    expect(svg).toContain('<tspan');
    expect(svg).toContain('>as many Irr Kn(O) as the budget buys wins</text>');
    expect(svg).not.toContain('…');
  });

  it('accepts the bounds of an EngagementSummary as they are', async () => {
    const bounds = [
      { bound: 1, p: 0.5 },
      { bound: 2, p: 0.25 },
      { bound: 3, p: 0.25 },
    ] as const;
    const svg = await checkChart(
      boundsHistogramSpec({ title: 'one series', series: [{ name: 'Bd v Kn', bounds }] }),
    );
    expect(markGroups(svg, 'rule')).toBe(0);
    expect(svg).toContain('>50%</text>');
    // one series: no legend (the title names the matchup)
    expect(svg).not.toContain('role-legend');
  });
});
