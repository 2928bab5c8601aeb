/**
 * A one-line progress bar on stderr: which study runs (and which stage of it), percentage, rate in its
 * unit (samples for sampled odds, engagements for engagement and balance studies) and time left. Drawn on
 * a terminal at most ten times a second; when stderr is piped (CI, a Slurm log) the same line is written
 * every half minute instead; silent with --quiet.
 *
 * Studies that learn their size as they go (balance: pilot, bracket, then the final design) say at each
 * round what they expect the later rounds to cost; the total is what is done, plus the round, plus that
 * estimate, so the time left neither stalls at the end of each round nor jumps to zero.
 *
 * Samples of different job kinds cost very differently (a whole-army battle about a hundred balance
 * engagements), so the percentage and the time left are of the work, not of the samples: each kind's
 * samples weigh what the run's estimate expects one to cost (`weigh`, pipeline/estimate.ts
 * `sampleWeights`), and the time left is the work left at the rate work was done in the last half
 * minute. The count and the rate shown stay in samples (or engagements). Display only: nothing here
 * touches the results.
 */
import { JOB_KINDS } from '../studies/kernels.ts';

interface ProgressSink {
  readonly isTTY?: boolean;
  readonly columns?: number;
  write(s: string): unknown;
}

/** A round of work, as the runner announces it (pipeline/run.ts RoundWork). */
interface ProgressRound {
  readonly samples: number;
  readonly kinds: ReadonlySet<string>;
  readonly studies: readonly string[];
  readonly later: number;
  /** `samples` by job kind (without it, all of one kind the weights do not know). */
  readonly samplesByKind?: ReadonlyMap<string, number>;
  /** `later` by job kind. */
  readonly laterByKind?: ReadonlyMap<string, number>;
}

/** Samples (or engagements) by job kind. */
export type KindCounts = ReadonlyMap<string, number>;

/**
 * What one sample of each job kind weighs (estimated processor seconds); a kind not listed weighs the
 * mean of those listed, or 1 when none are (the samples themselves).
 */
export function weightOf(weights: KindCounts, kind: string): number {
  const w = weights.get(kind);
  if (w !== undefined && w > 0) return w;
  let t = 0;
  let n = 0;
  for (const x of weights.values())
    if (x > 0) {
      t += x;
      n++;
    }
  return n > 0 ? t / n : 1;
}

/** The work of `counts`: each kind's samples times its weight. */
export function workOf(counts: KindCounts, weights: KindCounts): number {
  let t = 0;
  for (const [kind, n] of counts) t += n * weightOf(weights, kind);
  return t;
}

/**
 * How far a run is and how long it has left, by work: `total` and `done` samples by kind, their
 * `weights`, and the work done per second lately (`workRate`, in the weights' units). The fraction is
 * work done over work in all; the time left the work left over the rate (Infinity at no rate).
 */
export function workProgress(
  total: KindCounts,
  done: KindCounts,
  weights: KindCounts,
  workRate: number,
): { readonly fraction: number; readonly secondsLeft: number } {
  const all = workOf(total, weights);
  const did = workOf(done, weights);
  const fraction = all <= 0 ? 1 : Math.min(1, did / all);
  const secondsLeft = workRate > 0 ? Math.max(0, all - did) / workRate : Infinity;
  return { fraction, secondsLeft };
}

