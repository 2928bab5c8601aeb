/**
 * The balance study's report (docs/balance.md, docs/report.md): a headline of the verdicts that hold
 * across the whole grid, a compact verdict table on the changed costs, each element's book cost,
 * break-even and fixed-point cost side by side, the verdict in every variant, and charts. Pure.
 */
import { csvText } from '../../core/csv.ts';
import { costChangeSpec } from '../../report/charts/cost-change.ts';
import { matchupHeatmapSpec } from '../../report/charts/matchup-heatmap.ts';
import type { ReportSection } from '../../report/html.ts';
import { mdTable } from '../../report/markdown.ts';
import type { ReportPart } from '../../report/part.ts';
import type { Axis, BalanceResults, CostChange, ElementSummary, Split } from './analysis.ts';
import type { BalancePlan } from './plan.ts';
import { breakEvenSpec } from './chart.ts';
import { oneLine } from '../../core/one-line.ts';
import { TERRAIN_AXIS } from '../axes.ts';

const ap = (x: number | null | undefined, d = 2): string =>
  x === null || x === undefined || !Number.isFinite(x) ? '-' : x.toFixed(d);
const range = (lo: number, hi: number) => `[${ap(lo)}, ${Number.isFinite(hi) ? ap(hi) : 'open'}]`;

/** The model the verdicts hold under, in one paragraph a DBM player can read. */
function modelSentence(plan: BalancePlan): string {
  const budgets = [...new Set(plan.grid.map((g) => g.budget))].join(' and ');
  const depths = [...new Set(plan.grid.map((g) => g.depth))].join(', ');
  const terrains = [...new Set(plan.grid.map((g) => g.terrain))].join(', ');
  const orders = [...new Set(plan.grid.map((g) => g.order))].join(', ');
  return (
    `Each element fights equal-points battle lines against a weighted field of ${plan.field.length} opponents ` +
    `(${budgets} AP a side; lines ${plan.approach.distance}p apart close at the rules' move rates, shooters ` +
    `${plan.approach.shooters === 'halt' ? 'halt and shoot when ahead' : 'advance'}; depth policies ${depths}; ` +
    `terrain ${terrains}; combat order ${orders}; a side breaks at the rules' losses; ${plan.boundLimit} bounds at most): ` +
    `${plan.grid.length} variants in all. Its break-even cost is the price at which it wins as often as it loses against ` +
    `that field. A verdict is robust when every variant gives it.`
  );
}

/** One sentence on the two prices the report gives beside the book cost, for a DBM player. */
const PRICES_SENTENCE =
  "Fair price: what the element is worth against today's book-priced armies (it wins as often as it loses at that cost). " +
  'Repriced: what it would be worth if every element were repriced to its fair price at once (a consistent price list under the model).';

const name = (e: { element: string; cost: number; breakEven: number | null }) =>
  `${e.element} ${ap(e.cost, 1)} -> ${ap(e.breakEven, 1)}`;

/** The findings that hold in every variant, then those one axis decides, as rows of a compact table. */
function findings(r: BalanceResults): string[][] {
  const last = r.elements[r.elements.length - 1] ?? [];
  const rows: string[][] = [];
  for (const v of ['under-costed', 'over-costed', 'balanced'] as const) {
    const xs = last.filter((e) => e.robust === v);
    if (xs.length > 0) rows.push([`${v} in every variant`, String(xs.length), xs.map(name).join(', ')]);
  }
  const bySplit = new Map<string, ElementSummary[]>();
  for (const e of last)
    if (e.split) {
      const key = `${e.split.axis}: ${splitWords(e.split)}`;
      bySplit.set(key, [...(bySplit.get(key) ?? []), e]);
    }
  for (const [key, xs] of [...bySplit.entries()].sort((x, y) => y[1].length - x[1].length))
    rows.push([`depends on ${key}`, String(xs.length), xs.map(name).join(', ')]);
  const rest = last.filter((e) => e.robust === 'model-dependent' && !e.split);
  if (rest.length > 0)
    rows.push([
      'depends on several axes together',
      String(rest.length),
      rest.map((e) => e.element).join(', '),
    ]);
  return rows;
}

