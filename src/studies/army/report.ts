/**
 * The army study's report (docs/armies.md "The army study"): a headline that answers the 3.2 authors'
 * question for each group of armies in its first lines, with intervals and the model named; every
 * army's mean score under each version and the change; the groups; what the elements priced are worth
 * inside an army; the checks (mirror battles, sides); charts; Markdown and CSV. Pure.
 */
import { oneLine } from '../../core/one-line.ts';
import type { ReportSection } from '../../report/html.ts';
import type { ReportPart } from '../../report/part.ts';
import type { Block, CellValue, Column, Table } from '../../report/table.ts';
import { POINTS_AXIS, type ArmyPlan } from './plan.ts';
import { TERRAIN_AXIS } from '../axes.ts';
import { standing, type ArmyStudyResults, type GroupResult, type SubstitutionRow } from './analysis.ts';
import type { Estimate } from './estimate.ts';
import { scoreChangeSpec, scoresSpec } from './chart.ts';

/** A table from headings and rows; `l` columns are words, `r` figures (default: the first words, the rest figures). */
function mdTable(
  names: readonly string[],
  rows: readonly (readonly CellValue[])[],
  aligns: readonly ('l' | 'r')[] = [],
): Table {
  return {
    columns: names.map((name, i): Column => ({
      name,
      kind: (aligns[i] ?? (i === 0 ? 'l' : 'r')) === 'l' ? 'text' : 'figure',
    })),
    rows,
  };
}

const f2 = (x: number) => x.toFixed(2);
const signed = (x: number) => `${x >= 0 ? '+' : '-'}${Math.abs(x).toFixed(2)}`;
const est = (e: Estimate) => `${f2(e.mean)} [${f2(e.lo)}, ${f2(e.hi)}]`;
const change = (e: Estimate) => `${signed(e.mean)} [${signed(e.lo)}, ${signed(e.hi)}]`;
const pct = (x: number) => `${Math.round(Math.max(0, Math.min(1, x)) * 100)}%`;
const list = (xs: readonly string[]) =>
  xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`;

/** The model in one sentence (docs/armies.md "Battles"). */
export function modelSentence(plan: ArmyPlan): string {
  const points = plan.points.map((p) => POINTS_AXIS.words(p).replace(/^at /, ''));
  const terrains = [...new Set(plan.grid.map((g) => g.terrain))].map((t) => TERRAIN_AXIS.words(t));
  return (
    `Model: each army a line of its commands, fought to the rules of command and victory (docs/armies.md "Battles"): ` +
    `${plan.boundLimit} player bounds at most, armies ${plan.approach.distance}p apart, no refused battles, PIP dice every bound paying for renewals of contact, second-line step-ups and flank contacts, ` +
    `commands demoralised at a third of their element equivalents, the army defeated at half, scored by the competition score (DBM 3.2 p.25, 0 to 10 VP a side). ` +
    `Every army fights every other at equal points, ${plan.battles.toLocaleString('en-US')} battles a pairing${plan.sides === 'both' ? ' (half each way round)' : ''}, ` +
    `${list(points)} ${list(terrains)}; an army's score against the field is its mean over every opponent and battlefield, equally weighted.`
  );
}

/** "rose from X to Y VP (+d)": a change in words. */
function moved(g: { scores: readonly Estimate[]; change?: Estimate }, names: readonly string[]): string {
  const a = g.scores[0]!;
  const b = g.scores.at(-1)!;
  const c = g.change!;
  const verb = c.lo > 0 ? 'rose' : c.hi < 0 ? 'fell' : 'did not change measurably, going';
  return `${verb} from ${est(a)} VP under ${names[0]} to ${est(b)} VP under ${names.at(-1)} (${change(c)})`;
}

/** Whether a group reaches the field's average, in words, given where it stood under the first version. */
export function reach(g: Pick<GroupResult, 'standings'>, average: string): string {
  const now = g.standings.at(-1)!;
  const before = g.standings.length > 1 ? g.standings[0]! : undefined;
  if (now === 'above')
    return `they ${before === undefined ? 'are' : before === 'above' ? 'remain' : 'are now'} above the field's average (${average} VP)`;
  if (now === 'level')
    return `they ${before === 'below' ? 'now reach' : before === 'above' ? 'are now level with' : 'reach'} the field's average (${average} VP, within the interval)`;
  if (before === undefined) return `they do not reach the field's average (${average} VP)`;
  return `they ${before === 'below' ? 'still do not reach' : 'no longer reach'} the field's average (${average} VP)`;
}

