/**
 * A one-line progress bar on stderr: which study runs (and which stage of it), percentage, rate in its
 * unit (samples for sampled odds, engagements for engagement and balance studies) and time left. Drawn on
 * a terminal at most ten times a second; when stderr is piped (CI, a Slurm log) the same line is written
 * every half minute instead; silent with --quiet.
 *
 * Studies that learn their size as they go (balance: pilot, bracket, then the final design) say at each
 * round what they expect the later rounds to cost; the total is what is done, plus the round, plus that
 * estimate, so the time left neither stalls at the end of each round nor jumps to zero. The rate is that
 * of the last half minute, so the time left follows the work actually running.
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

export class Progress {
  private done = 0;
  private last = 0;
  private on: boolean;
  private readonly enabled: boolean;
  /** Off a terminal: a plain line every LOG_EVERY ms. */
  private readonly log: boolean;
  private lastLog: number;
  private unit = 'samples';
  private label: string;
  /** Estimated samples of the rounds after the current one. */
  private later = 0;
  /** (time ms, done) points of the last half minute, for the rate. */
  private readonly window: [number, number][] = [];

  constructor(
    private total: number,
    private readonly sink: ProgressSink = process.stderr,
    quiet = false,
    private readonly scenario = '',
    private readonly now: () => number = () => performance.now(),
  ) {
    this.enabled = !quiet && sink.isTTY === true;
    this.log = !quiet && sink.isTTY !== true;
    this.on = this.enabled && total > 0;
    this.label = scenario;
    const start = now();
    this.lastLog = start;
    this.window.push([start, 0]);
  }

  /** Format the bar for `done` of `total` at `rate` per second (exported for tests). */
  static line(done: number, total: number, rate: number, unit = 'samples', label = '', width = 24): string {
    const f = total === 0 ? 1 : Math.min(1, done / total);
    const filled = Math.round(f * width);
    const eta = rate > 0 ? Math.max(0, total - done) / rate : Infinity;
    return `${label ? `${label} ` : ''}[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(f * 100).toFixed(1).padStart(5)}% ${si(done)}/${si(total)} ${unit} ${si(rate)}/s ETA ${clock(eta)}`;
  }

  /** More work announced, in `unit` (samples, engagements). */
  grow(n: number, unit?: string): void {
    this.total += n;
    if (unit) this.unit = unit;
    this.on = this.on || (this.enabled && this.total > 0);
  }

  /**
   * A round begins: its samples, what they are, whose they are, and the estimate of later rounds (which
   * replaces the previous round's estimate).
   */
  round(r: ProgressRound): void {
    this.total = this.total - this.later + r.samples + r.later;
    this.later = r.later;
    this.unit = unitOf(r.kinds);
    this.label = labelOf(this.scenario, r.studies);
    this.on = this.on || (this.enabled && this.total > 0);
  }

  /** The bar as it stands (tests, and the lines written off a terminal). */
  current(): string {
    const rate = this.rateAt(this.now());
    const line = Progress.line(this.done, this.total, rate, this.unit, this.label);
    const room = (this.sink.columns ?? Infinity) - 1;
    if (line.length <= room) return line;
    // Too wide for the terminal (a wrapped line breaks the redraw): shorten the label, then drop it.
    const cut = this.label.length - (line.length - room) - 1;
    const label = cut >= 8 ? `${this.label.slice(0, cut)}\u2026` : '';
    return Progress.line(this.done, this.total, rate, this.unit, label);
  }

  tick(n: number): void {
    this.done += n;
    // A round finishing makes its share of the estimate real: the total never falls below what is done.
    if (this.done > this.total) this.total = this.done;
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

  /** Rate over the last half minute (or since the start). */
  private rateAt(now: number): number {
    const last = this.window[this.window.length - 1];
    if (!last || last[0] !== now || last[1] !== this.done) this.window.push([now, this.done]);
    while (this.window.length > 2 && now - this.window[0]![0] > WINDOW) this.window.shift();
    const [t0, d0] = this.window[0]!;
    const seconds = (now - t0) / 1000;
    return seconds > 0 ? (this.done - d0) / seconds : 0;
  }

  /** Clear the line. */
  end(): void {
    if (this.on) this.sink.write('\r\x1b[2K');
  }
}
