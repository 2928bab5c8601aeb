/**
 * The army study's results (docs/armies.md "The army study"): per version, every army's mean
 * competition score against the field (every other army, equal weights, every battlefield of the grid
 * equally) with its 95% interval and its chances of winning, drawing and losing; the change from the
 * first version to the last; the groups' mean scores and whether they reach the field's average; the
 * mirror and side checks; and what each element priced is worth inside the armies that field it.
 */
import type { Counts } from '../kind.ts';
import { matchupJobs } from './design.ts';
import {
  covariance,
  estimate,
  evaluate,
  fieller,
  meanOfAll,
  plus,
  scoreMean,
  times,
  ZERO,
  type Estimate,
  type JobMean,
  type Linear,
  type Ratio,
} from './estimate.ts';
import { shareOf, type ArmyPlan, type GridPoint, type MatchupSide } from './plan.ts';
import { armiesRecordLayout } from './record.ts';
import type { ArmyPayload } from '../jobs/army.ts';

/** Where an estimate stands against a reference: clearly above, clearly below, or level with it. */
export type Standing = 'above' | 'level' | 'below';

export const standing = (e: Estimate, reference: number): Standing =>
  e.lo > reference ? 'above' : e.hi < reference ? 'below' : 'level';

export interface ArmyScore {
  /** Mean competition score against the field (VP). */
  readonly score: Estimate;
  /** Per battlefield of the grid (the grid's order). */
  readonly byGrid: readonly Estimate[];
  readonly win: Estimate;
  readonly draw: Estimate;
  readonly loss: Estimate;
}

export interface ArmyResult {
  readonly id: string;
  readonly name: string;
  readonly list: string;
  readonly source: string;
  /** Per version: AP, elements and element equivalents at each grid budget. */
  readonly fits: readonly (readonly {
    readonly ap: number;
    readonly elements: number;
    readonly equivalents: number;
  }[])[];
  /** Per group: its share of element equivalents under each version at the grid's first budget. */
  readonly shares: readonly (readonly number[])[];
  /** Per version. */
  readonly scores: readonly ArmyScore[];
  /** Last version less the first (absent with one version). */
  readonly change?: Estimate;
  /** Per version: side A's mean score in the army's mirror battles (5 VP if sides do not matter). */
  readonly mirror: readonly Estimate[];
}

export interface GroupResult {
  readonly id: string;
  readonly name: string;
  readonly elements: readonly string[];
  readonly share: number;
  /** Army ids. */
  readonly members: readonly string[];
  /** Per version: the members' mean score (equal weights). */
  readonly scores: readonly Estimate[];
  readonly change?: Estimate;
  /** Per version: against the field's average. */
  readonly standings: readonly Standing[];
}

export interface SubstitutionRow {
  readonly version: string;
  readonly element: string;
  /** Army id, or "" for the pooled row of every army that fields it. */
  readonly army: string;
  /** AP of one element (the army's own, its options included; pooled: the book cost). */
  readonly cost: number;
  /** Elements added. */
  readonly count: number;
  /** The element is one of the army's fill groups. */
  readonly isFill: boolean;
  /** Mean AP of fill troops added (over the grid's budgets). */
  readonly fillAp: number;
  /** Score gained per element added, and per AP of fill added (VP). */
  readonly perElement: Estimate;
  readonly perFillAp: Estimate | null;
  /** What one element is worth in AP of the army's fill troops (null: no fill troops added). */
  readonly worth: Ratio | null;
  readonly verdict:
    'worth more than its cost' | 'about its cost' | 'worth less than its cost' | 'not measured';
}

export interface ArmyStudyResults {
  readonly versions: ArmyPlan['versions'];
  readonly grid: readonly GridPoint[];
  readonly battles: number;
  readonly boundLimit: number;
  readonly sides: ArmyPlan['sides'];
  /** Most VP a side can score (10 in DBM); the field's average is half of it. */
  readonly most: number;
  readonly armies: readonly ArmyResult[];
  readonly groups: readonly GroupResult[];
  /** Per version: side A's mean score over every battle between two different armies. */
  readonly sideA: readonly Estimate[];
  readonly substitution: {
    readonly step: number;
    readonly elements: readonly string[];
    readonly unfielded: readonly string[];
    readonly rows: readonly SubstitutionRow[];
  } | null;
  /** Battles fought in all. */
  readonly fought: number;
}

