/**
 * The army study's charts (report layer conventions: report/charts/common.ts): the change of every
 * army's mean score against the field from the first version to the last, with its 95% interval, and
 * every army's mean score under each version against the field's average. Vega-Lite specs, data inline.
 */
import { specHead, type ChartSpec } from '../../report/charts/common.ts';
import type { ArmyStudyResults } from './analysis.ts';

/** The group an army is shown in: the first of the study's groups it belongs to, else "other". */
function groupOf(r: ArmyStudyResults, id: string): string {
  return r.groups.find((g) => g.members.includes(id))?.name ?? 'other armies';
}

const colours = (r: ArmyStudyResults) => {
  const domain = [...r.groups.map((g) => g.name), 'other armies'];
  const palette = ['#c2362f', '#2a6fdb', '#2a9d3f', '#e8833a', '#8e44ad', '#555555'];
  return {
    domain,
    range: domain.map((_, i) => (i === domain.length - 1 ? '#999999' : palette[i % (palette.length - 1)]!)),
  };
};

/** One row per army: the change of its mean score (first version to last), the interval as a bar. */
export function scoreChangeSpec(r: ArmyStudyResults): ChartSpec {
  const first = r.versions[0]!.name;
  const last = r.versions.at(-1)!.name;
  const values = r.armies
    .filter((a) => a.change)
    .map((a) => ({
      army: a.name,
      group: groupOf(r, a.id),
      change: a.change!.mean,
      lo: a.change!.lo,
      hi: a.change!.hi,
      before: a.scores[0]!.score.mean,
      after: a.scores.at(-1)!.score.mean,
    }));
  const order = [...values]
    .sort((x, y) => y.change - x.change || x.army.localeCompare(y.army))
    .map((v) => v.army);
  const y = { field: 'army', type: 'nominal' as const, sort: order, title: null, axis: { labelLimit: 220 } };
  return {
    ...specHead({
      title: `Change of each army's mean score against the field, ${first} -> ${last}`,
      subtitle: 'VP (0 to 10 a battle); bar: 95% interval; the line at 0: no change',
    }),
    width: 360,
    height: { step: 16 },
    data: { values },
    layer: [
      {
        mark: { type: 'rule', color: '#777', strokeDash: [4, 3] },
        encoding: { x: { datum: 0, type: 'quantitative' } },
      },
      {
        mark: { type: 'rule', strokeWidth: 6, opacity: 0.45 },
        encoding: {
          y,
          x: { field: 'lo', type: 'quantitative', title: `Change of mean score (VP), ${first} -> ${last}` },
          x2: { field: 'hi' },
          color: {
            field: 'group',
            type: 'nominal',
            title: 'Group',
            scale: colours(r),
            legend: { orient: 'bottom', columns: 1, labelLimit: 320 },
          },
          tooltip: [
            { field: 'army', title: 'Army' },
            { field: 'group', title: 'Group' },
            { field: 'before', title: first, format: '.2f' },
            { field: 'after', title: last, format: '.2f' },
            { field: 'change', title: 'Change', format: '+.2f' },
            { field: 'lo', title: '95% low', format: '+.2f' },
            { field: 'hi', title: '95% high', format: '+.2f' },
          ],
        },
      },
      {
        mark: { type: 'point', filled: true, color: 'black', size: 30 },
        encoding: { y, x: { field: 'change', type: 'quantitative' } },
      },
    ],
  } as ChartSpec;
}

/** One row per army: its mean score under each version, with intervals, and the field's average. */
export function scoresSpec(r: ArmyStudyResults): ChartSpec {
  const values = r.armies.flatMap((a) =>
    a.scores.map((s, v) => ({
      army: a.name,
      version: r.versions[v]!.name,
      score: s.score.mean,
      lo: s.score.lo,
      hi: s.score.hi,
    })),
  );
  const lastOf = (a: ArmyStudyResults['armies'][number]) => a.scores.at(-1)!.score.mean;
  const order = [...r.armies]
    .sort((x, y) => lastOf(y) - lastOf(x) || x.name.localeCompare(y.name))
    .map((a) => a.name);
  const y = { field: 'army', type: 'nominal' as const, sort: order, title: null, axis: { labelLimit: 220 } };
  const versions = r.versions.map((v) => v.name);
  const color = {
    field: 'version',
    type: 'nominal' as const,
    title: 'Version',
    scale: {
      domain: versions,
      range: versions.map((_, i) =>
        i === versions.length - 1 ? '#c2362f' : i === 0 ? '#2a6fdb' : '#999999',
      ),
    },
    legend: { orient: 'bottom' as const },
  };
  return {
    ...specHead({
      title: 'Mean competition score against the field',
      subtitle: `VP per battle (0 to ${r.most}); bar: 95% interval; the line: the field's average, ${(r.most / 2).toFixed(1)} VP`,
    }),
    width: 360,
    height: { step: 16 },
    data: { values },
    layer: [
      {
        mark: { type: 'rule', color: '#777', strokeDash: [4, 3] },
        encoding: { x: { datum: r.most / 2, type: 'quantitative' } },
      },
      {
        mark: { type: 'rule', strokeWidth: 3, opacity: 0.6 },
        encoding: {
          y,
          yOffset: { field: 'version', type: 'nominal', sort: versions },
          x: { field: 'lo', type: 'quantitative', title: 'Mean score (VP)', scale: { zero: false } },
          x2: { field: 'hi' },
          color,
        },
      },
      {
        mark: { type: 'point', filled: true, size: 25 },
        encoding: {
          y,
          yOffset: { field: 'version', type: 'nominal', sort: versions },
          x: { field: 'score', type: 'quantitative' },
          color,
          tooltip: [
            { field: 'army', title: 'Army' },
            { field: 'version', title: 'Version' },
            { field: 'score', title: 'Mean VP', format: '.2f' },
            { field: 'lo', title: '95% low', format: '.2f' },
            { field: 'hi', title: '95% high', format: '.2f' },
          ],
        },
      },
    ],
  } as ChartSpec;
}
