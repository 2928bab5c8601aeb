/**
 * Which worker thread (lane) runs which shard (pool.ts). Each thread keeps caches of what its jobs set
 * up (combat tables, laid-out lines, deployed armies): a job kind's `affinity` names what a job shares
 * with others (a balance job: its element under its variant), and jobs with the same affinity go to the
 * same thread, its "home", so that thread alone builds and keeps what they share. A thread with nothing
 * of its own left takes another thread's shards (last queued first), so no thread idles while work is
 * waiting. Which thread runs a shard never changes its counts (each shard has its own stream), so
 * results stay identical whatever the threads; only the work the threads repeat and keep goes down.
 *
 * Pure: the shard order in, the choice of each free lane out.
 */
import { fnv1a } from '../core/canonical-key.ts';
import type { ShardRef } from './shards.ts';

/** Shards read ahead of the lanes at most (ShardRefs are a few numbers each). */
export const LOOKAHEAD = 512;

/** A queue of shards with a read position (shift without moving the array). */
class Queue {
  private items: ShardRef[] = [];
  private head = 0;
  get length(): number {
    return this.items.length - this.head;
  }
  push(r: ShardRef): void {
    this.items.push(r);
  }
  shift(): ShardRef | undefined {
    if (this.head >= this.items.length) return undefined;
    const r = this.items[this.head++];
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return r;
  }
  pop(): ShardRef | undefined {
    if (this.head >= this.items.length) return undefined;
    return this.items.pop();
  }
}

export class Lanes {
  private readonly homes: Queue[];
  /** Shards of jobs without an affinity: any lane takes them in order. */
  private readonly anyLane = new Queue();
  private buffered = 0;
  private exhausted = false;
  private readonly homeByJob = new Map<number, number>();

  constructor(
    private readonly it: Iterator<ShardRef>,
    readonly lanes: number,
    /** A job's affinity (undefined: none), asked once per job. */
    private readonly affinity: (job: number) => string | undefined,
    private readonly lookahead = LOOKAHEAD,
  ) {
    this.homes = Array.from({ length: lanes }, () => new Queue());
  }

  /** The lane a job's shards go to, or -1 for any lane. */
  homeOf(job: number): number {
    let h = this.homeByJob.get(job);
    if (h === undefined) {
      const key = this.affinity(job);
      h = key === undefined || this.lanes <= 1 ? -1 : fnv1a(key) % this.lanes;
      this.homeByJob.set(job, h);
    }
    return h;
  }

  /** Read one more shard into its queue; false once the shards are all read. */
  private read(): boolean {
    if (this.exhausted) return false;
    const n = this.it.next();
    if (n.done) {
      this.exhausted = true;
      return false;
    }
    const h = this.homeOf(n.value.job);
    (h < 0 ? this.anyLane : this.homes[h]!).push(n.value);
    this.buffered++;
    return true;
  }

  /**
   * The next shard for `lane` to run: its own, else one without a home, reading ahead up to the
   * lookahead for them; else the last queued of the lane with the most. Undefined only when every shard
   * has been handed out.
   */
  next(lane: number): ShardRef | undefined {
    const own = this.homes[lane]!;
    while (own.length === 0 && this.anyLane.length === 0 && this.buffered < this.lookahead && this.read());
    let r = own.shift() ?? this.anyLane.shift();
    if (r === undefined) {
      let most = -1;
      for (let l = 0; l < this.lanes; l++)
        if (this.homes[l]!.length > 0 && (most < 0 || this.homes[l]!.length > this.homes[most]!.length))
          most = l;
      if (most >= 0) r = this.homes[most]!.pop();
    }
    if (r !== undefined) this.buffered--;
    return r;
  }
}
