/** The run thread's heap kept to what it holds alive (collect.ts). */
import { getHeapStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { HeapKeeper } from '../../src/pipeline/collect.ts';

const used = () => getHeapStatistics().used_heap_size;
const MB = 1024 ** 2;

/**
 * About `mb` MB of objects, all alive until this returns (so the young generation's collections promote
 * them to the old generation), garbage after.
 */
function litter(mb: number): number {
  const keep: unknown[] = [];
  for (let i = 0; i < mb * 8192; i++) keep.push({ a: i, b: [i, i + 1, i + 2] });
  return keep.length;
}

describe('HeapKeeper', () => {
  it('collects once the heap has grown past its slack, and not before', () => {
    const keeper = new HeapKeeper(16 * MB, 0);
    keeper.collect();
    const after = used();
    // Growth below the slack: no collection (the heap keeps what was allocated since).
    const small = new Array<number>(100_000).fill(1);
    keeper.tick();
    expect(used()).toBeGreaterThan(after);
    expect(small.length).toBe(100_000);
    // 60 MB of garbage: past the slack, the next tick collects it.
    expect(litter(60)).toBeGreaterThan(0);
    const grown = used();
    expect(grown - after).toBeGreaterThan(16 * MB);
    keeper.tick();
    expect(used()).toBeLessThan(after + 16 * MB);
  });

  it('settles a round: collects only when the heap has grown by the bytes asked since the last collection', () => {
    const keeper = new HeapKeeper(1 * MB, 60_000);
    keeper.collect();
    const after = used();
    // A little garbage, below the 32 MB asked: left where it is (a small round's start).
    litter(4);
    keeper.settle(32 * MB);
    expect(used() - after).toBeGreaterThan(2 * MB);
    // Past it: collected at once, whatever the interval of tick.
    litter(60);
    expect(used() - after).toBeGreaterThan(32 * MB);
    keeper.settle(32 * MB);
    expect(used()).toBeLessThan(after + 2 * MB);
  });

  it('looks at the heap at most once in its interval', () => {
    const keeper = new HeapKeeper(1 * MB, 60_000);
    keeper.collect();
    const after = used();
    litter(30);
    keeper.tick();
    // Within a minute of the last collection it does not look, so the garbage is still there.
    expect(used() - after).toBeGreaterThan(4 * MB);
  });
});
