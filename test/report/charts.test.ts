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
import { costAxis } from '../../src/report/charts/common.ts';
import { compileChart, renderSvg } from '../../src/report/render.ts';
import type { OddsReport } from '../../src/engine/odds.ts';
import { boundsInput, costChangeInput, heatmapInput, outcomeInput, scatterInput, TYPES } from './fixtures.ts';

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

describe('shared chart parts', () => {
  it('asks for whole-number cost ticks only when every cost is whole', () => {
    expect(costAxis([5, 7, 10])).toEqual({ labelOverlap: 'greedy', tickMinStep: 1 });
    expect(costAxis([5, 7.5])).toEqual({ labelOverlap: 'greedy' });
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

  it('refuses an empty or non-finite input', () => {
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

  it('puts the fitted line through intercept + slope * cost across the cost range, padded 5%', () => {
    const spec = costEffectivenessSpec(scatterInput) as unknown as {
      layer: { data?: { values: { cost: number; effectiveness: number }[] } }[];
    };
    const line = spec.layer[1]!.data!.values;
    // costs run 5..11: padded by 0.3 either side
    expect(line.map((v) => v.cost)).toEqual([4.7, 11.3]);
    expect(line[0]!.effectiveness).toBeCloseTo(-0.3 + 0.05 * 4.7, 12);
    expect(line[1]!.effectiveness).toBeCloseTo(-0.3 + 0.05 * 11.3, 12);
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
  it('draws grouped bars with probability labels for both sides', async () => {
    const svg = await checkChart(outcomeBarsSpec(outcomeInput));
    expect(markGroups(svg, 'rect')).toBe(1);
    for (const o of ['destroyed', 'flee', 'recoil', 'none']) expect(svg).toContain(`>${o}</text>`);
    expect(svg).toContain('>0.194</text>');
    expect(svg).toContain('A: Reg Bd(O)');
    expect(svg).toContain('B: Irr Kn(S)');
    // one error bar: only B's destroyed has an interval
    expect(markGroups(svg, 'rule')).toBe(1);
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
  it('draws the bars of every series and a dashed mean rule for each', async () => {
    const svg = await checkChart(boundsHistogramSpec(boundsInput));
    expect(markGroups(svg, 'rect')).toBe(1);
    expect(markGroups(svg, 'rule')).toBe(1);
    expect(svg).toContain('>A wins</text>');
    expect(svg).toContain('>B wins</text>');
    expect(svg).toContain('Bound in which a side broke');
    expect(svg.match(/stroke-dasharray="5,3"/g)?.length).toBe(2);
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
  });
});
