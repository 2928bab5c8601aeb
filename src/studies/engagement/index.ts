/**
 * Engagement studies: two sides fought to a decision under the rule system's engagement model (battle
 * lines for DBM, DBA and B&B; repeated shock for GBA), sampled on the runner. The report gives who wins
 * with Wilson intervals, bounds (or rounds) to a decision, losses, and the model's own tables.
 */
import { z } from 'zod';
import { InputError } from '../../core/errors.ts';
import type { AnySystem, EngagementSummary, Mean, Proportion } from '../../core/system.ts';
import { boundsHistogramSpec } from '../../report/charts/bounds-histogram.ts';
import type { Block, Column, Table } from '../../report/table.ts';
import type { StudyKind } from '../kind.ts';
import type { EngagementPayload } from '../jobs/engagement.ts';
import { systemById } from '../../systems/registry.ts';
import { oneLine } from '../../core/one-line.ts';

/** A random source for a kernel asked for no samples (it draws nothing). */
const NO_DRAWS = { next: () => 0, double: () => 0, int: () => 0, die: () => 1 };

/** Engagements sampled when neither the study, the scenario nor the command line says. */
const DEFAULT_ENGAGEMENTS = 10_000;

const f3 = (n: number) => n.toFixed(3);
const f2 = (n: number) => n.toFixed(2);
const ci = (p: Proportion) => `${f3(p.p)} [${f3(p.lo)}, ${f3(p.hi)}]`;
const mean = (m: Mean) => (m.lo === m.hi ? f2(m.mean) : `${f2(m.mean)} [${f2(m.lo)}, ${f2(m.hi)}]`);

interface EngagementPlan {
  readonly name: string;
  readonly title: string;
  readonly about: string;
  readonly seed: string;
  readonly samples: number;
  readonly rules: string;
  readonly version: string;
  readonly payload: EngagementPayload;
  readonly shardSize: number;
}

interface EngagementStudyResults {
  readonly rules: string;
  readonly version: string;
  readonly summary: EngagementSummary;
  /** The model's config, so the fight can be reproduced exactly. */
  readonly config: unknown;
}

const jobId = (plan: EngagementPlan) => `${plan.name}|engagement`;

/**
 * The sides as rows and headings name them: "A (Reg Bd(O))" and "B (Reg Bd(O))", so a mirror study's
 * sides can be told apart.
 */
function sideLabels(s: EngagementSummary): { readonly a: string; readonly b: string } {
  return { a: `A (${s.names.a})`, b: `B (${s.names.b})` };
}

/** The results' rows in words, for the Markdown and the CSV. */
const resultRows = (s: EngagementSummary) => {
  const n = sideLabels(s);
  return [
    { a: `${n.a} wins`, measure: 'wins', side: 'A', p: s.aWins },
    { a: `${n.b} wins`, measure: 'wins', side: 'B', p: s.bWins },
    {
      a: `both break in the same ${s.unit}`,
      measure: `both break in the same ${s.unit}`,
      side: '',
      p: s.mutual,
    },
    {
      a: `undecided at the ${s.unit} limit`,
      measure: `undecided at the ${s.unit} limit`,
      side: '',
      p: s.undecided,
    },
  ];
};

/** Rows of words: every column but the first right-aligned, as the model's tables are. */
const wordsTable = (columns: readonly string[], rows: readonly (readonly (string | number)[])[]): Table => ({
  columns: columns.map((name): Column => ({ name })),
  rows,
});

/** The Markdown of an engagement summary (any model). */
function engagementMarkdown(title: string, about: string, r: EngagementStudyResults): Block[] {
  const s = r.summary;
  const unit = s.unit;
  const n = sideLabels(s);
  const draws = s.mutual.count + s.undecided.count;
  return [
    { heading: title, level: 1 },
    {
      text: `${oneLine(about)}, ${oneLine(r.version)}. ${s.samples.toLocaleString('en-US')} engagements; 95% intervals in brackets.`,
    },
    {
      table: wordsTable(
        ['result', 'probability'],
        resultRows(s).map((row) => [row.a, ci(row.p)]),
      ),
    },
    {
      text: `Mean ${unit}s to a decision: ${f2(s.meanToDecision)}. Draws (both break, or undecided): ${draws.toLocaleString('en-US')} of ${s.samples.toLocaleString('en-US')}.`,
    },
    { heading: 'Losses per engagement' },
    {
      table: wordsTable(
        ['loss', n.a, n.b],
        s.losses.map((l) => [l.label, mean(l.a), mean(l.b)]),
      ),
    },
    ...s.tables.flatMap((t): Block[] => [
      { heading: t.title },
      ...(t.note ? [{ text: t.note }] : []),
      { table: wordsTable(t.columns, t.rows) },
    ]),
    { heading: `${unit[0]!.toUpperCase()}${unit.slice(1)}s to a decision` },
    {
      table: wordsTable(
        [unit, `P(decided in this ${unit})`, 'P(stopped undecided)'],
        s.histogram.map((h) => [h.k, f3(h.decided), f3(h.undecided)]),
      ),
    },
  ];
}

const f6 = (n: number) => n.toFixed(6);