const si = (n: number): string => {
  if (n >= 1e9) return `${(n / 1e9).toFixed(2)}G`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(2)}M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)}k`;
  return n.toFixed(0);
};

const clock = (s: number): string => {
  if (!Number.isFinite(s)) return '--:--';
  const t = Math.round(s);
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const sec = t % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(sec).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
};

const LOG_EVERY = 30_000;
const WINDOW = 30_000;

/** What a round's samples are called: samples of a table, engagements, or both (each job kind's unit). */
export function unitOf(kinds: ReadonlySet<string>): string {
  const fights = [...kinds].filter((k) => JOB_KINDS.get(k)?.unit === 'engagements').length;
  if (fights === 0) return 'samples';
  return fights === kinds.size ? 'engagements' : 'samples and engagements';
}

/** The round's label: its study ("costs: final"), or the first and how many more. */
function labelOf(scenario: string, studies: readonly string[]): string {
  if (studies.length === 0) return scenario;
  // A study named like its scenario (the bundled balance study) is not named twice.
  const first = studies[0] as string;
  const head = first === scenario || first.startsWith(`${scenario}: `) ? first : `${scenario} ${first}`;
  return studies.length === 1 ? head : `${head} +${studies.length - 1} more`;
}

/** The kind of samples announced without one (grow, or a round without its kinds). */
const ANY = '';

const add = (m: Map<string, number>, kind: string, n: number) => m.set(kind, (m.get(kind) ?? 0) + n);
const sumOf = (m: KindCounts) => {
  let t = 0;
  for (const n of m.values()) t += n;
  return t;
};

export class Progress {
  /** Samples done and in all (done, this round, the later rounds expected), by job kind. */
  private readonly doneBy = new Map<string, number>();
  private readonly totalBy = new Map<string, number>();
  /** Estimated samples of the rounds after the current one, by job kind. */
  private laterBy = new Map<string, number>();
  /** Seconds one sample of each kind is expected to cost (none: every sample weighs 1). */
  private weights: KindCounts = new Map();
  private last = 0;
  private on: boolean;
  private readonly enabled: boolean;
  /** Off a terminal: a plain line every LOG_EVERY ms. */
  private readonly log: boolean;
  private lastLog: number;
  private unit = 'samples';
  private label: string;
  /**
   * (time ms, samples done, samples done by kind) points of the last half minute, for the rates (their
   * work is weighed when the rate is: a kind measured later changes the weights).
   */
  private readonly window: [number, number, KindCounts][] = [];

  constructor(
    total: number,
    private readonly sink: ProgressSink = process.stderr,
    quiet = false,
    private readonly scenario = '',
    private readonly now: () => number = () => performance.now(),
  ) {
    if (total > 0) this.totalBy.set(ANY, total);
    this.enabled = !quiet && sink.isTTY === true;
    this.log = !quiet && sink.isTTY !== true;
    this.on = this.enabled && total > 0;
    this.label = scenario;
    const start = now();
    this.lastLog = start;
    this.window.push([start, 0, new Map()]);
  }

  /**
   * Format the bar for `done` of `total` at `rate` per second (exported for tests); the fraction done
   * and the seconds left are `work`'s when given, else the samples'.
   */
  static line(
    done: number,
    total: number,
    rate: number,
    unit = 'samples',
    label = '',
    width = 24,
    work?: { readonly fraction: number; readonly secondsLeft: number },
  ): string {
    const f = work?.fraction ?? (total === 0 ? 1 : Math.min(1, done / total));
    const filled = Math.round(f * width);
    const eta = work?.secondsLeft ?? (rate > 0 ? Math.max(0, total - done) / rate : Infinity);
    return `${label ? `${label} ` : ''}[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(f * 100).toFixed(1).padStart(5)}% ${si(done)}/${si(total)} ${unit} ${si(rate)}/s ETA ${clock(eta)}`;
  }

  private get done(): number {
    return sumOf(this.doneBy);
  }

  private get total(): number {
    return sumOf(this.totalBy);
  }

  /** What a sample of each job kind is expected to cost (the estimate's), from now on. */
  weigh(weights: KindCounts): void {
    this.weights = new Map(weights);
  }

  /** More work announced, in `unit` (samples, engagements), of `kind`. */
  grow(n: number, unit?: string, kind = ANY): void {
    add(this.totalBy, kind, n);
    if (unit) this.unit = unit;
    this.on = this.on || (this.enabled && this.total > 0);
  }

  /**
   * A round begins: its samples, what they are, whose they are, and the estimate of later rounds (which
   * replaces the previous round's estimate).
   */
  round(r: ProgressRound): void {
    for (const [kind, n] of this.laterBy) add(this.totalBy, kind, -n);
    for (const [kind, n] of r.samplesByKind ?? new Map([[ANY, r.samples]])) add(this.totalBy, kind, n);
    this.laterBy = new Map(r.laterByKind ?? new Map([[ANY, r.later]]));
    for (const [kind, n] of this.laterBy) add(this.totalBy, kind, n);
    this.unit = unitOf(r.kinds);
    this.label = labelOf(this.scenario, r.studies);
    this.on = this.on || (this.enabled && this.total > 0);
  }

  /** The bar as it stands (tests, and the lines written off a terminal). */
  current(): string {
    const { rate, workRate } = this.ratesAt(this.now());
    const work = workProgress(this.totalBy, this.doneBy, this.weights, workRate);
    const line = Progress.line(this.done, this.total, rate, this.unit, this.label, 24, work);
    const room = (this.sink.columns ?? Infinity) - 1;
    if (line.length <= room) return line;
    // Too wide for the terminal (a wrapped line breaks the redraw): shorten the label, then drop it.
    const cut = this.label.length - (line.length - room) - 1;
    const label = cut >= 8 ? `${this.label.slice(0, cut)}\u2026` : '';
    return Progress.line(this.done, this.total, rate, this.unit, label, 24, work);
  }

  /** `n` samples of `kind` done. */
  tick(n: number, kind = ANY): void {
    add(this.doneBy, kind, n);
    // A round finishing makes its share of the estimate real: the total never falls below what is done.
    const d = this.doneBy.get(kind)!;
    if (d > (this.totalBy.get(kind) ?? 0)) this.totalBy.set(kind, d);
    const now = this.now();
    if (this.log && now - this.lastLog >= LOG_EVERY) {
      this.lastLog = now;
      this.sink.write(`debellator: ${this.current()}\n`);
    }
    if (!this.on) return;
    if (now - this.last < 100 && this.done < this.total) return;
    this.last = now;
    this.sink.write(`\r${this.current()}`);
  }

  /** Samples and work per second over the last half minute (or since the start). */
  private ratesAt(now: number): { rate: number; workRate: number } {
    const done = this.done;
    const last = this.window[this.window.length - 1];
    if (!last || last[0] !== now || last[1] !== done) this.window.push([now, done, new Map(this.doneBy)]);
    while (this.window.length > 2 && now - this.window[0]![0] > WINDOW) this.window.shift();
    const [t0, d0, by0] = this.window[0]!;
    const seconds = (now - t0) / 1000;
    if (!(seconds > 0)) return { rate: 0, workRate: 0 };
    const work = workOf(this.doneBy, this.weights) - workOf(by0, this.weights);
    return { rate: (done - d0) / seconds, workRate: work / seconds };
  }

  /** Clear the line. */
  end(): void {
    if (this.on) this.sink.write('\r\x1b[2K');
  }
}
