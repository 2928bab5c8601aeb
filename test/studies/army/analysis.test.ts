/**
 * The army study's arithmetic on synthetic counts (docs/armies.md "The army study"): scores against the
 * field with intervals, the change between versions, a group against the field's average, win / draw /
 * loss, the checks, and the worth of an element by substitution with Fieller's interval, all worked by
 * hand from chosen score distributions.
 */
import { markdownText, tableCsv } from '../../../src/report/table.ts';
import { describe, expect, it } from 'vitest';
import { Z95 } from '../../../src/core/statistics.ts';
import { loadScenarioText } from '../../../src/pipeline/scenario.ts';
import { armyResults } from '../../../src/studies/army/analysis.ts';
import { jobConfig, matchupJobs } from '../../../src/studies/army/design.ts';
import {
  covariance,
  evaluate,
  fieller,
  plus,
  scoreMean,
  times,
  ZERO,
} from '../../../src/studies/army/estimate.ts';
import type { ArmyPlan } from '../../../src/studies/army/plan.ts';
import { recordLayout } from '../../../src/studies/army/record.ts';
import { armyReport, headline, reach } from '../../../src/studies/army/report.ts';

describe('the arithmetic', () => {
  it('a job mean and the variance of that mean, from a score distribution', () => {
    // Two battles of four at 3 VP and two at 5: mean 4; sample variance 4 x 1 / 3; of the mean, / 4.
    const m = scoreMean([0, 0, 0, 0.5, 0, 0.5, 0, 0, 0, 0, 0], 4);
    expect(m.mean).toBeCloseTo(4, 12);
    expect(m.variance).toBeCloseTo(1 / 3, 12);
  });

  it('linear combinations: means add, variances add squared weights, shared jobs covary', () => {
    const jobs = [
      { mean: 4, variance: 0.5 },
      { mean: 6, variance: 0.25 },
    ];
    const x = plus(
      plus(ZERO, { constant: 0, terms: new Map([[0, 1]]) }, 0.5),
      { constant: 10, terms: new Map([[1, -1]]) },
      0.5,
    );
    // 0.5 x 4 + 0.5 x (10 - 6) = 4; variance 0.25 x 0.5 + 0.25 x 0.25.
    expect(evaluate(x, jobs)).toEqual({ mean: 4, variance: 0.1875 });
    const y = times({ constant: 0, terms: new Map([[0, 1]]) }, 2);
    expect(covariance(x, y, jobs)).toBeCloseTo(0.5 * 2 * 0.5, 12);
  });

  it("Fieller's interval: worked by hand, and unbounded when the divisor is lost in its noise", () => {
    // (2 - t)^2 = 4 (0.04 + 0.01 t^2) -> 0.96 t^2 - 4 t + 3.84 = 0 -> t = (4 +- 1.12) / 1.92.
    const r = fieller(2, 1, 0.04, 0.01, 0, 2);
    expect(r.ratio).toBe(2);
    expect(r.lo).toBeCloseTo(1.5, 12);
    expect(r.hi).toBeCloseTo(8 / 3, 12);
    // b^2 = 0.01 below z^2 vb = 0.04.
    expect(fieller(2, 0.1, 0.04, 0.01, 0, 2)).toEqual({ ratio: 20, lo: null, hi: null });
  });
});

/**
 * Three armies (x Early Imperial Roman, y Sassanid, z Gallic), 40 battles a pairing, one way round, one
 * battlefield, 3.0 and 3.2; Reg Bd(O) priced under 3.2 (only x fields it).
 */
const plan = loadScenarioText(
  `name: t
rules: dbm-3.2
studies:
  - kind: army
    name: s
    armies: [armies/early-imperial-roman.yaml, armies/sassanid.yaml, armies/gallic.yaml]
    grid: { points: [400], terrain: [open] }
    sides: once
    battles: 40
    substitution: { elements: [Reg Bd(O)] }
`,
  'scenarios/x.yaml',
).studies[0]!.plan as ArmyPlan;

/** Side A's scores in each job (each four ten times: 40 battles), by version, sides and substitute. */
function scoresOf(version: number, a: string, b: string): number[] {
  const key = `${a} v ${b}`;
  const v30: Record<string, number[]> = { 'x v y': [2, 2, 4, 4], 'x v z': [5, 5, 5, 5] };
  const v32: Record<string, number[]> = {
    'x v y': [3, 3, 5, 5],
    'x v z': [6, 6, 6, 6],
    'x+fill v y': [4, 4, 5, 5],
    'x+fill v z': [6, 6, 7, 7],
    'x+Reg Bd(O) v y': [5, 5, 5, 5],
    'x+Reg Bd(O) v z': [7, 7, 7, 7],
  };
  const table = version === 0 ? v30 : v32;
  if (table[key]) return table[key];
  if (key === 'y v z') return [3, 3, 3, 3];
  if (a === b) return [4, 4, 6, 6];
  throw new Error(`no scores for ${key}`);
}

