/**
 * What the page shows from a report: exact chances, the "or worse" sums from exact counts, the chart
 * data and the "what if" field differences. Numbers from DBM 3.2 (p.23 Combat Outcome):
 * Reg Bd(O) against Irr Kn(S) in good going, and the same blades with a 2nd rank of blades.
 */
import { describe, expect, it } from 'vitest';
import { oddsReport } from '../../src/engine/odds.ts';
import { dbm } from '../../src/systems/dbm/ruleset.ts';
import { parseDbmSituation } from '../../src/systems/dbm/situation-input.ts';
import { ruleSetById, ruleSetOf } from '../../src/web/rulesets/index.ts';
import type { WebRuleSet } from '../../src/web/rulesets/types.ts';

const dbmWeb = ruleSetById('dbm') as WebRuleSet;
import { chartData, chartSpec } from '../../src/web/view/chart-spec.ts';
import { inputDiff } from '../../src/web/view/input-diff.ts';
import { atLeastRows, formatPercent, formatPoints, outcomeRows } from '../../src/web/view/probabilities.ts';

const BLADES_V_KNIGHTS = { rules: 'dbm-3.2', a: { element: 'Reg Bd(O)' }, b: { element: 'Irr Kn(S)' } };
const SUPPORTED = { ...BLADES_V_KNIGHTS, a: { element: 'Reg Bd(O)', rear: ['Reg Bd(O)'] } };
const report = (input: unknown) => oddsReport(dbm, parseDbmSituation(input));

describe('outcome rows', () => {
  it('unsupported Bd(O) against Irr Kn(S): destroyed 15/36, never recoil', () => {
    const rows = outcomeRows(dbmWeb.outcomes, report(BLADES_V_KNIGHTS).a);
    expect(rows.map((r) => [r.label, r.count])).toEqual([
      ['destroyed', 15],
      ['flees', 0],
      ['recoils', 0],
      ['unaffected', 21],
    ]);
    expect(formatPercent(rows[0]?.p ?? NaN)).toBe('41.7%');
  });

  it('sums "or worse" from exact counts, worst first: supported blades recoil instead (3.2)', () => {
    const rows = atLeastRows(dbmWeb.outcomes, report(SUPPORTED).a);
    expect(rows.map((r) => [r.label, r.count, r.of])).toEqual([
      ['flees or worse', 2, 36],
      ['recoils or worse', 15, 36],
    ]);
  });

  it('writes differences in signed percentage points', () => {
    expect(formatPoints(2 / 36 - 15 / 36)).toBe('\u221236.1');
    expect(formatPoints(13 / 36)).toBe('+36.1');
    expect(formatPoints(0)).toBe('0');
  });
});

describe('chart spec', () => {
  it('has one bar per side and matchup, outcomes in the rule set order with exact chances', () => {
    const data = chartData(dbmWeb.outcomes, [report(BLADES_V_KNIGHTS), report(SUPPORTED)]);
    expect([...new Set(data.map((d) => d.bar))]).toEqual([
      'A1 Reg Bd(O)',
      'A2 Reg Bd(O)',
      'B1 Irr Kn(S)',
      'B2 Irr Kn(S)',
    ]);
    const a2 = data.filter((d) => d.bar === 'A2 Reg Bd(O)');
    expect(a2.map((d) => [d.outcome, d.count])).toEqual([
      ['destroyed', 2],
      ['flees', 0],
      ['recoils', 13],
      ['unaffected', 21],
    ]);
    expect(a2.reduce((t, d) => t + d.p, 0)).toBeCloseTo(1, 12);
  });

  it('is a Vega-Lite spec whose colour scale lists the outcomes worst first', () => {
    const spec = chartSpec(dbmWeb.outcomes, [report(BLADES_V_KNIGHTS)]) as {
      data: { values: unknown[] };
      height: number;
      layer: { encoding: { color?: { scale: { domain: string[] } } } }[];
    };
    expect(spec.data.values).toHaveLength(8);
    expect(spec.height).toBe(64);
    expect(spec.layer[0]?.encoding.color?.scale.domain).toEqual([
      'destroyed',
      'flees',
      'recoils',
      'unaffected',
    ]);
  });
});

describe('DBM on the page', () => {
  it('keeps situation files minimal and switches versions', () => {
    expect(
      dbmWeb.normalise({ a: { element: 'Reg Bd(O)', general: false }, b: { element: 'Irr Kn(S)' } }),
    ).toEqual({
      rules: 'dbm-3.2',
      mode: 'close',
      a: { element: 'Reg Bd(O)' },
      b: { element: 'Irr Kn(S)' },
    });
    expect(dbmWeb.versionOf(dbmWeb.withVersion(BLADES_V_KNIGHTS, 'dbm-3.0'))).toBe('dbm-3.0');
    expect(() => dbmWeb.withVersion(BLADES_V_KNIGHTS, 'dbm-4')).toThrow('not a DBM version');
  });

  it('finds the rule set from the rules field, and refuses unknown rules', () => {
    expect(ruleSetOf({ rules: 'dbm-3.1' })).toBe(dbmWeb);
    expect(ruleSetOf({})).toBe(dbmWeb);
    expect(() => ruleSetOf({ rules: 'warhammer' })).toThrow('unknown rules "warhammer"');
  });

  it('names the field a bad situation gets wrong', () => {
    expect(() => dbmWeb.normalise({ a: { element: 'Reg Bd(Q)' }, b: { element: 'Irr Kn(S)' } })).toThrow(
      /^a\.element/,
    );
  });
});

describe('what-if differences', () => {
  it('lists the fields that differ, absent ones as defaults', () => {
    const second = { ...SUPPORTED, b: { element: 'Irr Kn(S)', overlaps: 1 } };
    expect(inputDiff(BLADES_V_KNIGHTS, second)).toEqual([
      { path: 'a.rear', from: undefined, to: 'Reg Bd(O)' },
      { path: 'b.overlaps', from: undefined, to: '1' },
    ]);
    expect(inputDiff(BLADES_V_KNIGHTS, BLADES_V_KNIGHTS)).toEqual([]);
  });
});
