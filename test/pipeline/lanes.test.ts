/** Which thread runs which shard (lanes.ts): homes by affinity, taking work from others, nothing lost. */
import { describe, expect, it } from 'vitest';
import { fnv1a } from '../../src/core/canonical-key.ts';
import { Lanes } from '../../src/pipeline/lanes.ts';
import type { ShardRef } from '../../src/pipeline/shards.ts';

/** Shards of jobs 0..jobs-1, `per` each, job by job. */
const refs = (jobs: number, per: number): ShardRef[] =>
  Array.from({ length: jobs * per }, (_, i) => ({ job: Math.floor(i / per), shard: i % per, samples: 10 }));

const key = (r: ShardRef) => `${r.job}/${r.shard}`;

/** Keys whose hash falls on lane 0 and lane 1 of 2. */
function keysOnLanes(): [string, string] {
  const on: (string | undefined)[] = [undefined, undefined];
  for (let i = 0; on[0] === undefined || on[1] === undefined; i++) on[fnv1a(`k${i}`) % 2] ??= `k${i}`;
  return [on[0]!, on[1]!];
}

describe('Lanes', () => {
  it('sends a job to the lane its affinity hashes to, and every job of that affinity with it', () => {
    const [k0, k1] = keysOnLanes();
    // Jobs 0, 2, 4 share k0; 1, 3, 5 share k1.
    const lanes = new Lanes(refs(6, 2)[Symbol.iterator](), 2, (j) => (j % 2 === 0 ? k0 : k1));
    expect([0, 1, 2, 3, 4, 5].map((j) => lanes.homeOf(j))).toEqual([0, 1, 0, 1, 0, 1]);
    const ran: string[][] = [[], []];
    // The lanes take one shard each in turn while both have their own work.
    for (let step = 0; step < 6; step++) for (const l of [0, 1]) ran[l]!.push(key(lanes.next(l)!));
    expect(ran[0]).toEqual(['0/0', '0/1', '2/0', '2/1', '4/0', '4/1']);
    expect(ran[1]).toEqual(['1/0', '1/1', '3/0', '3/1', '5/0', '5/1']);
    expect(lanes.next(0)).toBeUndefined();
    expect(lanes.next(1)).toBeUndefined();
  });

  it('a lane with nothing of its own takes the last queued shard of the lane with the most', () => {
    const [k0] = keysOnLanes();
    const lanes = new Lanes(refs(3, 2)[Symbol.iterator](), 2, () => k0);
    // Everything is lane 0's: lane 1 reads all 6 ahead and takes from the end of lane 0's queue.
    expect(key(lanes.next(1)!)).toBe('2/1');
    expect(key(lanes.next(0)!)).toBe('0/0');
    expect(key(lanes.next(1)!)).toBe('2/0');
    expect(key(lanes.next(0)!)).toBe('0/1');
    expect(key(lanes.next(0)!)).toBe('1/0');
    expect(key(lanes.next(1)!)).toBe('1/1');
    expect(lanes.next(1)).toBeUndefined();
  });

  it("reads no further ahead than its lookahead before taking another lane's work", () => {
    const [k0, k1] = keysOnLanes();
    // 20 shards of lane 0's, then lane 1's: with a lookahead of 4, lane 1 takes lane 0's 4th shard
    // rather than read 16 more.
    const lanes = new Lanes(refs(2, 20)[Symbol.iterator](), 2, (j) => (j === 0 ? k0 : k1), 4);
    expect(key(lanes.next(1)!)).toBe('0/3');
    expect(key(lanes.next(0)!)).toBe('0/0');
  });

  it('without an affinity, shards go in order to whichever lane asks', () => {
    const lanes = new Lanes(refs(2, 2)[Symbol.iterator](), 2, () => undefined);
    expect(lanes.homeOf(0)).toBe(-1);
    expect([lanes.next(1), lanes.next(0), lanes.next(0), lanes.next(1)].map((r) => key(r!))).toEqual([
      '0/0',
      '0/1',
      '1/0',
      '1/1',
    ]);
  });

  it('hands out every shard exactly once, however the lanes ask', () => {
    const all = refs(40, 3);
    for (let seed = 1; seed <= 5; seed++) {
      let x = seed;
      const rand = () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32;
      const lanes = new Lanes(all[Symbol.iterator](), 3, (j) => (j % 5 === 0 ? undefined : `g${j % 7}`), 16);
      const got: string[] = [];
      const empty = new Set<number>();
      while (empty.size < 3) {
        const l = Math.floor(rand() * 3);
        const r = lanes.next(l);
        if (r === undefined) empty.add(l);
        else got.push(key(r));
      }
      expect(got.sort()).toEqual(all.map(key).sort());
    }
  });
});