function headline(r: BalanceResults): string[] {
  const last = r.elements[r.elements.length - 1] ?? [];
  const under = last.filter((e) => e.robust === 'under-costed').length;
  const over = last.filter((e) => e.robust === 'over-costed').length;
  const changes = r.changes.filter((c) => c.robust !== 'model-dependent');
  const version = r.versions[r.versions.length - 1]!.name;
  const split = last.filter((e) => e.split).length;
  const rest = last.filter((e) => e.robust === 'model-dependent' && !e.split).length;
  const out = [
    `Under ${version}, of ${last.length} elements, ${under} are under-costed and ${over} over-costed in every one of the ${r.grid.length} variants` +
      (split > 0 ? `; for ${split} one axis of the grid decides the verdict (most often the terrain)` : '') +
      (rest > 0 ? `; for ${rest} it depends on several axes together` : '') +
      '.',
  ];
  if (r.changes.length > 0)
    out.push(
      changes.length > 0
        ? `Cost changes whose verdict holds in every variant: ${changes.map((c) => `${c.element} ${ap(c.oldCost, 1)} -> ${ap(c.newCost, 1)} AP: ${c.robust}`).join('; ')}.`
        : `No cost change has the same verdict in every variant (table below: what decides each).`,
    );
  return out;
}

function changesTable(r: BalanceResults): string[] {
  return mdTable(
    ['element', 'verdict', 'cost', 'fair price [all variants]'],
    r.changes.map((c: CostChange) => [
      c.element,
      verdictWords(
        c.robust,
        c.perVariant.map((p) => p.verdict),
        c.split,
      ),
      `${ap(c.oldCost, 1)} -> ${ap(c.newCost, 1)}`,
      `${ap(c.breakEven)} ${range(c.lo, c.hi)}`,
    ]),
    ['l', 'l', 'r', 'r'],
  );
}

function findingsTable(r: BalanceResults): string[] {
  return mdTable(['verdict', 'elements', 'element: book cost -> fair price'], findings(r), ['l', 'r', 'l']);
}

const AXIS_WORDS: Readonly<Record<Axis, (value: string) => string>> = {
  budget: (v) => `at ${v} AP`,
  depth: (v) => (v === 'best' ? 'at the best depth' : v === 'support' ? 'at its usual depth' : `${v} deep`),
  terrain: TERRAIN_AXIS.words,
  order: (v) => `with combat order ${v}`,
};

/** "over-costed in the open, under-costed in mixed terrain": a verdict one axis decides, in words. */
function splitWords<V extends string>(split: Split<V>): string {
  return split.by.map((b) => `${b.verdict} ${AXIS_WORDS[split.axis](b.value)}`).join(', ');
}

/** A verdict across the grid: robust, decided by one axis, or the tally of the variants. */
function verdictWords<V extends string>(
  robust: V | 'model-dependent',
  labels: readonly V[],
  split: Split<V> | undefined,
): string {
  if (robust !== 'model-dependent') return `${robust} (robust)`;
  if (split) return `depends on ${split.axis}: ${splitWords(split)}`;
  return `model-dependent (${tally(labels)})`;
}

function tally(labels: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const l of labels) counts.set(l, (counts.get(l) ?? 0) + 1);
  return [...counts.entries()].map(([l, n]) => `${l} ${n}/${labels.length}`).join(', ');
}

function elementTable(es: readonly ElementSummary[]): string[] {
  return mdTable(
    ['element', 'verdict', 'book', 'fair price', 'repriced', 'fair price [all variants]'],
    es.map((e) => [
      e.element,
      verdictWords(
        e.robust,
        Object.entries(e.verdicts).flatMap(([l, n]) => new Array<string>(n).fill(l)),
        e.split,
      ),
      ap(e.cost, 1),
      ap(e.breakEven),
      e.fixedPoint ? ap(e.fixedPoint.mean) : '-',
      range(e.lo, e.hi),
    ]),
    ['l', 'l', 'r', 'r', 'r', 'r'],
  );
}

