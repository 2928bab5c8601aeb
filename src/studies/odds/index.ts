/**
 * Odds studies: a list of situations, each resolved exactly (every combination of dice) and, when the
 * study asks for samples, sampled as a check of the Monte Carlo engine against the exact odds.
 */
import { z } from 'zod';
import { InputError } from '../../core/errors.ts';
import { withElementHint } from '../../core/field-words.ts';
import { fieldOutOfMode } from '../../core/fields.ts';
import type { AnySystem } from '../../core/system.ts';
import { mdCell } from '../../report/markdown.ts';
import {
  cellJobs,
  cellProblems,
  oddsSummary,
  outcomeInfo,
  cellResults,
  cellsCsv,
  cellsHeader,
  planCell,
  type CellRecord,
  type CellStudyPlan,
  type CellStudyResults,
} from '../cells.ts';
import type { StudyKind } from '../kind.ts';

const dec = (p: number, digits: number): string => p.toFixed(digits);

export const samplesField = z
  .number()
  .int()
  .min(0)
  .max(1e12)
  .optional()
  .describe('Monte Carlo samples per cell; overrides the scenario (0: exact only)');

/** A situation as the scenario gives it: the system's format, with the system's defaults filled in. */
function situationInput(system: AnySystem, raw: unknown, rules: string): Record<string, unknown> {
  return { ...system.situation.defaults, rules, ...(raw as Record<string, unknown>) };
}

function sampledText(c: CellRecord, side: 'a' | 'b', o: string): string {
  const m = c.result[side].sampled?.[o];
  if (!m) return '';
  return `${dec(m.p, 4)} [${dec(m.lo, 4)}, ${dec(m.hi, 4)}]${m.agrees ? '' : ' !'}`;
}

function eventsMarkdown(r: CellStudyResults): string[] {
  if (!r.cells.some((c) => c.events && c.events.length > 0)) return [];
  const out = [
    '',
    '## Events (exact)',
    '',
    '| Situation | Event | Probability | Count | Rule |',
    '| --- | --- | ---: | ---: | --- |',
  ];
  for (const c of r.cells) {
    (c.events ?? []).forEach((e, k) => {
      out.push(
        `| ${k === 0 ? mdCell(c.label) : ''} | ${mdCell(e.label)} | ${dec(e.p, 4)} | ${e.count}/${e.of} | ${e.rule} |`,
      );
    });
  }
  return out;
}

function oddsMarkdown(title: string, about: string, r: CellStudyResults): string {
  const lines = cellsHeader(title, r, about);
  lines.push(`| Situation | Side | ${r.outcomes.join(' | ')} |`);
  lines.push(`| --- | --- |${r.outcomes.map(() => ' ---: |').join('')}`);
  for (const c of r.cells) {
    for (const side of ['a', 'b'] as const) {
      const el = side === 'a' ? c.a : c.b;
      const label = side === 'a' ? mdCell(c.label) : '';
      lines.push(
        `| ${label} | ${side.toUpperCase()} ${mdCell(el)} | ${r.outcomes.map((o) => dec(c.result[side].exact[o]?.p ?? 0, 4)).join(' | ')} |`,
      );
      if (c.result.samples > 0)
        lines.push(`|  | sampled | ${r.outcomes.map((o) => sampledText(c, side, o)).join(' | ')} |`);
    }
  }
  lines.push(...eventsMarkdown(r));
  return `${lines.join('\n')}\n`;
}

interface OddsPlan extends CellStudyPlan {
  readonly about: string;
}

export const oddsKind: StudyKind<OddsPlan, CellStudyResults> = {
  id: 'odds',
  describe: 'Exact odds of listed situations, optionally sampled as a check (docs/scenarios.md)',
  fields: () =>
    z.object({
      samples: samplesField,
      situations: z
        .array(z.record(z.string(), z.unknown()))
        .min(1)
        .max(10_000)
        .describe('Situations in the situation-file format of the rules (docs/situation.md)'),
    }),
  jsonFields: (system) =>
    z.object({
      samples: samplesField,
      situations: z
        .array(system.situation.schema)
        .min(1)
        .describe('Situations in the situation-file format (docs/situation.md)'),
    }),
  unsupported: () => '',
  plan(block, header, ctx) {
    const situations = block.situations as readonly unknown[];
    ctx.claimCells?.(situations.length, ['situations']);
    const samples = ctx.samples ?? (block.samples as number | undefined) ?? ctx.scenarioSamples ?? 0;
    let version = '';
    const cells = situations.map((raw, j) => {
      const at = ['situations', j];
      const input = situationInput(ctx.system, raw, ctx.rules);
      const rules = String(input.rules);
      if (!ctx.system.versions.some((v) => v.id === rules))
        throw new InputError(`"${rules}" is another rule system than the scenario's ${ctx.rules}`, {
          path: [...at, 'rules'],
        });
      const variant = ctx.variant(rules);
      if (j === 0) version = variant.name;
      let situation: unknown;
      try {
        situation = variant.parseSituation(input);
      } catch (e) {
        if (e instanceof InputError) throw withElementHint(ctx.system, e, input).within(at);
        throw e;
      }
      const mode = (situation as { mode?: string }).mode;
      const stray = fieldOutOfMode(ctx.system.situation, input, String(mode));
      if (stray)
        throw new InputError(`applies to ${stray.modes.join(' or ')} only, and this combat is ${mode}`, {
          path: [...at, ...stray.path],
        });
      const note = mode === undefined || mode === 'close' ? '' : ` (${mode})`;
      return planCell(ctx.system, variant, situation, (a, b) => `${j + 1}. ${a} v ${b}${note}`);
    });
    return {
      name: header.name,
      title: header.title,
      seed: ctx.seed,
      samples,
      outcomes: ctx.variant().ruleset.outcomes,
      outcomeInfo: outcomeInfo(ctx.system),
      version,
      cells,
      about: ctx.about,
    };
  },
  work: (plan, done) => {
    const jobs = cellJobs(plan, done);
    return { jobs, final: true };
  },
  results: cellResults,
  report(r, plan) {
    return {
      files: new Map([
        [`${plan.name}.md`, oddsMarkdown(plan.title, plan.about, r)],
        [`${plan.name}.csv`, cellsCsv(plan.name, r)],
      ]),
      sections: [],
      summary: oddsSummary(plan.title, plan, r),
      problems: cellProblems(plan.name, r),
    };
  },
};