interface JobStats {
  readonly score: readonly JobMean[];
  /** A wins (jobs 0..J-1), then B wins (J..2J-1). */
  readonly wins: readonly JobMean[];
  readonly draws: readonly JobMean[];
  readonly most: number;
  readonly fought: number;
}

const proportion = (count: number, n: number): JobMean => {
  const p = n > 0 ? count / n : 0;
  return { mean: p, variance: n > 0 ? (p * (1 - p)) / n : 0 };
};

/** Every job's side-A mean score and its decisions, read off its counts. */
function jobStats(plan: ArmyPlan, done: Counts): JobStats {
  const jobs = matchupJobs(plan);
  const score: JobMean[] = [];
  const aWins: JobMean[] = [];
  const bWins: JobMean[] = [];
  const draws: JobMean[] = [];
  let most = 0;
  let fought = 0;
  for (const job of jobs) {
    const counts = done.get(job.id);
    if (!counts) throw new Error(`army study: no counts for ${job.id}`);
    const payload = job.payload as ArmyPayload;
    const R = armiesRecordLayout(payload.a, payload.b);
    most = R.most;
    const n = counts[0]!;
    fought += n;
    const dist = Array.from({ length: R.most + 1 }, (_, k) => (n > 0 ? counts[R.scores + k]! / n : 0));
    score.push(scoreMean(dist, n));
    aWins.push(proportion(counts[1]!, n));
    bWins.push(proportion(counts[2]!, n));
    draws.push(proportion(counts[3]! + counts[4]! + counts[5]!, n));
  }
  return { score, wins: [...aWins, ...bWins], draws, most, fought };
}

const same = (x: MatchupSide, y: MatchupSide) => x.army === y.army && x.substitute === y.substitute;

/** Where a subject (an army, or a substitute of it) fights the field: job, its side, its weight. */
interface Place {
  readonly job: number;
  readonly sideA: boolean;
  readonly weight: number;
}

/**
 * The subject's battles against every other army (plain, unchanged) on the given battlefields under
 * version v, weighted so that every battlefield and every opponent counts the same (and, within one
 * pairing, every battle).
 */
function placesOf(plan: ArmyPlan, subject: MatchupSide, v: number, grids: readonly number[]): Place[] {
  const cells = new Map<string, { job: number; sideA: boolean; n: number }[]>();
  plan.matchups.forEach((m, j) => {
    if (m.version !== v || !grids.includes(m.grid)) return;
    const on = same(m.a, subject) ? 'a' : same(m.b, subject) ? 'b' : undefined;
    if (!on) return;
    const other = on === 'a' ? m.b : m.a;
    if (other.substitute !== undefined || other.army === subject.army) return;
    const key = `${m.grid}|${other.army}`;
    if (!cells.has(key)) cells.set(key, []);
    cells.get(key)!.push({ job: j, sideA: on === 'a', n: m.battles });
  });
  const opponents = plan.armies.length - 1;
  const out: Place[] = [];
  for (const g of grids)
    plan.armies.forEach((_, y) => {
      if (y === subject.army) return;
      const cell = cells.get(`${g}|${y}`);
      if (!cell)
        throw new Error(`army study: army ${subject.army} never meets army ${y} on battlefield ${g}`);
      const n = cell.reduce((t, c) => t + c.n, 0);
      for (const c of cell)
        out.push({ job: c.job, sideA: c.sideA, weight: c.n / n / opponents / grids.length });
    });
  return out;
}

/** The subject's mean score over its places (side B scores `most` less side A's). */
function scoreOf(places: readonly Place[], most: number): Linear {
  let x = ZERO;
  for (const p of places)
    x = plus(
      x,
      p.sideA
        ? { constant: 0, terms: new Map([[p.job, 1]]) }
        : { constant: most, terms: new Map([[p.job, -1]]) },
      p.weight,
    );
  return x;
}