export function balanceReport(r: BalanceResults, plan: BalancePlan): ReportPart {
  const lastV = r.versions.length - 1;
  const last = r.elements[lastV] ?? [];
  const md: string[] = [
    `# ${oneLine(plan.title)}`,
    '',
    `${oneLine(plan.about)}.`,
    '',
    modelSentence(plan),
    '',
    '## Headline',
    '',
    ...headline(r),
    '',
    PRICES_SENTENCE,
    '',
  ];
  if (r.changes.length > 0)
    md.push(
      `## The cost changes (${r.versions[0]!.name} -> ${r.versions[lastV]!.name})`,
      '',
      ...changesTable(r),
      '',
    );
  md.push(`## What holds under ${r.versions[lastV]!.name}`, '', ...findingsTable(r), '');
  r.versions.forEach((v, vi) => {
    md.push(
      `## Every element under ${v.name}`,
      '',
      "Costs in AP. Fair price: the geometric mean of the variants' break-even costs; the interval in brackets spans every variant's 95% interval. Repriced: the mean over the variants of the consistent price list.",
      '',
    );
    md.push(...elementTable(r.elements[vi] ?? []), '');
  });
  md.push(
    '## Break-even in each variant',
    '',
    `Under ${r.versions[lastV]!.name}; "over"/"under": the book cost is outside the variant's 95% interval.`,
    '',
  );
  md.push(
    ...mdTable(
      ['#', 'variant'],
      r.grid.map((g, i) => [`v${i + 1}`, g.id]),
    ),
    '',
  );
  md.push(
    ...mdTable(
      ['element', ...r.grid.map((_, i) => `v${i + 1}`)],
      plan.elements.map((e) => [
        e,
        ...r.grid.map((_, gi) => {
          const u = r.units.find(
            (x) => x.version === r.versions[lastV]!.id && x.variant === gi && x.element === e,
          )!;
          return u.breakEven === null
            ? 'n/m'
            : `${ap(u.breakEven)}${u.verdict === 'over-costed' ? ' over' : u.verdict === 'under-costed' ? ' under' : ''}`;
        }),
      ]),
    ),
    '',
  );
  const imprecise = r.units.filter((u) => !u.precise);
  md.push(
    '## Precision',
    '',
    `${r.units.length - imprecise.length} of ${r.units.length} break-evens (version x variant x element) have a 95% interval within +-${plan.precision} AP from sampling noise.` +
      (imprecise.length > 0 ? ` The others, and why:` : ''),
    '',
  );
  if (imprecise.length > 0)
    md.push(
      ...mdTable(
        ['version', 'variant', 'element', 'break-even', 'interval', 'why'],
        imprecise
          .slice(0, 200)
          .map((u) => [
            u.version,
            `v${u.variant + 1}`,
            u.element,
            ap(u.breakEven),
            range(u.lo, u.hi),
            u.why ?? '',
          ]),
      ),
      imprecise.length > 200 ? `\n(and ${imprecise.length - 200} more in the CSV)` : '',
      '',
    );
  if (r.skipped.length > 0)
    md.push('## Not assessed', '', ...r.skipped.map((s) => `- ${s.element}: ${s.why}`), '');
  md.push(
    '## The field',
    '',
    ...mdTable(
      ['opponent', 'weight'],
      r.field.map((f) => [f.element, f.weight]),
    ),
    '',
  );
  md.push(`${r.fought.toLocaleString('en-US')} engagements fought.`, '');

  const csv = csvText(
    [
      'version',
      'variant',
      'budget',
      'depth',
      'terrain',
      'order',
      'element',
      'cost',
      'book_count',
      'break_even',
      'ci95_low',
      'ci95_high',
      'verdict',
      'fixed_point',
      'why',
    ],
    r.units.map((u) => {
      const g = r.grid[u.variant]!;
      const vi = r.versions.findIndex((v) => v.id === u.version);
      return [
        u.version,
        `v${u.variant + 1}`,
        g.budget,
        g.depth,
        g.terrain,
        g.order,
        u.element,
        u.cost,
        u.bookCount,
        u.breakEven === null ? '' : u.breakEven.toFixed(4),
        Number.isFinite(u.lo) ? u.lo.toFixed(4) : '',
        Number.isFinite(u.hi) ? u.hi.toFixed(4) : '',
        u.verdict,
        r.fixedPoints[vi]?.[u.variant]?.prices[u.element]?.toFixed(4) ?? '',
        u.why ?? '',
      ];
    }),
  );

  const sections: ReportSection[] = [
    {
      heading: 'Headline',
      text: `${headline(r).join('\n\n')}\n\n${modelSentence(plan)}\n\n${PRICES_SENTENCE}`,
      tables: [
        ...(r.changes.length > 0
          ? [
              {
                caption: `The cost changes ${r.versions[0]!.name} -> ${r.versions[lastV]!.name}, judged under ${r.versions[lastV]!.name}`,
                markdown: changesTable(r).join('\n'),
              },
            ]
          : []),
        { caption: `What holds under ${r.versions[lastV]!.name}`, markdown: findingsTable(r).join('\n') },
      ],
      reproduce: '',
    },
  ];
  const changed = r.changes.filter((c) => c.breakEven !== null);
  if (changed.length > 0)
    sections.push({
      heading: 'Were the cost changes right?',
      text: 'Each row: the old cost (circle), the new cost (arrow head), and the break-even cost across every variant (bar: lowest to highest 95% bound; tick: geometric mean).',
      charts: [
        {
          name: `${plan.name}-changes`,
          spec: costChangeSpec({
            title: 'Cost changes against break-even',
            subtitle: `${r.versions[0]!.name} -> ${r.versions[lastV]!.name}`,
            oldName: r.versions[0]!.name,
            newName: r.versions[lastV]!.name,
            elements: changed.map((c) => ({
              label: c.element,
              oldCost: c.oldCost,
              newCost: c.newCost,
              breakEven: c.breakEven as number,
              breakEvenLo: c.lo,
              breakEvenHi: Number.isFinite(c.hi) ? c.hi : Math.max(c.oldCost, c.newCost) * 2,
            })),
          }),
          caption: 'Green: the change moved the cost towards break-even; orange: away from it.',
        },
      ],
      reproduce: '',
    });
  const measured = last.filter((e) => e.breakEven !== null);
  if (measured.length > 0)
    sections.push({
      heading: `Book cost against break-even under ${r.versions[lastV]!.name}`,
      text: 'Each element: its book cost (dot) and its break-even interval across every variant (bar). A bar wholly left of the dot: over-costed in every variant; wholly right: under-costed.',
      charts: [
        {
          name: `${plan.name}-break-even`,
          spec: breakEvenSpec(measured, r.versions[lastV]!.name),
          caption: 'Sorted by book cost.',
        },
      ],
      tables: [{ caption: 'Every element', markdown: elementTable(last).join('\n') }],
      reproduce: '',
    });
  sections.push({
    heading: 'Verdict in each variant',
    text: `Break-even minus book cost (AP) per element and variant under ${r.versions[lastV]!.name}: blue, the element is worth more than it costs; red, less.`,
    charts: [
      {
        name: `${plan.name}-variants`,
        spec: matchupHeatmapSpec({
          title: 'Break-even minus book cost, by variant',
          rowTitle: 'Element',
          colTitle: 'Variant',
          valueTitle: 'AP',
          rows: plan.elements,
          cols: r.grid.map((_, i) => `v${i + 1}`),
          cells: r.units
            .filter((u) => u.version === r.versions[lastV]!.id && u.breakEven !== null)
            .map((u) => ({
              row: u.element,
              col: `v${u.variant + 1}`,
              value: (u.breakEven as number) - u.cost,
              lo: u.lo - u.cost,
              hi: u.hi - u.cost,
            })),
          format: '.1f',
        }),
        caption: r.grid.map((g, i) => `v${i + 1}: ${g.id}`).join('; '),
      },
    ],
    reproduce: '',
  });
  const robustUnder = last.filter((e) => e.robust === 'under-costed').length;
  const robustOver = last.filter((e) => e.robust === 'over-costed').length;
  const summary = [
    `${plan.title}: ${last.length} elements under ${r.versions[lastV]!.name} in ${r.grid.length} variants; under-costed in every variant ${robustUnder}, over-costed in every variant ${robustOver}.`,
    ...r.changes.map(
      (c) =>
        `  ${c.element}: ${ap(c.oldCost, 1)} -> ${ap(c.newCost, 1)} AP, fair price ${ap(c.breakEven)} ${range(c.lo, c.hi)}: ${verdictWords(
          c.robust,
          c.perVariant.map((p) => p.verdict),
          c.split,
        )}`,
    ),
  ].join('\n');
  return {
    files: new Map([
      [`${plan.name}.md`, md.join('\n')],
      [`${plan.name}.csv`, csv],
    ]),
    sections,
    summary,
  };
}
