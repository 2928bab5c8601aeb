/** Determinism across thread counts: the in-process runner and a 2-thread piscina pool agree exactly. */
import { Piscina } from 'piscina';
import { afterAll, describe, expect, it } from 'vitest';
import { runShard } from '../../src/studies/kernels.ts';
import { CancelledError, closePools, runShards } from '../../src/pipeline/pool.ts';

afterAll(() => closePools());
import { shardRange } from '../../src/pipeline/shards.ts';
import { TABLE_SHARD } from '../../src/studies/cells.ts';
import type { Job } from '../../src/studies/index.ts';
import { FALLBACK, workerEntry } from '../../src/pipeline/worker-bundle.ts';

const codes = Uint8Array.from({ length: 36 }, (_, i) => (i * 7) % 16);
const table = (id: string, samples: number): Job => ({
  id,
  kind: 'table',
  payload: { codes, jointSize: 16 },
  seed: `pool|${id}`,
  samples,
  shardSize: TABLE_SHARD,
});
const jobs: Job[] = [table('a0', TABLE_SHARD + 1234), table('a1', 999)];

describe('runShards', () => {
  it('1 thread and 2 worker threads give identical counts', async () => {
    const one = await runShards(jobs, shardRange(jobs), { threads: 1 });
    const two = await runShards(jobs, shardRange(jobs), { threads: 2 });
    expect(Array.from(two.get(0) ?? [])).toEqual(Array.from(one.get(0) ?? []));
    expect(Array.from(two.get(1) ?? [])).toEqual(Array.from(one.get(1) ?? []));
    expect(Array.from(one.get(0) ?? []).reduce((s, c) => s + c, 0)).toBe(TABLE_SHARD + 1234);
  });

  it('stops when aborted and reports cancellation', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      runShards(jobs, shardRange(jobs), { threads: 1, signal: controller.signal }),
    ).rejects.toBeInstanceOf(CancelledError);
  });

  it('an unknown job kind fails', async () => {
    const bad: Job[] = [{ id: 'x', kind: 'nope', payload: null, seed: 'x', samples: 1, shardSize: 1 }];
    await expect(runShards(bad, shardRange(bad), { threads: 1 })).rejects.toThrow('unknown job kind "nope"');
  });

  it('the bundled worker module and the tsx fallback worker both compute what this thread computes', async () => {
    const task = { kind: 'table', payload: { codes, jointSize: 16 }, seed: 'w', stream: 3, samples: 5000 };
    const here = Array.from(await runShard(task));
    for (const entry of [await workerEntry(), FALLBACK]) {
      const pool = new Piscina({ ...entry, minThreads: 1, maxThreads: 1 });
      try {
        expect(Array.from((await pool.run(task)) as Float64Array)).toEqual(here);
      } finally {
        await pool.destroy();
      }
    }
    expect((await workerEntry()).name).toBe('runShard');
  });
});