function definition(g: GroupResult): string {
  return `${g.elements.join(', ')} at least ${Math.round(g.share * 100)}% of the army's element equivalents`;
}

/** The headline: one sentence per group, the question of the 3.2 authors answered. */
export function headline(r: ArmyStudyResults): string[] {
  const names = r.versions.map((v) => v.name);
  const average = (r.most / 2).toFixed(1);
  return r.groups.map((g) => {
    if (g.members.length === 0) return `No army of the study is among the ${g.name} (${definition(g)}).`;
    const members = `The ${g.name}: ${list(g.members.map((id) => r.armies.find((a) => a.id === id)!.name))} (${definition(g)}).`;
    if (!g.change)
      return `Under this model, the mean score against the field of ${g.name} under ${names[0]} is ${est(g.scores[0]!)} VP; ${reach(g, average)}. ${members}`;
    return `Under this model, the mean score against the field of ${g.name} ${moved(g, names)}; ${reach(g, average)}. ${members}`;
  });
}

function groupsTable(r: ArmyStudyResults): Table {
  const names = r.versions.map((v) => v.name);
  return mdTable(
    [
      'group',
      'definition',
      'armies',
      ...names.map((n) => `${n} VP`),
      ...(names.length > 1 ? ['change'] : []),
      `against ${(r.most / 2).toFixed(1)} VP`,
    ],
    r.groups.map((g) => [
      g.name,
      definition(g),
      g.members.length === 0 ? 'none' : g.members.join(', '),
      ...g.scores.map((s) => (g.members.length === 0 ? '-' : est(s))),
      ...(names.length > 1 ? [g.change ? change(g.change) : '-'] : []),
      g.members.length === 0 ? '-' : g.standings.at(-1)!,
    ]),
    ['l', 'l', 'l', ...names.map(() => 'r' as const), ...(names.length > 1 ? ['r' as const] : []), 'l'],
  );
}

function armiesTable(r: ArmyStudyResults): Table {
  const names = r.versions.map((v) => v.name);
  const last = names.length - 1;
  const rows = [...r.armies].sort(
    (x, y) => (y.change?.mean ?? 0) - (x.change?.mean ?? 0) || x.name.localeCompare(y.name),
  );
  return mdTable(
    [
      'army',
      'groups',
      ...names.map((n) => `${n} VP`),
      ...(last > 0 ? ['change'] : []),
      `win / draw / loss (${names[last]})`,
    ],
    rows.map((a) => {
      const s = a.scores[last]!;
      return [
        a.name,
        r.groups
          .filter((g) => g.members.includes(a.id))
          .map((g) => g.id)
          .join(', ') || '-',
        ...a.scores.map((x) => est(x.score)),
        ...(last > 0 ? [a.change ? change(a.change) : '-'] : []),
        `${pct(s.win.mean)} / ${pct(s.draw.mean)} / ${pct(s.loss.mean)}`,
      ];
    }),
    ['l', 'l', ...names.map(() => 'r' as const), ...(last > 0 ? ['r' as const] : []), 'r'],
  );
}

const worthText = (w: SubstitutionRow['worth']) =>
  w === null
    ? 'no fill added'
    : w.lo === null || w.hi === null
      ? `${Number.isFinite(w.ratio) ? f2(w.ratio) : '-'} [unbounded]`
      : `${f2(w.ratio)} [${f2(w.lo)}, ${f2(w.hi)}]`;

function substitutionTable(r: ArmyStudyResults): Table {
  const s = r.substitution!;
  const name = (id: string) =>
    id === '' ? 'all that field it' : (r.armies.find((a) => a.id === id)?.name ?? id);
  return mdTable(
    [
      'element',
      'version',
      'army',
      'book AP',
      'added',
      'VP per element',
      'VP per AP of fill',
      'worth in AP',
      'verdict',
    ],
    s.rows.map((x) => [
      x.element,
      x.version,
      `${name(x.army)}${x.isFill && x.army !== '' ? ' (its fill)' : ''}`,
      f2(x.cost),
      x.army === '' ? `${f2(x.count)} per army` : String(x.count),
      change(x.perElement),
      x.perFillAp
        ? `${x.perFillAp.mean.toFixed(4)} [${x.perFillAp.lo.toFixed(4)}, ${x.perFillAp.hi.toFixed(4)}]`
        : '-',
      worthText(x.worth),
      x.verdict,
    ]),
    ['l', 'l', 'l', 'r', 'r', 'r', 'r', 'r', 'l'],
  );
}

