/**
 * The balance study's report (docs/balance.md, docs/report.md): first the answer, one plain sentence per
 * changed cost with the variants named in words; then a headline of the verdicts that hold across the
 * whole grid and the method, a compact verdict table on the changed costs, each element's book cost,
 * break-even and fixed-point cost side by side, the verdict in every variant, and charts. Tables are
 * data (report/table.ts): the Markdown, the CSV and the page get the same rows. Pure.
 */
import { costChangeSpec } from '../../report/charts/cost-change.ts';
import { matchupHeatmapSpec } from '../../report/charts/matchup-heatmap.ts';
import type { ReportSection } from '../../report/html.ts';
import type { ReportPart } from '../../report/part.ts';
import type { Block, Column, Table } from '../../report/table.ts';
import type { Axis, BalanceResults, CostChange, ElementSummary, Split } from './analysis.ts';
import type { Matchup } from './evidence.ts';
import type { BalancePlan } from './plan.ts';
import { breakEvenSpec } from './chart.ts';
import { changeSentence, variantWords } from './words.ts';
import { oneLine } from '../../core/one-line.ts';
import { TERRAIN_AXIS } from '../axes.ts';

const ap = (x: number | null | undefined, d = 2): string =>
  x === null || x === undefined || !Number.isFinite(x) ? '-' : x.toFixed(d);
const range = (lo: number, hi: number) => `[${ap(lo)}, ${Number.isFinite(hi) ? ap(hi) : 'open'}]`;

/** A mechanism of the battle model set in the study's `options`, in words (plan.ts balanceModelOptions). */
const MECHANISM_WORDS: Readonly<Record<string, (v: unknown) => string>> = {
  flankContacts: (v) => (v ? 'flank contacts made' : 'no flank contacts'),
  refusals: (v) =>
    v === 'never' ? 'every fight forced (no refusals)' : 'fights refused when expected to be lost',
  flight: (v) => (v === 'gone' ? 'fled elements gone for good' : 'fled elements come back'),
  fledLost: (v) => (v ? 'every fled element counted lost' : 'fled elements lost only off the table'),
  secondLineGap: (v) => `${String(v)} base depths between lines`,
  tableDepth: (v) => `${String(v)}p of table behind each line`,
};

