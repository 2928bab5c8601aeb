/**
 * The balance study's report as plain data: Markdown and CSV tables, and the sections (prose, Vega-Lite
 * charts, tables, how to reproduce) of its HTML page. Pure; the run command writes the files.
 */
import {
  boundsHistogramSpec,
  costChangeSpec,
  costEffectivenessSpec,
  matchupHeatmapSpec,
  outcomeBarsFromOdds,
  outcomeBarsSpec,
} from '../report/charts/index.ts';
import type { ReportInput, ReportSection } from '../report/html.ts';
import type { BalanceConfig, BalanceResults, VersionResult } from './study.ts';
import { balanceSystemOf, houseRulesOf } from './study.ts';

const f2 = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : n > 0 ? 'inf' : '-inf');
const f3 = (n: number) => n.toFixed(3);

function mdTable(columns: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const head = `| ${columns.join(' | ')} |`;
  const sep = `| ${columns.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`;
  return [head, sep, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

function csv(columns: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cell = (v: string | number) =>
    typeof v === 'number' ? String(v) : /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
  return [columns, ...rows].map((r) => r.map(cell).join(',')).join('\n') + '\n';
}

const ELEMENT_COLUMNS = [
  'element',
  'cost',
  'count',
  'effectiveness',
  'fair cost',
  'residual',
  'score v field',
  'break-even',
  'break-even low',
  'break-even high',
  'flag',
] as const;

function elementRows(v: VersionResult, fmt: (n: number) => string | number): (string | number)[][] {
  return v.elements.map((e) => {
    const r = v.fit.residuals.find((x) => x.label === e.element);
    const be = e.breakEven;
    const flag = e.flagged ? (e.cost > be.high ? 'over-costed' : 'under-costed') : '';
    return [
      e.element,
      e.cost,
      e.count,
      fmt(e.effectiveness),
      fmt(r?.fairCost ?? NaN),
      fmt(r?.residual ?? NaN),
      fmt(e.fieldScore.p),
      `${fmt(be.cost)}${be.censored === 'cheaper' ? ' (or less)' : be.censored === 'dearer' ? ' (or more)' : ''}`,
      fmt(be.low),
      fmt(be.high),
      flag,
    ];
  });
}

const CHANGE_COLUMNS = ['element', 'old cost', 'new cost', 'break-even', 'low', 'high', 'verdict'] as const;

/** One row per changed type, in CHANGE_COLUMNS order; `fmt` formats the break-even and its interval. */
function changeRows(r: BalanceResults, fmt: (n: number) => string | number): (string | number)[][] {
  return r.changes.map((c) => [
    c.element,
    c.oldCost,
    c.newCost,
    fmt(c.breakEven),
    fmt(c.low),
    fmt(c.high),
    c.verdict,
  ]);
}

/** Every table of the study, as Markdown and CSV files (name -> text). */
export function balanceTables(r: BalanceResults): Record<string, string> {
  const out: Record<string, string> = {};
  const md: string[] = [`# Balance study \`${r.name}\``, ''];
  md.push(
    `Budget ${r.budget} AP a side, ${r.engagements} engagements per estimate, seed ${r.seed}. Effectiveness: exact single combat against the field, P(opponent destroyed) - P(own destroyed). Score: equal-points engagements against the field, wins plus half of draws. Break-even: the cost at which that score is 50%, with its 95% interval.`,
    '',
  );
  for (const v of r.versions) {
    md.push(
      `## ${v.name}`,
      '',
      `Fit: cost = ${f2(v.fit.intercept)} + ${f2(v.fit.slope)} x effectiveness (R² ${f2(v.fit.r2)}).`,
      '',
    );
    md.push(mdTable(ELEMENT_COLUMNS, elementRows(v, f2)), '');
    out[`elements-${v.id}.csv`] = csv(
      ELEMENT_COLUMNS,
      elementRows(v, (n) => Number(n.toFixed(6))),
    );
    const cols = ['a', 'b', 'count a', 'count b', 'score a', 'low', 'high'];
    out[`matrix-${v.id}.csv`] = csv(
      cols,
      v.matrix.map((c) => [
        c.a,
        c.b,
        c.countA,
        c.countB,
        Number(c.p.toFixed(6)),
        Number(c.lo.toFixed(6)),
        Number(c.hi.toFixed(6)),
      ]),
    );
  }
  if (r.changes.length > 0) {
    md.push(
      `## Cost changes, ${r.versions[0]?.name} to ${r.versions[r.versions.length - 1]?.name}`,
      '',
      mdTable(CHANGE_COLUMNS, changeRows(r, f2)),
      '',
    );
    out['changes.csv'] = csv(
      CHANGE_COLUMNS,
      changeRows(r, (n) => Number(n.toFixed(6))),
    );
  }
  out['balance.md'] = md.join('\n');
  return out;
}

/** The HTML report: charts built from the results, never hand-drawn. */
export function balanceReport(r: BalanceResults, config: BalanceConfig, reproduce: string): ReportInput {
  const last = r.versions[r.versions.length - 1] as VersionResult;
  const sections: ReportSection[] = [];
  sections.push({
    heading: `Cost against effectiveness (${last.name})`,
    text:
      'Each point is an element: its points cost against its exact single-combat effectiveness against the field ' +
      '(P(opponent destroyed) - P(own destroyed), close combat in the open, both bounds averaged). The dashed line is ' +
      'the least-squares fit of cost on effectiveness: the "fair" cost of an effectiveness. Points above the line are ' +
      'dearer than their single-combat effectiveness, points below are cheaper.',
    charts: [
      {
        name: 'cost-effectiveness',
        caption: `Cost against effectiveness, ${last.name}`,
        spec: costEffectivenessSpec({
          title: `Cost against single-combat effectiveness, ${last.name}`,
          yTitle: 'P(kill) - P(killed) against the field',
          points: last.elements.map((e) => ({
            label: e.element,
            cost: e.cost,
            effectiveness: e.effectiveness,
          })),
          fit: {
            slope: 1 / last.fit.slope,
            intercept: -last.fit.intercept / last.fit.slope,
            r2: last.fit.r2,
          },
        }),
      },
    ],
    tables: r.versions.map((v) => ({
      caption: `${v.name}: every element`,
      columns: [...ELEMENT_COLUMNS],
      rows: elementRows(v, f2),
    })),
    reproduce,
  });
  if (r.changes.length > 0) {
    sections.push({
      heading: `Were the ${last.name} cost changes right?`,
      text:
        `For every element whose cost changed, the arrow runs from the ${r.versions[0]?.name} cost to the ${last.name} cost; ` +
        `the grey bar is the ${last.name} break-even cost with its 95% interval: the cost at which the element's ` +
        'equal-points score against the field is 50%. "towards, not enough": the change moved the cost towards ' +
        'break-even but stopped short; "past break-even": it overshot; "balanced": the new cost is inside the interval.',
      charts: [
        {
          name: 'cost-changes',
          caption: 'Old and new costs against break-even cost',
          spec: costChangeSpec({
            title: `Cost changes against break-even cost (${last.name} rules)`,
            oldName: r.versions[0]?.name ?? 'old',
            newName: last.name,
            elements: r.changes.map((c) => ({
              label: c.element,
              oldCost: c.oldCost,
              newCost: c.newCost,
              breakEven: c.breakEven,
              breakEvenLo: c.low,
              breakEvenHi: Number.isFinite(c.high) ? c.high : c.breakEven * 2,
            })),
          }),
        },
      ],
      tables: [
        {
          caption: 'Cost changes and verdicts',
          columns: [...CHANGE_COLUMNS],
          rows: changeRows(r, f2),
        },
      ],
      reproduce,
    });
  }
  sections.push({
    heading: `Equal-points engagements (${last.name})`,
    text:
      `Score of the row element's line against the column element's line when both spend ${r.budget} AP ` +
      '(wins plus half of draws, whose bound first alternating). Blue: the row element does better; red: worse.',
    charts: [
      {
        name: 'matchups',
        caption: 'Equal-points score, row against column',
        spec: matchupHeatmapSpec({
          title: `Equal-points score, ${last.name}`,
          rowTitle: 'Line',
          colTitle: 'Opponent',
          valueTitle: 'Score',
          centre: 0.5,
          cells: last.matrix.map((c) => ({ row: c.a, col: c.b, value: c.p, lo: c.lo, hi: c.hi })),
        }),
      },
    ],
    reproduce,
  });
  const s = last.showcase;
  const odds = balanceSystemOf(config).odds(last.id, s.a, s.b, houseRulesOf(config));
  sections.push({
    heading: `One matchup in detail: ${s.a} against ${s.b}`,
    text:
      `Single combat (exact, in ${s.a}'s bound, no support) and the equal-points engagement of ${s.countA} ${s.a} ` +
      `against ${s.countB} ${s.b}: how many bounds it takes for a side to break.`,
    charts: [
      {
        name: 'showcase-outcomes',
        caption: `${s.a} against ${s.b}: single-combat outcomes`,
        spec: outcomeBarsSpec(outcomeBarsFromOdds(odds, { title: `${s.a} against ${s.b}, one combat` })),
      },
      {
        name: 'showcase-bounds',
        caption: 'Bounds to decision',
        spec: boundsHistogramSpec({
          title: `Bounds until a side breaks: ${s.countA} ${s.a} against ${s.countB} ${s.b}`,
          series: [
            {
              name: `${s.a} v ${s.b}`,
              bounds: s.summary.bounds.map((b) => ({ bound: b.bound, p: b.decided })),
              mean: s.summary.meanBoundsToDecision,
            },
          ],
        }),
      },
    ],
    tables: [
      {
        caption: 'Engagement result',
        columns: ['', 'probability', 'low', 'high'],
        rows: [
          [`${s.a} wins`, f3(s.summary.aWins.p), f3(s.summary.aWins.lo), f3(s.summary.aWins.hi)],
          [`${s.b} wins`, f3(s.summary.bWins.p), f3(s.summary.bWins.lo), f3(s.summary.bWins.hi)],
          ['draw', f3(s.summary.draw.p), f3(s.summary.draw.lo), f3(s.summary.draw.hi)],
        ],
      },
    ],
    reproduce,
  });
  sections.push({
    heading: 'Assumptions',
    text: [
      `Versions: ${r.versions.map((v) => v.name).join(', ')}. Budget ${r.budget} AP a side; lines are one element deep ` +
        `except ${
          Object.entries(config.depth)
            .map(([t, d]) => `${t} ${d} deep`)
            .join(', ') || 'none'
        }; a line that cannot ` +
        'fill its last file fights with a shorter one. Each estimate is ' +
        `${r.engagements} engagements; the showcase engagement ${r.engagements * 4}.`,
      'Engagements are close combat only: there is no shooting phase before contact, so shooters (bowmen most of all) ' +
        'are measured at their worst, and their break-even costs are lower bounds. ' +
        'Engagements follow docs/engagement-model.md with its default options: lines face each other centred, fight ' +
        'bound by bound, and a side breaks at one third of its element equivalents lost (DBM 3.2 p.25), or the fight ' +
        `is undecided after ${config.boundLimit} bounds. The field: ${config.field.map((f) => (f.weight === 1 ? '' : `${f.weight} x `) + `\`${f.element}\``).join(', ')}.`,
      'Break-even costs come from a search over how many elements the budget buys, so they are read at the costs ' +
        'budget / count; their intervals are the costs whose score interval contains 50%. Pre-3.2 Blades costs are ' +
        'inferred (docs/rulings.md).',
    ].join('\n\n'),
    reproduce,
  });
  return {
    title: `Points cost against effectiveness: ${r.name}`,
    intro:
      `Which DBM troop types are over- or under-costed, and by how much, measured two ways: exact single combat ` +
      `against a field of opponents, and equal-points fights of whole lines (Monte Carlo, seed ${r.seed}).`,
    sections,
  };
}

/** A few lines for the terminal after a run: each changed type's costs, break-even and verdict. */
export function balanceSummary(r: BalanceResults): string {
  if (r.changes.length === 0) return '';
  const rows = changeRows(r, f2).map((row) => row.map(String));
  const width = (k: number) => Math.max(...rows.map((row) => (row[k] as string).length));
  const lines = rows.map(
    ([element, oldCost, newCost, be, lo, hi, verdict]) =>
      `  ${(element as string).padEnd(width(0))}  ${oldCost} -> ${newCost} AP, break-even ${be} [${lo}, ${hi}]: ${verdict}`,
  );
  const from = r.versions[0]?.name;
  const to = r.versions[r.versions.length - 1]?.name;
  return [`Cost changes ${from} to ${to} (break-even cost, 95% interval; docs/balance.md):`, ...lines].join(
    '\n',
  );
}
