/**
 * Book cost against break-even: one row per element, the break-even interval across the grid as a bar,
 * the geometric-mean break-even as a tick and the book cost as a dot. A Vega-Lite spec (report layer
 * conventions: report/charts/common.ts).
 */
import { specHead, type ChartSpec } from '../../report/charts/common.ts';
import type { ElementSummary } from './analysis.ts';

export function breakEvenSpec(es: readonly ElementSummary[], version: string): ChartSpec {
  const values = es.map((e) => ({
    element: e.element,
    cost: e.cost,
    breakEven: e.breakEven,
    lo: e.lo,
    hi: Number.isFinite(e.hi) ? e.hi : e.cost * 3,
    verdict: e.robust,
  }));
  const order = [...es]
    .sort((x, y) => x.cost - y.cost || x.element.localeCompare(y.element))
    .map((e) => e.element);
  const y = {
    field: 'element',
    type: 'nominal' as const,
    sort: order,
    title: null,
    axis: { labelLimit: 140 },
  };
  return {
    ...specHead({
      title: 'Book cost against break-even cost',
      subtitle: `${version}; bar: every variant's 95% interval`,
    }),
    width: 360,
    height: { step: 14 },
    data: { values },
    layer: [
      {
        mark: { type: 'rule', strokeWidth: 6, opacity: 0.45 },
        encoding: {
          y,
          x: { field: 'lo', type: 'quantitative', title: 'AP', scale: { zero: false } },
          x2: { field: 'hi' },
          color: {
            field: 'verdict',
            type: 'nominal',
            title: 'Verdict',
            scale: {
              domain: ['under-costed', 'balanced', 'over-costed', 'model-dependent', 'not measured'],
              range: ['#2a6fdb', '#2a9d3f', '#c2362f', '#999999', '#dddddd'],
            },
            legend: { orient: 'bottom', columns: 3 },
          },
          tooltip: [
            { field: 'element', title: 'Element' },
            { field: 'cost', title: 'Book AP' },
            { field: 'breakEven', title: 'Break-even', format: '.2f' },
            { field: 'lo', title: 'Lowest bound', format: '.2f' },
            { field: 'hi', title: 'Highest bound', format: '.2f' },
            { field: 'verdict', title: 'Verdict' },
          ],
        },
      },
      {
        mark: { type: 'tick', color: 'black', thickness: 2, size: 10 },
        encoding: { y, x: { field: 'breakEven', type: 'quantitative' } },
      },
      {
        mark: { type: 'point', filled: true, color: 'black', size: 30 },
        encoding: { y, x: { field: 'cost', type: 'quantitative' } },
      },
    ],
  } as ChartSpec;
}