/** The CSV of an engagement summary: one row per measure. */
function engagementCsv(study: string, r: EngagementStudyResults): Table {
  const s = r.summary;
  const rows: (string | number)[][] = [];
  const pr = (m: string, side: string, p: Proportion) => rows.push([study, m, side, '', p.p, p.lo, p.hi]);
  for (const row of resultRows(s)) pr(row.measure, row.side, row.p);
  for (const l of s.losses)
    for (const side of ['a', 'b'] as const)
      rows.push([study, l.label, side.toUpperCase(), '', l[side].mean, l[side].lo, l[side].hi]);
  for (const h of s.histogram) rows.push([study, `decided in this ${s.unit}`, '', h.k, h.decided, '', '']);
  return {
    columns: [
      { name: 'study' },
      { name: 'measure' },
      { name: 'side' },
      { name: s.unit },
      { name: 'value', csv: f6 },
      { name: 'ci95_low', csv: f6 },
      { name: 'ci95_high', csv: f6 },
    ],
    rows,
  };
}

function blockSchema(system: AnySystem): z.ZodObject | undefined {
  const model = system.engagement;
  if (!model) return undefined;
  return z.object({
    rules: z
      .enum(system.versions.map((v) => v.id) as [string, ...string[]])
      .optional()
      .describe("Rule version; default the scenario's"),
    samples: z.number().int().min(1).max(1e10).optional().describe('Engagements to fight (default 10,000)'),
    ...model.block.shape,
  });
}

export const engagementKind: StudyKind<EngagementPlan, EngagementStudyResults> = {
  id: 'engagement',
  describe: 'Two sides fought to a decision, sampled (docs/engagement-model.md)',
  fields: blockSchema,
  unsupported: (system) => `${system.name} has no engagement model`,
  plan(block, header, ctx) {
    const model = ctx.system.engagement;
    if (!model) throw new InputError(`${ctx.system.name} has no engagement model`, { path: ['kind'] });
    const { rules, samples, ...rest } = block as { rules?: string; samples?: number } & Record<
      string,
      unknown
    >;
    const variant = ctx.variant(rules);
    const config = model.configure(rest, variant);
    return {
      name: header.name,
      title: header.title,
      about: ctx.about,
      seed: ctx.seed,
      samples: ctx.samples ?? samples ?? ctx.scenarioSamples ?? DEFAULT_ENGAGEMENTS,
      rules: rules ?? ctx.rules,
      version: variant.name,
      payload: { system: { id: ctx.system.id, source: ctx.system.source }, config },
      shardSize: model.shardSize,
    };
  },
  work: (plan, done) =>
    done.has(jobId(plan)) || plan.samples === 0
      ? { jobs: [], final: true }
      : {
          jobs: [
            {
              id: jobId(plan),
              kind: 'engagement',
              payload: plan.payload,
              seed: `${plan.seed}|engagement|${plan.name}`,
              samples: plan.samples,
              shardSize: plan.shardSize,
            },
          ],
          final: true,
        },
  results: (plan, done) => {
    const model = systemById(plan.payload.system.id)?.engagement;
    if (!model) throw new Error(`no engagement model for ${plan.payload.system.id}`);
    const counts = done.get(jobId(plan)) ?? model.kernel(plan.payload.config, NO_DRAWS, 0);
    return {
      rules: plan.rules,
      version: plan.version,
      summary: model.summarise(plan.payload.config, counts as Float64Array),
      config: plan.payload.config,
    };
  },
  report(r, plan) {
    const s = r.summary;
    const n = sideLabels(s);
    const chart = boundsHistogramSpec({
      title: `${plan.title}: ${s.unit}s to a decision`,
      subtitle: `${s.names.a} v ${s.names.b}, ${s.samples.toLocaleString('en-US')} engagements`,
      xTitle: `${s.unit[0]!.toUpperCase()}${s.unit.slice(1)} in which a side broke`,
      series: [
        {
          name: `${s.names.a} v ${s.names.b}`,
          bounds: s.histogram.map((h) => ({ bound: h.k, p: h.decided })),
          mean: s.meanToDecision,
        },
      ],
    });
    return {
      documents: new Map([[`${plan.name}.md`, engagementMarkdown(plan.title, plan.about, r)]]),
      data: new Map([[`${plan.name}.csv`, engagementCsv(plan.name, r)]]),
      sections: [
        {
          heading: plan.title,
          text: `${n.a} wins ${ci(s.aWins)}, ${n.b} wins ${ci(s.bWins)} (${r.version}, ${s.samples.toLocaleString('en-US')} engagements). Full tables in \`${plan.name}.md\`.`,
          charts: [
            {
              name: `${plan.name}-bounds`,
              spec: chart,
              caption: `When the fights were decided: the share decided in each ${s.unit}; the dashed line is the mean.`,
            },
          ],
          reproduce: '',
        },
      ],
      summary: `${plan.title}: ${n.a} wins ${(s.aWins.p * 100).toFixed(1)}%, ${n.b} wins ${(s.bWins.p * 100).toFixed(1)}%, draw ${(((s.mutual.count + s.undecided.count) / Math.max(1, s.samples)) * 100).toFixed(1)}%`,
    };
  },
};