/** The subject's chance of winning or losing (indices into JobStats.wins) or drawing. */
function outcomeOf(places: readonly Place[], jobs: number, what: 'win' | 'loss' | 'draw'): Linear {
  let x = ZERO;
  for (const p of places) {
    const j = what === 'draw' ? p.job : (what === 'win') === p.sideA ? p.job : p.job + jobs;
    x = plus(x, { constant: 0, terms: new Map([[j, 1]]) }, p.weight);
  }
  return x;
}

const all = (n: number) => Array.from({ length: n }, (_, i) => i);

export function armyResults(plan: ArmyPlan, done: Counts): ArmyStudyResults {
  const stats = jobStats(plan, done);
  const J = plan.matchups.length;
  const most = stats.most;
  const grids = all(plan.grid.length);
  const last = plan.versions.length - 1;
  const fieldScore = plan.versions.map((_, v) =>
    plan.armies.map((_a, x) => scoreOf(placesOf(plan, { army: x }, v, grids), most)),
  );
  const armies: ArmyResult[] = plan.armies.map((a, x) => {
    const scores = plan.versions.map((_, v): ArmyScore => {
      const places = placesOf(plan, { army: x }, v, grids);
      return {
        score: estimate(fieldScore[v]![x]!, stats.score),
        byGrid: grids.map((g) => estimate(scoreOf(placesOf(plan, { army: x }, v, [g]), most), stats.score)),
        win: estimate(outcomeOf(places, J, 'win'), stats.wins),
        draw: estimate(outcomeOf(places, J, 'draw'), stats.draws),
        loss: estimate(outcomeOf(places, J, 'loss'), stats.wins),
      };
    });
    const mirror = plan.versions.map((_, v) => {
      let m = ZERO;
      plan.matchups.forEach((mu, j) => {
        if (
          mu.version === v &&
          mu.a.army === x &&
          mu.b.army === x &&
          mu.a.substitute === undefined &&
          mu.b.substitute === undefined
        )
          m = plus(m, { constant: 0, terms: new Map([[j, 1]]) }, 1 / plan.grid.length);
      });
      return estimate(m, stats.score);
    });
    return {
      id: a.id,
      name: a.name,
      list: a.list,
      source: a.source,
      fits: a.fits.map((bp) =>
        bp.map((f) => ({ ap: f.ap, elements: f.elements, equivalents: f.equivalents })),
      ),
      shares: plan.groups.map((g) => a.fits.map((bp) => shareOf(bp[0]!, g.elements))),
      scores,
      ...(last > 0
        ? { change: estimate(plus(fieldScore[last]![x]!, fieldScore[0]![x]!, -1), stats.score) }
        : {}),
      mirror,
    };
  });
  const half = most / 2;
  const groups: GroupResult[] = plan.groups.map((g) => {
    const members = plan.armies
      .map((a, x) => ({ a, x }))
      .filter(({ a }) => a.fits.some((bp) => bp.some((f) => shareOf(f, g.elements) >= g.share)))
      .map(({ x }) => x);
    const byVersion = plan.versions.map((_, v) => meanOfAll(members.map((x) => fieldScore[v]![x]!)));
    const scores = byVersion.map((l) => estimate(l, stats.score));
    return {
      id: g.id,
      name: g.name,
      elements: g.elements,
      share: g.share,
      members: members.map((x) => plan.armies[x]!.id),
      scores,
      ...(last > 0 && members.length > 0
        ? { change: estimate(plus(byVersion[last]!, byVersion[0]!, -1), stats.score) }
        : {}),
      standings: scores.map((s) => standing(s, half)),
    };
  });
  const sideA = plan.versions.map((_, v) => {
    const js: { j: number; n: number }[] = [];
    plan.matchups.forEach((m, j) => {
      if (
        m.version === v &&
        m.a.substitute === undefined &&
        m.b.substitute === undefined &&
        m.a.army !== m.b.army
      )
        js.push({ j, n: m.battles });
    });
    const n = js.reduce((t, x) => t + x.n, 0);
    return estimate({ constant: 0, terms: new Map(js.map((x) => [x.j, x.n / n])) }, stats.score);
  });
  return {
    versions: plan.versions,
    grid: plan.grid,
    battles: plan.battles,
    boundLimit: plan.boundLimit,
    sides: plan.sides,
    most,
    armies,
    groups,
    sideA,
    substitution: plan.substitution ? substitutionResults(plan, stats, fieldScore) : null,
    fought: stats.fought,
  };
}