/** The model the verdicts hold under, in one paragraph a DBM player can read. */
function modelSentence(plan: BalancePlan): string {
  const budgets = [...new Set(plan.grid.map((g) => g.budget))].join(' and ');
  const depths = [...new Set(plan.grid.map((g) => g.depth))].join(', ');
  const terrains = [...new Set(plan.grid.map((g) => g.terrain))].join(', ');
  const orders = [...new Set(plan.grid.map((g) => g.order))].join(', ');
  const changed = Object.entries(plan.options)
    .filter(([k]) => k in MECHANISM_WORDS)
    .map(([k, v]) => MECHANISM_WORDS[k]!(v));
  return (
    `Each element fights equal-points battle lines against a weighted field of ${plan.field.length} opponents ` +
    `(${budgets} AP a side; lines ${plan.approach.distance}p apart close at the rules' move rates, shooters ` +
    `${plan.approach.shooters === 'halt' ? 'halt and shoot when ahead' : 'advance'}; depth policies ${depths}; ` +
    `terrain ${terrains}; combat order ${orders}; a side breaks at the rules' losses; ${plan.boundLimit} bounds at most` +
    (changed.length > 0 ? `; changed from the model's defaults: ${changed.join(', ')}` : '') +
    '): ' +
    (plan.grid.length === 1
      ? '1 variant. Its break-even cost is the price at which it wins as often as it loses against that field. ' +
        'A verdict holds for that variant only.'
      : `${plan.grid.length} variants in all. Its break-even cost is the price at which it wins as often as it loses against ` +
        `that field. A verdict is robust when every variant gives it.`)
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
  if (last.length === 1) return [elementSentence(last[0]!, r)];
  if (last.length > 0 && last.every((e) => e.breakEven === null))
    return [
      `Under ${version}, none of the ${last.length} elements could be measured in any variant (the tables below say why).`,
    ];
  const every = r.grid.length === 1 ? 'in its one variant' : `in every one of the ${r.grid.length} variants`;
  const out = [
    `Under ${version}, of ${last.length} elements, ${under} are under-costed and ${over} over-costed ${every}` +
      (split > 0 ? `; for ${split} one axis of the grid decides the verdict (most often the terrain)` : '') +
      (rest > 0 ? `; for ${rest} it depends on several axes together` : '') +
      '.',
  ];
  if (r.changes.length > 0)
    out.push(
      changes.length > 0
        ? `Cost changes whose verdict holds ${r.grid.length === 1 ? 'in the one variant' : 'in every variant'}: ${changes.map((c) => `${c.element} ${ap(c.oldCost, 1)} -> ${ap(c.newCost, 1)} AP: ${c.robust}`).join('; ')}.`
        : `No cost change has the same verdict in every variant (table below: what decides each).`,
    );
  return out;
}

/** One element's verdict in a sentence (a study of one element answers with it). */
function elementSentence(e: ElementSummary, r: BalanceResults): string {
  const version = r.versions[r.versions.length - 1]!.name;
  const labels = Object.entries(e.verdicts).flatMap(([l, n]) => new Array<string>(n).fill(l));
  return (
    `Under ${version}, ${e.element} costs ${ap(e.cost, 1)} AP; its fair price is ${ap(e.breakEven)} AP ` +
    `${range(e.lo, e.hi)}: ${verdictWords(e.robust, labels, e.split, r.grid.length)}.`
  );
}

/** A table of words and figures: the first columns named are words, the rest figures. */
const table = (
  names: readonly string[],
  words: number,
  rows: readonly (readonly (string | number)[])[],
): Table => ({
  columns: names.map((name, i): Column => ({ name, kind: i < words ? 'text' : 'figure' })),
  rows,
});

function changesTable(r: BalanceResults): Table {
  return table(
    ['element', 'verdict', 'cost', 'fair price [all variants]'],
    2,
    r.changes.map((c: CostChange) => [
      c.element,
      verdictWords(
        c.robust,
        c.perVariant.map((p) => p.verdict),
        c.split,
        r.grid.length,
      ),
      `${ap(c.oldCost, 1)} -> ${ap(c.newCost, 1)}`,
      `${ap(c.breakEven)} ${range(c.lo, c.hi)}`,
    ]),
  );
}

function findingsTable(r: BalanceResults): Table {
  return {
    columns: [
      { name: 'verdict', kind: 'text' },
      { name: 'elements', kind: 'figure' },
      { name: 'element: book cost -> fair price', kind: 'text' },
    ],
    rows: findings(r),
  };
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
  variants: number,
): string {
  // One variant is no test of robustness: its verdict is that variant's.
  if (robust !== 'model-dependent') return variants === 1 ? `${robust} (one variant)` : `${robust} (robust)`;
  if (split) return `depends on ${split.axis}: ${splitWords(split)}`;
  return `model-dependent (${tally(labels)})`;
}

function tally(labels: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const l of labels) counts.set(l, (counts.get(l) ?? 0) + 1);
  return [...counts.entries()].map(([l, n]) => `${l} ${n}/${labels.length}`).join(', ');
}

function elementTable(es: readonly ElementSummary[], variants: number): Table {
  return table(
    ['element', 'verdict', 'book', 'fair price', 'repriced', 'fair price [all variants]'],
    2,
    es.map((e) => [
      e.element,
      verdictWords(
        e.robust,
        Object.entries(e.verdicts).flatMap(([l, n]) => new Array<string>(n).fill(l)),
        e.split,
        variants,
      ),
      ap(e.cost, 1),
      ap(e.breakEven),
      e.fixedPoint ? ap(e.fixedPoint.mean) : '-',
      range(e.lo, e.hi),
    ]),
  );
}

/** The study's answer: a sentence per changed cost, else its headline (one element: its verdict). */
function lead(r: BalanceResults): string[] {
  if (r.changes.length > 0) return r.changes.map((c) => changeSentence(c, r.grid));
  return headline(r).slice(0, 1);
}

const d4 = (x: number): string => x.toFixed(4);

const EVIDENCE_SENTENCE =
  "Each element's score at its book cost against each field opponent (its line at the book count, both sides at their chosen depths; the mean over the variants), the three it does best and worst against, and how the worst one goes: the side broken more often and what takes its elements. Every element against every opponent is in the matchups CSV.";

/** One row per unit (version x variant x element): the CSV. */
function unitsTable(r: BalanceResults): Table {
  return {
    columns: [
      { name: 'version' },
      { name: 'variant' },
      { name: 'budget' },
      { name: 'depth' },
      { name: 'terrain' },
      { name: 'order' },
      { name: 'element' },
      { name: 'cost' },
      { name: 'book_count' },
      { name: 'break_even', csv: d4 },
      { name: 'ci95_low', csv: d4 },
      { name: 'ci95_high', csv: d4 },
      { name: 'verdict' },
      { name: 'fixed_point', csv: d4 },
      { name: 'why' },
    ],
    rows: r.units.map((u) => {
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
        u.breakEven,
        Number.isFinite(u.lo) ? u.lo : '',
        Number.isFinite(u.hi) ? u.hi : '',
        u.verdict,
        r.fixedPoints[vi]?.[u.variant]?.prices[u.element],
        u.why ?? '',
      ];
    }),
  };
}

