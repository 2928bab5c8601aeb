/**
 * A one-line progress bar on stderr: what runs, percentage, rate in its unit (samples or engagements) and
 * time left. Drawn on a terminal at most ten times a second; when stderr is piped (CI, a Slurm log) the
 * same line is written every half minute instead; silent with --quiet. Studies that learn their size as they go (balance) announce more work with `grow`; the time
 * left is read off the rate of the last half minute, so it keeps moving.
 */
export interface ProgressSink {
  readonly isTTY?: boolean;
  readonly columns?: number;
  write(s: string): unknown;
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

export class Progress {
  private done = 0;
  private readonly start = performance.now();
  private last = 0;
  private on: boolean;
  private readonly enabled: boolean;
  /** Off a terminal: a plain line every LOG_EVERY ms. */
  private readonly log: boolean;
  private lastLog = performance.now();
  private unit = 'samples';
  /** (time ms, done) points of the last half minute, for the rate. */
  private readonly window: [number, number][] = [];

  constructor(
    private total: number,
    private readonly sink: ProgressSink = process.stderr,
    quiet = false,
    private readonly label = '',
  ) {
    this.enabled = !quiet && sink.isTTY === true;
    this.log = !quiet && sink.isTTY !== true;
    this.on = this.enabled && total > 0;
  }

  /** Format the bar for `done` of `total` at `rate` per second (exported for tests). */
  static line(done: number, total: number, rate: number, unit = 'samples', label = '', width = 24): string {
    const f = total === 0 ? 1 : Math.min(1, done / total);
    const filled = Math.round(f * width);
    const eta = rate > 0 ? (total - done) / rate : Infinity;
    return `${label ? `${label} ` : ''}[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(f * 100).toFixed(1).padStart(5)}% ${si(done)}/${si(total)} ${unit} ${si(rate)}/s ETA ${clock(eta)}`;
  }

  /** More work announced, in `unit` (samples, engagements). */
  grow(n: number, unit?: string): void {
    this.total += n;
    if (unit) this.unit = unit;
    this.on = this.on || (this.enabled && this.total > 0);
  }

  tick(n: number): void {
    this.done += n;
    const now = performance.now();
    if (this.log && now - this.lastLog >= LOG_EVERY) {
      this.lastLog = now;
      this.sink.write(
        `debellator: ${Progress.line(this.done, this.total, this.rateAt(now), this.unit, this.label)}\n`,
      );
    }
    if (!this.on) return;
    if (now - this.last < 100 && this.done < this.total) return;
    this.last = now;
    this.sink.write(`\r${Progress.line(this.done, this.total, this.rateAt(now), this.unit, this.label)}`);
  }

  /** Rate over the last half minute (or since the start). */
  private rateAt(now: number): number {
    this.window.push([now, this.done]);
    while (this.window.length > 2 && now - this.window[0]![0] > 30_000) this.window.shift();
    const [t0, d0] = this.window.length > 1 ? this.window[0]! : [this.start, 0];
    const seconds = (now - t0) / 1000;
    return seconds > 0 ? (this.done - d0) / seconds : 0;
  }

  /** Clear the line. */
  end(): void {
    if (this.on) this.sink.write('\r\x1b[2K');
  }
}