function byGridTable(r: ArmyStudyResults, v: number): Table {
  return mdTable(
    ['army', ...r.grid.map((g) => g.id)],
    r.armies.map((a) => [a.name, ...a.scores[v]!.byGrid.map(est)]),
  );
}

function checksText(r: ArmyStudyResults): string[] {
  const average = r.most / 2;
  const out: string[] = [];
  r.versions.forEach((v, vi) => {
    const outside = r.armies.filter((a) => standing(a.mirror[vi]!, average) !== 'level');
    out.push(
      `${v.name}: in the mirror battles (each army against itself), side A's mean score is within its 95% interval of ${average.toFixed(1)} VP for ${r.armies.length - outside.length} of ${r.armies.length} armies` +
        (outside.length > 0
          ? ` (not: ${outside.map((a) => `${a.name} ${est(a.mirror[vi]!)}`).join('; ')})`
          : '') +
        `. Side A's mean score over every battle of two different armies: ${est(r.sideA[vi]!)} VP.`,
    );
  });
  return out;
}

function armyFitsTable(r: ArmyStudyResults, plan: ArmyPlan): Table {
  const names = r.versions.map((v) => v.name);
  return mdTable(
    [
      'army',
      'file',
      'list',
      ...names.flatMap((n) => plan.points.map((p) => `${n}, ${p} AP: AP / elements / EE`)),
      ...r.groups.map((g) => `${g.id} share (${names.join(', ')})`),
    ],
    r.armies.map((a) => [
      a.name,
      a.source,
      a.list,
      ...a.fits.flatMap((bp) => bp.map((f) => `${f2(f.ap)} / ${f.elements} / ${f.equivalents}`)),
      ...a.shares.map((s) => s.map(pct).join(', ')),
    ]),
    ['l', 'l', 'l'],
  );
}

function csvOf(r: ArmyStudyResults, plan: ArmyPlan): Table {
  const rows: (string | number)[][] = [];
  // The grid's axes as columns (axes.ts): blank where a measure is over the whole grid.
  const axes = (field: string) => {
    const g = r.grid.find((x) => x.id === field);
    return g ? [g.points, g.terrain] : ['', ''];
  };
  const row = (version: string, army: string, field: string, measure: string, e: Estimate) =>
    rows.push([
      plan.name,
      version,
      army,
      field,
      ...axes(field),
      measure,
      e.mean.toFixed(6),
      e.lo.toFixed(6),
      e.hi.toFixed(6),
    ]);
  const span = r.versions.length > 1 ? `${r.versions[0]!.id}->${r.versions.at(-1)!.id}` : '';
  for (const a of r.armies) {
    a.scores.forEach((s, v) => {
      const version = r.versions[v]!.id;
      row(version, a.id, 'all', 'mean score', s.score);
      s.byGrid.forEach((g, gi) => row(version, a.id, r.grid[gi]!.id, 'mean score', g));
      row(version, a.id, 'all', 'P(win)', s.win);
      row(version, a.id, 'all', 'P(draw)', s.draw);
      row(version, a.id, 'all', 'P(loss)', s.loss);
      row(version, a.id, 'all', 'mirror: side A score', a.mirror[v]!);
    });
    if (a.change) row(span, a.id, 'all', 'change of mean score', a.change);
  }
  for (const g of r.groups) {
    if (g.members.length === 0) continue;
    g.scores.forEach((s, v) => row(r.versions[v]!.id, `group: ${g.id}`, 'all', 'mean score', s));
    if (g.change) row(span, `group: ${g.id}`, 'all', 'change of mean score', g.change);
  }
  for (const x of r.substitution?.rows ?? []) {
    const army = x.army === '' ? 'all' : x.army;
    row(x.version, army, 'all', `VP per element added: ${x.element}`, x.perElement);
    if (x.perFillAp) row(x.version, army, 'all', `VP per AP of fill (${x.element})`, x.perFillAp);
    if (x.worth)
      rows.push([
        plan.name,
        x.version,
        army,
        'all',
        '',
        '',
        `worth in AP: ${x.element} (book ${x.cost})`,
        Number.isFinite(x.worth.ratio) ? x.worth.ratio.toFixed(6) : '',
        x.worth.lo === null ? '' : x.worth.lo.toFixed(6),
        x.worth.hi === null ? '' : x.worth.hi.toFixed(6),
      ]);
  }
  return {
    columns: [
      'study',
      'version',
      'army',
      'battlefield',
      POINTS_AXIS.csv,
      TERRAIN_AXIS.csv,
      'measure',
      'value',
      'ci95_low',
      'ci95_high',
    ].map((name) => ({ name })),
    rows,
  };
}