const pct = (x: number): string => `${Math.round(x * 100)}%`;

/** "Irr Kn(O) 81%, Reg Sp(O) 74%": opponents and the element's score at book cost against them. */
const againstWords = (ms: readonly Matchup[]): string =>
  ms.map((m) => `${m.opponent} ${pct(m.score)}`).join(', ');

/**
 * Why each element costs what it costs (docs/balance.md "The evidence"): its fair price, the opponents it
 * does best and worst against at book cost, and how its worst fights are lost.
 */
export function evidenceTable(es: readonly ElementSummary[]): Table {
  const shown = es.filter((e) => e.matchups && e.matchups.best.length > 0);
  return {
    columns: [
      { name: 'element' },
      { name: 'fair price', kind: 'figure' },
      { name: 'does best against (score at book cost)', kind: 'text' },
      { name: 'does worst against', kind: 'text' },
      { name: 'how its worst matchup goes', kind: 'text' },
    ],
    rows: shown.map((e) => {
      const m = e.matchups!;
      return [
        e.element,
        ap(e.breakEven),
        againstWords(m.best.slice(0, 3)),
        againstWords(m.worst.slice(0, 3)),
        m.worst[0] ? `${m.worst[0].opponent}: ${m.worst[0].mechanism}` : '',
      ];
    }),
  };
}

/** Every element's score at its book cost against every field opponent, each version: a CSV. */
export function matchupsTable(r: BalanceResults): Table {
  return {
    columns: [
      { name: 'version' },
      { name: 'element' },
      { name: 'opponent' },
      { name: 'score_at_book_cost', csv: d4 },
    ],
    rows: r.versions.flatMap((v, vi) =>
      (r.elements[vi] ?? []).flatMap((e) =>
        (e.matchups?.scores ?? []).map((score, k) => [v.id, e.element, r.field[k]?.element ?? '', score]),
      ),
    ),
  };
}

/** "v1: 60 AP · usual depth · open; v2: ...": the variants' numbers in words. */
const variantKey = (r: BalanceResults): string =>
  r.grid.map((_, i) => `v${i + 1} ${variantWords(r.grid, i)}`).join('; ');