/**
 * For each element priced, under each version priced, in each army that fields it and pooled over
 * them: the score gained per element added, per AP of fill troops added, and their ratio, the element's
 * worth in AP of the army's own troops (docs/armies.md "What an element is worth inside an army").
 */
function substitutionResults(
  plan: ArmyPlan,
  stats: JobStats,
  fieldScore: readonly (readonly Linear[])[],
): NonNullable<ArmyStudyResults['substitution']> {
  const sub = plan.substitution!;
  const most = stats.most;
  const grids = all(plan.grid.length);
  const pointsOf = (g: number) => plan.points.indexOf(plan.grid[g]!.points);
  const rows: SubstitutionRow[] = [];
  const verdictOf = (w: Ratio | null, cost: number): SubstitutionRow['verdict'] =>
    w === null || w.lo === null || w.hi === null
      ? 'not measured'
      : w.lo > cost
        ? 'worth more than its cost'
        : w.hi < cost
          ? 'worth less than its cost'
          : 'about its cost';
  const ratioOf = (a: Linear, b: Linear) => {
    const ea = evaluate(a, stats.score);
    const eb = evaluate(b, stats.score);
    return fieller(ea.mean, eb.mean, ea.variance, eb.variance, covariance(a, b, stats.score));
  };
  for (const v of sub.versions) {
    // Per army: its fill troops' gain per AP, averaged over the battlefields (where any were added).
    const perFillAp = new Map<number, { gain: Linear; ap: number }>();
    sub.substitutes.forEach((s, k) => {
      if (s.element !== null) return;
      const parts: Linear[] = [];
      let ap = 0;
      for (const g of grids) {
        const added = s.fits[v]![pointsOf(g)]!.ap;
        if (added <= 0) continue;
        const withFill = scoreOf(placesOf(plan, { army: s.army, substitute: k }, v, [g]), most);
        const base = scoreOf(placesOf(plan, { army: s.army }, v, [g]), most);
        parts.push(times(plus(withFill, base, -1), 1 / added));
        ap += added;
      }
      if (parts.length > 0) perFillAp.set(s.army, { gain: meanOfAll(parts), ap: ap / parts.length });
    });
    for (const element of sub.elements) {
      const pooledA: Linear[] = [];
      const pooledB: Linear[] = [];
      let fillAp = 0;
      let count = 0;
      let anyFill = false;
      sub.substitutes.forEach((s, k) => {
        if (s.element !== element) return;
        const fit = s.fits[v]![0]!;
        const withMore = scoreOf(placesOf(plan, { army: s.army, substitute: k }, v, grids), most);
        const a = times(plus(withMore, fieldScore[v]![s.army]!, -1), 1 / fit.count);
        const fill = perFillAp.get(s.army);
        const worth = fill ? ratioOf(a, fill.gain) : null;
        rows.push({
          version: plan.versions[v]!.id,
          element,
          army: plan.armies[s.army]!.id,
          cost: fit.cost,
          count: fit.count,
          isFill: s.isFill,
          fillAp: fill?.ap ?? 0,
          perElement: estimate(a, stats.score),
          perFillAp: fill ? estimate(fill.gain, stats.score) : null,
          worth,
          verdict: verdictOf(worth, fit.cost),
        });
        if (fill) {
          pooledA.push(a);
          pooledB.push(fill.gain);
          fillAp += fill.ap;
          count += fit.count;
          anyFill ||= s.isFill;
        }
      });
      if (pooledA.length === 0) continue;
      const a = meanOfAll(pooledA);
      const b = meanOfAll(pooledB);
      const cost = sub.costs[v]![element] ?? 0;
      const worth = ratioOf(a, b);
      rows.push({
        version: plan.versions[v]!.id,
        element,
        army: '',
        cost,
        count: count / pooledA.length,
        isFill: anyFill,
        fillAp: fillAp / pooledA.length,
        perElement: estimate(a, stats.score),
        perFillAp: estimate(b, stats.score),
        worth,
        verdict: verdictOf(worth, cost),
      });
    }
  }
  return { step: sub.step, elements: sub.elements, unfielded: sub.unfielded, rows };
}
