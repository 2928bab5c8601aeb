/**
 * Full collections of this thread's heap on demand (V8's `gc`, exposed for these uses only).
 *
 * The run thread mostly waits for its workers, and V8 then seldom collects it: what setting a round up
 * leaves behind (the jobs' payloads, the armies deployed to size their counts, the pilots' tables) and
 * what each shard's result leaves stayed in its heap, which reached 400 MB on the bundled study with 120 MB
 * of it alive. `HeapKeeper` collects when the heap has grown well past what the last collection kept.
 */
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | undefined;

/** A full collection of this thread's heap. */
export function fullCollection(): void {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  collect();
}

/** Bytes in use in this thread's heap (live and not yet collected). */
const heapUsed = (): number => getHeapStatistics().used_heap_size;

export class HeapKeeper {
  private kept = 0;
  private lastCheck = 0;

  constructor(
    /** Growth past what the last collection kept that calls for another. */
    private readonly slackBytes = 64 * 1024 ** 2,
    /** Least time between two looks at the heap. */
    private readonly everyMs = 1000,
  ) {}

  /** Collect now, and remember what was kept. */
  collect(): void {
    fullCollection();
    this.kept = heapUsed();
    this.lastCheck = Date.now();
  }

  /**
   * Collect now if the heap has grown by `bytes` since the last collection. A round's start asks this: a
   * big round's set-up is worth collecting at once, but a stage's last rounds (a few jobs each, done by
   * the threads in milliseconds) leave little to collect, and their threads then waited out a full
   * collection each (0.13-0.19 s, five in a row at the end of the bundled study's sampling).
   */
  settle(bytes: number): void {
    if (heapUsed() > this.kept + bytes) this.collect();
  }

  /** Collect if the heap has grown by the slack since the last collection (looked at once a second). */
  tick(): void {
    const now = Date.now();
    if (now - this.lastCheck < this.everyMs) return;
    this.lastCheck = now;
    this.settle(this.slackBytes);
  }
}
