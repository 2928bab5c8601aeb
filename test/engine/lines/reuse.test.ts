/**
 * A Battle is bound to one config after another of the same shape (fight.ts battleOf): what it plays must
 * not depend on what it played before, nor an engagement on the one before it.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.ts';
import type { AnySystem } from '../../../src/core/system.ts';
import { engagementDecisions } from '../../../src/engine/lines/counts.ts';
import { Battle, battleOf } from '../../../src/engine/lines/fight.ts';
import type { LinesConfig, LinesModel } from '../../../src/engine/lines/index.ts';
import { prepared } from '../../../src/engine/lines/prepare.ts';
import { fullCollection } from '../../../src/pipeline/collect.ts';
import { systemOfRules } from '../../../src/systems/registry.ts';

const dbm = systemOfRules('dbm-3.2') as AnySystem;
const model = dbm.engagement as LinesModel<unknown>;
const variant = dbm.variant({ version: 'dbm-3.2' });
const setting = (per: 'battle' | 'file') => ({
  boundLimit: 30,
  first: 'alternate' as const,
  options: {},
  battlefield: {
    distance: 600,
    shooters: 'halt',
    terrain:
      per === 'battle'
        ? { per, weights: { good: 1 } }
        : { per, weights: { good: 6, rough: 3, difficult: 1 } },
  },
});
const lineUp = (enemy: string, per: 'battle' | 'file', count = 10) =>
  model.lineUp!(
    variant,
    { element: 'Reg Bd(O)', count, depth: 2 },
    { element: enemy, count: 8, depth: 1 },
    setting(per),
  ) as LinesConfig;

/** 300 engagements on one seed: every decision, bound count and loss by cause, as text. */
function play(b: Battle): string {
  const rng = createRng('reuse', 0);
  const out: number[] = [];
  for (let i = 0; i < 300; i++) {
    b.run((n) => rng.int(n), (i % 2) as 0 | 1);
    out.push(b.decision, b.bounds, ...b.causes[0], ...b.causes[1]);
  }
  return out.join(',');
}

describe('a Battle reused across configs of one shape', () => {
  it('artillery after cavalry: the same engagements as on a Battle of its own', () => {
    for (const per of ['battle', 'file'] as const) {
      const cavalry = prepared(lineUp('Reg Cv(O)', per), model.adapter, false);
      const artillery = prepared(lineUp('Reg Art(O)', per), model.adapter, false);
      const alone = play(new Battle(artillery));
      const first = battleOf(cavalry);
      play(first);
      const again = battleOf(artillery);
      // The same object, bound to the artillery config: the shapes are the same.
      expect(again).toBe(first);
      expect(play(again)).toBe(alone);
      // And back: the cavalry config plays as it did.
      expect(play(battleOf(cavalry))).toBe(play(new Battle(cavalry)));
    }
  });

  it('an engagement starts with nothing moved, whatever the last one ended with (artillery that moved may not shoot)', () => {
    // The intents decided at the start read ranges that depend on moving (DBM 3.2 p.20: artillery other
    // than (X) cannot shoot after moving); a line that moved in the last bound of the last engagement must
    // not count as moved at the start of the next.
    for (const per of ['battle', 'file'] as const) {
      const artillery = prepared(lineUp('Reg Art(O)', per), model.adapter, false);
      const dirty = new Battle(artillery);
      dirty.lineMoved.fill(1);
      expect(play(dirty), per).toBe(play(new Battle(artillery)));
    }
  });

  it('a smaller line after a larger one in the same room: the same engagements and results as on a Battle of its own', () => {
    // 10 Blades in 5 files 2 deep, then 9 (one file a single element): a side's files and ranks are
    // rounded up to the same room (fight.ts room), so one Battle serves both, and the slots, files and
    // losses the larger line used must leave no trace on the smaller one.
    const large = prepared(lineUp('Irr Wb(S)', 'file', 10), model.adapter, false);
    const small = prepared(lineUp('Irr Wb(S)', 'file', 9), model.adapter, false);
    expect([large.sides[0].files, large.sides[0].total]).toEqual([5, 10]);
    expect([small.sides[0].files, small.sides[0].total]).toEqual([5, 9]);
    const alone = new Battle(small);
    const expected = play(alone);
    const result = alone.toResult();
    const shared = battleOf(large);
    play(shared);
    expect(battleOf(small)).toBe(shared);
    expect(play(shared)).toBe(expected);
    // The outcome lists one entry per file of each line, whatever the room.
    expect(shared.toResult()).toEqual(result);
    expect(result.a.fileElementsLost).toHaveLength(5);
    expect(result.b.fileApLost).toHaveLength(small.sides[1].files);
  });

  it('a config laid out for one use is not remembered, and plays the same on the Battle of its shape', () => {
    // A balance line-up (engine/lines/counts.ts engagementDecisions): each call lays it out afresh (no
    // WeakMap holds its layout), and battleOf finds the Battle by the shape, bound to the latest layout.
    const config = lineUp('Reg Cv(O)', 'file');
    const once = prepared(config, model.adapter, false);
    const twice = prepared(config, model.adapter, false);
    expect(twice).not.toBe(once);
    const first = battleOf(once);
    const expected = play(first);
    expect(battleOf(once)).toBe(first);
    const again = battleOf(twice);
    expect(again).toBe(first);
    expect(again.p).toBe(twice);
    expect(play(again)).toBe(expected);
    // Remembered by default: the same layout for the same config object.
    expect(prepared(config, model.adapter)).toBe(prepared(config, model.adapter));
  });

  it('a line-up played for its decisions is let go: its config can be collected, and its shape plays on', async () => {
    // engagementDecisions releases the Battle of the line-up's shape when done (Battle.release): kept
    // bound, the Battle held the layout, and the layout its config, until the shape's next line-up.
    const decisions = (config: LinesConfig) =>
      Array.from(engagementDecisions(config, model.adapter, createRng('release', 0), 40).slice(0, 6));
    const expected = decisions(lineUp('Reg Cv(O)', 'file'));
    let ref: WeakRef<object> | undefined;
    (() => {
      const config = lineUp('Reg Cv(O)', 'file');
      expect(decisions(config)).toEqual(expected);
      ref = new WeakRef(config);
    })();
    // A WeakRef lets go of its object only after the job that made it: collect after a turn.
    await new Promise((resolve) => setTimeout(resolve, 0));
    fullCollection();
    expect(ref!.deref()).toBeUndefined();
    // The released Battle is bound again for the next line-up of the shape, and plays as a fresh one.
    const next = lineUp('Reg Cv(O)', 'file');
    expect(decisions(next)).toEqual(expected);
    expect(
      Array.from(engagementDecisions(next, model.adapter, createRng('release', 1), 40).slice(0, 6)),
    ).toEqual(
      (() => {
        const fresh = new Battle(prepared(next, model.adapter, false));
        const rng = createRng('release', 1);
        const out = [40, 0, 0, 0, 0, 0];
        for (let i = 0; i < 40; i++) {
          fresh.run((n) => rng.int(n), (i % 2) as 0 | 1);
          out[fresh.decision]! += 1;
        }
        return out;
      })(),
    );
  });
});