function syntheticCounts(p: ArmyPlan): Map<string, Float64Array> {
  const names = ['x', 'y', 'z'];
  const done = new Map<string, Float64Array>();
  matchupJobs(p).forEach((job, j) => {
    const m = p.matchups[j]!;
    const R = recordLayout(jobConfig(p, job));
    const c = new Float64Array(R.length);
    const label = (s: typeof m.a) => {
      if (s.substitute === undefined) return names[s.army]!;
      const sub = p.substitution!.substitutes[s.substitute]!;
      return `${names[s.army]}+${sub.element ?? 'fill'}`;
    };
    const scores = scoresOf(m.version, label(m.a), label(m.b));
    c[0] = 40;
    // Half the battles won by A, a quarter by B, a quarter undecided.
    c[1] = 20;
    c[2] = 10;
    c[4] = 10;
    for (const k of scores) c[R.scores + k]! += 10;
    done.set(job.id, c);
  });
  return done;
}

describe('army study results on synthetic counts', () => {
  const r = armyResults(plan, syntheticCounts(plan));
  const half = (variance: number) => Z95 * Math.sqrt(variance);

  it('scores against the field, with intervals, and the change', () => {
    expect(r.most).toBe(10);
    const [x, y, z] = r.armies;
    // 3.2: x scores 4 against y (3 and 5 equally: variance 1, of the mean 1/39) and 6 against z: 5,
    // variance 1/4 x 1/39.
    expect(x!.scores[1]!.score.mean).toBeCloseTo(5, 12);
    expect(x!.scores[1]!.score.hi - 5).toBeCloseTo(half(1 / 156), 12);
    // 3.0: 3 (variance of the mean 1/39) and 5: 4. The change +1, variance 2/156.
    expect(x!.scores[0]!.score.mean).toBeCloseTo(4, 12);
    expect(x!.change!.mean).toBeCloseTo(1, 12);
    expect(x!.change!.hi - 1).toBeCloseTo(half(2 / 156), 12);
    // y: 10 - 4 against x, 3 against z; z: 10 - 6 and 10 - 3.
    expect(y!.scores[1]!.score.mean).toBeCloseTo(4.5, 12);
    expect(z!.scores[1]!.score.mean).toBeCloseTo(5.5, 12);
    expect(z!.scores[1]!.score.lo).toBeCloseTo(5.5, 12);
    // x is side A in both its pairings: wins half, loses a quarter; y is B against x, A against z.
    expect(x!.scores[1]!.win.mean).toBeCloseTo(0.5, 12);
    expect(x!.scores[1]!.loss.mean).toBeCloseTo(0.25, 12);
    expect(x!.scores[1]!.draw.mean).toBeCloseTo(0.25, 12);
    expect(y!.scores[1]!.win.mean).toBeCloseTo((0.25 + 0.5) / 2, 12);
    // Checks: the mirrors score 5; side A over the three pairings (4 + 6 + 3) / 3 under 3.2.
    expect(x!.mirror[1]!.mean).toBeCloseTo(5, 12);
    expect(r.sideA[1]!.mean).toBeCloseTo(13 / 3, 12);
    expect(r.fought).toBe(plan.matchups.length * 40);
  });

  it('the legionary-heavy group (x alone): rose from 4 to 5, and now reaches the average', () => {
    const g = r.groups[0]!;
    expect(g.members).toEqual(['early-imperial-roman']);
    expect(g.standings).toEqual(['below', 'level']);
    expect(headline(r)[0]).toBe(
      "Under this model, the mean score against the field of legionary-heavy armies rose from 4.00 [3.84, 4.16] VP under DBM 3.0 to 5.00 [4.84, 5.16] VP under DBM 3.2 (+1.00 [+0.78, +1.22]); they now reach the field's average (5.0 VP, within the interval). The legionary-heavy armies: Early Imperial Roman (Reg Bd at least 25% of the army's element equivalents).",
    );
    expect(headline(r)[1]).toMatch(
      /^Under this model, the mean score against the field of armies with many Reg Ax rose/,
    );
    expect(headline(r)[2]).toBe(
      "No army of the study is among the armies with Irr Bd(I) (Irr Bd(I) at least 10% of the army's element equivalents).",
    );
  });

  it('the worth of Reg Bd(O) by substitution: 7 more add 1 VP, D AP of fill add 0.5 VP', () => {
    const sub = plan.substitution!;
    const fillAp = sub.substitutes[0]!.fits[1]![0]!.ap;
    const rows = r.substitution!.rows;
    expect(rows.map((x) => [x.element, x.army])).toEqual([
      ['Reg Bd(O)', 'early-imperial-roman'],
      ['Reg Bd(O)', ''],
    ]);
    const row = rows[0]!;
    expect(row.count).toBe(7);
    expect(row.cost).toBe(6);
    expect(row.isFill).toBe(true);
    // a = (6 - 5) / 7 per element; b = (5.5 - 5) / D per AP; worth 2 D / 7.
    expect(row.perElement.mean).toBeCloseTo(1 / 7, 12);
    expect(row.perFillAp!.mean).toBeCloseTo(0.5 / fillAp, 12);
    expect(row.worth!.ratio).toBeCloseTo((2 * fillAp) / 7, 12);
    // Fieller's bounds solve (a - t b)^2 = z^2 (va - 2 t cab + t^2 vb): the base's variance 1/156,
    // the fill's 1/4 x 2 x (1/4) / 39 = 1/312: va = (1/156) / 49, vb = (1/312 + 1/156) / D^2 and
    // cab = (1/156) / (7 D).
    const [a, b] = [1 / 7, 0.5 / fillAp];
    const [va, vb, cab] = [1 / 156 / 49, (1 / 312 + 1 / 156) / fillAp ** 2, 1 / 156 / (7 * fillAp)];
    for (const t of [row.worth!.lo!, row.worth!.hi!])
      expect((a - t * b) ** 2).toBeCloseTo(Z95 ** 2 * (va - 2 * t * cab + t * t * vb), 12);
    expect(row.worth!.lo!).toBeLessThan(row.worth!.ratio);
    // Pooled over the armies that field it (x alone): the same.
    expect(rows[1]!.worth!.ratio).toBeCloseTo(row.worth!.ratio, 12);
    expect(rows[1]!.cost).toBe(6);
  });

  it('the report: the headline first, the model named, a table of every army, a CSV row per measure', () => {
    const part = armyReport(r, plan);
    const md = markdownText(part.documents!.get('s.md')!);
    const lines = md.split('\n');
    expect(lines[2]).toBe(headline(r)[0]);
    expect(part.lead).toEqual(headline(r));
    expect(md).toContain('Model: each army a line of its commands');
    expect(md).toMatch(
      /\| Early Imperial Roman \| legionary, reg-ax \| 4\.00 \[3\.84, 4\.16\] \| 5\.00 \[4\.84, 5\.16\] \| \+1\.00 \[\+0\.78, \+1\.22\] \| 50% \/ 25% \/ 25% \|/,
    );
    const csv = tableCsv(part.data!.get('s.csv')!);
    expect(csv.split('\n')[0]).toBe(
      'study,version,army,battlefield,points,terrain,measure,value,ci95_low,ci95_high',
    );
    expect(csv).toContain('s,dbm-3.2,early-imperial-roman,all,,,mean score,5.000000,');
    expect(csv).toContain('s,dbm-3.0->dbm-3.2,early-imperial-roman,all,,,change of mean score,1.000000,');
    expect(part.sections[1]!.charts!.map((c) => c.name)).toEqual(['s-change', 's-scores']);
  });
});

describe('the headline in words', () => {
  it('where a group stands against the average, and where it stood', () => {
    const words = (...standings: ('above' | 'level' | 'below')[]) => reach({ standings }, '5.0');
    expect(words('below', 'level')).toBe("they now reach the field's average (5.0 VP, within the interval)");
    expect(words('level', 'level')).toBe("they reach the field's average (5.0 VP, within the interval)");
    expect(words('above', 'level')).toBe(
      "they are now level with the field's average (5.0 VP, within the interval)",
    );
    expect(words('above', 'above')).toBe("they remain above the field's average (5.0 VP)");
    expect(words('level', 'above')).toBe("they are now above the field's average (5.0 VP)");
    expect(words('below', 'below')).toBe("they still do not reach the field's average (5.0 VP)");
    expect(words('level', 'below')).toBe("they no longer reach the field's average (5.0 VP)");
    expect(words('below')).toBe("they do not reach the field's average (5.0 VP)");
    expect(words('above')).toBe("they are above the field's average (5.0 VP)");
  });
});