export function armyReport(r: ArmyStudyResults, plan: ArmyPlan): ReportPart {
  const names = r.versions.map((v) => v.name);
  const last = names.length - 1;
  const model = modelSentence(plan);
  const head = headline(r);
  const sub = r.substitution;
  const subText =
    sub === null
      ? ''
      : `Each element priced (${sub.elements.length === 0 ? 'none' : list(sub.elements)}) in each army that fields it: the army with that many more of it (about ${sub.step} AP), and the army fitted to ${sub.step} AP more (more of its fill troops), each against the field. "Worth in AP": the score one more element adds, divided by the score one AP of the army's fill troops adds; 95% interval by Fieller's method (unbounded when the fill's gain is lost in the noise). Beside the balance study's fair price "in a line", this is the price "in an army".` +
        (sub.unfielded.length > 0 ? ` Fielded by no army of the study: ${list(sub.unfielded)}.` : '');
  const md: Block[] = [
    { heading: plan.title, level: 1 },
    ...head.map((text) => ({ text })),
    { text: `${oneLine(plan.about)}.` },
    { text: model },
    { heading: 'The groups' },
    { table: groupsTable(r) },
    { heading: `Every army${last > 0 ? `: ${names[0]} and ${names[last]}` : ''}` },
    {
      text: `Mean competition score against the field (VP, 95% interval), sorted by the change; groups by id (${r.groups.map((g) => `${g.id}: ${g.name}`).join('; ')}).`,
    },
    { table: armiesTable(r) },
  ];
  if (sub)
    md.push(
      { heading: 'What an element is worth inside an army' },
      { text: subText },
      sub.rows.length > 0 ? { table: substitutionTable(r) } : { text: 'No element priced.' },
    );
  r.versions.forEach((v, vi) =>
    md.push({ heading: `Mean score by battlefield, ${v.name}` }, { table: byGridTable(r, vi) }),
  );
  md.push({ heading: 'Checks' }, ...checksText(r).map((text) => ({ text })));
  md.push({ heading: 'The armies' }, { table: armyFitsTable(r, plan) });
  md.push({ text: `${r.fought.toLocaleString('en-US')} battles fought.` });

  const sections: ReportSection[] = [
    {
      heading: plan.title,
      text: `${head.join('\n\n')}\n\n${model}`,
      tables: [
        { caption: 'The groups', table: groupsTable(r) },
        { caption: 'Every army: mean score against the field', table: armiesTable(r) },
      ],
      reproduce: '',
    },
    {
      heading:
        last > 0
          ? `How each army's score changed, ${names[0]} -> ${names[last]}`
          : 'Every army against the field',
      text: `Each army's mean competition score against the field, and${last > 0 ? ' the change' : ''} with its 95% interval. Full tables in \`${plan.name}.md\`.`,
      charts: [
        ...(last > 0
          ? [
              {
                name: `${plan.name}-change`,
                spec: scoreChangeSpec(r),
                caption:
                  'Coloured by the first group the army belongs to; an interval clear of the line at 0 is a change the battles show.',
              },
            ]
          : []),
        {
          name: `${plan.name}-scores`,
          spec: scoresSpec(r),
          caption: "Sorted by the newest version's score; the dashed line is the field's average.",
        },
      ],
      reproduce: '',
    },
  ];
  if (sub && sub.rows.length > 0)
    sections.push({
      heading: 'What an element is worth inside an army',
      text: subText,
      tables: [{ caption: 'Worth by substitution', table: substitutionTable(r) }],
      reproduce: '',
    });
  sections.push({ heading: 'Checks', text: checksText(r).join('\n\n'), reproduce: '' });
  return {
    lead: head,
    documents: new Map([[`${plan.name}.md`, md]]),
    data: new Map([[`${plan.name}.csv`, csvOf(r, plan)]]),
    sections,
    summary: [`${plan.title}:`, ...head.map((h) => `  ${h}`)].join('\n'),
  };
}
