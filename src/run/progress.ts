/**
 * A one-line progress bar on stderr: percentage, samples per second and time left. Drawn only on a
 * terminal; silent when stderr is piped or with --quiet. At most ten redraws a second.
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

export class Progress {
  private done = 0;
  private readonly start = performance.now();
  private last = 0;
  private on: boolean;

  constructor(
    private total: number,
    private readonly sink: ProgressSink = process.stderr,
    quiet = false,
  ) {
    this.enabled = !quiet && sink.isTTY === true;
    this.on = this.enabled && total > 0;
  }

  private readonly enabled: boolean;

  /** Format the bar for `done` of `total` after `seconds` (exported for tests). */
  static line(done: number, total: number, seconds: number, width = 24): string {
    const f = total === 0 ? 1 : Math.min(1, done / total);
    const filled = Math.round(f * width);
    const rate = seconds > 0 ? done / seconds : 0;
    const eta = rate > 0 ? (total - done) / rate : Infinity;
    return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(f * 100).toFixed(1).padStart(5)}% ${si(done)}/${si(total)} samples ${si(rate)}/s ETA ${clock(eta)}`;
  }

  /** More work announced (adaptive studies learn their size as they go). */
  grow(samples: number): void {
    this.total += samples;
    this.on = this.on || (this.enabled && this.total > 0);
  }

  tick(samples: number): void {
    this.done += samples;
    if (!this.on) return;
    const now = performance.now();
    if (now - this.last < 100 && this.done < this.total) return;
    this.last = now;
    this.sink.write(`\r${Progress.line(this.done, this.total, (now - this.start) / 1000)}`);
  }

  /** Clear the line. */
  end(): void {
    if (this.on) this.sink.write('\r\x1b[2K');
  }
}