export function balanceReport(r: BalanceResults, plan: BalancePlan): ReportPart {
  const lastV = r.versions.length - 1;
  const last = r.elements[lastV] ?? [];
  const newest = r.versions[lastV]!.name;
  const answer = lead(r);
  const md: Block[] = [
    { heading: plan.title, level: 1 },
    { text: `${oneLine(plan.about)}.` },
    { heading: 'Headline' },
    { list: answer },
    ...(r.changes.length > 0 || last.length === 1
      ? [{ text: headline(r).join('\n') }]
      : headline(r)
          .slice(1)
          .map((text) => ({ text }))),
    { text: modelSentence(plan) },
    { text: PRICES_SENTENCE },
  ];
  if (r.changes.length > 0)
    md.push(
      { heading: `The cost changes (${r.versions[0]!.name} -> ${newest})` },
      { table: changesTable(r) },
    );
  md.push({ heading: `What holds under ${newest}` }, { table: findingsTable(r) });
  r.versions.forEach((v, vi) => {
    md.push(
      { heading: `Every element under ${v.name}` },
      {
        text: "Costs in AP. Fair price: the geometric mean of the variants' break-even costs; the interval in brackets spans every variant's 95% interval. Repriced: the mean over the variants of the consistent price list.",
      },
      { table: elementTable(r.elements[vi] ?? [], r.grid.length) },
    );
  });
  const evidence = evidenceTable(last);
  if (evidence.rows.length > 0)
    md.push(
      { heading: `Why each element costs what it costs (${newest})` },
      { text: EVIDENCE_SENTENCE },
      { table: evidence },
    );
  md.push(
    { heading: 'Break-even in each variant' },
    {
      text: `Under ${newest}; "over"/"under": the book cost is outside the variant's 95% interval.`,
    },
    {
      table: table(
        ['#', 'variant'],
        1,
        r.grid.map((g, i) => [`v${i + 1}`, g.id]),
      ),
    },
    {
      table: table(
        ['element', ...r.grid.map((_, i) => `v${i + 1}`)],
        1,
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
    },
  );
  const imprecise = r.units.filter((u) => !u.precise);
  md.push(
    { heading: 'Precision' },
    {
      text:
        `${r.units.length - imprecise.length} of ${r.units.length} break-evens (version x variant x element) have a 95% interval within +-${plan.precision} AP from sampling noise.` +
        (imprecise.length > 0 ? ` The others, and why:` : ''),
    },
  );
  if (imprecise.length > 0) {
    md.push({
      table: table(
        ['version', 'variant', 'element', 'break-even', 'interval', 'why'],
        1,
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
    });
    if (imprecise.length > 200) md.push({ text: `(and ${imprecise.length - 200} more in the CSV)` });
  }
  if (r.skipped.length > 0)
    md.push({ heading: 'Not assessed' }, { list: r.skipped.map((s) => `${s.element}: ${s.why}`) });
  md.push(
    { heading: 'The field' },
    {
      table: table(
        ['opponent', 'weight'],
        1,
        r.field.map((f) => [f.element, f.weight]),
      ),
    },
    { text: `${r.fought.toLocaleString('en-US')} engagements fought.` },
  );

  const sections: ReportSection[] = [
    {
      heading: 'Headline',
      text: `${headline(r).join('\n\n')}\n\n${modelSentence(plan)}\n\n${PRICES_SENTENCE}`,
      tables: [
        ...(r.changes.length > 0
          ? [
              {
                caption: `The cost changes ${r.versions[0]!.name} -> ${newest}, judged under ${newest}`,
                table: changesTable(r),
              },
            ]
          : []),
        { caption: `What holds under ${newest}`, table: findingsTable(r) },
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
            subtitle: `${r.versions[0]!.name} -> ${newest}`,
            oldName: r.versions[0]!.name,
            newName: newest,
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
      heading: `Book cost against break-even under ${newest}`,
      text: 'Each element: its book cost (dot) and its break-even interval across every variant (bar). A bar wholly left of the dot: over-costed in every variant; wholly right: under-costed.',
      charts: [
        {
          name: `${plan.name}-break-even`,
          spec: breakEvenSpec(measured, newest),
          caption: 'Sorted by book cost.',
        },
      ],
      tables: [{ caption: 'Every element', table: elementTable(last, r.grid.length) }],
      reproduce: '',
    });
  const cells = r.units
    .filter((u) => u.version === r.versions[lastV]!.id && u.breakEven !== null)
    .map((u) => ({
      row: u.element,
      col: `v${u.variant + 1}`,
      value: (u.breakEven as number) - u.cost,
      lo: u.lo - u.cost,
      hi: u.hi - u.cost,
    }));
  // A study that measured nothing under the newest version has no heatmap to draw.
  if (cells.length > 0)
    sections.push({
      heading: 'Verdict in each variant',
      text: `Break-even minus book cost (AP) per element and variant under ${newest}: blue, the element is worth more than it costs; red, less. Columns: ${variantKey(r)}.`,
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
            cells,
            format: '.1f',
          }),
          caption: r.grid.map((g, i) => `v${i + 1}: ${g.id}`).join('; '),
        },
      ],
      reproduce: '',
    });
  if (evidence.rows.length > 0)
    sections.push({
      heading: `Why each element costs what it costs under ${newest}`,
      text: EVIDENCE_SENTENCE,
      tables: [{ caption: 'The matchups that make each verdict', table: evidence }],
      reproduce: '',
    });
  const robustUnder = last.filter((e) => e.robust === 'under-costed').length;
  const robustOver = last.filter((e) => e.robust === 'over-costed').length;
  const every = r.grid.length === 1 ? 'in the one variant' : 'in every variant';
  const summary = [
    last.length === 1
      ? `${plan.title}: ${elementSentence(last[0]!, r)}`
      : `${plan.title}: ${last.length} elements under ${newest} in ${r.grid.length} variant${r.grid.length === 1 ? '' : 's'}; under-costed ${every} ${robustUnder}, over-costed ${every} ${robustOver}.`,
    ...r.changes.map(
      (c) =>
        `  ${c.element}: ${ap(c.oldCost, 1)} -> ${ap(c.newCost, 1)} AP, fair price ${ap(c.breakEven)} ${range(c.lo, c.hi)}: ${verdictWords(
          c.robust,
          c.perVariant.map((p) => p.verdict),
          c.split,
          r.grid.length,
        )}`,
    ),
  ].join('\n');
  return {
    lead: answer,
    documents: new Map([[`${plan.name}.md`, md]]),
    data: new Map([
      [`${plan.name}.csv`, unitsTable(r)],
      ...(r.elements.some((es) => es.some((e) => e.matchups))
        ? ([[`${plan.name}-matchups.csv`, matchupsTable(r)]] as const)
        : []),
    ]),
    sections,
    summary,
  };
}
